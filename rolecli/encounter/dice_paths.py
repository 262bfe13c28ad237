"""What a call changed, kept by the dice it read.

A recovery whose system says it changes the same for the same sheet, state,
event, rule options and dice (``SystemInfo.recovery_from_state``) is a
function of its state and its dice; so is an exchange whose verb says so of
its characters' states (``ActionSpec.from_state``). A simulation meets the
same few hundred states thousands of times, and a recovery that rolls reads
one die or two (a Rouse check, a bleeding wound), a check a d20: what it did
is kept as a tree of its readings (:class:`Reading`). Each reading is the die (or the pool) the call
read next and, by the values read, what followed: the next reading, or the
call's :class:`~rolecli.contract.Outcome`, held in a :class:`Kept`.

A tree is played by drawing its dice from the play's own source, with the
same sizes and reasons, in the same order as the call would draw them: where
they lead to an outcome, that outcome is the call's, and the trials read the
very same numbers from their generators, and give the very same results, as
if the call were made. Where they lead to a value not met yet, the source
takes back what it drew (:meth:`~rolecli.dice.source.DiceSource.unread`), the
call is made and reads those dice again, and what it read and did is added
to the tree.
"""

from __future__ import annotations

from typing import Any

from rolecli.contract import Outcome

# The dice a kept call may read, as the ways they may fall, at most (each die's faces
# multiplied along the way the call read them): a d100, two d10 or two d6 and a fudge
# die are kept, a pool of ten d10 (10**10 ways) is not: its ways would seldom meet again.
MOST_WAYS = 120
# Stands for a call that is not kept, whatever its dice: it left an effect, changed
# another character, read a die no reading makes again, or did not fit its tree.
NEVER = object()


class Reading:
    """One die, or one pool, a kept call read: ``sides`` (an int, or ``"F"``
    for fudge dice) and ``why``, as :class:`~rolecli.dice.source.DiceSource`
    records it (a pool's ``why`` is the list of its dice's reasons); ``then``:
    by the value read (a pool's values as a tuple), the next reading or the outcome kept;
    ``one_die``: whether it is one die of numbered faces (most readings: a
    d20, a d6), worked out once, not from its sides and reasons at every
    reading played (icount: a dice trial 1.0% less); ``before``: the readings
    of its tree before it, each ``(sides, value, why)`` (where a tree's dice
    fall a new way, what it drew up to it, given back to the source: a trial's
    source records no die as it is drawn)."""

    __slots__ = ("sides", "why", "faces", "then", "one_die", "before")

    def __init__(self, sides: int | str, why: Any, faces: int, before: tuple = ()):
        self.sides, self.why, self.faces, self.before = sides, why, faces, before
        self.then: dict[Any, Reading | Kept] = {}
        self.one_die = type(why) is not list and sides != "F"

    def played(self, source) -> Kept | None:
        """The outcome kept the call gives for the dice ``source`` gives now: each
        reading made again on ``source``, its value as :attr:`then` is keyed
        (a pool's values as a tuple). ``None`` where they lead to a value not
        met yet: ``source`` takes back the dice drawn (:meth:`~rolecli.dice.source.DiceSource.unread`),
        for the call to read them again. (The caller plays a tree with no
        method of its own around this one: a frame fewer at every kept exchange and recovery.)"""
        node: Reading | Kept | None = self
        while type(node) is Reading:
            at = node
            if node.one_die:
                value = source.roll(node.sides, node.why)
            elif type(node.why) is list:
                sides, why = node.sides, node.why
                value = tuple(source.fudge_many(why) if sides == "F" else source.roll_many(sides, why))
            else:
                value = source.fudge(node.why)
            node = node.then.get(value)
        if node is None:  # the dice it drew, given back (a pool's values as a tuple)
            source.take_back((*at.before, (at.sides, value, at.why)))
        return node


class Kept:
    """An ``outcome`` kept where a call's dice led (its tree's leaf), and
    ``made``: by the name of each character it changes, what it made of that
    one's state, filled in the first time it is made again
    (:meth:`~rolecli.encounter.engine.Play.replayed`). A tree is kept by the
    states of the characters the call was given, so a leaf meets each of them
    in one state only: its name alone keys what the outcome made of it, on
    the leaf itself (no key built and looked up at every outcome made again:
    icount, a dice trial 0.3% less)."""

    __slots__ = ("outcome", "changes", "made")

    def __init__(self, outcome: Outcome):
        self.outcome, self.changes = outcome, outcome.changes  # (its changes read at every exchange made again)
        self.made: dict[str, tuple] = {}


def faces_of(sides: int | str, value: Any) -> int | None:
    """The ways one of :meth:`~rolecli.dice.source.DiceSource.read_since`'s
    readings (``sides``, and the ``value`` read: a list for a pool) may
    fall; ``None`` for a die no reading can make again (a die of its own
    faces, ``d{1,1,2}``)."""
    one = 3 if sides == "F" else sides
    if type(one) is not int:
        return None
    return one ** len(value) if type(value) is list else one


def keep(tree: Reading | Kept | None, reads: list[tuple], outcome: Outcome,
         most: int = MOST_WAYS) -> tuple[Any, bool]:
    """``tree`` (``None``: nothing kept yet) with ``outcome`` kept where the
    dice ``reads`` lead, and whether that is a new way for them to fall.
    :data:`NEVER` when they cannot be kept (a die no reading makes again, more
    than ``most`` ways), or when they do not fit the tree: a call
    that read another die at the same point, or gave another outcome for the
    same dice, is not a function of its dice, and nothing of it is kept.
    The tree is walked by the readings as they are, a :class:`Reading` made
    only where the way is new (most calls kept add their last reading's
    value alone): icount, a dice trial 0.5% less."""
    if not reads:
        return (Kept(outcome), True) if tree is None else (tree, False) if _same(tree, outcome) else (NEVER, False)
    ways = 1
    for sides, value, _, _ in reads:  # (all of them first: nothing is added of dice that cannot be kept)
        faces = faces_of(sides, value)
        if faces is None or (ways := ways * faces) > most:
            return NEVER, False
    node, at, read, added = tree, None, None, False  # (at: the reading the node was found under, by the value read)
    for sides, value, _, why in reads:
        faces = faces_of(sides, value)
        if type(value) is list:  # a pool: kept by its values as a tuple, its reasons as a list (Reading.played)
            value, why = tuple(value), list(why)
        if node is None:  # a new way: its reading made
            node = Reading(sides, why, faces, () if at is None else (*at.before, (at.sides, read, at.why)))
            if at is None:
                tree = node
            else:
                at.then[read] = node
                added = True
        elif type(node) is not Reading or node.sides != sides or node.why != why:
            return NEVER, False
        at, read = node, value
        node = node.then.get(value)
    if node is None:
        at.then[read] = Kept(outcome)
        return tree, True
    return (tree, added) if _same(node, outcome) else (NEVER, False)


def _same(kept: Reading | Kept, outcome: Outcome) -> bool:
    """Whether ``outcome`` does what ``kept`` (a leaf) does: changes
    the same and succeeds alike. (What a trial reads of it; its data, a
    result's whole record, is compared at no call: it costs as much as the call.)"""
    return type(kept) is Kept and kept.outcome.changes == outcome.changes and kept.outcome.success == outcome.success
