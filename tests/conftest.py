"""Shared fixtures: run rolecli in-process (fast) or as a real process.

``cli(*args)`` runs one command line through the same entry point as the
``rolecli`` executable and returns its exit code, stdout, stderr and the JSON
it printed. Every test runs with its own copy of the bundled campaigns, so no
test can change the repository's files.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import settings

# Every property test draws the same examples on every run, so CI is deterministic.
settings.register_profile("rolecli", derandomize=True, deadline=None, print_blob=True)
settings.load_profile("rolecli")

REPO = Path(__file__).resolve().parent.parent


@dataclass
class Result:
    code: int
    out: str
    err: str

    @property
    def json(self):
        """The JSON printed: one object, or a list for JSON lines."""
        rows = [json.loads(line) for line in self.out.splitlines() if line.strip()]
        return rows[0] if len(rows) == 1 else rows


def run_inprocess(*args: str, stdin: str | None = None) -> Result:
    from rolecli.cli import invoke

    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    if stdin is not None:
        sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = invoke([str(a) for a in args])
    finally:
        sys.stdin = old_stdin
    return Result(code, out.getvalue(), err.getvalue())


@pytest.fixture
def campaigns(tmp_path, monkeypatch) -> Path:
    """A private copy of the bundled campaigns, made the campaigns folder."""
    target = tmp_path / "campaigns"
    shutil.copytree(REPO / "campaigns", target, ignore=shutil.ignore_patterns(".lock", ".current"))
    monkeypatch.setenv("ROLECLI_CAMPAIGNS", str(target))
    monkeypatch.setenv("ROLECLI_LANG", "en")
    monkeypatch.chdir(tmp_path)
    return target


@pytest.fixture
def cli(campaigns):
    """Run ``rolecli ARGS`` in this process, against a private campaigns folder."""
    return run_inprocess


@pytest.fixture
def run_process(campaigns):
    """Run ``rolecli ARGS`` as a real process (for exit codes, start-up, concurrency)."""

    def run(*args: str, stdin: str | None = None, env: dict | None = None, timeout: float = 60) -> Result:
        full_env = {**os.environ, **(env or {})}
        proc = subprocess.run([sys.executable, "-m", "rolecli", *map(str, args)], input=stdin, text=True,
                              capture_output=True, env=full_env, timeout=timeout)
        return Result(proc.returncode, proc.stdout, proc.stderr)

    return run
