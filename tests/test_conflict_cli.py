"""The conflict tracker through the command line: start, next, show, join,
leave, end, effects, undo, and bad input (one line, exit 2, nothing written)."""

from __future__ import annotations

import pytest


def _show(cli, camp="demo"):
    result = cli("-C", camp, "conflict", "show", "--json")
    assert result.code == 0, result.err
    return result.json


def _files(campaigns, camp="demo"):
    folder = campaigns / camp
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file() and p.name != ".lock"}


def test_a_fight_on_the_generic_system_round_by_round(cli):
    start = cli("-C", "demo", "conflict", "start", "--seed", "4", "--json")
    assert start.code == 0, start.err
    order = start.json["order"]
    assert sorted(order) == ["Ana", "Bruno", "Esqueleto"] and start.json["round"] == 1
    assert start.json["turn"] == order[0]
    for i in range(1, 3):
        step = cli("-C", "demo", "conflict", "next", "--json").json
        assert (step["round"], step["turn"]) == (1, order[i])
    wrapped = cli("-C", "demo", "conflict", "next", "--json").json
    assert (wrapped["round"], wrapped["turn"], wrapped["order"]) == (2, order[0], order)
    assert [e["event"] for e in wrapped["events"]] == ["turn_ended", "round_ended", "round_started", "turn_started"]
    shown = _show(cli)
    assert {k: shown[k] for k in ("running", "round", "turn", "order")} == {
        "running": True, "round": 2, "turn": order[0], "order": order}


def test_who_is_out_is_left_out_and_skipped(cli):
    assert cli("-C", "demo", "damage", "Esqueleto", "6").code == 0  # 6 HP: down
    start = cli("-C", "demo", "conflict", "start", "--seed", "4", "--json")
    assert "Esqueleto" not in start.json["order"]
    assert {"event": "left_out", "name": "Esqueleto", "why": "down (0 HP)"} in start.json["events"]
    # a participant taken out mid-fight is skipped, and the output says why
    assert cli("-C", "demo", "heal", "Esqueleto", "6").code == 0
    assert cli("-C", "demo", "conflict", "join", "Esqueleto").code == 0
    assert cli("-C", "demo", "damage", "Esqueleto", "6").code == 0
    for _ in range(3):
        step = cli("-C", "demo", "conflict", "next", "--json").json
        assert step["turn"] != "Esqueleto"
    assert "Esqueleto cannot act: down (0 HP)." in cli("-C", "demo", "conflict", "next").out + \
        cli("-C", "demo", "conflict", "next").out


def test_every_step_is_undone_by_undo(cli, campaigns):
    before = _files(campaigns)
    cli("-C", "demo", "conflict", "start", "--seed", "4")
    first = _show(cli)["turn"]
    cli("-C", "demo", "conflict", "next")
    assert _show(cli)["turn"] != first
    assert cli("-C", "demo", "undo").code == 0
    assert _show(cli)["turn"] == first
    assert cli("-C", "demo", "undo").code == 0
    assert _show(cli)["running"] is False
    after = _files(campaigns)
    assert after.get("state.toml", b"").count(b"[scene") == 0 and after["campaign.toml"] == before["campaign.toml"]


def test_effects_last_then_expire(cli):
    cli("-C", "demo", "conflict", "start", "--seed", "4")
    order = _show(cli)["order"]
    added = cli("-C", "demo", "effect", "add", order[1], "blinded", "--rounds", "1", "--json")
    assert added.code == 0 and added.json["until"] == "rounds" and added.json["rounds"] == 1
    note = cli("-C", "demo", "effect", "add", order[0], "hiding behind the altar", "--until-turn", "--json").json
    listed = cli("-C", "demo", "effect", "list", "--json").json
    assert [e["id"] for e in listed] == [added.json["id"], note["id"]]
    cli("-C", "demo", "conflict", "next")
    cli("-C", "demo", "conflict", "next")
    last = cli("-C", "demo", "conflict", "next")  # round 2 begins with order[0]'s turn: both expire
    assert f"Expires: #{added.json['id']} on {order[1]}: blinded." in last.out
    assert f"Expires: #{note['id']} on {order[0]}: hiding behind the altar." in last.out
    assert _show(cli)["effects"] == []


def test_effects_removed_by_hand_and_cleared_by_the_end(cli):
    cli("-C", "demo", "conflict", "start", "--seed", "4")
    one = cli("-C", "demo", "effect", "add", "Ana", "bless", "--json").json["id"]
    cli("-C", "demo", "effect", "add", "Bruno", "curse")
    assert cli("-C", "demo", "effect", "remove", str(one)).code == 0
    assert [e["text"] for e in _show(cli)["effects"]] == ["curse"]
    end = cli("-C", "demo", "conflict", "end", "--json")
    assert end.code == 0 and end.json["running"] is False and end.json["effects"] == []


@pytest.mark.parametrize("args, message", [
    (["conflict", "next"], "no conflict is running; start one with 'rolecli conflict start [NAMES]'."),
    (["conflict", "end"], "no conflict is running"),
    (["conflict", "start", "Nadie"], "campaign 'demo' has no character 'Nadie'."),
    (["conflict", "start", "--kind", "social"], "the initiative of 'dice' has no kind of conflict; drop --kind."),
    (["effect", "add", "Ana", "x", "--rounds", "0"], "--rounds 0 is out of range 1..10000."),
    (["effect", "add", "Ana", "x", "--rounds", "2", "--scene"], "give one of --rounds N, --until-turn and --scene."),
    (["effect", "add", "Ana", " "], "an effect's text is 1 to 500 characters."),
    (["effect", "remove", "9"], "no effect #9; effects in force: none."),
])
def test_bad_input_is_one_line_and_changes_nothing(cli, campaigns, args, message):
    before = _files(campaigns)
    result = cli("-C", "demo", *args)
    assert result.code == 2 and result.out == ""
    assert result.err.count("\n") == 1 and message in result.err, result.err
    assert _files(campaigns) == before


def test_a_hand_broken_scene_is_one_line_naming_the_key(cli, campaigns):
    cli("-C", "demo", "conflict", "start", "--seed", "4")
    state = campaigns / "demo" / "state.toml"
    state.write_text(state.read_text(encoding="utf-8").replace("round = 1", "round = 0"), encoding="utf-8")
    result = cli("-C", "demo", "conflict", "show")
    assert result.code == 2 and "state.toml line" in result.err and "scene.conflict.round should be a whole number from 1 to" \
        in result.err


def test_a_renamed_character_keeps_its_turn_and_effects_and_undo_brings_the_name_back(cli):
    cli("-C", "demo", "conflict", "start", "Ana", "Bruno", "--seed", "4")
    cli("-C", "demo", "effect", "add", "Ana", "bless")
    assert cli("-C", "demo", "character", "rename", "Ana", "Anita").code == 0
    shown = _show(cli)
    assert "Anita" in shown["order"] and "Ana" not in shown["participants"]
    assert [e["on"] for e in shown["effects"]] == ["Anita"]
    assert cli("-C", "demo", "undo").code == 0
    shown = _show(cli)
    assert "Ana" in shown["order"] and [e["on"] for e in shown["effects"]] == ["Ana"]


def test_show_gives_each_combatants_standing_on_the_dice_system(cli):
    assert cli("-C", "demo", "conflict", "start", "Ana", "Esqueleto", "--seed", "4").code == 0
    assert cli("-C", "demo", "damage", "Esqueleto", "3").code == 0
    standing = {c["name"]: c for c in _show(cli)["combatants"]}
    # the dice system: vitality is the share of hit points left (Esqueleto: 3 of 6), no conditions
    assert standing["Esqueleto"] == {"name": "Esqueleto", "can_act": True, "key": "active", "why": None,
                                     "conditions": [], "vitality": 0.5}
    assert standing["Ana"]["vitality"] == 1.0
    assert "  Esqueleto: vitality 50%" in cli("-C", "demo", "conflict", "show", "--lang", "en").out.splitlines()
    assert cli("-C", "demo", "damage", "Esqueleto", "3").code == 0  # 0 HP: down
    standing = {c["name"]: c for c in _show(cli)["combatants"]}
    assert (standing["Esqueleto"]["can_act"], standing["Esqueleto"]["vitality"]) == (False, 0.0)
    lines = cli("-C", "demo", "conflict", "show", "--lang", "es").out.splitlines()
    assert lines[lines.index("Cómo están:") + 2] == "  Esqueleto: no puede actuar: fuera de combate (0 PV); vitalidad 0%"


def test_show_gives_each_combatants_conditions_in_the_systems_words_on_v5(cli):
    assert cli("-C", "v5", "conflict", "start", "Tracy", "Terence", "--seed", "4").code == 0
    standing = {c["name"]: c for c in _show(cli, "v5")["combatants"]}
    # Tracy is a vampire at Hunger 1; Terence, a mortal, has 6 superficial marks on a Willpower of
    # Composure 4 + Resolve 3 = 7, and his vitality is his emptier tracker's share left: 1/7.
    assert standing["Tracy"]["conditions"] == [{"key": "hunger", "label": "Hunger 1"}]
    assert standing["Tracy"]["vitality"] == 1.0 and standing["Tracy"]["can_act"] is True
    assert standing["Terence"]["conditions"] == [] and standing["Terence"]["vitality"] == pytest.approx(1 / 7)
    said = cli("-C", "v5", "conflict", "show", "--lang", "es").out.splitlines()
    assert "  Tracy: vitalidad 100%; Ansia 1" in said and "  Terence: vitalidad 14%" in said


def test_show_without_a_conflict_has_no_combatants(cli):
    assert _show(cli)["combatants"] == []
