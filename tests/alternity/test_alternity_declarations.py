"""AAA declares each verb once (issue 19): ``system`` names the function that
plays it and its odds, the plugin implements no per-verb hook, and what the
core checks (rule options against their choices) it checks alone."""

from __future__ import annotations

import pytest

import rolecli_alternity as aaa

from aaa_helpers import call

VERB_HOOKS = ("rolecli_roll", "rolecli_resolve", "rolecli_apply_damage", "rolecli_recover", "rolecli_initiative",
              "rolecli_odds")


def test_every_verb_names_its_function_and_no_hook_dispatches_on_verbs():
    assert [h for h in VERB_HOOKS if hasattr(aaa, h)] == []
    assert [s.name for s in aaa.INFO.actions if s.run is None] == []
    assert {s.name for s in aaa.INFO.actions if s.odds} == {"check", "attack", "action-check"}


@pytest.mark.parametrize("rule,problem", [("help_stack=bogus", 'is not one of: "sum", "best"'),
                                          ("breath_knockout=never", 'is not one of: "failure", "stun"')])
def test_a_bad_rule_option_is_refused_by_the_core_in_one_line(cli, rule, problem):
    r = cli("alternity", "check", "13", "--rule", rule, "--seed", "1")
    assert r.code == 2 and r.out == ""
    assert r.err.strip().splitlines() == [f"rolecli: --rule {rule} {problem}."]


def test_scatter_is_a_verb_of_its_own():
    # 002-R46: a d4 of 3 sends the grenade to the left of the target.
    assert call("scatter", dice=[3]).data == {"d4": 3, "direction": "left"}
