"""Atomic writes, appends and the campaign lock; bounded reads of regular
files only, and no write through a link."""

from __future__ import annotations

import io
import os
import re
import stat
import subprocess
import sys

import pytest

from rolecli.campaign.files import append_lines, atomic_write, campaign_lock, cut
from rolecli.campaign.paths import MAX_CAMPAIGN_FILE, read_bytes, read_stream
from rolecli.errors import CampaignError


def test_atomic_write_replaces_and_keeps_permissions(tmp_path):
    path = tmp_path / "state.toml"
    path.write_bytes(b"old\n")
    os.chmod(path, 0o640)
    atomic_write(path, b"new\n")
    assert path.read_bytes() == b"new\n"
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["state.toml"]


def test_a_failed_write_leaves_the_old_file_and_no_temp_file(tmp_path, monkeypatch):
    path = tmp_path / "campaign.toml"
    path.write_bytes(b"# mine\n")

    def fail(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(CampaignError, match="cannot write campaign.toml: No space left on device"):
        monkeypatch.chdir(tmp_path)
        atomic_write(path, b"half")
    assert path.read_bytes() == b"# mine\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["campaign.toml"]


def test_append_line_cuts_a_torn_last_line(tmp_path):
    path = tmp_path / "log.jsonl"
    path.write_bytes(b'{"seq":1}\n{"seq":2,"ti')
    append_lines(path, ['{"seq":2}'])
    assert path.read_bytes() == b'{"seq":1}\n{"seq":2}\n'


def test_lock_is_reentrant_in_one_process(tmp_path):
    with campaign_lock(tmp_path):
        with campaign_lock(tmp_path):
            pass
        assert (tmp_path / ".lock").exists()


def test_lock_held_by_another_process_times_out_with_one_line(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import fcntl, os, sys, time\n"
         "fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT)\n"
         "fcntl.flock(fd, fcntl.LOCK_EX)\n"
         "print('locked', flush=True)\n"
         "sys.stdin.read()\n",
         str(tmp_path / ".lock")],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        assert holder.stdout.readline() == b"locked\n"
        with pytest.raises(CampaignError, match=r"^the campaign is busy: another rolecli has held \.lock"):
            with campaign_lock(tmp_path, timeout=0.2):
                pass  # pragma: no cover
    finally:
        holder.communicate(b"")
    with campaign_lock(tmp_path, timeout=5):  # free again once the other process ends
        pass


# --- bounded reads (issue 18) -----------------------------------------------------


def _refused_at_once(read, match: str) -> None:
    """``read()`` raises a CampaignError matching ``match`` within a second,
    holding at most 1 MB meanwhile (a read thread that blocks fails the test,
    it does not hang it)."""
    import threading
    import time
    import tracemalloc

    outcome: list = []

    def run():
        tracemalloc.start()
        started = time.monotonic()
        try:
            read()
        except CampaignError as exc:
            outcome.append(str(exc))
        outcome.append(time.monotonic() - started)
        outcome.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(timeout=10)
    assert not thread.is_alive(), "the read blocked"
    said, seconds, peak = outcome
    assert re.search(match, said), said
    assert seconds < 1 and peak < 2**20, (seconds, peak)


def test_a_device_is_refused_unread(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _refused_at_once(lambda: read_bytes("/dev/zero"), r"^/dev/zero is a device, not a file rolecli can read")
    (tmp_path / "state.toml").symlink_to("/dev/zero")
    _refused_at_once(lambda: read_bytes(tmp_path / "state.toml"), r"^state.toml is a device")


def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    os.mkfifo(tmp_path / "encounter.toml")
    _refused_at_once(lambda: read_bytes(tmp_path / "encounter.toml"), r"^encounter.toml is a named pipe")


def test_a_file_over_its_limit_is_refused_unread(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with open(tmp_path / "campaign.toml", "wb") as handle:
        handle.truncate(2 * 2**30)  # sparse: no disk used
    _refused_at_once(lambda: read_bytes(tmp_path / "campaign.toml"),
                     r"^campaign.toml: 2,147,483,648 bytes, over the limit of 33,554,432 for a campaign file\.$")


@pytest.mark.parametrize("size, kept", [(0, True), (99, True), (100, True), (101, False), (5000, False)])
def test_the_limit_is_the_last_byte_allowed(tmp_path, size, kept):
    path = tmp_path / "rows.txt"
    path.write_bytes(b"x" * size)
    stream = io.BytesIO(b"x" * size)
    if kept:
        assert read_bytes(path, 100, "a test") == b"x" * size == read_stream(stream, 100, "input", "a test")
    else:
        with pytest.raises(CampaignError, match=f"rows.txt: {size:,} bytes, over the limit of 100 for a test"):
            read_bytes(path, 100, "a test")
        with pytest.raises(CampaignError, match="^input: more than 100 bytes, over the limit of 100 for a test"):
            read_stream(stream, 100, "input", "a test")
        assert stream.tell() == 101  # read no further than the limit and one byte


def test_the_log_has_no_limit_and_current_a_small_one(tmp_path):
    with open(tmp_path / "log.jsonl", "wb") as handle:
        handle.truncate(MAX_CAMPAIGN_FILE + 1)  # sparse: past a campaign file's limit
    assert len(read_bytes(tmp_path / "log.jsonl")) == MAX_CAMPAIGN_FILE + 1
    (tmp_path / ".current").write_bytes(b"x" * 5000)
    with pytest.raises(CampaignError, match=r"\.current: 5,000 bytes, over the limit of 4,096"):
        read_bytes(tmp_path / ".current")


# --- nothing created, appended or cut through a link ------------------------------


def test_the_lock_is_never_created_through_a_link(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "demo").mkdir()
    (tmp_path / "demo" / ".lock").symlink_to(tmp_path / "elsewhere.lock")
    with pytest.raises(CampaignError, match=r"^cannot lock demo/\.lock: it is a link"):
        with campaign_lock(tmp_path / "demo"):
            pass  # pragma: no cover
    assert not (tmp_path / "elsewhere.lock").exists()


@pytest.mark.parametrize("write", [lambda p: append_lines(p, ['{"seq":1}']), lambda p: cut(p, 3)])
def test_the_log_is_never_written_through_a_link(tmp_path, monkeypatch, write):
    monkeypatch.chdir(tmp_path)
    target = tmp_path / "elsewhere.jsonl"
    target.write_bytes(b'{"seq":1,"torn')
    (tmp_path / "log.jsonl").symlink_to(target)
    with pytest.raises(CampaignError, match=r"^cannot write log.jsonl: it is a link"):
        write(tmp_path / "log.jsonl")
    assert target.read_bytes() == b'{"seq":1,"torn'


def test_the_log_is_never_written_to_a_named_pipe(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    os.mkfifo(tmp_path / "log.jsonl")
    _refused_at_once(lambda: append_lines(tmp_path / "log.jsonl", ["{}"]),
                     r"^cannot write log.jsonl: it is not a plain file")


pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions and fcntl")
