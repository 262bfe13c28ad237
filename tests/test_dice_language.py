"""The dice expression language: every construct, read with given dice (so the
expected totals follow from the rules, not from a seed), and every refusal."""

from __future__ import annotations

import random
import time

import pytest
from dice_testing import refused, roll

from rolecli.dice import DiceError, parse
from rolecli.dice.odds import distribution
from rolecli.dice.source import DiceSource, DieRead


def kept(result):
    return [d.value for d in result.dice if d.kept]


# --- the headline case ------------------------------------------------------------


def test_4d6kh3_with_given_dice_drops_the_1():
    result = roll("4d6kh3", 6, 5, 2, 1)
    assert result.total == 13
    assert [d.value for d in result.dice] == [6, 5, 2, 1]
    assert [d.kept for d in result.dice] == [True, True, True, False]
    assert result.dice[3].why == "dropped (lowest)"
    assert all(d.sides == 6 and d.how == "given" for d in result.dice)
    assert [d.reason for d in result.dice] == [f"4d6kh3 die {i}" for i in (1, 2, 3, 4)]
    assert result.breakdown == "4d6kh3 [6, 5, 2, ~~1~~] = 13"
    assert result.as_json() == {
        "expression": "4d6kh3",
        "total": 13,
        "dice": [
            {"sides": 6, "value": 6, "kept": True, "how": "given", "why": "kept", "reason": "4d6kh3 die 1"},
            {"sides": 6, "value": 5, "kept": True, "how": "given", "why": "kept", "reason": "4d6kh3 die 2"},
            {"sides": 6, "value": 2, "kept": True, "how": "given", "why": "kept", "reason": "4d6kh3 die 3"},
            {"sides": 6, "value": 1, "kept": False, "how": "given", "why": "dropped (lowest)", "reason": "4d6kh3 die 4"},
        ],
        "breakdown": "4d6kh3 [6, 5, 2, ~~1~~] = 13",
    }


def test_seeded_rolls_are_marked_rolled_and_read_through_the_source():
    src = DiceSource(seed=3)
    result = parse("4d6kh3").roll(src)
    assert all(d.how == "rolled" for d in result.dice)
    # The source recorded the same dice, with the same reasons, in the same order.
    assert [(r.sides, r.value, r.why) for r in src.reads] == [(d.sides, d.value, d.reason) for d in result.dice]
    assert result.total == sum(sorted(d.value for d in result.dice)[1:])


@pytest.mark.parametrize("seed", [3, 3 * 2**32 + 7, "text"])
def test_a_generator_given_again_rolls_as_a_new_one(seed):
    """A source given a generator another source rolled (a simulation's
    trials share one) seeds it afresh: the same dice as a new one's."""
    import random

    used = DiceSource(seed=11)
    used.roll(6, "before")
    used._rng.gauss(0, 1)  # (a gauss kept for the next call is dropped, as a new generator has none)
    again, new = DiceSource(seed, generator=used._rng), DiceSource(seed)
    assert again._rng is used._rng
    assert again._rng.gauss(0, 1) == new._rng.gauss(0, 1) == random.Random(seed).gauss(0, 1)
    assert [again.roll(10, "d") for _ in range(20)] == [new.roll(10, "d") for _ in range(20)]


# --- plain dice and arithmetic ----------------------------------------------------------


@pytest.mark.parametrize(
    "text, given, total",
    [
        ("3d6", (1, 2, 3), 6),
        ("d20", (17,), 17),
        ("1d20 + 5", (12,), 17),
        ("d%", (100,), 100),
        ("2d%", (42, 7), 49),
        ("2d6 - 1d4", (6, 6, 3), 9),
        ("2d6 * 2", (3, 4), 14),
        ("(2d6+1)*2", (3, 4), 16),
        ("7 / 2", (), 3),
        ("-7 / 2", (), -4),  # floor division rounds down
        ("1d20 / 2", (7,), 3),
        ("-1d4 + 3", (4,), -1),
        ("--3", (), 3),
        ("+2d4", (1, 2), 3),
        ("2 + 3 * 4", (), 14),  # precedence
        ("(2 + 3) * 4", (), 20),
        ("10 - 2 - 3", (), 5),  # left associative
        ("100 / 10 / 5", (), 2),
        ("1d6 * 1d6", (3, 5), 15),
        ("0d6 + 3", (), 3),
        ("42", (), 42),
    ],
)
def test_plain_dice_and_arithmetic(text, given, total):
    assert roll(text, *given).total == total


def test_case_and_whitespace_do_not_matter():
    for text in ("4D6KH3", " 4d6 kh3 ", "4 d 6 k h3".replace("k h", "kh"), "4d6Kh 3"):
        assert roll(text, 6, 5, 2, 1).total == 13
    assert roll("4DF", "+", "+", "-", "0").total == 1
    assert roll("2D6 + 1D4", 1, 1, 1).total == 3


def test_fudge_dice():
    result = roll("4dF", "+", "-", "0", "+")
    assert result.total == 1
    assert [d.sides for d in result.dice] == ["F"] * 4
    assert [d.value for d in result.dice] == [1, -1, 0, 1]
    assert result.breakdown == "4dF [+, -, 0, +] = 1"
    # A fudge die may be given as a d6 result: 1-2 "-", 3-4 blank, 5-6 "+".
    assert roll("3dF", 1, 3, 6).total == 0
    assert roll("dF", 5).total == 1


# --- keep and drop --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, given, total, kept_flags",
    [
        ("4d6kh3", (1, 5, 2, 6), 13, [False, True, True, True]),
        ("4d6k3", (1, 5, 2, 6), 13, [False, True, True, True]),
        ("2d20kh", (4, 15), 15, [False, True]),  # advantage: kh alone keeps 1
        ("2d20k", (15, 4), 15, [True, False]),
        ("2d20kl1", (4, 15), 4, [True, False]),  # disadvantage
        ("4d6dl1", (3, 3, 6, 1), 12, [True, True, True, False]),
        ("4d6dh1", (3, 3, 6, 1), 7, [True, True, False, True]),
        ("5d10kh2", (9, 1, 9, 3, 10), 19, [False, False, True, False, True]),  # the earlier 9 goes
        ("5d10kl2", (9, 1, 9, 3, 10), 4, [False, True, False, True, False]),
        ("5d10dh2", (9, 1, 9, 3, 10), 13, [False, True, True, True, False]),
        ("5d10dl2", (9, 1, 9, 3, 10), 28, [True, False, True, False, True]),
        ("4dFkh2", ("+", "-", "0", "+"), 2, [True, False, False, True]),
        ("3d6kh3", (1, 2, 3), 6, [True, True, True]),
        ("3d6dl3", (1, 2, 3), 0, [False, False, False]),
    ],
)
def test_keep_and_drop(text, given, total, kept_flags):
    result = roll(text, *given)
    assert result.total == total
    assert [d.kept for d in result.dice] == kept_flags


def test_equal_dice_drop_the_earlier_one():
    assert [d.kept for d in roll("3d6kh2", 4, 4, 6).dice] == [False, True, True]
    assert [d.kept for d in roll("3d6kl2", 6, 1, 6).dice] == [False, True, True]
    assert [d.why for d in roll("3d6dh1", 6, 1, 6).dice] == ["dropped (highest)", "kept", "kept"]


# --- exploding and compounding ----------------------------------------------------------------


def test_explode_adds_a_new_die():
    result = roll("3d6!", 6, 4, 2, 3)
    assert result.total == 15
    assert [d.value for d in result.dice] == [6, 4, 2, 3]
    assert [d.why for d in result.dice] == ["exploded", "kept", "kept", "kept"]
    assert [d.reason for d in result.dice] == ["3d6! die 1", "3d6! die 1 explosion", "3d6! die 2", "3d6! die 3"]
    assert result.breakdown == "3d6! [6!, 4, 2, 3] = 15"


def test_explode_chains_and_conditions():
    assert roll("1d6!", 6, 6, 6, 2).total == 20
    assert roll("2d10!>=9", 9, 10, 1, 3).total == 23  # 9 and 10 both explode
    assert roll("1d10!8", 8, 8, 9).total == 25  # a bare number: only an 8 explodes
    assert roll("2dF!", "+", "+", "0", "-").total == 1  # fudge: explodes on +


def test_compounding_adds_into_the_same_die():
    result = roll("3d6!!", 6, 6, 2, 3, 4)
    assert result.total == 21
    assert [d.why for d in result.dice] == ["compounded", "compounded", "kept", "kept", "kept"]
    assert result.breakdown == "3d6!! [6+6+2, 3, 4] = 21"


def test_keep_with_explosions():
    # "!": every explosion is a die of its own in the pool.
    result = roll("2d6!kh2", 6, 5, 3)
    assert result.total == 11  # pool 6, 5, 3: keep 6 and 5
    assert [d.kept for d in result.dice] == [True, True, False]
    # "!!": the compounded total is one die.
    assert roll("2d6!!kh1", 6, 5, 3).total == 11
    assert roll("2d6!!kl1", 6, 5, 3).total == 3


def test_explosions_stop_after_100_per_die():
    result = roll("1d6!", *([6] * 101))
    assert result.total == 606  # 100 explosions; the 101st six no longer explodes
    assert len(result.dice) == 101


# --- rerolls -------------------------------------------------------------------------------------


def test_reroll_until_the_condition_no_longer_holds():
    result = roll("4d6r1", 1, 1, 4, 3, 5, 6)
    assert result.total == 18
    assert [d.value for d in result.dice] == [1, 1, 4, 3, 5, 6]
    assert [d.kept for d in result.dice] == [False, False, True, True, True, True]
    assert [d.why for d in result.dice][:2] == ["rerolled", "rerolled"]
    assert [d.reason for d in result.dice][:3] == ["4d6r1 die 1", "4d6r1 die 1 reroll", "4d6r1 die 1 reroll 2"]
    assert result.breakdown == "4d6r1 [~~1~~, ~~1~~, 4, 3, 5, 6] = 18"
    assert roll("2d20r<3", 2, 1, 3, 20).total == 23


def test_reroll_once_keeps_the_second_roll():
    result = roll("2d6ro1", 1, 1, 5)
    assert result.total == 6
    assert [d.kept for d in result.dice] == [False, True, True]
    assert roll("2d6ro<3", 2, 6, 4).total == 10


def test_reroll_applies_to_explosion_dice_too():
    # d6r1!: 6 explodes, the explosion die shows 1 and is rerolled to 2.
    assert roll("1d6r1!", 6, 1, 2).total == 8


def test_reroll_fudge_with_negative_face():
    assert roll("2dFr=-1", "-", "+", "0").total == 1


def test_a_die_rerolled_100_times_is_an_error():
    assert roll("1d6r1", *([1] * 100 + [3])).total == 3
    with pytest.raises(DiceError, match="rerolled 100 times"):
        parse("1d6r1").roll(DiceSource(given=["1"] * 101))


# --- success counting -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, given, total",
    [
        ("5d10>=6", (6, 5, 10, 1, 7), 3),
        ("5d10>6", (6, 5, 10, 1, 7), 2),  # strictly greater
        ("5d10<=2", (6, 2, 10, 1, 7), 2),
        ("5d10<3", (6, 3, 10, 1, 2), 2),
        ("5d10=10", (10, 10, 9, 1, 2), 2),
        ("10d10>=6f1", (7, 3, 1, 10, 1, 6, 2, 1, 9, 5), 1),  # 4 successes, 3 ones
        ("4d10>=6f1", (1, 1, 2, 3), -2),  # ones can take the count below zero
        ("4d10>=8dbl10", (10, 8, 9, 3), 4),
        ("4d10>=8dbl>=9", (10, 8, 9, 3), 5),
        ("4d10>=8f<=2dbl10", (10, 2, 1, 8), 1),
        ("6d10kh3>=7", (9, 1, 8, 2, 3, 10), 3),
        ("4dF>=1", ("+", "+", "0", "-"), 2),
        ("5d10>=8! + 1", (10, 3, 8, 2, 1, 9), 4),  # 10 explodes into a 3
        ("2d6 + 5d10>=6", (1, 1, 6, 6, 6, 6, 6), 7),
    ],
)
def test_success_counting(text, given, total):
    assert roll(text, *given).total == total


def test_success_counting_records():
    result = roll("4d10>=6f1", 7, 3, 1, 10)
    assert result.total == 1
    assert [d.why for d in result.dice] == ["success", "kept", "failure", "success"]
    assert result.breakdown == "4d10>=6f1 [7*, 3, 1f, 10*] = 1"
    assert roll("2d10>=8dbl10", 10, 8).breakdown == "2d10>=8dbl10 [10**, 8*] = 3"


def test_compounded_total_is_what_counts_as_a_success():
    assert roll("2d6>=10!!", 6, 5, 4).total == 1  # 6+5 = 11 is one success; 4 is not


@pytest.mark.parametrize(
    "text, words",
    [
        ("2d6>=7", (">=7 can never match a d6 (faces 1..6)", "compare the total: (2d6)>=7")),
        ("d20>=21", ("can never match a d20",)),
        ("5d6<=0", ("<=0 can never match",)),
        ("5d6<1", ("<1 can never match",)),
        ("4d6kh3>=7", ("can never match", "(4d6kh3)>=7")),
        ("d6>=1", (">=1 matches every roll of a d6", "count could never change")),
        ("3d6<7", ("matches every roll",)),
        ("4dF>=2", ("can never match a dF (faces -1..+1)",)),
        ("4dF>=-1", ("matches every roll of a dF",)),
        ("2d{1,1,2,3}>=4", ("can never match the die d{1,1,2,3} (faces 1, 2, 3)",)),
        ("2d{1,1,2,3}<=3", ("matches every roll of the die d{1,1,2,3}",)),
        ("2d6mi3>=2", ("matches every roll", "with mi3")),
        ("2d6ma4>=5", ("can never match", "with ma4")),
        ("4d6r<3>=3", ("matches every roll", "with r<3")),
        ("3d6>=607!!", ("can never match the compounded total of a d6",)),  # 100 explosions of 6, then a 6
        ("3d6>=1!!", ("matches every roll of the compounded total",)),
        ("4dF<=-2!!", ("can never match the compounded total of a dF",)),
        ("10d10>=6f11", ("f11 can never match a d10",)),
        ("10d10>=6dbl5", ("dbl5 can never match a success (>=6) of a d10",)),
        ("{2d6, 3d6}>=19", ("can never match a member of the group (their totals lie within 2..18)",)),
        ("{2d6, 3d6}>=2", ("matches every member of the group",)),
        ("{2d6, 5}>=10f1", ("f1 can never match a member of the group",)),
        ("(1d4)d6>=7", ("can never match a d6",)),
        ("1d(1d6)>=7", ("can never match a d6",)),  # not on the most sides it can have, so never
        ("1d(1d6)>=1", ("matches every roll of a d6",)),
    ],
)
def test_a_success_target_no_die_can_meet_or_every_die_meets_is_refused(text, words):
    """Such a count is the same on every roll: a plausible answer to a question
    the roll cannot ask (``2d6>=7`` meant as ``(2d6)>=7``). The odds refuse it too."""
    refused(text, *words)
    with pytest.raises(DiceError, match="never match|matches every"):
        distribution(text)


@pytest.mark.parametrize("text, given, total", [
    ("4dF>=1", ("+", "0", "-", "+"), 2),
    ("3d6>=7!!", (6, 1, 2, 3), 1),  # a compounded total can pass any face
    ("1d(1d6)>=4", (2, 1), 0),  # a d2 cannot, a d6 could: a roll, not a trap
    ("2d{1,1,2,3}>=3", (3, 1), 1),
    ("4d6ro<3>=3", (1, 2, 3, 4, 5), 3),  # ro: a low face can stand after its one reroll (the 2)
    ("d6>=6f1", (1,), -1),
    ("{2d6, 5}>=10", (5, 6), 1),
    ("3d10=3mi3", (1, 2, 9), 2),
])
def test_a_target_some_dice_meet_is_rolled(text, given, total):
    assert roll(text, *given).total == total


# --- the breakdown of a whole expression ------------------------------------------------------


def test_breakdown_of_arithmetic():
    assert roll("(2d6+1)*2", 3, 4).breakdown == "(2d6 [3, 4] + 1) * 2 = 16"
    assert roll("-1d4 + 2d6kl1", 3, 5, 2).breakdown == "-1d4 [3] + 2d6kl1 [~~5~~, 2] = -1"
    assert roll("0d6+1", ).breakdown == "0d6 [] + 1 = 1"


# --- refusals ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, words",
    [
        ("99999999d99999999", ("10,000", "dice")),
        ("5001d6 + 5000d6", ("10,000", "dice")),
        ("2d2000000", ("1,000,000", "sides")),
        ("2d", ("2d", "sides")),
        ("2d+1", ("2d", "sides")),
        ("d0", ("d0", "at least 1 side")),
        ("", ("empty",)),
        ("   ", ("empty",)),
        ("garbage", ("'g'", "position 1")),
        ("4d6y", ("'y'", "position 4")),
        ("2d6+", ("end",)),
        ("(2d6", ("')'",)),
        ("2d6)", ("')'",)),
        ("2d6 3", ("'3'", "operator")),
        ("d1!", ("never stop",)),
        ("d6!<=6", ("never stop",)),
        ("d6!!>=1", ("never stop",)),
        ("d6!>6", ("never happen",)),
        ("d6r<7", ("reroll forever",)),
        ("d6r7", ("never match",)),
        ("4d6kh5", ("keep 5 of 4",)),
        ("4d6dl5", ("drop 5 of 4",)),
        ("4d6kh3kl1", ("only one keep/drop",)),
        ("4d6!!!", ("only one exploding",)),
        ("10d10f1", ("success target",)),
        ("5d10!>=8f1", ("success target", "before the '!'")),
        ("4d6d1", ("ambiguous", "dl1")),
        ("4d6r", ("r1",)),
        ("4dFr-1", ("r=-1",)),
        ("1/0", ("division by zero",)),
        ("1d6/(0)", ("division by zero",)),
        ("kh3", ("modifier",)),
        ("3kh1", ("3d",)),
        ("x" * 1001, ("1,000",)),
        ("(" * 51 + "1" + ")" * 51, ("50",)),
        ("(" * 5000 + "1" + ")" * 5000, ("1,000",)),
        ("-" * 999 + "(", ("end",)),
    ],
)
def test_refusals_name_the_problem(text, words):
    refused(text, *words)


def test_deep_nesting_is_refused_by_the_parser_itself(monkeypatch):
    # Without the length limit, 5,000 nested parentheses still stop at depth 50.
    import rolecli.dice.parser as parser

    monkeypatch.setattr(parser, "MAX_LENGTH", 100_000)
    refused("(" * 5000 + "1" + ")" * 5000, "nested more than 50")
    assert parse("(" * 50 + "1" + ")" * 50).roll(DiceSource(1)).total == 1


def test_division_by_a_die_that_rolls_zero_is_an_error():
    with pytest.raises(DiceError, match="division by zero"):
        roll("10 / (1d2 - 1)", 1)
    assert roll("10 / (1d2 - 1)", 2).total == 10


def test_too_many_dice_with_explosions_is_refused_while_rolling():
    expr = parse("6000d2!")  # about 12,000 dice with the explosions
    start = time.process_time()  # this process's CPU: a busy machine does not count
    with pytest.raises(DiceError, match="10,000 dice"):
        expr.roll(DiceSource(seed=1))
    assert time.process_time() - start < 1.0


def test_given_dice_must_fit_the_die():
    with pytest.raises(DiceError, match="1..6"):
        roll("1d6", 7)
    with pytest.raises(DiceError, match="ran out"):
        roll("3d6", 1, 2)
    with pytest.raises(DiceError, match="4d6kh3 die 4"):  # says which die is missing
        roll("4d6kh3", 1, 2, 3)


# --- the dice source ---------------------------------------------------------------------------


def test_source_rolls_the_same_numbers_as_random_random():
    for seed in (0, 1, 12345):
        rng = random.Random(seed)
        src = DiceSource(seed)
        expected = [rng.randrange(6) + 1 for _ in range(8)] + [rng.randrange(20) + 1 for _ in range(4)]
        assert parse("8d6").roll(src).total == sum(expected[:8])
        assert [src.roll(20) for _ in range(4)] == expected[8:]
        # Every path of the roller draws the same numbers as randrange would.
        for text, sides, offset in (("4d6kh3", 6, 1), ("3dFkl2", 3, -1), ("5d10>=6", 10, 1), ("3d8r1", 8, 1)):
            rng, src = random.Random(seed), DiceSource(seed)
            values = [d.value for d in parse(text).roll(src).dice]
            assert values == [rng.randrange(sides) + offset for _ in values]


def test_a_die_draws_its_bits_as_randrange_does_rejections_included():
    # DiceSource.roll draws getrandbits itself (a FastRandom): the very numbers of randrange, each rejected
    # draw included (a d17 or a d33 rejects nearly half of its draws), and as many of them.
    sizes = list(range(1, 41)) * 5
    for seed in (0, 7, 2024):
        rng, src = random.Random(seed), DiceSource(seed)
        assert [src.roll(s) for s in sizes] == [rng.randrange(s) + 1 for s in sizes]
        assert src._rng.getrandbits(32) == rng.getrandbits(32)
        through, drawn = DiceSource(seed), DiceSource(seed)
        through._bits = None  # through _randbelow, as a generator of another type is read
        assert [through.roll(s) for s in sizes] == [drawn.roll(s) for s in sizes]
        # a pool's dice, each set in its place, likewise
        rng, src, whys = random.Random(seed), DiceSource(seed), ["pool"] * 9
        assert src.roll_many(17, whys) == [rng.randrange(17) + 1 for _ in whys]
        assert src.fudge_many(whys) == [rng.randrange(3) - 1 for _ in whys]
        assert src._rng.getrandbits(32) == rng.getrandbits(32)


def test_source_reads_behave_like_a_list_of_dieread():
    src = DiceSource(seed=5)
    parse("3d6").roll(src)
    src.roll(8, "extra")
    reads = src.reads
    assert len(reads) == 4 and all(isinstance(r, DieRead) for r in reads)
    assert [r.why for r in reads] == ["3d6 die 1", "3d6 die 2", "3d6 die 3", "extra"]
    start = len(src.reads)
    src.fudge("f")
    assert src.reads[start:] == [DieRead("F", src.reads[-1].value, "rolled", "f")]
    assert src.reads is reads  # the same list keeps growing


def test_a_source_subclass_sees_every_die():
    seen = []

    class Watching(DiceSource):
        def roll(self, sides, why=""):
            seen.append(why)
            return super().roll(sides, why)

    parse("4d6kh3 + 2d8").roll(Watching(seed=1))
    assert seen == [f"4d6kh3 die {i}" for i in (1, 2, 3, 4)] + ["2d8 die 1", "2d8 die 2"]
