"""Every built-in rule system refuses in the player's language: each refusal its
code raises is a Label of Spanish and English (``Refused(L(es, en))``), which the
command line says in ``--lang`` (each system's own tests run some of them). A new
refusal written in English alone fails here, naming its module and line."""

from __future__ import annotations

import ast

import pytest
import rolecli_alternity
import rolecli_dice
import rolecli_fate
import rolecli_giro
import rolecli_middle
import rolecli_v5
from rolecli_testing import bilingual, english_only_refusals

# How many refusals each system raised when they were made bilingual: the walk must see them
# (alternity's six "out of range" ones have been the core's check_range, named by a Label, since).
SYSTEMS = [(rolecli_dice, 1), (rolecli_fate, 25), (rolecli_giro, 28), (rolecli_alternity, 44), (rolecli_v5, 30),
           (rolecli_middle, 29)]


@pytest.mark.parametrize("package, at_least", SYSTEMS, ids=[p.__name__ for p, _ in SYSTEMS])
def test_every_refusal_of_a_built_in_system_is_a_label_of_both_languages(package, at_least):
    found, english_only = english_only_refusals(package)
    assert found >= at_least
    assert english_only == []


@pytest.mark.parametrize("text, both", [
    ('raise Refused(L("no se puede.", "cannot."))', True),
    ('raise Refused(Label(es="no.", en="no, sir."))', True),
    ('raise Refused("cannot.")', False),
    ('raise RoleError(f"{x} cannot.")', False),
    ('raise Refused(L("no.", "cannot.")("es"))', False),  # said in one language already
    ('raise Refused(L("cannot.", "cannot."))', False),
])
def test_the_walk_tells_a_refusal_in_both_languages_from_one_in_english(text, both):
    call = next(n for n in ast.walk(ast.parse(text)) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                and n.func.id in ("Refused", "RoleError"))
    assert bilingual(call) is both
