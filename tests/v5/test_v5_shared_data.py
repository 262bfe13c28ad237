"""House rules wrap the system's hooks and may edit the outcome they get in
place (docs/plugins.md, "Writing house rules"), while a v5 outcome's data is
built from values the plugin keeps for the next roll (a pool kept for its sheet
and state, a tracker for its marks): the core hands the house rules a copy, so
their edit never reaches the next roll. What an attack leaves is shared, and
read-only."""

from __future__ import annotations

import json

import pytest

from rolecli import hookimpl
from rolecli.testing import campaign, plugins, run
from rolecli_v5.conflict import attacked



class Surge:
    """House rules 'surge' for v5, written as a table might: a check rolls one
    more regular die, and its record says so."""

    ROLECLI_CONTRACT = 2
    ROLECLI_HOUSE_RULES = "surge"
    ROLECLI_HOUSE_SYSTEMS = ("v5",)
    __name__ = "surge"

    @hookimpl(wrapper=True)
    def rolecli_resolve(self, action, ctx):
        outcome = yield
        roll = outcome.data.get("roll")
        if action.name == "check" and roll is not None:
            die = ctx.dice.roll(10, "surge")
            pool = roll["pool"]  # edited in place, as a wrapper may
            pool["modifiers"]["surge"] = 1
            pool["whole"] += 1
            pool["size"] += 1
            roll["regular"].append(die)
        return outcome


MORTAL = {"system": "v5", "characters": {"Ana": {"attributes": {"Destreza": 3}, "skills": {"Sigilo": 2}}}}


def test_a_house_rule_editing_a_check_leaves_the_next_check_as_the_rules_say(monkeypatch):
    monkeypatch.setenv("ROLECLI_LANG", "en")
    with plugins(Surge()), campaign(MORTAL):
        # the same check twice in one command (-n 2), as a fight rolls the same pool again
        result = run("check", "Ana", "Destreza+Sigilo", "--difficulty", "2", "--dice", "6,7,1,2,3,8,6,7,1,2,3,8",
                     "-n", "2", "--json", "--rule", "house=surge")
        plain = run("check", "Ana", "Destreza+Sigilo", "--difficulty", "2", "--dice", "6,7,1,2,3,6,7,1,2,3",
                    "-n", "2", "--json")
    assert result.code == 0 and plain.code == 0, result.err + plain.err
    housed = [json.loads(line) for line in result.out.splitlines()]
    # Destreza 3 + Sigilo 2: a pool of 5 regular dice (a mortal rolls no Hunger dice, 003-R3),
    # and the house rule's one more, each time
    for check in housed:
        assert check["roll"]["pool"]["modifiers"] == {"surge": 1}
        assert (check["roll"]["pool"]["whole"], check["roll"]["pool"]["size"]) == (5 + 1, 5 + 1)
        assert check["roll"]["regular"] == [6, 7, 1, 2, 3, 8]
        assert check["successes"] == 2  # 6 and 7: the check's own dice (6 or more, 003-R3)
    for check in (json.loads(line) for line in plain.out.splitlines()):
        assert check["roll"]["pool"] == {"traits": [{"name": "Destreza", "dots": 3, "untrained": False},
                                                    {"name": "Sigilo", "dots": 2, "untrained": False}],
                                         "base": 5, "modifiers": {}, "whole": 5, "split": None, "size": 5,
                                         "hunger_dice": 0}


def test_the_mark_an_attack_leaves_is_shared_but_read_only():
    # one Effect for every attack of a pair (the core records a copy of it): nobody
    # who gets it can change what the next attack leaves
    mark = attacked("Tracy", "Leah", "en")
    assert attacked("Tracy", "Leah", "en") is mark and mark.data == {}
    with pytest.raises(TypeError):
        mark.data["penalty"] = 1  # type: ignore[index]
