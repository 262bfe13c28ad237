"""The LD: dice by rating (004-R2), the ND table (004-R3), stacking (004-R4),
when to roll (004-R1), and the rulings on ND ±2, beyond the table and rating 0.
Every expected number is worked out here from the rules, not from the output."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, strategies as st

from rolecli.dice.source import DiceSource
from rolecli_middle import ld as LD
from rolecli_middle import nd as ND
from rolecli_middle.capability import DICE, Capability
from rolecli_middle.ld import Ld
from rolecli_middle.nd import Mod

from middle_helpers import call, quick


# --- 004-R2: the dice by rating ------------------------------------------------

def test_004_R2_dice_by_rating():
    assert DICE == {0: (6, 12, 20), 1: (6, 6, 6), 2: (12, 12, 12), 3: (20, 20, 20)}


@pytest.mark.parametrize("rating,faces,sizes", [(0, "5,2,17", [6, 12, 20]), (1, "1,6,3", [6, 6, 6]),
                                                (2, "4,9,11", [12, 12, 12]), (3, "20,1,13", [20, 20, 20])])
def test_004_R2_each_rating_throws_its_dice(cli, rating, faces, sizes):
    r = quick(cli, "roll", rating, "--dice", faces)
    assert r.code == 0 and r.json["ld"]["sizes"] == sizes
    assert [d["sides"] for d in r.json["dice"]] == sizes


@pytest.mark.parametrize("rating", [0, 1, 2, 3])
def test_a_seeded_ld_throws_the_dice_one_at_a_time_would_each_named(rating):
    # each die in the order thrown, with the numbers of the seed, and named
    out, source = call("roll", seed=11, capability=rating)
    rng = random.Random(11)
    faces = [rng.randrange(size) + 1 for size in DICE[rating]]
    assert out.data["ld"]["faces"] == faces
    out.data["ld"]["faces"][0] = 0  # the throw's faces are its own: the dice's record stays as read
    assert [(d.sides, d.value, d.why) for d in source.reads] == [
        (size, face, f"LD {i}/3") for i, (size, face) in enumerate(zip(DICE[rating], faces), 1)]


def test_004_T1_rating_2_reads_the_middle_innate_the_highest(cli):
    # 004-T1: 3d12 = (4, 9, 11): the middle is 9; innate reads the highest, 11.
    assert quick(cli, "check", 2, "--dice", "4,9,11").json["ld"]["result"] == 9
    assert quick(cli, "check", 2, "--innate", "--dice", "4,9,11").json["ld"]["result"] == 11


def test_004_T1_rating_0_reads_the_lowest_innate_the_middle(cli):
    # 004-T1: d6=5, d12=2, d20=17: the lowest is 2; innate at 0 reads the middle, 5 (rulings).
    r = quick(cli, "check", 0, "--dice", "5,2,17")
    assert (r.json["ld"]["reading"], r.json["ld"]["result"]) == ("lowest", 2)
    r = quick(cli, "check", 0, "--innate", "--dice", "5,2,17")
    assert (r.json["ld"]["reading"], r.json["ld"]["result"]) == ("middle", 5)


def test_004_R2_out_of_range_rating_is_refused(cli):
    for bad in ("4", "-1"):
        r = cli("middle", "check", "--dice", "1,1,1", "--", bad)
        assert r.code == 2 and "0..3" in r.err and r.out == ""


# --- 004-R3: the ND table ----------------------------------------------------------

@pytest.mark.parametrize("nd,reading,result", [
    (2, "highest_plus_middle", 11 + 9),   # The rulings: ND+2 = highest + middle
    (1, "highest", 11),
    (0, "middle", 9),
    (-1, "lowest", 4),
    (-2, "lowest_minus_second", 4 - 9),   # the literal reading of ND −2
])
def test_004_R3_which_die_each_nd_reads(cli, nd, reading, result):
    r = quick(cli, "check", 2, "--nd", nd, "--dice", "4,9,11")
    assert (r.json["ld"]["reading"], r.json["ld"]["result"]) == (reading, result)


def test_004_R3_nd_minus2_difference_option(cli):
    # The rulings: nd_minus2 = "difference" reads second-lowest − lowest: 9 − 4.
    r = quick(cli, "check", 2, "--nd", -2, "--rule", "nd_minus2=difference", "--dice", "11,4,9")
    assert (r.json["ld"]["reading"], r.json["ld"]["result"], r.json["success"]) == ("second_minus_lowest", 5, True)


def test_004_R3_literal_nd_minus2_says_it_cannot_succeed(cli):
    r = cli("middle", "check", "3", "--nd", "-2", "--dice", "20,20,20", "--lang", "en")
    # the best possible throw: 20 − 20 = 0, still below the default goal of 1
    assert r.code == 1
    assert "20 − 20 = 0 < 1: failure" in r.out
    assert "lowest − second-lowest is never above 0: it cannot reach 1" in r.out
    assert quick(cli, "check", 3, "--nd", -2, "--dice", "20,20,20").json["ld"]["cannot_succeed"] is True
    # against a goal of 0 or less the literal reading can succeed, and nothing is said
    r = cli("middle", "check", "3", "--nd", "-2", "--goal", "0", "--dice", "20,20,20")
    assert r.code == 0 and "never above 0" not in r.out


def test_004_R3_literal_ndminus2_line_in_spanish(cli):
    r = cli("middle", "check", "3", "--nd", "-2", "--dice", "5,5,9", "--lang", "es")
    assert "el más bajo − el segundo más bajo 5 − 5 = 0 < 1: fallo" in r.out
    assert "nunca pasa de 0" in r.out


def test_004_R3_minus3_one_size_smaller_then_minus2_rule(cli):
    # rating 3 at ND −3: 3d12, read as ND −2 (lowest − second-lowest)
    r = quick(cli, "check", 3, "--nd", -3, "--goal", -19, "--dice", "12,3,7")
    assert r.json["ld"]["sizes"] == [12, 12, 12] and r.json["ld"]["shrink"] == 1
    assert r.json["ld"]["result"] == 3 - 7


def test_004_T2_rating_3_at_minus4_throws_3d6(cli):
    # 004-T2: rating 3 at ND −4: two sizes smaller (d20 → d12 → d6), then the ND −2 rule
    r = quick(cli, "check", 3, "--nd", -4, "--rule", "nd_minus2=difference", "--dice", "2,6,5")
    assert r.json["ld"]["sizes"] == [6, 6, 6] and r.json["ld"]["shrink"] == 2
    assert r.json["ld"]["result"] == 5 - 2


def test_004_T2_rating_1_at_minus3_is_an_automatic_failure(cli):
    # 004-T2: nothing is smaller than a d6: it cannot be attempted, and no die is read
    r = quick(cli, "check", 1, "--nd", -3)
    assert r.code == 1 and r.json["ld"]["automatic_failure"] is True and r.json["dice"] == []
    assert r.json["ld"]["result"] is None and r.json["success"] is False
    r = cli("middle", "check", "1", "--nd", "-3", "--lang", "en")
    assert "there is no die smaller than a d6, it cannot be attempted: automatic failure" in r.out


@pytest.mark.parametrize("rating,nd", [(0, -3), (0, -4), (2, -4)])
def test_004_R3_no_smaller_die_fails(cli, rating, nd):
    # The rulings (GAP-5): rating 0 cannot shrink at all (its d6); 3d12 cannot shrink twice
    r = quick(cli, "check", rating, "--nd", nd)
    assert r.json["ld"]["automatic_failure"] is True and r.code == 1


def test_004_R3_rating_0_at_minus2_is_still_thrown(cli):
    # the ruling fails rating 0 only where dice must shrink; at ND −2 its three dice are read
    r = quick(cli, "check", 0, "--nd", -2, "--goal", -19, "--dice", "6,3,20")
    assert r.json["ld"]["result"] == 3 - 6


def test_004_R3_default_nd_is_normal(cli):
    r = quick(cli, "check", 1, "--dice", "2,5,4")
    assert r.json["ld"]["nd"] == 0 and r.json["ld"]["result"] == 4


def test_004_T3_nd_levels_named_as_the_book_does(cli):
    r = cli("middle", "check", "3", "--nd", "-4", "--dice", "1,2,3", "--lang", "es")
    assert "(prácticamente una locura)" in r.out and "dados de dos caras menores → 3d6" in r.out
    r = cli("middle", "check", "3", "--nd", "-3", "--dice", "1,2,3", "--lang", "en")
    assert "(experts only)" in r.out and "dice one size smaller → 3d12" in r.out


# --- 004-R4 and the rulings beyond the table --------------------------------------

def test_004_R4_modifiers_add_up():
    mods = [ND.Mod("a", None, -1), ND.Mod("b", None, -3), ND.Mod("c", None, +2)]
    assert ND.total(mods) == -2


def test_004_T4_dazed_attacker_at_the_head_through_protections_is_minus5(cli):
    # 004-T4: Dazed (−1) + head (−3) + protections (−1) = −5: beyond −4, automatic failure (rulings)
    r = quick(cli, "strike", 3, "--states", "mareado", "--location", "head", "--armour", -1)
    assert r.json["ld"]["nd"] == -5
    assert sorted(m["nd"] for m in r.json["ld"]["nd_modifiers"]) == [-3, -1, -1]
    assert r.json["ld"]["automatic_failure"] is True and r.json["hit"] is False and r.json["dice"] == []


def test_004_R4_above_plus2_reads_as_plus2(cli):
    # ND +2 (GM) +1 (Dazed target) = +3 → read as +2: highest + middle = 11 + 9
    r = quick(cli, "strike", 2, "--nd", 2, "--target-states", "mareado", "--dice", "4,9,11")
    assert r.json["ld"]["nd"] == 3 and r.json["ld"]["nd_level"] == 2 and r.json["ld"]["result"] == 20
    assert "read as ND +2" in cli("middle", "strike", "2", "--nd", "2", "--target-states", "mareado",
                                  "--dice", "4,9,11").out


def test_plan_of_the_table():
    # the whole table in one place, ratings and innateness (reading = "table")
    assert ND.plan(0, 2, False) == ND.Plan(0, 0, "middle")
    assert ND.plan(0, 2, True) == ND.Plan(0, 0, "highest")
    assert ND.plan(0, 0, False) == ND.Plan(0, 0, "lowest")
    assert ND.plan(0, 0, True) == ND.Plan(0, 0, "middle")
    assert ND.plan(-1, 2, True).reading == "lowest"   # the table as written: innate changes only ND 0
    assert ND.plan(-3, 3, False) == ND.Plan(-3, 1, "lowest_minus_second")
    assert ND.plan(-4, 3, False, minus2="difference") == ND.Plan(-4, 2, "second_minus_lowest")
    assert ND.plan(-5, 3, False).reading is None
    assert ND.plan(7, 1, False) == ND.Plan(2, 0, "highest_plus_middle")
    assert ND.shrunk((20, 20, 20), 2) == (6, 6, 6) and ND.shrunk((12, 12, 12), 2) is None
    assert ND.shrunk((6, 12, 20), 1) is None


def test_reading_shift_option(cli):
    # reading = "shift" (GAP-5): innate one level easier and rating 0 one harder at every ND
    assert ND.plan(-1, 2, True, reading="shift").reading == "middle"
    assert ND.plan(1, 2, True, reading="shift").reading == "highest_plus_middle"
    assert ND.plan(-1, 0, False, reading="shift").reading == "lowest_minus_second"
    assert ND.plan(-2, 0, False, reading="shift") == ND.Plan(-3, 1, "lowest_minus_second")
    r = quick(cli, "check", 2, "--innate", "--nd", -1, "--rule", "reading=shift", "--dice", "4,9,11")
    assert r.json["ld"]["result"] == 9
    assert quick(cli, "check", 0, "--nd", -2, "--rule", "reading=shift").json["ld"]["automatic_failure"] is True


def test_equal_faces_of_rating_0_keep_the_smaller_die_lower():
    # d6=3, d12=3, d20=8 at ND 0: the lowest is the d6's 3 (what a charge die's size follows)
    result, kept = ND.read([3, 3, 8], "lowest")
    assert (result, kept) == (3, [0])


def test_an_ld_throws_its_smaller_dice_first():
    # what lets a tie between equal faces read the smaller die lower by the order thrown alone
    for rating, sizes in DICE.items():
        for steps in (0, 1, 2):
            thrown = ND.shrunk(sizes, steps)
            assert thrown is None or list(thrown) == sorted(thrown), (rating, steps)


def test_equal_faces_of_equal_dice_keep_the_order_thrown():
    assert ND.read([4, 2, 4], "highest") == (4, [2])
    assert ND.read([5, 5, 1], "middle") == (5, [0])
    assert ND.read([2, 2, 2], "highest_plus_middle") == (4, [2, 1])


def test_an_ld_with_more_modifiers_is_thrown_by_its_own_nd():
    ld = Ld(Capability("", 3), [Mod("gm", ND.LEVELS[1], 1)])
    harder = ld.with_mods(Mod("gm", ND.LEVELS[-3], -4))
    assert (ld.nd, ld.plan.reading, ld.sizes) == (1, "highest", (20, 20, 20))
    assert (harder.nd, harder.plan, harder.sizes) == (-3, ND.Plan(-3, 1, "lowest_minus_second"), (12, 12, 12))
    assert ld.with_mods(Mod("gm", ND.LEVELS[-4], -6)).sizes is None



def test_an_ld_and_a_throw_made_by_their_own_init_are_as_their_fields_say():
    # each LD has a list of modifiers of its own, and compares and shows by its fields alone
    bare, other = Ld(Capability("", 2)), Ld(Capability("", 2))
    assert bare.mods == [] and bare.mods is not other.mods and bare == other
    assert (bare.goal, bare.minus2, bare.reading_rule, bare.who, bare.needed) == (None, "literal", "table", "", LD.NO_GOAL)
    assert Ld(Capability("", 2), [], 4, "literal", "table", "Ana") == Ld(Capability("", 2), goal=4, who="Ana").with_mods()
    assert repr(bare) == "Ld(capability=Capability(name='', rating=2, innate=False), mods=[], goal=None, " \
                         "minus2='literal', reading_rule='table', who='')"
    aimed = Ld(Capability("", 2), goal=9)
    assert LD.judged(aimed, [9, 9, 9], 9, [0]).success and not LD.judged(aimed, [8, 8, 8], 8, [0]).success
    assert not LD.judged(aimed, [], None, []).success and LD.judged(bare, [1, 1, 1], 1, [0]).success
    assert LD.judged(bare, [1], 1, [0]) == LD.judged(bare, [1], 1, [0]) != LD.judged(bare, [2], 2, [0])


def test_an_ld_is_thrown_by_the_table_for_its_nd_and_rating():
    # the table is looked up once for each ND, rating and rule options (cached): the same as asked each time
    for nd in range(-7, 5):
        for rating in range(4):
            for innate in (False, True):
                for minus2 in ("literal", "difference"):
                    for reading in ("table", "shift"):
                        ld = Ld(Capability("", rating, innate), [Mod("gm", ND.LEVELS[0], nd)], minus2=minus2,
                                reading_rule=reading)
                        plan = ND.plan(nd, rating, innate, minus2, reading)
                        sizes = None if plan.reading is None else ND.shrunk(DICE[rating], plan.shrink)
                        assert (ld.plan, ld.thrown, ld.sizes) == (plan, DICE[rating], sizes)


@pytest.mark.parametrize("given", [None, ["4", "2", "5"]])
def test_an_ld_throws_its_dice_as_three_rolls_one_by_one_would(given):
    # 3d6, 3d12 and 3d20 are thrown together (DiceSource.roll_many): the same faces, and the same
    # records with the same reasons, as three rolls of the same source, one die at a time
    for rating in range(4):
        ld = Ld(Capability("uso de armas", rating))
        for seed in range(20):
            together, one_by_one = DiceSource(seed, given), DiceSource(seed, given)
            t = LD.throw(ld, together, "golpe Aldara")
            faces = [one_by_one.roll(size, f"golpe Aldara {i}/3") for i, size in enumerate(ld.sizes, 1)]
            assert t.faces == faces, (rating, seed)
            t.faces[:] = [0, 0, 0]  # the throw's faces are a list of its own: the dice's records keep theirs
            assert [r.as_json() for r in together.reads] == [r.as_json() for r in one_by_one.reads]
            assert together.count == 3


# --- success (rulings) and 004-R1 ---------------------------------------------

def test_rulings_success_is_at_least_the_goal_or_1(cli):
    assert quick(cli, "check", 1, "--goal", 4, "--dice", "2,4,6").json["success"] is True
    r = quick(cli, "check", 1, "--goal", 5, "--dice", "2,4,6")
    assert r.json["success"] is False and r.code == 1
    assert quick(cli, "check", 1, "--dice", "1,1,1").json["ld"]["goal"] == 1


def test_004_R1_a_routine_task_needs_no_roll(cli):
    r = quick(cli, "check", 0, "--routine")
    assert r.code == 0 and r.json["success"] is True and r.json["dice"] == [] and r.json["routine"] is True


def test_out_of_range_nd_and_goal_are_refused(cli):
    # the Narrator's ND may go past the table (read as +2, or an automatic failure below −4), within −10..10
    r = cli("middle", "check", "2", "--nd", "-11")
    assert r.code == 2 and "-10..10" in r.err
    r = cli("middle", "check", "2", "--goal", "41")
    assert r.code == 2 and "-19..40" in r.err


def test_a_quick_roll_cannot_name_a_capability(cli):
    r = cli("middle", "check", "Sigilo")
    assert r.code == 2 and "quick roll has no character" in r.err and "0..3" in r.err


# --- properties -------------------------------------------------------------------

@given(rating=st.integers(0, 3), nd=st.integers(-6, 4), innate=st.booleans(), seed=st.integers(0, 10**6),
       minus2=st.sampled_from(["literal", "difference"]))
def test_results_lie_within_the_dice_and_given_dice_agree_with_the_seed(rating, nd, innate, seed, minus2):
    rolled, source = call("check", capability=str(rating), nd=max(-4, min(2, nd)), innate=innate, seed=seed,
                          options={"nd_minus2": minus2})
    data = rolled.data["ld"]
    again, _ = call("check", capability=str(rating), nd=max(-4, min(2, nd)), innate=innate, seed=seed,
                    options={"nd_minus2": minus2})
    assert again.data["ld"] == data  # the same seed throws the same dice
    if data["automatic_failure"]:
        assert data["faces"] == [] and source.reads == []
        return
    top = max(data["sizes"])
    low, high = {"highest_plus_middle": (2, 2 * top), "lowest_minus_second": (1 - top, 0),
                 "second_minus_lowest": (0, top - 1)}.get(data["reading"], (1, top))
    assert low <= data["result"] <= high
    given_back, _ = call("check", capability=str(rating), nd=max(-4, min(2, nd)), innate=innate,
                         dice=data["faces"], options={"nd_minus2": minus2})
    assert given_back.data["ld"] == data  # the dice given at the table read as the rolled ones


def test_the_dice_are_ranked_as_a_stable_sort_by_face_ranks_them():
    from itertools import product

    from rolecli_middle.nd import ranked

    for faces in product(range(1, 5), repeat=3):  # every order of lower, equal and higher faces
        assert ranked(list(faces)) == tuple(sorted(range(3), key=faces.__getitem__)), faces
