"""Exact odds of the new forms: values worked out by hand or by listing every
roll, a chi-square check that the roller samples what the odds compute, and
the refusal of values too large for the odds' floating-point figures."""

from __future__ import annotations

import time
from collections import Counter
from fractions import Fraction as F
from itertools import product

import pytest
from dice_testing import assert_sampler_matches

from rolecli.dice import DiceError, parse
from rolecli.dice.odds import distribution


def test_a_comparison_is_a_chance_of_success():
    assert distribution("1d20+5>=15").outcomes == [(0, F(9, 20)), (1, F(11, 20))]
    assert distribution("1d20 >= 1d20").probability(1) == F(21, 40)  # ties included: (400 + 20) / 800
    assert distribution("(1d6>=4) + (1d6>=4)").outcomes == [(0, F(1, 4)), (1, F(1, 2)), (2, F(1, 4))]


def test_groups_by_listing_every_roll():
    listed = Counter(max(a + 5, b) for a, b in product(range(1, 21), range(1, 13)))
    assert distribution("{1d20+5, 1d12}kh1").outcomes == [(v, F(c, 240)) for v, c in sorted(listed.items())]
    counted = Counter((a + b >= 10) + (c + 6 >= 10) for a, b, c in product(range(1, 7), repeat=3))
    assert distribution("{2d6, 1d6+6}>=10").outcomes == [(v, F(n, 216)) for v, n in sorted(counted.items())]
    failing = Counter((a >= 5) - (a == 1) + (b >= 5) - (b == 1) for a, b in product(range(1, 7), repeat=2))
    assert distribution("{1d6, 1d6}>=5f1").outcomes == [(v, F(n, 36)) for v, n in sorted(failing.items())]


def test_custom_faces_and_clamps():
    assert distribution("d{1,1,2,3}").outcomes == [(1, F(1, 2)), (2, F(1, 4)), (3, F(1, 4))]
    assert distribution("2d{0,0,1}").outcomes == [(0, F(4, 9)), (1, F(4, 9)), (2, F(1, 9))]
    assert distribution("2d6mi2").probability(4) == F(1, 9)  # a 1 or a 2 on both dice
    assert distribution("1d6ma4").outcomes == [(1, F(1, 6)), (2, F(1, 6)), (3, F(1, 6)), (4, F(1, 2))]
    assert distribution("1d6r1mi3").outcomes == [(3, F(2, 5)), (4, F(1, 5)), (5, F(1, 5)), (6, F(1, 5))]


def test_counts_and_sizes_given_by_a_roll():
    assert distribution("(1d4)d6").mean == F(35, 4)  # E[count] E[die] = 2.5 * 3.5
    assert distribution("1d(1d6+1)").probability(1) == sum(F(1, s) for s in range(2, 8)) / 6
    assert distribution("(1d2)d6kh1").probability(6) == F(1, 2) * F(1, 6) + F(1, 2) * F(11, 36)


def test_rounding_functions():
    assert distribution("ceil(1d6/2)").outcomes == [(1, F(1, 3)), (2, F(1, 3)), (3, F(1, 3))]
    assert distribution("round(1d4/2)").outcomes == [(1, F(1, 2)), (2, F(1, 2))]  # 0.5 and 1.5 go up
    assert distribution("floor(1d4/2)").outcomes == [(0, F(1, 4)), (1, F(1, 2)), (2, F(1, 4))]
    assert distribution("ceil(1d4/2*3)").outcomes == [(2, F(1, 4)), (3, F(1, 4)), (5, F(1, 4)), (6, F(1, 4))]


def test_named_rolls_and_labels_are_transparent():
    refs = {"fireball": "8d6", "bonus": 3}.__getitem__
    assert distribution(parse("@fireball + @bonus", refs)).outcomes == distribution("8d6 + 3").outcomes
    assert distribution("2d6[fire] + 1[magic]").outcomes == distribution("2d6+1").outcomes


def test_far_apart_values_are_counted_by_their_number_not_their_span():
    big = "1" + "0" * 200
    dist = distribution(f"1d6*{big}")
    assert [v for v, _p in dist.outcomes] == [k * int(big) for k in range(1, 7)]
    assert dist.mean == F(7, 2) * int(big) and dist.sd > 1e200  # the spread of huge values, as a float


@pytest.mark.parametrize("text", ["1" + "0" * 308, "1" + "0" * 400, "-" + "9" * 320, "1d6*1" + "0" * 305])
def test_values_too_large_for_a_float_are_refused_in_one_line(text):
    start = time.process_time()  # this process's CPU: a busy machine does not count
    with pytest.raises(DiceError, match="odds cannot be computed.*too large for the mean") as info:
        distribution(text)
    assert "\n" not in str(info.value) and time.process_time() - start < 1.0


@pytest.mark.parametrize("text", ["(1d1000)d1000", "(1d100)d100", "1d(1d1000)", "{100d100, 100d100}kh1"])
def test_enormous_new_forms_are_refused_quickly(text):
    start = time.process_time()  # this process's CPU: a busy machine does not count
    with pytest.raises(DiceError, match="too large to compute exactly"):
        distribution(text)
    assert time.process_time() - start < 1.0


SAMPLED = [
    ("{1d20+5, 1d12}kh1", 20000),
    ("{2d6, 3d6, 1d12}>=9", 10000),
    ("3d{1,1,2,3}kh2", 10000),
    ("4d6mi2ma5", 10000),
    ("(1d4)d6", 20000),
    ("1d(1d8+1)", 20000),
    ("ceil(2d6/3) + round(1d10/4)", 20000),
    ("1d20+3 >= 1d20", 10000),
]


# Each sample twice, as in test_dice_odds: 2,000 rolls in `make check`, the full count in `make test`.
@pytest.mark.parametrize("text, n", [(text, 2000) for text, _ in SAMPLED] + [
    pytest.param(text, n, marks=pytest.mark.slow) for text, n in SAMPLED])  # slow: 10,000-20,000 rolls each
def test_sampler_matches_exact_distribution(text, n):
    assert_sampler_matches(text, n, seed=20240614)
