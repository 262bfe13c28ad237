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

from rolecli.contract import keep_at_most

from . import clock_turn
from .clock_turn import Side, Turn, night_roll, open_turn, wants_night

Winner = Literal["actor", "target", "tie", "none"]
REROLLS = 10  # a reroll rule stops after this many ties in a row: the last one is a stalemate


Who = Literal["actor", "target"]


@dataclass(slots=True, init=False)
class Round:
    """A round of a contest as it stands: who wins so far, the Night Dice
    rolled (by whom, in order) and who rolls one next (None: it is settled).
    Made by :func:`standing` alone, which sets its fields. Shared, never change
    it (kept: :func:`opening`). A class with slots, not a named tuple: a
    contest reads its fields at every exchange, and Python 3.11 specializes
    the read of a slot, never that of a tuple subclass's field nor its
    unpacking (icount giro 1.6811M -> 1.6599M a trial, 1.3%)."""

    actor: Turn
    target: Turn
    winner: Winner
    night_order: tuple[Who, ...]  # "actor"/"target", in the order they rolled the Night Die
    rolls_next: Who | None


class Sides:
    """Both sides of a contest, the actor's then the target's, with what
    follows from the two alone kept on it: an encounter plays the same two
    again at every exchange. Its fields in slots: read at every exchange, a
    slot's read is specialized by Python 3.11, a tuple subclass's attribute's
    never (icount giro 1.7715M -> 1.7595M a trial)."""

    __slots__ = ("actor", "target", "one_each", "openings", "faces", "reasons")

    def __init__(self, actor: Side, target: Side):
        self.actor = actor
        self.target = target
        # Whether each side's first roll is one die (most contests'), asked at every exchange, not
        # the length of their reasons (icount giro 1.1888M -> 1.1865M a trial, N=400, -0.19%)
        self.one_each = actor.pool.first == 1 and target.pool.first == 1
        # The rounds as both first rolls leave them, by their dice and the tie rule (:func:`opening`), in
        # one flat tuple, the dice then the rule: no tuple of the dice hashed and compared inside another
        # at every exchange (icount giro 1.4236M -> 1.4202M a trial, N=400).
        self.openings: dict[tuple[int | str, ...], Round] = {}
        # Those of a pair that rolls one die each (most), by the tie rule, then by the actor's face and the
        # target's, read by position: no key made, hashed nor compared at every exchange (:func:`opening`; with a
        # Night Die's Turn read by its face, :attr:`Turn.nights`, icount giro 1.0868M -> 1.0679M a trial, -1.7%).
        self.faces: dict[str, list[list[Round | None]]] = {}
        # Why each die of both first rolls is read, by language (kept by ``verbs``, which says it).
        self.reasons: dict[str, tuple[str, ...]] = {}


def opening(sides: Sides, dice: tuple[int, ...], tie: str) -> Round:
    """The round as both first rolls stand, read as one roll (the actor's dice,
    then the target's, a tuple, as every roll reads them): kept on the pair for
    the same dice and tie rule, as its Turns are on their sides (dropped whole
    when full, as those are; a pair that rolls one die each keeps them by the two faces, at most 144)."""
    if sides.one_each:
        rows = sides.faces.get(tie)
        if rows is None:
            rows = sides.faces[tie] = [[None] * 13 for _ in range(13)]  # (a face is 1..12: row and place 0 unused)
        mine, theirs = dice
        found = rows[mine][theirs]
        if found is None:
            found = rows[mine][theirs] = _opening(sides, dice, tie)
        return found
    key, kept = (*dice, tie), sides.openings
    found = kept.get(key)  # looked up here: most are found, with no call to keep them
    return found if found is not None else keep_at_most(kept, key, _opening(sides, dice, tie), clock_turn.KEPT_MOST)


def _opening(sides: Sides, dice: tuple[int, ...], tie: str) -> Round:
    actor, target = sides.actor, sides.target
    first = actor.pool.first
    mine, theirs = dice[:first], dice[first:]
    # (each side's Turn looked up here, as :func:`open_turn` keeps it: most are found, with no call; a
    # round opened anew some 1,000 instructions less, icount giro 1.4069M -> 1.4037M a trial, N=400, twice)
    return standing(actor.first_rolls.get(mine) or open_turn(actor, mine),
                    target.first_rolls.get(theirs) or open_turn(target, theirs), tie, ())


def settle(actor: Turn, target: Turn, night_dice: Callable[[Turn], tuple[int, ...]], tie: str) -> Round:
    """Play out the Night Dice after both sides' first rolls, the actor's first
    when both would roll. ``night_dice(turn)`` gives the Night Dice of that
    side when it rolls them."""
    now = standing(actor, target, tie, ())
    while now.rolls_next is not None:
        turn = now.actor if now.rolls_next == "actor" else now.target
        now = night_step(now, night_roll(turn, night_dice(turn)), tie)
    return now


def night_step(now: Round, rolled: Turn, tie: str) -> Round:
    """The round after the side that rolls next in ``now`` comes to ``rolled``
    with its Night Dice (:func:`night_roll`)."""
    if now.rolls_next == "actor":
        return standing(rolled, now.target, tie, now.night_order + ("actor",))
    return standing(now.actor, rolled, tie, now.night_order + ("target",))


def standing(actor: Turn, target: Turn, tie: str, night_order: tuple[Who, ...]) -> Round:
    """The round as it stands with these Turns. Not kept: the round both first
    rolls open to is (:func:`opening`), and after a Night Die the Turns seldom
    meet again (an encounter's trials found nearly every one new)."""
    # Who wins as it stands (001-R18: the highest result within its own range; 001-R19: nobody
    # within range is a Fallo Simultáneo), worked out here, not by a function of its own called
    # at every step (icount giro 1.4774M -> 1.4732M a trial, 0.3%).
    a, t = actor.result, target.result
    if a is None and t is None:
        now: Winner = "none"
    elif t is None or (a is not None and a > t):
        now = "actor"
    elif a is None or t > a:
        now = "target"
    else:
        now = "target" if tie == "defender" else "tie"
    # (whether a side's policy ever rolls one, and whether it has yet, is asked first, here: most
    # sides never do, and a round after a Night Die asks again of the side that rolled it)
    if actor.night is None and actor.side.rolls_night and wants_night(actor, now not in ("actor", "tie"), target):
        rolls_next: Who | None = "actor"
    elif target.night is None and target.side.rolls_night and wants_night(target, now not in ("target", "tie"), actor,
                                                                            tie == "defender"):
        rolls_next = "target"
    else:
        rolls_next = None
    # Its fields set here, with no Python __init__ (a class's costs some 2,000 instructions a call, and
    # a round is made at every Night Die: icount giro 1.5119M -> 1.5044M a trial, 0.5%); the class
    # called, not object.__new__, whose call Python 3.11 does not specialize (icount giro
    # 1.1952M -> 1.1912M a trial, N=400, -0.33%)
    made = Round()
    made.actor = actor
    made.target = target
    made.winner = now
    made.night_order = night_order
    made.rolls_next = rolls_next
    return made
