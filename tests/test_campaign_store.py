"""Loading, recording, editing sheets, the log and undo."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from test_campaign_fakes import FAKE, HAND_WRITTEN, systems

from rolecli.campaign import (add_character, load_campaign, parse_assignments, read_log,
                              set_sheet_values, transaction, undo_last)
from rolecli.contract import Outcome
from rolecli.errors import CampaignError


@pytest.fixture
def root(fake_campaigns) -> Path:
    return fake_campaigns


def files(root: Path) -> dict[str, bytes]:
    folder = root / "demo"
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.name != ".lock"}


def damage(root: Path, who: str, amount: int, command: str = "rolecli damage") -> None:
    with transaction(root, "demo", systems, command=f"{command} {who} {amount}") as camp:
        character = camp.character(who)
        new = character.state["damage"] + amount
        camp.record(Outcome({"damage": amount}, changes={character.name: {"damage": new}}),
                    kind="change", summary=f"{character.name} takes {amount}")


# --- loading ---------------------------------------------------------------------


def test_load_fills_defaults(root):
    camp = load_campaign(root, "demo", systems)
    assert (camp.name, camp.system, camp.title, camp.info) == ("demo", "fake", "La cripta", FAKE)
    assert camp.dir == root / "demo"
    assert dict(camp.options) == {"max_stress": 3, "mode": "gritty", "allow_crits": True}
    assert list(camp.characters) == ["Ana", "Ana María"]
    ana = camp.characters["Ana"]
    assert ana.sheet == {"hp": 12, "concept": "", "npc": False, "role": "thief", "tags": ["sigilosa", "zurda"],
                         "skills": {"Alerta": 3, "Pilotar": 1}}
    assert ana.state == {"damage": 0, "fate": 3}
    # a state field written in the sheet is its starting value
    assert camp.characters["Ana María"].state == {"damage": 0, "fate": 2}
    assert ana.trait("alerta") == 3


def test_a_loaded_states_keys_are_the_interned_texts_the_rules_write(root):
    """A state read from a file has keys of its own; interned, a rule's look-up by the name written in its
    code finds them by identity (the speed of every simulated exchange)."""
    import sys

    camp = load_campaign(root, "demo", systems)
    for character in camp.characters.values():
        assert character.state and all(key is sys.intern(key) for key in character.state)


def test_snapshot_is_read_only(root):
    camp = load_campaign(root, "demo", systems)
    with pytest.raises(TypeError):
        camp.options["mode"] = "standard"  # type: ignore[index]
    with pytest.raises(TypeError):
        camp.characters["Bo"] = camp.characters["Ana"]  # type: ignore[index]
    assert not hasattr(camp, "record")


def test_character_lookup_ignores_case_and_accents(root):
    camp = load_campaign(root, "demo", systems)
    assert camp.character("ana maria").name == "Ana María"
    with pytest.raises(CampaignError, match=r"no character 'Anna'\. Did you mean 'Ana'\? Characters: Ana, Ana María\."):
        camp.character("Anna")


def test_unknown_campaign(root):
    with pytest.raises(CampaignError, match=r"no campaign 'dmeo' in campaigns\. Did you mean 'demo'\?"):
        load_campaign(root, "dmeo", systems)


# --- recording ----------------------------------------------------------------------


def test_record_writes_state_only_and_logs_before_after(root):
    campaign_before = (root / "demo" / "campaign.toml").read_bytes()
    damage(root, "Ana", 2)
    damage(root, "Ana", 1)
    assert (root / "demo" / "campaign.toml").read_bytes() == campaign_before  # GM's comments untouched
    state_text = (root / "demo" / "state.toml").read_text(encoding="utf-8")
    assert state_text.startswith("# Written by rolecli")
    assert tomllib.loads(state_text) == {"characters": {"Ana": {"damage": 3, "fate": 3}}}
    assert load_campaign(root, "demo", systems).characters["Ana"].state == {"damage": 3, "fate": 3}
    log = read_log(root, "demo")
    assert [e["seq"] for e in log] == [1, 2]
    entry = log[1]
    assert set(entry) == {"seq", "time", "command", "kind", "op", "summary", "data", "changes"}
    assert entry["op"] == "state"
    assert entry["command"] == "rolecli damage Ana 1"
    assert entry["kind"] == "change"
    assert entry["summary"] == "Ana takes 1"
    assert entry["data"] == {"damage": 1}
    assert entry["changes"] == {"Ana": {"before": {"damage": 2, "fate": 3}, "after": {"damage": 3, "fate": 3}}}
    assert entry["time"][:2] == "20" and "T" in entry["time"]
    lines = (root / "demo" / "log.jsonl").read_text(encoding="utf-8").splitlines()
    assert [json.loads(line) for line in lines] == log


def test_a_roll_without_changes_only_logs(root):
    with transaction(root, "demo", systems, command="rolecli roll 4dF") as camp:
        camp.record(Outcome({"dice": [1, -1, 0, 0], "total": 0}), kind="roll", summary="4dF: 0")
    assert not (root / "demo" / "state.toml").exists()
    [entry] = read_log(root, "demo")
    assert entry["kind"] == "roll" and "changes" not in entry and entry["data"]["total"] == 0


def test_several_records_in_one_transaction_see_each_other(root):
    with transaction(root, "demo", systems, command="rolecli attack") as camp:
        for _ in range(3):
            ana = camp.characters["Ana"]
            camp.record(Outcome({}, changes={"Ana": {"damage": ana.state["damage"] + 1}}), summary="+1")
    assert load_campaign(root, "demo", systems).characters["Ana"].state["damage"] == 3
    assert [e["changes"]["Ana"]["after"]["damage"] for e in read_log(root, "demo")] == [1, 2, 3]


def test_an_exception_inside_the_block_writes_nothing(root):
    damage(root, "Ana", 1)
    before = files(root)
    with pytest.raises(RuntimeError, match="boom"):
        with transaction(root, "demo", systems, command="x") as camp:
            camp.record(Outcome({}, changes={"Ana": {"damage": 5}}), summary="5")
            raise RuntimeError("boom")
    assert files(root) == before


def test_invalid_new_state_is_refused_and_nothing_written(root):
    before = files(root)
    with pytest.raises(CampaignError, match=r"^new state of Ana: damage = -1 is out of range 0\.\.1000\.$"):
        with transaction(root, "demo", systems, command="x") as camp:
            camp.record(Outcome({}, changes={"Ana": {"damage": -1}}), summary="bad")
    with pytest.raises(CampaignError, match=r"changes 'Bob', who is not a character"):
        with transaction(root, "demo", systems, command="x") as camp:
            camp.record(Outcome({}, changes={"Bob": {"damage": 1}}), summary="bad")
    assert files(root) == before


def test_new_state_semantics_and_odd_types(root):
    from fractions import Fraction

    with transaction(root, "demo", systems, command="x") as camp:
        camp.record(Outcome({"odds": Fraction(1, 3)},
                            changes={"Ana": {"fate": 2, "marks": ("a", "b"), "extra": 1, "note": None}}))
    assert load_campaign(root, "demo", systems).characters["Ana"].state == {
        "damage": 0, "fate": 2, "marks": ["a", "b"], "extra": 1}
    # a plugin's own key left out is removed; a template state field left out keeps its value
    with transaction(root, "demo", systems, command="x") as camp:
        camp.record(Outcome({}, changes={"Ana": {"damage": 1, "marks": ["a"]}}))
    assert load_campaign(root, "demo", systems).characters["Ana"].state == {"damage": 1, "fate": 2, "marks": ["a"]}
    assert read_log(root, "demo")[0]["data"] == {"odds": "1/3"}


def test_record_after_the_block_is_an_error(root):
    with transaction(root, "demo", systems, command="x") as camp:
        pass
    with pytest.raises(RuntimeError):
        camp.record(Outcome({}))


def test_a_torn_last_log_line_is_ignored_and_cut_off(root):
    damage(root, "Ana", 1)
    with open(root / "demo" / "log.jsonl", "ab") as handle:
        handle.write(b'{"seq": 2, "ti')  # a crash in the middle of an append
    assert [e["seq"] for e in read_log(root, "demo")] == [1]
    damage(root, "Ana", 1)
    assert [e["seq"] for e in read_log(root, "demo")] == [1, 2]
    assert read_log(root, "demo", limit=1)[0]["changes"]["Ana"]["after"]["damage"] == 2


def test_a_bad_line_in_the_middle_of_the_log_is_reported(root):
    damage(root, "Ana", 1)
    path = root / "demo" / "log.jsonl"
    path.write_bytes(b"garbage\n" + path.read_bytes())
    with pytest.raises(CampaignError, match=r"^campaigns/demo/log\.jsonl line 1: not a log entry"):
        read_log(root, "demo")


# --- the GM's file survives ------------------------------------------------------------


def test_set_sheet_values_keeps_comments_and_layout(root):
    values = parse_assignments(FAKE, ["hp=14", "skills.Alerta=4", "skills.Nadar=2", "npc=true"])
    ana = set_sheet_values(root, "demo", "Ana", values, systems, command="rolecli sheet Ana hp=14 ...")
    text = (root / "demo" / "campaign.toml").read_text(encoding="utf-8")
    expected = (HAND_WRITTEN
                .replace("hp = 12   # rolled 12 at creation", "hp = 14   # rolled 12 at creation")
                .replace('tags = ["sigilosa", "zurda"]\n', 'tags = ["sigilosa", "zurda"]\nnpc = true\n')
                .replace("Alerta = 3  # raised after session 2\nPilotar = 1\n",
                         "Alerta = 4  # raised after session 2\nPilotar = 1\nNadar = 2\n"))
    assert text == expected
    assert ana.sheet["skills"] == {"Alerta": 4, "Pilotar": 1, "Nadar": 2}
    [entry] = read_log(root, "demo")
    assert entry["kind"] == "sheet"
    assert entry["changes"] == {"Ana": {"before": {"hp": 12, "skills": {"Alerta": 3}},
                                        "after": {"hp": 14, "skills": {"Alerta": 4, "Nadar": 2}, "npc": True}}}


def test_set_sheet_values_on_an_inline_table_and_a_quoted_name(root):
    set_sheet_values(root, "demo", "ana maría", {"skills": {"Fe": 5}, "hp": 8}, systems, command="x")
    text = (root / "demo" / "campaign.toml").read_text(encoding="utf-8")
    assert '[characters."Ana María"]\nhp = 8\nskills = { Fe = 5 }\nfate = 2   # starts with' in text
    assert text.startswith("# La cripta del rey pálido")


def test_set_sheet_values_refuses_bad_values_and_keeps_the_file(root):
    before = files(root)
    with pytest.raises(CampaignError, match=r"^Ana: hp = -1 is out of range 0\.\.999\.$"):
        set_sheet_values(root, "demo", "Ana", {"hp": -1}, systems)
    with pytest.raises(CampaignError, match=r"^Ana: hpp is not a key .* Did you mean 'hp'\?"):
        set_sheet_values(root, "demo", "Ana", {"hpp": 1}, systems)
    with pytest.raises(CampaignError, match=r"no character 'Bob'"):
        set_sheet_values(root, "demo", "Bob", {"hp": 1}, systems)
    assert files(root) == before


def test_add_character_appends_text_and_keeps_existing_bytes(root):
    original = (root / "demo" / "campaign.toml").read_bytes()
    values = parse_assignments(FAKE, ["hp=7", "role=mage", "skills.Arcana=3", "tags=viejo,sabio"])
    bo = add_character(root, "demo", "Bô Ñúñez", values, systems, command="rolecli character add ...")
    data = (root / "demo" / "campaign.toml").read_bytes()
    assert data.startswith(original)
    assert data[len(original):].decode("utf-8") == (
        '\n[characters."Bô Ñúñez"]\nhp = 7\nrole = "mage"\ntags = ["viejo", "sabio"]\n'
        '\n[characters."Bô Ñúñez".skills]\nArcana = 3\n')
    assert bo.sheet["hp"] == 7 and bo.state == {"damage": 0, "fate": 3}
    assert load_campaign(root, "demo", systems).characters["Bô Ñúñez"].sheet["skills"] == {"Arcana": 3}
    [entry] = read_log(root, "demo")
    assert entry["kind"] == "sheet" and entry["changes"] == {"Bô Ñúñez": {"before": None, "after": values}}


def test_add_character_to_a_file_without_final_newline(root):
    path = root / "demo" / "campaign.toml"
    path.write_bytes(HAND_WRITTEN.rstrip("\n").encode("utf-8"))
    add_character(root, "demo", "Bo", {}, systems, command="x")
    assert path.read_text(encoding="utf-8") == HAND_WRITTEN + "\n[characters.Bo]\n"


def test_add_character_refusals(root):
    before = files(root)
    with pytest.raises(CampaignError, match=r"already has a character 'Ana María'"):
        add_character(root, "demo", "ANA MARIA", {}, systems)
    with pytest.raises(CampaignError, match=r"character name '\.\./x' contains a path separator"):
        add_character(root, "demo", "../x", {}, systems)
    with pytest.raises(CampaignError, match=r"^Bo: skills\.Fe = 9 is out of range 0\.\.5\.$"):
        add_character(root, "demo", "Bo", {"skills": {"Fe": 9}}, systems)
    assert files(root) == before


def test_damage_after_sheet_edits_keeps_everything(root):
    set_sheet_values(root, "demo", "Ana", {"hp": 13}, systems, command="x")
    add_character(root, "demo", "Bo", {"hp": 5}, systems, command="x")
    text = (root / "demo" / "campaign.toml").read_text(encoding="utf-8")
    damage(root, "Bo", 2)
    assert (root / "demo" / "campaign.toml").read_text(encoding="utf-8") == text
    assert "# raised after session 2" in text and "# Ana's player: Lucía" in text


# --- undo ---------------------------------------------------------------------------


def test_undo_restores_state_and_logs_an_undo_entry(root):
    damage(root, "Ana", 2)
    damage(root, "Ana", 3)
    undone = undo_last(root, "demo", systems, command="rolecli undo")
    assert undone["seq"] == 2
    assert load_campaign(root, "demo", systems).characters["Ana"].state["damage"] == 2
    last = read_log(root, "demo")[-1]
    assert last["kind"] == "undo" and last["undoes"] == 2 and last["seq"] == 3
    assert last["command"] == "rolecli undo"
    assert undo_last(root, "demo", systems, command="rolecli undo")["seq"] == 1
    assert load_campaign(root, "demo", systems).characters["Ana"].state["damage"] == 0
    with pytest.raises(CampaignError, match=r"^nothing to undo in campaign 'demo'\.$"):
        undo_last(root, "demo", systems)


def test_undo_skips_rolls(root):
    damage(root, "Ana", 2)
    with transaction(root, "demo", systems, command="rolecli roll") as camp:
        camp.record(Outcome({"total": 3}), kind="roll", summary="roll")
    assert undo_last(root, "demo", systems, command="u")["seq"] == 1


def test_undo_refuses_after_a_hand_edit(root):
    damage(root, "Ana", 2)
    path = root / "demo" / "state.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("damage = 2", "damage = 5"), encoding="utf-8")
    before = files(root)
    with pytest.raises(CampaignError) as err:
        undo_last(root, "demo", systems)
    assert str(err.value) == ("cannot undo #1 (Ana takes 2): Ana's damage is 5 in campaigns/demo/state.toml but "
                              "the log says 2 after it, so it was changed since by hand; fix the file by hand instead.")
    assert files(root) == before


def test_undo_a_sheet_change_keeps_comments(root):
    set_sheet_values(root, "demo", "Ana", {"hp": 14, "skills": {"Alerta": 5, "Nadar": 1}, "concept": "espía"},
                     systems, command="x")
    undo_last(root, "demo", systems, command="rolecli undo")
    assert (root / "demo" / "campaign.toml").read_text(encoding="utf-8") == HAND_WRITTEN
    assert read_log(root, "demo")[-1]["changes"]["Ana"]["after"] == {"hp": 12, "skills": {"Alerta": 3}}


def test_undo_a_new_table_removes_it(root):
    set_sheet_values(root, "demo", "Ana María", {"hp": 3}, systems, command="x")
    add_character(root, "demo", "Bo", {}, systems, command="x")
    set_sheet_values(root, "demo", "Bo", {"skills": {"Nadar": 1}}, systems, command="x")
    undo_last(root, "demo", systems, command="u")
    assert load_campaign(root, "demo", systems).characters["Bo"].sheet["skills"] == {}
    assert "[characters.Bo.skills]" not in (root / "demo" / "campaign.toml").read_text(encoding="utf-8")


def test_undo_an_added_character(root):
    damage(root, "Ana", 1)
    add_character(root, "demo", "Bo", {"hp": 4}, systems, command="x")
    damage(root, "Bo", 1)
    assert undo_last(root, "demo", systems, command="u")["seq"] == 3
    assert undo_last(root, "demo", systems, command="u")["seq"] == 2
    assert (root / "demo" / "campaign.toml").read_text(encoding="utf-8") == HAND_WRITTEN
    state = tomllib.loads((root / "demo" / "state.toml").read_text(encoding="utf-8"))
    assert state == {"characters": {"Ana": {"damage": 1, "fate": 3}}}


def test_undo_refuses_a_sheet_edited_by_hand(root):
    set_sheet_values(root, "demo", "Ana", {"hp": 14}, systems, command="x")
    path = root / "demo" / "campaign.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("hp = 14", "hp = 15"), encoding="utf-8")
    with pytest.raises(CampaignError, match=r"Ana's hp is 15 in campaigns/demo/campaign\.toml but the log says 14"):
        undo_last(root, "demo", systems)
    assert "hp = 15" in path.read_text(encoding="utf-8")


def test_undo_refuses_removing_a_character_edited_by_hand(root):
    add_character(root, "demo", "Bo", {"hp": 4}, systems, command="x")
    path = root / "demo" / "campaign.toml"
    path.write_text(path.read_text(encoding="utf-8") + "concept = 'nuevo'\n", encoding="utf-8")
    with pytest.raises(CampaignError, match=r"Bo's concept is \"nuevo\" in .* but the log says missing"):
        undo_last(root, "demo", systems)


def test_read_log_limit(root):
    for _ in range(5):
        damage(root, "Ana", 1)
    assert [e["seq"] for e in read_log(root, "demo", limit=2)] == [4, 5]
    assert read_log(root, "demo", limit=0) == []
