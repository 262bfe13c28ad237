"""Enfrentamientos (001-R18, R19): each side makes its Giro de Reloj; the highest
result that stays within its own range wins, whichever die produced it.

Both sides roll their Day Dice first (the actor's, then the target's). Then a
side that has failed, or is losing as things stand, may roll its Night Die (the
seed's Pennrock does, the rulings); its result then stands, and the other side
may answer with its own Night Die if that puts it behind. A side rolls it once,
and by default only when it can still win: a Night Die that cannot beat the
other side's result only brings its consequences.
Nobody within range is a Fallo Simultáneo (001-R19). Equal results follow the
``contest_tie`` rule option (GAP-2): ``stalemate`` (nobody wins), ``defender``
(the target wins) or ``reroll`` (the whole contest again).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Literal

from .clock_turn import Turn, night_roll, wants_night

Winner = Literal["actor", "target", "tie", "none"]
REROLLS = 10  # a reroll rule stops after this many ties in a row: the last one is a stalemate


def winner(actor: Turn, target: Turn, tie: str) -> Winner:
    a, t = actor.result, target.result
    if a is None and t is None:
        return "none"
    if t is None or (a is not None and a > t):
        return "actor"
    if a is None or t > a:
        return "target"
    return "target" if tie == "defender" else "tie"


def _to_win(side: str, turns: dict[str, Turn], tie: str) -> int | None:
    """The lowest result with which ``side`` would win, against the other side's
    standing result (None: any result within range wins). A tie wins only for
    the target under ``contest_tie = "defender"``."""
    rival = turns["target" if side == "actor" else "actor"].result
    if rival is None:
        return None
    return rival if (tie == "defender" and side == "target") else rival + 1


@dataclass(frozen=True)
class Round:
    actor: Turn
    target: Turn
    winner: Winner
    night_order: tuple[str, ...] = ()  # "actor"/"target", in the order they rolled the Night Die


def settle(actor: Turn, target: Turn, night_dice: Callable[[Turn], tuple[int, ...]], tie: str) -> Round:
    """Play out the Night Dice after both sides' first rolls. ``night_dice(turn)``
    gives the Night Dice of that side when it rolls them."""
    turns = {"actor": actor, "target": target}
    order: list[str] = []
    while True:
        now = winner(turns["actor"], turns["target"], tie)
        rolling = next((k for k in ("actor", "target")
                        if wants_night(turns[k], losing=now not in (k, "tie"), at_least=_to_win(k, turns, tie))), None)
        if rolling is None:
            return Round(turns["actor"], turns["target"], now, tuple(order))
        turns[rolling] = night_roll(turns[rolling], night_dice(turns[rolling]))
        order.append(rolling)
