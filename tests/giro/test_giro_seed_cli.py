"""The book's worked examples (001-T1…T9 in docs/systems/giro.md) through the command
line, with --dice giving the book's dice. The numbers come from the rules text:
Berthold's Ímpetu 4 + Fisicoculturismo 3 = 7, Chevallier's limit 8 against
Pennrock's 7, and so on."""

from __future__ import annotations

import tomllib

import pytest

from giro_helpers import giro

BERTHOLD = "Berthold"
PENNROCK, CHEVALLIER = "Nathaniel Pennrock", "Maurice Chevallier"
BECKETT, LENOIR = "Wilhelmina Beckett", "Clovis Lenoir"


def camp(cli, *args):
    return cli("-C", "giro", *map(str, args), "--json")


def state(campaigns) -> dict:
    path = campaigns / "giro" / "state.toml"
    return tomllib.loads(path.read_text("utf-8")).get("characters", {}) if path.exists() else {}


# 001-T1 [seed]: limit 7 at the routine difficulty: a Day Die of 7 or less succeeds.
@pytest.mark.parametrize("die", range(1, 13))
def test_001_T1_berthold_opens_the_valve_with_a_day_die_of_7_or_less(cli, die):
    r = camp(cli, "check", BERTHOLD, "Ímpetu + Fisicoculturismo", "--night", "never", "--dice", die)
    assert r.json["limit"] == 4 + 3
    assert r.json["success"] is (die <= 7)
    assert r.json["outcome"] == ("success" if die <= 7 else "failure")
    assert r.code == (0 if die <= 7 else 1)


# 001-T2 [seed]: difficulty 3: the range is 3–7; 1, 2 and 8–12 fail (001-R4, R5).
@pytest.mark.parametrize("die", range(1, 13))
def test_001_T2_the_red_hot_valve_has_range_3_to_7(cli, die):
    r = giro(cli, "check", "4+3", "--difficulty", 3, "--night", "never", "--dice", die)
    assert r.json["range"] == [3, 7]
    assert r.json["success"] is (3 <= die <= 7)
    if 3 <= die <= 7:
        assert r.json["success_factor"] == die  # 001-R7: the Success Factor is the Day Die's value


# 001-T3 [seed]: an adjustment of 2 changes a die by −2, −1, 0, +1 or +2 (001-R14).
@pytest.mark.parametrize("points", [-2, -1, 0, 1, 2])
def test_001_T3_adjustment_2_moves_a_die_by_up_to_2(cli, points):
    r = giro(cli, "check", "4+3", "--adjust", 2, "--adjust-day", f"{points:+d}", "--dice", 5)
    assert r.json["day"]["value"] == 5 + points and r.json["adjustment"]["spent"] == abs(points)


@pytest.mark.parametrize("points", ["+3", "-3"])
def test_001_T3_three_points_are_more_than_an_adjustment_of_2(cli, points):
    r = cli("giro", "check", "4+3", "--adjust", "2", "--adjust-day", points, "--dice", "5")
    assert r.code == 2 and r.out == "" and r.err.count("\n") == 1 and "only 2" in r.err


# 001-T4 [seed]: adjustment 3, +1 on the Day Die, which still fails; 2 points remain for the Night Die.
def test_001_T4_the_points_left_go_to_the_night_die(cli):
    # range 3–7: Day Die 1 + 1 = 2 still fails; Night Die 1 takes the 2 points left: 3, in range
    r = giro(cli, "check", "4+3", "--difficulty", 3, "--adjust", 3, "--adjust-day", "+1", "--dice", "1,1")
    assert r.json["day"]["value"] == 2 and r.json["day"]["in_range"] is False
    assert r.json["night"]["adjust"] == 2 and r.json["night"]["value"] == 3
    assert r.json["outcome"] == "success_with_consequences"
    assert r.json["adjustment"] == {"budget": 3, "spent": 3, "left": 0}
    r = giro(cli, "check", "4+3", "--difficulty", 3, "--adjust", 3, "--adjust-day", "+1", "--adjust-night", "-2",
             "--dice", "1,9")
    assert r.json["night"]["value"] == 7 and r.json["success"] is True
    r = cli("giro", "check", "4+3", "--difficulty", "3", "--adjust", "3", "--adjust-day", "+1", "--adjust-night", "+3",
            "--dice", "1,1")
    assert r.code == 2 and "only 3" in r.err


# 001-T5 [derived]: a Night Die of 1 adjusted by −1 stays 1; a Day Die of 12 adjusted by +2 is 14.
def test_001_T5_floor_1_and_above_12(cli):
    r = giro(cli, "check", "4+3", "--difficulty", 3, "--adjust", 1, "--adjust-night", "-1", "--dice", "12,1")
    assert r.json["night"]["value"] == 1 and r.json["failure_factor"] == 1
    r = giro(cli, "check", 14, "--adjust", 2, "--adjust-day", "+2", "--dice", 12)
    assert r.json["day"]["value"] == 14 and r.json["success_factor"] == 14  # a limit above 12 (rulings)


# 001-T6 [seed]: "Ímpetu y Genio + Mecanología" with Ímpetu 4, Genio 2, Mecanología 1: limit 2 + 1 = 3 (001-R16).
def test_001_T6_berthold_and_the_runaway_locomotive(cli):
    r = camp(cli, "check", BERTHOLD, "Ímpetu y Genio + Mecanología", "--night", "never", "--dice", 4)
    assert r.json["limit"] == 3
    assert r.json["challenge"]["attribute"]["used"] == {"name": "Genio", "value": 2}
    assert r.json["challenge"]["attribute"]["how"] == "chained"
    assert r.json["success"] is False  # a 4 would have done with his Ímpetu 4, not with the lower Genio
    quick = giro(cli, "check", "4 y 2 + 1", "--dice", 3)
    assert quick.json["limit"] == 3 and quick.json["success"] is True


# 001-T7 [seed]: Chevallier (limit 8) rolls 6; Pennrock (limit 7) rolls 3, then his Night Die 5: Chevallier wins.
def test_001_T7_the_punch_in_the_maya_temple(cli, campaigns):
    r = camp(cli, "contest", CHEVALLIER, "Precisión + Combate Desarmado", "Gracia + Combate Desarmado",
             "--target", PENNROCK, "--target-consequence", "parcialmente aturdido", "--dice", "6,3,5")
    assert r.code == 0, r.err
    data = r.json["results"][0] if "results" in r.json else r.json
    assert data["roll"]["limit"] == 8 and data["opposition"]["limit"] == 7
    assert data["opposition"]["day"]["value"] == 3 and data["opposition"]["night"]["value"] == 5  # 001-R18: the Night Die stands
    assert data["winner"] == "actor" and data["roll"]["result"] == 6 and data["opposition"]["result"] == 5
    assert data["opposition"]["consequences"] is True  # 001-R11: the Night Die always has consequences
    assert state(campaigns)[PENNROCK]["consecuencias"] == ["parcialmente aturdido"]
    quick = giro(cli, "contest", 8, 7, "--dice", "6,3,5")
    assert quick.json["winner"] == "actor" and quick.json["night_order"] == ["target"]


# 001-T8 [seed]: Beckett and Lenoir shoot at each other in the same turn; both fail: nobody hits (001-R19).
@pytest.mark.parametrize("night", ["never", "on-loss"])
def test_001_T8_the_shoot_out_where_nobody_hits(cli, campaigns, night):
    dice = "11,12" if night == "never" else "11,12,10,9"  # Night Dice 10 and 9 are over both limits of 7
    r = camp(cli, "attack", BECKETT, "Armas de Fuego + Precisión", "Armas de Fuego + Precisión", "--target", LENOIR,
             "--mutual", "--night", night, "--target-night", night, "--dice", dice)
    assert r.code == 1
    data = r.json["results"][0] if "results" in r.json else r.json
    assert data["outcome"] == "simultaneous_failure" and data["winner"] is None
    assert data["damage"] == 0 and data["hit"] is None
    assert all(entry.get("heridas", 0) == 0 for entry in state(campaigns).values())


# 001-T9 [seed]: Pennrock fails his Day Die and declines the Night Die: a Fallo; Chevallier fails his, rolls
# the Night Die and gets a 2: a Fracaso with Failure Factor 2. DN 2 fails only with a difficulty of 3 or
# more (GAP-1: the rulings give each side a difficulty the Cronista sets).
def test_001_T9_the_race_to_the_abyss(cli):
    r = camp(cli, "contest", PENNROCK, "Gracia + Atletismo", "Gracia + Atletismo", "--target", CHEVALLIER,
             "--night", "never", "--difficulty", 3, "--target-difficulty", 3, "--dice", "12,9,2")
    data = r.json["results"][0] if "results" in r.json else r.json
    assert data["outcome"] == "simultaneous_failure"
    assert data["roll"]["outcome"] == "failure" and data["roll"]["failure_factor"] is None
    assert data["opposition"]["outcome"] == "fiasco" and data["opposition"]["failure_factor"] == 2
    assert r.code == 1


def test_001_T9_with_the_default_difficulty_1_the_night_die_2_is_in_range(cli):
    # GAP-1, rulings: a side's difficulty is 1 unless the Cronista sets it; then 2 is within 1–6
    r = camp(cli, "contest", PENNROCK, "Gracia + Atletismo", "Gracia + Atletismo", "--target", CHEVALLIER,
             "--night", "never", "--dice", "12,9,2")
    data = r.json["results"][0] if "results" in r.json else r.json
    assert data["opposition"]["outcome"] == "success_with_consequences" and data["winner"] == "target"
