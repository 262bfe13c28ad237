"""``Context.record``: where no one reads a call's data (a simulation's trials with no
house rule), an attack, the stress it deals and a full defence give none (all of it only
records, what happened too), and an initiative gives its order alone (which the core
reads); everything else they give, and the dice they read, are the same. Nothing they keep
from such a call is handed to a call that records."""

from __future__ import annotations

import pytest

import rolecli_fate
from rolecli_testing import played, recorded_and_not
from test_fate_explain import CASES, EVERYONE, character

# (the attacks the explain tests play, and one whose attacker rerolls by invoking an aspect)
ATTACKS = {case: CASES[case] for case in CASES if CASES[case][0] == "attack"}
ATTACKS["attack, a reroll"] = ("attack", {"skill": "Armas cuerpo a cuerpo", "defence": "Atletismo",
                                          "reroll": "Espada de mi abuelo"},
                               character("Tomás", {"puntos_destino": 3}), character("Lucía"))
SIDES = ("roll", "opposition")


def play(case: str, seed: int, explain: bool, record: bool):
    """``case`` (an attack of :data:`ATTACKS`, or another case of the explain tests) played
    through its hook, seeded, in a conflict's first round: its Outcome and the dice it read."""
    verb, params, actor, target, *others = ATTACKS[case] if case in ATTACKS else CASES[case]
    given = [c for c in (actor, target, *others) if c is not None]
    chars = [character(name) for name in EVERYONE if name not in {c.name for c in given}] + given
    return played(rolecli_fate, verb, params, actor, target, chars, seed, "en", explain, record=record)


@pytest.mark.parametrize("case", ATTACKS)
@pytest.mark.parametrize("explain", [False, True])
def test_an_attack_unrecorded_gives_no_data(case, explain):
    for seed in range(12):
        full, bare = recorded_and_not(lambda record: play(case, seed, explain, record))
        assert all(full.data[key]["dice"] is not None for key in SIDES)
        assert bare.data == {}


@pytest.mark.parametrize("case", [case for case in CASES if CASES[case][0] == "damage"])
def test_stress_unrecorded_gives_no_data(case):
    """Stress on a character or a minion group, with its consequences, a concession or
    Taken Out (what an attack's hit marks): its data only records."""
    for seed in range(3):
        full, bare = recorded_and_not(lambda record: play(case, seed, False, record))
        assert bare.data == {} and full.data["verb"] == "damage" and len(full.data) > 1
        assert play(case, seed, False, True)[0].data == full.data


@pytest.mark.parametrize("case", ["defend", "initiative", "initiative, rotating"])
@pytest.mark.parametrize("explain", [False, True])
def test_a_full_defence_and_an_initiative_unrecorded_give_what_the_core_reads_alone(case, explain):
    """A full defence gives no data; an initiative its order (InitiativeData), not its skill,
    kind and scores (a rotating one, its round)."""
    full, bare = recorded_and_not(lambda record: play(case, 3, explain, record))
    assert bare.data == ({"order": full.data["order"]} if case.startswith("initiative") else {})
    assert len(full.data) > len(bare.data)


def test_a_rerolled_side_records_its_first_dice_and_fate_points():
    """The record a side makes when asked is the one its last roll leaves: a reroll
    by an invoked aspect tells the first dice and the Fate point it cost."""
    rerolled = [data for data in (play("attack, a reroll", seed, False, True)[0].data["roll"] for seed in range(12))
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
        first = play(case, seed, False, True)[0]
        play(case, seed, False, False)
        recorded = play(case, seed, False, True)[0]
        assert recorded.data == first.data and all(recorded.data[key]["dice"] is not None for key in SIDES)


def test_an_attack_unrecorded_rolls_a_tie_again_as_a_recorded_one_does():
    """Under contest_tie = reroll, an attack no one reads the sides of (roll.roll_contest makes
    none, only their efforts) rolls a tie again as one that records: the same dice, stress and changes."""
    from rolecli.contract import Action
    from rolecli.testing import call, context

    tomas, lucia = character("Tomás"), character("Lucía")
    dice = ["0"] * 8 + ["+"] * 4 + ["0"] * 4  # Armas cuerpo a cuerpo 4 against Atletismo 3 + 1: a tie, then +4
    params = {"skill": "Armas cuerpo a cuerpo", "defence": "Atletismo", "modifier": -1}

    def attack(record: bool):
        ctx = context(rolecli_fate.INFO, dice=dice, options={"contest_tie": "reroll"}, characters=[tomas, lucia],
                      explain=False, record=record)
        return call(rolecli_fate, Action("attack", dict(params), tomas, lucia), ctx, [tomas, lucia]), ctx.dice.reads

    full, bare = recorded_and_not(attack)
    assert full.data["stress"] == 4 and bare.changes == full.changes != {}
