"""Exact odds of Giro de Reloj checks and contests, worked out by hand or by a
brute-force count over every die, and the sampler checked against them with a
chi-square test at a fixed seed; properties of the rolls with hypothesis."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings, strategies as st

import rolecli_giro as giro_plugin
from rolecli.contract import Action, Context
from rolecli.dice.source import DiceSource
from rolecli.testing import hooks
from rolecli_giro import odds as exact

from giro_helpers import run, side

F = Fraction
giro = hooks(giro_plugin)  # the plugin's hooks as the core calls them


def test_001_R6_test_odds_by_hand(cli):
    # range 3–7 (001-T2): the Day Die is in range 5/12; else the Night Die, in range 5/12 again
    r = cli("odds", "giro", "check", "4+3", "--difficulty", "3", "--json")
    got = {k: F(v["p"]) for k, v in r.json["outcomes"].items()}
    assert got["clean"] == F(5, 12)
    assert got["success_with_consequences"] == F(7, 12) * F(5, 12)
    assert got["fiasco"] == F(7, 12) * F(7, 12)
    assert got["failure"] == 0  # the default policy always rolls the Night Die after a failed Day Die
    assert got["success"] == F(5, 12) + F(35, 144)
    for fe in range(3, 8):  # 001-R7: a Day Die or a Night Die showing fe
        assert got[f"success_factor_{fe}"] == F(1, 12) + F(7, 12) * F(1, 12)
    for ff in (1, 2, 8, 9, 10, 11, 12):  # 001-R8: a failed Night Die showing ff
        assert got[f"failure_factor_{ff}"] == F(7, 12) * F(1, 12)


def test_001_R6_declining_the_night_die_leaves_plain_failures():
    o = exact.test_odds(side(7, 3, night="never"))
    assert o["success"] == F(5, 12) and o["failure"] == F(7, 12) and o["fiasco"] == 0


def test_001_R13_extra_dice_odds_by_hand():
    # two Day Dice, range 1–7, no Night Die: fails only when both show 8–12
    assert exact.test_odds(side(7, extra_day=1, night="never"))["success"] == 1 - F(5, 12) ** 2
    # range 1–6 with two Night Dice: the highest must be ≤ 6
    o = exact.test_odds(side(6, extra_night=1))
    assert o["clean"] == F(1, 2) and o["success_with_consequences"] == F(1, 2) * F(1, 2) ** 2
    # tempting fate with one Day Die: three Night Dice at once, the highest ≤ 7
    o = exact.test_odds(side(7, tempt=True))
    assert o["success_with_consequences"] == F(7, 12) ** 3 and o["clean"] == 0
    # a Night Turn: one Night Die
    assert exact.test_odds(side(7, night_turn=True))["success_with_consequences"] == F(7, 12)


def test_001_R14_the_adjustment_policy_widens_the_range_by_its_points():
    # range 3–7 with 1 point: a Day Die of 2..8 can be brought in (7 faces of 12)
    o = exact.test_odds(side(7, 3, adjust=1, night="never"))
    assert o["success"] == F(7, 12)
    # the point raises each die toward the limit: 2→3, 3→4, 4→5, 5→6, and 6, 7 and 8 (lowered) all end at 7
    assert [o[f"success_factor_{fe}"] for fe in range(3, 8)] == [F(1, 12)] * 4 + [F(3, 12)]


def _by_the_rules(la: int, lb: int, tie: str = "stalemate") -> dict[str, Fraction]:
    """001-R18 counted over every die (Day Die, Day Die, Night Die, Night Die) of
    two sides with difficulty 1 that roll the Night Die when failing or losing,
    and only when it can still win: its best result (its limit, at most 12)
    must beat the other side's (a tie wins for the target under defender)."""
    counts = {"win": 0, "loss": 0, "stalemate": 0, "simultaneous_failure": 0}
    for da, db, na, nb in product(range(1, 13), repeat=4):
        a = da if da <= la else None
        b = db if db <= lb else None
        used = {"a": False, "b": False}

        def beats(x, y):
            return x is not None and (y is None or x > y)

        def can_win(limit, rival, ties_win=False):
            top = min(limit, 12)
            return top >= 1 and (rival is None or top > rival or (ties_win and top == rival))

        while True:
            if not used["a"] and (a is None or beats(b, a) or (tie == "defender" and a == b)) and can_win(la, b):
                used["a"], a = True, (na if na <= la else None)
            elif not used["b"] and (b is None or beats(a, b)) and can_win(lb, a, tie == "defender"):
                used["b"], b = True, (nb if nb <= lb else None)
            else:
                break
        if a is None and b is None:
            counts["simultaneous_failure"] += 1
        elif beats(a, b):
            counts["win"] += 1
        elif beats(b, a) or tie == "defender":
            counts["loss"] += 1
        else:
            counts["stalemate"] += 1
    return {k: F(v, 12 ** 4) for k, v in counts.items()}


@pytest.mark.slow  # every face of four d12 per pool
@pytest.mark.parametrize("la,lb,tie", [(8, 7, "stalemate"), (5, 9, "stalemate"), (7, 7, "defender")])
def test_001_R18_contest_odds_match_a_count_over_every_die(la, lb, tie):
    o = exact.contest_odds(side(la, night="on-loss"), side(lb, night="on-loss"), tie)
    expected = _by_the_rules(la, lb, tie)
    assert o["success"] == expected["win"] == o["win_clean"] + o["win_with_consequences"]
    assert o["loss"] == expected["loss"] and o["stalemate"] == expected["stalemate"]
    assert o["simultaneous_failure"] == expected["simultaneous_failure"]  # 001-R19
    assert sum(o[k] for k in ("success", "loss", "stalemate", "simultaneous_failure")) == 1


def test_contest_tie_reroll_odds_drop_the_ties_but_the_last():
    once = exact.contest_odds(side(7, night="never"), side(7, night="never"), "stalemate")
    again = exact.contest_odds(side(7, night="never"), side(7, night="never"), "reroll")
    t = once["stalemate"]  # both Day Dice equal and ≤ 7: 7/144
    assert t == F(7, 144)
    assert again["stalemate"] == t ** 11  # ten rerolls, then it stands
    assert again["success"] == once["success"] * sum(t ** k for k in range(11))
    assert sum(again[k] for k in ("success", "loss", "stalemate", "simultaneous_failure")) == 1


def test_odds_refuse_an_explicit_day_die(cli):
    r = cli("odds", "giro", "check", "4+3", "--keep-day", "5")
    assert r.code == 2 and "--keep-day" in r.err


def _sample(verb: str, n: int, seed: int, key, **params) -> dict:
    ctx = Context("en", DiceSource(seed=seed), {"contest_tie": params.pop("tie", "stalemate")}, {})
    counts: dict = {}
    for _ in range(n):
        out = giro.rolecli_resolve(action=Action(verb, dict(params)), ctx=ctx)
        counts[key(out.data)] = counts.get(key(out.data), 0) + 1
    return counts


def _chi_square(counts: dict, probabilities: dict, n: int) -> float:
    from rolecli_testing import chisquare_pvalue

    keys = [k for k, p in probabilities.items() if p > 0]
    assert set(counts) <= set(keys)
    observed = [counts.get(k, 0) for k in keys]
    expected = [float(probabilities[k]) * n for k in keys]
    return chisquare_pvalue(observed, expected)


@pytest.mark.slow  # thousands of sampled checks
def test_check_sampler_matches_the_exact_odds():
    n = 6000
    params = dict(challenge="4+2", difficulty=2, adjust=1, extra_day=1)
    counts = _sample("check", n, 2024, lambda d: d["outcome"], **params)
    o = exact.test_odds(side(6, 2, adjust=1, extra_day=1))
    probabilities = {"success": o["clean"], "success_with_consequences": o["success_with_consequences"],
                     "failure": o["failure"], "fiasco": o["fiasco"]}
    assert _chi_square(counts, probabilities, n) > 0.001
    factors = _sample("check", n, 7, lambda d: d["success_factor"] or 0, **params)
    by_factor = {fe: o.get(f"success_factor_{fe}", F(0)) for fe in range(1, 13)} | {0: 1 - o["success"]}
    assert _chi_square(factors, by_factor, n) > 0.001


@pytest.mark.slow  # thousands of sampled contests
def test_contest_sampler_matches_the_exact_odds():
    n = 6000
    counts = _sample("contest", n, 99, lambda d: d["outcome"], challenge="6", opposition="5", adjust=1)
    o = exact.contest_odds(side(6, adjust=1, night="on-loss"), side(5, night="on-loss"), "stalemate")
    probabilities = {"win": o["success"], "loss": o["loss"], "stalemate": o["stalemate"],
                     "simultaneous_failure": o["simultaneous_failure"]}
    assert _chi_square(counts, probabilities, n) > 0.001


@settings(max_examples=60)
@given(attribute=st.integers(1, 8), skill=st.integers(0, 6), difficulty=st.integers(1, 8),
       adjust=st.integers(0, 3), extra_day=st.integers(0, 2), extra_night=st.integers(0, 2),
       night=st.sampled_from(["never", "on-failure"]), seed=st.integers(0, 10 ** 6))
def test_seed_repeats_and_the_same_dice_through_dice_agree(attribute, skill, difficulty, adjust, extra_day,
                                                           extra_night, night, seed):
    params = dict(challenge=f"{attribute}+{skill}", difficulty=difficulty, adjust=adjust, extra_day=extra_day,
                  extra_night=extra_night, night=night)
    first = run("check", seed=seed, **params)
    assert run("check", seed=seed, **params).data == first.data  # --seed repeats
    dice = (first.data["day"]["dice"] if first.data["day"] else []) + \
        (first.data["night"]["dice"] if first.data["night"] else [])
    again = run("check", dice=dice, **params)
    assert again.data == first.data  # the same dice given with --dice read the same
    limit = attribute + skill
    if first.data["success_factor"] is not None:  # 001-R5/R7: a Success Factor lies within the range
        assert difficulty <= first.data["success_factor"] <= limit
    if first.data["failure_factor"] is not None:  # 001-R9: never below 1
        assert first.data["failure_factor"] >= 1 and first.data["outcome"] == "fiasco"
    assert first.data["adjustment"]["spent"] <= adjust
    assert (first.data["night"] is not None) == first.data["consequences"]  # 001-R11


@settings(max_examples=40)
@given(la=st.integers(0, 12), lb=st.integers(0, 12), seed=st.integers(0, 10 ** 6),
       tie=st.sampled_from(["stalemate", "defender", "reroll"]))
def test_contest_winner_has_the_highest_result_within_its_limit(la, lb, seed, tie):
    out = run("contest", seed=seed, options={"contest_tie": tie}, challenge=str(la), opposition=str(lb))
    a, b = out.data["roll"]["result"], out.data["opposition"]["result"]
    assert a is None or a <= la
    assert b is None or b <= lb
    if out.data["winner"] == "actor":
        assert a is not None and (b is None or a > b)
    if out.data["outcome"] == "simultaneous_failure":
        assert a is None and b is None
    if out.data["outcome"] == "stalemate":
        assert a == b and a is not None and tie != "defender"


def test_001_R17_assistants_given_again_count_as_by_commas_in_the_odds_and_their_header(cli):
    # (a list option given again once kept only its last value: one assistant's Day Die where two were asked)
    repeated = cli("odds", "giro", "check", "4+3", "--difficulty", "3", "--assist", "1", "--assist", "2")
    by_commas = cli("odds", "giro", "check", "4+3", "--difficulty", "3", "--assist", "1,2")
    alone = cli("odds", "giro", "check", "4+3", "--difficulty", "3", "--assist", "2")
    assert repeated.code == by_commas.code == 0, repeated.err
    assert repeated.out == by_commas.out != alone.out
    assert "assist=1,2 " in repeated.out.splitlines()[0]
