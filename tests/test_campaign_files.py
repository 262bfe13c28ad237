"""Atomic writes, appends and the campaign lock."""

from __future__ import annotations

import os
import stat
import subprocess
import sys

import pytest

from rolecli.campaign.files import append_lines, atomic_write, campaign_lock
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


pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions and fcntl")
