"""House rules wrap the system's hooks and may edit the outcome they get in
place (docs/plugins.md, "Writing house rules"), while a giro outcome's data is
built from values the plugin keeps for the next roll (a side's Turn, kept for
its dice, and its numbers): the core hands the house rules a copy, so their
edit never reaches the next roll."""

from __future__ import annotations


import pytest

from rolecli import hookimpl
from rolecli.testing import plugins, run



class Heroic:
    """House rules 'heroic' for giro, written as a table might: a successful
    check's Day Die counts 1 higher, and so does its Success Factor; the side
    that wins a contest adds 1 to its Success Factor. The data says so."""

    ROLECLI_CONTRACT = 2
    ROLECLI_HOUSE_RULES = "heroic"
    ROLECLI_HOUSE_SYSTEMS = ("giro",)
    __name__ = "heroic"

    @hookimpl(wrapper=True)
    def rolecli_resolve(self, action, ctx):
        outcome = yield
        data = outcome.data  # edited in place, as a wrapper may
        if data["verb"] == "check" and data["success_factor"] is not None and data["day"] is not None:
            data["day"]["value"] += 1
            data["success_factor"] += 1
        won = {"actor": data.get("roll"), "target": data.get("opposition")}.get(data.get("winner"))
        if won is not None and won["success_factor"] is not None:
            won["success_factor"] += 1
        return outcome


@pytest.fixture
def heroic(monkeypatch):
    monkeypatch.setenv("ROLECLI_LANG", "en")
    with plugins(Heroic()):
        yield


def _json(*args: str) -> dict:
    result = run("giro", *args, "--json")
    assert result.code == 0, result.err
    return result.json


def test_a_house_rule_editing_a_check_leaves_the_next_check_as_the_rules_say(heroic):
    # the limit 6 alone, difficulty 1: a Day Die of 5 is within range, a success whose
    # Success Factor is that die's value, 5 (001-R1, R7)
    first, again = (_json("check", "6", "--dice", "5", "--rule", "house=heroic") for _ in range(2))
    assert first["day"]["value"] == again["day"]["value"] == 5 + 1
    assert first["success_factor"] == again["success_factor"] == 5 + 1
    plain = _json("check", "6", "--dice", "5")
    assert plain["day"] == {"dice": [5], "kept": 5, "adjust": 0, "value": 5, "in_range": True}
    assert plain["success_factor"] == 5


def test_a_house_rule_editing_a_contest_leaves_the_next_contest_as_the_rules_say(heroic):
    # limits 6 and 4, difficulty 1: Day Dice 5 and 3 are both within range, and the
    # higher result wins (001-R18); the winner's Success Factor is its die, 5 (001-R7)
    first, again = (_json("contest", "6", "4", "--dice", "5,3", "--rule", "house=heroic") for _ in range(2))
    assert first["winner"] == again["winner"] == "actor"
    assert first["roll"]["success_factor"] == again["roll"]["success_factor"] == 5 + 1
    plain = _json("contest", "6", "4", "--dice", "5,3")
    assert plain["roll"]["success_factor"] == 5 and plain["opposition"]["success_factor"] == 3  # in range too
    assert plain["roll"]["day"] == {"dice": [5], "kept": 5, "adjust": 0, "value": 5, "in_range": True}
