"""Exact odds of a check (control die + situation die, 002-R1..R6) as fractions,
and the odds of the verbs that roll one (check, attack, action-check), with the
last resorts they would spend (002-R44)."""

from __future__ import annotations

from fractions import Fraction
from typing import Callable

from rolecli.contract import Action, Context, Label, Odds, Refused

from .check import RANK, degree_of, shift_against
from .labels import DEGREES
from .last_resort import spend
from .sheet import action_check_score, is_free_agent
from .situation import Prepared, prepare
from .steps import dice

LABELS = DEGREES | {"success": Label("éxito", "success"), "bad_luck": Label("mala suerte", "bad luck")}


def situation_distribution(rung: int) -> dict[int, int]:
    """The signed sum of the situation dice: {value: ways}."""
    import icepool

    sd = dice(rung)
    if sd.count == 0:
        return {0: 1}
    die = sd.count @ icepool.d(sd.sides)
    return {sd.sign * int(v): int(q) for v, q in die.items()}


def check_odds(score: int, rung: int, *, cannot_fail: bool = False, too_hard: bool = False,
               after: Callable[[str], str] | None = None) -> dict[str, Fraction]:
    """P(each degree) and P(success), exactly, with the control die's 1 and 20 rules.
    ``after`` maps a degree to its final value (a last resort policy)."""
    dist = situation_distribution(rung)
    ways_total = sum(dist.values()) * 20
    counts = {k: 0 for k in RANK}
    bad_luck = 0
    for control in range(1, 21):
        for s, ways in dist.items():
            key, notes = degree_of(control, control + s, score, rung, cannot_fail=cannot_fail, too_hard=too_hard)
            if after is not None:
                key = after(key)
            counts[key] += ways
            if "bad_luck" in notes:
                bad_luck += ways
    out = {k: Fraction(v, ways_total) for k, v in counts.items()}
    out["success"] = out["ordinary"] + out["good"] + out["amazing"]
    if cannot_fail:
        out["bad_luck"] = Fraction(bad_luck, ways_total)
    return out


def check_odds_of(action: Action, ctx: Context) -> Odds:
    """Exact odds of a check, or of an attack's check (the target may spend last resorts against it)."""
    p = action.params
    prep = prepare(p, ctx, action.actor, p["score"])
    return _odds(action, ctx, prep, LABELS, p["last_resort"], p.get("target_last_resort", "no"),
                 cannot_fail=bool(p["cannot_fail"]), too_hard=bool(p["too_hard"]))


def action_check_odds_of(action: Action, ctx: Context) -> Odds:
    """Exact odds of an action check: its degrees are phases, a failure acts in the Marginal one."""
    p = action.params
    score = p["score"]
    if score is None and action.actor is not None:
        score = str(action_check_score(action.actor))
    prep = prepare({"steps": p["steps"]}, ctx, action.actor, score, kind="action")
    return _odds(action, ctx, prep, LABELS | {"failure": DEGREES["marginal"]}, p["last_resort"], "no")


def _odds(action: Action, ctx: Context, prep: Prepared, labels: dict[str, Label], own: str, against: str,
          **rules: bool) -> Odds:
    if own == "2" and action.actor is not None and not is_free_agent(action.actor):
        spend(own, "ordinary", action.actor, ctx)   # refuses: not a Free Agent

    def after(key: str) -> str:
        if own != "no":
            try:
                key = spend(own, key, action.actor, ctx)[0]
            except Refused:   # nothing left to raise (already Amazing)
                pass
        if against != "no" and RANK[key] > RANK["failure"]:
            key = shift_against(key, int(against))
        return key

    odds = check_odds(prep.score, prep.rung, after=after if (own != "no" or against != "no") else None, **rules)
    return Odds(outcomes=odds, labels=dict(labels), lines=[prep.line(ctx.lang)])
