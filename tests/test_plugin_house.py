"""House rules switched on per campaign (issue 13): the natural20 example
(plugins/natural20) changes a seeded sequence of checks only in the campaign
whose [rules] name it, and its odds with them; always-on house rules are
unchanged (test_plugin_containment)."""

from __future__ import annotations

from fractions import Fraction

import pytest

import rolecli_natural20
from rolecli.testing import campaign, plugins, run

def _dice(rules=None):
    return {"system": "dice", **({"rules": rules} if rules else {}), "characters": {"Ana": {"hp": 10}}}


@pytest.fixture(autouse=True)
def natural20(monkeypatch):
    monkeypatch.setenv("ROLECLI_LANG", "en")
    with plugins(rolecli_natural20):  # installed or not, it is there
        yield


def _checks(rules, modifier, target):
    with campaign(_dice(rules)):
        result = run("check", "Ana", f"1d20+{modifier}", "--target", target, "--seed", "2024", "-n", "200", "--json")
    assert result.code in (0, 1), result.err
    return result.json


# A natural 20 misses 23 by one; a natural 1 reaches 6 with +5.
@pytest.mark.parametrize("modifier, target, natural", [(2, 23, 20), (5, 6, 1)])
def test_the_house_rule_changes_the_seeded_checks_only_where_switched_on(modifier, target, natural):
    plain, housed = _checks(None, modifier, target), _checks({"house": ["natural20"]}, modifier, target)
    other = _checks({"rest": "none"}, modifier, target)
    assert [r["total"] for r in plain] == [r["total"] for r in housed]  # the same dice
    faces = [r["total"] - modifier for r in plain]
    changed = [i for i, (a, b) in enumerate(zip(plain, housed)) if a["success"] != b["success"]]
    assert changed and changed == [i for i, face in enumerate(faces) if face == natural]
    assert all(housed[i]["success"] is (natural == 20) and housed[i]["natural"] == natural for i in changed)
    assert all("natural" not in r for r in plain)
    assert other == plain  # another campaign of the same system plays as written


def test_the_log_summary_says_the_house_rule_decided():
    with campaign(_dice({"house": ["natural20"]})):
        run("check", "Ana", "d20", "--target", "25", "--dice", "20")
        logged = run("log", "-n", "1", "--json").json
    assert logged["summary"] == "natural 20: a success whatever the target (house rule natural20)"


def test_the_odds_follow_the_house_rule():
    with campaign(_dice({"house": ["natural20"]})):
        housed = run("odds", "check", "Ana", "1d20", "--target", "25", "--json").json
    with campaign(_dice()):
        plain = run("odds", "check", "Ana", "1d20", "--target", "25", "--json").json
    assert housed["outcomes"]["success"]["p"] == "1/20" and plain["outcomes"]["success"]["p"] == "0/1"
    args = ["odds", "dice", "check", "1d20", "--bonus", "5", "--target", "2", "--json"]
    assert run(*args).json["outcomes"]["failure"]["p"] == "0/1"
    quick = run(*args, "--rule", "house=natural20").json
    assert Fraction(quick["outcomes"]["failure"]["p"]) == Fraction(1, 20)  # a natural 1 fails


def test_other_dice_are_as_written():
    with campaign(_dice({"house": ["natural20"]})):
        result = run("check", "Ana", "2d10", "--target", "25", "--dice", "10,10", "--json")
    assert result.json["success"] is False and "natural" not in result.json


def test_a_quick_roll_switches_it_on_with_rule_house():
    args = ["dice", "check", "d20", "--target", "25", "--dice", "20"]
    assert run(*args).code == 1
    assert run(*args, "--rule", "house=natural20").code == 0


@pytest.mark.parametrize("rules, said", [
    ({"house": ["nosuch"]}, "house rules 'nosuch' are not installed; installed house rules: natural20"),
    ({"house": "natural20"}, "rules.house = \"natural20\" should be a list"),
])
def test_a_campaign_naming_house_rules_wrongly_is_one_line(rules, said):
    with campaign(_dice()) as folder:
        (folder / "campaign.toml").write_text(
            (folder / "campaign.toml").read_text(encoding="utf-8").replace(
                'system = "dice"', f'system = "dice"\n[rules]\nhouse = {_toml(rules["house"])}'), encoding="utf-8")
        result = run("check", "Ana", "d20", "--target", "2", "--seed", "1")
    assert result.code == 2 and result.err.count("\n") == 1 and said in result.err, result.err


def _toml(value):
    return f'"{value}"' if isinstance(value, str) else "[" + ", ".join(f'"{v}"' for v in value) + "]"


def test_house_rules_for_another_system_are_refused(cli):
    result = cli("fate", "check", "3", "--rule", "house=natural20", "--seed", "1")
    assert result.code == 2 and "house rules 'natural20' are written for dice, not for 'fate'." in result.err


def test_opt_in_house_rules_stay_out_of_every_other_call():
    from rolecli.plugins import get_plugins

    loaded = get_plugins()
    plain = loaded.system("dice").hooks.rolecli_resolve.caller.get_hookimpls()
    housed = loaded.system("dice", ["natural20"]).hooks.rolecli_resolve.caller.get_hookimpls()
    assert rolecli_natural20 not in [i.plugin for i in plain]
    assert [i.plugin for i in housed][-1] is rolecli_natural20  # called first: it wraps the system


@pytest.mark.parametrize("name", ["demo", "caminantes", "aaa", "giro", "v5", "middle"])
def test_every_system_plays_a_campaign_that_lists_its_house_rules(cli, campaigns, name):
    """``[rules] house`` is a list (none switched on here): what a system works
    out once per rule options (a status, asked after every change) takes it as
    it takes any option, in a command as in a simulation."""
    assert cli("-C", name, "campaign", "rule", "set", "house", "[]").code == 0
    shown = cli("-C", name, "character", "show", "--json")
    assert shown.code == 0, shown.err
    simulated = cli("encounter", "simulate", campaigns / name / "encounter.toml", "--trials", "3", "--seed", "1")
    assert simulated.code == 0, simulated.err
