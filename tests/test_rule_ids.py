"""The repository stands alone (issue 17): every rule a system follows is described
here. Each system's page under docs/systems lists every rule ID of its Spanish
rulebook (``NNN-R…`` a rule, ``NNN-T…`` a worked example) in the project's words,
with the test file that checks it. These tests keep that list, the tests and the
code in step, and keep every tracked file from pointing at files beside the
repository. They read only tracked files of the repository."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from rolecli_testing import REPO

PAGES = {"000": "fate", "001": "giro", "002": "alternity", "003": "v5", "004": "middle"}

# One row of a page's rule list: | 000-R36 | what the rule says | `tests/fate/test_fate_concession.py` |
ROW = re.compile(r"^\| (\d{3}-[RT]\d+[a-z]?) \| (.+?) \| (`tests/[^`|]+`(?:, `tests/[^`|]+`)*) \|$", re.M)

# A rule ID as the tests and the code write it: 000-R36, test_000_R36_..., and the
# shorthands that carry the system's number over to the next IDs: 000_R10_T4,
# 000-R10/R11, 003-R4, R5 and 001-T1…T9 (a range names its two ends only).
_ONE = r"[RT]\d+[a-z]?(?![0-9])"
NAMED = re.compile(rf"(?<![0-9A-Za-z])(\d{{3}})[-_]({_ONE}(?:\s*(?:[_/,…–&]|\.\.\.|\band\b)\s*{_ONE})*)")

# What a clone does not have: the folder beside the repository that the rulebooks and
# their rulings were read from, and the files in it (the rules are on the system pages).
OUTSIDE = re.compile(r"\.\./shared|shared/(?:RULES|RULINGS|seeds)|\b(?:RULES|RULINGS)\.md\b")


def named(text: str) -> set[str]:
    """The rule IDs a text names, written in full (``000-R10``, ``000-T4``)."""
    return {f"{system}-{one}" for system, chain in NAMED.findall(text) for one in re.findall(_ONE, chain)}


def listed(page: str) -> dict[str, list[str]]:
    """A page's rule list: each rule ID and the test files the page names for it."""
    rows: dict[str, list[str]] = {}
    for rule, _, files in ROW.findall(page):
        assert rule not in rows, f"{rule} is listed twice"
        rows[rule] = re.findall(r"`([^`]+)`", files)
    return rows


def has_test_for(rule: str, path: Path) -> bool:
    """Whether a test of that file carries the rule ID in its name."""
    return any(rule in named(line) for line in path.read_text(encoding="utf-8").splitlines()
               if re.match(r"\s*(?:async\s+)?def test_", line))


def unlisted(texts: dict[str, str], lists: dict[str, dict[str, list[str]]]) -> list[str]:
    """Rule IDs named in those texts that their system's page does not list."""
    return sorted(f"{name}: {rule}" for name, text in texts.items() for rule in named(text)
                  if rule not in lists.get(rule[:3], {}))


def _lists() -> dict[str, dict[str, list[str]]]:
    return {system: listed((REPO / "docs" / "systems" / f"{page}.md").read_text(encoding="utf-8"))
            for system, page in PAGES.items()}


def _tracked() -> dict[str, str]:
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout: the tracked files are unknown")
    names = [name for name in out.decode().split("\0") if name and (REPO / name).is_file()]
    return {name: (REPO / name).read_bytes().decode("utf-8", "replace") for name in names}


# --- the shorthands are read as the tests write them ---------------------------


@pytest.mark.parametrize("text, ids", [
    ("def test_000_R10_T4_initiative_alerta_then_resolucion():", {"000-R10", "000-T4"}),
    ("def test_000_R18_a_block_protects_its_target():", {"000-R18"}),
    ("(000-R10/R11), 003-R4, R5, R8 and 001-T1…T9", {"000-R10", "000-R11", "003-R4", "003-R5", "003-R8",
                                                    "001-T1", "001-T9"}),
    ("002-T2b and 002_T20; not 2000-R1, R2 alone, 000-RX or x000-R1", {"002-T2b", "002-T20"}),
])
def test_rule_ids_are_read_as_written(text, ids):
    assert named(text) == ids


def test_a_row_names_its_rule_and_its_files():
    page = ("| ID | Rule | Tested in |\n|---|---|---|\n"
            "| 000-R2 | Meeting the difficulty succeeds. | `tests/fate/test_fate_odds.py` |\n"
            "| 000-T1 | D+1 is a success with one shift. | `tests/fate/a.py`, `tests/fate/b.py` |\n")
    assert listed(page) == {"000-R2": ["tests/fate/test_fate_odds.py"],
                            "000-T1": ["tests/fate/a.py", "tests/fate/b.py"]}


def test_an_id_missing_from_its_page_is_found():
    lists = {"000": {"000-R1": []}}
    unknown = "009-" + "R1"  # spelt in two halves, so that this file names no unknown rule itself
    assert unlisted({"a.py": f"000-R1 and 000-R2; {unknown}"}, lists) == ["a.py: 000-R2", f"a.py: {unknown}"]


@pytest.mark.parametrize("text", ["see ../" "shared/", "the shared/" "seeds folder", "RULINGS" ".md, 000"])
def test_a_reference_outside_the_repository_is_found(text):
    assert OUTSIDE.search(text)


def test_a_file_that_only_mentions_a_rule_does_not_test_it(tmp_path):
    path = tmp_path / "test_x.py"
    path.write_text('"""000-R5 in a docstring."""\n\ndef test_000_R6_contest():\n    pass\n', encoding="utf-8")
    assert has_test_for("000-R6", path) and not has_test_for("000-R5", path)


# --- the repository as it is ----------------------------------------------------


@pytest.mark.parametrize("system", PAGES)
def test_each_page_lists_the_rules_of_its_own_system(system):
    rules = _lists()[system]
    assert rules, f"docs/systems/{PAGES[system]}.md has no rule list"
    assert {rule[:3] for rule in rules} == {system}
    assert any(rule.startswith(f"{system}-R") for rule in rules) and any(rule.startswith(f"{system}-T") for rule in rules)


@pytest.mark.parametrize("system", PAGES)
def test_every_listed_rule_is_tested_where_its_page_says(system):
    wrong = []
    for rule, files in _lists()[system].items():
        for name in files:
            path = REPO / name
            if not (name.startswith("tests/") and path.is_file() and has_test_for(rule, path)):
                wrong.append(f"{rule}: {name}")
    assert wrong == [], f"docs/systems/{PAGES[system]}.md names a file with no test named after the rule"


def test_every_rule_id_named_in_a_tracked_file_is_listed_on_its_page():
    assert unlisted(_tracked(), _lists()) == []


def test_no_tracked_file_points_outside_the_repository():
    assert sorted(name for name, text in _tracked().items() if OUTSIDE.search(text)) == []
