"""The log read like a hand-edited file: every bad line is one error naming the
file and the line; undo refuses values the campaign's checks refuse; entries
of old logs (no ``op``) still undo; every entry records its own command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_campaign_fakes import HAND_WRITTEN, systems

from rolecli.campaign import read_log, undo_last
from rolecli.campaign.operations import op_of, reverted_op
from rolecli.errors import CampaignError

LOG = "campaigns/demo/log.jsonl"


def entries(campaigns: Path) -> list[dict]:
    return [json.loads(line) for line in (campaigns / "demo" / "log.jsonl").read_text().splitlines()]


def rewrite(campaigns: Path, rows: list[dict | str]) -> bytes:
    path = campaigns / "demo" / "log.jsonl"
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows), encoding="utf-8")
    return path.read_bytes()


def folder_bytes(campaigns: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((campaigns / "demo").iterdir()) if p.is_file()}


def one_line(result) -> str:
    assert result.code == 2, (result.code, result.err)
    assert result.err.count("\n") == 1 and "Traceback" not in result.err
    return result.err.strip()


@pytest.fixture
def played(cli, campaigns):
    """The demo campaign after two hits and a sheet change."""
    cli("campaign", "use", "demo")
    assert cli("damage", "Ana", "3").code == 0
    assert cli("damage", "Ana", "2").code == 0
    assert cli("character", "set", "Bruno", "hp=11").code == 0
    return campaigns


BAD_LINES = [
    ("garbage", "not a log entry (Expecting value"),
    ("[1, 2]", "not a log entry (not an object)"),
    ('{"seq": "two", "kind": "roll"}', 'seq = "two" should be a whole number from 1'),
    ('{"seq": 2, "kind": "boom"}', 'kind = "boom" should be one of: roll, change, undo, sheet'),
    ('{"seq": 2, "kind": "change", "op": "explode", "changes": {}}', 'op = "explode" is not one of'),
    ('{"seq": 2, "kind": "change", "op": "state", "changes": [1]}', "changes should be an object"),
    ('{"seq": 2, "kind": "change", "op": "state", "changes": {"Ana": {"after": {}}}}',
     "changes.Ana should be an object with before and after"),
    ('{"seq": 2, "kind": "change", "op": "state", "changes": {"Ana": {"before": 3, "after": {}}}}',
     "changes.Ana.before = 3 is not what state entries hold there"),
    ('{"seq": 2, "kind": "sheet", "op": "add", "changes": {"Bo": {"before": {}, "after": {}}}}',
     "changes.Bo should have exactly one of before and after null"),
    ('{"seq": 2, "kind": "undo", "op": "undo", "changes": {}}', "undoes = null should be the seq"),
    ('{"seq": 2, "kind": "sheet", "op": "edit", "edit": {"before": "a", "after": "b"}}',
     "edit.text should be the new text of campaign.toml"),
    ("[" * 100_000 + "]" * 100_000, "not a log entry (nested too deeply)"),
]


@pytest.mark.parametrize("line, problem", BAD_LINES, ids=[p.split(" (")[0][:30] for _, p in BAD_LINES])
def test_a_bad_line_is_one_error_naming_the_file_and_line_for_every_reader(cli, played, line, problem):
    rows = entries(played)
    rewrite(played, [rows[0], line, *rows[1:]])
    before = folder_bytes(played)
    message = one_line(cli("log"))
    assert message.startswith(f"rolecli: {LOG} line 2: {problem}"), message
    assert message.endswith("; fix or remove that line.")
    assert folder_bytes(played) == before
    assert cli("undo").code == 0  # undo reads back from the end only as far as its target, #3
    # #4 undoes #3, so the next undo reads back past #3 to #2
    rows = [*rows, json.loads((played / "demo" / "log.jsonl").read_text().splitlines()[-1])]
    rewrite(played, [*rows[:2], line, *rows[2:]])
    before = folder_bytes(played)
    message = one_line(cli("undo"))
    assert message.startswith(f"rolecli: {LOG} line 3: {problem}"), message
    assert folder_bytes(played) == before
    rewrite(played, [*rows, line])  # as the newest entry: every command that opens the campaign reads it
    before = folder_bytes(played)
    assert one_line(cli("damage", "Ana", "1")).startswith(f"rolecli: {LOG} line 5: {problem}")
    assert folder_bytes(played) == before


def test_undo_refuses_to_write_a_value_the_checks_refuse(cli, played):
    rows = entries(played)
    rows[1]["changes"]["Ana"]["before"]["damage"] = -7
    rows[2]["changes"]["Bruno"]["before"]["hp"] = -7
    rewrite(played, rows)
    before = folder_bytes(played)
    assert one_line(cli("undo")) == (f"rolecli: cannot undo #3: {LOG} line 3: changes.Bruno.before.hp = -7 is out "
                                     "of range 1..1000000.")
    rows[2]["changes"]["Bruno"]["before"]["hp"] = 9
    rewrite(played, rows)
    assert cli("undo").code == 0
    before = folder_bytes(played)
    assert one_line(cli("undo")) == (f"rolecli: cannot undo #2: {LOG} line 2: changes.Ana.before.damage = -7 is "
                                     "out of range 0..1000000.")
    assert folder_bytes(played) == before
    assert cli("character", "show", "Ana", "--json").json["state"]["damage"] == 5


def test_undo_refuses_a_character_that_is_gone(cli, played):
    path = played / "demo" / "campaign.toml"
    path.write_text(path.read_text().replace('[characters.Bruno]\nhp = 11', '[characters.Bruna]\nhp = 11'))
    assert one_line(cli("undo")) == (
        "rolecli: cannot undo #3 (set Bruno: hp=11): Bruno is not a character in campaigns/demo/campaign.toml but "
        "the log says it is after it, so it was changed since by hand; fix the file by hand instead.")


# --- old logs -------------------------------------------------------------------


OLD = [  # entries as rolecli wrote them before operations were named
    {"seq": 1, "kind": "change", "command": "rolecli damage Ana 2", "summary": "Ana takes 2", "data": {},
     "changes": {"Ana": {"before": {"damage": 0, "fate": 3}, "after": {"damage": 2, "fate": 3}}}},
    {"seq": 2, "kind": "sheet", "command": "x", "summary": "set Ana: hp=14", "data": {},
     "changes": {"Ana": {"before": {"hp": 12}, "after": {"hp": 14}}}},
    {"seq": 3, "kind": "sheet", "command": "x", "summary": "added character Bo", "data": {},
     "changes": {"Bo": {"before": None, "after": {"hp": 4}}}},
    {"seq": 4, "kind": "undo", "command": "u", "summary": "undid #3", "undoes": 3,
     "data": {"undoes": 3, "kind": "sheet"}, "changes": {"Bo": {"before": {"hp": 4}, "after": None}}},
    {"seq": 5, "kind": "sheet", "command": "rolecli campaign edit", "summary": "edited", "data": {"file": "x"}},
]


def test_the_operation_of_an_old_entry_is_read_from_its_shape():
    assert [op_of(e) for e in OLD] == ["state", "sheet", "add", "undo", "edit"]
    assert reverted_op(OLD[3]) == "add"
    assert op_of({"kind": "roll"}) is None


def test_an_old_log_still_undoes(fake_campaigns):
    root = fake_campaigns
    folder = root / "demo"
    (folder / "campaign.toml").write_text(HAND_WRITTEN.replace("hp = 12", "hp = 14"), encoding="utf-8")
    (folder / "state.toml").write_text('[characters.Ana]\ndamage = 2\nfate = 3\n', encoding="utf-8")
    (folder / "log.jsonl").write_text("".join(json.dumps(e) + "\n" for e in OLD), encoding="utf-8")
    assert undo_last(root, "demo", systems, command="u")["seq"] == 2  # the edit and the undone add are skipped
    assert undo_last(root, "demo", systems, command="u")["seq"] == 1
    assert (folder / "campaign.toml").read_text(encoding="utf-8") == HAND_WRITTEN
    with pytest.raises(CampaignError, match="nothing to undo"):
        undo_last(root, "demo", systems)
    assert [e.get("reverts") for e in read_log(root, "demo")[-2:]] == ["sheet", "state"]


# --- command lines ----------------------------------------------------------------


def test_every_entry_records_its_own_command_line_inside_a_batch(cli, campaigns):
    lines = ["character add Carla hp=8", "character set Carla hp=9", "damage Carla 2", "undo",
             "character rename Carla Carlota", "character remove Carlota"]
    result = cli("-C", "demo", "batch", "-", stdin="\n".join(lines) + "\n")
    assert result.code == 0, result.err
    logged = [e["command"] for e in entries(campaigns)]
    assert logged == [f"rolecli --campaign demo {line}" for line in lines]


# --- sequence numbers (issue 18) ------------------------------------------------------


@pytest.mark.parametrize("seqs, lines", [
    ([1, 999, 3], (2, 999, 3, 3)),  # a forged entry mid-log
    ([1, 2, 2], (2, 2, 3, 2)),  # a duplicate
    ([2, 1, 3], (1, 2, 2, 1)),  # out of order
], ids=["forged", "duplicate", "out of order"])
def test_a_seq_out_of_order_is_one_error_naming_the_file_and_lines(cli, played, seqs, lines):
    rows = entries(played)
    for row, seq in zip(rows, seqs):
        row["seq"] = seq
    rewrite(played, rows)
    before = folder_bytes(played)
    first, seq, then, next_seq = lines
    want = (f"rolecli: {LOG} line {first}: seq = {seq} is followed by seq = {next_seq} on line {then}, but entries "
            "are numbered in the order they were written; fix or remove the line out of order.")
    assert one_line(cli("log")) == want
    assert one_line(cli("log", "-n", "3")) == want
    assert cli("log", "-n", "1").code == 0  # the log is read from its end, only as far back as needed
    assert folder_bytes(played) == before


def test_a_gap_in_the_numbers_is_allowed_and_the_next_entry_follows_the_last(cli, played):
    rows = entries(played)
    rows[2]["seq"] = 999  # the newest, renumbered (or the lines between removed by hand)
    rewrite(played, rows)
    assert cli("damage", "Ana", "1").code == 0
    assert [e["seq"] for e in entries(played)] == [1, 2, 999, 1000]
    assert [e["seq"] for e in read_log(played, "demo")] == [1, 2, 999, 1000]


@settings(max_examples=300)
@given(lines=st.lists(st.one_of(st.just(b""), st.just(b"  "), st.binary(min_size=1, max_size=70).filter(
    lambda b: b"\n" not in b)), max_size=12), torn=st.binary(max_size=40).filter(lambda b: b"\n" not in b),
    chunk=st.integers(1, 20))
def test_lines_read_backwards_are_the_lines_read_forwards(lines, torn, chunk):
    import io

    from rolecli.campaign import log as logbook

    data = b"".join(line + b"\n" for line in lines) + torn
    offsets, at = [], 0
    for line in lines:
        offsets.append(at)
        at += len(line) + 1
    forwards = [(o, line) for o, line in zip(offsets, lines) if line.strip()]
    handle = io.BytesIO(data)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(logbook, "_TAIL", chunk)  # chunks smaller than lines, lines across chunks
        end = logbook._whole_end(handle)
        assert end == len(data) - len(torn)
        assert list(logbook._lines_backwards(handle, end)) == forwards[::-1]


def test_log_n_and_undo_read_a_big_log_from_its_end_only(cli, played):
    import tracemalloc

    rows = entries(played)
    ana = rows[1]  # Ana 3 -> 5 damage; then back and forth between 5 and 6, 20,000 times, ending at 5
    lines = ["garbage: a bad first line, which reading from the end never reaches", *map(json.dumps, rows)]
    for seq in range(4, 20_004):
        low = seq % 2 == 0
        change = {"before": {"damage": 5 if low else 6}, "after": {"damage": 6 if low else 5}}
        lines.append(json.dumps({**ana, "seq": seq, "changes": {"Ana": change}}))
    (played / "demo" / "log.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert (played / "demo" / "log.jsonl").stat().st_size > 4_000_000
    for command in (["log", "-n", "1"], ["undo"]):
        tracemalloc.start()
        try:
            result = cli(*command)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert result.code == 0, result.err
        assert peak < 2_000_000, (command, peak)  # the log is 4 MB: it was not read whole (imports take ~1 MB)
    assert cli("character", "show", "Ana", "--json").json["state"]["damage"] == 6  # #20003 undone
