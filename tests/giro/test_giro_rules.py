"""The rules engine of Giro de Reloj as pure functions, one rule ID at a time
(listed in docs/systems/giro.md). Expected numbers are worked out from the
rules in each test, never copied from output."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from rolecli.contract import Refused
from rolecli_giro import challenge
from rolecli_giro.adjustment import AdjustPlan, adjusted, parse_delta
from rolecli_giro.clock_turn import night_roll, open_turn, pool, wants_night
from rolecli_giro.contest import settle, standing
from rolecli_giro.factors import modified
from rolecli_giro.success_range import SuccessRange

from giro_helpers import character, side

faces = st.integers(1, 12)


# --- 001-R3 limit, 001-R4 difficulty, 001-R5 success range -------------------

def test_001_R3_limit_is_attribute_plus_skill_plus_quality():
    assert challenge.parse("4+3", None).limit == 7
    assert challenge.parse("4 + 3", None, quality=2).limit == 4 + 3 + 2  # a tool's Quality (001-R3)
    assert challenge.parse("4+3", None, quality=-1).limit == 6
    assert challenge.parse("9", None).limit == 9  # the limit typed alone


def test_001_R3_limit_from_the_sheet_by_trait_names():
    berthold = character("Berthold")  # Ímpetu 4, Fisicoculturismo 3 (001-T1)
    chall = challenge.parse("impetu + FISICOCULTURISMO", berthold)  # without regard to case or accents
    assert chall.limit == 7
    assert chall.group("attribute").used.name == "Ímpetu" and chall.group("skill").used.name == "Fisicoculturismo"
    # the order on the command line does not matter: the sheet says which is the attribute
    assert challenge.parse("Fisicoculturismo + Ímpetu", berthold).limit == 7


@given(difficulty=st.integers(1, 12), limit=st.integers(0, 24), value=st.integers(1, 30))
def test_001_R5_success_iff_difficulty_le_die_le_limit(difficulty, limit, value):
    window = SuccessRange(difficulty, limit)
    assert window.holds(value) == (difficulty <= value <= limit)
    assert (window.distance(value) == 0) == window.holds(value)


def test_001_R4_routine_difficulty_is_one_so_only_the_limit_matters():
    window = SuccessRange(1, 7)
    assert [v for v in range(1, 13) if window.holds(v)] == [1, 2, 3, 4, 5, 6, 7]


# --- 001-R6 test procedure, 001-R7/R8 factors, 001-R9 floor 1 ---------------

def test_001_R6_R7_day_die_in_range_is_a_clean_success_with_its_value_as_factor():
    turn = open_turn(side(7, 3), (5,))
    assert turn.outcome == "success" and turn.success_factor == 5 and not turn.consequences
    assert not wants_night(turn)  # a Day Die in range never calls for the Night Die in a test


def test_001_R6_R8_failed_day_die_then_night_die():
    failed = open_turn(side(7, 3), (9,))
    assert failed.outcome == "failure" and failed.failure_factor is None  # a plain Fallo has no factor
    assert wants_night(failed)
    saved = night_roll(failed, (4,))
    assert saved.outcome == "success_with_consequences" and saved.success_factor == 4 and saved.consequences
    fiasco = night_roll(failed, (2,))
    assert fiasco.outcome == "fiasco" and fiasco.failure_factor == 2 and fiasco.consequences


def test_001_R6_declining_the_night_die_is_a_plain_failure():
    turn = open_turn(side(7, 3, night="never"), (1,))
    assert not wants_night(turn) and turn.outcome == "failure"


def test_001_R18_a_night_die_is_rolled_in_a_contest_only_when_it_can_beat_the_rival():
    """What the Night Die must beat is the rival's standing result, asked only
    of a side that may roll: a tie beats it only when ties go to that side."""
    losing = open_turn(side(7, night="on-loss"), (3,))  # in range: its best Night Die is a 7
    assert wants_night(losing, True, open_turn(side(9), (6,)))
    assert not wants_night(losing, True, open_turn(side(9), (7,)))  # a 7 only ties: no player rolls for that
    assert wants_night(losing, True, open_turn(side(9), (7,)), ties_win=True)  # the defender's tie wins
    assert not wants_night(losing, True, open_turn(side(9), (8,)), ties_win=True)
    assert wants_night(open_turn(side(7), (9,)), True, open_turn(side(9, 10), (9,)))  # a rival out of range: any wins
    assert not wants_night(open_turn(side(7, night="never"), (9,)), True, open_turn(side(9), (1,)))
    assert not wants_night(losing, False, open_turn(side(9), (8,)))  # not losing: an in-range Day Die stands


@given(factor=st.integers(1, 14), mod=st.integers(-12, 12))
def test_001_R9_a_modified_factor_is_never_below_1(factor, mod):
    assert modified(factor, mod) == max(1, factor + mod)


def test_001_R9_factor_modifiers_on_the_turn():
    assert open_turn(side(7, success_factor_mod=-9), (5,)).success_factor == 1  # 5 − 9 → 1
    failed = open_turn(side(7, 3, failure_factor_mod=2), (12,))
    assert night_roll(failed, (1,)).failure_factor == 3  # 1 + 2


# --- 001-R12 Night Turn, 001-R13 extra dice, 001-R17 assist ------------------

def test_001_R12_night_turn_rolls_only_the_night_die_once():
    turn_pool = pool(night_turn=True)
    assert (turn_pool.day, turn_pool.night, turn_pool.night_only) == (0, 1, True)
    turn = open_turn(side(7, night_turn=True), (6,))
    assert turn.day is None and turn.outcome == "success_with_consequences"
    assert not wants_night(turn)  # no second die
    with pytest.raises(Refused, match="no extra dice"):  # The rulings / GAP-8
        pool(extra_day=1, night_turn=True)


def test_001_R13_extra_day_dice_pick_any_one_in_range():
    turn = open_turn(side(7, 3, extra_day=2), (12, 2, 6))
    assert turn.day.kept == 6 and turn.outcome == "success"  # one in range is enough


def test_001_R13_the_best_day_die_is_the_highest_in_range():
    turn = open_turn(side(7, extra_day=2), (3, 7, 9))
    assert turn.day.kept == 7 and turn.success_factor == 7  # 9 is above the limit


def test_001_R13_keep_day_by_value_and_an_absent_value_is_refused():
    assert open_turn(side(7, extra_day=1, keep=3), (3, 7)).success_factor == 3
    with pytest.raises(Refused, match="no Day Die shows 5"):
        open_turn(side(7, extra_day=1, keep=5), (3, 7))


def test_001_R13_extra_night_dice_must_take_the_highest_even_above_the_limit():
    failed = open_turn(side(7, 3, extra_night=2), (1,))
    turn = night_roll(failed, (4, 10, 6))
    assert turn.night.kept == 10 and turn.outcome == "fiasco" and turn.failure_factor == 10


def test_001_R13_tempting_fate_turns_every_die_into_a_night_die_plus_one():
    tempted = pool(extra_day=1, tempt=True)
    # 2 Day Dice + 1 Night Die, all Night Dice, plus the extra one: 4, rolled at once
    assert (tempted.day, tempted.night, tempted.night_only) == (0, 4, True)
    turn = open_turn(side(12, extra_day=1, tempt=True), (2, 11, 5, 7))
    assert turn.night.kept == 11 and turn.outcome == "success_with_consequences"


def test_001_R17_each_assistant_gives_one_day_die():
    helped = pool(assistants=("Beckett", ""))
    assert helped.day == 3 and helped.assistants == ["Beckett", ""]


# --- 001-R14 adjustments ------------------------------------------------------

@given(value=faces, delta=st.integers(-12, 12))
def test_001_R14_adjusted_never_below_1_and_may_exceed_12(value, delta):
    assert adjusted(value, delta) == max(1, value + delta)


def test_001_T5_floor_and_no_ceiling():
    assert adjusted(1, -1) == 1
    assert adjusted(12, 2) == 14


def test_001_R14_the_points_announced_never_exceed_the_adjustment():
    AdjustPlan(3, 1, 2)
    AdjustPlan(3, -1, -2)
    with pytest.raises(Refused, match="only 3"):
        AdjustPlan(3, 2, 2)
    assert parse_delta("auto", "--adjust-day") is None and parse_delta("−2", "--adjust-day") == -2
    with pytest.raises(Refused, match="neither auto nor"):
        parse_delta("two", "--adjust-day")


def test_001_R14_policy_brings_the_die_into_range_then_toward_the_limit():
    # range 3–7, 2 points: a 1 needs +2 to reach 3; a 5 is raised to 7; a 9 is lowered to 7
    assert open_turn(side(7, 3, adjust=2), (1,)).day.value == 3
    assert open_turn(side(7, 3, adjust=2), (5,)).day.value == 7
    assert open_turn(side(7, 3, adjust=2), (9,)).day.value == 7
    # a 10 cannot reach 7 with 2 points: the Day Die keeps them for the Night Die
    failed = open_turn(side(7, 3, adjust=2), (10,))
    assert failed.day.delta == 0 and failed.outcome == "failure"
    assert night_roll(failed, (8,)).night.value == 7  # 8 − 1
    assert night_roll(failed, (12,)).failure_factor == 14  # out of reach: the points raise the Failure Factor


def test_001_T4_points_spent_on_the_day_die_are_gone_for_the_night_die():
    failed = open_turn(side(7, 3, adjust=3, day=1), (1,))  # 1 + 1 = 2, still below 3
    assert failed.day.value == 2 and failed.outcome == "failure"
    turn = night_roll(failed, (1,))
    assert turn.night.value == 1 + 2 and turn.outcome == "success_with_consequences"  # 2 points left
    assert turn.points_spent == 3


def test_001_R14_a_policy_adjusted_day_die_gives_its_points_back_when_the_night_die_is_rolled():
    # contest: Day Die 3 raised to 5 by the policy, still losing; the Night Die stands and takes both points
    losing = open_turn(side(7, adjust=2, night="on-loss"), (3,))
    assert losing.day.value == 5
    turn = night_roll(losing, (9,))
    assert turn.day.delta == 0 and turn.night.value == 7 and turn.points_spent == 2


# --- 001-R15 flexible, 001-R16 chained, advanced skills ----------------------

def test_001_R15_flexible_takes_the_best_option_of_each_kind_by_default():
    chall = challenge.parse("4 o 2 + 1 u 3", None)
    assert chall.limit == 4 + 3 and chall.group("attribute").how == "flexible"
    assert challenge.parse("4 / 2 + 1 | 3", None).limit == 7  # the symbols work too


def test_001_R15_explicit_pick():
    assert challenge.parse("4 o 2 + 1 u 3", None, pick=("2", "1")).limit == 3
    pennrock = character("Nathaniel Pennrock")  # Ímpetu 3, Gracia 4
    assert challenge.parse("Ímpetu o Gracia + Atletismo", pennrock, pick=("Ímpetu",)).limit == 3 + 2
    with pytest.raises(Refused, match="not an option"):
        challenge.parse("Ímpetu o Gracia + Atletismo", pennrock, pick=("Genio",))


def test_001_R15_never_two_of_the_same_kind():
    berthold = character("Berthold")
    with pytest.raises(Refused, match="two attributes"):
        challenge.parse("Ímpetu + Genio", berthold)
    with pytest.raises(Refused, match="mixes attributes and skills"):
        challenge.parse("Ímpetu o Pilotar + Mecanología", berthold)
    with pytest.raises(Refused, match="Attribute \\+ Skill"):
        challenge.parse("4+3+1", None)


def test_001_R16_chained_uses_the_lowest_of_each_kind():
    assert challenge.parse("4 y 2 + 1", None).limit == 3  # 001-T6 with numbers
    assert challenge.parse("5 & 3 + 4 e 2", None).limit == 3 + 2
    with pytest.raises(Refused, match="mixes y/e"):
        challenge.parse("4 y 2 o 3 + 1", None)


def test_001_R16_one_advanced_skill_makes_the_whole_chained_challenge_advanced():
    berthold = character("Berthold")  # Mecanología advanced, trained; Pilotar not advanced
    chall = challenge.parse("Genio + Pilotar y Mecanología", berthold)
    assert chall.advanced and chall.trained and not chall.untrained_advanced
    pennrock = character("Nathaniel Pennrock")  # Mecanología advanced, untrained
    chall = challenge.parse("Genio + Atletismo e Mecanología", pennrock)
    assert chall.advanced and chall.untrained_advanced  # → a Night Turn (001-R12)
    assert not challenge.parse("Genio + Atletismo", pennrock).advanced


def test_001_R12_flexible_prefers_the_option_that_does_not_force_a_night_turn():
    pennrock = character("Nathaniel Pennrock")  # Atletismo 2; Mecanología 0, advanced, untrained
    chall = challenge.parse("Genio + Mecanología o Atletismo", pennrock)
    assert chall.group("skill").used.name == "Atletismo" and not chall.untrained_advanced


def test_quick_roll_numbers_are_checked_against_the_ranges():
    with pytest.raises(Refused, match="an attribute of 13 is out of range 1..12"):
        challenge.parse("13+1", None)
    with pytest.raises(Refused, match="a skill of -1 is out of range 0..12"):
        challenge.parse("4+-1", None)
    with pytest.raises(Refused, match="quick roll has no character"):
        challenge.parse("Ímpetu+3", None)


# --- 001-R18 contest, 001-R19 simultaneous failure --------------------------

def _first(limit, value, **kw):
    return open_turn(side(limit, night="on-loss", **kw), (value,))


def winner(actor, target, tie):
    """Who wins a round as both first rolls stand."""
    return standing(actor, target, tie, ()).winner


def test_001_R18_the_highest_result_within_its_own_limit_wins():
    assert winner(_first(8, 6), _first(7, 5), "stalemate") == "actor"
    assert winner(_first(8, 9), _first(7, 5), "stalemate") == "target"  # 9 is over the actor's limit 8
    assert winner(_first(8, 5), _first(7, 5), "stalemate") == "tie"
    assert winner(_first(8, 5), _first(7, 5), "defender") == "target"


def test_001_R19_nobody_in_range_is_a_simultaneous_failure():
    assert winner(_first(8, 9), _first(7, 12), "stalemate") == "none"


def test_001_R18_the_losing_side_rolls_its_night_die_and_it_stands():
    # 001-T7 with numbers: 6 (limit 8) against 3 (limit 7); the 3 rolls a Night Die 5 and still loses
    rolled = []
    r = settle(_first(8, 6), _first(7, 3), lambda t: rolled.append(t.side.window.limit) or (5,), "stalemate")
    assert rolled == [7] and r.winner == "actor" and r.target.result == 5 and r.target.consequences


def test_001_R18_a_night_die_that_overtakes_lets_the_other_side_answer():
    # the target's Night Die 7 beats the actor's 6; the actor then rolls its own: 8 wins
    dice = {8: (8,), 7: (7,)}
    r = settle(_first(8, 6), _first(7, 3), lambda t: dice[t.side.window.limit], "stalemate")
    assert r.night_order == ("target", "actor") and r.winner == "actor" and r.actor.result == 8


def test_001_R18_a_tie_is_not_a_loss_under_stalemate_so_no_night_die():
    r = settle(_first(8, 5), _first(7, 5), lambda t: pytest.fail("no Night Die on a tie"), "stalemate")
    assert r.winner == "tie"


def test_001_R18_a_night_die_that_fails_stands():
    r = settle(_first(8, 6), _first(7, 3), lambda t: (12,), "stalemate")
    assert r.target.result is None and r.target.outcome == "fiasco" and r.winner == "actor"

