"""Who can act, and the conditions on a character: Impaired trackers (003-R15),
the end of a tracker (003-R16) and Hunger."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable

from rolecli.contract import Character, Label, Status, keep_at_most, worked_out

from . import hunger as H
from . import labels as L
from . import trackers as T
from .system import TEMPLATE
from .traits import MENTAL, PHYSICAL, SOCIAL

STATE_KEYS = tuple(f.key for f in TEMPLATE if f.state)  # all a status can read of a character's state


def state_values(state: dict[str, Any]) -> tuple:
    """The values of ``state``'s :data:`STATE_KEYS`, in their order: all a rule can read
    of a state, as the key of what is worked out from it (a pool, a hit, a status, a
    recovery's record). Spelled out, as one call each costs half a ``map`` over the
    keys, and a fight builds several such keys at every exchange; each a method call
    on the state, which costs less than a bound ``get`` made once and called six times.
    A test checks that it names every state field of the sheet."""
    return (state.get("hunger"), state.get("health_superficial"), state.get("health_aggravated"),
            state.get("willpower_superficial"), state.get("willpower_aggravated"), state.get("ruined"))


@lru_cache(maxsize=None)  # one for each tracker
def side_values(tracker: str | None) -> Callable[[dict[str, Any]], tuple]:
    """What a side of a conflict roll reads of its state, as the key of what it comes to
    (made once, a function of the state): its Hunger, the counts of ``tracker``, which both
    weakens its pool (:func:`weakening`) and takes a hit on it, and ``ruined``
    (:func:`damage.hurt_fields`); ``None`` where its pool reads the other tracker too: all of
    :func:`state_values`. (Four fields read, not six, for each side of every attack: icount v5
    N=400 2.3574M -> 2.3337M a trial, -1.0%.)"""
    if tracker is None:
        return state_values
    superficial, aggravated = T.KEPT[tracker]

    def values(state: dict[str, Any]) -> tuple:
        return state.get("hunger"), state.get(superficial), state.get(aggravated), state.get("ruined")

    return values


SEEN = 4096  # the states whose numbers a Readings keeps, at most (a fight meets a few hundred)
NUMBERED = 4096  # the readings a Readings numbers, at most (a fight's counts of 0 to 20 give a few hundred)


class Readings:
    """What the sides of a conflict roll read of their states (``read``: :func:`side_values`),
    each reading numbered once for good (``numbers``), and each state's number kept by the
    state itself (``seen``, by ``id(state)``: the state, held so that no other takes its id, and
    its number): a state never changes (a hook gives a new one) and a fight meets the same few
    again, the very objects (the engine gives again the state a move made before), so an attack
    finds its contest by the two numbers, each found by its state's id with no field read and no
    call (:func:`verbs.attack`; icount v5 N=400 2.0784M -> 2.0560M a trial, -1.08%, the numbers
    kept by a function of the Declared; found with no call, 2.0560M -> 2.0473M, -0.42%). Past
    :data:`NUMBERED` readings, a reading is its own number."""

    __slots__ = ("read", "seen", "numbers")

    def __init__(self, read: Callable[[dict[str, Any]], tuple]) -> None:
        self.read = read
        self.seen: dict[int, tuple[dict[str, Any], int | tuple]] = {}
        self.numbers: dict[tuple, int] = {}  # never renumbered: a contest's key holds the number

    def number(self, state: dict[str, Any]) -> int | tuple:
        """The number of ``state``'s reading, found in :attr:`seen`, else numbered and kept there."""
        found = self.seen.get(id(state))
        if found is None:
            reading = self.read(state)
            numbered = self.numbers.get(reading)
            if numbered is None:
                numbered = reading if len(self.numbers) >= NUMBERED else self.numbers.setdefault(reading,
                                                                                               len(self.numbers))
            found = keep_at_most(self.seen, id(state), (state, numbered), SEEN)
        return found[1]

    def of(self, actor: Character | None, target: Character | None) -> tuple[int | tuple | None, int | tuple | None]:
        """The numbers of ``actor``'s and ``target``'s states (``None``: a side with no character, a quick roll's)."""
        return (self.number(actor.state) if actor is not None else None,
                self.number(target.state) if target is not None else None)


@lru_cache(maxsize=None)  # one for each tracker
def readings(tracker: str | None) -> Readings:
    """The :class:`Readings` of :func:`side_values` of ``tracker`` (``None``: all of :func:`state_values`)."""
    return Readings(side_values(tracker))


# 003-R15, the rulings (GAP-4): which pools each Impaired tracker weakens
WEAKENS = {"health": (PHYSICAL,), "willpower": (SOCIAL, MENTAL)}
WEAKENED_BY = {kind: tuple(key for key in T.KEYS if kind in WEAKENS[key]) for kind in (PHYSICAL, SOCIAL, MENTAL)}
PENALTY = -2


def out_of_play(character: Character, options, state: dict[str, Any] | None = None) -> str | None:
    """``dead``, ``torpor``, ``ruined``, ``incapacitated`` or None."""
    state = character.state if state is None else state
    health = T.read(character, "health", state)
    if health.ended:  # 003-R16
        return "torpor" if H.is_vampire(character) else "dead"
    if state.get("ruined"):
        return "ruined"
    if (options.get("incapacitate_mortals") and health.impaired and not H.is_vampire(character)
            and character.sheet.get("npc")):
        return "incapacitated"  # 003-R15: at the Storyteller's discretion, by rule option
    return None


@lru_cache(maxsize=None)  # a few levels, asked at every status
def hunger_label(n: int) -> Label:
    return Label(f"Ansia {n}", f"Hunger {n}")


def status(character: Character, options) -> Status:
    """Worked out once for each state a sheet is in under the same rule option
    (a fight goes through a few dozen, and the status is asked after every change):
    ``incapacitate_mortals`` is the only one a status reads (:func:`out_of_play`)."""
    key = ("status", options.get("incapacitate_mortals"), state_values(character.state))
    return worked_out(character.sheet, key, _status, character, options)


def _status(character: Character, options) -> Status:
    trackers = [T.read(character, key) for key in T.KEYS]
    conditions = [(f"impaired_{t.key}", L.IMPAIRED[t.key]) for t in trackers if t.impaired]
    if H.is_vampire(character):
        conditions.append(("hunger", hunger_label(H.level(character))))
    out = out_of_play(character, options)
    if out is None:  # the fight left: the emptier of the two trackers
        left = min(t.empty / t.size for t in trackers)
        return Status(conditions=tuple(conditions), vitality=max(left, 0.0))
    return Status(can_act=False, key=out, why=L.OUT[out], conditions=tuple(conditions), vitality=0.0)


def weakening(sphere: str | None, scope: str) -> tuple[str, ...]:
    """The trackers whose Impairment weakens a pool of ``sphere`` (:func:`impairment`)."""
    return T.KEYS if scope == "all" else WEAKENED_BY.get(sphere, ())


def impairment(character: Character | None, state: dict[str, Any] | None, sphere: str | None,
               scope: str) -> list[tuple[str, Label, int]]:
    """The −2 an Impaired tracker takes from a pool: from physical pools for Health and
    social and mental ones for Willpower (``impairment = "tracker"``), or from every
    pool once either tracker is Impaired (``"all"``). A pool naming no Attribute is of
    no known kind, so only ``"all"`` weakens it."""
    if character is None:
        return []
    hit = [key for key in weakening(sphere, scope) if T.read(character, key, state).impaired]
    return [("impaired", L.IMPAIRED[hit[0]], PENALTY)] if hit else []
