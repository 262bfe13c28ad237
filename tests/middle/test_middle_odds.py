"""Exact odds (rolecli odds middle ...), worked out by hand from the dice, and the
sampler checked against them with a chi-square test at a fixed seed."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given, strategies as st

from rolecli.dice.source import DiceSource
from rolecli_middle import ld as LD
from rolecli_middle.capability import Capability
from rolecli_middle.ld import Ld

from middle_helpers import odds, quick


def middle_of_three(n: int, k: int) -> F:
    """P(the middle of 3dn is k): one die below, one at k, one above (3! orders), two at k with the third
    below or above (3 places each), or all three at k."""
    return F(6 * (k - 1) * (n - k) + 3 * (k - 1) + 3 * (n - k) + 1, n ** 3)


@pytest.mark.parametrize("rating,n", [(1, 6), (2, 12), (3, 20)])
def test_004_R2_middle_die_distribution(rating, n):
    o = odds("check", capability=str(rating)).outcomes
    assert {k: o[f"result_{k}"] for k in range(1, n + 1)} == {k: middle_of_three(n, k) for k in range(1, n + 1)}
    assert o["success"] == 1 and o["failure"] == 0  # The rulings: with no goal, 1 will do


def test_004_R3_highest_and_lowest_against_a_goal():
    # ND +1: P(max of 3d12 ≥ 12) = 1 − (11/12)³; ND −1: P(min ≥ 5) = (8/12)³
    assert odds("check", capability="2", nd=1, goal=12).outcomes["success"] == 1 - F(11, 12) ** 3
    assert odds("check", capability="2", nd=-1, goal=5).outcomes["success"] == F(8, 12) ** 3


def test_004_R2_rating_0_lowest_of_mixed_dice():
    # P(min(d6, d12, d20) ≥ 4) = 3/6 · 9/12 · 17/20
    assert odds("check", capability="0", goal=4).outcomes["success"] == F(3, 6) * F(9, 12) * F(17, 20)


def test_rulings_nd_plus2_highest_plus_middle():
    # 3d6 at ND +2 reads 12 only with at least two sixes: 3 · 5 + 1 of 216
    assert odds("check", capability="1", nd=2).outcomes["result_12"] == F(16, 216)


def test_rulings_nd_minus2_both_readings():
    literal = odds("check", capability="1", nd=-2).outcomes
    assert literal["success"] == 0 and max(int(k[7:]) for k in literal if k.startswith("result_")) == 0
    # difference: fails only when the two lowest are equal: all three equal (6) or a pair with a higher third
    # die (3 · (5 + 4 + 3 + 2 + 1) = 45)
    diff = odds("check", capability="1", nd=-2, options={"nd_minus2": "difference"}).outcomes
    assert diff["success"] == 1 - F(6 + 45, 216)
    assert "it cannot reach 1" in " ".join(odds("check", capability="1", nd=-2).lines)


def test_004_T2_automatic_failure_has_probability_one():
    o = odds("check", capability="1", nd=-3).outcomes
    assert o == {"success": 0, "failure": 1, "automatic_failure": 1}


def test_contest_tie_goes_to_the_defender():
    o = odds("contest", capability="1", opposition="1").outcomes
    tie = sum(middle_of_three(6, k) ** 2 for k in range(1, 7))
    assert o["tie"] == tie and o["win"] == (1 - tie) / 2 and o["success"] == o["win"]
    assert o["win"] + o["tie"] + o["lose"] == 1


def test_004_R11_strike_against_a_parry():
    # 3d6 middle against 3d6 middle: the blow lands when strictly higher
    tie = sum(middle_of_three(6, k) ** 2 for k in range(1, 7))
    assert odds("strike", capability="1", parry=1).outcomes["hit"] == (1 - tie) / 2
    o = odds("strike", capability="1", parry=1, options={"parry_tie": "attacker"}).outcomes
    assert o["hit"] == (1 - tie) / 2 + tie


def test_004_R7_odds_of_beheading():
    # head −3, GM +2: ND −1, the lowest of 3d12; beheaded when 0 + lowest > 10/2, i.e. lowest ≥ 6
    o = odds("strike", capability="2", location="head", nd=2, life=10, weapon="medium", weapon_kind=("edged",)).outcomes
    assert o["hit"] == 1 and o["dazed"] == 1
    assert o["beheaded"] == F(7, 12) ** 3 and o["dies"] == F(7, 12) ** 3


def test_004_R14_charge_damage_adds_a_uniform_die():
    # ND −1 (the charge): lowest of 3d12, plus one d12: 24 needs 12 on all four dice
    o = odds("strike", capability="2", charge=True).outcomes
    assert o["damage_24"] == F(1, 12) ** 4 and o["damage_2"] == (1 - F(11, 12) ** 3) * F(1, 12)
    assert sum(v for k, v in o.items() if k.startswith("damage_")) == o["hit"] == 1


def test_004_R8_odds_of_dropping_locking_holding():
    # ND −1: the lowest of 3d12; wielder's weapon use 1: dropped above 3, locked at 2–3, holds at 1
    o = odds("strike-weapon", capability="2", weapon="large", rival_use=1).outcomes
    assert o["dropped"] == F(9, 12) ** 3
    assert o["locked"] == F(11, 12) ** 3 - F(9, 12) ** 3
    assert o["holds"] == 1 - F(11, 12) ** 3 and o["miss"] == 0


def test_004_R9_duel_odds():
    # both weapon use 1 (3d6), goals 3 each: each reaches with P(middle ≥ 3)
    reach = 1 - middle_of_three(6, 1) - middle_of_three(6, 2)
    o = odds("duel", capability="1", rival_use=1).outcomes
    assert o["actor_wins"] == o["rival_wins"] == reach * (1 - reach) and o["still_locked"] == reach ** 2
    assert o["tied"] == middle_of_three(6, 1) ** 2 + middle_of_three(6, 2) ** 2
    assert sum(o.values()) == 1


def test_004_R14_odds_of_shouts():
    # insult: 3d12 middle above calm 3
    assert odds("insult", capability="2", rivals=("3",)).outcomes["enraged_1"] == \
        sum(middle_of_three(12, k) for k in range(4, 13))
    # threat: 3d20 middle above 3 × 2 flees, else (literal) cowed
    o = odds("threaten", capability="3", rivals=("2",)).outcomes
    flee = sum(middle_of_three(20, k) for k in range(7, 21))
    assert o["flees_1"] == flee and o["cowed_1"] == 1 - flee


def test_004_R12_R15_blind_and_ambush_odds():
    # blind a Vigilance 1 target: ND −1, P(lowest of 3d12 ≥ 2) = (11/12)³
    assert odds("blind", capability="2", vigilance=1, goal=2).outcomes["success"] == F(11, 12) ** 3
    # ambush victims 0 and 2: ND −2 → literal reading, never
    assert odds("ambush", capability="3", victims=("0", "2")).outcomes["success"] == 0


def test_odds_on_the_command_line(cli):
    r = cli("odds", "middle", "check", "2", "--nd", "1", "--goal", "12", "--json")
    assert r.code == 0 and r.json["outcomes"]["success"]["p"] == "397/1728"
    out = cli("odds", "middle", "strike", "2", "--location", "head", "--nd", "2", "--life", "10",
              "--weapon", "medium", "--weapon-kind", "edged").out
    assert "343/1728\tbeheaded" in out


def test_chi_square_sampler_matches_the_exact_middle_die():
    from rolecli_testing import chisquare_pvalue

    ld = Ld(Capability("", 2))
    source = DiceSource(seed=2024)
    n = 6000
    counts = [0] * 12
    for _ in range(n):
        counts[LD.throw(ld, source, "LD").result - 1] += 1
    expected = [float(middle_of_three(12, k)) * n for k in range(1, 13)]
    assert chisquare_pvalue(counts, expected) > 0.001


@pytest.mark.slow  # 3,000 sampled rolls
def test_chi_square_cli_rolls_match_the_odds_of_rating_0(cli):
    from rolecli_testing import chisquare_pvalue

    exact = odds("check", capability="0").outcomes
    rows = quick(cli, "check", 0, "-n", 3000, "--seed", 11).json
    # the lowest of d6, d12, d20 is 1..6; every value has expected count well above 5
    counts = [sum(1 for row in rows if row["ld"]["result"] == k) for k in range(1, 7)]
    expected = [float(exact[f"result_{k}"]) * len(rows) for k in range(1, 7)]
    assert chisquare_pvalue(counts, expected) > 0.001


@given(rating=st.integers(0, 3), nd=st.integers(-4, 2), innate=st.booleans(), goal=st.integers(-19, 40),
       minus2=st.sampled_from(["literal", "difference"]), reading=st.sampled_from(["table", "shift"]))
def test_odds_add_up(rating, nd, innate, goal, minus2, reading):
    o = odds("check", capability=str(rating), nd=nd, innate=innate, goal=goal,
             options={"nd_minus2": minus2, "reading": reading}).outcomes
    results = sum(v for k, v in o.items() if k.startswith("result_"))
    assert o["success"] + o["failure"] == 1
    assert results + o.get("automatic_failure", 0) == 1
    assert o["success"] == sum((v for k, v in o.items() if k.startswith("result_") and int(k[7:]) >= goal), F(0))
