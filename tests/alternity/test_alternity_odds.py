"""Exact odds of a check (002-R1..R6) against an independent enumeration, and a
chi-square test of the sampler against them."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from aaa_helpers import options
from rolecli.testing import hooks

LADDER = {0: [], 1: [4], 2: [6], 3: [8], 4: [12], 5: [20], 6: [20, 20], -1: [4], -2: [6], -5: [20]}


def brute(score: int, rung: int) -> dict[str, Fraction]:
    """Enumerate every control die and situation die by the rules text, independently."""
    sides = LADDER[rung]
    sign = -1 if rung < 0 else 1
    counts = dict.fromkeys(("critical_failure", "failure", "ordinary", "good", "amazing"), 0)
    n = 0
    for control in range(1, 21):
        for sit in itertools.product(*[range(1, s + 1) for s in sides]):
            n += 1
            total = control + sign * sum(sit)
            if control == 20:
                counts["critical_failure"] += 1
            elif total <= score // 4:
                counts["amazing"] += 1
            elif total <= score // 2:
                counts["good"] += 1
            elif total <= score or (control == 1 and rung < 5):
                counts["ordinary"] += 1
            else:
                counts["failure"] += 1
    return {k: Fraction(v, n) for k, v in counts.items()}


def test_002_R2_exact_odds_of_a_specialty():
    from rolecli_alternity.odds import check_odds

    got = check_odds(13, 0)
    assert got["amazing"] == Fraction(3, 20) and got["good"] == Fraction(3, 20)
    assert got["ordinary"] == Fraction(7, 20) and got["failure"] == Fraction(6, 20)
    assert got["critical_failure"] == Fraction(1, 20) and got["success"] == Fraction(13, 20)


@pytest.mark.parametrize("score,rung", [(13, 1), (5, 4), (10, 6), (13, -2), (25, -5), (12, 5), (0, 0)])
def test_002_R5_R6_exact_odds_match_enumeration(score, rung):
    from rolecli_alternity.odds import check_odds

    got = check_odds(score, rung)
    want = brute(score, rung)
    for key, value in want.items():
        assert got[key] == value, key
    assert sum(want.values()) == 1


def test_odds_through_the_command_line(cli):
    r = cli("odds", "alternity", "check", "13", "--json")
    assert r.code == 0
    assert "13/20" in r.out


def test_odds_include_dazed_and_policies():
    from rolecli_alternity.odds import check_odds
    from aaa_helpers import character
    import rolecli_alternity as plugin
    from rolecli.contract import Action, Context
    from rolecli.dice.source import DiceSource

    ch = character("x", CON=10, state={"mortal": 1})
    odds = hooks(plugin).rolecli_odds(action=Action("check", {"score": "13"}, ch), ctx=Context("en", DiceSource(), options()))
    assert odds.outcomes["success"] == check_odds(13, 1)["success"]      # +1 step for 1 mortal point
    spent = hooks(plugin).rolecli_odds(action=Action("check", {"score": "13", "last_resort": "if-failed"}),
                                       ctx=Context("en", DiceSource(), options()))
    base = check_odds(13, 0)
    assert spent.outcomes["ordinary"] == base["ordinary"] + base["failure"]


def test_sampler_matches_exact_odds_chi_square():
    from rolecli_testing import chisquare_pvalue

    import rolecli_alternity as plugin
    from rolecli.contract import Action, Context
    from rolecli.dice.source import DiceSource
    from rolecli_alternity.odds import check_odds

    keys = ("critical_failure", "failure", "ordinary", "good", "amazing")
    exact = check_odds(13, 1)
    n = 3000
    seen = dict.fromkeys(keys, 0)
    src = DiceSource(seed=20240602)
    ctx = Context("en", src, options())
    aaa = hooks(plugin)
    for _ in range(n):
        out = aaa.rolecli_resolve(action=Action("check", {"score": "13", "kind": "broad"}), ctx=ctx)
        seen[out.data["degree"]] += 1
    expected = [float(exact[k]) * n for k in keys]
    p = chisquare_pvalue([seen[k] for k in keys], expected)
    assert p > 0.001, (seen, expected)
