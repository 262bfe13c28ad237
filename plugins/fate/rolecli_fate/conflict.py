"""Being in a conflict and leaving it (000-R7, R35, R36): who is still in it.

A conflict ends, for one character, when it is Taken Out (000-R35) or concedes
(000-R36); it lasts until the end of the scene, whose recovery clears the mark.
State kept per character: ``fuera``, ``""``, ``"taken_out"`` or ``"conceded"``.
A minion group is out when none of its minions stands (000-R46), whatever its
mark says, so a GM who raises its ``cantidad`` puts it back in.
"""

from __future__ import annotations

from rolecli.contract import Character

from .minions import standing
from .state import Work, is_group


def out_of_conflict(work: Work, ch: Character) -> str:
    """``""`` while ``ch`` is in the conflict, else ``"taken_out"`` or ``"conceded"``."""
    if is_group(ch):
        return "" if standing(work, ch) else "taken_out"
    return str(work.get(ch, "fuera", "") or "")
