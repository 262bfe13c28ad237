"""The examples in the docs are real: every `$ rolecli ...` line of the console
blocks of the README and of each system's page, run in order on a fresh copy of
the bundled campaigns, prints what the page shows (timestamps aside) and exits
with the code it shows ([exit N], else 0)."""

from __future__ import annotations

import re
import shlex

import pytest

from rolecli_testing import REPO, run_inprocess

STAMP = re.compile(r"\d{4}-\d\d-\d\dT[\d:.+-]+")


PAGES = ["README.md", "docs/systems/fate.md", "docs/systems/alternity.md", "docs/systems/giro.md", "docs/systems/v5.md",
         "docs/systems/middle.md",
         "docs/dice.md", "docs/tables.md"]


def _examples(page: str):
    text = (REPO / page).read_text(encoding="utf-8")
    for block in re.findall(r"```console\n(.*?)```", text, re.S):
        command, shown = None, []
        for line in block.splitlines() + ["$ end"]:
            if line.startswith("$ "):
                if command:
                    yield command, shown
                command, shown = line[2:], []
            elif line.strip():
                shown.append(line.rstrip())


# The README simulates an encounter 1,000 times (5-7 s): `make check` leaves that page to `make test`.
@pytest.mark.parametrize("page", [pytest.param(p, marks=pytest.mark.slow) if p == "README.md" else p for p in PAGES])
def test_every_example_prints_what_the_page_shows(campaigns, page, monkeypatch):
    monkeypatch.setenv("ROLECLI_ROLLS", str(campaigns.parent / "rolls.toml"))  # not the user's own rolls file
    examples = list(_examples(page))
    assert len(examples) >= 10
    for command, shown in examples:
        args = shlex.split(command, comments=True)
        assert args[0] == "rolecli"
        code = int(shown.pop()[6:-1]) if shown and shown[-1].startswith("[exit ") else 0
        result = run_inprocess(*args[1:])
        printed = [STAMP.sub("T", line.rstrip()) for line in (result.out + result.err).splitlines() if line.strip()]
        assert printed == [STAMP.sub("T", line) for line in shown], command
        assert result.code == code, command
