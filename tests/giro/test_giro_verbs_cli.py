"""Quick rolls with raw numbers (rolecli giro VERB ...): the dice of each verb,
the order --dice reads them in, -n and --seed, JSON and both languages."""

from __future__ import annotations

from giro_helpers import giro


def test_001_R2_roll_reads_day_dice_then_night_dice(cli):
    r = giro(cli, "roll", "--dice", "7,3")
    assert r.json["day"] == [7] and r.json["night"] == [3]
    r = giro(cli, "roll", "--day-dice", 2, "--night-dice", 2, "--dice", "1,2,3,4")
    assert r.json["day"] == [1, 2] and r.json["night"] == [3, 4]
    assert [d["why"] for d in r.json["dice"]] == ["Day Die 1/2", "Day Die 2/2", "Night Die 1/2", "Night Die 2/2"]
    assert cli("giro", "roll", "--dice", "13,1").code == 2  # a d12 has no 13


def test_001_R1_a_test_against_a_difficulty_and_a_contest_against_an_opponent(cli):
    test = giro(cli, "check", "4+3", "--difficulty", 2, "--dice", 2)
    assert test.json["verb"] == "check" and test.json["range"] == [2, 7] and test.json["success"] is True
    contest = giro(cli, "contest", "4+3", "3+3", "--dice", "2,4,1")
    assert contest.json["verb"] == "contest" and contest.json["roll"]["limit"] == 7
    assert contest.json["opposition"]["limit"] == 6
    # the actor's 2 loses to 4, so its Night Die (1) stands: 1 < 4, the opposition wins
    assert contest.json["winner"] == "target" and contest.json["roll"]["night"]["value"] == 1


def test_dice_order_day_dice_extra_and_assistance_then_night_dice(cli):
    r = giro(cli, "check", "4+3", "--extra-day", 1, "--assist", 1, "--extra-night", 1, "--dice", "9,10,11,2,12")
    assert [d["why"] for d in r.json["dice"]] == ["Day Die 1/3", "Day Die 2/3 (motivation)",
                                                  "Day Die 3/3 (assistance)", "Night Die 1/2", "Night Die 2/2"]
    assert r.json["night"]["kept"] == 12 and r.json["outcome"] == "fiasco"  # 001-R13: the highest, 12 > 7


def test_001_R13_tempting_fate_reads_only_night_dice(cli):
    r = giro(cli, "check", "10+2", "--tempt", "--dice", "3,12,5")
    assert r.json["day"] is None and r.json["night"]["dice"] == [3, 12, 5] and r.json["night"]["kept"] == 12
    assert r.json["outcome"] == "success_with_consequences" and r.json["success_factor"] == 12


def test_001_R10_automatic_success_and_failure_roll_the_factor(cli):
    r = giro(cli, "automatic", "success", "--dice", 5)
    assert r.json["success_factor"] == 5 and r.code == 0
    r = giro(cli, "automatic", "success", "--success-factor-mod", -9, "--dice", 5)
    assert r.json["rolled"] == 5 and r.json["success_factor"] == 1  # 001-R9: never below 1
    r = giro(cli, "automatic", "failure", "--failure-factor-mod", 2, "--dice", 3)
    assert r.json["failure_factor"] == 5 and r.code == 1


def test_001_R13_keep_day_replays_the_die_the_table_kept(cli):
    r = giro(cli, "check", "4+3", "--extra-day", 1, "--keep-day", 2, "--dice", "6,2")
    assert r.json["day"]["kept"] == 2 and r.json["success_factor"] == 2


def test_quick_damage_and_healing_on_a_throw_away_character(cli):
    r = giro(cli, "damage", 4, "--with", "salud=8")
    assert r.json["health"]["salud"] == 4 and r.json["health"]["heridas"] == 4 and r.json["health"]["down"] is False
    r = giro(cli, "damage", 9, "--with", "salud=8", "--with", "heridas=2")
    assert r.json["health"]["salud"] == 0 and r.json["health"]["down"] is True
    r = giro(cli, "heal", 3, "--with", "heridas=5")
    assert r.json["health"]["salud"] == 10 - 2


def test_seed_and_repeat(cli):
    first = giro(cli, "check", "4+3", "--difficulty", 3, "--seed", 11, "-n", 4)
    again = giro(cli, "check", "4+3", "--difficulty", 3, "--seed", 11, "-n", 4)
    assert len(first.json) == 4 and first.json == again.json
    assert first.code == (1 if any(not row["success"] for row in first.json) else 0)


def test_initiative_without_a_campaign_takes_entrants(cli):
    r = giro(cli, "initiative", "--entrants", "Ana=7,Bruno=9", "--dice", "8,8")
    # Ana's 8 is over her limit 7; Bruno's 8 is within his 9
    assert r.json["order"] == ["Bruno", "Ana"]
    assert r.json["scores"]["Ana"] == {"limit": 7, "die": 8, "in_range": False, "listed": 1}


def test_both_languages_name_what_was_rolled_and_read(cli):
    es = cli("giro", "check", "4+3", "--difficulty", "3", "--adjust", "1", "--dice", "2", "--lang", "es")
    assert "límite 7 = 4 + 3; dificultad 3 → rango de éxito 3–7" in es.out
    assert "Dado Diurno 2 +1 (ajuste) = 3: dentro del rango de éxito 3–7" in es.out
    assert "Éxito, Factor de Éxito 3" in es.out and "dados leídos de --dice: d12=2 (Dado Diurno)" in es.err
    en = cli("giro", "check", "4+3", "--difficulty", "3", "--dice", "9,1", "--lang", "en")
    assert "Day Die 9: above the limit 7" in en.out and "Night Die 1: below the difficulty 3" in en.out
    assert "Fiasco, Failure Factor 1" in en.out


def test_an_empty_range_says_so(cli):
    r = cli("giro", "check", "1+0", "--difficulty", "3", "--night", "never", "--dice", "2")
    assert "success range 3–1 (empty" in r.out and r.code == 1



def test_001_R12_a_night_turn_in_a_contest_rolls_with_the_first_rolls(cli):
    # the actor's Day Die 5; the target's Night Turn 6 beats it, so the actor's Night Die 7 answers and wins
    r = cli("giro", "contest", "7", "7", "--target-night-turn", "--dice", "5,6,7", "--json")
    assert r.json["opposition"]["pool"]["night_turn"] is True and r.json["opposition"]["night"]["value"] == 6
    assert r.json["night_order"] == ["actor"] and r.json["winner"] == "actor"
    assert r.json["opposition"]["consequences"] is True  # a Night Turn always has consequences
    text = cli("giro", "contest", "7", "7", "--target-night-turn", "--dice", "5,6,7").out
    assert "Opposition: Night Die 6: within the success range 1–7" in text
    assert "Actor is losing and rolls the Night Die (its result stands): Night Die 7" in text


def test_every_verb_on_salud_gives_it_in_one_shape(cli):
    """damage, heal and recover all give salud under "health" (docs/systems/giro.md),
    a recovery that heals nothing too: the end of a scene restores no salud (the rulings)."""
    shapes = [giro(cli, "damage", 2, "--with", "heridas=3").json["health"],
              giro(cli, "heal", 2, "--with", "heridas=3").json["health"],
              giro(cli, "recover", "end_of_scene", "--with", "heridas=3").json["results"][0]["health"]]
    assert [(h["salud"], h["heridas"], h["salud_max"]) for h in shapes] == [(10 - 5, 5, 10), (10 - 1, 1, 10),
                                                                            (10 - 3, 3, 10)]
