"""The `move` verb (002-R40 combat movement, 002-R41 all-out movement) and the `impact`
verb (002-R29 falls and collisions), quick and on the sample campaign (campaigns/aaa)."""

from __future__ import annotations

import tomllib

import pytest

from aaa_helpers import aaa_cli


def camp(cli, *args):
    return cli("-C", "aaa", *map(str, args), "--json")


def edit_sheet(campaigns, after: str, line: str) -> None:
    """Add ``line`` to the private copy of campaigns/aaa/campaign.toml, after the line ``after``."""
    path = campaigns / "aaa" / "campaign.toml"
    text = path.read_text("utf-8")
    assert text.count(after + "\n") == 1
    path.write_text(text.replace(after + "\n", f"{after}\n{line}\n"), "utf-8")


# --- move: 002-R40 combat movement ----------------------------------------------------


def test_002_R40_combat_move_is_one_phase_at_the_speed(cli):
    """One action: one phase at its speed; on foot the other action has no penalty."""
    r = aaa_cli(cli, "move", "good", "--speed", 8)
    assert r.code == 0 and r.json["dice"] == []
    assert r.json["phases"] == ["good"] and r.json["metres"] == 8
    assert r.json["mode"] == "walk" and r.json["act_in_moving_phase"] is True and r.json["act_steps"] == 0


def test_002_R40_a_round_of_combat_movement_takes_one_action_per_phase(cli):
    """3 actions from the Amazing phase: Amazing, Good, Ordinary (one per phase, 002-R11) = 3 × 6 m."""
    r = aaa_cli(cli, "move", "amazing", "--speed", 6, "--actions", 3, "--round")
    assert r.json["phases"] == ["amazing", "good", "ordinary"] and r.json["metres"] == 18
    assert r.json["actions_left"] == 0
    r = aaa_cli(cli, "move", "amazing", "--speed", 6, "--actions", 3, "--phases", 2)
    assert r.json["phases"] == ["amazing", "good"] and r.json["metres"] == 12 and r.json["actions_left"] == 1
    r = cli("alternity", "move", "amazing", "--speed", "6", "--actions", "3", "--phases", "4")
    assert r.code == 2 and "1..3" in r.err


def test_002_R40_swimming_cannot_move_and_act(cli):
    r = aaa_cli(cli, "move", "ordinary", "--speed", 2, "--mode", "swim")
    assert r.json["metres"] == 2 and r.json["act_in_moving_phase"] is False and r.json["act_steps"] is None
    assert "cannot move and act" in r.out


def test_002_R40_other_modes_take_the_step_penalty_check_moving_uses(cli):
    """Table P11 is missing: the step penalty for acting while moving is the one `check
    --moving` already applies (steps.moving_steps), not a second table."""
    for mode in ("run", "sprint", "fly"):
        r = aaa_cli(cli, "move", "good", "--speed", 8, "--mode", mode)
        check = aaa_cli(cli, "check", 13, "--moving", mode, "--dice", "5,1")
        assert r.json["act_in_moving_phase"] is True and r.json["act_steps"] == check.json["steps"] > 0
        assert "Table P11 is missing" in r.out


# --- move: 002-R41 all-out movement ---------------------------------------------------


def test_002_R41_all_out_moves_every_phase_and_does_nothing_else(cli):
    r = aaa_cli(cli, "move", "good", "--speed", 8, "--all-out")
    assert r.json["phases"] == ["good", "ordinary", "marginal"] and r.json["metres"] == 24
    assert r.json["mode"] == "sprint" and r.json["other_actions"] == 0 and r.json["actions_left"] == 0
    # every phase, whether or not the character has an action in it: 4 phases from Amazing
    r = aaa_cli(cli, "move", "amazing", "--speed", 5, "--all-out", "--mode", "swim", "--actions", 1)
    assert r.json["metres"] == 20 and len(r.json["phases"]) == 4


def test_002_R41_after_stopping_nothing_more_that_round(cli):
    r = aaa_cli(cli, "move", "good", "--speed", 8, "--all-out", "--phases", 1)
    assert r.json["phases"] == ["good"] and r.json["metres"] == 8
    assert r.json["idle_phases"] == ["ordinary", "marginal"]


def test_002_R41_all_out_uses_the_sprint_swim_or_fly_speed(cli):
    r = cli("alternity", "move", "good", "--speed", "2", "--all-out", "--mode", "walk")
    assert r.code == 2 and "sprint" in r.err and "002-R41" in r.err
    r = cli("alternity", "move", "ordinary", "--speed", "8", "--all-out", "--phases", "3")
    assert r.code == 2 and "1..2" in r.err


def test_move_needs_a_speed(cli):
    r = cli("alternity", "move", "good")
    assert r.code == 2 and "--speed" in r.err
    r = cli("alternity", "move", "good", "--speed", "0")
    assert r.code == 2 and "1..500" in r.err


def test_002_R40_R41_move_on_the_campaign(cli, campaigns):
    """Mad Dog: CON 11 + VOL 10 = 21 → 2 actions per round (rulings); his speeds come from the
    sheet once the GM writes them (speed_sprint), else --speed."""
    r = camp(cli, "move", "Mad Dog", "good", "--mode", "sprint")
    assert r.code == 2 and "speed_sprint" in r.err
    r = camp(cli, "move", "Mad Dog", "good", "--mode", "sprint", "--speed", 8, "--round")
    assert r.json["actions"] == 2 and r.json["phases"] == ["good", "ordinary"] and r.json["metres"] == 16
    assert r.json["act_steps"] == 3
    edit_sheet(campaigns, 'profession = "Agente Libre"', "speed_sprint = 8\nspeed_swim = 0")
    r = camp(cli, "move", "Mad Dog", "ordinary", "--all-out")
    assert r.json["speed_from"] == "speed_sprint" and r.json["metres"] == 16
    r = camp(cli, "move", "Mad Dog", "good", "--mode", "swim")
    assert r.code == 2 and "speed_swim" in r.err


# --- impact: 002-R29 ------------------------------------------------------------------


@pytest.mark.parametrize("metres,cat", [(0, "Ex"), (2.9, "Ex"), (3, "S"), (10, "S"), (11, "M"), (30, "M"),
                                        (31, "L"), (60, "L"), (61, "T"), (500, "T")])
def test_002_R29_fall_category_by_height(cli, metres, cat):
    r = aaa_cli(cli, "impact", "--height", metres, "--score", 14, "--dice", 9)
    assert r.json["category"] == cat and r.json["degree"] == "ordinary"


@pytest.mark.parametrize("kmh,cat", [(20, "Ex"), (21, "S"), (60, "S"), (61, "M"), (120, "M"), (121, "L"),
                                     (300, "L"), (301, "T")])
def test_002_R29_collision_category_by_speed(cli, kmh, cat):
    r = aaa_cli(cli, "impact", "--kmh", kmh, "--score", 14, "--dice", 9)
    assert r.json["category"] == cat


def test_002_R29_gravity_shifts_a_fall_by_one_category(cli):
    """20 m is M: lighter gravity S, heavier L; light gravity is also +1 step on the
    physical roll (002-R43). A collision's speed is not a fall's distance: not shifted."""
    r = aaa_cli(cli, "impact", "--height", 20, "--gravity", "light", "--score", 14, "--dice", "9,1")
    assert r.json["category"] == "S" and r.json["steps"] == 1 and r.json["situation_die"] == "+d4"
    r = aaa_cli(cli, "impact", "--height", 20, "--gravity", "heavy", "--score", 14, "--dice", 9)
    assert r.json["category"] == "L" and r.json["steps"] == 0
    assert aaa_cli(cli, "impact", "--height", 2, "--gravity", "light", "--score", 14, "--dice", "9,1").json["category"] == "Ex"
    assert aaa_cli(cli, "impact", "--height", 61, "--gravity", "heavy", "--score", 14, "--dice", 9).json["category"] == "T"
    assert aaa_cli(cli, "impact", "--kmh", 90, "--gravity", "heavy", "--score", 14, "--dice", 9).json["category"] == "M"


def test_002_R29_without_damage_the_category_and_degree_and_the_missing_table(cli):
    r = aaa_cli(cli, "impact", "--height", 12, "--score", 14, "--dice", 15)
    assert r.code == 1 and r.json["category"] == "M" and r.json["degree"] == "failure" and r.json["damage"] is None
    assert "Table P15" in r.out


@pytest.mark.parametrize("control,degree,entry", [(20, "critical_failure", "d4m"), (15, "failure", "d4m"),
                                                  (9, "ordinary", "d6w"), (5, "good", "d4w"), (2, "amazing", "d6s")])
def test_002_R29_gm_damage_picked_by_degree(cli, control, degree, entry):
    """Score 14: Ordinary ≤ 14, Good ≤ 7, Amazing ≤ 3; four entries are Failure/Ordinary/Good/
    Amazing and a Critical Failure takes the Failure entry."""
    r = aaa_cli(cli, "impact", "--height", 12, "--score", 14, "--damage", "d4m/d6w/d4w/d6s", "--dice", f"{control},3")
    assert r.json["degree"] == degree and r.json["damage"]["entry"] == entry and r.json["damage"]["amount"] == 3
    assert r.code == (0 if degree in ("ordinary", "good", "amazing") else 1)


def test_002_R29_gm_damage_as_an_attack_rating(cli):
    """Three entries read as an attack's rating: Ordinary/Good/Amazing; a failed roll has no
    entry there, and the tool says so instead of guessing."""
    r = aaa_cli(cli, "impact", "--height", 5, "--score", 14, "--damage", "d6w/d4w/d6s", "--dice", "5,4")
    assert r.json["degree"] == "good" and r.json["damage"] == {"entry": "d4w", "track": "wound", "amount": 4, "dice": [4]}
    r = aaa_cli(cli, "impact", "--height", 5, "--score", 14, "--damage", "d6w/d4w/d6s", "--dice", 15)
    assert r.json["damage"] is None and r.json["damage_missing"] is True and "no entry" in r.out
    five = aaa_cli(cli, "impact", "--height", 5, "--score", 14, "--damage", "2d6w/d6w/d4w/d4s/0s", "--dice", "20,1,2")
    assert five.json["damage"]["entry"] == "2d6w" and five.json["damage"]["amount"] == 3


def test_002_R29_impact_on_the_campaign_marks_the_character(cli, campaigns):
    """Mad Dog has no Acrobatics-fall: a DEX feat check, DEX 12 at +d4. 15 + 3 = 18 > 12:
    Failure → the GM's d8w = 5 wound, + 2 secondary stun (002-R22), kept in state.toml."""
    r = camp(cli, "impact", "Mad Dog", "--height", 12, "--damage", "d8w/d6w/d4w/d4s", "--dice", "15,3,5")
    assert r.code == 1 and r.json["trait"] == "DES" and r.json["score"] == 12 and r.json["situation_die"] == "+d4"
    assert r.json["category"] == "M" and r.json["degree"] == "failure"
    assert r.json["report"]["marked"] == {"stun": 2, "wound": 5, "mortal": 0, "fatigue": 0}
    kept = tomllib.loads((campaigns / "aaa" / "state.toml").read_text("utf-8"))["characters"]["Mad Dog"]
    assert (kept["stun"], kept["wound"]) == (2, 5)
    # a last resort point raises the degree before the damage is picked (002-R44)
    r = camp(cli, "impact", "Mad Dog", "--height", 12, "--damage", "d8w/d6w/d4w/d4s", "--last-resort", 1,
             "--dice", "15,3,2")
    assert r.json["degree"] == "ordinary" and r.json["damage"]["entry"] == "d6w" and r.json["last_resorts_spent"] == 1


def test_002_R29_a_sheets_acrobatics_fall_is_used(cli, campaigns):
    path = campaigns / "aaa" / "campaign.toml"
    text = path.read_text("utf-8")
    path.write_text(text.replace("Atletismo = 12,", 'Atletismo = 12, "Acrobacias-caída" = 14,'), "utf-8")
    r = camp(cli, "impact", "Grimes", "--height", 4, "--dice", 6)
    assert r.json["trait"] == "Acrobacias-caída" and r.json["kind"] == "specialty" and r.json["situation_die"] == "+d0"
    assert r.json["category"] == "S" and r.json["degree"] == "good"


@pytest.mark.parametrize("args,says", [
    (("--height", "-3"), "0.."),
    (("--kmh", "-10"), "0.."),
    (("--height", "3", "--kmh", "30"), "one of the two"),
    ((), "one of the two"),
    (("--height", "3", "--gravity", "zero"), "zero gravity"),
    (("--height", "3", "--damage", "d4s/d6w"), "3 (Ordinary/Good/Amazing)"),
])
def test_002_R29_bad_input_is_refused(cli, args, says):
    r = cli("alternity", "impact", "--score", "14", *args)
    assert r.code == 2 and says in r.err and r.out == ""


def test_002_R29_negative_height_names_the_range(cli):
    r = cli("alternity", "impact", "--height", "-3", "--score", "14")
    assert r.code == 2 and "--height = -3 is out of range 0.." in r.err
