"""The baseline for start-up: a minimal typer app with rolecli's dependencies,
doing the same job as `rolecli roll 2d6` (roll two dice, print the total)."""

import random

import typer

app = typer.Typer()


@app.command()
def roll(expression: str) -> None:
    print(random.randint(1, 6) + random.randint(1, 6))


if __name__ == "__main__":
    app()
