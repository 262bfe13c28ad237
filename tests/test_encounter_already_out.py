"""A participant already out when the encounter begins (the system's status
says it cannot act: Bruno down at 0 HP) is left out of the fight and counted
apart: never among those the encounter took out, in run or in simulate, text
or JSON; encounter check warns about it, one line on stderr, and exits 0."""

from __future__ import annotations

import pytest

from test_encounter_run import _files


@pytest.fixture
def bruno_down(cli, campaigns):
    assert cli("-C", "demo", "damage", "Bruno", "20").code == 0
    return campaigns / "demo" / "encounter.toml"


def test_run_lists_him_apart(cli, bruno_down):
    played = cli("encounter", "run", bruno_down, "--seed", "1", "--dry-run", "--json")
    assert played.code == 0, played.err
    events = played.json
    assert [e for e in events if e["event"] == "left_out"] == [{"event": "left_out", "name": "Bruno",
                                                                 "why": "down (0 HP)"}]
    end = next(e for e in events if e["event"] == "end")
    assert end["already_out"] == ["Bruno"] and "Bruno" not in end["out"] and end["out"]
    assert not any("Bruno" in (e.get("actor"), e.get("target")) for e in events if e["event"] == "action")
    text = cli("encounter", "run", bruno_down, "--seed", "1", "--dry-run").out.splitlines()
    assert text[-3:] == ["Out of the fight: " + ", ".join(end["out"]) + ".", "Already out before the fight: Bruno.",
                         "Dry run: nothing was recorded."]
    spanish = cli("encounter", "run", bruno_down, "--seed", "1", "--dry-run", "--lang", "es").out.splitlines()
    assert spanish[-2] == "Ya fuera antes del combate: Bruno."


def test_a_fight_with_nobody_out_before_it_says_nothing_of_it(cli, campaigns):
    path = campaigns / "demo" / "encounter.toml"
    events = cli("encounter", "run", path, "--seed", "1", "--dry-run", "--json").json
    assert next(e for e in events if e["event"] == "end")["already_out"] == []
    assert not any(line.startswith("Already out") for line in cli("encounter", "run", path, "--seed", "1",
                                                                   "--dry-run").out.splitlines())


@pytest.mark.slow  # simulates in worker processes too (--workers 2), 1.5-3 s
def test_simulate_does_not_count_him_as_taken_out(cli, bruno_down):
    one = cli("encounter", "simulate", bruno_down, "--trials", "200", "--seed", "3", "--json")
    assert one.code == 0, one.err
    people = one.json["participants"]
    assert (people["Bruno"]["already_out"], people["Bruno"]["taken_out"], people["Bruno"]["taken_out_rate"]) \
        == (True, 0, 0.0)
    assert not any(p["already_out"] for name, p in people.items() if name != "Bruno")
    assert people["Ana"]["taken_out"] > 0  # the others are counted as before
    # the flag crosses processes like the rest
    two = cli("encounter", "simulate", bruno_down, "--trials", "200", "--seed", "3", "--json", "--workers", "2")
    assert two.out == one.out
    text = cli("encounter", "simulate", bruno_down, "--trials", "200", "--seed", "3").out.splitlines()
    assert "Bruno\théroes\talready out\t—" in text
    spanish = cli("encounter", "simulate", bruno_down, "--trials", "20", "--seed", "3", "--lang", "es").out
    assert "Bruno\théroes\tya fuera\t—" in spanish.splitlines()


def test_check_warns_one_line_each_and_exits_0(cli, campaigns, bruno_down):
    assert cli("-C", "demo", "damage", "Esqueleto", "1").code == 0  # hurt, still able: no warning
    before = _files(campaigns, "demo")
    checked = cli("encounter", "check", bruno_down)
    assert checked.code == 0
    assert checked.out.startswith("campaigns/demo/encounter.toml: ok — La cripta")
    assert checked.err.splitlines() == ["rolecli: warning: campaigns/demo/encounter.toml: Bruno is already out "
                                        "(down (0 HP)): the encounter leaves them out of the fight."]
    shown = cli("encounter", "check", bruno_down, "--json")
    assert shown.code == 0 and shown.json["already_out"] == {"Bruno": "down (0 HP)"}
    assert shown.err.count("\n") == 1
    quiet = cli("encounter", "check", bruno_down, "--quiet")
    assert quiet.code == 0 and quiet.out == checked.out and quiet.err == ""
    spanish = cli("encounter", "check", bruno_down, "--lang", "es")
    assert spanish.code == 0 and "Bruno ya está fuera (fuera de combate (0 PV))" in spanish.err
    assert _files(campaigns, "demo") == before


def test_check_of_a_fresh_campaign_says_nothing_on_stderr(cli, campaigns):
    checked = cli("encounter", "check", campaigns / "demo" / "encounter.toml", "--json")
    assert checked.code == 0 and checked.err == "" and checked.json["already_out"] == {}
