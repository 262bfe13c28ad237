"""Exact odds of a check (control die + situation die, 002-R1..R6) as fractions."""

from __future__ import annotations

from fractions import Fraction
from typing import Callable

from .check import RANK, degree_of
from .steps import dice


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
