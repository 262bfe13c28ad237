"""``Context.record``: where no one reads a call's data (a simulation's trials with no
house rule), a blow (a strike, a feint), a parry and a morale give none (all of it only
records), and an initiative gives its order alone (what the core reads), not each one's
score; everything else they give, and the dice they read, are the same. What a blow keeps
from such a call is never handed to a call that records."""

from __future__ import annotations

import pytest

import rolecli_middle
from rolecli.contract import Action
from rolecli.testing import call, context
from rolecli_testing import case_played, played, recorded_after_unrecorded, recorded_and_not
from test_middle_explain import CAMPAIGN, CASES, who

BLOWS = [case for case in CASES if CASES[case][0] in ("strike", "feint")]


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
def test_a_blow_unrecorded_gives_no_data(case, explain):
    landed = 0
    for seed in range(20):
        full, bare = recorded_and_not(lambda record: blow(case, seed, explain, record))
        assert full.data["ld"] is not None
        assert bare.data == {}
        landed += full.data["hit"]
    assert landed, case  # (each case lands a blow in some seed: its damage, wound or feint is left out there)


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


def test_a_parry_unrecorded_gives_no_data():
    for seed in range(4):
        full, bare = recorded_and_not(lambda record: case_played(rolecli_middle, CASES["parry"], seed, False, record))
        assert full.data["parrying"] and bare.data == {}


def morale(seed: int, record: bool, fallen: int = 2, cowed: bool = False):
    """A side's end-of-turn morale, two standing of ``2 + fallen`` (with two fallen, each makes its valor
    LD; with none, none does), Aldara Cowed if ``cowed``, seeded."""
    aldara = who("Aldara", estados=["acobardado"]) if cowed else who("Aldara")
    characters = [aldara if c.name == "Aldara" else c for c in CAMPAIGN]
    ctx = context(rolecli_middle.INFO, seed=seed, characters=characters, explain=False, record=record)
    action = Action("morale", {"members": ("Aldara", "Centinela"), "fallen": fallen}, None, None)
    return call(rolecli_middle, action, ctx, characters), ctx.dice.reads


@pytest.mark.parametrize("fallen, cowed", [(2, False), (2, True), (0, False)])
def test_a_morale_unrecorded_gives_no_data(fallen, cowed):
    for seed in range(12):
        full, bare = recorded_and_not(lambda record: morale(seed, record, fallen, cowed))
        assert full.data["checked"] == bool(fallen) and bare.data == {}
        if fallen:  # (Aldara's row: her valor LD's dice, or her being Cowed, recorded only)
            assert full.data["members"][0].get("cowed", False) == cowed


def initiative(seed: int, record: bool):
    """The impulse order of the campaign's characters, seeded."""
    ctx = context(rolecli_middle.INFO, seed=seed, characters=CAMPAIGN, explain=False, record=record)
    return call(rolecli_middle, Action("initiative", {}, None, None), ctx, CAMPAIGN), ctx.dice.reads


def test_an_initiative_unrecorded_gives_its_order_alone():
    for seed in range(12):
        full, bare = recorded_and_not(lambda record: initiative(seed, record))
        assert set(full.data["scores"]) == set(full.data["order"])
        assert bare.data == {"order": full.data["order"]}


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
