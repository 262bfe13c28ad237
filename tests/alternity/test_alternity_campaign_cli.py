"""The sample campaign (campaigns/aaa) through the command line: the seed cases that
need campaign characters, and the state the tool keeps."""

from __future__ import annotations

import tomllib

from aaa_helpers import REPO


def run(cli, *args):
    return cli("-C", "aaa", *map(str, args), "--json")


def test_sample_campaign_is_valid_toml_with_the_books_characters():
    data = tomllib.loads((REPO / "campaigns" / "aaa" / "campaign.toml").read_text("utf-8"))
    assert data["system"] == "alternity"
    assert {"Mad Dog", "Sor Deskul", "Jack Everstar", "Grimes"} <= set(data["characters"])


def test_002_T1_mad_dog_from_the_campaign(cli):
    r = run(cli, "check", "Mad Dog", "Atletismo", "--situation", "Casi Imposible", "--dice", "2,1,1,1,1")
    assert r.json["situation_die"] == "+4d20" and r.json["score"] == 13 and r.code == 0


def test_002_T3_both_good_in_the_good_phase_cli(cli):
    """002-T3 [seed]: Mad Dog and Sor Deskul both Good: both act in the Good phase."""
    r = run(cli, "initiative", "Mad Dog", "Sor Deskul", "--dice", "5,4")
    assert set(r.json["phases"]["good"]) == {"Mad Dog", "Sor Deskul"}
    # both hits of the Good phase land at its end (phase_damage=end_of_phase)
    r1 = run(cli, "attack", "Mad Dog", "Armas Cuerpo a Cuerpo-espada", "d4s/d6w/d4m", "--target", "Sor Deskul",
             "--rule", "phase_damage=end_of_phase", "--dice", "5,4")
    r2 = run(cli, "attack", "Sor Deskul", "Armas Cuerpo a Cuerpo-contundente", "d6s/d8w/d4m", "--target", "Mad Dog",
             "--rule", "phase_damage=end_of_phase", "--dice", "6,5")
    assert r1.json["target"]["pending"] == ["wound:4"] and r2.json["situation_die"] == "+d0"
    r = run(cli, "recover", "end_of_phase", "Sor Deskul", "Mad Dog")
    by = {x["character"]: x["state"] for x in r.json["results"]}
    assert by["Sor Deskul"]["wound"] == 4 and by["Mad Dog"]["wound"] == 5


def test_002_T11_dazed_steps_from_the_kept_state(cli):
    """002-T11 [seed]: Dazed by stun + by wound + 2 mortal = +4 steps on every roll."""
    run(cli, "damage", "Grimes", "7s")                # 7 of 12 stun: over half
    run(cli, "damage", "Grimes", "7w")                # 7 of 12 wound, +3 secondary stun (10/12)
    run(cli, "damage", "Grimes", "d4s/d6w/d4m", "--degree", "amazing", "--dice", "2")   # 2 mortal, +1 wound +1 stun
    r = run(cli, "check", "Grimes", "Armas de Fuego Modernas-rifle", "--dice", "5,1")
    assert r.json["steps"] == 4 and r.json["situation_die"] == "+d12"


def test_002_T12_jack_everstar_cli(cli):
    """002-T12 [seed]: rounds 5 (CF, −4 stun), 6 (+1, Ordinary, −2), 7 (+2, Failure, 2 stun + 1 wound)."""
    assert run(cli, "breath", "Jack Everstar", 4).json["free_rounds"] == 4
    assert run(cli, "breath", "Jack Everstar", 5, "--dice", "20").json["state"]["stun"] == 4
    r = run(cli, "breath", "Jack Everstar", 6, "--dice", "8,1")
    assert r.json["situation_die"] == "+d4" and r.json["state"]["stun"] == 6
    r = run(cli, "breath", "Jack Everstar", 7, "--dice", "12,1")
    st = r.json["state"]
    assert r.json["situation_die"] == "+d6" and (st["stun"], st["wound"], st["mortal"]) == (8, 1, 0)
    assert st["status"] == "ko"


def test_002_R28_breath_knockout_option_follows_jacks_example(cli):
    r = run(cli, "breath", "Jack Everstar", 5, "--rule", "breath_knockout=stun", "--dice", "20")
    assert r.json["state"]["status"] == "ok" and r.json["state"]["stun"] == 4


def test_002_T15_grimes_load_cli(cli):
    r = run(cli, "encumbrance", "Grimes", 48)
    assert (r.json["speed_percent"], r.json["steps"], r.json["resistance_change"]) == (75, 1, -1)
    r = run(cli, "encumbrance", "Grimes", 22)
    assert r.json["steps"] == 0


def test_attack_on_a_campaign_marks_the_target_and_undo_restores(cli, campaigns):
    r = run(cli, "attack", "Mad Dog", "Armas Cuerpo a Cuerpo-espada", "d4s/d6w/d4m", "--target", "Zug", "--dice", "3,2")
    assert r.json["degree"] == "amazing" and r.json["target"]["marked"] == {"stun": 1, "wound": 1, "mortal": 2, "fatigue": 0}
    kept = tomllib.loads((campaigns / "aaa" / "state.toml").read_text("utf-8"))["characters"]["Zug"]
    assert (kept["mortal"], kept["wound"], kept["stun"]) == (2, 1, 1)
    assert cli("-C", "aaa", "undo").code == 0
    kept = tomllib.loads((campaigns / "aaa" / "state.toml").read_text("utf-8"))["characters"].get("Zug", {})
    assert kept.get("mortal", 0) == 0


def test_last_resorts_are_spent_and_refreshed_by_the_act(cli):
    r = run(cli, "check", "Jack Everstar", "Resistencia-resistencia", "--last-resort", "1", "--dice", "20")
    assert r.json["degree"] == "failure"
    r = run(cli, "recover", "act", "Jack Everstar")
    assert r.json["results"][0]["state"]["last_resorts_spent"] == 0


def test_unknown_trait_on_the_command_line(cli):
    r = cli("-C", "aaa", "check", "Mad Dog", "Atletsmo")
    assert r.code == 2 and "Atletismo" in r.err


def test_002_R48_challenge_with_the_characters_skills(cli):
    """A challenge path on Mad Dog's sheet: Atletismo 13 is a broad skill (+d4), the two
    specialties roll at +d0; 1 + 1 + 2 successes in 4 rounds."""
    r = run(cli, "challenge", "Mad Dog", "Atletismo,Percepción-intuición,Resistencia-resistencia",
            "--successes", "1,1,2", "--limit", 4, "--unit", "round", "--dice", "5,3,4,12,9")
    assert r.code == 0 and r.json["complete"] is True and r.json["units_used"] == 4
    assert [s["score"] for s in r.json["steps"]] == [13, 10, 13]
    assert [s["situation_die"] for s in r.json["steps"]] == ["+d4", "+d0", "+d0"]
    assert r.json["minimum"] == {"steps": 3, "successes": 4, "units": 4}
    # 002-T20's "Demolitions-disarm or Knowledge-deduce": a step may name alternatives
    r = run(cli, "challenge", "Mad Dog", "Demoliciones-desarmar|Percepción-intuición", "--dice", "4")
    assert r.code == 0 and r.json["steps"][0]["trait"] == "Percepción-intuición"
    r = cli("-C", "aaa", "challenge", "Mad Dog", "Demoliciones-desarmar", "--dice", "4")
    assert r.code == 2 and "Demoliciones-desarmar" in r.err


def test_recover_over_the_whole_campaign_names_each_character(cli):
    run(cli, "damage", "Mad Dog", "4s")
    run(cli, "damage", "Zug", "2s")
    r = cli("-C", "aaa", "recover", "end_of_scene")
    assert r.code == 0
    assert "Mad Dog: end of scene, all stun vanishes (4)." in r.out
    assert "Zug: end of scene, all stun vanishes (2)." in r.out


def test_no_track_holds_more_marks_than_its_boxes(cli):
    hit = run(cli, "damage", "Mad Dog", "60m")
    assert hit.code == 0 and hit.json["died"]
    assert hit.json["marked"] == {"stun": 11, "wound": 11, "mortal": 6, "fatigue": 0}
    assert all(hit.json["marked"][t] <= hit.json["tracks"][t] for t in hit.json["marked"])
