"""SIGKILL at random moments: a write-heavy ``batch`` (damage, healing,
recovery, sheet changes, undo, redo) is killed again and again on one campaign, and
after every kill the campaign must be whole.

After each kill: every file parses (the log may end with one unfinished line
before the next command); the next command finishes or cleans what the crash
left, after which no temporary file and no unfinished line is left and the
state equals the replay of the log, entry by entry; and ``undo`` works.

The harness (:func:`kill_batch`, :func:`check_after_kill`) is also what
``benchmarks/crash.py`` runs 200 times with real processes. Here the batch runs
in a forked copy of this process (rolecli already imported), so a kill lands
after milliseconds instead of a start-up, and 30 kills take seconds.
"""

from __future__ import annotations

import copy
import json
import os
import random
import signal
import subprocess
import sys
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from rolecli_testing import run_inprocess

pytestmark = [pytest.mark.slow,  # processes killed at random moments
              pytest.mark.skipif(not hasattr(os, "fork") or sys.platform == "win32", reason="POSIX signals and fork")]

SEED = 20261201
KILLS = 30
CAMPAIGN = "crash"
NAMES = ["Ana", "Bruno", "Carla", "Dario", "Elena", "Fausto"]


def make_campaign(root: Path) -> dict[str, dict]:
    """A campaign of the ``dice`` system with six characters; returns their sheets."""
    sheets = {name: {"hp": 20 + 5 * i} for i, name in enumerate(NAMES)}
    folder = root / CAMPAIGN
    folder.mkdir(parents=True)
    text = 'system = "dice"\n' + "".join(f"\n[characters.{n}]\nhp = {s['hp']}\n" for n, s in sheets.items())
    (folder / "campaign.toml").write_text(text, encoding="utf-8")
    return sheets


def write_script(path: Path, rng: random.Random, lines: int = 1000) -> None:
    """A batch file of writes only: damage, heal, recover, character set, undo, redo."""
    out = []
    for _ in range(lines):
        who, roll = rng.choice(NAMES), rng.random()
        if roll < 0.45:
            out.append(f"damage {who} {rng.randint(1, 4)}")
        elif roll < 0.6:
            out.append(f"heal {who} {rng.randint(1, 3)}")
        elif roll < 0.65:
            out.append("recover rest")
        elif roll < 0.9:
            out.append(f"character set {who} hp={rng.randint(10, 60)}")
        elif roll < 0.96:
            out.append("undo")
        else:
            out.append("redo")  # re-applies the undo before it, or is refused after any other change
    path.write_text("\n".join(out) + "\n", encoding="utf-8")


def batch_args(root: Path, script: Path) -> list[str]:
    return ["--campaigns", str(root), "-C", CAMPAIGN, "batch", "--keep-going", str(script)]


def kill_batch(root: Path, script: Path, delay: float, fork: bool = True) -> None:
    """Run the batch and SIGKILL it ``delay`` seconds after its first write
    reached the log: in a forked copy of this process (``fork``), else as a new
    ``python -m rolecli`` process."""
    log = root / CAMPAIGN / "log.jsonl"
    size = log.stat().st_size if log.exists() else 0
    if fork:
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child never returns to pytest
            try:
                null = os.open(os.devnull, os.O_WRONLY)
                os.dup2(null, 1)
                os.dup2(null, 2)
                sys.stdout = sys.stderr = open(os.devnull, "w")
                from rolecli.cli import invoke

                invoke(batch_args(root, script))
            finally:
                os._exit(0)
    else:
        proc = subprocess.Popen([sys.executable, "-m", "rolecli", *batch_args(root, script)],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        pid = proc.pid
    deadline = time.monotonic() + 60
    while (log.stat().st_size if log.exists() else 0) <= size and time.monotonic() < deadline:
        time.sleep(0.0005)
    time.sleep(delay)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)


@dataclass
class Found:
    """What the kills left behind, before the next command (for the figures)."""

    kills: int = 0
    torn: int = 0  # an unfinished last log line
    temps: int = 0  # a temporary file
    behind: int = 0  # files one commit behind the log: the crash hit between append and replace
    undone: int = 0
    tears: int = 0  # last log lines torn by hand (tear_and_check)
    notes: list[str] = field(default_factory=list)


def replay(entries: list[dict], sheets: dict[str, dict]) -> tuple[dict[str, dict], dict[str, int]]:
    """Sheets and damage from the first sheets and the log, checking that each
    change starts where the one before left off (nothing lost, nothing twice)."""
    sheets, damage = copy.deepcopy(sheets), {name: 0 for name in sheets}
    for entry in entries:
        op = entry.get("op")
        kind = entry.get("reverts") if op == "undo" else op
        for who, change in (entry.get("changes") or {}).items():
            if kind == "state":
                assert change["before"]["damage"] == damage[who], f"#{entry['seq']} {who}: {change} after {damage}"
                damage[who] = change["after"]["damage"]
            elif kind == "sheet":
                assert all(sheets[who][k] == v for k, v in change["before"].items()), f"#{entry['seq']}"
                sheets[who].update(change["after"])
    return sheets, damage


def undoable(entries: list[dict]) -> bool:
    """Whether some change of the log is not undone yet."""
    undone = {e["undoes"] for e in entries if e.get("op") == "undo"}
    return any(e.get("op") in ("state", "sheet") and e["seq"] not in undone for e in entries)


def _log_lines(folder: Path) -> tuple[list[dict], bool]:
    data = (folder / "log.jsonl").read_bytes() if (folder / "log.jsonl").exists() else b""
    body, torn = data[: data.rfind(b"\n") + 1], not data.endswith(b"\n") and data != b""
    return [json.loads(line) for line in body.splitlines() if line.strip()], torn


def _files_match(folder: Path, sheets: dict[str, dict], entries: list[dict]) -> bool:
    campaign = tomllib.loads((folder / "campaign.toml").read_text(encoding="utf-8"))
    state_path = folder / "state.toml"
    state = tomllib.loads(state_path.read_text(encoding="utf-8")) if state_path.exists() else {}
    want_sheets, want_damage = replay(entries, sheets)
    kept = state.get("characters", {})
    return (campaign["characters"] == want_sheets
            and all(kept.get(n, {}).get("damage", 0) == d for n, d in want_damage.items()))


def check_after_kill(root: Path, sheets: dict[str, dict], found: Found) -> None:
    """Everything the crash guarantee promises, checked after one kill."""
    folder = root / CAMPAIGN
    found.kills += 1
    # the files a crash can touch parse as they are: replaced whole, or not at all
    tomllib.loads((folder / "campaign.toml").read_text(encoding="utf-8"))
    if (folder / "state.toml").exists():
        tomllib.loads((folder / "state.toml").read_text(encoding="utf-8"))
    entries, torn = _log_lines(folder)
    found.torn += torn
    found.temps += any(p.name.endswith(".tmp") for p in folder.iterdir())
    found.behind += not _files_match(folder, sheets, entries)

    shown = run_inprocess("--campaigns", str(root), "-C", CAMPAIGN, "campaign", "show", "--json")
    assert shown.code == 0, shown.err
    entries, torn = _log_lines(folder)
    assert not torn, "an unfinished log line is left after the next command"
    assert [p.name for p in folder.iterdir() if p.name.endswith(".tmp")] == []
    assert _files_match(folder, sheets, entries), "the files are not the replay of the log"
    want_sheets, want_damage = replay(entries, sheets)
    characters = shown.json["characters"]
    assert {n: c["state"]["damage"] for n, c in characters.items()} == want_damage
    assert {n: {"hp": c["sheet"]["hp"]} for n, c in characters.items()} == want_sheets

    undone = run_inprocess("--campaigns", str(root), "-C", CAMPAIGN, "undo")
    if undoable(entries):
        assert undone.code == 0, undone.err
        found.undone += 1
    else:  # the batch's own undo lines went all the way back
        assert undone.code == 2 and "nothing to undo" in undone.err, undone.err
    entries, _ = _log_lines(folder)
    assert _files_match(folder, sheets, entries), "undo left the files unlike the replay of the log"


def _campaign_files(folder: Path) -> dict[str, bytes]:
    return {name: (folder / name).read_bytes() for name in ("campaign.toml", "state.toml") if (folder / name).exists()}


def tear_and_check(root: Path, rng: random.Random, found: Found) -> None:
    """Tear the log's last line at a random byte (as a copy made mid-write or a
    full disk would) and check that the next commands cut it off, say so in one
    line, and rewrite nothing: never is an older change (the one an undo took
    back, say) applied again. Then put the line back whole."""
    folder = root / CAMPAIGN
    log = folder / "log.jsonl"
    whole = log.read_bytes()
    start = whole[:-1].rfind(b"\n") + 1
    log.write_bytes(whole[: rng.randrange(start + 1, len(whole))])  # a byte of the line at least, not its newline
    kept = _campaign_files(folder)
    for number in range(2):  # the command that cuts it, and the next one
        shown = run_inprocess("--campaigns", str(root), "-C", CAMPAIGN, "campaign", "show", "--json")
        assert shown.code == 0, shown.err
        assert shown.err.count("\n") == (1 if number == 0 else 0) and "removed" in shown.err or number, shown.err
        assert _campaign_files(folder) == kept, ("a torn last line made a command rewrite the campaign", number,
                                                 whole[start:], shown.err)
    cut = log.read_bytes()
    assert len(cut) <= start and whole.startswith(cut) and cut.endswith(b"\n") or not cut
    log.write_bytes(whole)
    found.tears += 1


def test_sigkill_at_random_moments_never_breaks_the_campaign(tmp_path, monkeypatch):
    monkeypatch.setenv("ROLECLI_LANG", "en")
    monkeypatch.chdir(tmp_path)
    rng = random.Random(SEED)
    root = tmp_path / "campaigns"
    sheets = make_campaign(root)
    script = tmp_path / "writes.rolecli"
    assert run_inprocess("--campaigns", str(root), "-C", CAMPAIGN, "damage", "Ana", "1").code == 0  # warm up
    found = Found()
    for _ in range(KILLS):
        write_script(script, rng)
        kill_batch(root, script, rng.uniform(0, 0.03))
        check_after_kill(root, sheets, found)
        tear_and_check(root, rng, found)  # the last line is often the undo the check just made
    assert found.kills == found.tears == KILLS and found.undone > 0
    entries, _ = _log_lines(root / CAMPAIGN)
    assert len(entries) > 2 * KILLS  # every batch wrote before it was killed, and each check undid once
