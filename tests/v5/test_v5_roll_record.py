"""A roll's record: what it says of its Hunger dice whether it has any or not, and a
side's record as the roll's own with the side's name and pool first; a pool's successes
counted alone, and a contest's dice tallied where nothing else of them is read."""

from __future__ import annotations

import random

from rolecli.dice.source import DiceSource
from rolecli_v5.conflict import Contest, Side
from rolecli_v5.degrees import contest_outcome
from rolecli_v5.pool import Pool, Roll, successes


def test_a_roll_with_no_hunger_dice_records_no_hunger_ones_and_is_neither_messy_nor_bestial():
    roll = Roll([10, 10, 1])
    assert (roll.successes, roll.critical, roll.messy, roll.bestial, roll.hunger_ones) == (4, True, False, False, 0)
    assert roll.as_json() == {"regular": [10, 10, 1], "hunger": [], "successes": 4, "critical": True,
                              "messy": False, "hunger_ones": 0}


def test_a_roll_counts_its_hunger_ones_in_its_record():
    roll = Roll([10, 3], [1, 10, 1])
    assert (roll.successes, roll.critical, roll.messy, roll.bestial, roll.hunger_ones) == (4, True, True, True, 2)
    assert roll.as_json()["hunger_ones"] == 2 and roll.as_json()["hunger"] == [1, 10, 1]


def test_a_sides_record_is_the_rolls_own_after_the_sides_name_and_pool():
    pool = Pool("Leah", (), hunger=1, floor=2)
    roll = Roll([6], [1])
    data = Side("Leah", pool, "none").as_json(roll)
    assert list(data) == ["name", "pool", *roll.as_json()]
    assert data == {"name": "Leah", "pool": pool.as_json(), **roll.as_json()}


def test_a_pools_successes_count_each_pair_of_its_10s_as_4_whether_regular_or_hunger_dice():
    assert successes([10, 3, 10, 10, 6]) == 6
    assert successes([1, 5, 9]) == 1 and successes([]) == 0
    assert Roll([10, 2], [10]).successes == successes([10, 2, 10]) == 4


def _outcome(contest: Contest, faces: list[int]) -> tuple[str, int]:
    """What ``contest``'s dice come to where no one reads them but for their successes, as an
    attack finds it (:func:`rolecli_v5.verbs.attack`): each side's dice tallied, then looked up."""
    ours = sum(contest.worth[d] for d in faces[:contest.second_from])
    theirs = sum(contest.their_worth[d] for d in faces[contest.second_from:])
    return contest.outcomes[ours][theirs] or contest.outcome(ours, theirs)


def test_a_contests_dice_tallied_for_their_outcome_alone_as_its_rolls_count_them():
    """An attack whose dice no one reads but for their successes reads its contest's dice
    and tallies each side's (:attr:`Contest.worth`): the outcome and margin of its rolls."""
    contest = Contest(Side("Leah", Pool("Leah", (), hunger=2, floor=6), "none"),
                      Side("Gancho", Pool("Gancho", (), floor=4), "none"), "en")
    for seed in range(40):
        rolled, counted = DiceSource(seed), DiceSource(seed)
        mine, theirs = contest.roll(rolled)
        assert _outcome(contest, counted.roll_many(10, contest.whys)) == (
            contest_outcome(mine.successes, theirs.successes), mine.successes - theirs.successes)
        assert counted.reads == rolled.reads


def test_a_tally_gives_each_sides_successes_for_every_pool_size_and_any_number_of_10s():
    """A pool's tally tells its dice of 6+ and its 10s apart, however many."""
    chance = random.Random(5)
    for first, second in [(1, 1), (2, 9), (7, 4), (12, 3), (0, 5)]:
        contest = Contest(Side("A", Pool("A", (), floor=first), "none"), Side("B", Pool("B", (), floor=second), "none"),
                          "en")
        for _ in range(200):
            faces = [chance.choice((1, 5, 6, 9, 10, 10)) for _ in range(first + second)]
            ours, others = successes(faces[:first]), successes(faces[first:])
            assert _outcome(contest, faces) == (contest_outcome(ours, others), ours - others)


def test_a_contests_table_of_tallies_grows_by_what_it_meets_not_by_its_pools_sizes():
    """A contest keeps no row of outcomes for a tally of the first pool's dice until one is
    met: one shared row of None stands for all of them; against a second pool of 32 dice or
    more, none is laid out at all (its outcomes worked out each time: bounded memory)."""
    contest = Contest(Side("A", Pool("A", (), floor=99), "none"), Side("B", Pool("B", (), floor=98), "none"), "en")
    assert len({id(row) for row in contest.outcomes}) == 1
    assert _outcome(contest, [10] * 99 + [1] * 98) == ("win", 99 + 2 * 49)
    assert sum(type(row) is list for row in contest.outcomes) == 0  # (a second pool of 98 dice: no row laid out)
    small = Contest(Side("A", Pool("A", (), floor=20), "none"), Side("B", Pool("B", (), floor=31), "none"), "en")
    assert _outcome(small, [10] * 20 + [1] * 31) == ("win", 20 + 2 * 10)
    assert sum(type(row) is list for row in small.outcomes) == 1
