"""A dice pool: d10s, successes on 6+, pairs of 10s, Hunger dice (the rulings, GAP-1).

A vampire rolls Hunger dice *in place of* regular dice, one per level of Hunger,
never more than the pool. Every die showing 6 or more is one success and each pair
of 10s (regular or Hunger) counts 4 instead of 2: a critical.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Sequence, get_args

from rolecli.contract import Lang

from . import labels as L

SUCCESS = 6
TEN = 10


def successes_of(count: int, tens: int) -> int:
    """The successes of ``count`` dice of 6+, ``tens`` of them 10s: one a die, and each
    pair of 10s counts 4 instead of 2 (a critical)."""
    # (a pair of 10s tested for, not worked out from ``tens // 2`` on every roll: Python 3.11 has no fast
    # path for ``//``, nor for a comparison it does not branch on: icount v5 3.370M -> 3.356M a trial)
    return count + 2 * (tens // 2) if tens > 1 else count


@functools.lru_cache(maxsize=None)  # a few pool sizes
def worth(base: int) -> tuple[int, ...]:
    """What each face of a d10 (by its number) adds to a tally of fewer than ``base`` dice:
    1 for a success (6+), and ``base`` more for a 10, so that the tally is
    ``count + base * tens`` (:func:`successes_of`): a die's one look-up, not two tests."""
    return tuple(0 if face < SUCCESS else 1 + base if face == TEN else 1 for face in range(TEN + 1))


def successes(dice: list[int]) -> int:
    """The successes of one pool's ``dice``, regular and Hunger alike (:func:`successes_of`)."""
    base = len(dice) + 1
    tally, face = 0, worth(base)
    for d in dice:
        tally += face[d]
    return successes_of(tally % base, tally // base)


@dataclass(init=False, slots=True)  # (its own __init__ reads the dice as it keeps them: one call at every roll, not two)
class Roll:
    """The dice of one pool as they lie: regular dice first, then Hunger dice;
    ``successes``, ``critical``, ``messy``, ``bestial`` and ``hunger_ones`` are read
    once, as a Roll is never changed (a reroll makes a new one).
    Its dice are lists of its own, which its one record holds (:meth:`as_json`,
    :meth:`conflict.Side.as_json`): a roll is recorded once, and a house rule that
    edits a record edits the core's copy of it (no list made of each pool's dice
    only to be copied into another, at every roll: icount v5 3.145M -> 3.110M a trial).
    A contest whose dice no one reads but for their successes makes none
    (:func:`verbs.attack`, by :attr:`conflict.Contest.second_from`)."""

    regular: list[int]
    hunger: list[int]
    successes: int = field(init=False, repr=False, compare=False)  # :func:`successes`
    critical: bool = field(init=False, repr=False, compare=False)  # at least one pair of 10s
    messy: bool = field(init=False, repr=False, compare=False)  # a critical with a Hunger die among its 10s
    bestial: bool = field(init=False, repr=False, compare=False)  # a Hunger die showing 1: a failure with it is bestial
    hunger_ones: int = field(init=False, repr=False, compare=False)  # the Hunger dice showing 1, for its record

    def __init__(self, regular: list[int], hunger: list[int] | None = None) -> None:
        self.regular = regular
        self.hunger = hunger = [] if hunger is None else hunger
        dice = regular + hunger
        self.successes = successes(dice)
        self.critical = critical = dice.count(TEN) > 1
        self.messy = critical and TEN in hunger
        self.hunger_ones = ones = hunger.count(1)
        self.bestial = ones > 0

    def failed_regular(self) -> list[int]:
        """Positions (from 0) of the regular dice that show no success."""
        return [i for i, d in enumerate(self.regular) if d < SUCCESS]

    def text(self, lang: str) -> str:
        shown = f"[{_faces(self.regular)}]"
        if self.hunger:
            shown += f" {L.HUNGER(lang)} [{_faces(self.hunger)}]"
        return shown

    def as_json(self) -> dict:
        """Its record, made whole by one dict display: a dict filled in key by key costs a
        third more, at every roll; its dice the roll's own lists. (A side's record names the
        side and its pool first: :meth:`conflict.Side.as_json`.)"""
        return {"regular": self.regular, "hunger": self.hunger, "successes": self.successes,
                "critical": self.critical, "messy": self.messy, "hunger_ones": self.hunger_ones}


def _reasons(who: str, lang: str, regular: int, hunger: int) -> tuple[str, ...]:
    """Why each die of ``who``'s pool is read: the regular dice, then the Hunger dice."""
    whose = f"{who}: " if who else ""
    said, hungry = L.REGULAR(lang), L.HUNGER(lang)
    return (tuple(f"{whose}{said} {i + 1}/{regular}" for i in range(regular))
            + tuple(f"{whose}{hungry} {i + 1}/{hunger}" for i in range(hunger)))


def _faces(dice: tuple[int, ...]) -> str:
    return ", ".join(f"{d}*" if d >= SUCCESS else str(d) for d in dice)


@dataclass
class Pool:
    """The dice one side rolls: its traits, the modifiers on them, its Hunger and
    the part of it split off for this target (003-R9); its counts are worked out
    once, as a Pool is never changed."""

    who: str
    terms: Sequence  # traits.Part
    hunger: int = 0
    modifiers: Sequence[tuple[str, L.L, int]] = ()  # (key, label, dice)
    floor: int = 1
    split: int | None = None
    base: int = field(init=False, repr=False, compare=False)  # the terms' dots
    whole: int = field(init=False, repr=False, compare=False)  # after the modifiers, never below the floor (GAP-14)
    size: int = field(init=False, repr=False, compare=False)  # the dice rolled: the whole pool, or the split
    hunger_dice: int = field(init=False, repr=False, compare=False)  # of them, never more than the pool
    regular: int = field(init=False, repr=False, compare=False)  # the others
    # why each of its dice is read, in the order they are read (the regular dice, then the Hunger dice), by
    # language: worded once for both, as a character's pool is kept for its state and rolled again and again
    # (a look-up at every roll, not a call)
    whys: dict[str, tuple[str, ...]] = field(init=False, repr=False, compare=False)
    # its record (:meth:`as_json`), made with it: an attribute of its own, read where a side's record is made at
    # every roll (a cached property writes its value into the instance's dict, whose every attribute is then
    # read by the slower, general look-up: icount v5 3.966M -> 3.917M a trial)
    record: dict = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.base = sum(p.value for p in self.terms)
        self.whole = max(self.floor, self.base + sum(v for _, _, v in self.modifiers))
        self.size = self.split if self.split is not None else self.whole
        self.hunger_dice = min(self.hunger, self.size)
        self.regular = self.size - self.hunger_dice
        self.whys = {lang: _reasons(self.who, lang, self.regular, self.hunger_dice) for lang in get_args(Lang)}
        self.record = {"traits": [{"name": p.name, "dots": p.value, "untrained": p.untrained} for p in self.terms],
                       "base": self.base, "modifiers": {k: v for k, _, v in self.modifiers}, "whole": self.whole,
                       "split": self.split, "size": self.size, "hunger_dice": self.hunger_dice}

    def roll(self, dice, lang: str) -> Roll:
        """Read the regular dice, then the Hunger dice, each named for the output."""
        faces = dice.roll_many(10, self.whys[lang])  # (kept in the dice's record too: each roll's are slices of it)
        regular, hunger = self.cuts(0)
        return Roll(faces[regular], faces[hunger] if hunger else [])

    def cuts(self, start: int) -> tuple[slice, slice | None]:
        """Where its regular dice, then its Hunger dice, lie among faces read for it from
        ``start`` on (:attr:`whys`): the dice of several pools rolled at once are read in
        one go (003-R4). A mortal's Hunger dice, or a pool's with none: ``None``, not an
        empty slice (``[]`` given at once: a slice of none costs some four times the test, at
        every roll; part of icount v5 3.698M -> 3.677M a trial, with :attr:`conflict.Side.head`)."""
        middle = start + self.regular
        return slice(start, middle), slice(middle, start + self.size) if self.hunger_dice else None

    def text(self, lang: str) -> str:
        """``Destreza 3 + Pelea 4 = 7, sin cobertura −2 → 5 dados (2 de Ansia)``."""
        said = " + ".join(p.text() for p in self.terms)
        if len(self.terms) > 1:
            said += f" = {self.base}"
        untrained = [p.name for p in self.terms if p.untrained]
        if untrained:
            said += L.tr(lang, f" ({', '.join(untrained)}: sin puntos en la ficha)",
                         f" ({', '.join(untrained)}: no dots on the sheet)")
        for _, label, value in self.modifiers:
            said += f", {label(lang)} {value:+d}".replace("-", "−")
        if self.whole != self.base + sum(v for _, _, v in self.modifiers):
            said += L.tr(lang, f", nunca menos de {self.floor}", f", never below {self.floor}")
        if self.split is not None:
            said += L.tr(lang, f"; dividida: {self.split} de {self.whole} contra este objetivo",
                         f"; split: {self.split} of {self.whole} against this target")
        said = "" if said == str(self.size) else f"{said} → "
        said += L.dice(self.size, lang)
        if self.hunger_dice:
            said += L.tr(lang, f" ({self.hunger_dice} de Ansia)", f" ({self.hunger_dice} Hunger)")
        return said

    def as_json(self) -> dict:
        """Made once, as a Pool never changes; shared: not to be changed in place."""
        return self.record
