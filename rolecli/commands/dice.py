"""Dice: ``roll`` an expression, exact ``odds`` of an expression or of a system's check."""

from __future__ import annotations

from typing import Optional

import typer

from rolecli.commands import JSON, LANG, core_command
from rolecli.errors import RoleError
from rolecli.output import Printer
from rolecli.session import session_of


@core_command()
def roll(
    ctx: typer.Context,
    expression: list[str] = typer.Argument(..., help="A dice expression, e.g. 4d6kh3, 2d20kl1+5, 8d10>=6."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed for repeatable rolls."),
    dice: Optional[str] = typer.Option(None, "--dice", help="The dice rolled at the table, in order: a,b,c."),
    n: int = typer.Option(1, "-n", "--repeat", help="Roll N times (JSON lines with --json)."),
    json_: bool = JSON,
    lang: Optional[str] = LANG,
) -> int:
    """Roll a dice expression."""
    from rolecli.dice import parse
    from rolecli.dice.source import DiceSource, parse_given
    from rolecli.i18n import choose_lang
    from rolecli.output import dice_lines

    lang_ = choose_lang(lang or session_of(ctx).lang)  # refuse a bad --lang before rolling

    expr = parse(" ".join(expression))
    if not 1 <= n <= 100_000:
        raise RoleError(f"-n {n} is out of range 1..100000.")
    source = DiceSource(seed, parse_given(dice))
    results = [expr.roll(source) for _ in range(n)]
    source.finish()
    printer = Printer(json_)
    for result in results:
        # Dice typed at the table are echoed, so a typo shows; rolled ones are all in the breakdown.
        shown = dice_lines(result.dice, lang_) if source.physical else []
        printer.result(result.as_json(), [result.breakdown, *shown])
    return 0


@core_command(context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
def odds(
    ctx: typer.Context,
    args: list[str] = typer.Argument(..., help="A dice expression (odds 3d6), or a system and a verb (odds fate check 3 --difficulty 2)."),
    json_: bool = JSON,
    lang: Optional[str] = LANG,
) -> int:
    """Exact odds of a dice expression, or of a system's check."""
    from rolecli.i18n import choose_lang, t

    session = session_of(ctx)
    lang_ = choose_lang(lang or session.lang)
    # A system's name is a word (letters, maybe digits: v5); an expression starts with a number or a d.
    if args[0].isalnum() and args[0][0].isalpha() and not args[0].lower().startswith("d"):
        from rolecli.plugins import get_plugins

        system = get_plugins().system(args[0])
        if len(args) < 2 or not system.info.action(args[1]) or not system.info.action(args[1]).odds:
            verbs = ", ".join(a.name for a in system.info.actions if a.odds) or "none"
            raise RoleError(f"odds {args[0]} needs one of its verbs with odds: {verbs}.")
        from rolecli.actions import command_for

        command = command_for(system, system.info.action(args[1]), "odds", lang_)
        extra = args[2:] + (["--json"] if json_ else []) + ["--lang", lang_]
        return command.main(args=extra, prog_name=f"rolecli odds {args[0]} {args[1]}", standalone_mode=False)
    from rolecli.dice.odds import distribution

    dist = distribution(" ".join(args))
    peak = max(p for _, p in dist.outcomes)
    rows = [[str(v), f"{float(p):.4%}", f"{float(dist.at_least(v)):.4%}", f"{float(dist.at_most(v)):.4%}",
             "█" * max(1, round(30 * p / peak)) if p else ""] for v, p in dist.outcomes]
    footer = [f"{t('mean', lang_)} {float(dist.mean):.4f}   {t('sd', lang_)} {float(dist.sd):.4f}", *dist.notes]
    columns = [t("value", lang_), t("probability", lang_), t("at_least", lang_), t("at_most", lang_), ""]
    Printer(json_).table(dist.as_json(), " ".join(args), columns, rows, footer)
    return 0
