"""Editing campaign.toml on awkward layouts: every byte the change is not about
stays as it was, and undo gives the file back byte for byte."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_campaign_fakes import HAND_WRITTEN, systems

from rolecli.campaign import (add_character, add_characters, load_campaign, read_log, remove_character,
                              rename_character, set_sheet_values, undo_last)
from rolecli.campaign.sheets import regions, remove_tables, rename_character as rename_text
from rolecli.errors import CampaignError


@pytest.fixture
def root(fake_campaigns) -> Path:
    return fake_campaigns


def write(root: Path, text: str, raw: bytes | None = None) -> Path:
    path = root / "demo" / "campaign.toml"
    path.write_bytes(raw if raw is not None else text.encode("utf-8"))
    return path


def text_of(root: Path) -> str:
    return (root / "demo" / "campaign.toml").read_text(encoding="utf-8")


# --- regions: what belongs to a table ---------------------------------------------


def test_a_comment_right_above_a_header_belongs_to_that_table():
    found = {r.key: HAND_WRITTEN[r.start:r.end] for r in regions(HAND_WRITTEN)}
    assert found[("characters", "Ana María")].startswith('# the cleric\n[characters."Ana María"]')
    assert found[("characters", "Ana")].startswith("# --- player characters ---\n[characters.Ana]")
    assert found[("characters", "Ana", "skills")].endswith("Pilotar = 1\n\n")  # up to the next table's comment
    assert found[("rules",)] == '[rules]\n# we play gritty since session 3\nmode = "gritty"\n\n'


def test_a_header_inside_a_multiline_string_is_no_table():
    text = 'system = "fake"\n[characters.Ana]\nconcept = """\n[characters.Bo]\n"""\n'
    assert [r.key for r in regions(text)] == [("characters", "Ana")]
    assert remove_tables(text, ("characters", "Bo")) == (text, None, None)


# --- removing ---------------------------------------------------------------------


def test_removing_a_table_keeps_the_next_ones_comment_and_every_other_byte(root):
    remove_character(root, "demo", "Ana", systems, command="x")
    start = HAND_WRITTEN.index("# --- player characters ---")
    end = HAND_WRITTEN.index("# the cleric")
    assert text_of(root) == HAND_WRITTEN[:start] + HAND_WRITTEN[end:]
    assert list(load_campaign(root, "demo", systems).characters) == ["Ana María"]


def test_removing_the_last_table_takes_its_blank_line(root):
    remove_character(root, "demo", "Ana María", systems, command="x")
    assert text_of(root) == HAND_WRITTEN[: HAND_WRITTEN.index("\n# the cleric") ]


def test_undo_of_a_removal_gives_the_file_back_byte_for_byte(root):
    for name in ("Ana", "Ana María"):
        remove_character(root, "demo", name, systems, command="x")
        undo_last(root, "demo", systems, command="u")
        assert text_of(root) == HAND_WRITTEN


def test_crlf_and_a_byte_order_mark_survive_remove_set_and_undo(root):
    raw = b"\xef\xbb\xbf" + HAND_WRITTEN.replace("\n", "\r\n").encode("utf-8")
    path = write(root, "", raw)
    remove_character(root, "demo", "Ana", systems, command="x")
    assert path.read_bytes().startswith(b"\xef\xbb\xbf# La cripta") and b"\n" not in path.read_bytes().replace(
        b"\r\n", b"")
    set_sheet_values(root, "demo", "Ana María", {"hp": 3}, systems, command="x")
    assert b"hp = 3\r\n" in path.read_bytes()
    undo_last(root, "demo", systems, command="u")
    undo_last(root, "demo", systems, command="u")
    assert path.read_bytes() == raw


def test_a_character_written_in_two_places_is_removed_from_both_and_comes_back_at_the_end(root):
    text = ('system = "fake"\n\n[characters.Ana]\nhp = 3\n\n# Bo, the new one\n[characters.Bo]\nhp = 4\n\n'
            '[characters.Ana.skills]\nAlerta = 2\n')
    write(root, text)
    remove_character(root, "demo", "Ana", systems, command="x")
    assert text_of(root) == 'system = "fake"\n\n# Bo, the new one\n[characters.Bo]\nhp = 4\n'
    undo_last(root, "demo", systems, command="u")
    camp = load_campaign(root, "demo", systems)
    assert camp.characters["Ana"].sheet["skills"] == {"Alerta": 2} and camp.characters["Ana"].sheet["hp"] == 3
    assert text_of(root).startswith('system = "fake"\n\n# Bo, the new one\n[characters.Bo]\nhp = 4\n')


@pytest.mark.parametrize("text", [
    'system = "fake"\n\n[characters]\nAna.hp = 3\nBo.hp = 4\n',  # dotted keys
    'system = "fake"\ncharacters = { Ana = { hp = 3 }, Bo = { hp = 4 } }\n',  # one inline table
])
def test_a_layout_that_cannot_be_edited_as_text_is_refused_and_left_alone(root, text):
    path = write(root, text)
    for act in (lambda: remove_character(root, "demo", "Ana", systems),
                lambda: rename_character(root, "demo", "Ana", "Cy", systems)):
        with pytest.raises(CampaignError, match=r"campaign\.toml safely: .* make the change by hand\.$"):
            act()
        assert path.read_text(encoding="utf-8") == text
    assert read_log(root, "demo") == []


# --- renaming ---------------------------------------------------------------------


def test_renaming_changes_only_the_headers(root):
    rename_character(root, "demo", "Ana", "Bea Ñ", systems, command="x")
    assert text_of(root) == HAND_WRITTEN.replace("[characters.Ana]", '[characters."Bea Ñ"]').replace(
        "[characters.Ana.skills]", '[characters."Bea Ñ".skills]')
    undo_last(root, "demo", systems, command="u")
    assert text_of(root) == HAND_WRITTEN


def test_rename_text_keeps_arrays_of_tables_and_comments():
    text = "[characters.Ana]  # mine\n[[characters.Ana.notes]]\n"
    assert rename_text(text, "Ana", "Bo") == "[characters.Bo]  # mine\n[[characters.Bo.notes]]\n"


# --- adding and setting -----------------------------------------------------------


def test_a_new_table_field_is_set_inline_and_undone_exactly(root):
    add_character(root, "demo", "Bo", {"hp": 4}, systems, command="x")
    added = text_of(root)
    set_sheet_values(root, "demo", "Bo", {"skills": {"Nadar": 1}}, systems, command="x")
    assert text_of(root) == added.replace("hp = 4\n", "hp = 4\nskills = { Nadar = 1 }\n")
    undo_last(root, "demo", systems, command="u")
    assert text_of(root) == added
    undo_last(root, "demo", systems, command="u")
    assert text_of(root) == HAND_WRITTEN


def test_changing_one_character_of_a_big_file_touches_only_its_table(root):
    many = "".join(f"\n# npc {i}\n[characters.N{i}]\nhp = {i % 50}   # as rolled\n" for i in range(300))
    write(root, HAND_WRITTEN + many)
    set_sheet_values(root, "demo", "N150", {"hp": 77, "concept": "guard"}, systems, command="x")
    assert text_of(root) == HAND_WRITTEN + many.replace(
        "[characters.N150]\nhp = 0   # as rolled\n", '[characters.N150]\nhp = 77   # as rolled\nconcept = "guard"\n')


def test_a_group_is_added_as_one_change_and_undone_at_once(root):
    added = add_characters(root, "demo", "Goblin", {"hp": 7}, systems, count=3, command="x")
    assert [c.name for c in added] == ["Goblin 1", "Goblin 2", "Goblin 3"]
    more = add_characters(root, "demo", "goblin", {"hp": 5}, systems, count=2, command="x")
    assert [c.name for c in more] == ["goblin 4", "goblin 5"]  # numbering goes on after the highest
    [first, second] = read_log(root, "demo")
    assert first["op"] == "add" and list(first["changes"]) == ["Goblin 1", "Goblin 2", "Goblin 3"]
    undo_last(root, "demo", systems, command="u")
    undo_last(root, "demo", systems, command="u")
    assert text_of(root) == HAND_WRITTEN
    with pytest.raises(CampaignError, match=r"^--count 101 is out of range 1\.\.100\.$"):
        add_characters(root, "demo", "Orc", {}, systems, count=101)


def test_undoing_an_old_change_that_made_a_sub_table_removes_it_as_text(root):
    """rolecli once wrote a new table field as a [characters.Name.field] table;
    undoing such a change from an old log keeps the next table's comment."""
    import json

    kept = 'system = "fake"\n\n[characters.Ana]\nhp = 3\n\n# the cleric\n[characters.Bo]\nhp = 4\n'
    write(root, kept.replace("# the cleric", "[characters.Ana.skills]\nUno = 1\n\n# the cleric"))
    old = {"seq": 1, "kind": "sheet", "command": "x", "summary": "set Ana: skills.Uno=1", "data": {},
           "changes": {"Ana": {"before": {}, "after": {"skills": {"Uno": 1}}}}}
    (root / "demo" / "log.jsonl").write_text(json.dumps(old) + "\n", encoding="utf-8")
    undo_last(root, "demo", systems, command="u")
    assert text_of(root) == kept
