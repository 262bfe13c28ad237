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

FACES = range(1, 13)


def highest(n: int) -> list[tuple[int, Fraction]]:
    """The highest of n d12: (value, probability)."""
    return [(h, Fraction(h ** n - (h - 1) ** n, 12 ** n)) for h in FACES]


def first_rolls(side: Side) -> list[tuple[Fraction, Turn]]:
    """Every first roll of a side, with its probability."""
    if side.pool.night_only:
        return [(q, night_roll(Turn(side), (h,))) for h, q in highest(side.pool.night)]
    if side.keep is not None:
        raise Refused("odds assume the best Day Die is kept; drop --keep-day.")
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
        out.append((Fraction(at_most ** n - below ** n, 12 ** n), open_turn(side, (by_score[score],))))
        below = at_most
    return out


def test_turns(side: Side) -> Iterator[tuple[Fraction, Turn]]:
    """Every way a test's Giro de Reloj can end (001-R6)."""
    for p, turn in first_rolls(side):
        if wants_night(turn):
            for h, q in highest(side.pool.night):
                yield p * q, night_roll(turn, (h,))
        else:
            yield p, turn


class _Unrolled(Exception):
    def __init__(self, side: Side):
        self.side = side


def _settled(actor: Turn, target: Turn, tie: str, fixed: dict[int, int]) -> list[tuple[Fraction, Round]]:
    """Every way a contest goes on from both first rolls: a Night Die is
    enumerated only when a side does roll it."""
    def night(turn: Turn) -> tuple[int, ...]:
        if id(turn.side) in fixed:
            return (fixed[id(turn.side)],)
        raise _Unrolled(turn.side)

    try:
        return [(Fraction(1), settle(actor, target, night, tie))]
    except _Unrolled as need:
        return [(q * p, r) for h, q in highest(need.side.pool.night)
                for p, r in _settled(actor, target, tie, {**fixed, id(need.side): h})]


def contest_rounds(a: Side, b: Side, tie: str) -> Iterator[tuple[Fraction, Round]]:
    """Every way one round of a contest can end (001-R18, R19)."""
    for pa, ta in first_rolls(a):
        for pb, tb in first_rolls(b):
            for p, r in _settled(ta, tb, tie, {}):
                yield pa * pb * p, r


def _add(out: dict, key: str, p: Fraction) -> None:
    out[key] = out.get(key, Fraction(0)) + p


def test_odds(side: Side, weapon: int | None = None) -> dict[str, Fraction]:
    """P(success), of each outcome and of each factor (and of each damage)."""
    out = {k: Fraction(0) for k in ("success", "clean", "success_with_consequences", "failure", "fiasco")}
    for p, turn in test_turns(side):
        outcome = turn.outcome
        out["clean" if outcome == "success" else outcome] += p
        if turn.result is not None:
            out["success"] += p
            _add(out, f"success_factor_{turn.success_factor}", p)
            if weapon is not None:
                _add(out, f"damage_{turn.success_factor + weapon}", p)
        if turn.failure_factor is not None:
            _add(out, f"failure_factor_{turn.failure_factor}", p)
    return _sorted(out)


def contest_odds(a: Side, b: Side, tie: str, weapon: int | None = None) -> dict[str, Fraction]:
    """The actor's odds: to win (cleanly, or with the Night Die), to lose, to
    stalemate, of a simultaneous failure, and of each winning Success Factor.
    Under ``contest_tie = "reroll"`` a tie is rolled again, at most REROLLS
    times, as the rolls do."""
    once = {k: Fraction(0) for k in ("success", "win_clean", "win_with_consequences", "stalemate", "loss",
                                     "simultaneous_failure")}
    for p, r in contest_rounds(a, b, tie):
        if r.winner == "actor":
            once["success"] += p
            once["win_with_consequences" if r.actor.consequences else "win_clean"] += p
            _add(once, f"success_factor_{r.actor.success_factor}", p)
            if weapon is not None:
                _add(once, f"damage_{r.actor.success_factor + weapon}", p)
        else:
            once[{"target": "loss", "tie": "stalemate", "none": "simultaneous_failure"}[r.winner]] += p
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
