"""``redo`` and ``undo --to SEQ`` (issue 22): each reverts log entries through
the table of operations and logs what it did as one change, so the history can
be walked back and forth; bad input is one line, exit 2, nothing written."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_campaign_fakes import FAKE, HAND_WRITTEN, systems

from rolecli.campaign import (add_character, create_campaign, load_campaign, read_log, redo_last, remove_character,
                              rename_character, set_rule, set_sheet_values, transaction, undo_last, undo_to)
from rolecli.contract import Outcome
from rolecli.errors import CampaignError


def view(cli) -> dict:
    """The demo campaign as the commands show it: every character's sheet and state, the rules and the scene."""
    shown = cli("-C", "demo", "campaign", "show", "--json")
    assert shown.code == 0, shown.err
    return {key: shown.json[key] for key in ("characters", "rules", "scene") if key in shown.json}


def folder_bytes(campaigns: Path, name: str = "demo") -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((campaigns / name).iterdir()) if p.is_file() and p.name != ".lock"}


def ok(result):
    assert result.code == 0, result.err
    return result


def one_line(result) -> str:
    assert result.code == 2, (result.code, result.out, result.err)
    assert result.err.count("\n") == 1 and "Traceback" not in result.err, result.err
    return result.err.strip()


def test_view_holds_what_a_change_changes(cli):
    before = view(cli)
    ok(cli("-C", "demo", "damage", "Ana", "1"))
    assert view(cli) != before  # so the comparisons below can fail


# --- the "done when" ----------------------------------------------------------


def test_damage_undo_redo_brings_the_damage_back(cli):
    assert ok(cli("-C", "demo", "damage", "Esqueleto", "4")).out == "Esqueleto: 2/6 HP\n"  # 6 HP - 4
    hit = view(cli)
    assert ok(cli("-C", "demo", "undo")).out == "undone #1: Esqueleto: 2/6 HP\n"
    assert view(cli) != hit
    assert ok(cli("-C", "demo", "redo")).out == "redone #1: Esqueleto: 2/6 HP\n"
    assert view(cli) == hit
    last = read_log_of(cli)[-1]
    assert (last["seq"], last["kind"], last["op"], last["redoes"]) == (3, "change", "state", 2)
    assert last["changes"] == {"Esqueleto": {"before": {"damage": 0}, "after": {"damage": 4}}}


def read_log_of(cli) -> list[dict]:
    return [json.loads(line) for line in ok(cli("-C", "demo", "log", "-n", "1000", "--json")).out.splitlines()]


def test_undo_to_gives_the_campaign_as_after_that_entry_and_undo_reverts_it(cli):
    ok(cli("-C", "demo", "damage", "Esqueleto", "4"))  # 1
    ok(cli("-C", "demo", "damage", "Bruno", "2"))  # 2
    after_2 = view(cli)
    for line in (["damage", "Ana", "3"], ["check", "Ana", "1d20", "--target", "10", "--dice", "15"],  # 3, a roll: 4
                 ["character", "set", "Bruno", "hp=11"], ["character", "rename", "Esqueleto", "Huesos"],  # 5, 6
                 ["character", "add", "Carla", "hp=8"], ["campaign", "rule", "set", "rest", "none"],  # 7, 8
                 ["conflict", "start", "Ana", "Bruno"], ["undo"],  # 9, 10 (undoes 9)
                 ["effect", "add", "Ana", "aturdida"], ["character", "remove", "Carla"]):  # 11, 12
        ok(cli("-C", "demo", *line))
    before = view(cli)
    result = ok(cli("-C", "demo", "undo", "--to", "2"))
    assert view(cli) == after_2
    assert result.out.splitlines() == [
        "undone #12: removed character Carla", "undone #11: effect #1 on Ana: aturdida",
        "undone #8: set rule rest = \"none\"", "undone #7: added character Carla",
        "undone #6: renamed Esqueleto to Huesos", "undone #5: set Bruno: hp=11", "undone #3: Ana: 9/12 HP",
        "back to #2, as one change (#13): 'rolecli undo' or 'rolecli redo' brings it back"]
    entry = read_log_of(cli)[-1]
    assert (entry["seq"], entry["kind"], entry["op"], entry["data"]["to"]) == (13, "undo", "group", 2)
    assert [u["seq"] for u in entry["data"]["undid"]] == [12, 11, 8, 7, 6, 5, 3]  # 9 and its undo 10 cancel out
    assert ok(cli("-C", "demo", "undo")).out == "undone #13: undid back to #2: #12, #11, #8, #7, #6 … #3\n"
    assert view(cli) == before
    ok(cli("-C", "demo", "redo"))
    assert view(cli) == after_2
    ok(cli("-C", "demo", "undo"))  # the redo is a change like any other
    assert view(cli) == before


def test_undo_to_before_an_undo_puts_back_what_that_undo_took(cli):
    ok(cli("-C", "demo", "damage", "Ana", "3"))  # 1
    after_1 = view(cli)
    ok(cli("-C", "demo", "undo"))  # 2 undoes 1
    ok(cli("-C", "demo", "damage", "Bruno", "1"))  # 3
    ok(cli("-C", "demo", "undo", "--to", "1"))
    assert view(cli) == after_1


def test_undo_to_over_an_undo_to_goes_back_over_it_whole(cli, campaigns):
    ok(cli("-C", "demo", "damage", "Ana", "1"))  # 1
    after_1 = view(cli)
    ok(cli("-C", "demo", "damage", "Bruno", "2"))  # 2
    ok(cli("-C", "demo", "damage", "Ana", "3"))  # 3
    ok(cli("-C", "demo", "undo", "--to", "2"))  # 4
    before = folder_bytes(campaigns)
    assert one_line(cli("-C", "demo", "undo", "--to", "2")) == ("rolecli: nothing to undo in campaign 'demo': it is "
                                                                "as it stood after #2 already.")
    assert folder_bytes(campaigns) == before
    ok(cli("-C", "demo", "damage", "Ana", "5"))  # 5
    assert ok(cli("-C", "demo", "undo", "--to", "1")).out.splitlines()[:2] == ["undone #5: Ana: 6/12 HP",
                                                                              "undone #2: Bruno: 7/9 HP"]
    assert view(cli) == after_1


# --- walking back and forth --------------------------------------------------------------


def test_several_undos_then_several_redos_walk_back_and_forth(cli):
    views = [view(cli)]
    for amount in (1, 2, 3):
        ok(cli("-C", "demo", "damage", "Ana", str(amount)))
        views.append(view(cli))
    for back in (2, 1, 0):
        ok(cli("-C", "demo", "undo"))
        assert view(cli) == views[back]
    assert [ok(cli("-C", "demo", "redo")).out for _ in range(2)] == ["redone #1: Ana: 11/12 HP\n",
                                                                    "redone #2: Ana: 9/12 HP\n"]  # 12 - 1, - 2
    assert view(cli) == views[2]
    ok(cli("-C", "demo", "undo"))  # back again: undoes the redo
    assert view(cli) == views[1]
    assert ok(cli("-C", "demo", "redo")).out == "redone #2: Ana: 9/12 HP\n"
    assert ok(cli("-C", "demo", "redo")).out == "redone #3: Ana: 6/12 HP\n"
    assert view(cli) == views[3]
    assert one_line(cli("-C", "demo", "redo")) == ("rolecli: nothing to redo in campaign 'demo': every undo after "
                                                   "#3 was redone already.")


def test_a_roll_after_the_undo_does_not_stop_the_redo(cli):
    ok(cli("-C", "demo", "damage", "Ana", "2"))
    hit = view(cli)
    ok(cli("-C", "demo", "undo"))
    ok(cli("-C", "demo", "check", "Ana", "1d20", "--target", "10", "--dice", "15"))
    ok(cli("-C", "demo", "redo"))
    assert view(cli) == hit


def test_redo_after_undo_to_reapplies_what_it_undid(cli):
    ok(cli("-C", "demo", "damage", "Ana", "2"))
    ok(cli("-C", "demo", "damage", "Bruno", "2"))
    both = view(cli)
    ok(cli("-C", "demo", "undo", "--to", "1"))
    assert ok(cli("-C", "demo", "redo")).out == "redone #2: Bruno: 7/9 HP\n"  # 9 - 2
    assert view(cli) == both


# --- refusals ---------------------------------------------------------------------------------


def test_redo_is_refused_once_another_change_came_after_the_undo(cli, campaigns):
    ok(cli("-C", "demo", "damage", "Ana", "2"))
    ok(cli("-C", "demo", "undo"))
    ok(cli("-C", "demo", "damage", "Bruno", "1"))
    before = folder_bytes(campaigns)
    assert one_line(cli("-C", "demo", "redo")) == (
        "rolecli: nothing to redo in campaign 'demo': its newest change, #3 (Bruno: 8/9 HP), is not an undo; redo "
        "re-applies what undo took back, until something else changes the campaign.")
    assert folder_bytes(campaigns) == before


@pytest.mark.parametrize("args, message", [
    (["undo", "--to", "999"], "undo --to 999: campaign 'demo' has no log entry #999; give the seq of an entry, 1..2 "
                              "('rolecli log' lists them)."),
    (["undo", "--to", "-1"], "undo --to -1: campaign 'demo' has no log entry #-1; give the seq of an entry, 1..2"),
    (["undo", "--to", "0"], "undo --to 0: campaign 'demo' has no log entry #0; give the seq of an entry, 1..2"),
    (["undo", "--to", "abc"], "Invalid value for '--to'"),
    (["undo", "--to", "2"], "nothing to undo in campaign 'demo': it is as it stood after #2 already."),
    (["redo"], "nothing to redo in campaign 'demo': its newest change, #2 (Bruno: 8/9 HP), is not an undo"),
])
def test_bad_input_is_one_line_and_writes_nothing(cli, campaigns, args, message):
    ok(cli("-C", "demo", "damage", "Ana", "2"))
    ok(cli("-C", "demo", "damage", "Bruno", "1"))
    before = folder_bytes(campaigns)
    assert one_line(cli("-C", "demo", *args)).startswith(f"rolecli: {message}")
    assert folder_bytes(campaigns) == before


@pytest.mark.parametrize("args, message", [
    (["redo"], "nothing to redo in campaign 'demo': no undo to redo."),
    (["undo", "--to", "1"], "undo --to 1: campaign 'demo' has no log entries yet, so nothing to undo."),
])
def test_a_campaign_without_a_log_has_nothing_to_redo_or_undo_to(cli, campaigns, args, message):
    before = folder_bytes(campaigns)
    assert one_line(cli("-C", "demo", *args)) == f"rolecli: {message}"
    assert folder_bytes(campaigns) == before


def test_redo_refuses_files_changed_by_hand_since_the_undo(cli, campaigns):
    ok(cli("-C", "demo", "damage", "Ana", "2"))
    ok(cli("-C", "demo", "undo"))
    state = campaigns / "demo" / "state.toml"
    state.write_text(state.read_text().replace("damage = 0", "damage = 5"))
    before = folder_bytes(campaigns)
    assert one_line(cli("-C", "demo", "redo")) == (
        "rolecli: cannot redo #2 (undid #1: Ana: 10/12 HP): Ana's damage is 5 in campaigns/demo/state.toml but the "
        "log says 0 after it, so it was changed since by hand; fix the file by hand instead.")
    assert folder_bytes(campaigns) == before


def test_undo_to_refuses_to_go_back_past_an_edit_in_the_editor(fake_campaigns, monkeypatch, tmp_path):
    import sys

    from rolecli.campaign import edit_in_editor

    root = fake_campaigns
    damage(root, "Ana", 1)
    script = tmp_path / "ed.py"
    script.write_text("import sys, pathlib\np = pathlib.Path(sys.argv[-1])\n"
                      "p.write_text(p.read_text().replace('hp = 12', 'hp = 15'))\n")
    monkeypatch.setenv("EDITOR", f"{sys.executable} {script}")
    monkeypatch.delenv("VISUAL", raising=False)
    edit_in_editor(root, "demo", systems, command="rolecli campaign edit", ask=lambda m: False)
    damage(root, "Ana", 1)
    before = {p.name: p.read_bytes() for p in (root / "demo").iterdir() if p.is_file()}
    with pytest.raises(CampaignError) as err:
        undo_to(root, "demo", 1, systems)
    assert str(err.value) == ("cannot undo back to #1: #2 (edited campaign.toml in the editor) cannot be undone; "
                              "undo to an entry after it, or change the files by hand.")
    assert {p.name: p.read_bytes() for p in (root / "demo").iterdir() if p.is_file()} == before
    undo_to(root, "demo", 2, systems)  # after it, it can
    assert load_campaign(root, "demo", systems).characters["Ana"].state["damage"] == 1
    assert os.path.exists(root / "demo" / "log.jsonl")


# --- the log entries ---------------------------------------------------------------------


def damage(root: Path, who: str, amount: int) -> None:
    with transaction(root, "demo", systems, command=f"rolecli damage {who} {amount}") as camp:
        new = camp.character(who).state["damage"] + amount
        camp.record(Outcome({}, changes={who: {"damage": new}}), summary=f"{who} takes {amount}")


@pytest.mark.parametrize("line, problem", [
    ({"op": "group", "kind": "undo", "steps": []}, "steps should be a list of 1 to 100,000 changes"),
    ({"op": "group", "kind": "undo", "steps": [{"op": "edit"}]}, "steps[0] should be a change with op one of"),
    ({"op": "group", "kind": "undo", "steps": [{"op": "group", "steps": []}]}, "steps[0] should be a change"),
    ({"op": "group", "kind": "undo", "steps": [{"op": "state", "changes": {"Ana": {"before": 1, "after": {}}}}]},
     "steps[0].changes.Ana.before = 1 is not what state entries hold there"),
    ({"op": "undo", "kind": "undo", "undoes": 1, "reverts": "group", "steps": "x"}, "steps should be a list"),
    ({"op": "state", "kind": "change", "redoes": "x", "changes": {}}, 'redoes = "x" should be the seq of the undo'),
], ids=["empty", "edit", "nested", "bad change", "undo of a group", "redoes"])
def test_a_bad_group_or_redo_line_is_one_error_naming_the_line(fake_campaigns, line, problem):
    damage(fake_campaigns, "Ana", 1)
    log = fake_campaigns / "demo" / "log.jsonl"
    log.write_text(log.read_text() + json.dumps({"seq": 2, "command": "x", "summary": "", **line}) + "\n")
    with pytest.raises(CampaignError) as err:
        read_log(fake_campaigns, "demo")
    assert str(err.value).startswith(f"campaigns/demo/log.jsonl line 2: {problem}"), str(err.value)


# --- a property: any history, walked by undo, redo and undo --to -------------------------------------


def state_of(root: Path) -> tuple:
    camp = load_campaign(root, "demo", systems)
    return ({n: (dict(c.sheet), dict(c.state)) for n, c in camp.characters.items()}, dict(camp.written_rules),
            camp.scene)


CHANGES = ["damage", "set", "add", "remove", "rename", "rule"]
# A history: rounds of a change, then up to three undos, up to three redos, maybe an undo --to.
ROUNDS = st.lists(st.tuples(st.sampled_from(CHANGES), st.integers(0, 50), st.integers(0, 3), st.integers(0, 3),
                            st.booleans()), min_size=2, max_size=8)


@settings(max_examples=40, deadline=None, derandomize=True)  # derandomized: the same histories every run
@given(rounds=ROUNDS)
def test_every_history_walked_back_and_forth_lands_on_a_state_it_had(rounds):
    """After any mix of changes, undos, redos and undo --to: each revert lands on
    the state the campaign had right before the entry it reverts (``undo --to N``:
    right after entry N), and the files are always the replay of the log."""
    with tempfile.TemporaryDirectory() as tmp, pytest.MonkeyPatch.context() as patch:
        # durability is the crash tests' business: here an fsync only costs the shared disk's time
        patch.setattr(os, "fsync", lambda fd: None)
        root = Path(tmp) / "campaigns"
        create_campaign(root, "demo", FAKE)
        (root / "demo" / "campaign.toml").write_text(HAND_WRITTEN, encoding="utf-8")
        views = {0: state_of(root)}  # by seq: the state right after that entry
        walked = [step for change, number, undos, redos, back in rounds for step in
                  [(change, number), *[("undo", number)] * undos, *[("redo", number)] * redos,
                   *[("undo_to", number)] * back]]
        for action, number in walked:
            names = list(load_campaign(root, "demo", systems).characters)
            who = names[number % len(names)] if names else "Nadie"  # everybody removed: refused
            try:
                reverted = _act(root, action, number, who)
            except CampaignError:
                assert state_of(root) == views[max(views)]  # a refusal changes nothing
                continue
            seq = read_log(root, "demo", 1)[-1]["seq"]
            views[seq] = state_of(root)
            if reverted is not None:
                assert views[seq] == views[reverted], (action, reverted, walked)
        _check_replay(root)


def _act(root: Path, action: str, number: int, who: str) -> int | None:
    """Do ``action``; for a revert, the seq whose state it must land on."""
    if action == "damage":
        damage(root, who, 1 + number % 3)
    elif action == "set":
        set_sheet_values(root, "demo", who, {"hp": 1 + number}, systems, command="x")
    elif action == "add":
        add_character(root, "demo", f"Bo{number}", {"hp": 4}, systems, command="x")
    elif action == "remove":
        remove_character(root, "demo", who, systems, command="x")
    elif action == "rename":
        rename_character(root, "demo", who, f"Re{number}", systems, command="x")
    elif action == "rule":
        set_rule(root, "demo", "max_stress", 1 + number % 10, systems, command="x")
    elif action == "undo":
        return undo_last(root, "demo", systems, command="x")["seq"] - 1
    elif action == "redo":
        return redo_last(root, "demo", systems, command="x")["redoes"] - 1
    else:
        newest = read_log(root, "demo", 1)[-1]["seq"] if read_log(root, "demo", 1) else 1
        to = 1 + number % newest
        undo_to(root, "demo", to, systems, command="x")
        return to
    return None


def _check_replay(root: Path) -> None:
    """The files are what the log's entries make of the first campaign.toml, each
    step starting where the one before left off."""
    from rolecli.campaign.commit import Draft
    from rolecli.campaign.operations import steps
    from rolecli.campaign.snapshot import parse_campaign
    from rolecli.campaign.validate import Where

    folder = root / "demo"
    draft = Draft(parse_campaign(folder, HAND_WRITTEN.encode(), systems).with_state_file(None), 0, systems)
    for entry in read_log(root, "demo"):
        for part, who, change in steps(entry):
            assert part.differs(draft.snap, who, change, "before") is None, entry
            part.apply(draft, who, change, "after", Where(label=f"#{entry['seq']}"))
    camp = load_campaign(root, "demo", systems)
    assert {n: (c.sheet, c.state) for n, c in draft.snap.characters.items()} == \
        {n: (c.sheet, c.state) for n, c in camp.characters.items()}
    assert draft.snap.doc.get("rules", {}) == dict(camp.written_rules) and draft.snap.scene == camp.scene
