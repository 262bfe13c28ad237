"""Exact odds, as fractions, by walking the very functions that resolve a roll
(``clock_turn``, ``contest``) over every way the dice can fall.

The Day Die kept is the best of the Day Dice by one score per die
(``clock_turn.day_choice``), so n Day Dice keep a die of score s with
P(max = s) = F(s)ⁿ − F(s⁻)ⁿ; the Night Die taken is the highest, with
P(highest = h) = (hⁿ − (h−1)ⁿ) / 12ⁿ. Every branch is then settled by the same
code as a roll.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from typing import Iterator

from rolecli.contract import Label, Refused

from .clock_turn import Side, Turn, day_choice, night_roll, open_turn, wants_night
from .contest import REROLLS, Round, settle
from .glossary import L

FACES = range(1, 13)

# Every figure is counted first as the ways the dice can fall (whole numbers,
# out of 12 to the power of the dice a roll may read), and made a Fraction once
# at the end: the same exact figures, without a Fraction at every branch.


def highest(n: int) -> list[tuple[int, int]]:
    """The highest of n d12: (value, ways out of 12ⁿ)."""
    return [(h, h ** n - (h - 1) ** n) for h in FACES]


def first_dice(side: Side) -> int:
    """How many dice the side's first roll reads."""
    return side.pool.first


def night_dice(side: Side) -> int:
    """How many Night Dice the side may roll after its first roll (none after a
    Night Turn or tempting fate, whose Night Dice are the first roll)."""
    return 0 if side.pool.night_only else side.pool.night


def first_rolls(side: Side) -> list[tuple[int, Turn]]:
    """Every first roll of a side, with its ways out of 12 ** first_dice(side)."""
    if side.pool.night_only:
        return [(ways, open_turn(side, (h,))) for h, ways in highest(side.pool.night)]
    if side.keep is not None:
        raise Refused(L("las probabilidades suponen que se guarda el mejor Dado Diurno; quita --keep-day.",
                        "odds assume the best Day Die is kept; drop --keep-day."))
    n = side.pool.day
    by_score: dict[tuple, int] = {}
    count: dict[tuple, int] = defaultdict(int)
    for v in FACES:
        score = day_choice(side, v)[1]
        by_score.setdefault(score, v)
        count[score] += 1
    out, below = [], 0
    for score in sorted(count):
        at_most = below + count[score]
        out.append((at_most ** n - below ** n, open_turn(side, (by_score[score],))))
        below = at_most
    return out


def test_turns(side: Side) -> Iterator[tuple[int, Turn]]:
    """Every way a test's Giro de Reloj can end (001-R6), with its ways out of
    12 ** (first_dice(side) + night_dice(side)): a Night Die not rolled counts
    each of its faces."""
    unrolled = 12 ** night_dice(side)
    for ways, turn in first_rolls(side):
        if wants_night(turn):
            for h, more in highest(side.pool.night):
                yield ways * more, night_roll(turn, (h,))
        else:
            yield ways * unrolled, turn


class _Unrolled(Exception):
    def __init__(self, side: Side):
        self.side = side


def _settled(actor: Turn, target: Turn, tie: str, fixed: dict[int, int]) -> list[tuple[int, Round]]:
    """Every way a contest goes on from both first rolls, with its ways out of
    12 to the power of both sides' Night Dice: a Night Die is enumerated only
    when a side does roll it; one never rolled counts each of its faces."""
    def night(turn: Turn) -> tuple[int, ...]:
        if id(turn.side) in fixed:
            return (fixed[id(turn.side)],)
        raise _Unrolled(turn.side)

    try:
        r = settle(actor, target, night, tie)
    except _Unrolled as need:
        return [(more * ways, r) for h, more in highest(need.side.pool.night)
                for ways, r in _settled(actor, target, tie, {**fixed, id(need.side): h})]
    unrolled = 1
    for side in (actor.side, target.side):
        if id(side) not in fixed:
            unrolled *= 12 ** night_dice(side)
    return [(unrolled, r)]


def contest_rounds(a: Side, b: Side, tie: str) -> Iterator[tuple[int, Round]]:
    """Every way one round of a contest can end (001-R18, R19), with its ways
    out of 12 ** contest_dice(a, b)."""
    for wa, ta in first_rolls(a):
        for wb, tb in first_rolls(b):
            for ways, r in _settled(ta, tb, tie, {}):
                yield wa * wb * ways, r


def contest_dice(a: Side, b: Side) -> int:
    """The most dice one round of a contest reads."""
    return first_dice(a) + first_dice(b) + night_dice(a) + night_dice(b)


def _add(out: dict, key: str, ways: int) -> None:
    out[key] = out.get(key, 0) + ways


def _fractions(ways: dict[str, int], dice: int) -> dict[str, Fraction]:
    every = 12 ** dice
    return {k: Fraction(n, every) for k, n in ways.items()}


def test_odds(side: Side, weapon: int | None = None) -> dict[str, Fraction]:
    """P(success), of each outcome and of each factor (and of each damage)."""
    out = dict.fromkeys(("success", "clean", "success_with_consequences", "failure", "fiasco"), 0)
    for ways, turn in test_turns(side):
        outcome = turn.outcome
        out["clean" if outcome == "success" else outcome] += ways
        if turn.result is not None:
            out["success"] += ways
            _add(out, f"success_factor_{turn.success_factor}", ways)
            if weapon is not None:
                _add(out, f"damage_{turn.success_factor + weapon}", ways)
        if turn.failure_factor is not None:
            _add(out, f"failure_factor_{turn.failure_factor}", ways)
    return _sorted(_fractions(out, first_dice(side) + night_dice(side)))


def contest_odds(a: Side, b: Side, tie: str, weapon: int | None = None) -> dict[str, Fraction]:
    """The actor's odds: to win (cleanly, or with the Night Die), to lose, to
    stalemate, of a simultaneous failure, and of each winning Success Factor.
    Under ``contest_tie = "reroll"`` a tie is rolled again, at most REROLLS
    times, as the rolls do."""
    ways = dict.fromkeys(("success", "win_clean", "win_with_consequences", "stalemate", "loss",
                          "simultaneous_failure"), 0)
    for n, r in contest_rounds(a, b, tie):
        if r.winner == "actor":
            ways["success"] += n
            ways["win_with_consequences" if r.actor.consequences else "win_clean"] += n
            _add(ways, f"success_factor_{r.actor.success_factor}", n)
            if weapon is not None:
                _add(ways, f"damage_{r.actor.success_factor + weapon}", n)
        else:
            ways[{"target": "loss", "tie": "stalemate", "none": "simultaneous_failure"}[r.winner]] += n
    once = _fractions(ways, contest_dice(a, b))
    if tie != "reroll":
        return _sorted(once)
    t = once["stalemate"]
    again = sum((t ** k for k in range(REROLLS + 1)), Fraction(0))
    out = {k: v * again for k, v in once.items()}
    out["stalemate"] = t ** (REROLLS + 1)
    return _sorted(out)


def _sorted(out: dict[str, Fraction]) -> dict[str, Fraction]:
    """The outcomes first, then the Success Factors, the Failure Factors and
    the damage, each in order of value."""
    def key(k: str):
        stem, _, n = k.rpartition("_")
        return (1 + list(_NUMBERED).index(stem), int(n)) if n.isdigit() else (0, 0)

    return {k: out[k] for k in sorted(out, key=key)}


_LABELS = {
    "success": Label("éxito (con cualquier dado)", "success (with either die)"),
    "clean": Label("Éxito (Dado Diurno)", "Success (Day Die)"),
    "success_with_consequences": Label("Éxito con consecuencias (Dado Nocturno)",
                                       "Success with consequences (Night Die)"),
    "failure": Label("Fallo", "Failure"),
    "fiasco": Label("Fracaso", "Fiasco"),
    "win_clean": Label("gana sin Dado Nocturno", "wins without the Night Die"),
    "win_with_consequences": Label("gana con el Dado Nocturno (consecuencias)",
                                   "wins with the Night Die (consequences)"),
    "stalemate": Label("empate: punto muerto", "tie: stalemate"),
    "loss": Label("pierde", "loses"),
    "simultaneous_failure": Label("Fallo Simultáneo", "simultaneous failure"),
}
_NUMBERED = {"success_factor": Label("Factor de Éxito", "Success Factor"),
             "failure_factor": Label("Factor de Fracaso", "Failure Factor"),
             "damage": Label("daño", "damage")}


def labels(outcomes: dict[str, Fraction], contest: bool = False) -> dict[str, Label]:
    out = {"success": Label("gana", "wins")} if contest else {}
    for key in outcomes:
        if key in out:
            continue
        stem, _, n = key.rpartition("_")
        if n.isdigit():
            name = _NUMBERED[stem]
            out[key] = Label(f"{name.es} {n}", f"{name.en} {n}")
        else:
            out[key] = _LABELS[key]
    return out
