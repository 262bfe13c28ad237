"""Write-ahead commits, crash point by crash point: the process dies (an
exception no code catches) at each step of a commit, and the next command finds
a campaign equal to the replay of its log — the change rolled forward, or
never made."""

from __future__ import annotations

import contextlib
import json
import os
import tomllib
from pathlib import Path

import pytest
from test_campaign_fakes import HAND_WRITTEN, systems

from rolecli.campaign import (add_character, edit_in_editor, load_campaign, read_log, redo_last, remove_character,
                              rename_character, set_sheet_values, transaction, undo_last, undo_to)
from rolecli.campaign import snapshot
from rolecli.contract import Outcome
from rolecli.errors import CampaignError


class Crash(BaseException):
    """The process dies here: nothing after this line of rolecli runs."""


@pytest.fixture
def root(fake_campaigns) -> Path:
    return fake_campaigns


def damage(root: Path, who: str, amount: int) -> None:
    with transaction(root, "demo", systems, command=f"rolecli damage {who} {amount}") as camp:
        new = camp.character(who).state["damage"] + amount
        camp.record(Outcome({}, changes={who: {"damage": new}}), summary=f"{who} takes {amount}")


@contextlib.contextmanager
def dies(monkeypatch, target: str, calls_before: int = 0, then=None):
    """Run the block with ``target`` (``module.function``) killing the process
    on its call number ``calls_before + 1`` (after ``then(*args)``, if given);
    afterwards the process "starts again": no snapshot is remembered."""
    module_name, name = target.rsplit(".", 1)
    module = __import__(module_name, fromlist=[name])
    real, seen = getattr(module, name), [0]

    def fake(*args, **kwargs):
        if seen[0] == calls_before:
            if then:
                then(*args)
            raise Crash(target)
        seen[0] += 1
        return real(*args, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(module, name, fake)
        with pytest.raises(Crash):
            yield
    snapshot._kept.clear()


def files(root: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((root / "demo").iterdir()) if p.name != ".lock"}


def state(root: Path, who: str = "Ana") -> dict:
    return dict(load_campaign(root, "demo", systems).characters[who].state)


def settled(root: Path) -> None:
    """What every command leaves: no temporary file, no unfinished log line."""
    folder = root / "demo"
    assert [p.name for p in folder.iterdir() if p.name.endswith(".tmp")] == []
    log = folder / "log.jsonl"
    assert not log.exists() or log.read_bytes().endswith(b"\n")


# --- before the commit point: never made -----------------------------------------


def test_dying_before_the_append_changes_nothing(root, monkeypatch):
    damage(root, "Ana", 1)
    before = files(root)
    with dies(monkeypatch, "rolecli.campaign.log.append_lines"):
        damage(root, "Ana", 2)
    assert files(root) == before
    assert state(root)["damage"] == 1


def test_dying_mid_append_leaves_a_torn_line_that_is_cut_and_never_applied(root, monkeypatch):
    damage(root, "Ana", 1)
    log = root / "demo" / "log.jsonl"

    def half(path, lines):
        with open(path, "ab") as handle:
            handle.write(("\n".join(lines) + "\n").encode()[:30])

    with dies(monkeypatch, "rolecli.campaign.log.append_lines", then=half):
        damage(root, "Ana", 2)
    assert not log.read_bytes().endswith(b"\n")
    assert [e["seq"] for e in read_log(root, "demo")] == [1]  # readers skip it
    assert state(root)["damage"] == 1  # the reader cut it off, and finished nothing
    settled(root)
    damage(root, "Ana", 5)
    assert [e["seq"] for e in read_log(root, "demo")] == [1, 2] and state(root)["damage"] == 6


# --- after the commit point: rolled forward --------------------------------------------


def test_dying_between_the_append_and_the_replace_is_rolled_forward(root, monkeypatch):
    damage(root, "Ana", 1)
    with dies(monkeypatch, "rolecli.campaign.commit.atomic_write"):
        damage(root, "Ana", 2)
    assert tomllib.loads((root / "demo" / "state.toml").read_text())["characters"]["Ana"]["damage"] == 1
    assert read_log(root, "demo")[-1]["changes"]["Ana"]["after"]["damage"] == 3  # committed
    assert state(root)["damage"] == 3  # the next command (a reader, even) finishes it
    assert tomllib.loads((root / "demo" / "state.toml").read_text())["characters"]["Ana"]["damage"] == 3
    settled(root)
    undo_last(root, "demo", systems, command="u")
    assert state(root)["damage"] == 1


def test_a_temporary_file_left_by_a_death_inside_the_write_is_removed(root, monkeypatch):
    def leave_temp(path, data, sync=True):
        (Path(path).parent / f".{Path(path).name}.x1y2.tmp").write_bytes(data[:10])

    with dies(monkeypatch, "rolecli.campaign.commit.atomic_write", then=leave_temp):
        damage(root, "Ana", 2)
    assert (root / "demo" / ".state.toml.x1y2.tmp").exists()
    assert state(root)["damage"] == 2
    settled(root)


@pytest.mark.parametrize("change, check", [
    (lambda root: set_sheet_values(root, "demo", "Ana", {"hp": 14, "skills": {"Nadar": 2}}, systems, command="x"),
     lambda camp: camp.characters["Ana"].sheet["hp"] == 14 and camp.characters["Ana"].sheet["skills"]["Nadar"] == 2),
    (lambda root: add_character(root, "demo", "Bo", {"hp": 4}, systems, command="x"),
     lambda camp: camp.characters["Bo"].sheet["hp"] == 4),
    (lambda root: remove_character(root, "demo", "Ana", systems, command="x"),
     lambda camp: "Ana" not in camp.characters),
    (lambda root: rename_character(root, "demo", "Ana", "Bea", systems, command="x"),
     lambda camp: "Ana" not in camp.characters and camp.characters["Bea"].state["damage"] == 2),
    (lambda root: undo_last(root, "demo", systems, command="x"),
     lambda camp: camp.characters["Ana"].state["damage"] == 1),
], ids=["set", "add", "remove", "rename", "undo"])
def test_every_writer_is_rolled_forward_from_the_log(root, monkeypatch, change, check):
    damage(root, "Ana", 1)
    damage(root, "Ana", 1)
    with dies(monkeypatch, "rolecli.campaign.commit.atomic_write"):
        change(root)
    assert check(load_campaign(root, "demo", systems))
    settled(root)
    undo_last(root, "demo", systems, command="u")  # and the history goes on
    assert read_log(root, "demo")[-1]["op"] == "undo"


@pytest.mark.parametrize("change", [
    lambda root: remove_character(root, "demo", "Ana", systems, command="x"),
    lambda root: rename_character(root, "demo", "Ana", "Bea", systems, command="x"),
], ids=["remove", "rename"])
def test_dying_between_the_two_files_of_one_change_is_finished(root, monkeypatch, change):
    damage(root, "Ana", 1)
    with dies(monkeypatch, "rolecli.campaign.commit.atomic_write", calls_before=1):  # campaign.toml done
        change(root)
    assert "Ana" in tomllib.loads((root / "demo" / "state.toml").read_text())["characters"]  # not yet
    camp = load_campaign(root, "demo", systems)
    assert "Ana" not in tomllib.loads((root / "demo" / "state.toml").read_text()).get("characters", {})
    assert "Ana" not in camp.characters
    undo_last(root, "demo", systems, command="u")
    assert state(root)["damage"] == 1 and (root / "demo" / "campaign.toml").read_text() == HAND_WRITTEN


def test_dying_when_undoing_a_removal_between_its_two_files(root, monkeypatch):
    damage(root, "Ana", 3)
    remove_character(root, "demo", "Ana", systems, command="x")
    with dies(monkeypatch, "rolecli.campaign.commit.atomic_write", calls_before=1):
        undo_last(root, "demo", systems, command="u")
    assert state(root)["damage"] == 3  # the sheet came back first, its state follows
    assert (root / "demo" / "campaign.toml").read_text() == HAND_WRITTEN


def characters(root: Path) -> dict:
    return {n: (dict(c.sheet), dict(c.state)) for n, c in load_campaign(root, "demo", systems).characters.items()}


def walked_back(root: Path) -> tuple[dict, dict]:
    """Damage, a rename (two files), more damage, then two undos: the
    characters after the first change and after the rename."""
    damage(root, "Ana", 1)
    after_1 = characters(root)
    rename_character(root, "demo", "Ana", "Bea", systems, command="x")
    after_2 = characters(root)
    damage(root, "Bea", 2)
    undo_last(root, "demo", systems, command="u")
    return after_1, after_2


@pytest.mark.parametrize("calls_before", [0, 1], ids=["before the files", "between the two files"])
@pytest.mark.parametrize("walk", ["redo", "undo --to"])
def test_dying_in_redo_or_undo_to_is_rolled_forward_from_the_log(root, monkeypatch, walk, calls_before):
    after_1, after_2 = walked_back(root)
    if walk == "redo":
        undo_last(root, "demo", systems, command="u")  # the rename: redo brings it back, in both files
        with dies(monkeypatch, "rolecli.campaign.commit.atomic_write", calls_before=calls_before):
            redo_last(root, "demo", systems, command="x")
        assert characters(root) == after_2
    else:
        with dies(monkeypatch, "rolecli.campaign.commit.atomic_write", calls_before=calls_before):
            undo_to(root, "demo", 1, systems, command="x")
        assert characters(root) == after_1
        assert (root / "demo" / "campaign.toml").read_text() == HAND_WRITTEN
    settled(root)
    undo_last(root, "demo", systems, command="u")  # and the history goes on: one undo takes it back
    assert characters(root) == (after_1 if walk == "redo" else after_2)


@pytest.mark.parametrize("walk", [lambda root: redo_last(root, "demo", systems, command="x"),
                                  lambda root: undo_to(root, "demo", 1, systems, command="x")],
                         ids=["redo", "undo --to"])
def test_dying_before_the_append_of_a_redo_or_undo_to_changes_nothing(root, monkeypatch, walk):
    walked_back(root)
    before = files(root)
    with dies(monkeypatch, "rolecli.campaign.log.append_lines"):
        walk(root)
    assert files(root) == before
    settled(root)


def test_dying_after_the_replace_needs_nothing_more(root, monkeypatch):
    with dies(monkeypatch, "rolecli.campaign.commit.sync_folder"):
        damage(root, "Ana", 2)
    written = files(root)
    assert state(root)["damage"] == 2
    assert files(root) == written


def test_an_edit_in_the_editor_is_rolled_forward_from_the_text_in_the_log(root, monkeypatch, tmp_path):
    script = tmp_path / "ed.py"
    script.write_text("import sys, pathlib\np = pathlib.Path(sys.argv[-1])\n"
                      "p.write_text(p.read_text().replace('hp = 12', 'hp = 15'))\n")
    monkeypatch.setenv("EDITOR", f"{os.sys.executable} {script}")
    monkeypatch.delenv("VISUAL", raising=False)
    with dies(monkeypatch, "rolecli.campaign.commit.atomic_write"):
        edit_in_editor(root, "demo", systems, command="rolecli campaign edit", ask=lambda m: False)
    assert load_campaign(root, "demo", systems).characters["Ana"].sheet["hp"] == 15
    assert (root / "demo" / "campaign.toml").read_text() == HAND_WRITTEN.replace("hp = 12", "hp = 15")


def test_a_commit_of_several_entries_is_rolled_forward_whole(root, monkeypatch):
    def three_hits():
        with transaction(root, "demo", systems, command="rolecli attack") as camp:
            for _ in range(3):
                ana = camp.characters["Ana"]
                camp.record(Outcome({}, changes={"Ana": {"damage": ana.state["damage"] + 1}}), summary="+1")

    with dies(monkeypatch, "rolecli.campaign.commit.atomic_write"):
        three_hits()
    assert [e.get("commit") for e in read_log(root, "demo")] == [1, 1, 1]
    assert state(root)["damage"] == 3
    three_hits()  # a complete commit of several entries is not taken for an unfinished one
    assert state(root)["damage"] == 6


# --- what recovery must not do ----------------------------------------------------------


def test_a_hand_edit_back_to_the_old_value_is_not_rolled_over(root):
    damage(root, "Ana", 2)
    path, log = root / "demo" / "state.toml", root / "demo" / "log.jsonl"
    path.write_text(path.read_text().replace("damage = 2", "damage = 0"))  # the GM takes it back by hand
    later = os.stat(log).st_mtime_ns + 10_000_000
    os.utime(path, ns=(later, later))
    snapshot._kept.clear()
    assert state(root)["damage"] == 0
    damage(root, "Ana", 1)
    assert state(root)["damage"] == 1


def test_a_last_entry_whose_values_the_checks_refuse_is_reported_not_written(root, monkeypatch):
    damage(root, "Ana", 1)
    with dies(monkeypatch, "rolecli.campaign.commit.atomic_write"):
        damage(root, "Ana", 2)
    log = root / "demo" / "log.jsonl"
    log.write_text(log.read_text().replace('"after":{"damage":3', '"after":{"damage":-7'))
    before = files(root)
    with pytest.raises(CampaignError) as err:
        damage(root, "Ana", 1)
    assert str(err.value) == ("campaigns/demo/log.jsonl line 2: changes.Ana.after.damage = -7 is out of range "
                              "0..1000.")
    assert files(root) == before
    assert json.loads(log.read_text().splitlines()[-1])["seq"] == 2


def test_a_full_disk_after_the_commit_point_is_reported_as_written_and_finished_later(root, monkeypatch):
    def full(path, data, sync=True):
        raise CampaignError(f"cannot write {Path(path).name}: No space left on device.")

    damage(root, "Ana", 1)
    with monkeypatch.context() as patch:
        patch.setattr("rolecli.campaign.commit.atomic_write", full)
        with pytest.raises(CampaignError) as err:
            damage(root, "Ana", 2)
    assert str(err.value) == ("cannot write state.toml: No space left on device. The change is in the log (#2): "
                              "the next rolecli command on this campaign finishes writing it.")
    assert state(root)["damage"] == 3


# --- a torn last line is never a reason to roll forward (issue 18) -------------------------


@pytest.mark.parametrize("change", [
    ["damage", "Ana", "3"],
    ["campaign", "rule", "set", "rest", "none"],
    ["character", "set", "Ana", "hp=7"],
    ["character", "rename", "Ana", "Zed"],
    ["effect", "add", "Ana", "aturdida"],
], ids=["damage", "rule", "set", "rename", "effect"])
def test_a_torn_last_line_is_cut_and_reported_and_nothing_older_is_applied_again(cli, campaigns, change):
    folder = campaigns / "demo"
    assert cli("-C", "demo", *change).code == 0
    assert cli("-C", "demo", "undo").code == 0
    log = folder / "log.jsonl"
    whole = log.read_bytes()
    last = whole[: -1].rfind(b"\n") + 1
    log.write_bytes(whole[: last + (len(whole) - last) // 2])  # the undo's line, cut half-way
    kept = {name: (folder / name).read_bytes() for name in ("campaign.toml", "state.toml") if (folder / name).exists()}
    shown = cli("-C", "demo", "character", "show", "Ana", "--json")
    assert shown.code == 0 and shown.json["state"]["damage"] == 0  # the undone change is not back
    assert {name: (folder / name).read_bytes() for name in kept} == kept  # nothing rewritten
    assert log.read_bytes() == whole[:last]  # the torn line is cut off...
    assert shown.err == (f"rolecli: campaigns/demo/log.jsonl line 2: removed an unfinished last line "  # ...and said
                         f"({(len(whole) - last) // 2} bytes), a write cut short (by a crash, a full disk or a copy "
                         "made mid-write); it was never committed, and no older change is applied again.\n")
    again = cli("-C", "demo", "character", "show", "Ana", "--json")
    assert again.code == 0 and again.err == ""


@pytest.mark.parametrize("keep", [2, 2.5], ids=["two whole lines of three", "and half the third"])
def test_a_commit_whose_last_lines_are_missing_is_cut_whole_and_never_applied(root, keep, capsys):
    damage(root, "Ana", 1)
    with transaction(root, "demo", systems, command="rolecli attack") as camp:
        for _ in range(3):
            ana = camp.characters["Ana"]
            camp.record(Outcome({}, changes={"Ana": {"damage": ana.state["damage"] + 1}}), summary="+1")
    log = root / "demo" / "log.jsonl"
    lines = log.read_bytes().splitlines(keepends=True)
    assert [json.loads(line).get("commit_end") for line in lines] == [None, 4, 4, 4]
    state_file = (root / "demo" / "state.toml")
    state_file.write_text(state_file.read_text().replace("damage = 4", "damage = 1"))  # as before the commit
    log.write_bytes(b"".join(lines[:3]) + lines[3][: int(len(lines[3]) * (keep - 2))])
    snapshot._kept.clear()
    assert state(root)["damage"] == 1  # no part of the commit is rolled forward
    assert log.read_bytes() == lines[0]
    assert "line 2: removed the lines of commit #2, whose last lines are missing" in capsys.readouterr().err
    settled(root)
    damage(root, "Ana", 2)
    assert [e["seq"] for e in read_log(root, "demo")] == [1, 2] and state(root)["damage"] == 3


def test_a_commit_whose_numbering_the_log_no_longer_follows_writes_nothing(root):
    damage(root, "Ana", 1)
    log = root / "demo" / "log.jsonl"
    with pytest.raises(CampaignError) as err:
        with transaction(root, "demo", systems, command="x") as camp:
            log.write_bytes(log.read_bytes() + log.read_bytes().replace(b'"seq":1', b'"seq":2'))  # behind its back
            before = files(root)
            camp.record(Outcome({}, changes={"Ana": {"damage": 5}}), summary="Ana takes 4")
    assert str(err.value) == ("campaigns/demo/log.jsonl changed while this command held the campaign (its newest "
                              "entry is #2, not #1); nothing was written: run the command again.")
    assert files(root) == before
