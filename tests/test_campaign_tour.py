"""The README's tour leaves the repository as it was: run from the
repository's root after the setup line it gives, its commands change no file
under ``campaigns/`` and leave none there; without that line, they would."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest
from rolecli_testing import NOT_SHIPPED, REPO, run_inprocess
from test_readme import _examples

pytestmark = pytest.mark.slow  # a shell and the whole README tour, twice


def setup_line() -> str:
    """The shell line the tour starts with: a scratch copy of the sample campaigns."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    tour = text[text.index("### Campaigns"):]
    return re.search(r"```sh\n(.*?ROLECLI_CAMPAIGNS.*?)\n```", tour, re.S).group(1)


def tree(folder) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def run_tour(root, monkeypatch, env: dict[str, str]) -> None:
    monkeypatch.chdir(root)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    for command, _ in _examples("README.md"):
        run_inprocess(*shlex.split(command, comments=True)[1:])


@pytest.fixture
def repo_root(tmp_path, monkeypatch):
    """A copy of what the tour can touch: the repository's sample campaigns."""
    root = tmp_path / "repo"
    shutil.copytree(REPO / "campaigns", root / "campaigns", ignore=shutil.ignore_patterns(*NOT_SHIPPED))
    monkeypatch.delenv("ROLECLI_CAMPAIGNS", raising=False)
    monkeypatch.setenv("ROLECLI_LANG", "en")
    return root


def test_the_tour_after_its_setup_line_changes_nothing_in_the_repository(repo_root, tmp_path, monkeypatch):
    before = tree(repo_root)
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    shell = subprocess.run(["sh", "-c", f'{setup_line()} && printf %s "$ROLECLI_CAMPAIGNS"'], cwd=repo_root,
                           env={**os.environ, "TMPDIR": str(scratch)}, capture_output=True, text=True, check=True)
    copy = shell.stdout
    samples = tree(repo_root / "campaigns")
    assert copy.startswith(str(scratch)) and tree(Path(copy)) == samples
    run_tour(repo_root, monkeypatch, {"ROLECLI_CAMPAIGNS": copy})
    assert tree(repo_root) == before
    assert tree(Path(copy)) != samples  # the tour did play, on the copy


def test_without_the_setup_line_the_tour_would_change_the_repository(repo_root, monkeypatch):
    before = tree(repo_root)
    run_tour(repo_root, monkeypatch, {})
    assert tree(repo_root) != before
