"""Exact odds of 4dF checks and contests, and a chi-square test of the sampler."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings, strategies as st

from rolecli.dice.source import DiceSource
from rolecli_fate.odds import check_odds, contest_odds, fudge_distribution

from fate_helpers import odds, run

WEIGHTS = [1, 4, 10, 16, 19, 16, 10, 4, 1]


def test_4df_has_81_outcomes_with_known_weights():
    dist = fudge_distribution(4)
    assert [dist[k] * 81 for k in range(-4, 5)] == WEIGHTS
    assert sum(dist.values()) == 1


def test_000_R2_exact_success_probability():
    o = check_odds(3, 2)  # need 4dF ≥ −1
    assert o["success"] == Fraction(81 - 1 - 4 - 10, 81)
    assert o["shifts_0"] == Fraction(16, 81) and o["shifts_5"] == Fraction(1, 81)
    assert sum(v for k, v in o.items() if k.startswith("shifts_")) == o["success"]


def test_odds_hook_check_and_attack():
    o = odds("check", skill="1")  # default difficulty Promedio: need ≥ 0
    assert o.outcomes["success"] == Fraction(1 + 4 + 10 + 16 + 19, 81)
    o = odds("attack", skill="2", defence="2")
    assert o.outcomes["tie"] == fudge_distribution(8)[0]
    assert o.outcomes["win"] == o.outcomes["lose"]
    assert o.outcomes["spin"] == sum(fudge_distribution(8)[k] for k in range(-8, -2))


def test_contest_odds_sum_to_one():
    o = contest_odds(3, 1)
    assert o["win"] + o["tie"] + o["lose"] == 1


def test_chi_square_sampler_matches_exact():
    from rolecli_testing import chisquare_pvalue

    src = DiceSource(seed=1234)
    n = 8100
    counts = [0] * 9
    for _ in range(n):
        counts[sum(src.fudge() for _ in range(4)) + 4] += 1
    expected = [w * n / 81 for w in WEIGHTS]
    assert chisquare_pvalue(counts, expected) > 0.001


@settings(max_examples=60, deadline=None)
@given(skill=st.integers(-2, 8), diff=st.integers(-2, 8), seed=st.integers(0, 10**6))
def test_000_R3_shifts_never_negative_and_dice_path_agrees_with_seed(skill, diff, seed):
    out = run("check", skill=str(skill), difficulty=str(diff), seed=seed)
    assert out.data["shifts"] >= 0
    assert out.data["shifts"] == max(0, out.data["effort"] - diff)
    faces = {1: "+", 0: "0", -1: "-"}
    again = run("check", skill=str(skill), difficulty=str(diff), dice=[faces[d] for d in out.data["dice"]])
    assert again.data == out.data


@settings(max_examples=40, deadline=None)
@given(stress=st.integers(0, 20), marked=st.integers(0, 4), mode=st.sampled_from(["points", "sotc"]))
def test_damage_never_marks_beyond_track(stress, marked, mode):
    from fate_helpers import char

    ch = char("A", state={"salud": [str(i) for i in range(1, marked + 1)]})
    out = run("damage", actor=ch, stress=stress, options={"stress": mode})
    st_ = out.changes.get("A", ch.state)
    assert all(1 <= int(b) <= 5 for b in st_.get("salud", []))
    assert out.data.get("absorbed", 0) + out.data.get("to_boxes", 0) == stress or stress == 0
