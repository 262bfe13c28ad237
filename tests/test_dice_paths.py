"""A call kept by the dice it read (:mod:`rolecli.encounter.dice_paths`): its
tree draws the very dice the call would draw, gives the outcome they lead to
where they fell so before, and none where they did not (the source takes them
back for the call to read again); nothing is kept of a call that is not a
function of its dice."""

from __future__ import annotations

import functools

import pytest

from hypothesis import given, settings
from hypothesis import strategies as st

from rolecli.contract import Outcome
from rolecli.dice.source import DiceSource
from rolecli.encounter.dice_paths import MOST_WAYS, NEVER, Kept, Reading, keep


def bleeding(source: DiceSource, wounds: int) -> Outcome:
    """A recovery that rolls: a d6 for each wound (up to two), a wound more on
    a 1; with two wounds, a fudge die as well when both show 1, a wound more on +."""
    rolls = [source.roll(6, f"wound {i + 1}") for i in range(min(wounds, 2))]
    worse = source.fudge("worse") == 1 if rolls.count(1) == 2 else False
    return Outcome({"rolls": rolls}, [], None, {"Ana": {"wounds": wounds + rolls.count(1) + worse}})


@functools.cache
def kept_after(seeds: range, wounds: int | str):
    """The tree of ``bleeding`` after a call with each seed of ``seeds`` (``"pool"``: of ``pooled``)."""
    tree, ways = None, 0
    for seed in seeds:
        source = DiceSource(seed)
        outcome = pooled(source) if wounds == "pool" else bleeding(source, wounds)
        tree, added = keep(tree, source.read_since(0), outcome)
        ways += added
    return tree, ways


def test_a_call_that_reads_no_dice_is_its_outcome():
    outcome = Outcome({}, [], None, {})
    kept, added = keep(None, [], outcome)
    assert type(kept) is Kept and kept.outcome is outcome and added
    assert keep(kept, [], Outcome({}, [], None, {})) == (kept, False)  # the same again
    assert keep(kept, [], Outcome({}, [], None, {"Ana": {"wounds": 1}}))[0] is NEVER  # another change
    assert keep(kept, [], Outcome({}, [], True, {}))[0] is NEVER  # another success: not of its state alone


def test_a_tree_keeps_each_way_its_dice_fell():
    tree, ways = kept_after(range(3), 1)
    assert type(tree) is Reading and ways == len(tree.then) < 6
    tree, ways = kept_after(range(200), 1)
    assert ways == 6 and sorted(tree.then) == [1, 2, 3, 4, 5, 6]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**40), st.integers(1, 2))
def test_a_tree_draws_what_the_call_draws(seed, wounds):
    tree, ways = kept_after(range(3000), wounds)
    assert ways == (6 if wounds == 1 else 35 + 3)  # (two d6, and a fudge die when both show 1: all met)
    called, made = DiceSource(seed), DiceSource(seed)
    assert tree.played(made).outcome == bleeding(called, wounds)
    assert made.reads == called.reads  # the same dice, sizes and reasons, in the same order
    assert made.roll(20) == called.roll(20)  # and the generators stand at the same point


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**40), st.integers(0, 12))
def test_dice_that_fall_a_new_way_are_taken_back_and_read_again_by_the_call(seed, calls):
    """Where the dice a tree draws lead to a value it has not met, it gives
    none, and the source takes them back (``unread``): the call then reads
    those very dice, goes on rolling from where the generator stands, and
    leaves the source as if it alone had read them."""
    tree, _ = kept_after(range(calls), 2)
    called, made = DiceSource(seed), DiceSource(seed)
    expected = bleeding(called, 2)
    mark = made.readings
    leaf = tree.played(made) if type(tree) is Reading else None
    if leaf is None:  # the tree took back what it drew
        assert made.readings == mark
        kept = bleeding(made, 2)
    else:
        kept = leaf.outcome
    assert kept == expected and not made.rereading
    assert made.reads == called.reads and made.roll(20) == called.roll(20)


@given(st.integers(0, 2**40), st.integers(0, 12), st.sampled_from([2, "pool"]))
def test_a_source_that_records_no_die_is_given_back_what_the_tree_drew(seed, calls, wounds):
    """A trial's source records no die (``recording`` false): where a tree's
    dice fall a new way, it is given back what the tree drew, as the tree
    knows it (``Reading.before``, ``take_back``), and the call reads those very
    dice again (recorded, for the tree to keep), a pool's as a list of its own."""
    call = pooled if wounds == "pool" else functools.partial(bleeding, wounds=wounds)
    tree, _ = kept_after(range(calls), wounds)
    called, made = DiceSource(seed), DiceSource(seed)
    expected = call(called)
    made.recording = False
    leaf = tree.played(made) if type(tree) is Reading else None
    assert made.readings == 0 and (calls == 0 or type(tree) is Reading)  # nothing recorded as it was drawn
    if leaf is None:
        made.recording = True
        assert call(made) == expected and not made.rereading
        assert made.reads == called.reads  # read again, and recorded: what the tree keeps
    else:
        assert leaf.outcome == expected
    assert made.roll(20) == called.roll(20)


def pooled(source: DiceSource) -> Outcome:
    """A pool of two d6 and, on a pair, a d3 (108 ways at most); its values a list, read again or not."""
    values = source.roll_many(6, ["pool 1", "pool 2"])
    assert type(values) is list
    extra = source.roll(3, "pair") if values[0] == values[1] else 0
    return Outcome({}, [], None, {"Ana": {"wounds": sum(values) + extra}})


def test_pools_are_kept_by_their_values_and_too_many_ways_never():
    def pool(source, n):
        values = source.roll_many(10, [f"die {i}" for i in range(n)])
        return Outcome({}, [], None, {"Ana": {"hits": sum(v >= 6 for v in values)}})

    source = DiceSource(1)
    outcome = pool(source, 2)
    tree, added = keep(None, source.read_since(0), outcome)
    assert added and tree.faces == 100 <= MOST_WAYS and tuple(source.reads[i].value for i in (0, 1)) in tree.then
    source = DiceSource(1)
    outcome = pool(source, 3)  # 1,000 ways: never met whole, not kept
    assert keep(None, source.read_since(0), outcome) == (NEVER, False)


def test_a_call_that_is_not_a_function_of_its_dice_is_never_kept():
    source = DiceSource(5)
    first = bleeding(source, 1)
    tree, _ = keep(None, source.read_since(0), first)
    same = DiceSource(5)
    assert keep(tree, (bleeding(same, 1), same.read_since(0))[1], Outcome({}, [], None, {}))[0] is NEVER
    other = DiceSource(5)
    other.roll(8, "another die first")
    assert keep(tree, other.read_since(0), first)[0] is NEVER
    custom = DiceSource(5)
    custom.custom([1, 1, 2], "a die of its own faces")
    assert keep(None, custom.read_since(0), first)[0] is NEVER


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**40), st.lists(st.sampled_from(["d6", "d20", "4dF", "3d10", "dF"]), min_size=1, max_size=6),
       st.integers(0, 6), st.booleans())
def test_a_source_reads_again_the_dice_it_took_back(seed, reads, taken, looked):
    """``DiceSource.unread``: the readings since a mark taken back are given
    again, in order, to reads of dice of the same sizes (their reasons those of
    the new reads), then the generator goes on; the record is as if each had
    been read once, whether it was looked at before or not."""

    def read(source, what, why):
        if what == "d6" or what == "d20":
            return source.roll(int(what[1:]), why)
        if what == "dF":
            return source.fudge(why)
        count, sides = what.split("d")
        whys = [f"{why} {i}" for i in range(int(count))]
        return source.fudge_many(whys) if sides == "F" else source.roll_many(int(sides), whys)

    once, again = DiceSource(seed), DiceSource(seed)
    mark = max(len(reads) - taken, 0)
    first = [read(once, what, f"read {i}") for i, what in enumerate(reads)]
    for i, what in enumerate(reads[:mark]):
        read(again, what, f"read {i}")
    for i, what in enumerate(reads[mark:], mark):
        read(again, what, "drawn first")
    if looked:
        assert again.count == len(again.reads)  # the records made: taken back too
    again.unread(mark)
    assert again.rereading == (mark < len(reads))
    assert [read(again, what, f"read {i}") for i, what in enumerate(reads[mark:], mark)] == first[mark:]
    assert not again.rereading
    assert again.reads == once.reads and again.count == once.count
    assert again.roll(100) == once.roll(100)


def test_reading_other_dice_than_those_taken_back_is_the_callers_failure():
    source = DiceSource(3)
    source.roll(6, "a d6")
    source.unread(0)
    with pytest.raises(ValueError, match="read 1 d8 .* where the same states and dice read other dice before"):
        source.roll(8, "a d8")
    pool = DiceSource(3)
    pool.roll_many(10, ["a", "b", "c"])
    pool.unread(0)
    with pytest.raises(ValueError, match="read 2 d10"):
        pool.roll_many(10, ["a", "b"])
