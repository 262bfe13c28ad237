"""Exact odds of tests, contests and attacks (rulings) against an independent
enumeration of every face, by hand for the smallest pools, through the command
line, and a chi-square test of the sampler against them at a fixed seed."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from rolecli_v5.odds import check_odds, contest_odds

from v5_helpers import call, reroll_faces, v5

FACES = range(1, 11)
DEGREES = ("messy_critical", "critical_win", "win", "tie", "failure", "total_failure", "bestial_failure")


def count(dice) -> int:
    """By the rulings, independently: one success per 6+, two more per pair of 10s."""
    return sum(d >= 6 for d in dice) + 2 * (list(dice).count(10) // 2)


def classify(regular, hunger, won: bool, tied: bool = False) -> str:
    dice = list(regular) + list(hunger)
    if won:
        if dice.count(10) >= 2:
            return "messy_critical" if 10 in hunger else "critical_win"
        return "win"
    if tied:
        return "tie"
    if 1 in hunger:
        return "bestial_failure"
    return "total_failure" if count(dice) == 0 else "failure"


MOST_REROLLED = 3  # a Willpower reroll takes up to three failed regular dice


def brute_check(regular: int, hunger: int, difficulty: int, reroll: bool = False) -> Counter:
    """Counted in whole numbers, divided once at the end: each face of the first roll
    weighs 10**3, shared out equally among the 10**k faces of a reroll of k dice."""
    out: Counter = Counter()
    weight = 10 ** MOST_REROLLED
    for faces in itertools.product(FACES, repeat=regular + hunger):
        reg, hun = faces[:regular], faces[regular:]
        failed = [i for i, d in enumerate(reg) if d < 6][:MOST_REROLLED]
        best = list(reg) + list(hun)
        for i in failed:
            best[i] = 10
        if reroll and count(faces) < difficulty and failed and count(best) >= difficulty:
            kept = [d for i, d in enumerate(reg) if i not in failed]
            share = weight // 10 ** len(failed)
            for stand_in, ways in reroll_faces(len(failed)).items():
                new = kept + list(stand_in)
                out[classify(new, hun, count(new + list(hun)) >= difficulty)] += ways * share
        else:
            out[classify(reg, hun, count(faces) >= difficulty)] += weight
    total = 10 ** (regular + hunger) * weight
    return Counter({k: Fraction(v, total) for k, v in out.items()})


def brute_contest(a: tuple[int, int], d: tuple[int, int]) -> Counter:
    theirs = Counter(count(faces) for faces in itertools.product(FACES, repeat=sum(d)))  # successes: faces
    out: Counter = Counter()
    for faces in itertools.product(FACES, repeat=sum(a)):
        mine = count(faces)
        for other, ways in theirs.items():
            out[classify(faces[:a[0]], faces[a[0]:], mine > other, mine == other)] += ways
    total = 10 ** (sum(a) + sum(d))
    return Counter({k: Fraction(v, total) for k, v in out.items()})


def test_odds_by_hand_for_the_smallest_pools():
    one = check_odds(1, 0, 1)
    assert one["success"] == Fraction(5, 10) and one["total_failure"] == Fraction(5, 10)
    two = check_odds(2, 0, 2)
    assert two["success"] == Fraction(1, 4)                      # both dice 6+
    assert two["critical_win"] == Fraction(1, 100)               # both 10s: 4 successes
    hungry = check_odds(0, 1, 1)  # one Hunger die: 6+ wins, 1 is bestial, 2–5 is no success at all
    assert (hungry["win"], hungry["bestial_failure"], hungry["total_failure"]) == (Fraction(1, 2), Fraction(1, 10),
                                                                                   Fraction(4, 10))


@pytest.mark.parametrize("regular,hunger,difficulty", [(4, 0, 2), (2, 2, 3), (1, 3, 2), (3, 1, 5), (0, 4, 1)])
def test_gap1_check_odds_match_every_face(regular, hunger, difficulty):
    got = check_odds(regular, hunger, difficulty)
    want = brute_check(regular, hunger, difficulty)
    for key in DEGREES[:3] + DEGREES[4:]:
        assert got[key] == want[key], key
    assert sum(v for k, v in got.items() if k.startswith("margin_")) == got["success"]


# (4, 0, 3): with four failed dice only three are rerolled
@pytest.mark.parametrize("regular,hunger,difficulty", [(2, 1, 2), (3, 0, 3), (4, 0, 3)])
def test_gap11_odds_with_a_willpower_reroll_match_every_face(regular, hunger, difficulty):
    got = check_odds(regular, hunger, difficulty, reroll=True)
    want = brute_check(regular, hunger, difficulty, reroll=True)
    for key in want:
        assert got[key] == want[key], key
    assert got["success"] > check_odds(regular, hunger, difficulty)["success"]  # the reroll only helps


@pytest.mark.parametrize("a,d", [((2, 1), (2, 0)), ((1, 1), (1, 1))])
def test_003_R4_contest_odds_match_every_face(a, d):
    got = contest_odds(a, d)
    want = brute_contest(a, d)
    for key in DEGREES:
        assert got[key] == want[key], key


def test_odds_through_the_command_line(cli):
    r = cli("odds", "v5", "check", "1", "--difficulty", "1", "--hunger", "1", "--json")
    assert r.code == 0
    outcomes = r.json["outcomes"]
    assert outcomes["bestial_failure"]["p"] == "1/10" and outcomes["success"]["p"] == "1/2"
    r = cli("odds", "v5", "attack", "2", "1", "--weapon", "3", "--json")
    # a one-sided attack deals margin + 3 when it wins; with 2 dice against 1 the margin is 1 … 4.
    outcomes = r.json["outcomes"]
    assert {k for k in outcomes if k.startswith("damage_")} <= {f"damage_{3 + m}" for m in range(1, 5)}
    assert sum(Fraction(v["p"]) for k, v in outcomes.items() if k.startswith("damage_")) == Fraction(
        outcomes["success"]["p"])


def test_odds_of_an_attack_against_a_difficulty_deal_at_least_one(cli):
    r = cli("odds", "v5", "attack", "1", "--difficulty", "1", "--json")
    assert r.json["outcomes"]["damage_1"]["p"] == "1/2"  # a 6+ meets difficulty 1: margin 0, so 1 damage


def test_odds_of_a_contest_with_a_reroll_policy_are_refused(cli):
    r = cli("odds", "v5", "contest", "3", "3", "--reroll", "failures")
    assert r.code == 2 and "are not computed" in r.err


def _sample(verb: str, n: int, seed: int, **params) -> Counter:
    from rolecli.dice.source import DiceSource

    import rolecli_v5
    from rolecli.contract import Action, Context
    from rolecli.testing import hooks

    plugin = hooks(rolecli_v5)

    source = DiceSource(seed)
    ctx = Context("en", source, {}, {})
    seen: Counter = Counter()
    for _ in range(n):
        seen[plugin.rolecli_resolve(action=Action(verb, dict(params)), ctx=ctx).data["degree"]] += 1
    return seen


def _chi_square(seen: Counter, exact: dict, n: int) -> float:
    """The p-value of the counts against the exact odds, the rare degrees (under 5
    expected) counted with the most likely one so that every cell expects 5 or more."""
    from rolecli_testing import chisquare_pvalue

    keys = sorted((k for k in DEGREES if k in exact), key=lambda k: -exact[k])
    common = [k for k in keys if exact[k] * n >= 5]
    observed = [seen[k] for k in common]
    expected = [float(exact[k]) * n for k in common]
    rare = [k for k in keys if k not in common]
    observed[0] += sum(seen[k] for k in rare)
    expected[0] += sum(float(exact[k]) * n for k in rare)
    assert sum(observed) == n and abs(sum(expected) - n) < 1e-6
    return chisquare_pvalue(observed, expected)


@pytest.mark.slow  # 20,000 sampled checks
def test_chi_square_the_sampler_of_a_test_with_rerolls_matches_the_exact_odds():
    n = 20_000
    seen = _sample("check", n, 2026, pool="6", difficulty=3, hunger=2, reroll="failures")
    assert _chi_square(seen, check_odds(4, 2, 3, reroll=True), n) > 0.001


@pytest.mark.slow  # 20,000 sampled contests
def test_chi_square_the_sampler_of_a_contest_matches_the_exact_odds():
    n = 20_000
    seen = _sample("contest", n, 7, pool="5", opposition="4", hunger=1, target_hunger=2)
    assert _chi_square(seen, contest_odds((4, 1), (2, 2)), n) > 0.001


def test_the_sampler_goes_through_the_cli_the_same_way(cli):
    r = v5(cli, "check", 4, "--difficulty", 2, "--seed", 11, "-n", 50)
    assert len(r.json) == 50 and {row["degree"] for row in r.json} <= {"messy_critical", "critical_win", "win",
                                                                         "failure", "total_failure"}
    again = call("check", seed=11, pool="4", difficulty=2)
    assert again.data["successes"] == r.json[0]["successes"]
