"""Group commit in batch: consecutive changes to one campaign share one commit
(one append of their entries, one write of the files), and nothing is held
when another command needs the campaign, or while the batch waits for input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import random
import time

import pytest

from rolecli_testing import REPO


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


# --- a failed line, then a write outside the group (issue 18) ---------------------------


def test_a_failed_line_then_an_undo_then_a_grouped_change_loses_nothing(cli, campaigns):
    assert cli("-C", "demo", "damage", "Ana", "2").code == 0
    result = cli("-C", "demo", "batch", "--keep-going", "-", stdin="damage Nobody 1\nundo\ndamage Ana 1\n")
    assert result.code == 2 and result.err.count("\n") == 1 and "line 1" in result.err
    assert [(e["seq"], e["op"]) for e in _log(campaigns)] == [(1, "state"), (2, "undo"), (3, "state")]
    assert cli("-C", "demo", "character", "show", "Ana", "--json").json["state"]["damage"] == 1


def test_a_failed_line_then_a_rename_then_grouped_changes_see_the_new_name(cli, campaigns):
    assert cli("-C", "demo", "damage", "Ana", "2").code == 0
    script = "damage Nobody 1\ncharacter rename Ana Zed\ndamage Zed 1\ndamage Ana 1\nundo\nundo\n"
    result = cli("-C", "demo", "batch", "--keep-going", "-", stdin=script)
    assert result.code == 2 and result.err.count("\n") == 2, result.err
    assert "Ana:" not in result.out and "Zed: 9/12 HP" in result.out  # Zed keeps Ana's 2 damage
    assert "undone #3" in result.out and "undone #2" in result.out  # nothing "changed since by hand"
    assert [e["seq"] for e in _log(campaigns)] == [1, 2, 3, 4, 5]
    shown = cli("-C", "demo", "character", "show", "Ana", "--json")
    assert shown.code == 0 and shown.json["state"]["damage"] == 2


# --- many mixed batches with failing lines -------------------------------------------------

NAMES = ["Ana", "Bruno", "Esqueleto", "Zed", "Bo"]  # the last two exist only after a rename


def _mixed_line(rng: random.Random) -> str:
    who, other, roll = rng.choice(NAMES), rng.choice(NAMES), rng.random()
    choices = [
        (0.25, f"damage {who} {rng.randint(1, 3)}"),
        (0.35, f"heal {who} {rng.randint(1, 2)}"),
        (0.45, "undo"),
        (0.53, f"character rename {who} {other}"),
        (0.60, f"campaign rule set rest {rng.choice(['none', 'full', 'some'])}"),  # 'some' is refused
        (0.68, f"effect add {who} 'a {rng.randint(1, 9)}'"),
        (0.74, f"character set {who} hp={rng.choice([8, 11, -3])}"),  # -3 is refused
        (0.80, "recover rest"),
        (0.86, f"damgae {who} 1"),  # a typo
        (0.92, f"roll {rng.randint(1, 3)}d6"),
        (1.00, "log -n 1"),
    ]
    return next(line for limit, line in choices if roll < limit)


class Replay:
    """The campaign the log makes of the first campaign.toml, entry by entry, each
    change starting where the one before left off (nothing lost, nothing twice)."""

    def __init__(self, folder):
        from rolecli.campaign.commit import Draft
        from rolecli.campaign.snapshot import parse_campaign
        from rolecli.commands import systems_lookup

        first = (REPO / "campaigns" / "demo" / "campaign.toml").read_bytes()
        self.draft = Draft(parse_campaign(folder, first, systems_lookup).with_state_file(None), 0, systems_lookup)
        self.done = 0

    def upto(self, entries):
        from rolecli.campaign.operations import steps
        from rolecli.campaign.validate import Where

        for entry in entries[self.done:]:
            for part, who, change in steps(entry):
                assert part.differs(self.draft.snap, who, change, "before") is None, (entry["seq"], entry["summary"])
                part.apply(self.draft, who, change, "after", Where(label=f"#{entry['seq']}"))
        self.done = len(entries)
        return self.draft.snap


@pytest.mark.slow  # 100 random batches, each replayed from the log (4-7 s)
def test_mixed_batches_with_failing_lines_leave_unique_numbers_and_the_replay_of_the_log(cli, campaigns):
    from rolecli.campaign.log import read_entries
    from rolecli.campaign.snapshot import read_snapshot
    from rolecli.commands import systems_lookup

    rng = random.Random(18)
    folder = campaigns / "demo"
    replay = Replay(folder)
    for number in range(BATCHES):
        script = "".join(_mixed_line(rng) + "\n" for _ in range(rng.randint(3, 10)))
        result = cli("-C", "demo", "batch", "--keep-going", "-", stdin=script)
        assert result.code in (0, 1, 2) and "Traceback" not in result.err, (number, script, result.err)
        entries = read_entries(folder)
        assert [e["seq"] for e in entries] == list(range(1, len(entries) + 1)), (number, script)
        want, have = replay.upto(entries), read_snapshot(folder, systems_lookup)
        assert have.sheets == want.sheets, (number, script)
        assert {n: c.state for n, c in have.characters.items()} == {n: c.state for n, c in want.characters.items()}
        assert have.scene == want.scene and have.doc.get("rules") == want.doc.get("rules"), (number, script)
    assert len(entries) > BATCHES  # the batches did change things


BATCHES = 100


@pytest.mark.slow  # a real process, killed
def test_a_long_line_after_a_change_neither_holds_the_lock_nor_keeps_the_change_unwritten(campaigns, tmp_path):
    import fcntl
    import signal

    script = tmp_path / "long.rolecli"
    script.write_text("-C demo damage Ana 1\n" + "roll 20000x4d6\n" * 20, encoding="utf-8")
    env = {**os.environ, "ROLECLI_CAMPAIGNS": str(campaigns)}
    proc = subprocess.Popen([sys.executable, "-m", "rolecli", "batch", str(script)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env)
    try:
        deadline = time.monotonic() + 60
        while b"Ana: 11/12 HP" not in proc.stdout.readline() and time.monotonic() < deadline:
            pass
        printed = time.monotonic()
        fd = os.open(campaigns / "demo" / ".lock", os.O_RDWR)
        try:
            while True:  # another terminal gets the lock within the group's bound, while the batch rolls on
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    assert time.monotonic() - printed < 5, "the batch kept the lock"
                    time.sleep(0.01)
            assert proc.poll() is None  # still rolling
            fcntl.flock(fd, fcntl.LOCK_UN)
        finally:
            os.close(fd)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.stdout.close()
        proc.stderr.close()
    assert [e["summary"] for e in _log(campaigns)] == ["Ana: 11/12 HP"]  # printed, so committed
    assert "damage = 1" in (campaigns / "demo" / "state.toml").read_text(encoding="utf-8")


def _lock_is_free(folder) -> bool:
    import fcntl

    fd = os.open(folder / ".lock", os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        fcntl.flock(fd, fcntl.LOCK_UN)
        return True
    except BlockingIOError:
        return False
    finally:
        os.close(fd)


@pytest.mark.slow  # waits out the group's 3 s timer
def test_a_failed_line_that_opened_a_group_holds_nothing_and_a_held_group_is_freed_by_its_timer(fake_campaigns,
                                                                                               monkeypatch):
    from test_campaign_fakes import systems

    from rolecli.campaign import group, transaction
    from rolecli.contract import Outcome
    from rolecli.errors import CampaignError

    folder = fake_campaigns / "demo"
    monkeypatch.setattr(group, "MAX_SECONDS", 3.0)  # long enough to see the group held on a loaded machine
    with group.grouped():
        with pytest.raises(CampaignError):
            with transaction(fake_campaigns, "demo", systems, command="x") as camp:
                camp.character("Nobody")
        assert _lock_is_free(folder)  # the group the failed line opened is gone
        with transaction(fake_campaigns, "demo", systems, command="x") as camp:
            camp.record(Outcome({}, changes={"Ana": {"damage": 1}}), summary="Ana takes 1")
        assert not _lock_is_free(folder) and not (folder / "log.jsonl").exists()  # held, for the next change
        deadline = time.monotonic() + 30
        while not _lock_is_free(folder) and time.monotonic() < deadline:  # no next change comes
            time.sleep(0.01)
        assert time.monotonic() < deadline and (folder / "log.jsonl").exists()  # the timer committed it
