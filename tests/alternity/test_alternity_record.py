"""``Context.record``: where no one reads a call's data (a simulation's trials with no
house rule), an attack gives none (all of it only records, what happened too), and an
initiative gives its turns (and the surprise phase asked for), not its phases, who is
skipped and each entrant's check, nor its order where nothing is told; everything else
they give, and the dice they read, are the same. What they keep from such a call is never
handed to a call that records."""

from __future__ import annotations

import pytest
from aaa_helpers import character
from test_alternity_explain import CASES, EVERYONE, KO

import rolecli_alternity
from rolecli.contract import InitiativeData
from rolecli_testing import case_played, played, recorded_after_unrecorded, recorded_and_not

ATTACKS = [case for case in CASES if CASES[case][0] == "attack"]


def attack(case: str, seed: int, explain: bool, record: bool, characters=None):
    """The attack of ``case``, in a conflict's first round (:func:`rolecli_testing.case_played`)."""
    return case_played(rolecli_alternity, CASES[case], seed, explain, record, characters)


@pytest.mark.parametrize("case", ATTACKS)
@pytest.mark.parametrize("explain", [False, True])
def test_an_attack_unrecorded_gives_no_data(case, explain):
    for seed in range(20):
        full, bare = recorded_and_not(lambda record: attack(case, seed, explain, record))
        assert bare.data == {}
        assert "control" in full.data and "rules" in full.data


def test_an_attack_unrecorded_spends_the_points_it_spends_recorded():
    """A last resort spent on a failed attack (if-failed): the same degree bought (its
    success) and the same point spent (its change) with no data."""
    spent = 0
    for seed in range(60):
        full, bare = recorded_and_not(lambda record: attack("attack", seed, False, record))
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




INITIATIVES = [case for case in CASES if CASES[case][0] == "initiative"]
RECORDED_ONLY = ("phases", "skipped", "checks")  # what an initiative gives only where it is recorded


def entrants(case: str) -> list:
    """New copies of the characters an initiative ``case`` is played over: the explain tests' four,
    Sor Deskul knocked out (none where the case gives its entrants as text)."""
    return [] if "entrants" in CASES[case][1] else [character(n, KO if n == "Sor Deskul" else None) for n in EVERYONE]


def initiative(case: str, seed: int, explain: bool, record: bool, characters=None):
    """The initiative of ``case`` over ``characters`` (by default, :func:`entrants`)."""
    characters = entrants(case) if characters is None else characters
    return played(rolecli_alternity, "initiative", CASES[case][1], None, None, characters, seed, "en", explain, record=record)


@pytest.mark.parametrize("case", INITIATIVES)
@pytest.mark.parametrize("explain", [False, True])
def test_an_initiative_unrecorded_gives_its_turns_alone(case, explain):
    """Its order too where nothing is told (the log's summary reads it): the core reads the same turns."""
    left_out = RECORDED_ONLY if explain else (*RECORDED_ONLY, "order")
    for seed in range(20):
        full, bare = recorded_and_not(lambda record: initiative(case, seed, explain, record))
        assert bare.data == {key: value for key, value in full.data.items() if key not in left_out}
        assert all(key in full.data for key in left_out)
        assert InitiativeData.read(bare.data) == InitiativeData.read(full.data)


@pytest.mark.parametrize("case", INITIATIVES)
def test_an_initiative_that_records_after_one_that_did_not_gets_its_full_data(case):
    for seed in range(20):
        fresh, again = initiative(case, seed, False, True)[0], entrants(case)
        initiative(case, seed, False, False, again)
        assert initiative(case, seed, False, True, again)[0].data == fresh.data


@pytest.mark.parametrize("state,changes", [(None, False), ({"status": "dead", "mortal": 6}, False), (KO, True)])
@pytest.mark.parametrize("explain", [False, True])
def test_a_round_recovery_unrecorded_that_changes_nothing_gives_no_data(state, changes, explain):
    """A round's end that lands nothing, counts nothing down and rolls nothing (most fighters'
    every round), or a dead character's, gives no data unrecorded; one that may change something
    (a knocked out character's wake-up roll) gives its data all the same."""
    for seed in range(10):
        full, bare = recorded_and_not(lambda record: played(rolecli_alternity, "recover", {"event": "end_of_round"}, character("Grimes", state), None,
                   [character("Grimes", state)], seed, "en", explain, record=record))
        assert "state" in full.data
        assert bare.data == (full.data if changes else {})
