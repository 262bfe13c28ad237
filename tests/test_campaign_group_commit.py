"""Group commit in batch: consecutive changes to one campaign share one commit
(one append of their entries, one write of the files), and nothing is held
when another command needs the campaign, or while the batch waits for input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest


def _log(campaigns, camp="demo"):
    path = campaigns / camp / "log.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()] if path.exists() else []


def test_consecutive_changes_share_one_commit(cli, campaigns):
    lines = "".join("-C demo damage Ana 1\n" for _ in range(5))
    assert cli("batch", "-", stdin=lines).code == 0
    entries = _log(campaigns)
    assert [e["seq"] for e in entries] == [1, 2, 3, 4, 5]
    assert {e.get("commit") for e in entries} == {1}  # appended together: one commit
    assert cli("-C", "demo", "character", "show", "Ana", "--json").json["state"]["damage"] == 5


def test_a_group_is_written_before_any_other_command_reads_or_locks(cli, campaigns):
    script = ("-C demo damage Ana 2\n-C demo damage Ana 1\n-C demo character show Ana --json\n"
              "-C demo log -n 1 --json\n-C demo undo\n-C demo damage Bruno 1\n-C demo character show Ana --json\n")
    result = cli("batch", "-", stdin=script)
    assert result.code == 0, result.err
    shown = [json.loads(line) for line in result.out.splitlines() if line.startswith('{"name"')]
    assert [s["state"]["damage"] for s in shown] == [3, 2]  # show sees both; undo took one back
    entries = _log(campaigns)
    assert [e["op"] for e in entries] == ["state", "state", "undo", "state"]
    assert entries[2]["undoes"] == 2


def test_a_failing_line_leaves_the_group_and_the_files_whole(cli, campaigns):
    script = "-C demo damage Ana 2\n-C demo damage Nadie 1\n-C demo damage Ana 1\n"
    result = cli("batch", "--keep-going", "-", stdin=script)
    assert result.code == 2 and "line 2" in result.err
    assert [e["summary"] for e in _log(campaigns)] == ["Ana: 10/12 HP", "Ana: 9/12 HP"]


@pytest.mark.slow  # a real process
def test_waiting_for_input_commits_first_and_frees_the_lock(campaigns):
    env = {**os.environ, "ROLECLI_CAMPAIGNS": str(campaigns)}
    proc = subprocess.Popen([sys.executable, "-m", "rolecli", "batch", "-"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    try:
        proc.stdin.write(b"-C demo damage Ana 3\n")
        proc.stdin.flush()
        deadline = time.monotonic() + 30
        while not (campaigns / "demo" / "state.toml").exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert (campaigns / "demo" / "state.toml").exists()  # written while the batch waits for its next line
        other = subprocess.run([sys.executable, "-m", "rolecli", "-C", "demo", "damage", "Bruno", "1"],
                               capture_output=True, text=True, env=env, timeout=30)
        assert other.returncode == 0, other.stderr  # the lock is free meanwhile
        proc.stdin.write(b"-C demo damage Ana 1\n")
        proc.stdin.close()
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
    summaries = [e["summary"] for e in _log(campaigns)]
    assert summaries == ["Ana: 9/12 HP", "Bruno: 8/9 HP", "Ana: 8/12 HP"]


def test_a_grouped_change_knows_its_number_before_the_commit(cli, campaigns):
    # `encounter run` says which log entry holds the encounter: inside a batch too
    result = cli("batch", "-", stdin="-C demo damage Ana 1\n-C demo encounter run campaigns/demo/encounter.toml "
                                      "--seed 3 --brief\n")
    assert result.code == 0, result.err
    assert "as one change (#2)" in result.out
    assert [e["seq"] for e in _log(campaigns)] == [1, 2]
