"""Striking weapons (004-R8), the disarm duel (004-R9), dirty tricks (004-R12)
and shouting insults and threats (004-R14)."""

from __future__ import annotations

import pytest

from middle_helpers import camp, end_round, quick, refused, state

AXE = ("--weapon", "large")


# --- 004-R8 ---------------------------------------------------------------------

@pytest.mark.parametrize("faces,rival,outcome", [
    ("4,9,11", 1, "dropped"),   # ND −1 (GAP-16 decided): lowest 4 > 3 × 1
    ("4,9,11", 2, "locked"),    # 4 > 2 but not > 6
    ("7,9,11", 2, "dropped"),   # 7 > 6
    ("2,9,11", 2, "holds"),     # 2 is not > 2
])
def test_004_R8_striking_the_weapon(cli, faces, rival, outcome):
    r = quick(cli, "strike-weapon", 2, *AXE, "--rival-use", rival, "--dice", faces)
    assert r.json["ld"]["nd"] == -1 and r.json["outcome"] == outcome


def test_004_R8_the_weapons_bonus_counts_as_damage(cli):
    # lowest 2 + bonus 1 = 3 > 2 (not > 6): locked
    assert quick(cli, "strike-weapon", 2, *AXE, "--bonus", 1, "--rival-use", 2, "--dice", "2,9,11").json["outcome"] == "locked"


def test_004_R8_only_large_weapons_strike_weapons(cli):
    refused(cli("middle", "strike-weapon", "2", "--weapon", "medium", "--rival-use", "1"), "large")
    refused(cli("-C", "middle", "strike-weapon", "Aldara", "--target", "Bruno"), "large")
    refused(cli("middle", "strike-weapon", "2", *AXE), "--rival-use")


def test_004_R8_on_the_campaign_drops_or_starts_a_duel(cli):
    # Bruno's axe (+2) at Rata's dagger (Rata's uso de armas 1): ND −1, lowest 3 + 2 = 5 > 3 → dropped
    r = camp(cli, "strike-weapon", "Bruno", "--target", "Rata", "--dice", "3,8,9")
    assert r.json["outcome"] == "dropped" and state(cli, "Rata")["desarmado"] is True
    refused(cli("-C", "middle", "strike-weapon", "Bruno", "--target", "Rata"), "no weapon in hand")
    refused(cli("-C", "middle", "strike-weapon", "Bruno", "--target", "Centinela"), "already made its combat action")
    end_round(cli)
    # at Centinela's sword (uso de armas 2): 1 + 2 = 3 > 2, not > 6: locked in a disarm duel
    r = camp(cli, "strike-weapon", "Bruno", "--target", "Centinela", "--dice", "1,8,9")
    assert r.json["outcome"] == "locked"
    assert state(cli, "Bruno")["duelo"] == "Centinela" and state(cli, "Centinela")["duelo"] == "Bruno"


# --- 004-R9 ---------------------------------------------------------------------

def _lock(cli):
    camp(cli, "strike-weapon", "Bruno", "--target", "Centinela", "--dice", "1,8,9")
    end_round(cli)


def test_004_R9_each_aims_at_three_times_the_rivals_weapon_use(cli):
    # quick: weapon use 2 against 1: the actor needs 3 × 1 = 3, the rival 3 × 2 = 6.
    # actor 3d12 middle 5 ≥ 3; rival 3d6 middle 4 < 6: only the actor reaches it, and wins
    r = quick(cli, "duel", 2, "--rival-use", 1, "--dice", "2,5,7,1,4,6")
    assert r.json["goals"] == [3, 6] and r.json["outcome"] == "won" and r.json["winner"] == "actor"
    assert r.code == 0


def test_004_R9_neither_reaches_the_lower_worsens(cli):
    _lock(cli)
    # both uso de armas 2: goals 6 and 6. Bruno middle 5, Centinela middle 4: Centinela worsens to −1
    r = camp(cli, "duel", "Bruno", "--dice", "3,5,9,2,4,6")
    assert r.json["outcome"] == "worsened" and r.json["worsened"] == "Centinela" and r.json["duel_nd"] == [0, -1]
    assert r.code != 1  # the duel goes on: no verdict yet
    end_round(cli)
    # next turn Centinela throws at ND −1 (the lowest); both fall short again and it worsens to −2
    r = camp(cli, "duel", "Centinela", "--dice", "3,5,9,2,4,6")
    assert r.json["ld"]["nd"] == -1 and r.json["ld"]["result"] == 3
    assert state(cli, "Centinela")["duelo_nd"] == -2


def test_004_R9_a_tie_worsens_nobody_and_both_reaching_stays_locked(cli):
    assert quick(cli, "duel", 2, "--rival-use", 2, "--dice", "1,4,9,2,4,6").json["outcome"] == "tie"
    assert quick(cli, "duel", 2, "--rival-use", 2, "--dice", "6,7,9,6,8,9").json["outcome"] == "locked"


def test_004_R9_the_one_who_cannot_keep_up_is_disarmed_and_struck(cli):
    # the rival's accumulated ND −3 leaves its 3d6 (weapon use 1) no die: disarmed, and a free strike is due
    r = quick(cli, "duel", 2, "--rival-use", 1, "--rival-duel-nd", -3)
    assert r.json["outcome"] == "cannot_keep_up" and r.json["losers"] == ["rival"] and r.json["dice"] == []
    out = cli("middle", "duel", "2", "--rival-use", "1", "--rival-duel-nd", "-3").out
    assert "cannot keep up the duel" in out and "free simple strike" in out

def test_004_R9_worsening_until_no_die_is_left(cli):
    _lock(cli)
    assert cli("-C", "middle", "character", "set", "Centinela", "capacidades.uso de armas=1").code == 0
    # Bruno (weapon use 2) aims at 3 × 1 = 3, Centinela (now 1, 3d6) at 3 × 2 = 6. Bruno's middle 2 falls short
    # each turn, and Centinela's 1 (ND 0), then 1 (ND −1, the lowest), then 1 − 1 = 0 (ND −2) is lower.
    for worse in (-1, -2, -3):
        r = camp(cli, "duel", "Bruno", "--dice", "1,2,12,1,1,1")
        assert r.json["outcome"] == "worsened" and state(cli, "Centinela")["duelo_nd"] == worse
        end_round(cli)
    # at ND −3 her 3d6 has no smaller die: she cannot keep up, is disarmed, and Bruno gets a free strike
    r = cli("-C", "middle", "duel", "Bruno", "--json")
    assert r.json["outcome"] == "cannot_keep_up" and r.json["losers"] == ["Centinela"] and r.json["success"] is True
    assert state(cli, "Centinela")["desarmado"] is True and state(cli, "Bruno")["duelo"] == ""
    assert 'rolecli strike \\"Bruno\\" --target \\"Centinela\\" --free' in cli("-C", "middle", "log", "--json").out


def test_004_R9_fleeing_gives_a_free_strike_with_only_armour(cli):
    _lock(cli)
    r = cli("-C", "middle", "duel", "Centinela", "--flee")
    assert 'rolecli strike "Bruno" --target "Centinela" --free' in r.out
    assert state(cli, "Centinela")["duelo"] == "" and state(cli, "Bruno")["duelo"] == ""
    # the free strike: off-turn (it uses no combat action), only armour counts (Centinela's −1)
    r = camp(cli, "strike", "Bruno", "--target", "Centinela", "--free", "--dice", "2,3,4")
    assert [m["key"] for m in r.json["ld"]["nd_modifiers"]] == ["armour"] and r.json["ld"]["nd"] == -1


def test_004_R9_free_strike_ignores_the_shield(cli):
    # Bruno has armour −1 and a shield −1: a free strike at him counts only the armour
    r = camp(cli, "strike", "Rata", "--target", "Bruno", "--free", "--dice", "2,3,4")
    assert r.json["ld"]["nd"] == -1
    assert quick(cli, "strike", 1, "--armour", -1, "--shield", -2, "--free", "--dice", "2,3,4").json["ld"]["nd"] == -1


def test_004_R9_duellists_are_locked(cli):
    _lock(cli)
    refused(cli("-C", "middle", "strike", "Bruno", "--target", "Novato"), "locked in a disarm duel")
    refused(cli("-C", "middle", "duel", "Novato"), "not in a disarm duel")
    refused(cli("-C", "middle", "duel", "Bruno", "--target", "Novato"), "with Centinela")


def test_004_R9_a_third_party_strikes_at_nd_plus1_and_ends_the_duel(cli):
    _lock(cli)
    # the tiger at Centinela (armour −1, ignored by its nature +1) interrupts: +1 → ND +1, the highest
    r = camp(cli, "strike", "Dientes de Sable", "habilidad de batalla", "--target", "Centinela", "--dice", "1,2,3")
    assert "duel_interrupt" in [m["key"] for m in r.json["ld"]["nd_modifiers"]]
    assert r.json["ld"]["nd"] == 1 and r.json["ld"]["result"] == 3
    assert state(cli, "Bruno")["duelo"] == "" and state(cli, "Centinela")["desarmado"] is False


def test_004_R9_a_dirty_trick_in_the_duel_is_harder_and_failing_it_loses(cli):
    _lock(cli)
    cli("-C", "middle", "character", "set", "Centinela", "capacidades.bribonerías=3")
    # blind Bruno (Vigilancia 0): ND 0, −1 for the trick in a duel → the lowest; goal 5 not reached
    r = camp(cli, "blind", "Centinela", "--target", "Bruno", "--goal", 5, "--dice", "4,9,12")
    assert r.json["ld"]["nd"] == -1 and r.json["ld"]["result"] == 4 and r.code == 1
    assert state(cli, "Centinela")["desarmado"] is True and state(cli, "Bruno")["duelo"] == ""


def test_004_R9_quick_interrupt_flag(cli):
    assert quick(cli, "strike", 2, "--interrupt", "--dice", "1,2,3").json["ld"]["nd"] == 1


# --- 004-R12: dirty tricks -----------------------------------------------------------

def test_004_R12_blind_nd_is_the_targets_vigilance(cli):
    # Vigilance 1 → ND −1: roguery 2's lowest 3 ≥ 1; Cegado for 2 rounds (the roguery)
    r = quick(cli, "blind", 2, "--vigilance", 1, "--dice", "3,6,9")
    assert r.json["ld"]["nd"] == -1 and r.json["rounds"] == 2 and r.json["success"] is True
    # Vigilance 3 → ND −3: 3d12 read as ND −2, which the literal reading never passes
    assert quick(cli, "blind", 2, "--vigilance", 3, "--dice", "3,6,5").json["ld"]["cannot_succeed"] is True


def test_004_R12_blinded_target_counts_down_and_suffers(cli):
    # Rata (bribonerías 2) blinds Novato (Vigilancia 0): ND 0, middle 6; Cegado 2 rounds
    r = camp(cli, "blind", "Rata", "--target", "Novato", "--dice", "3,6,9")
    assert r.json["rounds"] == 2 and state(cli, "Novato")["estados"] == ["cegado"]
    # a blinded Novato attacks at ND −1 (004-R16) ...
    r = camp(cli, "strike", "Novato", "--target", "Dientes de Sable", "--dice", "1,2,3")
    assert {"key": "state:cegado", "nd": -1} in r.json["ld"]["nd_modifiers"]
    # ... and watches at ND −1
    r = camp(cli, "check", "Novato", "Vigilancia", "--dice", "1,2,3")
    assert r.json["ld"]["nd"] == -1
    end_round(cli)
    assert state(cli, "Novato")["cegado_rondas"] == 1
    end_round(cli)
    assert state(cli, "Novato")["estados"] == [] and state(cli, "Novato")["cegado_rondas"] == 0


def test_004_R12_roguery_0_still_blinds_for_the_rest_of_the_round(cli):
    # decided: a successful trick lasts at least until the end of the round (roguery 0 would give 0 rounds)
    assert quick(cli, "blind", 0, "--dice", "2,2,2").json["rounds"] == 1


def test_004_R12_feint_is_an_attack_at_nd_minus2_with_no_damage(cli):
    r = quick(cli, "feint", 2, "--rule", "nd_minus2=difference", "--dice", "2,7,11")
    assert r.json["ld"]["nd"] == -2 and r.json["hit"] is True and r.json["damage"] == 0 and r.json["feint"] is True
    assert quick(cli, "feint", 2, "--dice", "2,7,11").json["hit"] is False  # the literal ND −2 reading


def test_004_R12_effective_feint_gives_plus2_to_the_feinter_and_plus1_to_allies(cli):
    # Bruno feints the tiger: ND −2 (feint) −1 (hide) + 2 (GM) = −1: lowest 2 lands, no damage
    r = camp(cli, "feint", "Bruno", "--target", "Dientes de Sable", "--nd", 2, "--dice", "2,7,11")
    assert r.json["hit"] is True and state(cli, "Dientes de Sable")["vida_perdida"] == 0
    assert state(cli, "Dientes de Sable")["finta_de"] == "Bruno"
    end_round(cli)
    # next round: Bruno +2 against it (−1 hide + 2 = +1); his ally Aldara +1 (−1 + 1 = 0); the tiger's
    # own ally gets nothing
    assert camp(cli, "strike", "Bruno", "--target", "Dientes de Sable", "--dice", "2,7,11").json["ld"]["nd"] == 1
    assert camp(cli, "strike", "Aldara", "--target", "Dientes de Sable", "--dice", "2,3,4").json["ld"]["nd"] == 0
    end_round(cli)
    assert state(cli, "Dientes de Sable")["finta_de"] == ""
    assert camp(cli, "strike", "Aldara", "--target", "Dientes de Sable", "--dice", "2,3,4").json["ld"]["nd"] == -1


def test_004_R12_quick_feint_flags(cli):
    assert quick(cli, "strike", 2, "--feinted", "by-you", "--dice", "1,2,3").json["ld"]["nd"] == 2
    assert quick(cli, "strike", 2, "--feinted", "by-ally", "--dice", "1,2,3").json["ld"]["nd"] == 1


# --- 004-R14: insults and threats ----------------------------------------------------

def test_004_R14_insults_above_calm_enrage(cli):
    # charlatanry 2 (3d12) middle 2: above calm 1, not above 2 or 3
    r = quick(cli, "insult", 2, "--rivals", "1,2,3", "--dice", "1,2,9")
    assert [x["enraged"] for x in r.json["rivals"]] == [True, False, False]
    refused(cli("middle", "insult", "2", "--rivals", "4"), "0..3")


def test_004_R14_an_insult_lasts_until_revenge(cli):
    # Rata (charlatanerías 3, innate: the highest) insults the tiger (calma 0) and Novato (calma 0)
    r = camp(cli, "insult", "Rata", "--rivals", "Dientes de Sable,Novato", "--dice", "1,2,3")
    assert r.json["ld"]["result"] == 3 and [x["enraged"] for x in r.json["rivals"]] == [True, True]
    tiger = state(cli, "Dientes de Sable")
    assert tiger["estados"] == ["irritado"] and tiger["irritado_por"] == "Rata"
    # an Enraged attacker strikes at ND −1; landing a blow on the insulter is its revenge
    r = camp(cli, "strike", "Dientes de Sable", "habilidad de batalla", "--target", "Aldara", "--dice", "5,6,7")
    assert {"key": "state:irritado", "nd": -1} in r.json["ld"]["nd_modifiers"]
    end_round(cli)
    camp(cli, "strike", "Dientes de Sable", "habilidad de batalla", "--target", "Rata", "--dice", "1,2,3")
    assert state(cli, "Dientes de Sable")["estados"] == []


def test_004_R14_threats_rout_above_three_times_valor_and_cow_otherwise(cli):
    # ferocity 2 middle 7: 7 > 3 × 2 → flees; 7 ≤ 3 × 3 → Cowed; against valor 0 → flees
    r = quick(cli, "threaten", 2, "--rivals", "2,3,0", "--dice", "2,7,9")
    assert [x["effect"] for x in r.json["rivals"]] == ["flees", "cowed", "flees"]
    # threats = "valor" (GAP-9): cowed only above the valor; 2 is not above 3
    r = quick(cli, "threaten", 1, "--rivals", "3", "--rule", "threats=valor", "--dice", "1,2,6")
    assert r.json["rivals"][0]["effect"] == "none"
    r = quick(cli, "threaten", 1, "--rivals", "3", "--dice", "1,2,6")
    assert r.json["rivals"][0]["effect"] == "cowed"


def test_004_R14_threats_on_the_campaign(cli):
    # Bruno's ferocidad 3 (3d20) middle 4: Novato (valor 1) flees, the tiger (valor 2) is Cowed
    r = camp(cli, "threaten", "Bruno", "--rivals", "Novato,Dientes de Sable", "--dice", "3,4,12")
    assert [x["effect"] for x in r.json["rivals"]] == ["flees", "cowed"]
    assert state(cli, "Novato")["moral"] == "huyendo"
    assert state(cli, "Dientes de Sable")["estados"] == ["acobardado"]


def test_004_R5_shouts_are_special_actions_before_the_combat_action(cli):
    camp(cli, "insult", "Rata", "--rivals", "Novato", "--dice", "1,2,3")
    assert camp(cli, "strike", "Rata", "--target", "Novato", "--dice", "1,2,3").code == 0
    refused(cli("-C", "middle", "threaten", "Rata", "--rivals", "Novato"), "special combat actions")


def test_004_R14_rivals_must_be_named(cli):
    refused(cli("middle", "insult", "2"), "--rivals")
    refused(cli("-C", "middle", "insult", "Rata", "--rivals", "Nadie"), "not a character", "Characters")


def test_004_R9_duel_lds_bear_the_duellists_states(cli):
    # decided: pushing locked weapons is fighting with them, so a Dazed duellist throws at ND −1 (004-R16)
    r = quick(cli, "duel", 2, "--rival-use", 2, "--states", "mareado", "--dice", "1,4,9,2,4,6")
    assert r.json["ld"]["nd"] == -1 and r.json["ld"]["result"] == 1 and r.json["opposition_ld"]["nd"] == 0
