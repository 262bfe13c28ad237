"""The sample campaign (campaigns/v5) through the command line: pools from the
sheets, Impairment and the end of the trackers kept in the state, who can act,
Hunger, healing by event, rule options, and bad input refused in one line."""

from __future__ import annotations

import tomllib

import pytest

from v5_helpers import REPO, camp

FIREARMS = "Armas de Fuego"


def state_of(cli, name: str) -> dict:
    return cli("-C", "v5", "character", "show", name, "--json").json["state"]


def status_of(cli, name: str) -> dict:
    return cli("-C", "v5", "character", "show", name, "--json").json["status"]


def test_sample_campaign_has_the_books_characters():
    data = tomllib.loads((REPO / "campaigns" / "v5" / "campaign.toml").read_text("utf-8"))
    assert data["system"] == "v5"
    assert {"Tracy", "Leah", "Fabian", "Katarina", "Clara", "Policía", "Terence"} <= set(data["characters"])


def test_003_R3_pool_is_attribute_plus_skill_in_either_language(cli):
    es = camp(cli, "check", "Katarina", "Destreza+Pelea", "--difficulty", 1, "--dice", "6,6,6,6,6,6,6")
    en = camp(cli, "check", "Katarina", "dexterity+BRAWL", "--difficulty", 1, "--dice", "6,6,6,6,6,6,6")
    assert es.json["roll"]["pool"]["base"] == en.json["roll"]["pool"]["base"] == 3 + 4
    assert [t["name"] for t in en.json["roll"]["pool"]["traits"]] == ["Destreza", "Pelea"]  # as the sheet writes them


def test_an_untrained_skill_counts_zero_and_a_typo_is_refused(cli):
    r = camp(cli, "check", "Leah", "Astucia+Sigilo", "--difficulty", 1, "--dice", "6,6")
    assert r.json["roll"]["pool"]["base"] == 2 + 0 and r.json["roll"]["pool"]["traits"][1]["untrained"] is True
    before = cli("-C", "v5", "log", "--json").out
    bad = cli("-C", "v5", "check", "Leah", "Fuerza+Pleea", "--difficulty", 1)
    assert bad.code == 2 and bad.out == "" and bad.err.count("\n") == 1
    assert "Leah has no trait 'Pleea'. Did you mean 'Pelea'? Traits: Fuerza," in bad.err
    assert cli("-C", "v5", "log", "--json").out == before  # nothing written


@pytest.mark.parametrize("args,said", [
    (("check", "Tracy", "3", "--difficulty", "1", "--hunger", "6"), "--hunger = 6 is out of range 0..5"),
    (("check", "Tracy", "3", "--difficulty", "0"), "--difficulty = 0 is out of range 1..30"),
    (("check", "Terence", "3", "--difficulty", "1", "--hunger", "1"), "Terence is mortal: mortals roll no Hunger dice"),
    (("attack", "Tracy", "5", "3", "--cover", "none"), "--cover counts against shots (003-R7): add --ranged"),
    (("attack", "Tracy", "5", "--ranged", "--dodge", "--target", "Asaltante"), "--dodge is for close combat"),
    (("attack", "Tracy", "5", "3", "--difficulty", "2"), "give either a defence pool or --difficulty"),
    (("attack", "Tracy", "5"), "an attack needs the defence pool"),
    (("attack", "Tracy", "5", "3", "--tracker", "health", "--source", "secret"),
     "--source secret hurts Willpower, not Health"),
    (("attack", "Tracy", "5", "3", "--weapon", "Espada"), "Tracy has no weapon 'Espada'. Weapons: Pistola."),
    (("rouse", "Terence"), "Terence is mortal: only vampires Rouse the Blood"),
    (("recover", "end_of_turn", "Nadie"), "has no character 'Nadie'"),
])
def test_bad_input_is_one_line_exit_2_and_nothing_written(cli, args, said):
    before = cli("-C", "v5", "log", "--json").out
    r = cli("-C", "v5", *args)
    assert r.code == 2 and r.out == "" and r.err.count("\n") == 1 and said in r.err, r.err
    assert cli("-C", "v5", "log", "--json").out == before


def test_a_sheet_value_outside_the_range_is_refused_with_the_range(cli):
    r = cli("-C", "v5", "character", "set", "Tracy", "attributes.Fuerza=6")
    assert r.code == 2 and "out of range 1..5" in r.err


def test_003_R15_impaired_health_takes_two_dice_from_physical_pools_only(cli):
    camp(cli, "damage", "Leah", 12)  # 12 superficial halves to 6: Leah's 6 Health boxes all "/"
    assert status_of(cli, "Leah")["conditions"][0]["key"] == "impaired_health"
    physical = camp(cli, "check", "Leah", "Fuerza+Pelea", "--difficulty", 1, "--dice", "6,6,6,6")
    assert physical.json["roll"]["pool"]["modifiers"] == {"impaired": -2} and physical.json["roll"]["pool"]["size"] == 4
    social = camp(cli, "check", "Leah", "Carisma+Intimidación", "--difficulty", 1, "--dice", "6,6,6,6")
    assert social.json["roll"]["pool"]["size"] == 2 + 2  # Health does not weaken a social pool
    every = camp(cli, "check", "Leah", "Carisma+Intimidación", "--difficulty", 1, "--rule", "impairment=all",
                 "--dice", "6,6")
    assert every.json["roll"]["pool"]["size"] == 4 - 2  # GAP-4 read the other way: every pool


def test_003_R15_impaired_willpower_weakens_social_and_mental_pools(cli):
    camp(cli, "spend", "Fabian", 4)  # Willpower Compostura 2 + Resolución 2 = 4: all "/"
    social = camp(cli, "check", "Fabian", "Manipulación+Persuasión", "--difficulty", 1, "--dice", "6,6,6,6")
    mental = camp(cli, "check", "Fabian", "Inteligencia+Consciencia", "--difficulty", 1, "--dice", "6")
    physical = camp(cli, "check", "Fabian", "Destreza+Sigilo", "--difficulty", 1, "--dice", "6,6,6,6,6")
    assert (social.json["roll"]["pool"]["size"], mental.json["roll"]["pool"]["size"],
            physical.json["roll"]["pool"]["size"]) == (6 - 2, 3 - 2, 5)


def test_003_R16_a_vampire_with_health_full_of_aggravated_is_in_torpor(cli):
    r = camp(cli, "damage", "Leah", 6, "--source", "fire")
    assert r.json["type"] == "aggravated" and r.json["out"] == "torpor"
    assert status_of(cli, "Leah")["key"] == "torpor"
    left = cli("-C", "v5", "initiative", "Leah", "Tracy", "--json")
    assert left.json["order"] == ["Tracy"] and "Leah is left out" in left.err
    forced = camp(cli, "check", "Leah", "Fuerza+Pelea", "--difficulty", 1, "--force", "--dice", "6,6,6,6")
    assert forced.code == 0


def test_003_R16_willpower_full_of_aggravated_outside_a_social_conflict_only_impairs(cli):
    r = camp(cli, "damage", "Tracy", 5, "--tracker", "willpower", "--source", "secret")
    assert r.json["after"]["boxes"] == "[X X X X X]" and r.json["out"] is None
    assert status_of(cli, "Tracy")["can_act"] is True


def test_003_R5_two_sided_loser_is_hurt_by_the_defender(cli):
    # Leah Fuerza 3 + Pelea 3 = 6 (5 regular + 1 Hunger) rolls 0; Gancho Destreza 3 + Pelea con Armas 2 = 5 rolls 2.
    r = camp(cli, "attack", "Leah", "Fuerza+Pelea", "Destreza+Pelea con Armas", "--target", "Gancho", "--two-sided",
             "--target-weapon", "Gancho", "--reroll", "none", "--dice", "1,2,3,4,5,2,9,8,2,2,2")
    hit = r.json["hits"][0]
    assert r.code == 1 and hit["by"] == "defender" and hit["to"] == "Leah"
    assert hit["damage"] == 2 + 2 and hit["type"] == "superficial" and hit["levels"] == 2  # a blade bruises a vampire


def test_003_R8_a_dodge_uses_dexterity_athletics_and_deals_nothing(cli):
    r = camp(cli, "attack", "Gancho", "Destreza+Pelea con Armas", "--target", "Leah", "--dodge", "--reroll", "none",
             "--target-reroll", "none", "--dice", "1,1,1,1,1,9,9,8,7")
    assert r.json["opposition"]["pool"]["base"] == 2 + 2  # Leah: Destreza 2 + Atletismo 2
    assert r.json["outcome"] == "lose" and r.json["hits"] == [] and "deals no damage" in r.json["explanation"][2]


@pytest.mark.parametrize("cover,size", [("none", 3 - 2), ("some", 3), ("good", 3 + 1), ("strong", 3 + 2)])
def test_003_R7_cover_changes_the_defence_against_shots(cli, cover, size):
    r = camp(cli, "attack", "Tracy", f"Compostura+{FIREARMS}", "--target", "Policía", "--ranged", "--cover", cover,
             "--reroll", "none", "--dice", ",".join(["2"] * (6 + size)))
    assert r.json["opposition"]["pool"]["size"] == size  # the policeman's Destreza 2 + Atletismo 1, then the cover


def test_003_R14_003_R4_a_willpower_reroll_is_paid_with_one_unhalved_superficial(cli):
    # Tracy, Compostura 3 + Armas de Fuego 3 = 6 (5 regular, 1 Hunger) against difficulty 3: 1, 2, 9, 3, 4 | 5.
    r = camp(cli, "check", "Tracy", f"Compostura+{FIREARMS}", "--difficulty", 3, "--reroll", "failures",
             "--dice", "1,2,9,3,4,5,10,10,8")
    assert r.json["roll"]["willpower_reroll"]["dice"] == [1, 2, 4]  # the first three failed regular dice
    assert r.json["successes"] == 4 + 1 + 1 and r.json["degree"] == "critical_win"  # 10, 10 pair, 9, 8
    assert state_of(cli, "Tracy")["willpower_superficial"] == 1


def test_003_R21_a_vampire_mends_at_the_end_of_its_turn_by_blood_potency(cli):
    camp(cli, "damage", "Antigua Valeria", 8)  # 8 superficial halve to 4 "/"; Blood Potency 4 mends 3
    r = camp(cli, "recover", "end_of_turn", "Antigua Valeria", "--dice", 4)
    result = r.json["results"][0]
    assert result["health"]["superficial"] == 4 - 3 and result["hunger"] == 1 + 1  # the Rouse die 4 raises Hunger
    r = camp(cli, "recover", "end_of_turn", "Antigua Valeria", "--mend", "no")
    assert r.json["results"][0]["health"]["superficial"] == 1 and r.json["dice"] == []


def test_003_R24_rulings_a_vampire_mends_aggravated_health_at_three_rouse_checks(cli):
    camp(cli, "damage", "Katarina", 2, "--source", "sunlight")
    r = camp(cli, "recover", "rest", "Katarina", "--aggravated", 2, "--dice", "6,7,8,1,2,9")
    result = r.json["results"][0]
    assert result["health"]["aggravated"] == 0 and result["hunger"] == 1 + 2  # two dice of six fell on 1–5


def test_rulings_mortal_aggravated_health_needs_treatment(cli):
    camp(cli, "damage", "Terence", 3, "--type", "aggravated")
    assert camp(cli, "recover", "start_of_session", "Terence").json["results"][0]["health"]["aggravated"] == 3
    r = camp(cli, "recover", "treatment", "Terence", "--points", 2)
    assert r.json["results"][0]["health"]["aggravated"] == 1


def test_003_R20_mortals_heal_superficial_health_up_to_stamina_at_session_start(cli):
    camp(cli, "damage", "Terence", 8)  # halves to 4 "/"; Terence: Resistencia 2
    r = camp(cli, "recover", "start_of_session", "Terence")
    assert r.json["results"][0]["health"]["superficial"] == 4 - 2
    camp(cli, "damage", "Tracy", 4)  # a vampire mends by Rousing the Blood instead (003-R21)
    assert camp(cli, "recover", "start_of_session", "Tracy").json["results"][0]["health"]["superficial"] == 2


def test_003_R23_acting_on_the_ambition_heals_one_aggravated_willpower(cli):
    camp(cli, "damage", "Terence", 2, "--tracker", "willpower", "--source", "trusted")
    r = camp(cli, "recover", "start_of_session", "Terence", "--ambition")
    assert r.json["results"][0]["willpower"]["aggravated"] == 2 - 1


def test_the_end_of_the_scene_ends_a_social_ruin(cli):
    camp(cli, "damage", "Clara", 5, "--tracker", "willpower", "--source", "secret", "--social")
    assert status_of(cli, "Clara")["key"] == "ruined"
    camp(cli, "recover", "end_of_scene", "Clara")
    assert status_of(cli, "Clara")["can_act"] is True and not state_of(cli, "Clara")["ruined"]


def test_rouse_checks_raise_hunger_and_stop_at_five(cli):
    r = camp(cli, "rouse", "Tracy", 3, "--dice", "5,6,1")
    assert r.json["hunger"] == 1 + 2 and r.code == 1  # a failed Rouse check is a failed check
    camp(cli, "rouse", "Tracy", 2, "--dice", "1,1")
    refused = cli("-C", "v5", "rouse", "Tracy", "--dice", "1")
    assert refused.code == 2 and "cannot Rouse the Blood on purpose" in refused.err
    forced = camp(cli, "rouse", "Tracy", "--forced")
    assert forced.json["frenzy_test"] is True and forced.json["frenzy_difficulty"] == 4 and forced.json["dice"] == []


def test_hunger_dice_come_from_the_kept_state(cli):
    camp(cli, "rouse", "Clara", 2, "--dice", "1,1")  # Hunger 1 → 3
    r = camp(cli, "check", "Clara", f"Destreza+{FIREARMS}", "--difficulty", 1, "--dice", "6,6,6,6,6,6")
    assert r.json["roll"]["pool"]["hunger_dice"] == 3 and len(r.json["roll"]["hunger"]) == 3
    assert {"key": "hunger", "label": "Hunger 3"} in status_of(cli, "Clara")["conditions"]


def test_the_campaigns_rules_and_rule_options_per_command(cli):
    # 003-R5 tie, GAP-8: margin 1 plus the weapon, unless tie_weapon = false.
    args = ("attack", "Gancho", "2", "2", "--two-sided", "--weapon", "Gancho", "--reroll", "none",
            "--target-reroll", "none", "--dice", "6,2,6,2")
    assert camp(cli, *args).json["hits"][0]["damage"] == 1 + 2
    assert camp(cli, *args, "--rule", "tie_weapon=false").json["hits"][0]["damage"] == 1


def test_gap14_the_pool_floor_option(cli):
    args = ("attack", "Gancho", "2", "1", "--ranged", "--cover", "none", "--reroll", "none", "--target-reroll", "none")
    assert camp(cli, *args, "--dice", "6,6,2").json["opposition"]["pool"]["size"] == 1  # never below 1 die
    r = camp(cli, *args, "--rule", "pool_floor=0", "--dice", "6,6")
    assert r.json["opposition"]["pool"]["size"] == 0 and r.json["opposition"]["successes"] == 0


def test_003_R15_option_incapacitates_the_storytellers_mortals_when_impaired(cli):
    camp(cli, "damage", "Gancho", 10)  # 5 "/" on 5 Health
    assert status_of(cli, "Gancho")["can_act"] is True
    r = cli("-C", "v5", "initiative", "Gancho", "Leah", "--rule", "incapacitate_mortals=true", "--json")
    assert r.json["order"] == ["Leah"] and "incapacitated" in r.err


def test_spanish_uses_the_books_words(cli):
    r = cli("-C", "v5", "attack", "Clara", f"Destreza+{FIREARMS}", "--target", "Policía", "--ranged", "--weapon",
            "Escopeta", "--dice", "9,8,7,2,1,6,7,6,2", "--lang", "es")
    assert "de daño agravado" in r.out and "Salud [X X X X X]" in r.out and "Ansia [6*]" in r.out
    assert "coma o muerte" in r.out and "dados leídos de --dice" in r.err  # explanations: stderr when piped
    r = cli("v5", "check", "3", "--difficulty", "1", "--hunger", "1", "--dice", "10,2,10", "--lang", "es")
    assert "crítico conflictivo" in r.out


def test_003_R9_in_a_conflict_each_attack_marks_its_target_for_the_next_attacker():
    """In a conflict under way, an attack leaves an effect on its target until the end of
    the round (the book's turn); the next attack on it counts them as earlier opponents."""
    from rolecli.contract import Action, Context, Turn
    from rolecli.dice.source import DiceSource

    import rolecli_v5
    from rolecli.testing import hooks
    from v5_helpers import character

    plugin = hooks(rolecli_v5)

    katarina, guards = character("Katarina"), [character(f"Guardia {i}") for i in (1, 2, 3)]
    effects: list = []
    for guard, pool in zip(guards, (7, 6, 5)):
        ctx = Context("en", DiceSource(5), {}, {c.name: c for c in (katarina, *guards)}, effects=tuple(effects),
                      conflict=Turn(round=1, actor=guard.name))
        params = {"pool": "Fuerza+Pelea", "defence": "Destreza+Pelea"}
        out = plugin.rolecli_resolve(action=Action("attack", params, guard, katarina), ctx=ctx)
        assert out.data["opposition"]["pool"]["size"] == pool  # 003-T3: 7, 6, 5
        (left,) = out.effects
        assert (left.on, left.key, left.until, left.rounds) == ("Katarina", "attacked", "rounds", 1)
        effects.append(left)


def test_feeding_slakes_hunger_but_only_a_kill_takes_it_below_one(cli):
    camp(cli, "rouse", "Tracy", 3, "--dice", "1,1,1")  # Hunger 1 → 4
    assert camp(cli, "recover", "feed", "Tracy", "--slake", 2).json["results"][0]["hunger"] == 4 - 2
    assert camp(cli, "recover", "feed", "Tracy", "--slake", 5).json["results"][0]["hunger"] == 1
    assert camp(cli, "recover", "feed", "Tracy", "--kill").json["results"][0]["hunger"] == 0


def test_rule_options_from_the_campaigns_rules_table(cli, campaigns):
    path = campaigns / "v5" / "campaign.toml"
    path.write_text(path.read_text("utf-8").replace('impairment = "tracker"', 'impairment = "all"'), "utf-8")
    camp(cli, "damage", "Leah", 12)  # Health Impaired: with "all", social pools lose 2 dice as well (GAP-4)
    r = camp(cli, "check", "Leah", "Carisma+Intimidación", "--difficulty", 1, "--dice", "6,6")
    assert r.json["roll"]["pool"]["size"] == 2 + 2 - 2
    bad = cli("-C", "v5", "check", "Leah", "3", "--difficulty", "1", "--rule", "pool_floor=2")
    assert bad.code == 2 and "pool_floor=2 is not one of: 1, 0" in bad.err


def test_a_tracker_never_holds_more_marks_than_its_boxes(cli):
    hit = cli("-C", "v5", "damage", "Tracy", "40", "--type", "aggravated", "--json")
    assert hit.code == 0 and hit.json["overflow"] == 35
    assert state_of(cli, "Tracy")["health_aggravated"] == hit.json["after"]["size"] == 5
