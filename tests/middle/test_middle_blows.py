"""Blows: striking against protections (004-R6), called shots and their effects
on vida and vigor (004-R7), charging (004-R14), parries (004-R11), covering an
ally (004-R13) and mounts (004-R10). Damage is the LD's result plus the
weapon's bonus (rulings)."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from middle_helpers import call, camp, end_round, quick, refused, shown, state

SWORD = ("--weapon", "medium", "--weapon-kind", "edged")


# --- 004-R6 ---------------------------------------------------------------------

def test_004_R6_protections_set_the_nd(cli):
    # armour −1: ND −1 reads the lowest of 4, 9, 11 → 4 ≥ 1, lands; damage 4 + bonus 2 = 6
    r = quick(cli, "strike", 2, "--armour", -1, "--bonus", 2, "--dice", "4,9,11")
    assert r.json["ld"]["nd"] == -1 and r.json["hit"] is True and r.json["damage"] == 6
    assert r.json["damage_parts"] == {"result": 4, "weapon": 2, "charge": 0}
    # armour −1 and a shield −1: ND −2, the literal reading never lands
    r = quick(cli, "strike", 2, "--armour", -1, "--shield", -1, "--dice", "4,9,11")
    assert r.json["ld"]["nd"] == -2 and r.json["hit"] is False and r.code == 1


def test_004_R6_on_the_campaign_sheets(cli):
    # Bruno (uso de armas 2) against the tiger's hide (armadura −1): lowest of 5, 8, 10 = 5; axe +2 → 7 of 20
    r = camp(cli, "strike", "Bruno", "--target", "Dientes de Sable", "--dice", "5,8,10")
    assert r.json["damage"] == 7 and r.json["wound"]["life_left"] == 20 - 7
    assert state(cli, "Dientes de Sable")["vida_perdida"] == 7
    # Bruno's own armour −1 and shield −1 make ND −2 against him: the tiger's combative nature
    # ignores two levels of them (004-R10): ND 0 for its battle skill 3
    r = camp(cli, "strike", "Dientes de Sable", "habilidad de batalla", "--target", "Bruno", "--dice", "3,9,14")
    assert r.json["ld"]["nd"] == 0 and r.json["ld"]["result"] == 9 and r.json["damage"] == 9 + 3


def test_004_R6_a_dead_target_and_oneself_are_refused(cli, campaigns):
    assert cli("-C", "middle", "state", "Novato", "--add", "muerto").code == 0
    refused(cli("-C", "middle", "strike", "Rata", "--target", "Novato", "--dice", "1,1,1"), "already dead")
    refused(cli("-C", "middle", "strike", "Rata", "--target", "Rata"), "itself")


# --- 004-R7 ---------------------------------------------------------------------

def test_004_R7_legs_sever_above_half_life_and_halve_movement_above_vigor(cli):
    # ND −1 (legs): lowest of 12, 15, 18 = 12 > 20/2 → severed (medium edged); 12 > vigor 5 → half speed
    r = quick(cli, "strike", 3, "--location", "legs", "--life", 20, "--vigor", 5, *SWORD, "--dice", "12,15,18")
    assert r.json["ld"]["nd"] == -1
    assert r.json["wound"]["effects"] == ["leg_severed", "half_speed"]
    assert r.json["wound"]["injuries"] == ["pierna_cercenada", "media_velocidad"]


def test_004_R7_legs_thresholds_are_strict(cli):
    # damage 10 is not more than half of 20, and 5 is not more than vigor 5 ("al menos supere")
    r = quick(cli, "strike", 3, "--location", "legs", "--life", 20, "--vigor", 10, *SWORD, "--dice", "10,15,18")
    assert r.json["wound"]["effects"] == []
    r = quick(cli, "strike", 1, "--location", "legs", "--life", 20, "--vigor", 5, *SWORD, "--dice", "5,6,6")
    assert r.json["wound"]["effects"] == []


def test_004_R7_only_medium_or_larger_edged_weapons_sever(cli):
    # a small dagger or a blunt club: great pain and Mareado instead of the severed leg
    for weapon in (("--weapon", "small", "--weapon-kind", "edged"), ("--weapon", "large", "--weapon-kind", "blunt")):
        r = quick(cli, "strike", 3, "--location", "legs", "--life", 20, "--vigor", 15, *weapon, "--dice", "12,15,18")
        assert r.json["wound"]["effects"] == ["great_pain", "dazed"]
        assert r.json["wound"]["states"] == ["mareado"] and r.json["wound"]["injuries"] == []


def test_004_R7_hands_sever_or_drop_the_weapon(cli):
    # hands are ND −2; the GM's +1 makes ND −1 (lowest). 12 > 10 → hand severed, and its weapon falls
    r = quick(cli, "strike", 3, "--location", "hands", "--nd", 1, "--life", 20, "--vigor", 5, *SWORD, "--dice", "12,15,18")
    assert r.json["ld"]["nd"] == -1 and r.json["wound"]["effects"] == ["hand_severed"]
    # 7 is not above 10 but is above vigor 5: drops the weapon in that hand
    r = quick(cli, "strike", 3, "--location", "hands", "--nd", 1, "--life", 20, "--vigor", 5, *SWORD, "--dice", "7,15,18")
    assert r.json["wound"]["effects"] == ["drops_weapon"]


def test_004_R7_hands_on_the_campaign_disarm(cli):
    # the tiger (battle skill 3, fangs +3, large edged) at Aldara's hands: hands −2, her armour −1, which the
    # combative beast ignores (+1), and the GM's +2: ND 0, the middle of 1, 2, 9 = 2; 2 + 3 = 5 is not above
    # 10/2, but above her vigor 3: she drops her sword
    r = camp(cli, "strike", "Dientes de Sable", "habilidad de batalla", "--target", "Aldara", "--location", "hands",
             "--nd", 2, "--dice", "1,2,9")
    assert r.json["ld"]["nd"] == -2 - 1 + 1 + 2
    assert r.json["damage"] == 5 and r.json["wound"]["effects"] == ["drops_weapon"]
    assert state(cli, "Aldara")["desarmado"] is True
    assert ("disarmed", "disarmed") in [(c["key"], c["label"]) for c in shown(cli, "Aldara")["status"]["conditions"]]


def test_004_R7_weak_point_dazes_at_the_rule_option_nd(cli):
    # GAP-7: the weak point's ND is the rule option weak_point_nd (default −2); any hit leaves it Mareado
    r = quick(cli, "strike", 2, "--location", "weak-point", "--nd", 1, "--dice", "3,5,7")
    assert r.json["ld"]["nd"] == -2 + 1 and r.json["wound"]["effects"] == ["great_pain", "dazed"]
    r = quick(cli, "strike", 2, "--location", "weak-point", "--rule", "weak_point_nd=-1", "--dice", "3,5,7")
    assert r.json["ld"]["nd"] == -1 and r.json["hit"] is True


def test_004_R7_head_dazes_and_beheads_above_half_life(cli):
    # head ND −3, GM +2: ND −1, lowest 6 of 6, 7, 8; 6 > 10/2 → the head flies off (medium edged)
    r = quick(cli, "strike", 2, "--location", "head", "--nd", 2, "--life", 10, *SWORD, "--dice", "6,7,8")
    assert r.json["wound"]["effects"] == ["dazed", "beheaded"]
    assert r.json["wound"]["dead"] is True and r.json["wound"]["death"] == "decapitado"
    # 5 is not above half: only Mareado
    r = quick(cli, "strike", 2, "--location", "head", "--nd", 2, "--life", 10, *SWORD, "--dice", "5,7,8")
    assert r.json["wound"]["effects"] == ["dazed"] and r.json["wound"]["dead"] is False


def test_004_R7_a_club_to_the_head_dazes_twice_into_unconsciousness(cli):
    # decided: the hit dazes, and the severing a blunt weapon cannot do is great pain and Mareado again,
    # so a heavy blow to the head knocks out (004-R7, R16)
    r = quick(cli, "strike", 2, "--location", "head", "--nd", 2, "--life", 10, "--weapon", "large",
              "--weapon-kind", "blunt", "--dice", "6,7,8")
    assert r.json["wound"]["effects"] == ["dazed", "great_pain", "unconscious"]
    assert r.json["wound"]["states"] == ["inconsciente"] and r.json["wound"]["dead"] is False


def test_004_R7_eye_blinds_with_a_piercing_weapon_at_vigor(cli):
    # eye ND −4, GM +2: ND −2; with nd_minus2 = difference, 10 − 3 = 7; 7 ≥ vigor 7 → Cegado ("al menos")
    args = ("--location", "eye", "--nd", 2, "--rule", "nd_minus2=difference", "--vigor", 7, "--life", 20)
    r = quick(cli, "strike", 3, *args, "--weapon", "small", "--weapon-kind", "piercing", "--dice", "3,10,17")
    assert r.json["damage"] == 7 and r.json["wound"]["effects"] == ["blinded"]
    assert r.json["wound"]["states"] == ["cegado"] and r.json["wound"]["injuries"] == ["ojo_perdido"]
    # an edged, not piercing, weapon does not blind
    r = quick(cli, "strike", 3, *args, *SWORD, "--dice", "3,10,17")
    assert r.json["wound"]["effects"] == []


def test_004_R7_eye_kills_above_half_life(cli):
    # 7 > 12/2: instant death, with any weapon (decided: the piercing condition is the blinding's)
    r = quick(cli, "strike", 3, "--location", "eye", "--nd", 2, "--rule", "nd_minus2=difference", "--life", 12,
              "--vigor", 9, *SWORD, "--dice", "3,10,17")
    assert r.json["wound"]["effects"] == ["killed"] and r.json["wound"]["death"] == "ojo"


def test_004_R7_half_of_life_is_of_the_maximum(cli):
    # The rulings: half of life means half of the maximum, however much is left: the tiger has 20 and has lost 15;
    # a 6-damage leg blow is not more than 10, so no leg is severed (it dies of the damage instead)
    camp(cli, "damage", "Dientes de Sable", 15)
    r = camp(cli, "strike", "Bruno", "--target", "Dientes de Sable", "--location", "legs", "--nd", 1, "--dice", "4,9,9")
    # legs −1, hide −1, GM +1: ND −1, lowest 4 + axe 2 = 6
    assert r.json["damage"] == 6 and "leg_severed" not in r.json["wound"]["effects"]
    assert r.json["wound"]["death"] == "vida" and r.json["wound"]["life_left"] == 0  # 20 − 21: no negative life


def test_004_R7_damage_verb_applies_location_effects(cli):
    # the damage verb on its own: 6 to the head of a 10-life target with Bruno's large edged axe
    r = camp(cli, "damage", "Novato", 6, "--location", "head", "--by", "Bruno")
    assert r.json["wound"]["effects"] == ["dazed", "beheaded"] and r.json["wound"]["death"] == "decapitado"
    r = quick(cli, "damage", 4, "--location", "head", "--with", "vida=10")
    assert r.json["wound"]["effects"] == ["dazed"] and r.json["wound"]["life_left"] == 6


# --- 004-R14: charging ---------------------------------------------------------

def test_004_R14_charge_is_harder_and_adds_a_die(cli):
    # ND −1 (one level harder): lowest 4 of 4, 9, 11; damage 4 + 0 + one more d12 (7) = 11
    r = quick(cli, "strike", 2, "--charge", "--dice", "4,9,11,7")
    assert r.json["ld"]["nd"] == -1 and r.json["damage"] == 11
    assert r.json["damage_parts"] == {"result": 4, "weapon": 0, "charge": 7, "charge_die": 12}
    assert r.json["dice"][-1]["sides"] == 12 and r.json["dice"][-1]["why"] == "charge"


def test_004_R14_mounted_charge_keeps_the_nd(cli):
    r = quick(cli, "strike", 2, "--charge", "--mounted", "--dice", "4,9,11,7")
    assert r.json["ld"]["nd"] == 0 and r.json["damage"] == 9 + 7
    # on the campaign Bruno rides Tormenta: no ND for his charge either
    r = camp(cli, "strike", "Bruno", "--target", "Rata", "--charge", "--dice", "2,3,4,5")
    assert r.json["ld"]["nd"] == 0 and r.json["damage"] == 3 + 2 + 5


def test_004_R14_charge_die_of_rating_0_is_the_die_read(cli):
    # rating 0 at ND −1 (the charge): lowest of d6=5, d12=2, d20=17 is the d12's 2: the extra die is a d12
    r = quick(cli, "strike", 0, "--charge", "--dice", "5,2,17,12")
    assert r.json["damage_parts"]["charge_die"] == 12 and r.json["damage"] == 2 + 12


# --- 004-R11: parries -------------------------------------------------------------

def test_004_R11_a_parry_replaces_protections_and_must_be_beaten(cli):
    # armour −2 is ignored when parrying: the attacker's middle 9 (ND 0) against the parry's middle 5
    r = quick(cli, "strike", 2, "--armour", -2, "--parry", 2, "--dice", "4,9,11,2,5,8")
    assert r.json["ld"]["nd"] == 0 and r.json["parry"]["result"] == 5 and r.json["hit"] is True
    r = quick(cli, "strike", 2, "--parry", 2, "--dice", "4,5,11,2,6,8")
    assert r.json["hit"] is False and r.code == 1


def test_004_R11_a_tie_goes_to_the_parrier_unless_the_option_says_otherwise(cli):
    # The rulings: a tie goes to the defender; parry_tie = "attacker" reads the text's "un LD mayor"
    r = quick(cli, "strike", 2, "--parry", 2, "--dice", "4,7,11,2,7,8")
    assert r.json["hit"] is False
    r = quick(cli, "strike", 2, "--parry", 2, "--rule", "parry_tie=attacker", "--dice", "4,7,11,2,7,8")
    assert r.json["hit"] is True and r.json["damage"] == 7


def test_004_R11_a_parry_needs_a_weapon_and_lasts_until_changed(cli):
    refused(cli("-C", "middle", "parry", "Perro"), "no weapon")  # a beast's fangs are not carried
    assert camp(cli, "parry", "Centinela").json["parrying"] is True
    end_round(cli)
    assert state(cli, "Centinela")["parando"] is True  # it needs no new declaration
    # striking is a new combat action: the parrying ends
    camp(cli, "strike", "Centinela", "--target", "Dientes de Sable", "--dice", "5,5,5")
    assert state(cli, "Centinela")["parando"] is False
    camp(cli, "parry", "Novato")
    assert camp(cli, "parry", "Novato", "--stop").json["parrying"] is False


def test_004_R11_the_parrier_dices_come_after_the_attackers(cli):
    camp(cli, "parry", "Centinela")
    r = camp(cli, "strike", "Novato", "--target", "Centinela", "--dice", "4,4,4,1,2,3")
    assert [d["why"] for d in r.json["dice"]] == ["strike Novato 1/3", "strike Novato 2/3", "strike Novato 3/3",
                                                   "parry Centinela 1/3", "parry Centinela 2/3", "parry Centinela 3/3"]


# --- 004-R13: covering an ally ------------------------------------------------------

def test_004_R13_cover_makes_the_ally_harder_and_the_defender_easier(cli):
    assert camp(cli, "cover", "Aldara", "--target", "Novato").json["covers"] == "Novato"
    # the tiger at Novato (no protections): one level harder, ND −1
    r = camp(cli, "strike", "Dientes de Sable", "habilidad de batalla", "--target", "Novato", "--dice", "4,5,6")
    assert r.json["ld"]["nd"] == -1 and r.json["ld"]["result"] == 4
    end_round(cli, "Dientes de Sable")
    # at Aldara (armour −1, ignored by the combative tiger): one level easier, ND +1
    r = camp(cli, "strike", "Dientes de Sable", "habilidad de batalla", "--target", "Aldara", "--dice", "4,5,6")
    assert r.json["ld"]["nd"] == -1 + 1 + 1 and r.json["ld"]["result"] == 6


def test_004_R13_cover_ends_with_the_defenders_next_combat_action(cli):
    camp(cli, "cover", "Aldara", "--target", "Novato")
    end_round(cli)
    assert state(cli, "Aldara")["cubre"] == "Novato"  # still covering in the next round
    camp(cli, "strike", "Aldara", "--target", "Dientes de Sable", "--dice", "3,3,3")
    assert state(cli, "Aldara")["cubre"] == ""


def test_004_R13_quick_cover_flags(cli):
    assert quick(cli, "strike", 2, "--covered", 2, "--dice", "1,1,1").json["ld"]["nd"] == -2
    assert quick(cli, "strike", 2, "--covering", "--dice", "1,1,1").json["ld"]["nd"] == 1


def test_004_R13_cover_needs_an_ally(cli):
    refused(cli("-C", "middle", "cover", "Aldara"), "--target")
    refused(cli("middle", "cover"), "campaign")


# --- 004-R10: mounts ---------------------------------------------------------------

def test_004_R10_mount_attack_uses_the_riders_beast_taming(cli):
    # Bruno's domar bestias 1 (3d6); Tormenta is combative: the tiger's hide −1 is ignored → ND 0,
    # middle 5; Tormenta's hooves +1 → 6
    r = camp(cli, "mount-attack", "Bruno", "--target", "Dientes de Sable", "--dice", "2,5,6")
    assert r.json["ld"]["capability"] == "domar bestias" and r.json["ld"]["nd"] == 0
    assert r.json["damage"] == 5 + 1


@pytest.mark.parametrize("temperament,armour,nd", [("combative", -2, 0), ("combative", -3, -1), ("combative", -4, -2),
                                                   ("peaceful", -1, -2), ("normal", -1, -1)])
def test_004_R10_beast_temperament(cli, temperament, armour, nd):
    # GAP-15 decided: a combative beast ignores two levels of protections; a peaceful one takes ND −1 more
    r = quick(cli, "mount-attack", 2, "--temperament", temperament, "--armour", armour, "--dice", "1,1,1")
    assert r.json["ld"]["nd"] == nd


def test_004_R10_mount_attack_needs_a_mounted_rider(cli):
    refused(cli("-C", "middle", "mount-attack", "Aldara", "--target", "Perro"), "no mount")
    assert camp(cli, "dismount", "Bruno").json["mounted"] is False
    refused(cli("-C", "middle", "mount-attack", "Bruno", "--target", "Perro"), "not mounted")


def test_004_R10_a_trained_mount_strikes_with_the_same_ld(cli):
    # one LD (Bruno's 3d12 against the tiger's hide −1: the lowest, 3): Bruno's axe 3 + 2, Tormenta's hooves 3 + 1
    r = camp(cli, "strike", "Bruno", "--target", "Dientes de Sable", "--with-mount", "--dice", "3,8,9")
    assert r.json["damage"] == 5 and r.json["mount"]["damage"] == 4
    assert len(r.json["dice"]) == 3
    assert r.json["mount"]["wound"]["life_left"] == 20 - 5 - 4
    # a blow that kills leaves the mount no one to strike
    r = camp(cli, "damage", "Novato", 1)
    end_round(cli, "Bruno")
    r = camp(cli, "strike", "Bruno", "--target", "Novato", "--with-mount", "--dice", "12,12,12")
    assert r.json["wound"]["dead"] is True and r.json["mount"]["hit"] is False


def test_004_R10_bonded_mount_enraged_when_its_rider_dies(cli):
    r = cli("-C", "middle", "damage", "Bruno", "12")
    assert "Tormenta, bonded to its rider, is Enraged" in r.out
    assert state(cli, "Tormenta")["estados"] == ["irritado"] and state(cli, "Tormenta")["irritado_duradero"] is True


def test_004_R10_rider_must_keep_calm_when_the_mount_dies(cli):
    r = cli("-C", "middle", "damage", "Tormenta", "14")
    assert "mount-lost \"Bruno\"" in r.out and state(cli, "Bruno")["montado"] is False
    # calma 1 (3d6): middle 2 < goal 3 → Irritado, even after the combat
    r = camp(cli, "mount-lost", "Bruno", "--goal", 3, "--dice", "1,2,6")
    assert r.json["enraged"] is True and r.code == 1
    assert cli("-C", "middle", "recover", "end_of_scene", "Bruno").code == 0
    assert state(cli, "Bruno")["estados"] == ["irritado"]
    assert cli("-C", "middle", "recover", "rest", "Bruno").code == 0
    assert state(cli, "Bruno")["estados"] == []


def test_004_R14_mounting_and_dismounting(cli):
    r = camp(cli, "dismount", "Bruno")
    assert r.json["ld"] is None and r.json["dice"] == [] and state(cli, "Bruno")["montado"] is False
    # at full speed it takes an LD: domar bestias 1 (3d6), middle 3 ≥ 1
    r = camp(cli, "mount", "Bruno", "--full-speed", "--dice", "1,3,5")
    assert r.json["ld"]["result"] == 3 and r.json["mounted"] is True and state(cli, "Bruno")["montado"] is True
    refused(cli("-C", "middle", "mount", "Bruno"), "already mounted")


# --- properties -------------------------------------------------------------------


@given(rating=st.integers(0, 3), armour=st.integers(-4, 0), nd=st.integers(-4, 2), bonus=st.integers(0, 5),
       charge=st.booleans(), location=st.sampled_from(["body", "legs", "hands", "weak-point", "head", "eye"]),
       seed=st.integers(0, 10**6))
def test_a_blows_damage_follows_its_ld_and_repeats_with_its_dice(rating, armour, nd, bonus, charge, location, seed):
    params = dict(capability=str(rating), armour=armour, nd=nd, bonus=bonus, charge=charge, location=location,
                  life=12, vigor=4, weapon="medium", weapon_kind=("edged", "piercing"))
    rolled, source = call("strike", seed=seed, **params)
    data = rolled.data
    ld = data["ld"]
    # 004-R4: the ND is the sum of its modifiers; the blow lands exactly when the LD reaches its goal
    assert ld["nd"] == sum(m["nd"] for m in ld["nd_modifiers"])
    assert data["hit"] == (ld["result"] is not None and ld["result"] >= ld["goal"])
    if data["hit"]:
        extra = data["damage_parts"]["charge"]
        assert data["damage"] == max(0, ld["result"] + bonus) + extra
        assert (1 <= extra <= data["damage_parts"]["charge_die"]) if charge else extra == 0
        assert data["wound"]["life_left"] == max(12 - data["damage"], 0)  # no negative life
    else:
        assert data["damage"] == 0
    again, _ = call("strike", dice=[d.value for d in source.reads], **params)
    assert again.data == data  # the same dice given at the table tell the same story
