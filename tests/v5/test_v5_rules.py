"""The rules engine as pure functions, one rule at a time (the rules and
rulings of docs/systems/v5.md). Every expected number is worked out here
from the rule's text, not read from the output."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from rolecli.contract import Refused
from rolecli_v5 import damage as D
from rolecli_v5 import hunger as H
from rolecli_v5 import trackers as T
from rolecli_v5.conflict import Contest, Side, contest_hits, hit_against
from rolecli_v5.degrees import OPPOSITE, contest_outcome, degree, of_roll, outcome_against
from rolecli_v5.pool import Pool, Roll
from rolecli_v5.reroll import best_after, chosen, reroll
from rolecli_v5.state import Work
from rolecli_v5.traits import Part

from v5_helpers import character


# --- dice (GAP-1 settled by the rulings) ------------------------------------------------


@pytest.mark.parametrize("regular,hunger,want", [
    ((1, 2, 3, 4, 5), (), 0),          # nothing under 6 succeeds
    ((6, 7, 8, 9), (), 4),             # one success per die of 6+
    ((10,), (), 1),                    # a lone 10 is one success
    ((10, 10), (), 4),                 # a pair of 10s counts 4 (2 extra)
    ((10, 10, 10), (), 5),             # one pair (4) and a lone 10 (1)
    ((10, 10, 10, 10, 6), (), 9),      # two pairs (8) and a 6
    ((10, 3), (10,), 4),               # a regular 10 and a Hunger 10 pair up
    ((6,), (10, 10, 10), 6),           # the Hunger dice count alike: one pair, a lone 10, a 6
])
def test_gap1_successes_on_6_and_pairs_of_10s(regular, hunger, want):
    assert Roll(regular, hunger).successes == want


def test_hunger_dice_replace_regular_dice_never_more_than_the_pool():
    # The rulings: a vampire rolls Hunger dice in place of regular dice.
    assert Pool("", [Part("", 5)], hunger=2).hunger_dice == 2
    assert Pool("", [Part("", 3)], hunger=5).hunger_dice == 3      # a pool of 3 at Hunger 5: all Hunger dice


def test_a_pool_says_why_each_die_is_read_in_either_language_in_the_order_they_are_read():
    # Worded once as the pool is made, for both languages: a roll in either reads them, never words them.
    pool = Pool("Ana", [Part("", 3)], hunger=1)
    assert pool.whys == {"es": ("Ana: normal 1/2", "Ana: normal 2/2", "Ana: Ansia 1/1"),
                         "en": ("Ana: regular 1/2", "Ana: regular 2/2", "Ana: Hunger 1/1")}
    assert Pool("", [Part("", 2)]).whys["en"] == ("regular 1/2", "regular 2/2")  # a quick roll's: no name


def test_critical_messy_and_bestial_marks():
    assert Roll([10, 3], [10]).messy                                 # a Hunger die shows one of the 10s
    assert Roll([3], [10, 10]).messy and not Roll([10, 3], [6]).messy  # a pair of Hunger 10s; no pair at all
    assert Roll([10, 10], [10]).critical and Roll([10, 10], [10]).messy
    assert Roll([10, 10], [5]).critical and not Roll([10, 10], [5]).messy
    assert Roll([10], []).critical is False                          # one 10 is no pair
    assert Roll([7], [1]).bestial and not Roll([7, 1], [2]).bestial  # only a Hunger 1 is bestial


@pytest.mark.parametrize("roll,difficulty,want", [
    (Roll([6, 7, 2]), 2, "win"),                   # 2 successes meet difficulty 2 (003-R6)
    (Roll([6, 2, 2]), 2, "failure"),
    (Roll([1, 2, 3]), 1, "total_failure"),          # no success at all
    (Roll([6, 2], [1]), 2, "bestial_failure"),      # a failure with a Hunger 1
    (Roll([10, 10, 1]), 3, "critical_win"),         # 4 successes with a pair of 10s
    (Roll([10, 6], [10]), 3, "messy_critical"),     # 5 successes, a Hunger 10 in the pair
    (Roll([10, 10], [1]), 5, "bestial_failure"),    # a pair of 10s that still fails is no critical
])
def test_degrees_of_a_test(roll, difficulty, want):
    assert of_roll(roll, outcome_against(roll.successes, difficulty)) == want


def test_003_R4_contest_more_successes_wins_and_equal_ties():
    assert contest_outcome(4, 2) == "win" and contest_outcome(2, 4) == "lose" and contest_outcome(3, 3) == "tie"
    for mine, theirs in ((4, 2), (2, 4), (3, 3)):  # the other side's outcome, as its own successes give it
        assert OPPOSITE[contest_outcome(mine, theirs)] == contest_outcome(theirs, mine)
    assert degree("tie", 3, False, False, True) == "tie"  # a tie is not a failure, even with a Hunger 1


# --- Willpower rerolls (rulings, GAP-11) ---------------------------------------------


def test_gap11_reroll_takes_the_failed_regular_dice_up_to_three():
    roll = Roll([1, 2, 3, 4, 9], [2])  # 1 success, four failed regular dice, a failed Hunger die
    assert chosen("failures", roll, 3, automatic=False) == [0, 1, 2]  # three at most, never Hunger dice
    assert best_after(roll, [0, 1, 2]) == 1 + 3 + 2                  # three 10s: 3 successes and a pair's 2 extra
    assert best_after(Roll([1, 9], [10]), [0]) == 3 + 2                # a rerolled 10 pairs with a Hunger 10


def test_gap11_reroll_only_when_it_can_change_the_outcome():
    assert chosen("failures", Roll([6, 7, 1]), 2, True) == []         # already meets difficulty 2
    assert chosen("failures", Roll([1], [2, 2, 2]), 6, True) == []    # one die can give at most 1 more: not 6
    assert chosen("auto", Roll([1, 2, 6]), 2, automatic=False) == []  # auto: only a character who can pay
    assert chosen("auto", Roll([1, 2, 6]), 2, automatic=True) == [0, 1]
    assert chosen("none", Roll([1, 2, 6]), 2, True) == []


def test_gap11_explicit_positions_are_checked():
    assert chosen("2,3", Roll([9, 1, 2], [1]), 1, True) == [1, 2]     # always, even when already winning
    for bad in ("4", "1,2,3,1", "1,2,3,4", "x"):
        with pytest.raises(Refused):
            chosen(bad, Roll([9, 1, 2], [1]), 1, True)                # die 4 is a Hunger die: never rerolled


# --- damage (003-R11…R16) -------------------------------------------------------------------


def test_003_R11_damage_is_margin_plus_weapon_plus_audience():
    assert D.amount(2, 4) == 6          # 003-T5: margin 2 + shotgun 4
    assert D.amount(3, 0, 2) == 5       # a social win by 3 before an audience worth 2


def test_003_R11_a_weapon_of_the_sheet_is_read_from_that_sheet():
    from rolecli.contract import Character
    from rolecli_v5.verbs import weapon_rating

    gancho = character("Gancho")  # weapons = { Gancho = 2 }
    assert weapon_rating(gancho, "gancho") == weapon_rating(gancho, "GANCHO") == 2
    for _ in range(2):  # a refusal is not remembered as a rating
        with pytest.raises(Refused, match="no weapon 'Escopeta'"):
            weapon_rating(gancho, "Escopeta")
    edited = Character(gancho.name, {**gancho.sheet, "weapons": {"Gancho": 3}}, {})  # a new sheet is read anew
    assert weapon_rating(edited, "gancho") == 3 and weapon_rating(gancho, "gancho") == 2


@pytest.mark.parametrize("source,creature,want", [
    ("nonlethal", "mortal", "superficial"), ("nonlethal", "vampire", "superficial"),
    ("weapon", "mortal", "aggravated"), ("weapon", "vampire", "superficial"),
    ("fire", "vampire", "aggravated"), ("sunlight", "vampire", "aggravated"), ("supernatural", "vampire", "aggravated"),
    ("social", "vampire", "superficial"), ("secret", "mortal", "aggravated"), ("trusted", "vampire", "aggravated"),
])
def test_003_R12_type_by_source_and_creature(source, creature, want):
    assert D.damage_type(source, creature) == want


def test_003_R12_a_source_belongs_to_one_tracker():
    assert D.source_for("auto", "willpower", 0) == "social"
    assert D.source_for("auto", "health", 4) == "weapon" and D.source_for("auto", "health", 0) == "nonlethal"
    with pytest.raises(Refused):
        D.source_for("secret", "health", 0)


@pytest.mark.parametrize("amount,levels", [(5, 3), (6, 3), (1, 1), (0, 0)])
def test_003_T7_003_R13_superficial_is_halved_rounding_up(amount, levels):
    assert T.levels_of(amount, "superficial") == levels
    assert T.levels_of(amount, "aggravated") == amount           # aggravated is never halved
    assert T.levels_of(amount, "superficial", halve=False) == amount  # 003-R14: spends are not halved


def test_003_R13_marks_fill_empty_boxes():
    after, marks = T.mark(T.Tracker("health", 7), 3, "superficial")
    assert (after.superficial, after.aggravated, after.draw()) == (3, 0, "[/ / / . . . .]")
    after, marks = T.mark(after, 2, "aggravated")
    assert after.draw() == "[X X / / / . .]" and marks.aggravated == 2


def test_a_trackers_json_is_made_once_and_says_its_boxes():
    tracker = T.Tracker("health", 5, superficial=2, aggravated=1)
    assert tracker.as_json() == {"size": 5, "superficial": 2, "aggravated": 1, "boxes": "[X / / . .]",
                                 "impaired": False}
    assert tracker.as_json() is tracker.as_json()  # a Tracker never changes: every hit on it shares one


def test_003_T8_003_R15_impaired_converts_superficial_to_aggravated():
    # Health 5 full of "/" is Impaired; 4 superficial halves to 2 and converts 2 "/" into "X".
    full = T.Tracker("health", 5, superficial=5)
    assert full.impaired
    after, marks = T.mark(full, T.levels_of(4, "superficial"), "superficial")
    assert after.draw() == "[X X / / /]" and marks.converted == 2


def test_gap5_empty_boxes_fill_first_then_each_level_converts():
    after, marks = T.mark(T.Tracker("health", 5, superficial=3), 4, "superficial")
    assert (marks.superficial, marks.converted) == (2, 2) and after.draw() == "[X X / / /]"


def test_003_T6_003_R16_more_aggravated_than_boxes_ends_the_tracker():
    after, marks = T.mark(T.Tracker("health", 5), 6, "aggravated")
    assert after.ended and after.draw() == "[X X X X X]" and marks.overflow == 1


def test_003_R14_spending_is_unhalved_superficial_then_aggravated():
    cr = character("Gasta", willpower_max=3, state={"willpower_superficial": 3})
    state = dict(cr.state)
    data, _ = D.spend(cr, state, 1, "willpower", "en")
    assert (state["willpower_superficial"], state["willpower_aggravated"]) == (2, 1)  # every box "/": one becomes "X"
    assert D.spendable(T.Tracker("willpower", 3, superficial=2, aggravated=1)) == 2
    with pytest.raises(Refused):
        D.spend(cr, {"willpower_aggravated": 3}, 1, "willpower", "en")  # nothing left to mark


def test_gap2_tracker_sizes_from_the_attributes_unless_the_sheet_says():
    cr = character("Tam", attributes={"Resistencia": 2, "Compostura": 4, "Resolución": 3})
    assert T.size_of(cr, "health") == 5 and T.size_of(cr, "willpower") == 7
    assert T.size_of(character("Policía"), "health") == 5  # the seed's policeman: health_max = 5


def test_003_R15_a_status_is_worked_out_once_for_each_state_and_rules():
    from rolecli.contract import Character
    from rolecli_v5.conditions import status

    gancho = character("Gancho")  # a Storyteller's mortal: Health 5
    hurt = Character(gancho.name, gancho.sheet, {"health_superficial": 5})  # the same sheet, Health Impaired
    lenient, strict = {"incapacitate_mortals": False}, {"incapacitate_mortals": True}
    assert status(gancho, lenient) is status(Character(gancho.name, gancho.sheet, {}), lenient)
    assert status(gancho, lenient).vitality == 1.0 and status(hurt, lenient).vitality == 0.0
    assert status(hurt, lenient).can_act and [k for k, _ in status(hurt, lenient).conditions] == ["impaired_health"]
    assert not status(hurt, strict).can_act and status(hurt, strict).key == "incapacitated"


def test_a_states_key_holds_every_state_field_of_the_sheet_in_order():
    """What is worked out for a state (a pool, a hit, a status) is kept by state_values:
    it must tell apart two states that differ in any state field, one a later sheet adds too."""
    from rolecli_v5.conditions import STATE_KEYS, state_values
    from rolecli_v5.system import TEMPLATE

    assert STATE_KEYS == tuple(f.key for f in TEMPLATE if f.state)
    assert state_values({key: n for n, key in enumerate(STATE_KEYS)}) == tuple(range(len(STATE_KEYS)))
    assert state_values({}) == (None,) * len(STATE_KEYS)


def test_what_a_hit_comes_to_is_kept_by_the_fields_it_reads_and_sets():
    """A hit on a tracker reads its two counts and may set them and ``ruined`` (003-R16): two states
    alike in these key alike (Hunger, the other tracker aside), a field kept as 0 apart from one not kept."""
    from rolecli_v5.damage import hurt_fields

    hurt = {"health_superficial": 2, "health_aggravated": 0}
    assert hurt_fields({**hurt, "hunger": 3, "willpower_superficial": 1}, "health") == hurt_fields(hurt, "health")
    assert hurt_fields({"health_superficial": 2}, "health") != hurt_fields(hurt, "health")
    assert hurt_fields({**hurt, "ruined": True}, "health") != hurt_fields(hurt, "health")
    assert hurt_fields(hurt, "willpower") == hurt_fields({}, "willpower") and hurt_fields(None, "health") is None


# --- conflicts (003-R4…R9) -------------------------------------------------------------------


def test_003_R5_one_sided_only_the_attacker_deals_damage():
    assert contest_hits("lose", -2, two_sided=False, dodge=False, weapon=2, target_weapon=3, audience=0,
                        tie_weapon=True) == ()
    assert contest_hits("tie", 0, two_sided=False, dodge=False, weapon=2, target_weapon=3, audience=0,
                        tie_weapon=True) == ()  # GAP-7: a one-sided tie deals nothing


def test_003_T1_003_R5_two_sided_tie_deals_margin_one_each_way():
    hits = contest_hits("tie", 0, two_sided=True, dodge=False, weapon=2, target_weapon=0, audience=0, tie_weapon=True)
    assert [(h.by, h.dealt) for h in hits] == [("attacker", 1 + 2), ("defender", 1)]  # GAP-8: plus the weapon
    hits = contest_hits("tie", 0, two_sided=True, dodge=False, weapon=2, target_weapon=0, audience=0, tie_weapon=False)
    assert [h.dealt for h in hits] == [1, 1]


def test_003_R5_two_sided_loser_takes_the_winners_margin():
    hits = contest_hits("lose", -3, two_sided=True, dodge=False, weapon=1, target_weapon=2, audience=0, tie_weapon=True)
    assert [(h.by, h.margin, h.dealt) for h in hits] == [("defender", 3, 5)]
    again = contest_hits("lose", -3, two_sided=True, dodge=False, weapon=1, target_weapon=2, audience=0,
                         tie_weapon=True)
    assert again is hits and again[0].as_json() is hits[0].as_json()  # a Hit never changes: made once, shared
    assert hits[0].as_json() == {"by": "defender", "margin": 3, "weapon": 2, "audience": 0, "damage": 5}


def test_003_R8_a_dodge_deals_no_damage_whatever_the_margin():
    assert contest_hits("lose", -5, two_sided=False, dodge=True, weapon=0, target_weapon=4, audience=0,
                        tie_weapon=True) == ()


def test_003_R6_gap6_margin_against_a_difficulty_and_at_least_one():
    assert hit_against(1, 2, 4, 0) is None                 # 1 success misses difficulty 2
    assert hit_against(2, 2, 0, 0).dealt == 1              # margin 0, no weapon: a hit deals at least 1
    assert hit_against(4, 2, 3, 0).dealt == 2 + 3          # margin 2 + weapon 3


def test_gap14_pool_floor_and_split():
    pool = Pool("", [Part("", 2)], modifiers=[("impaired", None, -2), ("cover", None, -2)])
    assert pool.whole == 1                              # never below 1 die by default
    assert Pool("", [Part("", 2)], modifiers=[("cover", None, -2)], floor=0).whole == 0
    pool = Pool("", [Part("Destreza", 3), Part("Pelea", 4)], split=4)
    assert (pool.whole, pool.size) == (7, 4)            # 003-T3: 7 split as 4 here (and 3 elsewhere)
    assert Pool("", [Part("", 7)], hunger=5, split=4).hunger_dice == 4  # Hunger dice: never more than the split


def test_a_pool_reads_its_regular_dice_then_its_hunger_dice_as_one_die_at_a_time_would():
    from rolecli.dice.source import DiceSource

    pool = Pool("Leah", [Part("", 5)], hunger=2)
    source = DiceSource(9)
    roll = pool.roll(source, "en")
    one_by_one = DiceSource(9)
    assert roll == Roll([one_by_one.roll(10) for _ in range(3)], [one_by_one.roll(10) for _ in range(2)])
    assert [r.why for r in source.reads] == ["Leah: regular 1/3", "Leah: regular 2/3", "Leah: regular 3/3",
                                             "Leah: Hunger 1/2", "Leah: Hunger 2/2"]
    given = pool.roll(DiceSource(given=["7", "2", "6", "10", "1"]), "en")
    assert (given.regular, given.hunger, given.successes) == ([7, 2, 6], [10, 1], 3)


def test_both_sides_of_a_contest_read_their_dice_in_one_go_the_first_sides_then_the_seconds():
    """003-R4: the attacker's regular and Hunger dice, then the defender's, as each
    side's own roll would read them; one side alone reads its pool as the pool does."""
    from types import SimpleNamespace

    from rolecli.dice.source import DiceSource
    from rolecli_v5.conflict import Side, roll

    leah, guard = Pool("Leah", [Part("", 3)], hunger=1), Pool("Guardia 1", [Part("", 2)])
    a, d = Side("Leah", leah, "none"), Side("Guardia 1", guard, "none")
    ctx = SimpleNamespace(lang="en", dice=DiceSource(given=["7", "2", "10", "6", "1"]))
    assert roll(ctx, a, d) == (Roll([7, 2], [10]), Roll([6, 1]))
    assert [r.why for r in ctx.dice.reads] == ["Leah: regular 1/2", "Leah: regular 2/2", "Leah: Hunger 1/1",
                                               "Guardia 1: regular 1/2", "Guardia 1: regular 2/2"]
    assert leah.roll(DiceSource(given=["9", "9", "1"]), "en") == Roll([9, 9], [1])


def test_a_rolls_record_and_a_sides_which_names_the_side_and_its_pool_first():
    """The keys in the order scripts read them; a record holds its roll's own lists (a roll is
    recorded once, and a house rule edits the core's copy of it: test_v5_shared_data.py)."""
    roll = Roll([10, 6, 2], [10, 1])
    assert roll.as_json() == {"regular": [10, 6, 2], "hunger": [10, 1], "successes": 5, "critical": True,
                              "messy": True, "hunger_ones": 1}
    assert list(roll.as_json()) == ["regular", "hunger", "successes", "critical", "messy", "hunger_ones"]
    leah = Side("Leah", SimpleNamespace(record={"size": 5}), "none")  # (a side's record reads only its pool's)
    side = leah.as_json(roll)
    assert side == {"name": "Leah", "pool": {"size": 5}, **roll.as_json()}
    assert list(side) == ["name", "pool", *roll.as_json()]
    assert side["regular"] is roll.regular and side["hunger"] is roll.hunger


def test_each_roll_has_dice_lists_of_its_own():
    """A roll's dice are lists of its own, which its record holds: a pool's and a contest's are
    slices of the faces read, never the dice source's record of them; a reroll's are new."""
    from rolecli.dice.source import DiceSource

    leah, guard = Pool("Leah", [Part("", 3)], hunger=1), Pool("Guardia 1", [Part("", 2)])
    source = DiceSource(9)
    rolls = [leah.roll(source, "en"), *Contest(Side("Leah", leah, "none"), Side("Guardia 1", guard, "none"),
                                                "en").roll(source)]
    read = [r.value for r in source.reads]
    for rolled in rolls:
        rolled.regular.append(1)
        rolled.hunger.append(1)
    assert [r.value for r in source.reads] == read
    before = Roll([1, 2], [3])
    after = reroll(DiceSource(given=["7"]), before, [0], "Leah", "en")
    assert (after.regular, after.hunger) == ([7, 2], [3])
    assert after.regular is not before.regular and after.hunger is not before.hunger


def test_a_pool_kept_for_its_state_names_its_dice_in_the_language_of_each_roll():
    """A pool keeps why each of its dice is read by language: a roll in Spanish
    after one in English (and back) reads its dice in its own words."""
    from rolecli.dice.source import DiceSource

    pool = Pool("Leah", [Part("", 3)], hunger=1)
    for lang, words in (("en", ["Leah: regular 1/2", "Leah: regular 2/2", "Leah: Hunger 1/1"]),
                        ("es", ["Leah: normal 1/2", "Leah: normal 2/2", "Leah: Ansia 1/1"]),
                        ("en", ["Leah: regular 1/2", "Leah: regular 2/2", "Leah: Hunger 1/1"])):
        source = DiceSource(3)
        roll = pool.roll(source, lang)
        assert [r.why for r in source.reads] == words and (len(roll.regular), len(roll.hunger)) == (2, 1)
    alone = Pool("Leah", [Part("", 2)])  # no Hunger die: every face is a regular die
    roll = alone.roll(DiceSource(given=["10", "10"]), "en")
    assert (roll.regular, roll.hunger, roll.successes, roll.critical) == ([10, 10], [], 4, True)


# --- Hunger (rulings) ------------------------------------------------------------------------


@pytest.mark.parametrize("potency,mended", [(0, 1), (1, 1), (2, 2), (3, 2), (4, 3), (7, 3), (8, 4), (9, 4), (10, 5)])
def test_003_R21_mending_by_blood_potency(potency, mended):
    assert H.mend_amount(potency) == mended


@pytest.mark.parametrize("who,state,mend", [
    ("Guardia 1", {"health_superficial": 2}, "auto"),  # a mortal does not mend by the Blood
    ("Katarina", {"willpower_superficial": 1}, "auto"),  # a vampire with no superficial Health
    ("Katarina", {"health_superficial": 2}, "no"),  # one that will not Rouse
])
def test_003_R21_a_turn_ends_with_nothing_to_mend(who, state, mend):
    """No die, no change, and the trackers as they stand."""
    from v5_helpers import call

    out = call("recover", actor=character(who, state), event="end_of_turn", mend=mend, seed=1)
    assert out.reads == [] and out.changes == {} and out.lines == [f"{who}: nothing to heal"]
    assert (out.data["health"]["superficial"], out.data["willpower"]["superficial"]) == (
        state.get("health_superficial", 0), state.get("willpower_superficial", 0))
    assert out.data["hunger"] == (1 if who == "Katarina" else None)


def test_rouse_check_gains_hunger_on_1_to_5():
    from rolecli.dice.source import DiceSource

    assert [H.rouse(DiceSource(given=[str(d)]), 2, "", "en") for d in (5, 6)] == [(5, 3), (6, 2)]
    assert H.rouse(DiceSource(given=["1"]), 5, "", "en") == (1, 5)   # Hunger never passes 5


def test_003_R3_a_pool_is_read_from_its_sheet_once():
    """A pool's terms are worked out once per sheet (a simulation builds the same pools
    at every exchange), and read anew from another sheet."""
    from rolecli_v5.traits import parts

    katarina = character("Katarina")
    terms = parts(katarina, "Destreza+Pelea", "pool")
    assert parts(katarina, "Destreza+Pelea", "pool") is terms
    stronger = character("Katarina", attributes={**katarina.sheet["attributes"], "Destreza": 5})
    assert [p.value for p in parts(stronger, "Destreza+Pelea", "pool")] == [5, terms[1].value]
    assert [p.text() for p in parts(None, "3+2", "pool")] == ["3", "2"]


def test_003_R15_a_characters_pool_is_worked_out_once_for_each_state():
    """The same pool in the same state is shared (a fight rolls it at every exchange);
    a state that Impairs or hungers, other rules, or another sheet are read anew."""
    from rolecli_v5.conflict import pool

    katarina = character("Katarina")  # a vampire: Dexterity 3 + Brawl 4, Hunger 1 unless her state says
    rules = {"impairment": "tracker", "pool_floor": 1}

    def made(who, state, options=rules, **verb):
        return pool(who, state, "Destreza+Pelea", who.name, options,
                    **{"modifier": None, "hunger": None, "cover": None, "earlier": 0, "split": None, "what": "pool",
                       **verb})

    def dice(who, state, options=rules, **verb):
        kept = made(who, state, options, **verb)
        return kept.size, kept.hunger_dice, [key for key, _, _ in kept.modifiers]

    assert made(katarina, {}) is made(katarina, {})
    assert dice(katarina, {}) == (7, 1, [])
    assert dice(katarina, {"health_superficial": 6}) == (5, 1, ["impaired"])  # Health 6 full: −2 (003-R15)
    assert dice(katarina, {"health_superficial": 6}, {"impairment": "all", "pool_floor": 1}) == (5, 1, ["impaired"])
    assert dice(katarina, {"willpower_superficial": 4}) == (7, 1, [])  # Willpower weakens no physical pool...
    assert dice(katarina, {"willpower_superficial": 4}, {"impairment": "all", "pool_floor": 1}) == (5, 1, ["impaired"])
    assert dice(katarina, {"hunger": 3}) == (7, 3, [])
    assert dice(katarina, {}, modifier=-2, split=3) == (3, 1, ["modifier"])
    assert dice(katarina, {}, cover="none", earlier=1) == (4, 1, ["cover", "earlier_opponents"])  # 003-R7, R9
    stronger = character("Katarina", attributes={**katarina.sheet["attributes"], "Destreza": 5})
    assert dice(stronger, {}) == (9, 1, [])


def test_003_R9_the_mark_an_attack_leaves_is_made_once_for_each_pair():
    from rolecli_v5.conflict import attacked

    assert attacked("Katarina", "Guardia 1", "en") is attacked("Katarina", "Guardia 1", "en")  # the core keeps a copy
    assert attacked("Katarina", "Guardia 2", "en").text == "attacked by Guardia 2 this turn"
    left = attacked("Guardia 2", "Katarina", "es")
    assert (left.on, left.by, left.key, left.text) == ("Guardia 2", "Katarina", "attacked",
                                                       "atacado por Katarina este turno")


def test_003_R13_a_tracker_draws_its_boxes_aggravated_first():
    assert T.Tracker("health", 7, superficial=2, aggravated=1).draw() == "[X / / . . . .]"
    assert T.Tracker("willpower", 3, superficial=0, aggravated=3).draw() == "[X X X]"


def test_an_action_copies_a_state_only_to_change_it_and_tells_its_changes_in_the_order_it_met_them():
    """A roll reads the states it is made in without copying them (most attacks of a
    fight hurt one side, or nobody); the changes come in the order the action met
    the characters, whoever it changed first."""
    katarina, guard = character("Katarina", {"hunger": 2}), character("Guardia 1")
    work = Work()
    assert work.seen(katarina) is katarina.state and work.seen(guard) is guard.state
    assert work.changes() == {}
    work.state(guard)["health_superficial"] = 2
    assert work.seen(guard) == {"health_superficial": 2} and guard.state == {}
    assert work.changes() == {"Guardia 1": {"health_superficial": 2}}
    work.state(katarina)["hunger"] = 2  # set to what it was: no change
    assert list(work.changes()) == ["Guardia 1"]
    work.state(katarina)["hunger"] = 3
    assert list(work.changes()) == ["Katarina", "Guardia 1"]
    assert katarina.state == {"hunger": 2}


def test_an_actions_marks_are_its_change_as_they_are_until_something_else_changes_the_state():
    """A kept hit's marks are set on a state without copying it: they are the change,
    handed back as a copy of their own (the marks are kept for the next hit), and read
    with the state as the action has left it; a later change folds them into a working copy."""
    katarina, guard = character("Katarina", {"hunger": 2}), character("Guardia 1", {"health_superficial": 1})
    marks = {"health_superficial": 3}
    work = Work(katarina, guard)
    work.mark(katarina, {})  # nothing set: no change
    work.mark(guard, marks)
    assert work.changes() == {"Guardia 1": {"health_superficial": 3}} and work.changes()["Guardia 1"] is not marks
    assert work.seen(guard) == {"health_superficial": 3} and guard.state == {"health_superficial": 1}
    work.mark(guard, {"health_aggravated": 1})
    work.state(katarina)["hunger"] = 3
    assert work.changes() == {"Katarina": {"hunger": 3}, "Guardia 1": {"health_superficial": 3, "health_aggravated": 1}}
    assert marks == {"health_superficial": 3} and guard.state == {"health_superficial": 1}


def _declare(actor, target, rules=None, lang="en", called=None, **params):
    """The attack's declaration, its parameters and rules completed as the core completes them
    (``called``: the action's plan, as an encounter gives one)."""
    import rolecli_v5
    from rolecli.contract import Action, Context
    from rolecli.dice.source import DiceSource
    from rolecli.dispatch import complete
    from rolecli_v5.verbs import declared

    action, ctx = complete(rolecli_v5.INFO, Action("attack", params, actor, target),
                           Context(lang, DiceSource(1), dict(rules or {}), {}))
    action.plan = called
    return declared(action, ctx)


def test_003_R4_an_attack_is_declared_once_for_its_two_sheets_its_parameters_and_the_rules():
    """A fight makes the same attacks again and again: what the parameters and the
    sheets decide is worked out once, and anew for anything else it is declared from."""
    katarina, guard = character("Katarina"), character("Guardia 1")
    verb = {"pool": "Destreza+Pelea", "defence": "Destreza+Pelea", "two_sided": True}
    plan = _declare(katarina, guard, **verb)
    assert _declare(katarina, guard, **verb) is plan
    assert _declare(katarina, character("Guardia 1", guard.state, **guard.sheet), **verb) is not plan  # another sheet
    assert _declare(katarina, character("Guardia 2"), **verb) is not plan
    assert _declare(katarina, guard, **{**verb, "two_sided": False}) is not plan
    assert _declare(katarina, guard, **{**verb, "target_modifier": 1}) is not plan
    assert _declare(katarina, guard, rules={"tie_weapon": False}, **verb) is not plan
    assert _declare(katarina, guard, lang="es", **verb) is not plan
    assert _declare(katarina, guard, **verb) is plan
    stronger = character("Guardia 1", attributes={**guard.sheet["attributes"], "Destreza": 4})
    assert _declare(katarina, stronger, **verb).side("defender", stronger).pool.size == 6
    for _ in range(2):  # a refusal is not kept: it comes again
        with pytest.raises(Refused, match="has no weapon 'Hacha'"):
            _declare(katarina, guard, weapon="Hacha", **verb)


def _attack_planned(actor, target, called, ctx=None, rules=None, lang="en", **params):
    """An encounter's attack (``called``: its plan) played on ``ctx``, whose table of rules an encounter hands
    every call (made here where none is given): the declaration the attack found or made, and the ctx."""
    import rolecli_v5
    from rolecli.contract import Action, Context
    from rolecli.dice.source import DiceSource
    from rolecli.dispatch import complete
    from rolecli_v5 import verbs

    action, ctx = complete(rolecli_v5.INFO, Action("attack", params, actor, target),
                           ctx or Context(lang, DiceSource(1), dict(rules or {}), {}))
    action.plan = called
    verbs.attack(action, ctx)
    return verbs._PLANNED[called][id(actor.sheet)], ctx


def test_003_R4_an_attack_with_a_plan_is_declared_once_for_it_as_its_parameters_declare_it():
    """An encounter's action has a plan (``Action.plan``, the same only for the same
    parameters): the attack finds its declaration kept by it and the actor's sheet, each
    plan its own, as declared with no plan; and anew for other rules, another target's sheet
    or name, or another language."""
    katarina, guard = character("Katarina"), character("Guardia 1")
    verb = {"pool": "Destreza+Pelea", "defence": "Destreza+Pelea", "two_sided": True}
    plan, ctx = _attack_planned(katarina, guard, ("a call", "Guardia 1"), **verb)
    assert _attack_planned(katarina, guard, ("a call", "Guardia 1"), ctx, **verb)[0] is plan
    assert plan.params == _declare(katarina, guard, **verb).params
    one_sided = _attack_planned(katarina, guard, ("another call", "Guardia 1"), ctx, **{**verb, "two_sided": False})[0]
    assert one_sided is not plan and one_sided.params["two_sided"] is False
    assert _attack_planned(katarina, guard, ("another call", "Guardia 1"), ctx, **{**verb, "two_sided": False})[0] \
        is one_sided
    # a plan promises the parameters, not who makes the call or against whom: a side's fighters share it
    other = character("Guardia 2")
    assert _attack_planned(other, guard, ("a call", "Guardia 1"), ctx, **verb)[0].blows["attacker"].by == "Guardia 2"
    assert _attack_planned(katarina, guard, ("a call", "Guardia 1"), ctx, **verb)[0] is plan  # each fighter its own
    tie_weapon = _attack_planned(katarina, guard, ("a call", "Guardia 1"), rules={"tie_weapon": False}, **verb)[0]
    assert tie_weapon is not plan and tie_weapon.tie_weapon is False
    twin = character("Guardia 1", guard.state, **guard.sheet)  # another sheet, as equal
    assert _attack_planned(katarina, twin, ("a call", "Guardia 1"), ctx, **verb)[0].target_sheet is twin.sheet
    assert _attack_planned(katarina, other, ("a call", "Guardia 1"), ctx, **verb)[0].mark.on == "Guardia 2"
    assert _attack_planned(katarina, guard, ("a call", "Guardia 1"), lang="es", **verb)[0].lang == "es"
    again, ctx = _attack_planned(katarina, guard, ("a call", "Guardia 1"), **verb)  # declared anew, then kept
    assert again is not plan and again.params == plan.params
    assert _attack_planned(katarina, guard, ("a call", "Guardia 1"), ctx, **verb)[0] is again


def test_003_R15_an_attacks_contests_are_kept_by_all_their_sides_read_of_a_state():
    """A contest's sides read a state's Hunger, the counts of the tracker a hit marks and
    ``ruined`` where Impairment weakens their pools by that tracker alone (a physical attack on
    Health); all of it where a pool is weakened by the other tracker too (a social pool, or
    Impairment of every pool): two states alike in what it reads share a contest, and no others."""
    from rolecli_v5.conditions import state_values

    katarina, guard = character("Katarina"), character("Guardia 1")
    verb = {"pool": "Destreza+Pelea", "defence": "Destreza+Pelea", "two_sided": True}
    state = {"hunger": 2, "health_superficial": 3, "willpower_superficial": 1}
    read = _declare(katarina, guard, **verb).readings.read
    assert read(state) == (2, 3, None, None) == read({**state, "willpower_superficial": 4})
    assert read(state) != read({**state, "ruined": True})
    for plan in (_declare(katarina, guard, **{**verb, "pool": "Carisma+Persuasión"}),
                 _declare(katarina, guard, **{**verb, "defence": "Compostura+Persuasión"}),
                 _declare(katarina, guard, rules={"impairment": "all"}, **verb)):
        assert plan.readings.read(state) != plan.readings.read({**state, "willpower_superficial": 4})
    social = _declare(katarina, guard, **{**verb, "pool": "Carisma+Persuasión", "defence": "Compostura+Persuasión",
                                          "tracker": "willpower"})
    assert social.readings.read(state) == (2, 1, None, None) == social.readings.read({**state, "health_superficial": 5})
    # a contest's key holds a number for what each side reads: the same for another state alike in it (kept by
    # the state itself, which never changes), another for a state read otherwise; None for a side with no character
    hurt = character("Guardia 1", {"health_superficial": 2, "health_aggravated": 1, "ruined": True})
    every = _declare(katarina, guard, rules={"impairment": "all"}, **verb)
    assert every.readings.read is state_values
    for actor, target in ((katarina, hurt), (hurt, katarina)):
        for plan, unread in ((_declare(katarina, guard, **verb), "willpower_aggravated"),
                             (social, "health_aggravated"), (every, None)):
            numbers = plan.readings.of(actor, target)
            assert numbers[0] != numbers[1] and plan.readings.of(actor, None) == (numbers[0], None)
            if unread is not None:
                assert plan.readings.of(actor, character(target.name, {**target.state, unread: 3})) == numbers
            assert plan.readings.of(actor, character(target.name, {**target.state, "ruined": False})) != numbers
    # (an attack reads its declaration's attributes at every exchange: 30 or more leave Python 3.11's fast path)
    assert len(vars(every)) <= 29


def test_003_R15_a_states_reading_is_numbered_once_for_good_and_kept_by_the_state_itself(monkeypatch):
    """A contest's key holds a number for each side's reading (conditions.Readings): equal readings
    the same number, whichever state holds them, a state's number kept by the state (held, so that
    no other takes its id) until the table is full, when it starts again; past as many readings as
    it numbers, a reading is its own number (never another's)."""
    from rolecli_v5 import conditions as C

    readings = C.Readings(C.side_values("health"))
    first, alike = {"health_superficial": 1}, {"health_superficial": 1, "willpower_superficial": 2}
    assert readings.number(first) == readings.number(alike) != readings.number({"health_superficial": 2})
    assert readings.seen[id(first)] == (first, readings.number(first))
    monkeypatch.setattr(C, "SEEN", len(readings.seen))
    hungry = {"hunger": 2}
    readings.number(hungry)
    assert list(readings.seen) == [id(hungry)]  # full: begun again, the new state alone
    monkeypatch.setattr(C, "NUMBERED", len(readings.numbers))
    assert readings.number({"health_aggravated": 4}) == (None, None, 4, None)
    assert readings.number(first) == readings.numbers[(None, 1, None, None)]


def test_003_R5_an_attack_keeps_who_hurts_whom_for_each_outcome_and_margin_by_its_own_terms():
    """What a Declared keeps of a contest's hits is the rule's answer for its outcome and
    margin, with its own weapons and options: another attack keeps its own."""
    katarina, guard = character("Katarina"), character("Guardia 1")
    verb = {"pool": "Destreza+Pelea", "defence": "Destreza+Pelea", "two_sided": True, "weapon": 2,
            "target_weapon": 1}
    plan = _declare(katarina, guard, **verb)
    for outcome, margin in (("win", 2), ("lose", -3), ("tie", 0), ("win", 2), ("win", 1)):
        want = contest_hits(outcome, margin, two_sided=True, dodge=False, weapon=2, target_weapon=1, audience=0,
                            tie_weapon=True)
        assert plan.contest_hits(outcome, margin) == want
    assert [h.dealt for h in plan.contest_hits("tie", 0)] == [3, 2]  # margin 1 plus each weapon (GAP-8)
    one_sided = _declare(katarina, guard, **{**verb, "two_sided": False})
    assert one_sided.contest_hits("lose", -3) == () and one_sided.contest_hits("tie", 0) == ()
    bare = _declare(katarina, guard, rules={"tie_weapon": False}, **verb)
    assert [h.dealt for h in bare.contest_hits("tie", 0)] == [1, 1]
    assert [h.dealt for h in plan.contest_hits("tie", 0)] == [3, 2]


def test_003_R13_a_hit_is_marked_once_for_each_state_and_its_record_is_shared():
    """The same hit on the same state marks the same boxes (worked out once), and each
    attack gets the kept record, to be read only (the core hands house rules a copy:
    test_v5_shared_data)."""
    from v5_helpers import after, call

    katarina, guard = character("Katarina"), character("Guardia 1")
    # Katarina 3 successes against none: margin 3, superficial, halved to 2 (003-R11, R13)
    dice = [7, 7, 7, 1, 1, 1, 2, 1, 1, 1, 1]

    def attack(target):
        return call("attack", dice=dice, actor=katarina, target=target, pool="Destreza+Pelea",
                    defence="Destreza+Pelea", two_sided=True)

    first = attack(guard)
    assert first.changes == {"Guardia 1": {"health_superficial": 2, "health_aggravated": 0}}
    again = attack(guard)
    assert again.changes == first.changes and again.data["hits"][0] is first.data["hits"][0]
    assert again.data["hits"][0]["levels"] == 2
    assert again.data["hits"][0]["after"]["boxes"] == "[/ / . . .]"
    hurt = attack(after(guard, first))
    assert hurt.changes == {"Guardia 1": {"health_superficial": 4}}  # only the fields it sets (the core keeps the rest)
    assert after(after(guard, first), hurt).state == {"health_superficial": 4, "health_aggravated": 0}
    assert (hurt.data["hits"][0]["before"]["boxes"], hurt.data["hits"][0]["after"]["boxes"]) == ("[/ / . . .]",
                                                                                                 "[/ / / / .]")


def test_003_R21_a_recoverys_record_is_worked_out_once_for_each_state_it_leaves_and_is_its_own():
    """Every turn's end records the trackers it leaves (a fight ends its turns in a few
    states): the same state gives the same record, each call its own to change; the
    Hunger a mend's Rouse check gains is read from the state it leaves."""
    from v5_helpers import call

    katarina = character("Katarina", {"health_superficial": 2})
    first = call("recover", actor=katarina, event="end_of_turn", dice=[7])  # 6+: Hunger stays at 1
    assert (first.data["health"]["superficial"], first.data["hunger"]) == (1, 1)
    first.data["hunger"] = 99
    again = call("recover", actor=katarina, event="end_of_turn", dice=[7])
    assert again.data == {**first.data, "hunger": 1}
    hungrier = call("recover", actor=katarina, event="end_of_turn", dice=[3])  # 1–5: Hunger 1 → 2
    assert (hungrier.data["health"]["superficial"], hungrier.data["hunger"]) == (1, 2)
    guard = character("Guardia 1", {"health_superficial": 2})
    assert call("recover", actor=guard, event="end_of_turn", seed=1).data == {  # another sheet, no Hunger
        "character": "Guardia 1", "event": "end_of_turn",
        "health": {"size": 5, "superficial": 2, "aggravated": 0, "boxes": "[/ / . . .]", "impaired": False},
        "willpower": {"size": 2, "superficial": 0, "aggravated": 0, "boxes": "[. .]", "impaired": False},
        "hunger": None}


def test_003_R4_an_attack_weighs_the_attackers_reroll_as_declared():
    """An attack declared with no Willpower reroll on either side weighs none; the same
    attack declared with the attacker's reroll rerolls its failed dice (a new declaration)."""
    from v5_helpers import call

    gancho, asaltante = character("Gancho"), character("Asaltante")  # mortals: no Hunger dice
    dice = [1, 1, 7] + [7, 7, 1] + [8, 8]  # 1 success against 2; two tens could win: reroll the two 1s

    def attack(reroll):
        return call("attack", dice=dice[: 6 if reroll == "none" else 8], actor=gancho, target=asaltante, pool="3",
                    defence="3", reroll=reroll)

    plain = attack("none")
    assert "willpower_reroll" not in plain.data["roll"] and plain.data["outcome"] == "lose"
    rerolled = attack("failures")
    assert rerolled.data["roll"]["willpower_reroll"]["dice"] == [1, 2] and rerolled.data["outcome"] == "win"
    assert rerolled.data["margin"] == 1 and rerolled.changes["Gancho"]["willpower_superficial"] == 1


def test_003_R14_a_hit_after_a_willpower_reroll_is_dealt_on_the_state_the_reroll_left():
    """A hit is kept by the state it lands on, which an attack reads off its sides' pools
    unless the attack changed it first: a defender that paid for a reroll (003-R14) takes the
    hit on its spent Willpower, as a fresh attack (its own memos) deals it."""
    from rolecli.contract import Character
    from v5_helpers import call

    gancho, asaltante = character("Gancho"), character("Asaltante")  # mortals: no Hunger dice
    verb = {"pool": "6", "defence": "3", "social": True, "target_reroll": "failures"}

    def attack(actor, target, dice):
        return call("attack", dice=dice, actor=actor, target=target, **verb)

    # 6 successes against 1: no reroll can reach 6, margin 5 (a social hit on Willpower)
    plain = attack(gancho, asaltante, [7] * 6 + [7, 1, 1])
    assert "willpower_reroll" not in plain.data["opposition"] and plain.data["margin"] == 5
    # 5 against 0: three tens would tie, so the defender pays 1 Willpower, rerolls 1, 1, 1: margin 5 again
    dice = [7] * 5 + [1] + [1, 1, 1] + [1, 1, 1]
    paid = attack(gancho, asaltante, dice)
    assert paid.data["opposition"]["willpower_reroll"]["spent"] and paid.data["margin"] == 5
    fresh = attack(*(Character(c.name, dict(c.sheet), c.state) for c in (gancho, asaltante)), dice)
    assert paid.data == fresh.data and paid.changes == fresh.changes
    assert paid.data["hits"][0]["before"] != plain.data["hits"][0]["before"]  # one Willpower spent before the hit


def test_003_R4_an_attack_keeps_each_side_for_the_state_its_character_is_in():
    """A side is what a character brings to an attack before any die: the same for the
    same state (kept: the same object, whatever Character holds that state), read again
    when the state changes (a Hunger die more, an Impaired tracker's −2)."""
    katarina, guard = character("Katarina", {"hunger": 1}), character("Guardia 1")
    verb = {"pool": "Destreza+Pelea", "defence": "Destreza+Pelea", "two_sided": True}
    plan = _declare(katarina, guard, **verb)
    side = plan.side("attacker", katarina)
    assert plan.side("attacker", character("Katarina", {"hunger": 1})) is side
    hungrier = plan.side("attacker", character("Katarina", {"hunger": 3}))
    assert (side.pool.hunger_dice, hungrier.pool.hunger_dice) == (1, 3)
    assert hungrier.hurt == side.hurt  # what a hit on it reads (damage.hurt_fields): Hunger is none of it
    hurt = plan.side("defender", character("Guardia 1", {"health_superficial": 5}))
    assert plan.side("defender", guard).pool.size - hurt.pool.size == 2  # 003-R15: Impaired
    assert hurt.hurt != plan.side("defender", guard).hurt
    assert plan.side("defender", guard, 1).pool.size == plan.side("defender", guard).pool.size - 1  # 003-R9


def _contest(plan, actor, target, earlier: int, explain: bool = False):
    """The contest of ``plan`` (a Declared) that ``actor``'s attack on ``target`` meets, looked up
    as the attack looks it up (:meth:`Declared.contest` its miss path)."""
    key = (earlier, explain, *plan.readings.of(actor, target))
    return plan.opposed.get(key) or plan.contest(key, actor, target)


def test_003_R4_an_attack_keeps_its_contest_for_the_states_both_sides_are_in():
    """A contest is both sides facing each other: the same for the same states and the
    same earlier opponents (kept), made anew when either changes, and reading the dice
    as a contest made anew of the same sides reads them (the attacker's regular dice,
    its Hunger dice, then the defender's)."""
    from rolecli.dice.source import DiceSource
    from rolecli_v5.conflict import Contest

    katarina, guard = character("Katarina", {"hunger": 1}), character("Guardia 1")
    verb = {"pool": "Destreza+Pelea", "defence": "Destreza+Pelea", "two_sided": True}
    plan = _declare(katarina, guard, **verb)
    kept = _contest(plan, katarina, guard, 0)
    assert _contest(plan, character("Katarina", {"hunger": 1}), character("Guardia 1"), 0) is kept
    for actor, target, earlier in ((character("Katarina", {"hunger": 3}), guard, 0),
                                   (katarina, character("Guardia 1", {"health_superficial": 5}), 0),
                                   (katarina, guard, 1)):
        again = _contest(plan, actor, target, earlier)
        fresh = Contest(plan.side("attacker", actor), plan.side("defender", target, earlier), "en")
        assert again is not kept and (again.first, again.second) == (fresh.first, fresh.second)
        assert again.whys == fresh.whys and again.second_from == fresh.second_from
        given = [str(i % 10 + 1) for i in range(len(fresh.whys))]
        assert again.roll(DiceSource(given=given)) == fresh.roll(DiceSource(given=given))
        assert again.cuts == fresh.cuts  # (found as each was first rolled)
    hungrier = _contest(plan, character("Katarina", {"hunger": 3}), guard, 0)
    faces = [1, 2, 3, 4, 5, 6, 7] + [8, 9, 10, 1]  # Katarina's 7 dice (3 of Hunger), the guard's 4
    mine, theirs = hungrier.roll(DiceSource(given=[str(f) for f in faces]))
    assert (mine, theirs) == (Roll([1, 2, 3, 4], [5, 6, 7]), Roll([8, 9, 10, 1]))


def _dealt_anew(verb: dict, actor, target, outcome: str, margin: int, ctx) -> tuple[dict, list[str], dict]:
    """What a contest of ``actor`` on ``target`` comes to, as a fresh declaration (its own memos)
    deals it on a new Work: the attack's record with its margin, outcome and hits, their lines
    and the changes."""
    fresh = _declare(actor, target, **verb)
    work, lines = Work(actor, target), []
    dealt = fresh.deal(work, ctx, fresh.contest_hits(outcome, margin), lines, (target, None), (actor, None))
    return {**fresh.record, "margin": margin, "outcome": outcome, "hits": dealt}, lines, work.changes()


def test_003_R13_a_contest_keeps_what_it_comes_to_for_each_outcome_and_margin_as_dealt_anew():
    """Where no reroll has changed a state, what a contest comes to (the attack's record with
    the hits', their lines and the changes) is kept on it for each outcome, margin and
    explanation: the same as a fresh declaration (its own memos) deals on a new Work, and anew
    for other states."""
    verb = {"pool": "Destreza+Pelea", "defence": "Destreza+Pelea", "two_sided": True, "weapon": 2,
            "target_weapon": 1}
    katarina = character("Katarina", {"hunger": 1})
    plan = _declare(katarina, character("Guardia 1"), **verb)
    kept = {}
    for hurt in (0, 4, 0):  # the guard as it starts, then Impaired (003-R15), then as it starts again
        guard = character("Guardia 1", {"health_superficial": hurt})
        for explain in (False, True):
            opposed = _contest(plan, katarina, guard, 0, explain)
            ctx = SimpleNamespace(lang="en", explain=explain)
            for outcome, margin in (("win", 2), ("lose", -3), ("tie", 0), ("win", 2)):
                settled = opposed.settled[outcome].get(margin)  # as the attack looks it up
                if settled is None:
                    settled = plan.settled(opposed, outcome, margin, ctx, katarina, guard)
                actor, target = character("Katarina", {"hunger": 1}), character("Guardia 1", dict(guard.state))
                assert settled == _dealt_anew(verb, actor, target, outcome, margin, ctx)
                assert opposed.settled[outcome][margin] is settled
                kept.setdefault((hurt, explain, outcome, margin), settled)
                assert kept[hurt, explain, outcome, margin] is settled
    assert kept[0, False, "win", 2][2] != kept[4, False, "win", 2][2]  # a hit on another state marks other boxes


def test_003_R13_what_a_contest_comes_to_is_kept_by_the_states_of_the_sides_it_hurts():
    """What a contest comes to is kept on the attack too by what its hits read of the states of
    the sides they hurt: a contest where only the spared side's state differs, or the hurt
    side's in nothing a hit reads (its Hunger), reads the kept one; a contest where the hurt
    side's tracker differs deals anew; each the same as a fresh declaration deals."""
    verb = {"pool": "Destreza+Pelea", "defence": "Destreza+Pelea", "two_sided": True, "weapon": 2,
            "target_weapon": 1}
    plan = _declare(character("Katarina", {"hunger": 1}), character("Guardia 1"), **verb)
    ctx = SimpleNamespace(lang="en", explain=True)
    seen = {}
    for hurt in (0, 4):  # the guard as it starts, then Impaired (003-R15)
        guard = character("Guardia 1", {"health_superficial": hurt})
        for state in ({"hunger": 1}, {"hunger": 3}, {"hunger": 1, "health_superficial": 4}):
            katarina = character("Katarina", state)
            opposed = _contest(plan, katarina, guard, 0, True)
            for outcome, margin in (("win", 2), ("lose", -3), ("tie", 0)):
                settled = opposed.settled[outcome].get(margin)  # as the attack looks it up
                if settled is None:
                    settled = plan.settled(opposed, outcome, margin, ctx, katarina, guard)
                actor, target = character("Katarina", dict(state)), character("Guardia 1", dict(guard.state))
                assert settled == _dealt_anew(verb, actor, target, outcome, margin, ctx)
                seen.setdefault((outcome, hurt), []).append(settled)
        assert seen["win", hurt][0] is seen["win", hurt][1] is seen["win", hurt][2]  # Katarina spared, in 3 states
        hungry, hungrier = (_contest(plan, character("Katarina", state), guard, 0, True)
                            for state in ({"hunger": 1}, {"hunger": 3}))
        assert hungry is not hungrier and hungry.settled is hungrier.settled  # read alike by every hit
        for outcome in ("lose", "tie"):  # (a tie hurts both) Katarina hurt: her Hunger changes nothing, her Health does
            assert seen[outcome, hurt][0] is seen[outcome, hurt][1] is not seen[outcome, hurt][2]
            assert seen[outcome, hurt][0][2] != seen[outcome, hurt][2][2]
    assert seen["win", 0][0][2] != seen["win", 4][0][2]
    assert seen["lose", 0][0] is seen["lose", 4][0]  # the guard spared, in two states


def test_003_R14_a_kept_side_rolls_anew_at_every_attack_its_reroll_its_own():
    """The dice and the Willpower reroll of one attack are that attack's: the next attack
    with the same kept sides rolls its own, and rerolls only if it falls short."""
    from v5_helpers import call

    gancho, asaltante = character("Gancho"), character("Asaltante")  # mortals: no Hunger dice

    def attack(dice):
        return call("attack", dice=dice, actor=gancho, target=asaltante, pool="3", defence="3", reroll="failures")

    rerolled = attack([1, 1, 7] + [7, 7, 1] + [8, 8])  # 1 success against 2: the two 1s rerolled, a win
    assert rerolled.data["roll"]["willpower_reroll"]["dice"] == [1, 2] and rerolled.data["outcome"] == "win"
    plain = attack([7, 7, 7] + [7, 1, 1])  # 3 against 1: nothing to reroll
    assert "willpower_reroll" not in plain.data["roll"] and plain.data["roll"]["regular"] == [7, 7, 7]
    assert plain.data["margin"] == 2 and "Gancho" not in plain.changes
