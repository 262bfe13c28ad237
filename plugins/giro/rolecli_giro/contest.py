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


def _to_win(rival: Turn, ties_win: bool) -> int | None:
    """The lowest result that wins against ``rival``'s standing result (None:
    any result within range wins). A tie wins only for the target under
    ``contest_tie = "defender"``."""
    if rival.result is None:
        return None
    return rival.result if ties_win else rival.result + 1


@dataclass(frozen=True)
class Round:
    actor: Turn
    target: Turn
    winner: Winner
    night_order: tuple[str, ...] = ()  # "actor"/"target", in the order they rolled the Night Die


def settle(actor: Turn, target: Turn, night_dice: Callable[[Turn], tuple[int, ...]], tie: str) -> Round:
    """Play out the Night Dice after both sides' first rolls, the actor's first
    when both would roll. ``night_dice(turn)`` gives the Night Dice of that
    side when it rolls them."""
    order: list[str] = []
    while True:
        now = winner(actor, target, tie)
        if wants_night(actor, losing=now not in ("actor", "tie"), at_least=_to_win(target, ties_win=False)):
            actor = night_roll(actor, night_dice(actor))
            order.append("actor")
        elif wants_night(target, losing=now not in ("target", "tie"),
                         at_least=_to_win(actor, ties_win=tie == "defender")):
            target = night_roll(target, night_dice(target))
            order.append("target")
        else:
            return Round(actor, target, now, tuple(order))
