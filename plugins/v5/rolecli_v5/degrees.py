"""What a roll achieved: a test against a difficulty (003-R6) or one side of a
contest (003-R4), with the Hunger's marks on it (the rulings).

A win with a pair of 10s is a critical win, messy when a Hunger die shows one of
the 10s; a loss with a Hunger die showing 1 is a bestial failure; a loss with no
success at all is a total failure (the published game's word for it).
"""

from __future__ import annotations

WINS = ("messy_critical", "critical_win", "win")
KEYS = WINS + ("tie", "failure", "total_failure", "bestial_failure")


def outcome_against(successes: int, difficulty: int) -> str:
    """003-R6: meeting the difficulty wins."""
    return "win" if successes >= difficulty else "lose"


def contest_outcome(mine: int, theirs: int) -> str:
    """003-R4: more successes wins; equal is a tie."""
    return "win" if mine > theirs else "tie" if mine == theirs else "lose"


OPPOSITE = {"win": "lose", "tie": "tie", "lose": "win"}  # a contest's outcome for the other side


def degree(outcome: str, successes: int, critical: bool, messy: bool, hunger_one: bool) -> str:
    if outcome == "win":
        return ("messy_critical" if messy else "critical_win") if critical else "win"
    if outcome == "tie":
        return "tie"
    if hunger_one:
        return "bestial_failure"
    return "total_failure" if successes == 0 else "failure"


def of_roll(roll, outcome: str) -> str:
    return degree(outcome, roll.successes, roll.critical, roll.messy, roll.bestial)
