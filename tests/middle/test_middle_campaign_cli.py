"""The verbs on the sample campaign's characters: by name and capability, in
Spanish and English, with bad input refused in one line and nothing written."""

from __future__ import annotations

from middle_helpers import camp, kept, quick, refused, state


def test_unknown_capability_lists_the_sheet_and_the_closest(cli, campaigns):
    before = kept(campaigns)
    r = cli("-C", "middle", "check", "Aldara", "domr bestias", "--dice", "1,2,3")
    refused(r, "Aldara has no capability 'domr bestias'", "Did you mean 'domar bestias'?", "Capabilities:")
    assert kept(campaigns) == before and not (campaigns / "middle" / "log.jsonl").exists()


def test_capability_names_ignore_case_accents_and_language(cli):
    for name in ("Domar Bestias", "beast taming"):
        assert camp(cli, "check", "Aldara", name, "--dice", "1,2,3").json["ld"]["capability"] == "domar bestias"
    assert camp(cli, "check", "Rata", "BRIBONERIAS", "--dice", "1,2,3").json["ld"]["rating"] == 2


def test_a_plain_number_on_a_campaign_rolls_those_marks(cli):
    r = camp(cli, "check", "Aldara", 1, "--dice", "1,2,3")
    assert r.json["ld"]["rating"] == 1 and r.json["ld"]["result"] == 2


def test_one_capability_at_a_time(cli):
    refused(cli("-C", "middle", "check", "Aldara", "calma+Sigilo"), "one capability")


def test_sheet_values_out_of_range_are_refused(cli, campaigns):
    refused(cli("-C", "middle", "character", "set", "Aldara", "capacidades.calma=4"), "0..3")
    refused(cli("middle", "damage", "3", "--with", "vida=0"), "1..1000")
    refused(cli("middle", "strike", "2", "--armour", "1"), "-4..0")
    refused(cli("middle", "strike", "2", "--location", "belly"), "legs", "head")
    refused(cli("middle", "strike", "2", "--weapon-kind", "sharp"), "edged", "piercing")


def test_a_refused_action_writes_nothing(cli, campaigns):
    camp(cli, "strike", "Aldara", "--target", "Perro", "--dice", "1,1,1")
    before = kept(campaigns), (campaigns / "middle" / "log.jsonl").read_text("utf-8")
    refused(cli("-C", "middle", "strike", "Aldara", "--target", "Perro", "--dice", "1,1,1"), "004-R5")
    refused(cli("-C", "middle", "strike", "Rata", "--target", "Perro", "--dice", "1,1"), "--dice ran out")
    assert (kept(campaigns), (campaigns / "middle" / "log.jsonl").read_text("utf-8")) == before


def test_spanish_output_uses_the_books_words(cli):
    r = cli("-C", "middle", "strike", "Bruno", "--target", "Dientes de Sable", "--dice", "5,8,10", "--lang", "es")
    out = r.out + r.err  # the dice read explain the result: on stderr when piped
    assert "Bruno: uso de armas 2 (3d12), ND −1 [protecciones −1] (más complicada de lo normal): 5 8 10 → el más bajo 5 ≥ 1: éxito" in out
    assert "Dientes de Sable recibe 7 de daño en el cuerpo: vida 13/20." in out
    assert "dados leídos de --dice" in out


def test_english_output_names_what_was_read_and_why(cli):
    r = cli("-C", "middle", "strike", "Bruno", "--target", "Dientes de Sable", "--dice", "5,8,10", "--lang", "en")
    out = r.out + r.err  # the dice read explain the result: on stderr when piped
    assert "ND −1 [protections −1] (harder than normal): 5 8 10 → lowest 5 ≥ 1: success" in out
    assert "Damage 5 from the LD + 2 weapon = 7." in out
    assert "d12=5 (strike Bruno 1/3)" in out


def test_undo_restores_the_state(cli):
    camp(cli, "strike", "Bruno", "--target", "Novato", "--location", "head", "--nd", 2, "--dice", "6,7,8")
    assert state(cli, "Novato")["muerte"] == "decapitado"
    assert cli("-C", "middle", "undo").code == 0
    assert state(cli, "Novato")["muerte"] == "" and state(cli, "Novato")["vida_perdida"] == 0


def test_seed_repeats_and_n_repeats(cli):
    first = quick(cli, "strike", 2, "--seed", 7, "--armour", -1).json
    assert quick(cli, "strike", 2, "--seed", 7, "--armour", -1).json == first
    rows = quick(cli, "check", 1, "-n", 5, "--seed", 3).json
    assert len(rows) == 5 and all(1 <= row["ld"]["result"] <= 6 for row in rows)


def test_systems_middle_lists_template_options_and_verbs(cli):
    out = cli("systems", "middle").out
    for word in ("capacidades", "nd_minus2", "weak_point_nd", "strike", "duel", "morale", "end_of_round"):
        assert word in out, word


def test_json_carries_what_a_referee_checks(cli):
    r = quick(cli, "strike", 2, "--armour", -1, "--location", "legs", "--bonus", 1, "--life", 6, "--vigor", 2,
              "--weapon", "medium", "--weapon-kind", "edged", "--dice", "4,9,11")
    ld = r.json["ld"]
    assert (ld["faces"], ld["nd"], ld["reading"], ld["kept"], ld["result"], ld["goal"]) == \
        ([4, 9, 11], -2, "lowest_minus_second", [4, 9], 4 - 9, 1)
    assert r.json["hit"] is False and r.json["damage"] == 0
    r = quick(cli, "strike", 2, "--location", "legs", "--bonus", 1, "--life", 6, "--vigor", 2,
              "--weapon", "medium", "--weapon-kind", "edged", "--dice", "4,9,11")
    # legs ND −1: lowest 4 + 1 = 5 > 6/2 and > 2: severed, half speed; 6 − 5 = 1 life left
    assert r.json["wound"] == {"damage": 5, "location": "legs", "life": 6, "life_before": 6, "life_left": 1,
                               "effects": ["leg_severed", "half_speed"], "states": [],
                               "injuries": ["pierna_cercenada", "media_velocidad"], "dead": False, "death": None}


def test_no_negative_life_so_a_rest_after_a_lifted_death_counts_from_0(cli, campaigns):
    hit = camp(cli, "damage", "Novato", 30)  # vida 10
    assert hit.code == 0 and hit.json["wound"]["life_left"] == 0 and hit.json["wound"]["dead"]
    assert kept(campaigns)["characters"]["Novato"]["vida_perdida"] == 10
    assert cli("-C", "middle", "state", "Novato", "--remove", "muerto").code == 0  # the Narrator's word
    rested = camp(cli, "recover", "rest", "Novato")
    assert rested.code == 0 and rested.json["results"][0]["life_left"] == 2  # recuperacion 2, from 0
