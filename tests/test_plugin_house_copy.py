"""The house rules wrapping a hook get a result of their own to change in place
(docs/plugins.md, "Writing house rules"), while a system may build its results
from values it keeps for the next roll: the core hands the wrappers a copy of
the system's sound result, every field kept (a plugin's own Outcome subclass
too), its containers their own, an effect's data included."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import pytest

from rolecli import hookimpl
from rolecli.contract import ActionSpec, Effect, Label, Odds, Outcome, SystemInfo
from rolecli.testing import plugins, run

KEPT_DATA = {"roll": {"dice": [4], "total": 4}}  # what the system keeps for the next roll, never to change
KEPT_ODDS = {"success": Fraction(1, 2), "failure": Fraction(1, 2)}
KEPT_MARK = Effect(on="Ana", text="watched", key="watched", data={"by": ["Bo"]})  # an effect it leaves, kept too


@dataclass
class Told(Outcome):
    """A plugin's own kind of outcome, with a field of its own."""

    told_by: str = ""


class Kept:
    ROLECLI_CONTRACT = 2
    INFO = SystemInfo(name="kept", names=Label(en="Kept"),
                      actions=(ActionSpec("check", "resolve", Label(en="a check"), actor="none", odds=True),))

    @hookimpl
    def rolecli_system(self):
        return self.INFO

    @hookimpl
    def rolecli_resolve(self, action, ctx):
        return Told(data=KEPT_DATA, lines=["4"], success=True, effects=[KEPT_MARK], told_by="kept")

    @hookimpl
    def rolecli_odds(self, action, ctx):
        return Odds(outcomes=KEPT_ODDS)


class Loaded:
    """House rules 'loaded': a check's total one higher, and no failure in its odds, edited in place."""

    ROLECLI_CONTRACT = 2
    ROLECLI_HOUSE_RULES = "loaded"
    __name__ = "loaded"

    @hookimpl(wrapper=True)
    def rolecli_resolve(self, action, ctx):
        outcome = yield
        outcome.data["roll"]["total"] += 1
        outcome.data["roll"]["dice"].append("loaded")
        outcome.effects[0].data["by"].append("the house")
        outcome.lines.append(f"loaded: {type(outcome).__name__} by {outcome.told_by}")
        return outcome

    @hookimpl(wrapper=True)
    def rolecli_odds(self, action, ctx):
        odds = yield
        odds.outcomes["success"] = odds.outcomes.pop("failure") + odds.outcomes["success"]
        return odds


@pytest.fixture(autouse=True)
def kept(monkeypatch):
    monkeypatch.setenv("ROLECLI_LANG", "en")
    with plugins(Kept(), Loaded()):
        yield


def test_a_house_rule_edits_its_own_copy_of_each_result():
    for _ in range(2):  # the second call finds the kept values as the system made them
        result = run("kept", "check", "--rule", "house=loaded", "--json")
        assert result.code == 0, result.err
        assert result.json["roll"] == {"dice": [4, "loaded"], "total": 5}
    assert KEPT_DATA == {"roll": {"dice": [4], "total": 4}} and KEPT_MARK.data == {"by": ["Bo"]}
    said = run("kept", "check", "--rule", "house=loaded")
    assert said.out.splitlines()[-1] == "loaded: Told by kept"  # the plugin's own kind, its own field kept
    assert run("kept", "check", "--json").json["roll"] == {"dice": [4], "total": 4}


def test_a_house_rule_edits_its_own_copy_of_the_odds():
    for _ in range(2):
        odds = run("odds", "kept", "check", "--rule", "house=loaded", "--json")
        assert odds.code == 0, odds.err
        assert {k: v["p"] for k, v in odds.json["outcomes"].items()} == {"success": "1/1"}
    assert KEPT_ODDS == {"success": Fraction(1, 2), "failure": Fraction(1, 2)}
