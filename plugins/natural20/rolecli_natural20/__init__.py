"""House rules ``natural20`` for the generic ``dice`` system: a check rolled on
one d20 (``1d20``, ``d20+5``) succeeds on a natural 20 and fails on a natural 1,
whatever its target. Checks on other dice, and ``--under`` checks, are as written.

Opt-in: a campaign switches it on with ``house = ["natural20"]`` in its
``[rules]`` table, a single command with ``--rule house=natural20``; everywhere
else the dice system plays as written. It copies nothing of the system: it wraps
the two hooks it changes, the check and its exact odds (docs/plugins.md,
"House rules").
"""

from __future__ import annotations

import re

from rolecli import hookimpl
from rolecli.contract import Label

ROLECLI_CONTRACT = 2
ROLECLI_HOUSE_RULES = "natural20"  # opt-in: only where a campaign (or --rule house=) names it
ROLECLI_HOUSE_SYSTEMS = ("dice",)  # it reads the dice system's `check`

_ONE_D20 = re.compile(r"\s*1?d20\s*([+-]\s*\d+)?\s*", re.I)
NATURAL = {20: Label("20 natural: éxito, sea cual sea el objetivo (regla de la casa natural20)",
                     "natural 20: a success whatever the target (house rule natural20)"),
           1: Label("1 natural: fallo, sea cual sea el objetivo (regla de la casa natural20)",
                    "natural 1: a failure whatever the target (house rule natural20)")}


def _applies(action) -> bool:
    params = action.params
    return (action.name == "check" and not params.get("under")
            and _ONE_D20.fullmatch(str(params.get("expression", ""))) is not None)


@hookimpl(wrapper=True)
def rolecli_resolve(action, ctx):
    start = len(ctx.dice.reads)  # the dice this check reads come after these
    outcome = yield
    if outcome is None or not _applies(action):
        return outcome
    natural = next(r.value for r in ctx.dice.reads[start:] if r.sides == 20)
    if natural in NATURAL:
        outcome.success = natural == 20
        outcome.data["natural"] = natural
        outcome.lines.append(ctx.t(NATURAL[natural]))  # the last line: the log's summary
    return outcome


@hookimpl(wrapper=True)
def rolecli_odds(action, ctx):
    odds = yield
    if odds is None or not _applies(action):
        return odds
    from fractions import Fraction  # (here: with decimal, 1% of the start-up of every dice command, which loads these)

    # The faces that succeed are those from some face up; the rule makes 20 one
    # of them and 1 never: between 1 and 19 faces of 20.
    faces = min(max(odds.outcomes["success"] * 20, 1), 19)
    odds.outcomes.update(success=Fraction(faces, 20), failure=1 - Fraction(faces, 20))
    odds.lines.append(ctx.t(Label("con la regla de la casa natural20", "with house rule natural20")))
    return odds
