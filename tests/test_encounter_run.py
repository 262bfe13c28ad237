"""encounter run: each sample encounter played on its campaign, recorded as one
change that one undo takes back; --dry-run records nothing; --dice, --step,
--json; a refusal while playing writes nothing."""

from __future__ import annotations

import json

import pytest

SAMPLES = ["demo", "caminantes", "aaa", "giro", "v5", "middle"]


def _files(campaigns, camp):
    folder = campaigns / camp
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file() and p.name != ".lock"}


def _states(cli, camp):
    shown = cli("-C", camp, "campaign", "show", "--json")
    assert shown.code == 0, shown.err
    return {name: c["state"] for name, c in shown.json["characters"].items()}


@pytest.mark.parametrize("camp", SAMPLES)
def test_each_sample_runs_is_recorded_once_and_undone_at_once(cli, campaigns, camp):
    sample = campaigns / camp / "encounter.toml"
    before_states, before_sheets = _states(cli, camp), (campaigns / camp / "campaign.toml").read_bytes()
    played = cli("encounter", "run", sample, "--seed", "2", "--json")
    assert played.code == 0, played.err
    events = played.json
    assert events[0]["event"] == "encounter" and events[0]["campaign"] == camp
    end = next(e for e in events if e["event"] == "end")
    assert end["reason"] in ("side_out", "morale", "round_limit", "nobody") and end["rounds"] >= 1
    actions = [e for e in events if e["event"] == "action"]
    assert actions and all(e["actor"] and e["verb"] and "dice" in e for e in actions)
    recorded = events[-1]
    assert recorded["event"] == "recorded" and recorded["changed"]
    log = cli("-C", camp, "log", "-n", "5", "--json").json
    log = log if isinstance(log, list) else [log]
    assert len(log) == 1 and log[0]["kind"] == "change"  # one entry for the whole encounter
    assert [e["event"] for e in log[0]["data"]["events"]] == [e["event"] for e in events[:-1]]
    assert set(log[0]["changes"]) == set(recorded["changed"])  # campaign characters only: no stat block
    assert _states(cli, camp) != before_states
    undone = cli("-C", camp, "undo")
    assert undone.code == 0, undone.err
    assert _states(cli, camp) == before_states
    assert (campaigns / camp / "campaign.toml").read_bytes() == before_sheets
    assert cli("-C", camp, "conflict", "show", "--json").json["running"] is False


@pytest.mark.parametrize("camp", SAMPLES)
def test_a_dry_run_leaves_the_campaign_byte_identical(cli, campaigns, camp):
    before = _files(campaigns, camp)
    played = cli("encounter", "run", campaigns / camp / "encounter.toml", "--dry-run", "--seed", "5")
    assert played.code == 0, played.err
    assert played.out.splitlines()[-1] == "Dry run: nothing was recorded."
    assert _files(campaigns, camp) == before


def test_the_account_of_a_play(cli, campaigns):
    played = cli("encounter", "run", campaigns / "demo" / "encounter.toml", "--seed", "1", "--dry-run")
    lines = played.out.splitlines()
    assert lines[0] == "La cripta (demo, dice) — héroes: Ana, Bruno; cripta: Esqueleto, Zombi 1, Zombi 2"
    assert lines[1].startswith("Initiative: ") and lines[2].startswith("  1. ")
    assert "Round 1" in lines and "Round 2" in lines
    assert any(line.startswith("Bruno → Zombi") and line.endswith(": check") for line in lines)
    assert any(": damage 1d6 = " in line for line in lines)  # the rolled amount, then the system's line
    assert sum(line == "Bruno cannot act: down (0 HP)." for line in lines) <= 1  # said once, not every round
    assert any(line.startswith(("The fight goes to", "No winner")) for line in lines)
    # the same seed plays the same fight; Spanish speaks Spanish
    assert cli("encounter", "run", campaigns / "demo" / "encounter.toml", "--seed", "1", "--dry-run").out == played.out
    spanish = cli("encounter", "run", campaigns / "demo" / "encounter.toml", "--seed", "1", "--dry-run", "--lang", "es")
    assert "Asalto 1" in spanish.out.splitlines() and spanish.out.splitlines()[-1].startswith("Ensayo")


FIGHT = """\
campaign = "demo"
[end]
rounds = 2
[sides.a]
characters = ["Ana"]
behaviour = { verb = "check", params = { expression = "1d20", target = 15 }, on_success = { verb = "damage", params = { amount = "1d6" } } }
[sides.b]
characters = ["Esqueleto"]
behaviour = { verb = "check", params = { expression = "1d20", target = 15 }, on_success = { verb = "damage", params = { amount = 1 } } }
"""


def test_the_dice_rolled_at_the_table(cli, campaigns, tmp_path):
    path = tmp_path / "duel.toml"
    path.write_text(FIGHT, encoding="utf-8")
    # too few dice, or too many: one line, nothing written
    before = _files(campaigns, "demo")
    for given in ("20,1,18", "20,1,18,6,4"):
        result = cli("encounter", "run", path, "--dice", given)
        assert result.code == 2 and result.err.count("\n") == 1 and "--dice" in result.err, result.err
    assert _files(campaigns, "demo") == before
    # initiative Ana 20+2, Esqueleto 1; Ana hits (18) for 6: the skeleton (6 HP) is down
    played = cli("encounter", "run", path, "--dice", "20,1,18,6", "--json")
    assert played.code == 0, played.err
    end = next(e for e in played.json if e["event"] == "end")
    assert (end["winner"], end["reason"], end["rounds"], end["out"]) == ("a", "side_out", 1, ["Esqueleto"])
    assert _states(cli, "demo")["Esqueleto"] == {"damage": 6}


def test_step_waits_for_a_line_after_each_round_and_eof_plays_on(cli, tmp_path):
    path = tmp_path / "duel.toml"
    path.write_text(FIGHT.replace("target = 15", "target = 30"), encoding="utf-8")  # nobody hits: two rounds
    played = cli("encounter", "run", path, "--step", "--seed", "1", "--dry-run", stdin="")
    assert played.code == 0 and played.err == ""
    assert played.out.splitlines()[-2] == "No winner after 2 round(s): the round limit."


def test_a_running_conflict_is_ended_first(cli, campaigns, tmp_path):
    assert cli("-C", "demo", "conflict", "start", "--seed", "1").code == 0
    before = _files(campaigns, "demo")
    result = cli("encounter", "run", campaigns / "demo" / "encounter.toml", "--seed", "1")
    assert result.code == 2 and "a conflict is running in campaign 'demo'" in result.err
    assert _files(campaigns, "demo") == before
    assert cli("encounter", "simulate", campaigns / "demo" / "encounter.toml", "-n", "3", "--seed", "1").code == 0


def test_a_refusal_while_playing_names_the_round_and_writes_nothing(cli, campaigns, tmp_path):
    # fate's concede is refused to a character who took no consequence: the rehearsal finds it first
    path = tmp_path / "concede.toml"
    path.write_text('campaign = "caminantes"\n[sides.a]\ncharacters = ["Tomás"]\n'
                    'behaviour = { verb = "concede" }\n[sides.b]\ncharacters = ["Lucía"]\n'
                    'behaviour = { verb = "defend" }\n', encoding="utf-8")
    before = _files(campaigns, "caminantes")
    result = cli("encounter", "run", path, "--seed", "1")
    assert result.code == 2 and result.err.count("\n") == 1
    assert result.err.startswith("rolecli: concede.toml line 4: sides.a.behaviour is refused by 'fate' (concede "
                                 "against Lucía): Tomás has taken no consequence"), result.err
    assert _files(campaigns, "caminantes") == before


def test_json_is_one_object_per_event(cli, campaigns):
    played = cli("encounter", "run", campaigns / "v5" / "encounter.toml", "--seed", "3", "--dry-run", "--json")
    rows = [json.loads(line) for line in played.out.splitlines()]
    assert [r["event"] for r in rows][:2] == ["encounter", "initiative"] and rows[-1] == {"event": "dry_run"}
    attack = next(r for r in rows if r["event"] == "action")
    assert attack["verb"] == "attack" and attack["data"] and attack["lines"] and attack["dice"]


def test_a_refusal_while_playing_gives_the_rules_words_in_the_plays_language():
    from rolecli.contract import Label, Refused
    from rolecli.encounter.engine import Refusal

    reason = Refused(Label("no hay nadie a quien atacar", "there is nobody to attack"))
    assert str(Refusal("es", 2, "Ana", "attack", reason)) == "asalto 2, Ana: attack: no hay nadie a quien atacar"
    assert str(Refusal("en", 0, None, "attack", reason)) == "round 1: attack: there is nobody to attack"
    assert str(Refusal("es", 1, None, "heal", Refused("in English alone"))) == "asalto 1: heal: in English alone"
