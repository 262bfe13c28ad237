"""``Context.record``: where no one reads a call's data (a simulation's trials with no
house rule), an attack gives none (all of it only records, what happened too: its margin,
outcome and hits), nor does a recovery, and an initiative gives its order alone (which the core reads);
everything else they give, and the dice they read, are the same. What they keep from such
a call is never handed to a call that records."""

from __future__ import annotations

import pytest

import rolecli_v5
from rolecli_testing import case_played, played, recorded_after_unrecorded, recorded_and_not
from test_v5_explain import CASES, EVERYONE

ATTACKS = [case for case in CASES if CASES[case][0] == "attack"]
RECOVERIES = [case for case in CASES if CASES[case][0] == "recover"]
RECORDS = {"contest": ("roll", "opposition", "degree", "opposition_degree"), "test": ("roll", "degree")}


def call_of(case: str, seed: int, explain: bool, record: bool, characters=None):
    """The call of ``case`` (an attack, a recovery), in a conflict's first round (:func:`rolecli_testing.case_played`)."""
    return case_played(rolecli_v5, CASES[case], seed, explain, record, characters)


@pytest.mark.parametrize("case", ATTACKS)
@pytest.mark.parametrize("explain", [False, True])
def test_an_attack_unrecorded_gives_no_data(case, explain):
    for seed in range(12):
        full, bare = recorded_and_not(lambda record: call_of(case, seed, explain, record))
        assert all(full.data[key] is not None for key in RECORDS[full.data["mode"]])
        assert bare.data == {}


@pytest.mark.parametrize("case", RECOVERIES)
@pytest.mark.parametrize("explain", [False, True])
def test_a_recovery_unrecorded_gives_no_data(case, explain):
    """Its record (the trackers and Hunger it leaves) only records: none where no one reads it."""
    full, bare = recorded_and_not(lambda record: call_of(case, 3, explain, record))
    assert full.data["character"] == CASES[case][2].name and bare.data == {}


@pytest.mark.parametrize("explain", [False, True])
def test_an_initiative_unrecorded_gives_its_order_alone(explain):
    """Its order (InitiativeData), not its pairs, shootouts and declarations; recorded
    again after, its whole data."""
    verb, params, _, _ = CASES["initiative"]

    def initiative(record: bool):
        return played(rolecli_v5, verb, params, None, None, EVERYONE, 3, "en", explain, record=record)

    full, bare = recorded_and_not(initiative)
    assert bare.data == {"order": full.data["order"]} and "declared" in full.data
    assert initiative(True)[0].data == full.data


@pytest.mark.parametrize("case", ATTACKS)
@pytest.mark.parametrize("explain", [False, True])
def test_an_attack_that_records_after_one_that_did_not_gets_its_full_data(case, explain):
    """The same characters (so the same declaration and contests kept for their states),
    the same dice: an attack unrecorded first leaves nothing a recorded one then reads."""
    _, _, actor, target = CASES[case]
    for seed in range(12):
        fresh, recorded = recorded_after_unrecorded(call_of, case, seed, explain, actor, target)
        assert recorded.data == fresh.data
        assert all(recorded.data[key] is not None for key in RECORDS[recorded.data["mode"]])
