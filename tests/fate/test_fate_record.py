"""``Context.record``: where no one reads a call's data (a simulation's trials with no
house rule), an attack leaves out its sides' records (their dice, skills and
modifiers), which it only records (their keys too: the others keep their order); everything else it gives, and the dice it reads,
are the same. Nothing it keeps from such a call is handed to a call that records."""

from __future__ import annotations

import pytest

import rolecli_fate
from rolecli_testing import only_the_data_differs, played
from test_fate_explain import CASES, EVERYONE, character

# (the attacks the explain tests play, and one whose attacker rerolls by invoking an aspect)
ATTACKS = {case: CASES[case] for case in CASES if CASES[case][0] == "attack"}
ATTACKS["attack, a reroll"] = ("attack", {"skill": "Armas cuerpo a cuerpo", "defence": "Atletismo",
                                          "reroll": "Espada de mi abuelo"},
                               character("Tomás", {"puntos_destino": 3}), character("Lucía"))
SIDES = ("roll", "opposition")


def attack(case: str, seed: int, explain: bool, record: bool):
    """The attack of ``case`` played through its hook, seeded, in a conflict's first
    round: its Outcome and the dice it read."""
    verb, params, actor, target = ATTACKS[case]
    given = [c for c in (actor, target) if c is not None]
    chars = [character(name) for name in EVERYONE if name not in {c.name for c in given}] + given
    return played(rolecli_fate, verb, params, actor, target, chars, seed, "en", explain, record=record)


@pytest.mark.parametrize("case", ATTACKS)
@pytest.mark.parametrize("explain", [False, True])
def test_an_attack_unrecorded_leaves_out_its_sides_alone(case, explain):
    for seed in range(12):
        (full, read), (bare, bare_read) = (attack(case, seed, explain, record) for record in (True, False))
        only_the_data_differs(full, read, bare, bare_read)
        assert all(full.data[key]["dice"] is not None for key in SIDES)
        assert list(bare.data) == [key for key in full.data if key not in SIDES]
        assert bare.data == {k: v for k, v in full.data.items() if k not in SIDES}


def test_a_rerolled_side_records_its_first_dice_and_fate_points():
    """The record a side makes when asked is the one its last roll leaves: a reroll
    by an invoked aspect tells the first dice and the Fate point it cost."""
    rerolled = [data for data in (attack("attack, a reroll", seed, False, True)[0].data["roll"] for seed in range(12))
                if "first_dice" in data]
    assert rerolled
    for data in rerolled:
        assert data["fate_points_spent"] == 1 and len(data["first_dice"]) == len(data["dice"]) == 4
        assert data["dice_total"] == sum(data["dice"])


@pytest.mark.parametrize("case", ATTACKS)
def test_an_attack_that_records_after_one_that_did_not_gets_its_full_data(case):
    """The same plan and states (so what the attack and its sides keep for them), the
    same dice: an attack unrecorded first leaves nothing a recorded one then reads."""
    for seed in range(12):
        first = attack(case, seed, False, True)[0]
        attack(case, seed, False, False)
        recorded = attack(case, seed, False, True)[0]
        assert recorded.data == first.data and all(recorded.data[key]["dice"] is not None for key in SIDES)
