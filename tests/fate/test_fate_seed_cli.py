"""The worked examples of docs/systems/fate.md (000-T1…T14) through the
command line. Numbers come from the rules text, never from the output."""

from __future__ import annotations

import pytest

Z = "0,0,0,0"  # 4dF reading 0


def fate(cli, *args):
    return cli("fate", *map(str, args), "--json")


# 000-T1 [seed-stated]: difficulty D; effort D+1 → 1 shift, D+2 → 2, D → success 0, D−1 → failure 0.
@pytest.mark.parametrize("skill,shifts,ok", [(3, 1, True), (4, 2, True), (2, 0, True), (1, 0, False)])
def test_000_T1_000_R2_R3_success_and_shifts(cli, skill, shifts, ok):
    r = fate(cli, "check", skill, "--difficulty", 2, "--dice", Z)
    assert r.json["effort"] == skill
    assert r.json["success"] is ok and r.json["shifts"] == shifts
    assert r.code == (0 if ok else 1)


def test_000_T1_line_names_dice_skill_effort_and_difficulty(cli):
    r = cli("fate", "check", "3", "--difficulty", "Adecuado", "--dice", "+,+,0,-", "--lang", "es")
    assert r.code == 0
    assert "4dF [+ + 0 −] = +1; habilidad Bueno (+3) → esfuerzo Grande (+4) contra Adecuado (+2): éxito con 2 excedentes" in r.out
    r = cli("fate", "check", "3", "--difficulty", "Fair", "--dice", "+,+,0,-", "--lang", "en")
    assert "effort Great (+4) against Fair (+2): success with 2 shifts" in r.out


def test_000_T2_contest_higher_wins_by_difference(cli):
    r = fate(cli, "contest", 4, 2, "--dice", Z + "," + Z)
    assert r.json["result"] == "actor" and r.json["shifts"] == 2 and r.code == 0


def test_000_T3_contest_tie_both_succeed_zero_shifts(cli):
    r = fate(cli, "contest", 3, 3, "--dice", Z + "," + Z)
    assert r.json["result"] == "tie" and r.json["shifts"] == 0 and r.json["success"] is True


def test_000_T3_contest_tie_reroll_option(cli):
    r = fate(cli, "contest", 3, 3, "--rule", "contest_tie=reroll", "--dice", f"{Z},{Z},+,0,0,0,{Z}")
    assert r.json["result"] == "actor" and r.json["shifts"] == 1


def test_000_T6_protecting_block_uses_max(cli):
    # block strength 4; attacker effort 6 (skill 6, dice 0)
    r = fate(cli, "attack", 6, 3, "--block", 4, "--dice", f"{Z},{Z}")  # defence roll 3 → uses 4
    assert r.json["defence"] == 4 and r.json["stress"] == 2
    r = fate(cli, "attack", 6, 5, "--block", 4, "--dice", f"{Z},{Z}")  # defence roll 5 → uses 5
    assert r.json["defence"] == 5 and r.json["stress"] == 1


def test_000_T7_overcoming_a_block_needs_one_shift(cli):
    r = fate(cli, "overcome", 3, "--block", 3, "--dice", Z)
    assert r.json["shifts"] == 0 and r.json["success"] is False and r.code == 1
    r = fate(cli, "overcome", 4, "--block", 3, "--dice", Z)
    assert r.json["shifts"] == 1 and r.json["success"] is True and r.code == 0


def test_000_T8_wall_climb_complement_and_restrict_cancel(cli):
    # Atletismo primary 3, Resistencia 2 restricting (lower), Seguridad 4 complementing (higher): +1 −1 = 0
    r = fate(cli, "check", 3, "--restrict", 2, "--complement", 4, "--dice", Z)
    assert r.json["modifier"] == 0 and r.json["effort"] == 3


def test_000_T9_disarm_recovery_penalty(cli):
    # disarmed by 3 shifts, picks the weapon up as a supplemental action: −1 usual, −3 extra
    r = fate(cli, "check", 4, "--rearm", 3, "--dice", Z)
    assert r.json["modifier"] == -4 and r.json["effort"] == 0


def test_000_T10_throw_normal_person_one_zone_costs_3(cli):
    r = fate(cli, "throw", 5, "--opposition", 2, "--weight", 2, "--zones", 1, "--dice", f"{Z},{Z}")
    assert r.json["cost"] == 3 and r.json["shifts"] == 3 and r.json["success"] is True


def test_000_T11_throw_two_zones_sum_and_threshold(cli):
    r = fate(cli, "throw", 5, "--zones", 2, "--dice", f"{Z},{Z}")
    assert r.json["cost"] == 3 + 4
    r = fate(cli, "throw", 5, "--zones", 2, "--rule", "throw_cost=threshold", "--dice", f"{Z},{Z}")
    assert r.json["cost"] == 4


@pytest.mark.parametrize("size,bonus", [(1, 0), (2, 1), (3, 1), (4, 2), (6, 2), (7, 3), (9, 3), (10, 4), (20, 4)])
def test_000_T12_group_size_bonus(cli, size, bonus):
    r = fate(cli, "check", 2, "--group", size, "--dice", Z)
    assert r.json["modifier"] == bonus


def test_000_T13_stress_spills_minion_to_minion(cli):
    r = fate(cli, "damage", 5, "--with", "calidad=2", "--with", "cantidad=4")
    assert r.json["minions_out"] == 2 and r.json["front_marked"] == 1 and r.json["minions_standing"] == 2


def test_000_T14_leader_plus_three_minions_gets_plus_two(cli):
    r = fate(cli, "check", 3, "--group", 4, "--dice", Z)
    assert r.json["modifier"] == 2


def test_000_R1_dice_as_d6_faces(cli):
    # The rulings: a d6 reads 1–2 as −, 3–4 as blank, 5–6 as +
    r = fate(cli, "roll", "--dice", "1,3,5,6")
    assert r.json["total"] == 1 and r.code == 0


def test_000_R1_off_ladder_skill_is_refused(cli):
    r = cli("fate", "check", "9", "--dice", Z)
    assert r.code == 2 and "-2..8" in r.err
    r = cli("fate", "check", "3", "--difficulty", "11", "--dice", Z)
    assert r.code == 2 and "-2..8" in r.err
    r = cli("fate", "check", "3", "--difficulty", "Asombroso", "--dice", Z)
    assert r.code == 2 and "Ladder" in r.err
