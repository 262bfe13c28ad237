"""Shared fixtures: run rolecli in-process (fast) or as a real process.

``cli(*args)`` runs one command line through the same entry point as the
``rolecli`` executable and returns its exit code, stdout, stderr and the JSON
it printed. Every test runs with its own copy of the bundled campaigns, so no
test can change the repository's files.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import settings

# Every property test draws the same examples on every run, so CI is deterministic.
settings.register_profile("rolecli", derandomize=True, deadline=None, print_blob=True)
settings.load_profile("rolecli")

from rolecli_testing import REPO, Result, run_inprocess  # noqa: F401  (Result: for type hints in tests)


def pytest_collection_modifyitems(items):
    """A test that starts rolecli as a real process (a fresh interpreter for every
    call) is slow: `make check` leaves it to `make test`."""
    for item in items:
        if "run_process" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="session", autouse=True)
def _private_cache(tmp_path_factory):
    """rolecli's plugin index (rolecli.plugin_index) is written under a folder
    of the test session, never into the real home: in this process and in every
    rolecli process a test starts (they inherit the environment)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))
        yield


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


@pytest.fixture
def fake_campaigns(tmp_path, monkeypatch) -> Path:
    """A campaigns folder holding "demo", a hand-written campaign of the fake
    system of test_campaign_fakes (for the store's own tests)."""
    from test_campaign_fakes import FAKE, HAND_WRITTEN

    from rolecli.campaign import create_campaign

    monkeypatch.chdir(tmp_path)
    root = tmp_path / "campaigns"
    create_campaign(root, "demo", FAKE)
    (root / "demo" / "campaign.toml").write_text(HAND_WRITTEN, encoding="utf-8")
    return root

