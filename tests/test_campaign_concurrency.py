"""Concurrent writers: the lock covers the whole read-modify-write.

Real processes, each running a tiny script that records 1 damage through the
campaign API (the CLI end-to-end version lives with the CLI tests).
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from test_campaign_fakes import FAKE, HAND_WRITTEN, systems

from rolecli.campaign import create_campaign, load_campaign, read_log, undo_last

pytestmark = pytest.mark.slow  # twenty writer processes

WRITERS = 20

SCRIPT = """
import sys
sys.path.insert(0, sys.argv[1])
from test_campaign_fakes import systems
from rolecli.campaign import transaction
from rolecli.contract import Outcome

with transaction(sys.argv[2], "demo", systems, command="rolecli damage Ana 1") as camp:
    before = camp.characters["Ana"].state["damage"]
    camp.record(Outcome({"amount": 1}, changes={"Ana": {"damage": before + 1}}), summary="Ana takes 1")
"""


def run_writers(root: Path, count: int) -> None:
    tests_dir = str(Path(__file__).parent)
    procs = [subprocess.Popen([sys.executable, "-c", SCRIPT, tests_dir, str(root)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(count)]
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err.decode()


def test_twenty_concurrent_writers_leave_exactly_twenty(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    root = tmp_path / "campaigns"
    create_campaign(root, "demo", FAKE)
    campaign_file = root / "demo" / "campaign.toml"
    campaign_file.write_text(HAND_WRITTEN, encoding="utf-8")

    run_writers(root, WRITERS)

    assert load_campaign(root, "demo", systems).characters["Ana"].state["damage"] == WRITERS
    state = tomllib.loads((root / "demo" / "state.toml").read_text(encoding="utf-8"))
    assert state["characters"]["Ana"]["damage"] == WRITERS
    log = read_log(root, "demo")
    assert [e["seq"] for e in log] == list(range(1, WRITERS + 1))
    assert sorted(e["changes"]["Ana"]["after"]["damage"] for e in log) == list(range(1, WRITERS + 1))
    assert all(e["changes"]["Ana"]["after"]["damage"] == e["changes"]["Ana"]["before"]["damage"] + 1 for e in log)
    assert campaign_file.read_text(encoding="utf-8") == HAND_WRITTEN  # the GM's comments are untouched
    assert [p.name for p in (root / "demo").iterdir() if p.name.endswith(".tmp")] == []  # no temp file left
    # and the history unwinds cleanly
    undo_last(root, "demo", systems, command="rolecli undo")
    assert load_campaign(root, "demo", systems).characters["Ana"].state["damage"] == WRITERS - 1
