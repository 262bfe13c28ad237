"""What a roll achieved: a test against a difficulty (003-R6) or one side of a
contest (003-R4), with the Hunger's marks on it (the rulings).

A win with a pair of 10s is a critical win, messy when a Hunger die shows one of
the 10s; a loss with a Hunger die showing 1 is a bestial failure; a loss with no
success at all is a total failure (the published game's word for it).
"""

from __future__ import annotations

from typing import NamedTuple

WINS = ("messy_critical", "critical_win", "win")
KEYS = WINS + ("tie", "failure", "total_failure", "bestial_failure")


def outcome_against(successes: int, difficulty: int) -> str:
    """003-R6: meeting the difficulty wins."""
    return "win" if successes >= difficulty else "lose"


def contest_outcome(mine: int, theirs: int) -> str:
    """003-R4: more successes wins; equal is a tie."""
    return "win" if mine > theirs else "tie" if mine == theirs else "lose"


OPPOSITE = {"win": "lose", "tie": "tie", "lose": "win"}  # a contest's outcome for the other side


class Marks(NamedTuple):
    """What a degree reads of a roll, for one counted without its dice (:mod:`odds`)."""

    successes: int
    critical: bool
    messy: bool
    bestial: bool  # a Hunger die showing 1


def degree(outcome: str, successes: int, critical: bool, messy: bool, hunger_one: bool) -> str:
    """:func:`of_roll` for a roll known by its counts and marks."""
    return of_roll(Marks(successes, critical, messy, hunger_one), outcome)


def of_roll(roll, outcome: str) -> str:
    """The degree of ``roll`` (a :class:`~pool.Roll`, or its :class:`Marks`) with this
    ``outcome``. The rule itself, read from the roll's fields: a contest asks two at
    every attack, and a call more for each costs as much as the rule."""
    if outcome == "win":
        return ("messy_critical" if roll.messy else "critical_win") if roll.critical else "win"
    if outcome == "tie":
        return "tie"
    if roll.bestial:
        return "bestial_failure"
    return "total_failure" if roll.successes == 0 else "failure"
