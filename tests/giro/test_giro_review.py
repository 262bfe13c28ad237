"""An independent review of the giro system against the book (seed 001,
and its rules and rulings in docs/systems/giro.md), through the
command line, with other numbers than the book's examples. Every expected value
is worked out by hand from the rules (or by a count over every die written
here, independently of the plugin's code), never copied from the output.

The first part holds the divergences the review found and fixed; the second,
cases that were right and now guard the rules in general."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

F = Fraction
BERTHOLD, PENNROCK, CHEVALLIER = "Berthold", "Nathaniel Pennrock", "Maurice Chevallier"
BECKETT, LENOIR = "Wilhelmina Beckett", "Clovis Lenoir"


def giro(cli, *args):
    return cli("giro", *map(str, args), "--json")


def camp(cli, *args):
    return cli("-C", "giro", *map(str, args), "--json")


def text(cli, *args):
    return cli("giro", *map(str, args))


# =============================================================================
# Divergences found by the review (each failed before its fix)
# =============================================================================

# --- the Night Die policy: rolled only when it can still help ----------------

def test_001_R18_a_losing_side_does_not_roll_a_night_die_that_cannot_win(cli):
    # 9 (limit 9) against 5 (limit 7): no Night Die of the limit-7 side can beat 9, so rolling it would
    # only bring its consequences ("con tal de conseguir la victoria"): it stays a plain loss, two dice read
    r = giro(cli, "contest", "5+4", "4+3", "--dice", "9,5")
    assert r.code == 0, r.err
    assert r.json["winner"] == "actor" and r.json["opposition"]["night"] is None
    assert r.json["opposition"]["consequences"] is False and r.json["night_order"] == []


def test_001_R18_the_overtaken_side_does_not_answer_when_its_night_die_cannot_win(cli):
    # actor 5 (limit 7) loses to 6 (limit 6), rolls its Night Die: 7 wins; the other side's best is its
    # limit 6 < 7, so it does not answer (before: a third Night Die was asked for)
    r = giro(cli, "contest", "4+3", "3+3", "--dice", "5,6,7")
    assert r.code == 0, r.err
    assert r.json["night_order"] == ["actor"] and r.json["roll"]["result"] == 7
    assert r.json["opposition"]["result"] == 6 and not r.json["opposition"]["consequences"]


def test_001_R18_a_night_die_that_could_only_tie_is_not_rolled(cli):
    # actor 7 (limit 7) against 4 (limit 7): the loser's best Night Die ties at 7, it never wins
    r = giro(cli, "contest", 7, 7, "--dice", "7,4")
    assert r.code == 0 and r.json["opposition"]["night"] is None and r.json["winner"] == "actor"


def test_001_R18_under_defender_a_tie_is_enough_for_the_target_to_roll(cli):
    # actor 7 (limit 7) against 4 (limit 7): with contest_tie = defender a Night Die of 7 wins for the target
    r = giro(cli, "contest", 7, 7, "--rule", "contest_tie=defender", "--dice", "7,4,7")
    assert r.code == 1 and r.json["winner"] == "target" and r.json["opposition"]["night"]["value"] == 7


def test_001_R18_adjustment_points_count_when_judging_whether_the_night_die_can_win(cli):
    # 8 (limit 8) against 3 + 2 points = 5 (limit 7): with its points a Night Die still ends at most at the
    # limit 7 < 8: it cannot win, so it is not rolled
    r = giro(cli, "contest", 8, 7, "--target-adjust", 2, "--dice", "8,3")
    assert r.code == 0 and r.json["opposition"]["night"] is None
    # a limit-9 side with 2 points can win against 8 (a Night Die of 7..11 ends at 9)
    r = giro(cli, "contest", 8, 9, "--target-adjust", 2, "--dice", "8,12,11")
    assert r.json["opposition"]["night"]["value"] == 9 and r.json["winner"] == "target"


def test_001_R6_no_night_die_when_the_range_is_empty(cli):
    # difficulty 8 above the limit 5: no die can land in range, so the Night Die would be a sure Fracaso
    r = giro(cli, "check", "3+2", "--difficulty", 8, "--dice", 8)
    assert r.code == 1 and r.json["outcome"] == "failure" and r.json["night"] is None
    assert r.json["failure_factor"] is None


def test_001_R6_night_always_rolls_it_even_when_it_cannot_help(cli):
    r = giro(cli, "check", "3+2", "--difficulty", 8, "--night", "always", "--dice", "8,5")
    assert r.code == 1 and r.json["outcome"] == "fiasco" and r.json["failure_factor"] == 5
    r = giro(cli, "contest", "5+4", "4+3", "--target-night", "always", "--dice", "9,5,7")
    assert r.json["opposition"]["night"]["value"] == 7 and r.json["winner"] == "actor"


@pytest.mark.slow  # an exhaustive count of a contest
def test_001_R18_odds_of_a_contest_match_an_independent_count(cli):
    # a count over every die, written here: both sides roll their Day Die; a side that failed or is behind
    # rolls its Night Die (which then stands) only when its best (its limit) beats the other's result
    def count(la, da, lb, db):
        out = {"win": 0, "loss": 0, "stalemate": 0, "simultaneous_failure": 0}
        for a1, b1, a2, b2 in product(range(1, 13), repeat=4):
            a = a1 if da <= a1 <= la else None
            b = b1 if db <= b1 <= lb else None
            used_a = used_b = False
            while True:
                if not used_a and (a is None or (b is not None and b > a)) and \
                        la >= da and (b is None or la > b):
                    used_a, a = True, (a2 if da <= a2 <= la else None)
                elif not used_b and (b is None or (a is not None and a > b)) and lb >= db and \
                        (a is None or lb > a):
                    used_b, b = True, (b2 if db <= b2 <= lb else None)
                else:
                    break
            key = ("simultaneous_failure" if a is None and b is None else "win" if b is None or
                   (a is not None and a > b) else "loss" if a is None or b > a else "stalemate")
            out[key] += 1
        return {k: F(v, 12 ** 4) for k, v in out.items()}

    for la, da, lb, db in ((6, 2, 9, 1), (10, 4, 8, 3)):
        r = cli("odds", "giro", "contest", la, lb, "--difficulty", da, "--target-difficulty", db, "--json")
        got = {k: F(v["p"]) for k, v in r.json["outcomes"].items()}
        want = count(la, da, lb, db)
        assert (got["success"], got["loss"], got["stalemate"], got["simultaneous_failure"]) == \
            (want["win"], want["loss"], want["stalemate"], want["simultaneous_failure"]), (la, lb)


# --- what a contest's loser is told -------------------------------------------

def test_001_R18_the_beaten_side_is_not_told_it_succeeded(cli):
    # 9 against 5 (limit 7): the 5 is within range but beaten
    r = text(cli, "contest", "5+4", "4+3", "--dice", "9,5")
    assert "Opposition: Beaten with 5 (within its range): the goal is not reached" in r.out
    assert "Opposition: Success" not in r.out and "Actor: Success, Success Factor 9" in r.out
    # with its Night Die (forced by --target-night always) it also bears the consequences
    r = text(cli, "contest", "5+4", "4+3", "--target-night", "always", "--dice", "9,5,7", "--lang", "es")
    assert "Oposición: Superado con 7 (dentro de su rango): no lo logra, y el Dado Nocturno trae un problema" \
        in r.out


def test_001_R18_a_stalemate_tells_both_sides_nobody_wins(cli):
    r = text(cli, "contest", 6, 8, "--dice", "5,5")
    assert r.code == 1
    assert "Actor: Tied with 5: nobody wins" in r.out and "Opposition: Tied with 5: nobody wins" in r.out


# --- factor modifiers are shown --------------------------------------------------

def test_001_R9_a_modified_factor_shows_its_modifier_and_the_floor(cli):
    r = text(cli, "check", "3+2", "--success-factor-mod", -5, "--dice", 3)
    assert "Success, Success Factor 3 -5 (modifier) = 1 (never below 1)" in r.out
    r = text(cli, "check", "3+2", "--failure-factor-mod", 2, "--dice", "7,9", "--lang", "es")
    assert "Fracaso, Factor de Fracaso 9 +2 (modificador) = 11" in r.out
    r = text(cli, "automatic", "failure", "--failure-factor-mod", -4, "--dice", 6)
    assert "Failure Factor 1d12 = 6 -4 (modifier) = 2" in r.out and r.code == 1


# --- --untrained says the challenge is advanced ------------------------------------

def test_001_R12_untrained_alone_forces_the_night_turn(cli):
    # "Untrained in that advanced skill (forces a Night Turn)": before, without --advanced it did nothing
    r = giro(cli, "check", "3+2", "--untrained", "--dice", 4)
    assert r.json["pool"]["night_turn"] and r.json["day"] is None
    assert r.json["outcome"] == "success_with_consequences" and r.json["success_factor"] == 4


# --- one-line messages --------------------------------------------------------

def test_an_opposition_named_by_traits_without_a_target_says_to_give_one(cli):
    r = cli("-C", "giro", "contest", BERTHOLD, "Ímpetu + Fisicoculturismo", "Gracia + Percepción")
    assert r.code == 2 and r.err.count("\n") == 1 and "--target" in r.err


def test_001_R13_day_dice_that_all_fail_say_so(cli):
    r = text(cli, "check", "4+3", "--difficulty", 5, "--assist", 2, "--dice", "2,3,9,6")
    assert "Day Dice 2, 3, 9 → none in range; the nearest, 9: above the limit 7" in r.out


# =============================================================================
# Cases that were right: guards of the rules in general
# =============================================================================

@pytest.mark.parametrize("die,ok", [(4, True), (9, True), (3, False), (10, False)])
def test_001_R5_dice_equal_to_the_difficulty_and_to_the_limit_succeed(cli, die, ok):
    r = giro(cli, "check", "5+4", "--difficulty", 4, "--night", "never", "--dice", die)
    assert r.json["range"] == [4, 9] and (r.json["outcome"] == "success") == ok and r.code == (0 if ok else 1)
    assert r.json["success_factor"] == (die if ok else None)


def test_001_R5_a_limit_above_12(cli):
    r = giro(cli, "check", "9+6", "--difficulty", 12, "--dice", "11,12")
    assert r.json["limit"] == 15 and r.json["range"] == [12, 15]
    assert r.json["outcome"] == "success_with_consequences" and r.json["success_factor"] == 12


def test_001_R6_R8_fallo_fracaso_and_the_failure_factor(cli):
    r = giro(cli, "check", "5+4", "--difficulty", 4, "--dice", "10,3")
    assert r.code == 1 and r.json["outcome"] == "fiasco" and r.json["failure_factor"] == 3
    r = giro(cli, "check", "5+4", "--difficulty", 4, "--night", "never", "--dice", 3)
    assert r.code == 1 and r.json["outcome"] == "failure" and r.json["failure_factor"] is None
    r = giro(cli, "check", "5+4", "--difficulty", 4, "--dice", "3,9")
    assert r.code == 0 and r.json["outcome"] == "success_with_consequences" and r.json["die"] == "night"
    assert r.json["success_factor"] == 9 and r.json["consequences"]


def test_001_R13_extra_day_dice_keep_the_best_in_range_and_extra_night_dice_the_highest(cli):
    r = giro(cli, "check", "4+2", "--difficulty", 3, "--extra-day", 2, "--dice", "2,5,4")
    assert r.json["day"]["kept"] == 5 and r.json["success_factor"] == 5 and r.json["pool"]["day"] == 3
    # every Day Die fails (2, 8, 12 against 3–6); three Night Dice: the highest, 9, must be taken
    r = giro(cli, "check", "4+2", "--difficulty", 3, "--extra-day", 2, "--extra-night", 2,
             "--dice", "2,8,12,5,9,4")
    assert r.json["night"]["kept"] == 9 and r.json["outcome"] == "fiasco" and r.json["failure_factor"] == 9


def test_001_R13_tempting_fate_makes_every_die_a_night_die(cli):
    # one Day Die + one extra Day Die + the Night Die + one extra Night Die + the one more: 5 Night Dice
    r = giro(cli, "check", "4+4", "--tempt", "--extra-day", 1, "--extra-night", 1, "--dice", "2,8,7,1,3")
    assert r.json["day"] is None and r.json["pool"]["night"] == 5
    assert r.json["night"]["kept"] == 8 and r.json["outcome"] == "success_with_consequences"


def test_001_R12_a_night_turn_takes_adjustments_but_no_extra_dice(cli):
    r = giro(cli, "check", "3+2", "--night-turn", "--difficulty", 2, "--adjust", 1, "--dice", 6)
    assert r.json["night"]["value"] == 5 and r.json["outcome"] == "success_with_consequences"
    for extra in (("--extra-day", 1), ("--assist", 1), ("--tempt",), ("--extra-night", 2)):
        r = cli("giro", "check", "3+2", "--night-turn", *map(str, extra))
        assert r.code == 2 and r.err.count("\n") == 1


def test_001_R14_adjustments_floor_at_1_exceed_12_and_split(cli):
    r = giro(cli, "check", "9+9", "--difficulty", 12, "--adjust", 5, "--dice", 9)
    assert r.json["day"]["value"] == 14 and r.json["success_factor"] == 14
    r = giro(cli, "check", "1+0", "--adjust", 3, "--adjust-day", -3, "--dice", 2)
    assert r.json["day"]["value"] == 1 and r.json["outcome"] == "success"
    # 4 points: -1 on the Day Die 9 (still above 6), the other 3 on the Night Die 10 (→ 7, still above):
    # a Fracaso with the Failure Factor raised to 10 + 3 = 13 by the points left
    r = giro(cli, "check", "3+3", "--adjust", 4, "--adjust-day", -1, "--dice", "9,10")
    assert r.json["day"]["value"] == 8 and r.json["night"]["adjust"] == 3
    assert r.json["outcome"] == "fiasco" and r.json["failure_factor"] == 13
    # the Day Die out of reach keeps all its points for the Night Die: 11 - 3 = 8 within 1–8
    r = giro(cli, "check", "4+4", "--adjust", 3, "--dice", "12,11")
    assert r.json["day"]["adjust"] == 0 and r.json["night"]["value"] == 8 and r.json["success_factor"] == 8


def test_001_R15_R16_flexible_and_chained_on_a_character(cli):
    # Chevallier: Ímpetu 3, Gracia 3, Atletismo 3, Diplomacia 2
    r = camp(cli, "check", CHEVALLIER, "Ímpetu y Gracia + Atletismo e Diplomacia", "--dice", 5)
    assert r.json["limit"] == 3 + 2
    r = camp(cli, "check", CHEVALLIER, "Ímpetu o Gracia + Atletismo u Diplomacia", "--dice", 6)
    assert r.json["limit"] == 3 + 3
    r = camp(cli, "check", CHEVALLIER, "Ímpetu o Gracia + Atletismo u Diplomacia", "--pick", "Diplomacia",
             "--night", "never", "--dice", 6)
    assert r.json["limit"] == 3 + 2 and r.json["outcome"] == "failure"  # 6 is above the limit 5


def test_001_R16_R12_a_chained_challenge_with_an_untrained_advanced_skill_is_a_night_turn(cli):
    # Pennrock: Mecanología advanced, untrained; chained with Atletismo 2 → the lowest skill, 0
    r = camp(cli, "check", PENNROCK, "Genio + Atletismo y Mecanología", "--dice", 2)
    assert r.json["pool"]["night_turn"] and r.json["limit"] == 3 + 0 and r.json["success_factor"] == 2


def test_001_R17_each_assistant_adds_a_day_die_and_the_range_is_the_roller_s(cli):
    r = camp(cli, "check", BERTHOLD, "Ímpetu + Fisicoculturismo", "--assist", f"{CHEVALLIER},{BECKETT}",
             "--difficulty", 5, "--dice", "2,6,9")
    assert r.json["pool"]["day"] == 3 and r.json["range"] == [5, 7] and r.json["success_factor"] == 6
    r = cli("-C", "giro", "check", BERTHOLD, "Genio + Mecanología", "--assist", PENNROCK)
    assert r.code == 2 and "untrained" in r.err


def test_001_R18_the_night_die_after_a_losing_day_die_and_the_answer(cli):
    # 4 (limit 6) behind 5 (limit 9): the actor's Night Die 6 overtakes; the other side (best 9 > 6)
    # answers with 8, which stands and wins
    r = giro(cli, "contest", 6, 9, "--dice", "4,5,6,8")
    assert r.json["night_order"] == ["actor", "target"] and r.json["winner"] == "target" and r.code == 1
    assert r.json["roll"]["consequences"] and r.json["opposition"]["result"] == 8
    # the Night Die that fails stands too: 3 behind 7, Night Die 11 over the limit 9 → a Fracaso
    r = giro(cli, "contest", 9, 8, "--dice", "3,7,11")
    assert r.json["roll"]["outcome"] == "fiasco" and r.json["roll"]["failure_factor"] == 11
    assert r.json["winner"] == "target"


@pytest.mark.parametrize("tie,winner,code", [("stalemate", None, 1), ("defender", "target", 1)])
def test_001_R18_ties(cli, tie, winner, code):
    r = giro(cli, "contest", 8, 8, "--rule", f"contest_tie={tie}", "--night", "never", "--target-night", "never",
             "--dice", "6,6")
    assert r.json["winner"] == winner and r.json["tie"] and r.code == code


def test_001_R18_tie_reroll_rolls_the_whole_contest_again(cli):
    r = giro(cli, "contest", 8, 8, "--rule", "contest_tie=reroll", "--night", "never", "--target-night", "never",
             "--dice", "6,6,3,3,7,2")
    assert [x["winner"] for x in r.json["rounds"]] == ["tie", "tie", "actor"] and r.json["winner"] == "actor"


def test_001_R19_simultaneous_failure_reports_each_side(cli):
    r = giro(cli, "contest", 6, 5, "--difficulty", 3, "--target-difficulty", 4, "--dice", "2,9,1,12")
    assert r.code == 1 and r.json["outcome"] == "simultaneous_failure"
    assert r.json["roll"]["failure_factor"] == 1 and r.json["opposition"]["failure_factor"] == 12
    r = giro(cli, "contest", 6, 5, "--night", "never", "--target-night", "never", "--dice", "7,6")
    assert r.json["roll"]["outcome"] == r.json["opposition"]["outcome"] == "failure"


def test_001_R10_automatic_results_roll_1d12(cli):
    r = giro(cli, "automatic", "success", "--success-factor-mod", 2, "--dice", 11)
    assert r.code == 0 and r.json["success_factor"] == 13
    r = giro(cli, "automatic", "failure", "--dice", 4)
    assert r.code == 1 and r.json["failure_factor"] == 4


def test_rulings_damage_is_the_success_factor_plus_the_weapon_and_a_rest_heals_a_success_factor(cli):
    # Lenoir (limit 7) beats Beckett (salud 9): 5 against 2; Beckett's best, 7, can win, so she rolls: 3
    r = camp(cli, "attack", LENOIR, "Armas de Fuego + Precisión", "Armas de Fuego + Precisión", "--target",
             BECKETT, "--weapon", 3, "--dice", "5,2,3")
    assert r.json["damage"] == 5 + 3 and r.json["health"]["salud"] == 9 - 8
    # a rest: Beckett's healing roll Genio 3 + Biología 2 → Day Die 4 heals 4
    r = cli("-C", "giro", "recover", "rest", BECKETT, "--healing", "Genio + Biología", "--dice", 4)
    assert r.code == 0 and f"{BECKETT} recovers 4 health: Health 5/9" in r.out
    shown = cli("-C", "giro", "character", "show", BECKETT).out
    assert "heridas=4" in shown and "5/9" in shown


def test_lang_es_uses_the_book_s_words(cli):
    r = text(cli, "check", "5+4", "--difficulty", 4, "--dice", "10,3", "--lang", "es")
    assert "límite 9 = 5 + 4; dificultad 4 → rango de éxito 4–9" in r.out
    assert "Dado Diurno 10: por encima del límite 9" in r.out
    assert "Dado Nocturno 3: por debajo de la dificultad 4" in r.out and "Fracaso, Factor de Fracaso 3" in r.out
    r = text(cli, "contest", 6, 5, "--night", "never", "--target-night", "never", "--dice", "7,6", "--lang", "es")
    assert "Fallo Simultáneo" in r.out
