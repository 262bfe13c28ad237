"""The sample campaign campaigns/giro through the command line: verbs on
characters by name and trait, who can act, assistance, damage and recovery
(the toolkit's defaults in the rulings), initiative and the rule options."""

from __future__ import annotations

import tomllib

import pytest

BERTHOLD, PENNROCK, CHEVALLIER = "Berthold", "Nathaniel Pennrock", "Maurice Chevallier"
BECKETT, LENOIR = "Wilhelmina Beckett", "Clovis Lenoir"


def camp(cli, *args):
    r = cli("-C", "giro", *map(str, args), "--json")
    return r


def data(r):
    return r.json["results"][0] if isinstance(r.json, dict) and "results" in r.json else r.json


def state(campaigns) -> dict:
    path = campaigns / "giro" / "state.toml"
    return tomllib.loads(path.read_text("utf-8")).get("characters", {}) if path.exists() else {}


def written(campaigns) -> set[str]:
    return {p.name for p in (campaigns / "giro").iterdir()} - {"campaign.toml", "encounter.toml", ".lock"}


# --- bad input ---------------------------------------------------------------

def test_an_unknown_trait_lists_the_traits_and_the_closest_match(cli, campaigns):
    r = cli("-C", "giro", "check", BERTHOLD, "Ímpetu + Fisicoculturisno", "--dice", "5")
    assert r.code == 2 and r.out == "" and r.err.count("\n") == 1
    assert "Did you mean 'Fisicoculturismo'?" in r.err and "Mecanología" in r.err
    assert written(campaigns) == set()  # nothing written


def test_a_trait_that_is_not_an_attribute_or_skill_is_refused(cli):
    r = cli("-C", "giro", "check", BERTHOLD, "Ímpetu + salud")
    assert r.code == 2 and "neither an attribute nor a skill" in r.err


@pytest.mark.parametrize("args,says", [
    (("check", "13+1"), "1..12"), (("check", "4+13"), "0..12"), (("check", "25"), "0..24"),
    (("check", "4+3", "--difficulty", "13"), "1..12"), (("check", "4+3", "--difficulty", "0"), "1..12"),
    (("check", "4+3", "--adjust", "13"), "0..12"), (("check", "4+3", "--extra-day", "7"), "0..6"),
    (("check", "4+3", "--quality", "7"), "-6..6"), (("check", "4+3", "--keep-day", "13"), "1..12"),
    (("check", "4+3", "--adjust-day", "x"), "auto"), (("check", "4+3", "--night", "on-loss"), "never, on-failure"),
    (("check", "4+3", "--assist", "Bruno"), "number of assistants"),
    (("check", "4+3", "--night-turn", "--extra-night", "1"), "no extra dice"),
    (("check", "4+3", "--tempt", "--adjust", "1", "--adjust-day", "+1"), "rolls no Day Die"),
    (("contest", "4+3"), "opposition"), (("roll", "--day-dice", "0"), "1..12"),
    (("initiative", "--entrants", "Ana"), "Name=limit"), (("check", "4 y 2 o 1 + 3"), "mixes"),
])
def test_values_outside_the_system_are_refused_in_one_line(cli, args, says):
    r = cli("giro", *args)
    assert r.code == 2 and r.out == "" and says in r.err and len(r.err.strip().splitlines()) == 1, r.err


# --- by name and trait ---------------------------------------------------------

def test_001_R15_a_flexible_challenge_by_trait_names_with_the_players_pick(cli):
    r = camp(cli, "check", CHEVALLIER, "Ímpetu o Gracia + Atletismo u Diplomacia", "--pick", "Gracia,Diplomacia",
             "--dice", 5)
    assert data(r)["limit"] == 3 + 2  # Gracia 3 + Diplomacia 2, not the best Atletismo 3
    best = camp(cli, "check", CHEVALLIER, "Ímpetu o Gracia + Atletismo u Diplomacia", "--dice", 5)
    assert data(best)["limit"] == 3 + 3


def test_001_R12_an_advanced_skill_untrained_forces_a_night_turn(cli):
    # Pennrock's Mecanología is advanced and he is not trained in it: only the Night Die, once
    r = camp(cli, "check", PENNROCK, "Genio + Mecanología", "--dice", 2)
    d = data(r)
    assert d["pool"]["night_turn"] is True and d["day"] is None and d["night"]["value"] == 2
    assert d["outcome"] == "success_with_consequences" and d["challenge"]["trained"] is False  # 2 ≤ 3 + 0
    trained = camp(cli, "check", BERTHOLD, "Genio + Mecanología", "--dice", 2)
    assert data(trained)["pool"]["night_turn"] is False and data(trained)["outcome"] == "success"


def test_001_R17_assistants_add_a_day_die_each_and_must_be_able_to_help(cli, campaigns):
    r = camp(cli, "check", BERTHOLD, "Ímpetu + Fisicoculturismo", "--assist", f"{CHEVALLIER},1", "--dice", "9,12,3")
    d = data(r)
    assert d["pool"]["day"] == 3 and d["pool"]["assistants"] == [CHEVALLIER, None]
    assert d["day"]["kept"] == 3 and d["success"] is True  # his own 9 fails; the assistance's 3 is in range
    why = [die["why"] for die in d["dice"]]
    assert why[1].startswith("Day Die 2/3 (assistance of Maurice Chevallier)")
    refused = cli("-C", "giro", "check", BERTHOLD, "Genio + Mecanología", "--assist", PENNROCK)
    assert refused.code == 2 and "untrained in the advanced skill Mecanología" in refused.err
    assert cli("-C", "giro", "damage", CHEVALLIER, "10").code == 0
    down = cli("-C", "giro", "check", BERTHOLD, "Ímpetu + Fisicoculturismo", "--assist", CHEVALLIER)
    assert down.code == 2 and "cannot assist" in down.err


def test_001_R11_the_cronistas_consequence_is_kept_until_the_end_of_the_scene(cli, campaigns):
    r = camp(cli, "check", BERTHOLD, "Ímpetu + Fisicoculturismo", "--difficulty", 3, "--consequence",
             "se quema la mano", "--dice", "12,5")
    assert data(r)["consequence_noted"] == "se quema la mano"
    shown = cli("-C", "giro", "character", "show", BERTHOLD, "--json").json["status"]
    assert {"key": "consequence", "label": "se quema la mano"} in shown["conditions"] and shown["can_act"]
    clean = camp(cli, "check", BERTHOLD, "Ímpetu + Fisicoculturismo", "--consequence", "nada", "--dice", 5)
    assert data(clean)["consequence_noted"] is None  # no Night Die, no consequence
    assert cli("-C", "giro", "recover", "end_of_scene", BERTHOLD).code == 0
    assert state(campaigns)[BERTHOLD]["consecuencias"] == []


# --- damage, who can act, recovery (the toolkit's defaults) ------------------

def test_an_attack_deals_its_success_factor_plus_the_weapon(cli, campaigns):
    # Beckett's Day Die 6 (limit 7) against Lenoir's failed 12 and failed Night Die 12: 6 + 2 = 8
    r = camp(cli, "attack", BECKETT, "Armas de Fuego + Precisión", "Armas de Fuego + Precisión", "--target", LENOIR,
             "--weapon", 2, "--dice", "6,12,12")
    d = data(r)
    assert d["winner"] == "actor" and d["damage"] == 6 + 2 and d["hit"] == LENOIR
    assert state(campaigns)[LENOIR]["heridas"] == 8 and d["health"]["salud"] == 12 - 8


def test_a_mutual_attack_lets_the_winning_target_hit_back(cli, campaigns):
    r = camp(cli, "attack", BECKETT, "Armas de Fuego + Precisión", "Armas de Fuego + Precisión", "--target", LENOIR,
             "--mutual", "--target-weapon", 1, "--night", "never", "--dice", "3,7")
    d = data(r)
    assert d["winner"] == "target" and d["hit"] == BECKETT and d["damage"] == 7 + 1
    assert state(campaigns)[BECKETT]["heridas"] == 8  # salud 9: 1 left
    assert r.code == 1
    alone = camp(cli, "attack", LENOIR, "Armas de Fuego + Precisión", "--target", BECKETT, "--difficulty", 3,
                 "--dice", 5)  # no defence: a test against the difficulty
    assert data(alone)["damage"] == 5 and state(campaigns)[BECKETT]["heridas"] == 9


def test_at_zero_salud_a_character_cannot_act_and_is_left_out_of_initiative(cli, campaigns):
    assert cli("-C", "giro", "damage", PENNROCK, "12").code == 0
    assert state(campaigns)[PENNROCK]["heridas"] == 10  # salud stops at 0
    refused = cli("-C", "giro", "check", PENNROCK, "Gracia + Atletismo", "--dice", "3")
    assert refused.code == 2 and "cannot act: no health left (0/10)" in refused.err
    forced = cli("-C", "giro", "check", PENNROCK, "Gracia + Atletismo", "--dice", "3", "--force")
    assert forced.code == 0
    order = cli("-C", "giro", "initiative", "--seed", "1", "--json")
    assert PENNROCK not in order.json["order"] and "Nathaniel Pennrock is left out" in order.err
    status = cli("-C", "giro", "character", "show", PENNROCK, "--json", "--lang", "es").json["status"]
    assert status["can_act"] is False and status["key"] == "down" and "fuera de combate" in status["why"]


def test_wounded_is_a_condition(cli):
    cli("-C", "giro", "damage", BECKETT, "3")
    status = cli("-C", "giro", "character", "show", BECKETT, "--json").json["status"]
    assert status["can_act"] and status["conditions"] == [{"key": "wounded", "label": "Wounded (health 6/9)"}]


def test_a_rest_heals_the_success_factor_of_a_healing_roll(cli, campaigns):
    cli("-C", "giro", "damage", LENOIR, "8")
    # Genio 2 + Oratoria 3 = limit 5: a Day Die of 5 heals 5
    r = camp(cli, "recover", "rest", LENOIR, "--healing", "Genio + Oratoria", "--dice", 5)
    assert data(r)["healed"] == 5 and state(campaigns)[LENOIR]["heridas"] == 3
    failed = camp(cli, "recover", "rest", LENOIR, "--healing", "Genio + Oratoria", "--night", "never", "--dice", 6)
    assert data(failed)["healed"] == 0 and state(campaigns)[LENOIR]["heridas"] == 3
    automatic = camp(cli, "recover", "rest", LENOIR, "--dice", 12)  # 001-R10: no roll, the factor is 1d12
    assert data(automatic)["healed"] == 3 and state(campaigns)[LENOIR]["heridas"] == 0  # never above salud
    assert camp(cli, "recover", "rest", LENOIR).code == 0  # unhurt: nothing rolled, nothing healed


def test_the_end_of_a_scene_heals_nothing(cli, campaigns):
    cli("-C", "giro", "damage", LENOIR, "4")
    r = camp(cli, "recover", "end_of_scene")
    assert r.code == 0 and state(campaigns)[LENOIR]["heridas"] == 4


# --- initiative and rule options ----------------------------------------------

def test_initiative_orders_by_a_day_die_within_gracia_plus_percepcion(cli):
    # listed: Berthold 2+2=4, Pennrock 4+2=6, Chevallier 3+1=4, Beckett 3+3=6, Lenoir 4+2=6
    # dice 4, 7, 2, 5, 6: Pennrock's 7 is over his 6; the others are within range, highest first
    r = cli("-C", "giro", "initiative", "--dice", "4,7,2,5,6", "--json")
    assert r.json["order"] == [LENOIR, BECKETT, BERTHOLD, CHEVALLIER, PENNROCK]
    by_limit = cli("-C", "giro", "initiative", "--rule", "initiative=limit", "--json")
    assert by_limit.json["order"] == [PENNROCK, BECKETT, LENOIR, BERTHOLD, CHEVALLIER]  # ties: the listed order


def test_contest_tie_rule_option_per_command_and_per_campaign(cli, campaigns):
    tie = camp(cli, "contest", BECKETT, "Armas de Fuego + Precisión", "Armas de Fuego + Precisión", "--target",
               LENOIR, "--dice", "5,5")
    assert data(tie)["outcome"] == "stalemate" and tie.code == 1  # the default: nobody wins
    defender = camp(cli, "contest", BECKETT, "Armas de Fuego + Precisión", "Armas de Fuego + Precisión",
                    "--target", LENOIR, "--rule", "contest_tie=defender", "--night", "never", "--dice", "5,5")
    assert data(defender)["winner"] == "target"
    toml = campaigns / "giro" / "campaign.toml"
    toml.write_text(toml.read_text("utf-8").replace('contest_tie = "stalemate"', 'contest_tie = "reroll"'), "utf-8")
    again = camp(cli, "contest", BECKETT, "Armas de Fuego + Precisión", "Armas de Fuego + Precisión", "--target",
                 LENOIR, "--target-night", "never", "--dice", "5,5,6,3")
    assert data(again)["rounds"] == [{"actor": 5, "target": 5, "winner": "tie"},
                                     {"actor": 6, "target": 3, "winner": "actor"}]
    bad = cli("-C", "giro", "contest", BECKETT, "7", "7", "--rule", "contest_tie=coin")
    assert bad.code == 2 and "stalemate" in bad.err


def test_spanish_output_uses_the_books_words(cli):
    r = cli("-C", "giro", "check", BERTHOLD, "Ímpetu + Fisicoculturismo", "--difficulty", "3", "--dice", "12,2",
            "--lang", "es")
    assert "Dado Diurno 12: por encima del límite 7" in r.out
    assert "Falla y tira el Dado Nocturno: Dado Nocturno 2: por debajo de la dificultad 3" in r.out
    assert "Fracaso, Factor de Fracaso 2" in r.out and r.code == 1


def test_initiative_counts_a_trait_the_sheet_lacks_as_0(cli):
    assert cli("-C", "giro", "character", "add", "Guardia", "atributos.Gracia=3").code == 0
    r = cli("-C", "giro", "initiative", "Guardia", BERTHOLD, "--dice", "3,4", "--json")
    # Guardia: Gracia 3 + no Percepción = 3, and 3 is within it; Berthold's 4 is within his 4
    assert r.json["scores"]["Guardia"]["limit"] == 3 and r.json["order"] == [BERTHOLD, "Guardia"]
    assert cli("-C", "giro", "check", "Guardia", "Gracia + Percepción").code == 2  # elsewhere it is a typo's guard


def test_salud_stops_at_0_and_healing_counts_from_0(cli, campaigns):
    """No negative salud: damage past 0 is not kept, and wounds kept beyond the
    sheet's salud (a salud lowered since) heal from 0."""
    hit = camp(cli, "damage", BERTHOLD, 30)
    assert hit.code == 0 and data(hit)["health"]["heridas"] == 10 and data(hit)["health"]["salud"] == 0
    assert cli("-C", "giro", "character", "set", BERTHOLD, "salud=4").code == 0
    healed = camp(cli, "heal", BERTHOLD, 1)
    assert healed.code == 0 and data(healed)["health"]["salud"] == 1 and state(campaigns)[BERTHOLD]["heridas"] == 3
