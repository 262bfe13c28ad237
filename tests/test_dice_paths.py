"""A call kept by the dice it read (:mod:`rolecli.encounter.dice_paths`): its
tree is played only once whole, draws the very dice the call would draw, and
keeps nothing of a call that is not a function of its dice."""

from __future__ import annotations

import functools

from hypothesis import given, settings
from hypothesis import strategies as st

from rolecli.contract import Outcome
from rolecli.dice.source import DiceSource
from rolecli.encounter.dice_paths import MOST_WAYS, NEVER, Reading, keep


def bleeding(source: DiceSource, wounds: int) -> Outcome:
    """A recovery that rolls: a d6 for each wound (up to two), a wound more on
    a 1; with two wounds, a fudge die as well when both show 1, a wound more on +."""
    rolls = [source.roll(6, f"wound {i + 1}") for i in range(min(wounds, 2))]
    worse = source.fudge("worse") == 1 if rolls.count(1) == 2 else False
    return Outcome({"rolls": rolls}, [], None, {"Ana": {"wounds": wounds + rolls.count(1) + worse}})


@functools.cache
def kept_after(seeds: range, wounds: int):
    """The tree of ``bleeding`` after a call with each seed of ``seeds``."""
    tree, ways = None, 0
    for seed in seeds:
        source = DiceSource(seed)
        outcome = bleeding(source, wounds)
        tree, added = keep(tree, source.read_since(0), outcome)
        ways += added
    return tree, ways


def test_a_call_that_reads_no_dice_is_its_outcome():
    outcome = Outcome({}, [], None, {})
    assert keep(None, [], outcome) == (outcome, True)
    assert keep(outcome, [], Outcome({}, [], None, {})) == (outcome, False)  # the same again
    assert keep(outcome, [], Outcome({}, [], None, {"Ana": {"wounds": 1}}))[0] is NEVER  # another change
    assert keep(outcome, [], Outcome({}, [], True, {}))[0] is NEVER  # another success: not of its state alone


def test_a_tree_is_whole_once_every_face_was_met():
    tree, ways = kept_after(range(3), 1)
    assert type(tree) is Reading and not tree.whole and ways == len(tree.then) < 6
    tree, ways = kept_after(range(200), 1)
    assert tree.whole and ways == 6 and sorted(tree.then) == [1, 2, 3, 4, 5, 6]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**40), st.integers(1, 2))
def test_a_whole_tree_draws_what_the_call_draws(seed, wounds):
    tree, _ = kept_after(range(3000), wounds)
    assert tree.whole  # (two d6, and a fudge die when both show 1: 35 + 3 ways, all met in 3,000 calls)
    called, made = DiceSource(seed), DiceSource(seed)
    assert tree.played(made) == bleeding(called, wounds)
    assert made.reads == called.reads  # the same dice, sizes and reasons, in the same order
    assert made.roll(20) == called.roll(20)  # and the generators stand at the same point


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
