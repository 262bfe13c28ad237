"""Dice: ``roll`` expressions, exact ``odds`` of expressions or of a system's check."""

import re
from typing import Optional

import typer

from rolecli.commands import DICE, JSON, LANG, SEED, core_command
from rolecli.commands.base import RoleCommand
from rolecli.errors import DiceError, RoleError
from rolecli.output import Printer
from rolecli.session import session_of


# A minus sign before a number, a die, a group or a name starts an expression
# ("-1d4 + 3", "-d4", "--3"); before anything else it starts an option.
_NEGATIVE = re.compile(r"-+(?:[\d({@]|d[\d%f{(])", re.I)


def _names_a_verb(arg: str) -> bool:
    """A system or a verb is a word (v5, full_defense); an expression starts with a
    number, or d and a size (d20, dF)."""
    return arg.isidentifier() and not re.match(r"d[\d%f]", arg, re.I)


class DiceCommand(RoleCommand):
    """A command whose arguments are dice expressions: ``-1d4 + 3`` is one, not
    the option ``-1`` (nor is the ``h`` of ``-2d20kh1`` the option ``-h``)."""

    def reads_as_argument(self, arg: str) -> bool:
        return _NEGATIVE.match(arg) is not None


class OddsCommand(DiceCommand):
    """``odds``: of expressions, or of a system's verb (``odds fate check -1
    --difficulty 2``), whose words after ``odds`` are all the verb's: its
    options, even one named as one of odds' own, and ``--help`` (the verb's help)."""

    def parse_args(self, ctx, args: list[str]) -> list[str]:
        if args and _names_a_verb(args[0]):
            args = ["--", *args]
        return super().parse_args(ctx, args)


def _reads_as_a_name(arg: str) -> bool:
    """``Ana`` or ``Mad Dog`` rather than a dice expression such as ``d6`` or ``dF``."""
    from rolecli.dice import parse

    if not arg[:1].isalpha():
        return False
    try:
        parse(arg)
    except DiceError:
        return True
    return False


def expressions(ctx: typer.Context, args: list[str]) -> list[tuple[int, object, str | None]]:
    """The expressions of a ``roll`` or ``odds`` command line, each with its
    repeat (``3x``) and the character it is rolled for. Each argument is one
    line to the parser, so a ``# comment`` ends with its argument. A character
    name after expressions that use ``@`` names them: ``@attack Ana @attack
    Bruno``. Named rolls and characters are looked up only when an ``@`` is there."""
    from rolecli.dice.expr import parse_line

    if not any("@" in arg for arg in args):
        return [(repeat, expr, None) for repeat, expr in parse_line("\n".join(args))]
    from rolecli.tables.library import Library

    session = session_of(ctx)
    library = Library.load(session.campaigns, session.campaign)
    segments: list[tuple[list[str], object]] = []
    current: list[str] = []
    for arg in args:
        if any("@" in a for a in current) and _reads_as_a_name(arg):
            who = library.character(arg)
            if who is None:
                raise library.no_character(arg)
            segments.append((current, who))
            current = []
        else:
            current.append(arg)
    if current:
        segments.append((current, None))
    return [(repeat, expr, who.name if who else None)
            for part, who in segments for repeat, expr in parse_line("\n".join(part), library.refs(who))]


@core_command(cls=DiceCommand)
def roll(
    ctx: typer.Context,
    expression: list[str] = typer.Argument(..., help="Dice expressions, each its own result: 4d6kh3, 2d20kl1+5, "
                                           "'1d20+5>=15' (succeeds or fails), 3x3d6, @fireball, @attack Ana."),
    seed: Optional[int] = SEED,
    dice: Optional[str] = DICE,
    n: int = typer.Option(1, "-n", "--repeat", help="Roll the whole line N times (JSON lines with --json)."),
    json_: bool = JSON,
    lang: Optional[str] = LANG,
) -> int:
    """Roll dice expressions; a comparison or a success count succeeds (exit 0) or fails (exit 1) like a check."""
    from rolecli.dice.limits import MAX_COMMAND_DICE, MAX_RESULTS
    from rolecli.dice.source import DiceSource, parse_given
    from rolecli.i18n import choose_lang
    from rolecli.output import dice_lines

    lang_ = choose_lang(lang or session_of(ctx).lang)  # refuse a bad --lang before rolling
    if not 1 <= n <= MAX_RESULTS:
        raise RoleError(f"-n {n} is out of range 1..100000.")
    items = expressions(ctx, expression)
    rolls = n * sum(repeat for repeat, _expr, _who in items)
    if rolls > MAX_RESULTS:
        raise DiceError(f"{rolls:,} rolls in one command, over the limit of {MAX_RESULTS:,}; roll fewer (-n, Nx).")
    budget = MAX_COMMAND_DICE
    if n * sum(repeat * expr.expected_dice for repeat, expr, _who in items) > budget:
        raise DiceError(f"this command would roll more than {budget:,} dice in all, explosions and rerolls "
                        f"included (limit {budget:,}); roll fewer.")
    source = DiceSource(seed, parse_given(dice))
    results = []
    for _ in range(n):
        for repeat, expr, who in items:
            for _ in range(repeat):
                result = expr.roll(source)
                budget -= result.dice_read if expr.dynamic else expr.dice_count
                if budget < 0:
                    raise DiceError(f"this command read more than {MAX_COMMAND_DICE:,} dice in all, explosions and "
                                    f"rerolls included (limit {MAX_COMMAND_DICE:,}); roll fewer.")
                results.append((result, who))
    source.finish()
    printer = Printer(json_)
    for result, who in results:
        # Dice typed at the table are echoed, so a typo shows; rolled ones are all in the breakdown.
        shown = dice_lines(result.dice, lang_) if source.physical else []
        payload = result.as_json() | ({"character": who} if who else {})
        printer.result(payload, [(f"{who}: " if who else "") + result.line(lang_), *shown])
    return 1 if any(result.success is False for result, _who in results) else 0


@core_command(cls=OddsCommand, context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
def odds(
    ctx: typer.Context,
    args: list[str] = typer.Argument(..., help="Dice expressions (odds 3d6 4d6kh3, odds '1d20+5>=15'), or a system "
                                     "and a verb (odds fate check 3 --difficulty 2)."),
    at_least: Optional[int] = typer.Option(None, "--at-least", help="Only the chance of a total of at least N."),
    at_most: Optional[int] = typer.Option(None, "--at-most", help="Only the chance of a total of at most N."),
    all_: bool = typer.Option(False, "--all", help="Show every row, also those too unlikely to show a figure."),
    json_: bool = JSON,
    lang: Optional[str] = LANG,
) -> int:
    """Exact odds of dice expressions (a column each), or of a system's check."""
    from rolecli.i18n import choose_lang

    session = session_of(ctx)
    lang_ = choose_lang(lang or session.lang)
    if _names_a_verb(args[0]):
        from rolecli.commands.verbs import odds_of_verb

        return odds_of_verb(ctx, args, json_, lang_)
    from rolecli.dice.odds import distribution
    from rolecli.dice.chart import chances, table

    items = expressions(ctx, args)
    for repeat, expr, _who in items:
        if repeat > 1:
            raise DiceError(f"odds of {repeat}x{expr.text}: every repeat has the same odds; drop '{repeat}x'.")
    dists = [distribution(expr) for _repeat, expr, _who in items]
    for dist, (_repeat, _expr, who) in zip(dists, items):
        dist.expression += f" {who}" if who else ""  # `odds @attack Ana`: shown as asked
    printer = Printer(json_)
    if at_least is not None or at_most is not None or all(expr.comparison for _r, expr, _w in items):
        for payload, line in chances(dists, [e.comparison for _r, e, _w in items], at_least, at_most):
            printer.result(payload, [line])
        return 0
    if json_:
        for dist in dists:
            printer.result(dist.as_json(), [])
        return 0
    title, columns, rows, footer = table(dists, lang_, every_row=all_)
    printer.table({}, title, columns, rows, footer)
    return 0
