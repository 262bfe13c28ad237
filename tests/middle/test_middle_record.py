"""``Context.record``: where no one reads a call's data (a simulation's trials with no
house rule), a blow leaves out the dice of its LDs, its damage's parts and the wound it made,
a morale its valor LDs' dice, and an initiative each one's score, which they only record;
everything else they give, and the dice they read, are the same. What a blow keeps from such
a call is never handed to a call that records."""

from __future__ import annotations

import pytest

import rolecli_middle
from rolecli.contract import Action
from rolecli.testing import call, context
from rolecli_testing import only_the_data_differs, played, recorded_after_unrecorded
from test_middle_explain import CAMPAIGN, CASES

BLOWS = [case for case in CASES if CASES[case][0] == "strike"]
RECORDS = ("ld", "parry", "damage_parts", "wound")  # what a blow only records (None where none: no parry, a miss)


def blow(case: str, seed: int, explain: bool, record: bool, characters=None):
    """The blow of ``case`` played through its hook, seeded: its Outcome and the dice it
    read. ``characters``: the striker and the target to give it (the same objects again
    hit what a blow keeps for them, its LDs)."""
    verb, params, actor, target = CASES[case]
    actor, target = characters or (actor, target)
    named = {actor.name: actor, target.name: target}
    chars = [named.get(c.name, c) for c in CAMPAIGN]
    return played(rolecli_middle, verb, params, actor, target, chars, seed, "en", explain, in_conflict=False,
                  record=record)


@pytest.mark.parametrize("case", BLOWS)
@pytest.mark.parametrize("explain", [False, True])
def test_a_blow_unrecorded_leaves_out_its_dice_and_wound_alone(case, explain):
    wounded = 0
    for seed in range(20):
        (full, read), (bare, bare_read) = (blow(case, seed, explain, record) for record in (True, False))
        only_the_data_differs(full, read, bare, bare_read)
        assert full.data["ld"] is not None
        assert all(bare.data[key] is None for key in RECORDS if key in full.data)
        assert list(bare.data) == list(full.data)
        assert {k: v for k, v in bare.data.items() if k not in RECORDS} == {
            k: v for k, v in full.data.items() if k not in RECORDS}
        wounded += full.data.get("wound") is not None
    assert wounded, case  # (each case lands a blow in some seed: its wound is left out there)


@pytest.mark.parametrize("case", BLOWS)
@pytest.mark.parametrize("explain", [False, True])
def test_a_blow_that_records_after_one_that_did_not_gets_its_full_data(case, explain):
    """The same characters (so the same LDs kept for their sheets), the same dice: a blow
    unrecorded first leaves nothing a recorded one then reads."""
    _, _, actor, target = CASES[case]
    for seed in range(12):
        fresh, recorded = recorded_after_unrecorded(blow, case, seed, explain, actor, target)
        assert recorded.data == fresh.data
        assert recorded.data["ld"] is not None


def morale(seed: int, record: bool):
    """A side's end-of-turn morale, two standing of four (so each makes its valor LD), seeded."""
    ctx = context(rolecli_middle.INFO, seed=seed, characters=CAMPAIGN, explain=False, record=record)
    action = Action("morale", {"members": ("Aldara", "Centinela"), "fallen": 2}, None, None)
    return call(rolecli_middle, action, ctx, CAMPAIGN), ctx.dice.reads


def test_a_morale_unrecorded_leaves_out_its_valor_lds_dice_alone():
    for seed in range(12):
        (full, read), (bare, bare_read) = morale(seed, True), morale(seed, False)
        assert read == bare_read and full.data["checked"]
        assert (bare.success, bare.changes, bare.effects, bare.used) == (full.success, full.changes, full.effects, full.used)
        assert [row["ld"] for row in bare.data["members"]] == [None, None]
        assert all(row["ld"] is not None for row in full.data["members"])
        assert [{**row, "ld": None} for row in full.data["members"]] == bare.data["members"]
        assert {**full.data, "members": None} == {**bare.data, "members": None}


def initiative(seed: int, record: bool):
    """The impulse order of the campaign's characters, seeded."""
    ctx = context(rolecli_middle.INFO, seed=seed, characters=CAMPAIGN, explain=False, record=record)
    return call(rolecli_middle, Action("initiative", {}, None, None), ctx, CAMPAIGN), ctx.dice.reads


def test_an_initiative_unrecorded_leaves_out_each_ones_score_alone():
    for seed in range(12):
        (full, read), (bare, bare_read) = initiative(seed, True), initiative(seed, False)
        only_the_data_differs(full, read, bare, bare_read)
        assert bare.data["scores"] is None and set(full.data["scores"]) == set(full.data["order"])
        assert {**full.data, "scores": None} == bare.data


def test_a_throw_that_records_holds_faces_of_its_own_and_one_that_does_not_the_same_faces():
    """An LD's faces are a list of its own where its data may be read (a result holds them);
    where no one reads it, the rules read the dice's own list: the same faces, the same records."""
    from rolecli.dice.source import DiceSource
    from rolecli_middle import ld as LD
    from rolecli_middle.capability import Capability

    ld, whys = LD.Ld(Capability("uso de armas", 2)), LD.dice_whys("golpe Aldara")
    for seed in range(8):
        (full, source), (bare, bare_source) = ((LD.thrown(ld, s, whys, recorded), s) for recorded, s in
                                               ((True, DiceSource(seed)), (False, DiceSource(seed))))
        assert (bare.faces, bare.result, bare.kept, bare.success) == (full.faces, full.result, full.kept, full.success)
        full.data()["faces"][:] = [0, 0, 0]  # what a result holds is its own: the dice's records stay as read
        assert [r.as_json() for r in source.reads] == [r.as_json() for r in bare_source.reads]
