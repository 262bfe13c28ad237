"""docs/encounters.md is the reference of the file format: every key the
reader knows is in it, and its console examples print what it shows (run as
test_readme runs the README's, on a fresh copy of the sample campaigns)."""

from __future__ import annotations

import shlex

import pytest

from rolecli_testing import REPO, run_inprocess
from test_readme import _examples

from rolecli.encounter import behaviour, file

PAGE = REPO / "docs" / "encounters.md"


def test_every_key_and_word_of_the_format_is_documented():
    text = PAGE.read_text(encoding="utf-8")
    keys = set(file.TOP + file.SIDE + file.BLOCK + file.PARTICIPANT + file.BEHAVIOUR + file.RULE + file.FOLLOW
               + file.DEFEND + file.END + file.MORALE + behaviour.TARGETS + behaviour.ALLY_TARGETS + behaviour.WHEN
               + behaviour.BELOW + behaviour.PLACEHOLDERS)
    # written `key`, with its value (`ally_below = N`), or as a table: `[key]`, `[key.NAME]`
    missing = sorted(k for k in keys if not any(form in text for form in (f"`{k}`", f"`{k} = ", f"`[{k}]`",
                                                                          f"`[{k}.")))
    assert not missing, missing


@pytest.mark.slow  # simulates the page's encounters (2-8 s)
def test_the_examples_print_what_the_page_shows(campaigns):
    examples = list(_examples("docs/encounters.md"))
    assert len(examples) >= 2
    for command, shown in examples:
        result = run_inprocess(*shlex.split(command)[1:])
        assert result.code == 0, result.err
        assert [line.rstrip() for line in result.out.splitlines() if line.strip()] == shown, command
