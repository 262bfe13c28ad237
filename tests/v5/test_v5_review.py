"""An independent check of the v5 system against the book (seed 003, and its
rules and rulings in docs/systems/v5.md), through the command line, with other
numbers than the book's examples. Every expected number is worked out by hand here
from the rules (the comments show the sums), and the exact odds are checked against
an enumeration of every face written for this file alone.

The first block guards the divergences this review found and fixed; the rest guard
the rules in general (edges: pools of 1 and of 16, several 10s, Hunger dice, ties,
full trackers...)."""

from __future__ import annotations

import itertools
from collections import defaultdict
from fractions import Fraction

import pytest

from v5_helpers import camp, reroll_faces, v5


def state_of(cli, name: str) -> dict:
    return cli("-C", "v5", "character", "show", name, "--json").json["state"]


def status_of(cli, name: str) -> dict:
    return cli("-C", "v5", "character", "show", name, "--json").json["status"]


def text(cli, *args) -> str:
    r = cli("v5", *map(str, args))
    return r.out


# --- divergences found by the review ----------------------------------------------------


@pytest.mark.parametrize("seed", range(1, 9))
def test_gap11_a_character_never_spends_willpower_unless_asked(cli, seed):
    """The rulings (GAP-11): a Willpower reroll is the player's choice. Before the
    review the default policy spent a campaign character's Willpower by itself on
    any roll the tool made that fell short (seed 1 here: Fabian rerolled 3 dice)."""
    r = camp(cli, "check", "Fabian", "Carisma+Persuasión", "--difficulty", 4, "--seed", seed)
    assert "willpower_reroll" not in r.json["roll"]
    assert (state_of(cli, "Fabian").get("willpower_superficial") or 0) == 0


def test_gap11_the_automatic_reroll_is_still_there_when_asked_for(cli):
    r = camp(cli, "check", "Fabian", "Carisma+Persuasión", "--difficulty", 4, "--seed", 1, "--reroll", "auto")
    assert r.json["roll"]["willpower_reroll"]["spent"]["levels"] == 1
    assert state_of(cli, "Fabian")["willpower_superficial"] == 1


def test_gap11_a_failed_check_says_a_reroll_could_save_it(cli):
    # Fabian Carisma 3 + Persuasión 3 = 6: regular 1, 2, 3, 6, 7 | Hunger 8 → 3 successes < 4;
    # three failed dice rerolled could bring it to 4 or more.
    r = cli("-C", "v5", "check", "Fabian", "Carisma+Persuasión", "--difficulty", 4, "--dice", "1,2,3,6,7,8")
    assert r.code == 1 and "could change this: --reroll failures" in r.out
    assert (state_of(cli, "Fabian").get("willpower_superficial") or 0) == 0


def test_gap11_a_missed_shot_at_a_target_that_does_not_defend_says_so_too(cli):
    # 6, 7 → 2 < difficulty 3; four failed dice, three rerolled could reach 3 (003-R6 is a test like check).
    r = cli("v5", "attack", 6, "--difficulty", 3, "--dice", "6,7,1,1,1,1")
    assert r.code == 1 and "could change this: --reroll failures" in r.out


def test_rulings_003_a_contest_names_a_messy_critical(cli):
    """The rulings: a critical with a Hunger 10 is messy, in a contest as in a test.
    Before the review only the JSON said so."""
    # regular 10, 6 | Hunger 10 → the pair of 10s counts 4, + the 6 = 5; the opponent's 1, 2, 3, 4 → 0.
    r = v5(cli, "contest", 3, 4, "--hunger", 1, "--dice", "10,6,10,1,2,3,4")
    assert r.json["degree"] == "messy_critical" and r.json["margin"] == 5
    assert any("messy critical" in line for line in r.json["explanation"])
    es = text(cli, "contest", 3, 4, "--hunger", 1, "--dice", "10,6,10,1,2,3,4", "--lang", "es")
    assert "crítico conflictivo" in es


def test_rulings_003_an_attack_names_the_losers_bestial_failure(cli):
    # The attacker's 6, 6 → 2; the defender's regular 2, 2 | Hunger 1 → 0: it loses with a Hunger 1.
    r = v5(cli, "attack", 2, 3, "--target-hunger", 1, "--dice", "6,6,2,2,1")
    assert r.json["opposition_degree"] == "bestial_failure"
    assert any(line.startswith("Defender: bestial failure") for line in r.json["explanation"])
    es = text(cli, "attack", 2, 3, "--target-hunger", 1, "--dice", "6,6,2,2,1", "--lang", "es")
    assert "Defensor: fallo bestial" in es


@pytest.mark.parametrize("creature,kind,levels", [("mortal", "aggravated", 4), ("vampire", "superficial", 2)])
def test_003_R7_R12_a_shot_with_no_rating_given_is_still_a_firearm(cli, creature, kind, levels):
    """003-R12: firearms are aggravated against mortals, superficial against vampires.
    Before the review a ranged attack without --weapon was typed as fists and kicks."""
    # 6, 7, 8, 9 → 4 against 1, 1 → 0: margin 4, no rating.
    r = v5(cli, "attack", 4, 2, "--ranged", "--target-creature", creature, "--dice", "6,7,8,9,1,1")
    hit = r.json["hits"][0]
    assert (hit["damage"], hit["source"], hit["type"], hit["levels"]) == (4, "weapon", kind, levels)


def test_003_R11_an_audience_outside_a_social_conflict_is_refused(cli):
    """003-R11: the audience adds damage in a social conflict. Before the review
    --audience without --social was silently dropped."""
    r = cli("v5", "attack", 3, 2, "--audience", 2, "--dice", "6,6,6,1,1")
    assert r.code == 2 and r.out == "" and r.err.count("\n") == 1 and "--social" in r.err


@pytest.mark.parametrize("extra", [("--ranged", "--cover", "strong"), ("--earlier", "2")])
def test_003_R6_R7_R9_defence_modifiers_need_a_defence(cli, extra):
    """Cover (003-R7) and earlier opponents (003-R9) change the defence pool; a target
    that does not defend (003-R6) has none. Before the review they were silently ignored."""
    r = cli("v5", "attack", 5, "--difficulty", 2, *extra, "--dice", "6,6,1,1,1")
    assert r.code == 2 and r.out == "" and r.err.count("\n") == 1 and "--difficulty" in r.err


@pytest.mark.parametrize("flag,value", [("--weapon", "-1"), ("--target-weapon", "11")])
def test_003_R11_a_weapon_rating_outside_0_to_10_is_refused_with_the_range(cli, flag, value):
    """Before the review --weapon -1 was read as a weapon's name and 99 was taken."""
    r = cli("v5", "attack", 3, 2, flag, value)
    assert r.code == 2 and r.err.count("\n") == 1 and "out of range 0..10" in r.err


@pytest.mark.parametrize("tracker,pool,size", [
    ("health", "Compostura+Armas de Fuego", 6 - 2),   # the book's shot (003-R3): a physical pool
    ("willpower", "Compostura+Armas de Fuego", 6),
    ("health", "Astucia+Atletismo", 5 - 2),
    ("willpower", "Fuerza+Intimidación", 1),  # 2 + 0 − 2, never below 1: intimidating is social
    ("health", "Fuerza+Intimidación", 2),
    ("willpower", "Carisma+Astucia", 2 + 3 - 2),        # no Skill: the Attribute's kind
])
def test_003_R15_gap4_the_skill_says_which_tracker_weakens_a_pool(cli, tracker, pool, size):
    """Before the review a pool's kind was its Attribute's alone: Tracy's Compostura +
    Armas de Fuego lost nothing to Impaired Health and two dice to Impaired Willpower."""
    # Tracy: Health Resistencia 2 + 3 = 5, Willpower Compostura 3 + Resolución 2 = 5; 10 halves to 5 "/".
    camp(cli, "damage", "Tracy", 10, "--tracker", tracker)
    r = camp(cli, "check", "Tracy", pool, "--difficulty", 1, "--dice", ",".join(["6"] * size))
    assert r.json["roll"]["pool"]["size"] == size


def test_003_R13_one_level_is_said_in_the_singular(cli):
    out = text(cli, "attack", 2, 1, "--dice", "6,1,1")  # margin 1 superficial: halved, rounding up, to 1
    assert "1 level to mark" in out and "1 levels" not in out
    assert "1 nivel a marcar" in text(cli, "attack", 2, 1, "--dice", "6,1,1", "--lang", "es")


def test_003_R13_the_spanish_says_it_as_the_book_does(cli):
    es = text(cli, "damage", 5, "--with", "health_max=6", "--lang", "es")
    assert "dividido por dos (redondeando hacia arriba) queda en 3" in es  # "divide por dos (redondeando hacia arriba)"


def test_003_R21_a_rouse_check_of_6_plus_says_the_hunger_stays(cli):
    r = v5(cli, "recover", "end_of_turn", "--with", "creature=vampire", "--with", "hunger=2",
           "--with", "health_superficial=2", "--dice", 8)
    assert r.json["results"][0]["hunger"] == 2
    assert "Hunger stays at 2" in r.json["explanation"][0] and "Hunger 2 → 2" not in r.json["explanation"][0]


# --- the roll: successes, criticals, Hunger (rulings, GAP-1) ---------------------------


@pytest.mark.parametrize("dice,successes,critical", [
    ("6", 1, False), ("5", 0, False), ("10", 1, False),            # a pool of 1: exactly 6 succeeds
    ("10,10", 4, True),                                              # a pair of 10s counts 4
    ("10,10,10", 5, True),                                           # a pair and a lone 10
    ("10,10,10,10", 8, True),                                        # two pairs
    ("10,10,10,10,10,1", 9, True),                                   # two pairs and a lone 10
    ("10,10,10,9,8,7,6,5,4,3,2,1,1,1,6,6", 11, True),                # 16 dice: 5 + six 6–9s
])
def test_gap1_successes_and_pairs_of_10s(cli, dice, successes, critical):
    r = v5(cli, "roll", len(dice.split(",")), "--dice", dice)
    assert (r.json["roll"]["successes"], r.json["roll"]["critical"]) == (successes, critical)


def test_gap1_a_critical_that_falls_short_is_a_failure(cli):
    r = v5(cli, "check", 4, "--difficulty", 6, "--reroll", "none", "--dice", "10,10,10,1")  # 5 < 6
    assert r.code == 1 and (r.json["successes"], r.json["degree"]) == (5, "failure")


@pytest.mark.parametrize("difficulty,degree,code", [(17, "critical_win", 0), (18, "failure", 1)])
def test_003_R6_a_high_difficulty(cli, difficulty, degree, code):
    r = v5(cli, "check", 9, "--difficulty", difficulty, "--dice", ",".join(["10"] * 9))  # 9 + 2 × 4 pairs = 17
    assert (r.json["successes"], r.json["degree"], r.code) == (17, degree, code)


def test_003_R6_difficulty_0_is_refused_with_the_range(cli):
    r = cli("v5", "check", 3, "--difficulty", 0)
    assert r.code == 2 and r.err.count("\n") == 1 and "1..30" in r.err


@pytest.mark.parametrize("dice,hunger,difficulty,degree", [
    ("10,10,10", 1, 1, "messy_critical"),     # regular 10, 10 | Hunger 10: any Hunger 10 in a critical
    ("10,9,10", 1, 2, "messy_critical"),      # regular 10, 9 | Hunger 10: the pair takes the Hunger die
    ("10,10,9", 1, 2, "critical_win"),        # the pair on regular dice, Hunger 9
    ("2,3,1", 1, 1, "bestial_failure"),       # no success and a Hunger 1: bestial outranks total
    ("2,3,4", 1, 1, "total_failure"),
    ("6,1,9", 2, 3, "bestial_failure"),       # 2 successes < 3 with a Hunger 1
    ("1,7", 4, 1, "win"),                      # Hunger 4 on a pool of 2: both dice Hunger; a win with a 1 is a win
])
def test_rulings_003_hunger_dice(cli, dice, hunger, difficulty, degree):
    r = v5(cli, "check", len(dice.split(",")), "--difficulty", difficulty, "--hunger", hunger, "--dice", dice)
    assert r.json["degree"] == degree
    assert r.json["roll"]["pool"]["hunger_dice"] == min(hunger, len(dice.split(",")))
    assert r.code == (0 if degree in ("messy_critical", "critical_win", "win") else 1)


# --- conflicts (003-R4…R11) -------------------------------------------------------------------


def test_003_R5_a_two_sided_tie_at_1_deals_1_each_way_plus_each_weapon(cli):
    # 6, 1, 1 → 1 against 7, 2, 2 → 1: a tie.
    args = ("attack", 3, 3, "--two-sided", "--weapon", 3, "--target-weapon", 1, "--dice", "6,1,1,7,2,2")
    r = v5(cli, *args)
    assert r.json["outcome"] == "tie"
    got = {h["by"]: (h["margin"], h["damage"], h["type"], h["levels"]) for h in r.json["hits"]}
    assert got == {"attacker": (1, 1 + 3, "aggravated", 4), "defender": (1, 1 + 1, "aggravated", 2)}
    alone = v5(cli, *args, "--rule", "tie_weapon=false")
    assert [h["damage"] for h in alone.json["hits"]] == [1, 1]


def test_003_R5_a_two_sided_tie_at_nothing_still_deals_1_each_way(cli):
    r = v5(cli, "attack", 2, 2, "--two-sided", "--dice", "1,2,3,4")  # 0 against 0
    assert [(h["by"], h["damage"], h["levels"]) for h in r.json["hits"]] == [("attacker", 1, 1), ("defender", 1, 1)]


def test_003_R5_a_one_sided_tie_deals_nothing(cli):
    r = v5(cli, "attack", 3, 2, "--dice", "6,7,1,8,9")  # 2 against 2
    assert r.code == 1 and r.json["outcome"] == "tie" and r.json["hits"] == []
    assert r.json["explanation"][2] == "Tie at 2: a one-sided conflict, a tie deals no damage"  # said plainly


def test_003_R5_two_sided_the_defender_who_wins_deals_its_margin_and_weapon(cli):
    # 6, 1 → 1 against 7, 8, 9 → 3: the defender wins by 2, + its weapon 2 = 4 superficial on a vampire.
    r = v5(cli, "attack", 2, 3, "--two-sided", "--target-weapon", 2, "--creature", "vampire",
           "--dice", "6,1,7,8,9")
    hit = r.json["hits"][0]
    assert (hit["by"], hit["damage"], hit["type"], hit["levels"]) == ("defender", 4, "superficial", 2)


def test_003_R11_R12_margin_plus_weapon_halved_on_a_vampire(cli):
    # 6, 7, 8, 9, 6 → 5 against 6, 1, 1 → 1: margin 4 + weapon 2 = 6 superficial (a weapon on a vampire) → 3.
    r = v5(cli, "attack", 5, 3, "--weapon", 2, "--target-creature", "vampire", "--dice", "6,7,8,9,6,6,1,1")
    hit = r.json["hits"][0]
    assert (hit["margin"], hit["damage"], hit["type"], hit["levels"]) == (4, 6, "superficial", 3)


@pytest.mark.parametrize("source,kind", [("fire", "aggravated"), ("sunlight", "aggravated"),
                                         ("supernatural", "aggravated"), ("nonlethal", "superficial"),
                                         ("weapon", "superficial")])
def test_003_R12_what_hurts_a_vampire(cli, source, kind):
    r = v5(cli, "attack", 3, 1, "--source", source, "--target-creature", "vampire", "--dice", "6,6,6,1")
    assert r.json["hits"][0]["type"] == kind and r.json["hits"][0]["levels"] == (3 if kind == "aggravated" else 2)


@pytest.mark.parametrize("difficulty,weapon,damage,kind", [(3, 0, 1, "superficial"), (3, 3, 3, "aggravated"),
                                                           (2, 0, 1, "superficial"), (4, 0, None, None)])
def test_003_R6_gap6_a_target_that_does_not_defend(cli, difficulty, weapon, damage, kind):
    # 6, 7, 8, 1 → 3 successes: margin 3 − difficulty, a hit deals at least 1.
    r = v5(cli, "attack", 4, "--difficulty", difficulty, "--weapon", weapon, "--dice", "6,7,8,1")
    if damage is None:
        assert r.code == 1 and r.json["hits"] == []
    else:
        assert (r.json["hits"][0]["damage"], r.json["hits"][0]["type"]) == (damage, kind)
        assert r.json["margin"] == 3 - difficulty


@pytest.mark.parametrize("cover,size", [("none", 4 - 2), ("some", 4), ("good", 4 + 1), ("strong", 4 + 2)])
def test_003_R7_cover_on_a_defence_of_4(cli, cover, size):
    r = v5(cli, "attack", 3, 4, "--ranged", "--cover", cover, "--dice", ",".join(["2"] * (3 + size)))
    assert r.json["opposition"]["pool"]["size"] == size and r.json["cover"] == cover


def test_gap14_no_cover_on_a_defence_of_1_keeps_one_die_unless_the_floor_is_0(cli):
    assert v5(cli, "attack", 3, 1, "--ranged", "--cover", "none", "--dice", "2,2,2,2").json["opposition"]["pool"]["size"] == 1
    r = v5(cli, "attack", 3, 1, "--ranged", "--cover", "none", "--rule", "pool_floor=0", "--dice", "2,2,2")
    assert r.json["opposition"]["pool"]["size"] == 0


def test_003_R8_a_dodge_that_wins_deals_nothing_and_one_that_loses_takes_the_margin(cli):
    won = v5(cli, "attack", 3, 4, "--dodge", "--dice", "6,1,1,6,7,8,1")  # 1 against 3
    assert won.json["outcome"] == "lose" and won.json["hits"] == []
    lost = v5(cli, "attack", 4, 2, "--dodge", "--dice", "6,7,8,1,6,1")  # 3 against 1
    assert lost.json["hits"][0]["damage"] == 2
    refused = cli("v5", "attack", 3, 4, "--dodge", "--two-sided")
    assert refused.code == 2 and "003-R8" in refused.err


def test_003_R9_each_earlier_opponent_takes_a_die_and_a_split_leaves_one_for_the_rest(cli):
    assert v5(cli, "attack", 3, 5, "--earlier", 3, "--dice", "2,2,2,2,2").json["opposition"]["pool"]["size"] == 2
    r = v5(cli, "attack", 8, 2, "--split", 5, "--dice", ",".join(["2"] * 7))
    assert r.json["roll"]["pool"]["size"] == 5 and r.json["roll"]["pool"]["whole"] == 8
    bad = cli("v5", "attack", 8, 2, "--split", 8)
    assert bad.code == 2 and "out of range 1..7" in bad.err


def test_003_R10_the_order_of_resolution_with_ties(cli):
    r = v5(cli, "initiative", "--declare",
           "A=ranged:5:2,B=ranged:5:3,C=new:9:5,D=ongoing:1:0,E=surprise:0:0,F=other:9:9")
    assert r.json["order"] == ["E", "D", "B", "A", "C", "F"]  # surprise, ongoing, ranged (skill 3 before 2), new


def test_003_R7_two_shooting_at_each_other_may_roll_once(cli):
    """003-R7: "puedes resolver la situación como un conflicto bilateral"; before the review
    only close combat was paired."""
    r = camp(cli, "initiative", "Tracy", "Clara", "Leah",
             "--declare", "Tracy=ranged:Firearms>Clara,Clara=ranged:Armas de Fuego>Tracy")
    assert r.json["shootouts"] == [["Clara", "Tracy"]] and r.json["together"] == []
    assert r.json["order"] == ["Tracy", "Clara", "Leah"]  # still in their places: it is the Storyteller's option
    assert "may be one two-sided conflict roll" in r.json["explanation"][0]


# --- the trackers (003-R13…R16) ---------------------------------------------------------------


@pytest.mark.parametrize("amount,levels", [(1, 1), (7, 4), (8, 4), (0, 0)])
def test_003_R13_superficial_damage_is_halved_rounding_up(cli, amount, levels):
    r = v5(cli, "damage", amount, "--with", "health_max=9")
    assert r.json["levels"] == levels and r.json["after"]["superficial"] == levels


def test_003_R13_R15_a_hit_that_overflows_the_empty_boxes_converts_slashes(cli):
    # Stamina 4: Health 7 with 5 "/"; 6 superficial halves to 3: 2 fill the empty boxes, 1 converts a "/".
    r = v5(cli, "damage", 6, "--with", "attributes.Resistencia=4", "--with", "health_superficial=5")
    assert r.json["after"]["boxes"] == "[X / / / / / /]"
    assert (r.json["marked_superficial"], r.json["converted"]) == (2, 1)
    agg = v5(cli, "damage", 3, "--type", "aggravated", "--with", "health_max=4", "--with", "health_superficial=4")
    assert agg.json["after"]["boxes"] == "[X X X /]"  # aggravated on a full tracker converts 1:1, not halved


def test_003_R16_a_mortal_whose_health_fills_with_aggravated_dies_and_cannot_act(cli):
    r = camp(cli, "damage", "Terence", 7, "--source", "weapon")  # Resistencia 2 + 3 = 5 boxes; a weapon on a mortal
    assert r.json["after"]["boxes"] == "[X X X X X]" and r.json["overflow"] == 2 and r.json["out"] == "dead"
    refused = cli("-C", "v5", "check", "Terence", "Fuerza+Pelea", "--difficulty", 1)
    assert refused.code == 2 and refused.err.count("\n") == 1 and "cannot act" in refused.err


def test_003_R16_willpower_full_of_aggravated_in_a_social_conflict_ruins_until_the_scene_ends(cli):
    camp(cli, "damage", "Fabian", 8, "--tracker", "willpower")  # Compostura 2 + Resolución 2 = 4: 4 "/"
    r = camp(cli, "damage", "Fabian", 7, "--tracker", "willpower", "--social")  # 4 levels convert all 4
    assert r.json["after"]["boxes"] == "[X X X X]" and r.json["out"] == "ruined"
    assert status_of(cli, "Fabian")["can_act"] is False
    camp(cli, "recover", "end_of_scene", "Fabian")
    assert status_of(cli, "Fabian")["can_act"] is True


def test_003_R15_an_impaired_dodger_defends_with_two_dice_less(cli):
    camp(cli, "damage", "Katarina", 11)  # 11 halves to 6: Resistencia 3 + 3 = 6 boxes, all "/"
    # Guardia 1: Fuerza 2 + Pelea 2 = 4 dice; Katarina: Destreza 3 + Atletismo 2 = 5, Impaired −2 → 3.
    r = camp(cli, "attack", "Guardia 1", "Fuerza+Pelea", "--target", "Katarina", "--dodge",
             "--dice", "2,2,2,2,2,2,2")
    assert r.json["opposition"]["pool"]["modifiers"] == {"impaired": -2} and r.json["opposition"]["pool"]["size"] == 3


def test_003_R14_a_willpower_reroll_on_a_full_tracker_marks_an_x(cli):
    camp(cli, "spend", "Fabian", 4)  # [/ / / /]
    # Destreza 2 + Sigilo 3 = 5 (4 regular, 1 Hunger): 1, 2, 3, 4 | 5 → 0; die 1 rerolled: 9.
    r = camp(cli, "check", "Fabian", "Destreza+Sigilo", "--difficulty", 1, "--reroll", "1", "--dice", "1,2,3,4,5,9")
    assert r.json["successes"] == 1 and r.json["roll"]["willpower_reroll"]["dice"] == [1]
    assert (state_of(cli, "Fabian")["willpower_superficial"], state_of(cli, "Fabian")["willpower_aggravated"]) == (3, 1)


@pytest.mark.parametrize("policy,said", [("1,2,3,4", "name 1 to 3"), ("5", "never Hunger dice")])
def test_gap11_at_most_three_regular_dice(cli, policy, said):
    r = cli("-C", "v5", "check", "Fabian", "Destreza+Sigilo", "--difficulty", 1, "--reroll", policy,
            "--dice", "1,2,3,4,5,9,9,9,9")
    assert r.code == 2 and said in r.err


# --- Hunger and recovery (003-R20…R24, rulings) ---------------------------------------------


def test_rulings_003_rouse_checks(cli):
    r = v5(cli, "rouse", 3, "--hunger", 2, "--dice", "5,6,1")  # 5 → 3, 6 stays, 1 → 4
    assert (r.json["hunger"], r.json["gained"], r.code) == (4, 2, 1)
    assert v5(cli, "rouse", "--hunger", 0, "--dice", 6).code == 0
    at_five = cli("v5", "rouse", "--hunger", 5)
    assert at_five.code == 2 and "Hunger 5" in at_five.err


def test_003_R20_R22_a_mortal_at_the_start_of_a_session(cli):
    # Stamina 4 heals 4 of 6 "/" Health; Willpower Compostura 1 + Resolución 5 = 6 heals max(1, 5) = 5 of 6.
    r = v5(cli, "recover", "start_of_session", "--with", "attributes.Resistencia=4", "--with", "health_superficial=6",
           "--with", "attributes.Compostura=1", "--with", "attributes.Resolución=5", "--with", "willpower_superficial=6")
    got = r.json["results"][0]
    assert (got["health"]["superficial"], got["willpower"]["superficial"]) == (2, 1)


def test_003_R21_R22_R23_a_vampire_at_the_start_of_a_session(cli):
    r = v5(cli, "recover", "start_of_session", "--ambition", "--with", "creature=vampire",
           "--with", "health_superficial=3", "--with", "willpower_aggravated=2", "--with", "attributes.Compostura=3")
    got = r.json["results"][0]
    assert got["health"]["superficial"] == 3  # a vampire mends Health with Rouse checks, not by the session
    assert got["willpower"]["aggravated"] == 1  # one aggravated Willpower for acting on the Ambition


@pytest.mark.parametrize("potency,mended", [(0, 1), (2, 2), (5, 3), (9, 4), (10, 5)])
def test_003_R21_mending_by_blood_potency(cli, potency, mended):
    r = v5(cli, "recover", "end_of_turn", "--with", "creature=vampire", "--with", f"blood_potency={potency}",
           "--with", "health_max=9", "--with", "health_superficial=7", "--dice", 3)
    got = r.json["results"][0]
    assert (got["health"]["superficial"], got["hunger"]) == (7 - mended, 2)  # the Rouse die 3 raises Hunger 1 → 2


def test_rulings_003_aggravated_health_costs_three_rouse_checks_a_point(cli):
    r = v5(cli, "recover", "rest", "--aggravated", 2, "--with", "creature=vampire", "--with", "health_aggravated=3",
           "--dice", "6,7,8,1,2,9")
    got = r.json["results"][0]
    assert (got["health"]["aggravated"], got["hunger"]) == (1, 3)  # 2 mended; 1 and 2 raise Hunger 1 → 3
    stopped = v5(cli, "recover", "rest", "--aggravated", 2, "--with", "creature=vampire", "--with", "hunger=4",
                 "--with", "health_aggravated=2", "--dice", "1")
    assert (stopped.json["results"][0]["health"]["aggravated"], stopped.json["results"][0]["hunger"]) == (2, 5)


# --- the book's terms in Spanish --------------------------------------------------------------


def test_the_spanish_terms(cli):
    assert "fallo bestial" in text(cli, "check", 3, "--difficulty", 1, "--hunger", 1, "--dice", "2,3,1", "--lang", "es")
    assert "Ansia [10*]" in text(cli, "check", 3, "--difficulty", 1, "--hunger", 1, "--dice", "10,10,10", "--lang", "es")
    torpor = cli("v5", "damage", 3, "--source", "fire", "--with", "creature=vampire", "--with", "health_max=3",
                 "--lang", "es").out
    assert "Letargo" in torpor and "Salud [X X X]" in torpor


# --- exact odds against every face ----------------------------------------------------------------


def _count(dice) -> int:
    tens = sum(d == 10 for d in dice)
    return sum(d >= 6 for d in dice) + 2 * (tens // 2)


def _degree(won: str, regular, hunger) -> str:
    dice = list(regular) + list(hunger)
    critical = sum(d == 10 for d in dice) >= 2
    if won == "win":
        return ("messy_critical" if 10 in hunger else "critical_win") if critical else "win"
    if won == "tie":
        return "tie"
    return "bestial_failure" if 1 in hunger else "total_failure" if _count(dice) == 0 else "failure"


def _faces(pool: int, hunger: int):
    h = min(pool, hunger)
    for faces in itertools.product(range(1, 11), repeat=pool):
        yield faces[:pool - h], faces[pool - h:], Fraction(1, 10 ** pool)


def _odds(cli, *args) -> dict[str, Fraction]:
    r = cli("odds", "v5", *map(str, args), "--json")
    assert r.code == 0, r.err
    return {k: Fraction(v["p"]) for k, v in r.json["outcomes"].items() if Fraction(v["p"])}


def _same(got: dict, want: dict) -> None:
    assert {k: v for k, v in got.items() if v} == {k: v for k, v in want.items() if v}


@pytest.mark.parametrize("pool,hunger,difficulty", [(3, 1, 2), (4, 2, 3), (1, 1, 1), (5, 0, 4)])
def test_odds_of_a_check_match_every_face(cli, pool, hunger, difficulty):
    # Counted in whole numbers, every face weighing the same, and divided once: summing
    # 10**5 Fractions cost the five-dice case a second.
    want: dict = defaultdict(int)
    for regular, hungry, _ in _faces(pool, hunger):
        n = _count(regular + hungry)
        won = "win" if n >= difficulty else "lose"
        want[_degree(won, regular, hungry)] += 1
        if won == "win":
            want["success"] += 1
            want[f"margin_{n - difficulty}"] += 1
    _same(_odds(cli, "check", pool, "--difficulty", difficulty, "--hunger", hunger),
          {k: Fraction(v, 10 ** pool) for k, v in want.items()})


def test_odds_of_a_check_with_a_willpower_reroll_match_every_face(cli):
    pool, hunger, difficulty = 4, 1, 3
    # In whole numbers: each first roll weighs 10**3, shared among the 10**k faces of a reroll of k dice.
    want: dict = defaultdict(int)
    for regular, hungry, _ in _faces(pool, hunger):
        failed = [i for i, d in enumerate(regular) if d < 6][:3]
        kept = tuple(d for i, d in enumerate(regular) if i not in failed)
        outcomes = [(regular, 10 ** 3)]
        best = kept + (10,) * len(failed)
        if _count(regular + hungry) < difficulty and failed and _count(best + hungry) >= difficulty:
            outcomes = [(kept + again, ways * 10 ** (3 - len(failed)))
                        for again, ways in reroll_faces(len(failed)).items()]
        for again, q in outcomes:
            n = _count(again + hungry)
            won = "win" if n >= difficulty else "lose"
            want[_degree(won, again, hungry)] += q
            if won == "win":
                want["success"] += q
                want[f"margin_{n - difficulty}"] += q
    total = 10 ** pool * 10 ** 3
    _same(_odds(cli, "check", pool, "--difficulty", difficulty, "--hunger", hunger, "--reroll", "failures"),
          {k: Fraction(v, total) for k, v in want.items()})


def _sides(a: int, ah: int, d: int, dh: int):
    theirs: dict = defaultdict(Fraction)
    for regular, hungry, q in _faces(d, dh):
        theirs[_count(regular + hungry)] += q
    for regular, hungry, p in _faces(a, ah):
        for m, q in theirs.items():
            yield regular, hungry, _count(regular + hungry), m, p * q


def test_odds_of_a_contest_match_every_face(cli):
    want: dict = defaultdict(Fraction)
    for regular, hungry, n, m, p in _sides(3, 1, 2, 1):
        won = "win" if n > m else "tie" if n == m else "lose"
        want[_degree(won, regular, hungry)] += p
        if won == "win":
            want["success"] += p
            want[f"margin_{n - m}"] += p
    _same(_odds(cli, "contest", 3, 2, "--hunger", 1, "--target-hunger", 1), want)


def test_odds_of_a_two_sided_attack_match_every_face(cli):
    weapon, target_weapon = 1, 2
    want: dict = defaultdict(Fraction)
    for regular, hungry, n, m, p in _sides(3, 0, 2, 0):
        won = "win" if n > m else "tie" if n == m else "lose"
        want[_degree(won, regular, hungry)] += p
        if won == "win":
            want["success"] += p
            want[f"damage_{n - m + weapon}"] += p
        elif won == "lose":
            want[f"damage_taken_{m - n + target_weapon}"] += p
        else:  # 003-R5: 1 each way, plus each weapon (tie_weapon)
            want[f"damage_{1 + weapon}"] += p
            want[f"damage_taken_{1 + target_weapon}"] += p
    _same(_odds(cli, "attack", 3, 2, "--two-sided", "--weapon", weapon, "--target-weapon", target_weapon), want)
