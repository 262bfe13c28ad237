"""``Context.record``: where no one reads a call's data (a simulation's trials with no
house rule), an attack leaves out its sides' dice and its degrees, which it only
records; everything else it gives, and the dice it reads, are the same. What it keeps
from such a call is never handed to a call that records."""

from __future__ import annotations

import pytest

import rolecli_v5
from rolecli.contract import Action, Turn
from rolecli.testing import call, context
from test_v5_explain import CASES

ATTACKS = [case for case in CASES if CASES[case][0] == "attack"]
RECORDS = {"contest": ("roll", "opposition", "degree", "opposition_degree"), "test": ("roll", "degree")}


def attack(case: str, seed: int, explain: bool, record: bool, characters=None):
    """The attack of ``case`` played through its hook, seeded, in a conflict's first round:
    its Outcome and the dice it read. ``characters``: the actor and the target to give it
    (the same objects again hit what the attack keeps for them)."""
    verb, params, actor, target = CASES[case]
    actor, target = characters or (actor, target)
    chars = [c for c in (actor, target) if c is not None]
    ctx = context(rolecli_v5.INFO, seed=seed, characters=chars, explain=explain)
    ctx.record = record
    ctx.conflict = Turn(1, actor.name if actor else None)
    out = call(rolecli_v5, Action(verb, dict(params), actor, target), ctx, chars)
    return out, ctx.dice.reads


@pytest.mark.parametrize("case", ATTACKS)
@pytest.mark.parametrize("explain", [False, True])
def test_an_attack_unrecorded_leaves_out_its_dice_and_degrees_alone(case, explain):
    for seed in range(12):
        (full, read), (bare, bare_read) = (attack(case, seed, explain, record) for record in (True, False))
        assert read == bare_read
        assert (bare.success, bare.changes, bare.effects, bare.used, bare.lines) == (
            full.success, full.changes, full.effects, full.used, full.lines)
        left_out = RECORDS[full.data["mode"]]
        assert all(full.data[key] is not None for key in left_out)
        assert all(bare.data[key] is None for key in left_out)
        assert list(bare.data) == list(full.data)
        assert {k: v for k, v in bare.data.items() if k not in left_out} == {
            k: v for k, v in full.data.items() if k not in left_out}


def anew(character):
    """A copy of ``character``, sheet and state: nothing is kept for it yet."""
    return character and type(character)(character.name, dict(character.sheet), dict(character.state))


@pytest.mark.parametrize("case", ATTACKS)
@pytest.mark.parametrize("explain", [False, True])
def test_an_attack_that_records_after_one_that_did_not_gets_its_full_data(case, explain):
    """The same characters (so the same declaration and contests kept for their states),
    the same dice: an attack unrecorded first leaves nothing a recorded one then reads."""
    _, _, actor, target = CASES[case]
    for seed in range(12):
        fresh = attack(case, seed, explain, True, (anew(actor), anew(target)))[0]
        again = anew(actor), anew(target)
        attack(case, seed, explain, False, again)
        recorded = attack(case, seed, explain, True, again)[0]
        assert recorded.data == fresh.data
        assert all(recorded.data[key] is not None for key in RECORDS[recorded.data["mode"]])
