"""Caminantes declares each verb once (issue 19): ``system`` names the function
that plays it and its odds, the plugin implements no per-verb hook, and what the
core checks (rule options against their choices and ranges) it checks alone."""

from __future__ import annotations

from fractions import Fraction

import pytest

import rolecli_fate as fate

from fate_helpers import odds, run

VERB_HOOKS = ("rolecli_roll", "rolecli_resolve", "rolecli_apply_damage", "rolecli_recover", "rolecli_initiative",
              "rolecli_odds")


def test_every_verb_names_its_function_and_no_hook_dispatches_on_verbs():
    assert [h for h in VERB_HOOKS if hasattr(fate, h)] == []
    assert [s.name for s in fate.INFO.actions if s.run is None] == []
    assert {s.name for s in fate.INFO.actions if s.odds} == {"check", "contest", "attack"}


@pytest.mark.parametrize("rule,problem", [("stress=bogus", 'is not one of: "points", "sotc"'),
                                          ("max_consequences=9", "is out of range 1..4")])
def test_a_bad_rule_option_is_refused_by_the_core_in_one_line(cli, rule, problem):
    r = cli("fate", "check", "3", "--rule", rule, "--seed", "1")
    assert r.code == 2 and r.out == ""
    assert r.err.strip().splitlines() == [f"rolecli: --rule {rule} {problem}."]


def test_a_direct_call_gets_the_declared_defaults():
    # --difficulty defaults to Promedio (+1, 000-R2) and contest_tie to "tie": 2 + 0 against 2 + 0 ties.
    assert run("check", skill="1", dice="0,0,0,0").data["difficulty"] == 1
    assert run("contest", skill="2", opposition="2", dice="0,0,0,0,0,0,0,0").data["result"] == "tie"
    # 1 against Promedio (+1) needs 4dF >= 0: 19 + 16 + 10 + 4 + 1 of the 81 outcomes.
    assert odds("check", skill="1").outcomes["success"] == Fraction(50, 81)
