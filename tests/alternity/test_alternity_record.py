"""``Context.record``: where no one reads a call's data (a simulation's trials with no
house rule), an attack gives only what happened (its degree, success, bad luck, the last
resorts spent and the damage), not its check's fields, dice and notes nor the hit's
record, which it only records; everything else it gives, and the dice it reads, are the
same. What it keeps from such a call is never handed to a call that records."""

from __future__ import annotations

import pytest
from test_alternity_explain import CASES

import rolecli_alternity
from rolecli_testing import case_played, only_the_data_differs, recorded_after_unrecorded

ATTACKS = [case for case in CASES if CASES[case][0] == "attack"]
# the fields an attack gives unrecorded, in the order of the recorded table's same fields
HAPPENED = ("degree", "success", "bad_luck", "last_resorts_spent", "target_last_resorts_spent", "damage")


def attack(case: str, seed: int, explain: bool, record: bool, characters=None):
    """The attack of ``case``, in a conflict's first round (:func:`rolecli_testing.case_played`)."""
    return case_played(rolecli_alternity, CASES[case], seed, explain, record, characters)


@pytest.mark.parametrize("case", ATTACKS)
@pytest.mark.parametrize("explain", [False, True])
def test_an_attack_unrecorded_gives_what_happened_alone(case, explain):
    for seed in range(20):
        (full, read), (bare, bare_read) = (attack(case, seed, explain, record) for record in (True, False))
        only_the_data_differs(full, read, bare, bare_read)
        assert list(bare.data) == list(HAPPENED)
        assert bare.data == {key: full.data[key] for key in HAPPENED}
        assert "control" in full.data and "rules" in full.data


def test_an_attack_unrecorded_gives_the_points_spent_and_the_degree_they_bought():
    """A last resort spent on a failed attack (if-failed): the degree it bought and its point."""
    spent = 0
    for seed in range(60):
        full, bare = (attack("attack", seed, False, record)[0] for record in (True, False))
        assert bare.data == {key: full.data[key] for key in HAPPENED}
        spent += full.data["last_resorts_spent"]
    assert spent  # (some seed spends one)


@pytest.mark.parametrize("case", ATTACKS)
@pytest.mark.parametrize("explain", [False, True])
def test_an_attack_that_records_after_one_that_did_not_gets_its_full_data(case, explain):
    """The same characters (so the same plan and rolls kept for them), the same dice: an
    attack unrecorded first leaves nothing a recorded one then reads."""
    _, _, actor, target = CASES[case]
    for seed in range(20):
        fresh, recorded = recorded_after_unrecorded(attack, case, seed, explain, actor, target)
        assert recorded.data == fresh.data

