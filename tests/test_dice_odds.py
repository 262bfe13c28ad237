"""Exact odds: known values worked out by hand, the limits, and a chi-square
check that the roller samples the distribution the odds compute."""

from __future__ import annotations

import subprocess
import sys
import time
from fractions import Fraction as F
from math import comb, isclose

import pytest
from dice_testing import assert_sampler_matches

from rolecli.dice import DiceError, parse
from rolecli.dice.odds import distribution

# --- known values -------------------------------------------------------------------------------


def test_3d6():
    dist = distribution("3d6")
    assert dist.probability(10) == F(27, 216) == F(1, 8)
    assert dist.probability(3) == F(1, 216)
    assert dist.mean == F(21, 2)
    assert isclose(dist.sd, (3 * 35 / 12) ** 0.5)
    assert [v for v, _p in dist.outcomes] == list(range(3, 19))
    assert sum(p for _v, p in dist.outcomes) == 1
    assert dist.at_least(11) == F(1, 2) and dist.at_most(10) == F(1, 2) and dist.at_least(10) == F(5, 8)
    assert dist.at_least(3) == 1 and dist.at_most(2) == 0 and dist.at_least(19) == 0


def test_2d6_seven():
    assert distribution("2d6").probability(7) == F(1, 6)


def test_4d6kh3_mean():
    assert distribution("4d6kh3").mean == F(15869, 1296)
    assert distribution("4d6dl1").outcomes == distribution("4d6kh3").outcomes


def test_advantage():
    dist = distribution("2d20kh1")
    assert dist.probability(20) == F(39, 400)
    assert dist.mean == F(553, 40)  # sum over k of P(max >= k) = 20 - (0² + ... + 19²)/400
    assert distribution("2d20kl1").probability(1) == F(39, 400)


def test_fudge():
    dist = distribution("4dF")
    assert dist.probability(0) == F(19, 81)  # central trinomial coefficient
    assert dist.probability(4) == F(1, 81)
    assert dist.mean == 0


def test_success_counting():
    dist = distribution("5d10>=8")
    for k in range(6):
        assert dist.probability(k) == comb(5, k) * F(3, 10) ** k * F(7, 10) ** (5 - k)
    # +1 on 8-10, -1 on a 1: P(0) = (6/10)² + 2 (3/10)(1/10)
    dist = distribution("2d10>=8f1")
    assert dist.probability(0) == F(42, 100)
    assert dist.probability(-2) == F(1, 100)
    assert dist.probability(2) == F(9, 100)
    assert distribution("1d10>=8dbl10").outcomes == [(0, F(7, 10)), (1, F(2, 10)), (2, F(1, 10))]
    assert distribution("4dF>=1").mean == F(4, 3)


def test_rerolls():
    assert distribution("1d6r1").outcomes == [(v, F(1, 5)) for v in range(2, 7)]
    assert distribution("1d6ro1").outcomes == [(1, F(1, 36))] + [(v, F(7, 36)) for v in range(2, 7)]
    assert distribution("1d20r<3").outcomes == [(v, F(1, 18)) for v in range(3, 21)]


def test_explosions():
    dist = distribution("1d6!")
    assert dist.probability(3) == F(1, 6)
    assert dist.probability(6) == 0
    assert dist.probability(9) == F(1, 36)
    assert dist.probability(13) == F(1, 216)
    assert isclose(float(dist.mean), 4.2, rel_tol=1e-9)  # 3.5 * 6/5, up to a 1e-12 tail
    assert dist.notes and "15 deep" in dist.notes[0]
    assert distribution("3d6!!").outcomes == distribution("3d6!").outcomes
    # "!" with keep: every explosion is a die of its own, so the highest die is at most 6.
    pool = distribution("2d6!kh1")
    assert pool.outcomes == [(k, F(k * k - (k - 1) ** 2, 36)) for k in range(1, 7)]
    assert distribution("3d6").notes == []


def test_arithmetic():
    assert distribution("1d6/2").outcomes == [(0, F(1, 6)), (1, F(1, 3)), (2, F(1, 3)), (3, F(1, 6))]
    assert distribution("-1d6/2").probability(-1) == F(1, 3)  # floor: -1/2 = -1
    assert distribution("1d4*1d4").probability(4) == F(3, 16)
    assert distribution("(1d6+1)*2").mean == 9
    assert distribution("7").outcomes == [(7, F(1))]
    assert distribution("0d6+3").outcomes == [(3, F(1))]
    assert distribution("1d6-1d6").mean == 0


def test_accepts_a_parsed_expression():
    assert distribution(parse("2d6")).probability(7) == F(1, 6)


def test_as_json():
    data = distribution("2d6").as_json()
    assert data["expression"] == "2d6"
    assert data["mean"] == 7.0 and data["mean_exact"] == "7"
    assert isclose(data["sd"], (35 / 6) ** 0.5)
    seven = next(row for row in data["outcomes"] if row["value"] == 7)
    assert seven == {"value": 7, "p": "1/6", "p_float": 1 / 6, "ways": 6, "at_least": "7/12", "at_most": "7/12"}
    assert data["ways_total"] == 36
    assert [row["value"] for row in data["outcomes"]] == list(range(2, 13))
    assert data["notes"] == []


# --- limits ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["30d100kh15", "1000d6", "1d1000000", "100d6!", "2d1000*2d1000", "20d6!>=4kh10"])
def test_enormous_odds_are_refused_quickly(text):
    start = time.process_time()  # this process's CPU: a busy machine does not count
    with pytest.raises(DiceError, match="odds cannot be computed.*too large.*limit"):
        distribution(text)
    assert time.process_time() - start < 1.0


@pytest.mark.parametrize("text", ["(3d20)d4!", "(4d6)d6!kh3", "(6d6)d6!", "(1d20)d20!", "60d4!", "36d6!",
                                  "6d100!kl2", "12d4!kl2"])
def test_exploding_dice_too_costly_are_refused_before_any_work(text):
    """Issue 18: a count given by a roll was planned without its explosion (a bare
    "!" is resolved on each size), and a chain's weights were taken as small numbers;
    these took 35 s to 193 s."""
    start = time.process_time()
    with pytest.raises(DiceError, match=r"odds cannot be computed.*too large.*estimated .* limit") as info:
        distribution(text)
    assert time.process_time() - start < 1.0
    assert "\n" not in str(info.value)


def test_a_pool_too_deep_for_icepool_is_one_line():
    """icepool recurses once per outcome of an exploding pool: on a d1000 that is past
    Python's limit, a RecursionError that must not escape as a traceback."""
    with pytest.raises(DiceError, match="odds cannot be computed for '2d1000>=4!': too deep") as info:
        distribution("2d1000>=4!")
    assert "\n" not in str(info.value)


def test_a_refusal_names_the_costliest_part():
    with pytest.raises(DiceError, match=r"most of it for \(3d20\)d4!\); use fewer dice.*rarer explosions"):
        distribution("2d6 + (3d20)d4!")


# The last four cost 0.5-3 s each of exact odds: `make check` keeps the cheap four.
@pytest.mark.parametrize("text", ["3d6!", "(1d4)d6", "(1d4)d6!", "1d(1d6+1)!"]
                         + [pytest.param(t, marks=pytest.mark.slow) for t in
                            ["(1d6)d10>=8!", "12d10>=8!", "8d6!kl2", "(2d6)d6!"]])
def test_cheap_exploding_and_dynamic_odds_still_work(text):
    assert distribution(text).outcomes


def test_a_count_given_by_a_roll_explodes_as_rolled():
    """``(1d2)d6!`` is half ``1d6!`` and half ``2d6!``: explosions included, whatever
    became of the objects the planner looked at (a reused id once cost them)."""
    one, two, mixed = distribution("1d6!"), distribution("2d6!"), distribution("(1d2)d6!")
    values = {v for v, _p in one.outcomes} | {v for v, _p in two.outcomes}
    assert mixed.outcomes == [(v, (one.probability(v) + two.probability(v)) / 2) for v in sorted(values)]
    assert mixed.notes == ["(1d2)d6!: explosion chains of a d6 followed 15 deep per die; a longer chain "
                           "(chance below 1 in 1,000,000,000,000 per die) is counted as stopping there."]
    assert len(distribution("1d(1d3+1)!").notes) == 3  # a d2, a d3 and a d4: each its own depth


def test_division_by_a_possible_zero_is_refused():
    with pytest.raises(DiceError, match="odds cannot be computed.*can be 0"):
        distribution("10/(1d3-1)")
    assert distribution("10/(1d3+1)").probability(5) == F(1, 3)


def test_odds_refuse_what_parse_refuses():
    with pytest.raises(DiceError, match="never stop"):
        distribution("d1!")


def test_icepool_is_only_imported_for_odds():
    code = (
        "import sys\n"
        "from rolecli.dice import parse\n"
        "import rolecli.dice.odds\n"
        "from rolecli.dice.source import DiceSource\n"
        "parse('4d6kh3').roll(DiceSource(1))\n"
        "assert 'icepool' not in sys.modules\n"
        "rolecli.dice.odds.distribution('2d6')\n"
        "assert 'icepool' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


# --- the roller samples the distribution the odds compute -----------------------------------------------


SAMPLED = [
    ("4d6kh3", 20000),
    ("3d6!", 20000),
    ("2d6!!kh1", 20000),
    ("4dF", 20000),
    ("10d10>=6f1", 10000),
    ("5d10>=8!kh3", 10000),
    ("2d4r1!", 10000),
    ("3d6ro1 + 1d20/1d4", 10000),
]


# Each sample twice: 2,000 rolls in `make check` catch a wrong distribution (a die
# lost, a keep or a reroll misread), the full count in `make test` a subtle one.
@pytest.mark.parametrize("text, n", [(text, 2000) for text, _ in SAMPLED] + [
    pytest.param(text, n, marks=pytest.mark.slow) for text, n in SAMPLED])  # slow: 10,000-20,000 rolls each
def test_sampler_matches_exact_distribution(text, n):
    assert_sampler_matches(text, n, seed=20240601)
