"""The Health and Willpower trackers: boxes marked "/" (superficial) and "X"
(aggravated), how damage marks them, Impairment and the end of the tracker
(003-R13…R16, the rulings).

A tracker is kept as two counts in the character's state (``health_superficial``,
``health_aggravated``...): the book draws it as boxes, aggravated first,
``[X X / / . . .]``.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any

from rolecli.contract import Character, Label, Refused, worked_out

from .labels import TRACKERS
from .traits import attribute

KEYS = ("health", "willpower")
KEPT = {key: (f"{key}_superficial", f"{key}_aggravated") for key in KEYS}  # the state's counts of each tracker


# Trackers and Marks are made once for each count of marks (kept: :func:`read`, :func:`_marked`,
# :func:`_boxes`) and their records read at every hit: slotted, their records made with them, not
# cached properties (a cached property writes its value into the instance's dict, whose every
# attribute is then read by the slower, general look-up; with :class:`verbs.Blow`: icount v5
# 3.571M -> 3.564M a trial)
@dataclass(frozen=True, slots=True)
class Tracker:
    """A tracker's boxes; what they mean is read once, as a Tracker never changes."""

    key: str  # health or willpower
    size: int
    superficial: int = 0
    aggravated: int = 0
    empty: int = field(init=False, repr=False, compare=False)
    impaired: bool = field(init=False, repr=False, compare=False)  # the rulings (GAP-3): no empty box
    ended: bool = field(init=False, repr=False, compare=False)  # 003-R16: every box holds aggravated damage
    _json: dict = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        empty = self.size - self.superficial - self.aggravated
        object.__setattr__(self, "empty", empty)
        object.__setattr__(self, "impaired", empty <= 0)
        object.__setattr__(self, "ended", self.aggravated >= self.size)
        object.__setattr__(self, "_json", {"size": self.size, "superficial": self.superficial,
                                           "aggravated": self.aggravated, "boxes": self.draw(),
                                           "impaired": empty <= 0})

    def draw(self) -> str:
        return "[" + " ".join(["X"] * self.aggravated + ["/"] * self.superficial + ["."] * self.empty) + "]"

    def as_json(self) -> dict:
        """Made once, as a Tracker never changes; shared: not to be changed in place."""
        return self._json


@dataclass(frozen=True, slots=True)
class Marks:
    """What one lot of damage did to a tracker."""

    levels: int  # after halving
    superficial: int = 0  # "/" marked in empty boxes
    aggravated: int = 0  # "X" marked in empty boxes
    converted: int = 0  # "/" turned into "X" (003-R15)
    overflow: int = 0  # levels that found neither an empty box nor a "/" to convert
    _json: dict = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_json", {"levels": self.levels, "marked_superficial": self.superficial,
                                           "marked_aggravated": self.aggravated, "converted": self.converted,
                                           "overflow": self.overflow})

    def as_json(self) -> dict:
        """Made once, as Marks never change; shared: not to be changed in place."""
        return self._json


def levels_of(amount: int, kind: str, halve: bool = True) -> int:
    """003-R13: superficial damage is halved, rounding up, before it is applied;
    aggravated damage, and superficial damage stated otherwise (a spend, 003-R14), is not."""
    return -(-amount // 2) if kind == "superficial" and halve else amount


def mark(tracker: Tracker, levels: int, kind: str) -> tuple[Tracker, Marks]:
    """003-R13 step 3, 003-R15, the rulings (GAP-5): each level fills an empty box
    with "/" or "X"; a level that finds no empty box (the tracker is Impaired)
    converts one earlier "/" into "X"; with no "/" left to convert, it is lost."""
    return _marked(tracker.key, tracker.size, tracker.superficial, tracker.aggravated, levels, kind)


# Kept by the plain numbers (a fight marks the same few trackers again and again, and a
# Tracker, a dataclass, would hash in Python at every look-up); the results never change.
@functools.lru_cache(maxsize=1024)
def _marked(key: str, size: int, sup: int, agg: int, levels: int, kind: str) -> tuple[Tracker, Marks]:
    marked_sup = marked_agg = converted = overflow = 0
    for _ in range(levels):
        if sup + agg < size:
            if kind == "aggravated":
                agg, marked_agg = agg + 1, marked_agg + 1
            else:
                sup, marked_sup = sup + 1, marked_sup + 1
        elif sup > 0:
            sup, agg, converted = sup - 1, agg + 1, converted + 1
        else:
            overflow += 1
    return Tracker(key, size, sup, agg), Marks(levels, marked_sup, marked_agg, converted, overflow)


def heal(tracker: Tracker, superficial: int = 0, aggravated: int = 0) -> Tracker:
    """Remove up to that many "/" and "X"."""
    return _boxes(tracker.key, tracker.size, max(0, tracker.superficial - superficial),
                  max(0, tracker.aggravated - aggravated))


@functools.lru_cache(maxsize=1024)  # a vampire mends the same few trackers at every turn's end; a Tracker never changes
def _boxes(key: str, size: int, superficial: int, aggravated: int) -> Tracker:
    return Tracker(key, size, superficial, aggravated)


def size_of(character: Character, key: str) -> int:
    """The rulings (GAP-2): Health = Stamina + 3, Willpower = Composure + Resolve,
    unless the sheet says otherwise (``health_max``, ``willpower_max``); read from
    the sheet once."""
    return worked_out(character.sheet, ("size", key), _size, character, key)


def _size(character: Character, key: str) -> int:
    written = character.sheet.get(f"{key}_max")
    if written is not None:
        return int(written)
    if key == "health":
        return attribute(character, "stamina") + 3
    return attribute(character, "composure") + attribute(character, "resolve")


def read(character: Character, key: str, state: dict[str, Any] | None = None) -> Tracker:
    """The tracker as ``state`` (else the character's kept state) has it; one
    Tracker for each count of marks on a sheet, made once (a Tracker never changes)."""
    state = character.state if state is None else state
    kept_superficial, kept_aggravated = KEPT[key]
    superficial, aggravated = state.get(kept_superficial), state.get(kept_aggravated)  # as kept: read at every roll
    # (its arguments given, not a closure over them: one would be made, with its cells, at every read)
    return worked_out(character.sheet, ("tracker", key, superficial, aggravated), _tracker, character, key,
                      superficial, aggravated)


def _tracker(character: Character, key: str, superficial: Any, aggravated: Any) -> Tracker:
    """The Tracker of the counts as kept (``None``: no mark)."""
    tracker = Tracker(key, size_of(character, key), int(superficial or 0), int(aggravated or 0))
    if tracker.empty < 0:
        raise Refused(Label(f"el registro de {TRACKERS[key]('es')} de {character.name} marca {tracker.superficial} de "
                            f"daño superficial y {tracker.aggravated} de agravado, más que sus {tracker.size} casillas; "
                            f"baja {key}_superficial/{key}_aggravated o pon {key}_max en la hoja.",
                            f"{character.name}'s {key} marks {tracker.superficial} superficial and {tracker.aggravated} "
                            f"aggravated, more than its {tracker.size} boxes; lower {key}_superficial/{key}_aggravated "
                            f"or set {key}_max on the sheet."))
    return tracker


def store(state: dict[str, Any], tracker: Tracker) -> None:
    kept_superficial, kept_aggravated = KEPT[tracker.key]
    state[kept_superficial] = tracker.superficial
    state[kept_aggravated] = tracker.aggravated
