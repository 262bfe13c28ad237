"""A campaign read once is reused while its files hold the same bytes, and a
change writes only what changed: a batch line costs the same on a big campaign."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from test_campaign_fakes import HAND_WRITTEN, systems

from rolecli.campaign import load_campaign, set_sheet_values, system_of, transaction
from rolecli.campaign import paths, snapshot, validate
from rolecli.contract import Outcome

MANY = "".join(f"\n[characters.N{i}]\nhp = {i % 90 + 1}\n" for i in range(300))


@pytest.fixture
def root(fake_campaigns) -> Path:
    (fake_campaigns / "demo" / "campaign.toml").write_text(HAND_WRITTEN + MANY, encoding="utf-8")
    snapshot._kept.clear()
    return fake_campaigns


def counting(monkeypatch, module, name: str) -> list:
    calls, real = [], getattr(module, name)
    monkeypatch.setattr(module, name, lambda *a, **k: calls.append(a) or real(*a, **k))
    return calls


def hit(root: Path, who: str) -> None:
    with transaction(root, "demo", systems, command=f"rolecli damage {who} 1") as camp:
        ana = camp.working_copies()[who]
        camp.record(Outcome({}, changes={who: {"damage": ana.state["damage"] + 1}}), summary="+1")


def test_a_campaign_is_checked_once_while_its_files_do_not_change(root, monkeypatch):
    checks = counting(monkeypatch, snapshot, "check_campaign_doc")
    for i in range(20):
        hit(root, f"N{i}")
        load_campaign(root, "demo", systems)
    assert len(checks) == 1
    assert load_campaign(root, "demo", systems).characters["N7"].state["damage"] == 1


def test_a_campaign_verb_parses_campaign_toml_once(root, monkeypatch):
    """Learning the system (to load its plugin) and reading the campaign share one parse."""
    parsed = counting(monkeypatch, validate.tomllib, "loads")
    assert system_of(root, "demo") == "fake"
    hit(root, "N1")
    assert [text.startswith("# La cripta") for text, in parsed] == [True]  # campaign.toml, once (no state.toml yet)


def test_a_campaign_changed_after_its_system_was_read_is_parsed_again(root):
    path = root / "demo" / "campaign.toml"
    assert system_of(root, "demo") == "fake"
    path.write_text(path.read_text(encoding="utf-8").replace("hp = 12", "hp = 15"), encoding="utf-8")
    assert load_campaign(root, "demo", systems).characters["Ana"].sheet["hp"] == 15


def test_reading_and_writing_a_campaign_resolve_no_path_for_a_message_never_shown(root, monkeypatch):
    shown = counting(monkeypatch, paths, "display_path")  # (it resolves the path, the folder and the home)
    hit(root, "N1")
    assert load_campaign(root, "demo", systems).characters["N1"].state["damage"] == 1
    assert shown == []


def test_a_change_by_hand_is_seen_even_within_the_same_clock_tick(root):
    path = root / "demo" / "campaign.toml"
    assert load_campaign(root, "demo", systems).characters["Ana"].sheet["hp"] == 12
    stat = path.stat()
    path.write_text(path.read_text(encoding="utf-8").replace("hp = 12", "hp = 15"), encoding="utf-8")
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))  # same size, same time: only the bytes differ
    assert load_campaign(root, "demo", systems).characters["Ana"].sheet["hp"] == 15


def test_a_state_change_leaves_campaign_toml_alone_and_renders_one_character(root, monkeypatch):
    hit(root, "N1")  # the first write renders state.toml whole
    campaign_file = root / "demo" / "campaign.toml"
    inode = campaign_file.stat().st_ino
    rendered = counting(monkeypatch, snapshot, "_chunk")
    parsed = counting(monkeypatch, validate.tomllib, "loads")
    for i in range(2, 12):
        hit(root, f"N{i}")
    assert len(rendered) == 10  # one character's text each time, not 302
    assert parsed == []  # nothing read again: the files hold what this process wrote
    assert campaign_file.stat().st_ino == inode  # not rewritten
    state = validate.tomllib.loads((root / "demo" / "state.toml").read_text(encoding="utf-8"))
    assert {n: t["damage"] for n, t in state["characters"].items()} == {f"N{i}": 1 for i in range(1, 12)}


def test_a_verb_copies_only_the_characters_it_looks_at(root):
    with transaction(root, "demo", systems, command="x") as camp:
        work = camp.working_copies()
        assert len(work) == 302 and "N5" in work
        work["N5"].state = {**work["N5"].state, "damage": 4}
        work["N6"].state  # looked at, not changed
        assert work.looked_at() == {"N5", "N6"}
        assert work["N5"].state == {"damage": 4, "fate": 3}
        assert camp.characters["N5"].state["damage"] == 0  # the snapshot itself is untouched
        camp.record(Outcome({}, changes={"N5": work["N5"].state}))
    assert load_campaign(root, "demo", systems).characters["N5"].state["damage"] == 4


def test_a_sheet_change_hands_only_the_characters_table_to_tomlkit(root, monkeypatch):
    import tomlkit

    parsed = counting(monkeypatch, tomlkit, "parse")
    set_sheet_values(root, "demo", "N200", {"hp": 50}, systems, command="x")
    assert [a[0] for a in parsed] == ["[characters.N200]\nhp = 21\n\n"]  # its region: up to the next table
    assert load_campaign(root, "demo", systems).characters["N200"].sheet["hp"] == 50
