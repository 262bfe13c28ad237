"""An independent review of the middle system against the book (seed 004) and
the project's rulings (both in docs/systems/middle.md), through the command
line, with numbers other than the book's examples.

The first part holds what the review found wrong or confusing: each of those
tests failed before its fix. The second part guards rules that were right, with
cases worked out by hand here (never copied from the output)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from middle_helpers import camp, end_round, quick, refused, state


# =============================================================================
# Found by the review
# =============================================================================

# --- an LD that cannot be attempted, with the table's dice given (004-R3, rulings)

@pytest.mark.parametrize("args", [
    ("check", 1, "--nd", -3, "--dice", "2,3,4"),            # 3d6 has no smaller die
    ("check", 0, "--nd", -3, "--dice", "6,12,20"),          # rating 0: the d6 cannot shrink
    ("check", 2, "--nd", -4, "--dice", "12,1,7"),           # 3d12 → 3d6 → nothing
    ("feint", 1, "--armour", -1, "--dice", "2,3,4"),        # −1 −2 = −3 for a 3d6
    ("blind", 1, "--vigilance", 3, "--dice", "6,6,6"),      # ND −3 for a 3d6
    ("strike", 2, "--location", "eye", "--dice", "5,5,5"),  # ND −4 for a 3d12
])
def test_004_R3_dice_given_to_an_ld_that_cannot_be_attempted_are_not_read(cli, args):
    # before: exit 2, "--dice gave 3 value(s) but the roll read only 0"; a GM who threw the dice
    # anyway gets the automatic failure (exit 1), the dice listed as ignored
    r = quick(cli, *args)
    assert r.code == 1, r.err
    ld = r.json.get("ld", r.json)
    assert ld["automatic_failure"] is True and ld["result"] is None and ld["faces"] == []
    assert len(r.json["dice"]) == 3
    assert all(d["how"] == "given" and "ignored" in d["why"] for d in r.json["dice"])


def test_004_R3_the_automatic_failure_with_dice_in_both_languages(cli):
    r = cli("middle", "check", "1", "--nd", "-3", "--dice", "2,3,4")
    assert r.code == 1 and "automatic failure" in r.out and "ignored (automatic failure)" in r.err
    r = cli("middle", "check", "1", "--nd", "-3", "--dice", "2,3,4", "--lang", "es")
    assert r.code == 1 and "fallo automático" in r.out and "ignorado (fallo automático)" in r.err
    # without --dice nothing is rolled
    r = quick(cli, "check", 1, "--nd", -3)
    assert r.code == 1 and r.json["dice"] == []


def test_004_R3_unread_dice_are_still_checked(cli):
    # a face the capability's dice cannot show, or one value too many, is still refused
    refused(cli("middle", "check", "1", "--nd", "-3", "--dice", "2,3,9"), "d6")
    refused(cli("middle", "check", "1", "--nd", "-3", "--dice", "1,2,3,4"), "extra")


# --- the Narrator's ND beyond the table (004-R4, rulings) -------------------

def test_004_R4_the_narrators_nd_may_go_beyond_the_table(cli):
    # before: --nd 3 and --nd -5 were refused (exit 2) although the rulings read them
    r = quick(cli, "check", 2, "--nd", 3, "--dice", "4,9,11")
    assert r.code == 0 and r.json["ld"]["nd"] == 3 and r.json["ld"]["nd_level"] == 2
    assert (r.json["ld"]["reading"], r.json["ld"]["result"]) == ("highest_plus_middle", 11 + 9)
    r = quick(cli, "check", 3, "--nd", -5)
    assert r.code == 1 and r.json["ld"]["automatic_failure"] is True
    assert "beyond ND −4" in cli("middle", "check", "3", "--nd", "-5").out
    # the defender's ND of a contest too: +4 reads as +2 (highest + middle of 2, 5, 6 = 11)
    r = quick(cli, "contest", 1, 1, "--target-nd", 4, "--dice", "6,6,6,2,5,6")
    assert r.json["opposition_ld"]["result"] == 11 and r.json["winner"] == "defender"


def test_004_R3_json_says_how_far_the_dice_would_shrink(cli):
    # before: "shrink": 0 for an LD that fails because its dice cannot shrink
    assert quick(cli, "check", 2, "--nd", -4).json["ld"]["shrink"] == 2
    assert quick(cli, "check", 1, "--nd", -3).json["ld"]["shrink"] == 1
    assert quick(cli, "check", 3, "--nd", -3, "--dice", "1,2,3").json["ld"]["shrink"] == 1


# --- parries (004-R11) ----------------------------------------------------------

def test_004_R11_no_parry_is_spent_on_a_blow_that_cannot_be_attempted(cli):
    # before: Aldara threw a parry (and spent one of her 2) against Rata's blow at the head,
    # which Rata's 3d6 cannot even attempt (ND −3)
    assert camp(cli, "parry", "Aldara").code == 0
    r = camp(cli, "strike", "Rata", "--target", "Aldara", "--location", "head")
    assert r.code == 1 and r.json["ld"]["automatic_failure"] is True and r.json["parry"] is None
    assert r.json["dice"] == [] and state(cli, "Aldara")["paradas"] == 0


def test_004_R11_a_quick_parry_names_weapon_use(cli):
    # before: "Parry: capability 1 (3d6)"; a parry is always weapon use
    r = quick(cli, "strike", 2, "--parry", 1, "--dice", "3,8,9,1,2,3")
    assert r.json["parry"]["capability"] == "uso de armas" and r.json["parry"]["result"] == 2
    assert "Parry: uso de armas 1 (3d6)" in cli("middle", "strike", "2", "--parry", "1", "--dice", "3,8,9,1,2,3").out
    # the blow's middle 8 beats the parry's middle 2
    assert r.json["hit"] is True and r.json["damage"] == 8


# --- beasts strike with their battle skill (004-R10) ----------------------------

def test_004_R10_a_beast_strikes_with_its_battle_skill_unless_told_otherwise(cli):
    # before: the tiger struck with "uso de armas" 0 (d6+d12+d20, the lowest) unless the GM named
    # "habilidad de batalla"; the book rolls "la habilidad de batalla de la bestia"
    r = camp(cli, "strike", "Dientes de Sable", "--target", "Rata", "--dice", "3,6,5")
    assert r.json["ld"]["capability"] == "habilidad de batalla" and r.json["ld"]["rating"] == 3
    # Rata has no protections: ND 0, the middle of 3, 6, 5 is 5; the tiger's +3 → 8
    assert r.json["ld"]["result"] == 5 and r.json["damage"] == 8
    end_round(cli)
    # a feint by the dog: battle skill 1 (3d6), ND −2 − Novato's armour 0; difference reading 5 − 2 = 3
    r = camp(cli, "feint", "Perro", "--target", "Novato", "--rule", "nd_minus2=difference", "--dice", "2,5,6")
    assert r.json["ld"]["capability"] == "habilidad de batalla" and r.json["ld"]["result"] == 3
    # naming a capability still throws it
    end_round(cli)
    # (at Aldara's armour −1, which the combative tiger ignores: ND 0, rating 0 reads the lowest)
    r = camp(cli, "strike", "Dientes de Sable", "uso de armas", "--target", "Aldara", "--dice", "3,6,5")
    assert r.json["ld"]["capability"] == "uso de armas" and r.json["ld"]["rating"] == 0 and r.json["ld"]["result"] == 3
    # a person still strikes with uso de armas by default
    r = camp(cli, "strike", "Centinela", "--target", "Novato", "--dice", "3,6,5")
    assert r.json["ld"]["capability"] == "uso de armas"


# --- an Unconscious actor (004-R16, issue 10) -----------------------------------

def test_004_R16_an_unconscious_one_cannot_act_in_a_quick_roll_either(cli):
    # before: "check 3 --states inconsciente" threw as if awake
    refused(cli("middle", "check", "3", "--states", "inconsciente", "--dice", "1,2,3"), "Unconscious")
    refused(cli("middle", "strike", "2", "--states", "mareado,inconsciente"), "Unconscious")
    # the target's Unconscious is what gives ND +2
    r = quick(cli, "strike", 1, "--target-states", "inconsciente", "--armour", -1, "--dice", "1,2,3")
    assert r.json["ld"]["nd"] == 1 and r.json["ld"]["result"] == 3 and r.json["wound"]["death"] == "rematado"


# --- wording ----------------------------------------------------------------------

def test_spanish_a_quick_miss_reads_al_blanco(cli):
    # before: "El golpe no llega a el blanco."
    out = cli("middle", "strike", "2", "--armour", "-2", "--dice", "1,2,3", "--lang", "es").out
    assert "El golpe no llega al blanco." in out and "a el " not in out


def test_004_R9_a_quick_duel_names_who_is_who(cli):
    # before: two unnamed lines and "Neither reaches its goal: the lower rolled lower"
    r = cli("middle", "duel", "2", "--rival-use", "1", "--dice", "1,2,3,4,5,6")
    out = r.out
    assert out.splitlines()[0].startswith("Actor: uso de armas 2") and out.splitlines()[1].startswith("Rival: uso de armas 1")
    # actor 3d12 middle 2 < 3; rival 3d6 (weapon use 1) middle 5 < 6: the actor is lower
    assert "Actor rolled lower" in out and "duel Rival 1/3" in r.err  # the dice read: on stderr when piped
    out = cli("middle", "duel", "2", "--rival-use", "1", "--lang", "es", "--dice", "1,2,3,4,5,6").out
    assert out.startswith("Actor: uso de armas 2") and "Rival: uso de armas 1" in out


def test_004_R9_the_output_says_when_the_worse_nd_leaves_no_die(cli):
    # actor 3d6 (weapon use 1) at duel ND −2: 1 − 2 = −1 < 3 × 2; rival 3d12 (weapon use 2) middle 2 < 3 × 1:
    # the actor is lower, worsens to −3, where a 3d6 has no smaller die: next turn it cannot keep up
    r = cli("middle", "duel", "1", "--rival-use", "2", "--duel-nd", "-2", "--dice", "1,2,3,1,2,9")
    assert "worsens to −3" in r.out and "cannot keep up" in r.out


# =============================================================================
# Guards: rules that were right, with other numbers
# =============================================================================

@pytest.mark.parametrize("rating,faces,innate,reading,result", [
    (0, "6,1,20", False, "lowest", 1),        # d6+d12+d20, the lowest whichever die it is
    (0, "6,1,20", True, "middle", 6),         # innate at 0: the middle
    (1, "6,1,3", False, "middle", 3),
    (1, "6,1,3", True, "highest", 6),
    (2, "12,1,7", False, "middle", 7),
    (3, "20,19,1", False, "middle", 19),
    (3, "20,19,1", True, "highest", 20),
    (3, "5,5,5", False, "middle", 5),
])
def test_004_R2_each_rating_and_innate(cli, rating, faces, innate, reading, result):
    r = quick(cli, "check", rating, *(["--innate"] if innate else []), "--dice", faces)
    assert (r.json["ld"]["reading"], r.json["ld"]["result"]) == (reading, result) and r.code == 0


@pytest.mark.parametrize("nd,reading,result,code", [
    (2, "highest_plus_middle", 10 + 6, 0),
    (1, "highest", 10, 0),
    (0, "middle", 6, 0),
    (-1, "lowest", 3, 0),
    (-2, "lowest_minus_second", 3 - 6, 1),
])
def test_004_R3_the_nd_ladder_on_3_10_6(cli, nd, reading, result, code):
    r = quick(cli, "check", 2, "--nd", nd, "--dice", "3,10,6")
    assert (r.json["ld"]["reading"], r.json["ld"]["result"], r.code) == (reading, result, code)


@pytest.mark.parametrize("rating,nd,faces,sizes,result", [
    (2, -3, "3,1,6", [6, 6, 6], 3 - 1),        # 3d12 one size smaller: 3d6, second-lowest − lowest
    (3, -3, "11,2,7", [12, 12, 12], 7 - 2),    # 3d20 → 3d12
    (3, -4, "2,6,5", [6, 6, 6], 5 - 2),        # 3d20 → 3d6
    (0, -2, "4,9,15", [6, 12, 20], 9 - 4),     # rating 0 reads the −2 rule on its own dice
])
def test_004_R3_shrinking_with_the_difference_reading(cli, rating, nd, faces, sizes, result):
    r = quick(cli, "check", rating, "--nd", nd, "--rule", "nd_minus2=difference", "--dice", faces)
    assert r.json["ld"]["sizes"] == sizes and r.json["ld"]["result"] == result and r.code == 0


def test_004_R3_literal_minus2_says_it_cannot_succeed_only_when_it_cannot(cli):
    out = cli("middle", "check", "2", "--nd", "-2", "--goal", "1", "--dice", "5,5,9").out
    assert "never above 0" in out
    # against goal 0 the literal reading succeeds on a pair of equal low dice: no warning
    r = cli("middle", "check", "2", "--nd", "-2", "--goal", "0", "--dice", "5,5,9")
    assert r.code == 0 and "never above 0" not in r.out
    assert quick(cli, "check", 2, "--nd", -2, "--goal", 0, "--dice", "5,5,9").json["ld"]["cannot_succeed"] is False


def test_004_R4_states_stack_with_the_narrator_and_clamp(cli):
    # Cowed −1, Blinded −1, Enraged −1, Dazed −1, Narrator +2 → ND −2 on a blow
    r = quick(cli, "strike", 3, "--nd", 2, "--states", "acobardado,cegado,irritado,mareado",
              "--rule", "nd_minus2=difference", "--dice", "3,10,6")
    assert r.json["ld"]["nd"] == -2 and r.json["ld"]["result"] == 6 - 3
    # a Dazed and Unconscious target: +1 +2 +1 = +4, read as +2
    r = quick(cli, "strike", 2, "--nd", 1, "--target-states", "mareado,inconsciente", "--dice", "3,10,6")
    assert r.json["ld"]["nd"] == 4 and r.json["ld"]["nd_level"] == 2 and r.json["ld"]["result"] == 16
    # Dazed attacker at ND −4: −5, beyond the table
    r = quick(cli, "strike", 3, "--nd", -4, "--states", "mareado")
    assert r.json["ld"]["automatic_failure"] is True and r.code == 1


def test_004_R16_states_touch_their_own_kinds_of_ld(cli):
    # Enraged: −1 to attacks but nothing on a plain check; +1 on valor
    assert quick(cli, "check", 2, "--states", "irritado", "--dice", "3,10,6").json["ld"]["result"] == 6
    assert quick(cli, "check", "2", "--states", "cegado", "--dice", "3,10,6").json["ld"]["result"] == 6
    # Cowed: −1 only while fighting
    assert quick(cli, "check", 2, "--states", "acobardado", "--combat", "--dice", "3,10,6").json["ld"]["result"] == 3
    assert quick(cli, "check", 2, "--states", "acobardado", "--dice", "3,10,6").json["ld"]["result"] == 6


def test_004_R16_campaign_states_apply_by_themselves(cli):
    # Centinela Blinded: her Vigilancia 3 reads the lowest, and her blows too
    assert camp(cli, "state", "Centinela", "--add", "cegado").code == 0
    r = camp(cli, "check", "Centinela", "Vigilancia", "--dice", "3,6,9")
    assert r.json["ld"]["nd"] == -1 and r.json["ld"]["result"] == 3
    # Aldara Enraged: her valor reads the highest of 2, 7, 9 at the end of a turn that lost half
    assert camp(cli, "state", "Aldara", "--add", "irritado").code == 0
    assert camp(cli, "damage", "Novato", "10").code == 0
    r = camp(cli, "morale", "--members", "Aldara,Novato", "--goal", "8", "--dice", "2,7,9")
    assert r.json["members"][0]["ld"]["result"] == 9 and r.json["members"][0]["held"] is True


def test_004_R16_dazed_twice_is_unconscious_and_cannot_act(cli):
    assert camp(cli, "state", "Rata", "--add", "mareado").code == 0
    # Bruno's blow at the Dazed Rata (no armour): weak point −2, Dazed target +1: ND −1, the lowest of 2, 7, 9
    r = camp(cli, "strike", "Bruno", "--target", "Rata", "--location", "weak-point", "--dice", "2,7,9")
    assert r.json["ld"]["nd"] == -1 and r.json["ld"]["result"] == 2
    assert r.json["wound"]["effects"] == ["great_pain", "unconscious"] and r.json["wound"]["states"] == ["inconsciente"]
    refused(cli("-C", "middle", "strike", "Rata", "--target", "Bruno"), "Unconscious")


@pytest.mark.parametrize("location,life,vigor,weapon,damage,effects", [
    ("legs", 9, 4, ("medium", "edged"), 5, ["leg_severed", "half_speed"]),    # 5 > 4.5, 5 > 4
    ("legs", 10, 5, ("medium", "edged"), 5, []),                              # 5 is not > 5 either way
    ("legs", 9, 4, ("small", "edged"), 5, ["great_pain", "dazed", "half_speed"]),  # a small blade cannot sever
    ("hands", 12, 3, ("large", "edged"), 7, ["hand_severed"]),                # severed: the weapon falls with it
    ("hands", 12, 3, ("large", "blunt"), 7, ["great_pain", "dazed", "drops_weapon"]),
    ("hands", 12, 6, ("large", "edged"), 6, []),
    ("head", 14, 3, ("medium", "edged"), 8, ["dazed", "beheaded"]),
    ("head", 14, 3, ("medium", "piercing"), 8, ["dazed", "great_pain", "unconscious"]),
    ("head", 14, 3, ("medium", "edged"), 7, ["dazed"]),
    ("eye", 30, 4, ("small", "piercing"), 4, ["blinded"]),                    # ≥ vigor
    ("eye", 30, 4, ("small", "edged"), 4, []),                                # not piercing
    ("eye", 30, 4, ("small", "piercing"), 3, []),
    ("eye", 6, 9, ("small", "blunt"), 4, ["killed"]),                         # > half: any weapon kills
    ("weak-point", 10, 3, ("none", ""), 1, ["great_pain", "dazed"]),
])
def test_004_R7_called_shot_effects(cli, location, life, vigor, weapon, damage, effects):
    name = "Novato"
    assert cli("-C", "middle", "character", "set", name, f"vida={life}", f"vigor={vigor}").code == 0
    size, kind = weapon
    args = ["damage", name, damage, "--location", location, "--weapon", size] + (["--weapon-kind", kind] if kind else [])
    r = camp(cli, *args)
    assert r.json["wound"]["effects"] == effects, r.json


def test_004_R13_cover_and_004_R12_feint_modifiers_on_the_campaign(cli):
    # Centinela covers Novato: hitting Novato is ND −1, hitting Centinela ND +1 (+ her armour −1 = 0)
    assert camp(cli, "cover", "Centinela", "--target", "Novato").code == 0
    r = camp(cli, "strike", "Dientes de Sable", "--target", "Novato", "--dice", "4,8,15")
    assert r.json["ld"]["nd"] == -1 and r.json["ld"]["result"] == 4
    end_round(cli, "Dientes de Sable")
    r = camp(cli, "strike", "Dientes de Sable", "--target", "Centinela", "--dice", "4,8,15")
    # armour −1, ignored by the combative tiger (+1), covering +1: ND +1, the highest
    assert r.json["ld"]["nd"] == 1 and r.json["ld"]["result"] == 15


def test_004_R14_charge_adds_a_die_of_the_size_read(cli):
    # rating 0 at ND +1 (Narrator +2, charge −1) reads the highest: the d20's 5; the charge die is a d20
    r = quick(cli, "strike", 0, "--charge", "--nd", 2, "--bonus", 1, "--life", 40, "--dice", "3,4,5,17")
    assert r.json["ld"]["nd"] == 1 and r.json["damage_parts"] == {"result": 5, "weapon": 1, "charge": 17, "charge_die": 20}
    assert r.json["damage"] == 5 + 1 + 17
    # mounted: no ND for the charge, still the die (3d12 middle 8, a d12 of 11)
    r = quick(cli, "strike", 2, "--charge", "--mounted", "--life", 40, "--dice", "3,8,9,11")
    assert r.json["ld"]["nd"] == 0 and r.json["damage"] == 8 + 11


@pytest.mark.parametrize("faces,calm,valor,enraged,threat", [
    ("3,3,9", 2, 1, True, "cowed"),     # 3 > 2; 3 is not > 3
    ("3,3,9", 3, 0, False, "flees"),    # 3 is not > 3; 3 > 0
    ("2,11,12", 3, 3, True, "flees"),   # 11 > 3; 11 > 9
])
def test_004_R14_insults_and_threats(cli, faces, calm, valor, enraged, threat):
    r = quick(cli, "insult", 2, "--rivals", calm, "--dice", faces)
    assert r.json["rivals"][0]["enraged"] is enraged
    r = quick(cli, "threaten", 2, "--rivals", valor, "--dice", faces)
    assert r.json["rivals"][0]["effect"] == threat


def test_004_R15_ambush_morale_and_impulse(cli):
    # the most watchful victim (Vigilancia 2) sets ND −2; difference reading of 3, 7, 9: 7 − 3 = 4
    r = quick(cli, "ambush", 3, "--victims", "0,2,1", "--rule", "nd_minus2=difference", "--dice", "3,7,9")
    assert r.json["ld"]["nd"] == -2 and r.json["ld"]["result"] == 4 and r.json["next_step"] == 3
    # 3 of 7 fallen is less than half: no valor LD; 4 of 7 is more
    assert quick(cli, "morale", "--members", "1,1,1,1", "--fallen", 3).json["checked"] is False
    r = quick(cli, "morale", "--members", "1,2,3", "--fallen", 4, "--goal", 4, "--dice", "1,3,6,2,4,12,1,4,20")
    assert [m["held"] for m in r.json["members"]] == [False, True, True]
    # beasts only when the leader is dead
    assert quick(cli, "morale", "--members", "1,2", "--fallen", 5, "--beasts").json["checked"] is False
    # impulse: highest first; a tie goes to the higher rating (3d12 middle 5 before 3d6 middle 5)
    r = quick(cli, "initiative", "--impulses", "1,2,0", "--dice", "1,5,6,3,5,7,6,12,20")
    assert r.json["order"] == ["#3", "#2", "#1"]


def test_004_R9_duel_goals_and_outcomes(cli):
    # weapon use 3 against 2: the actor aims at 6, the rival at 9
    r = quick(cli, "duel", 3, "--rival-use", 2, "--dice", "1,6,13,4,5,6")
    assert r.json["goals"] == [6, 9] and r.json["outcome"] == "won" and r.json["winner"] == "actor" and r.code == 0
    r = quick(cli, "duel", 3, "--rival-use", 2, "--dice", "1,5,13,9,10,11")
    assert r.json["outcome"] == "won" and r.json["winner"] == "rival" and r.code == 1


def test_exit_codes_and_bad_input(cli):
    assert quick(cli, "check", 2, "--goal", 10, "--dice", "3,10,6").code == 1
    assert quick(cli, "check", 2, "--goal", 6, "--dice", "3,10,6").code == 0
    refused(cli("middle", "check", "2", "--nd", "11"), "--nd")
    refused(cli("middle", "check", "--", "5"), "0..3")
    refused(cli("-C", "middle", "check", "Novato", "sigilio"), "Sigilo")
    refused(cli("middle", "strike", "2", "--location", "arm"), "--location")


# --- exact odds against an enumeration written here ------------------------------

def _read(faces, nd, rating, innate, minus2):
    lo, mid, hi = sorted(faces)
    if nd >= 2:
        return hi + mid
    if nd == 1:
        return hi
    if nd == 0:
        return (mid if innate else lo) if rating == 0 else (hi if innate else mid)
    if nd == -1:
        return lo
    return lo - mid if minus2 == "literal" else mid - lo


def _dice(rating, nd):
    ladder = [20, 12, 6]
    base = {0: (6, 12, 20), 1: (6,) * 3, 2: (12,) * 3, 3: (20,) * 3}[rating]
    if nd < -4:
        return None
    steps = max(0, -2 - nd)
    if any(ladder.index(s) + steps > 2 for s in base):
        return None
    return [ladder[ladder.index(s) + steps] for s in base]


def _success(rating, nd, goal, innate=False, minus2="literal"):
    nd = min(nd, 2)
    sizes = _dice(rating, nd)
    if sizes is None:
        return Fraction(0)
    faces = list(product(*(range(1, s + 1) for s in sizes)))
    return Fraction(sum(_read(f, nd, rating, innate, minus2) >= goal for f in faces), len(faces))


@pytest.mark.parametrize("rating,nd,goal,innate,minus2", [
    (1, -2, -2, False, "literal"), (0, 0, 4, True, "literal"), (0, -2, 3, False, "difference"),
    (3, -3, 4, False, "difference"), (2, 2, 15, False, "literal"), (0, 1, 10, False, "literal"),
    (3, -1, 7, True, "literal"), (3, -4, 0, False, "literal"), (2, -4, 1, False, "difference"),
])
def test_odds_of_a_check_match_an_independent_enumeration(cli, rating, nd, goal, innate, minus2):
    args = ["odds", "middle", "check", str(rating), "--nd", str(nd), "--goal", str(goal), "--rule",
            f"nd_minus2={minus2}", "--json"] + (["--innate"] if innate else [])
    r = cli(*args)
    assert Fraction(r.json["outcomes"]["success"]["p"]) == _success(rating, nd, goal, innate, minus2)


def test_odds_of_a_parried_blow(cli):
    # 3d6 middle against a 3d6 middle parry: P(a > d) = (1 − P(tie)) / 2
    middle = {k: Fraction(n, 216) for k, n in zip(range(1, 7), (16, 40, 52, 52, 40, 16))}
    tie = sum(p * p for p in middle.values())
    r = cli("odds", "middle", "strike", "1", "--parry", "1", "--json")
    assert Fraction(r.json["outcomes"]["hit"]["p"]) == (1 - tie) / 2


# --- the literal ND −2 in opposed LDs (rulings: "the output must say so") ----

def test_rulings_literal_minus2_says_it_cannot_win_an_opposed_ld(cli):
    # before: only an LD against a goal said so; a blow against a parry, a contest, an insult
    # and a threat read at the literal ND −2 (never above 0) lost with no word why
    note = "lowest − second-lowest is never above 0"
    out = cli("middle", "strike", "2", "--location", "hands", "--parry", "1", "--dice", "3,5,9,1,2,3").out
    assert note in out and "cannot beat a parry above 0" in out
    out = cli("middle", "contest", "2", "1", "--nd", "-2", "--dice", "3,5,9,1,2,3").out
    assert note in out and "cannot beat a result above 0" in out
    out = cli("middle", "insult", "2", "--rivals", "0", "--nd", "-2", "--dice", "3,5,9").out
    assert note in out and "cannot be above any calm" in out
    out = cli("middle", "threaten", "2", "--rivals", "1", "--nd", "-2", "--dice", "3,5,9").out
    assert note in out and "nobody flees, all are Cowed" in out
    out = cli("middle", "threaten", "2", "--rivals", "1", "--nd", "-2", "--dice", "3,5,9", "--rule", "threats=valor").out
    assert "nobody flees or is cowed" in out
    # the difference reading says nothing of the kind
    out = cli("middle", "insult", "2", "--rivals", "0", "--nd", "-2", "--dice", "3,5,9", "--rule", "nd_minus2=difference").out
    assert note not in out and "Enraged" in out


def test_004_T4_T5_with_other_numbers(cli):
    # 004-T4: a Dazed Centinela aims at Bruno's hands: armour −1 and shield −1, hands −2, Dazed −1 → ND −5
    assert camp(cli, "state", "Centinela", "--add", "mareado").code == 0
    r = camp(cli, "strike", "Centinela", "--target", "Bruno", "--location", "hands", "--dice", "4,5,6")
    assert r.json["ld"]["nd"] == -5 and r.json["ld"]["automatic_failure"] is True and r.code == 1
    # 004-T5: Centinela (weapon use 2) parries 3 times a round; the fourth blow meets her armour −1
    # (and her dizziness, +1 to whoever strikes her: ND 0)
    end_round(cli)
    assert camp(cli, "parry", "Centinela").json["parries_per_round"] == 3
    for attacker in ("Bruno", "Aldara", "Rata"):
        faces = "1,2,3,6,6,6" if attacker != "Bruno" else "1,2,3,6,7,8"
        r = camp(cli, "strike", attacker, "--target", "Centinela", "--dice", faces)
        assert r.json["parry"] is not None and r.json["hit"] is False
    r = camp(cli, "strike", "Novato", "--target", "Centinela", "--dice", "2,3,4")
    assert r.json["parry"] is None and r.json["ld"]["nd"] == 0 and r.json["ld"]["result"] == 3
