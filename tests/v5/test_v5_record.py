"""``Context.record``: where no one reads a call's data (a simulation's trials with no
house rule), an attack leaves out its sides' dice and its degrees, which it only
records; everything else it gives, and the dice it reads, are the same. What it keeps
from such a call is never handed to a call that records."""

from __future__ import annotations

import pytest

import rolecli_v5
from rolecli_testing import case_played, only_the_data_differs, recorded_after_unrecorded
from test_v5_explain import CASES

ATTACKS = [case for case in CASES if CASES[case][0] == "attack"]
RECORDS = {"contest": ("roll", "opposition", "degree", "opposition_degree"), "test": ("roll", "degree")}


def attack(case: str, seed: int, explain: bool, record: bool, characters=None):
    """The attack of ``case``, in a conflict's first round (:func:`rolecli_testing.case_played`)."""
    return case_played(rolecli_v5, CASES[case], seed, explain, record, characters)


@pytest.mark.parametrize("case", ATTACKS)
@pytest.mark.parametrize("explain", [False, True])
def test_an_attack_unrecorded_leaves_out_its_dice_and_degrees_alone(case, explain):
    for seed in range(12):
        (full, read), (bare, bare_read) = (attack(case, seed, explain, record) for record in (True, False))
        only_the_data_differs(full, read, bare, bare_read)
        left_out = RECORDS[full.data["mode"]]
        assert all(full.data[key] is not None for key in left_out)
        assert all(bare.data[key] is None for key in left_out)
        assert list(bare.data) == list(full.data)
        assert {k: v for k, v in bare.data.items() if k not in left_out} == {
            k: v for k, v in full.data.items() if k not in left_out}


@pytest.mark.parametrize("case", ATTACKS)
@pytest.mark.parametrize("explain", [False, True])
def test_an_attack_that_records_after_one_that_did_not_gets_its_full_data(case, explain):
    """The same characters (so the same declaration and contests kept for their states),
    the same dice: an attack unrecorded first leaves nothing a recorded one then reads."""
    _, _, actor, target = CASES[case]
    for seed in range(12):
        fresh, recorded = recorded_after_unrecorded(attack, case, seed, explain, actor, target)
        assert recorded.data == fresh.data
        assert all(recorded.data[key] is not None for key in RECORDS[recorded.data["mode"]])
