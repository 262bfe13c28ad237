"""Properties that hold for every pool, difficulty, tracker and seed: bounds, the
same result from the same seed, the dice read fed back with --dice giving the same
result, and the odds adding up. Hypothesis is derandomized by the suite's conftest."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings, strategies as st

from rolecli_v5 import trackers as T
from rolecli_v5.odds import check_odds, contest_odds

from v5_helpers import call, v5

SEEDS = st.integers(0, 10 ** 6)


@settings(max_examples=80)
@given(pool=st.integers(0, 15), hunger=st.integers(0, 5), difficulty=st.integers(1, 8), seed=SEEDS,
       reroll=st.sampled_from(["auto", "none", "failures"]))
def test_a_test_is_bounded_repeatable_and_the_same_on_physical_dice(pool, hunger, difficulty, seed, reroll):
    out = call("check", seed=seed, pool=str(pool), difficulty=difficulty, hunger=hunger, reroll=reroll)
    data = out.data
    size = max(pool, 1)  # the pool floor: never below 1 die
    assert len(data["roll"]["regular"]) + len(data["roll"]["hunger"]) == size
    assert len(data["roll"]["hunger"]) == min(hunger, size)
    assert 0 <= data["successes"] <= 2 * size
    assert data["margin"] == data["successes"] - difficulty
    assert (data["outcome"] == "win") == (data["successes"] >= difficulty) == out.success
    assert call("check", seed=seed, pool=str(pool), difficulty=difficulty, hunger=hunger, reroll=reroll).data == data
    given_back = call("check", dice=[r.value for r in out.reads], pool=str(pool), difficulty=difficulty,
                      hunger=hunger, reroll=reroll)
    assert given_back.data == data


@settings(max_examples=60)
@given(a=st.integers(1, 10), d=st.integers(1, 10), weapon=st.integers(0, 5), target_weapon=st.integers(0, 5),
       two_sided=st.booleans(), seed=SEEDS)
def test_003_R4_R5_R11_who_hurts_whom_follows_the_margin(a, d, weapon, target_weapon, two_sided, seed):
    data = call("attack", seed=seed, pool=str(a), defence=str(d), weapon=str(weapon),
                target_weapon=str(target_weapon), two_sided=two_sided).data
    margin = data["roll"]["successes"] - data["opposition"]["successes"]
    hits = {h["by"]: h["damage"] for h in data["hits"]}
    if margin > 0:
        assert hits == {"attacker": margin + weapon}
    elif margin == 0:
        assert hits == ({"attacker": 1 + weapon, "defender": 1 + target_weapon} if two_sided else {})
    else:
        assert hits == ({"defender": -margin + target_weapon} if two_sided else {})


@settings(max_examples=150)
@given(size=st.integers(1, 12), data=st.data(), amount=st.integers(0, 30),
       kind=st.sampled_from(["superficial", "aggravated"]))
def test_003_R13_R15_marks_never_exceed_the_tracker_and_x_never_shrinks(size, data, amount, kind):
    agg = data.draw(st.integers(0, size))
    sup = data.draw(st.integers(0, size - agg))
    before = T.Tracker("health", size, sup, agg)
    levels = T.levels_of(amount, kind)
    after, marks = T.mark(before, levels, kind)
    assert after.superficial + after.aggravated <= size and after.aggravated >= before.aggravated
    assert marks.superficial + marks.aggravated + marks.converted + marks.overflow == levels
    assert marks.superficial + marks.aggravated == min(levels, before.empty)  # empty boxes fill first (GAP-5)
    assert after.aggravated == before.aggravated + marks.aggravated + marks.converted


@settings(max_examples=40)
@given(regular=st.integers(0, 8), hunger=st.integers(0, 5), difficulty=st.integers(1, 10), reroll=st.booleans())
def test_check_odds_add_up_to_one(regular, hunger, difficulty, reroll):
    odds = check_odds(regular, hunger, difficulty, reroll)
    degrees = ("messy_critical", "critical_win", "win", "failure", "total_failure", "bestial_failure")
    assert sum(odds[k] for k in degrees) == 1
    assert sum(v for k, v in odds.items() if k.startswith("margin_")) == odds["success"]
    if hunger == 0:
        assert odds["messy_critical"] == odds["bestial_failure"] == 0


@settings(max_examples=20)
@given(a=st.tuples(st.integers(0, 5), st.integers(0, 2)), d=st.tuples(st.integers(0, 5), st.integers(0, 2)))
def test_contest_odds_add_up_to_one(a, d):
    odds = contest_odds(a, d)
    assert sum(odds[k] for k in ("messy_critical", "critical_win", "win", "tie", "failure", "total_failure",
                                 "bestial_failure")) == Fraction(1)


def test_the_same_seed_prints_the_same_through_the_cli(cli):
    args = ("attack", 6, 4, "--two-sided", "--weapon", 2, "--seed", 99, "-n", 5)
    first, second = v5(cli, *args), v5(cli, *args)
    assert first.out == second.out and len(first.json) == 5
