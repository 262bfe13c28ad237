"""rolecli's benchmark: every figure is a ratio against a baseline measured
side by side in the same run, because machines are noisy.

    make bench            (or: .venv/bin/python benchmarks/bench.py)

1. start-up: `rolecli roll 2d6`, start to finish, against a minimal typer app
   with the same dependencies doing the same job (goal: ratio <= 1.1);
2. batch: 10,000 rolls through `rolecli batch` in one process, against 10,000
   separate `rolecli roll` processes (goal: batch >= 100x faster). The separate
   processes are timed on a sample and scaled to 10,000, said so in the output;
3. in-process: rolls per second of 4d6kh3 with the breakdown kept, against a
   bare random.randint loop doing the same dice (goal: within 3x).
"""

from __future__ import annotations

import compileall
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def _run(cmd: list[str], stdin: str | None = None) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, input=stdin, text=True, check=True, stdout=subprocess.DEVNULL, env=ENV)
    return time.perf_counter() - start


def startup(rounds: int) -> tuple[float, float]:
    ours = [sys.executable, "-m", "rolecli", "roll", "2d6"]
    base = [sys.executable, str(HERE / "minimal_app.py"), "2d6"]
    for cmd in (ours, base):  # warm the page cache and the bytecode
        _run(cmd)
    a, b = [], []
    for _ in range(rounds):  # interleaved, so drift hits both alike
        a.append(_run(ours))
        b.append(_run(base))
    return statistics.median(a), statistics.median(b)


def batch(lines: int, sample: int) -> tuple[float, float]:
    script = "roll 2d6\n" * lines
    in_batch = _run([sys.executable, "-m", "rolecli", "batch", "-"], stdin=script)
    per_process = statistics.median(_run([sys.executable, "-m", "rolecli", "roll", "2d6"]) for _ in range(sample))
    return in_batch, per_process * lines


def in_process(rolls: int, repeats: int) -> tuple[float, float]:
    from rolecli.dice import parse
    from rolecli.dice.source import DiceSource

    expr = parse("4d6kh3")
    randint = random.Random(1).randint

    def ours() -> float:
        source = DiceSource(1)
        start = time.perf_counter()
        for _ in range(rolls):
            result = expr.roll(source)
            result.total, result.dice  # the breakdown is kept: every die, kept or dropped, with why
        return time.perf_counter() - start

    def bare() -> float:
        start = time.perf_counter()
        for _ in range(rolls):
            dice = [randint(1, 6) for _ in range(4)]
            sum(sorted(dice)[1:])
        return time.perf_counter() - start

    a, b = [], []
    for _ in range(repeats):
        a.append(ours())
        b.append(bare())
    return rolls / min(a), rolls / min(b)


def main() -> None:
    compileall.compile_dir(str(ROOT / "rolecli"), quiet=1)
    compileall.compile_dir(str(ROOT / "plugins"), quiet=1)
    quick = "--quick" in sys.argv
    ours, base = startup(5 if quick else 30)
    print(f"start-up   rolecli roll 2d6 {ours * 1000:7.1f} ms   minimal typer app {base * 1000:7.1f} ms"
          f"   ratio {ours / base:5.2f}   (goal <= 1.1)")
    sample = 5 if quick else 30
    in_batch, separate = batch(10_000, sample)
    print(f"batch      10,000 rolls in one batch {in_batch:6.2f} s   10,000 processes {separate:7.1f} s "
          f"(median of {sample}, x10,000)   batch {separate / in_batch:6.0f}x faster   (goal >= 100x)")
    ours_rate, bare_rate = in_process(20_000 if quick else 200_000, 3 if quick else 5)
    print(f"in-process 4d6kh3 {ours_rate:10,.0f} rolls/s   bare randint loop {bare_rate:10,.0f} rolls/s"
          f"   {bare_rate / ours_rate:4.2f}x slower   (goal <= 3x)")


if __name__ == "__main__":
    main()
