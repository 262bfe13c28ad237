"""The worked examples of docs/systems/v5.md (003-T1…T10) through the
command line, with --dice giving the dice. The [seed] cases use the sample
campaign's characters (campaigns/v5, from the book's own examples); every
expected number is worked out here from the rules, not copied from the output."""

from __future__ import annotations

from v5_helpers import camp, v5

FIREARMS = "Armas de Fuego"


def test_003_T2_003_R6_tracy_shoots_an_exposed_target_at_difficulty_2(cli):
    """003-T2 [seed]: Tracy (Composure + Firearms) fires at a target charging at her in
    the open: a test at difficulty 2, not a contest; the target rolls nothing."""
    # Compostura 3 + Armas de Fuego 3 = 6 dice; Tracy is a vampire at Hunger 1: 5 regular, 1 Hunger.
    r = camp(cli, "attack", "Tracy", f"Compostura+{FIREARMS}", "--difficulty", 2, "--target", "Asaltante",
             "--ranged", "--weapon", "Pistola", "--dice", "8,7,3,2,1,6")
    assert r.code == 0, r.err
    assert r.json["mode"] == "test" and r.json["difficulty"] == 2 and r.json["opposition"] is None
    assert len(r.json["dice"]) == 6                       # only Tracy's dice are read
    assert r.json["roll"]["successes"] == 3           # 8, 7 and the Hunger 6
    hit = r.json["hits"][0]
    assert hit["margin"] == 3 - 2 and hit["damage"] == 1 + 2  # margin + pistol 2 (003-R11)
    assert hit["type"] == "aggravated"                    # a firearm against a mortal (003-R12)
    assert hit["after"]["boxes"] == "[X X X . .]"         # Asaltante: Resistencia 2 + 3 = 5 Health


def test_003_T3_003_R9_katarina_defends_with_one_die_less_per_guard(cli):
    """003-T3 [seed]: Dexterity 3 + Brawl 4 = 7 against the first guard, 6 against the
    second, 5 against the third."""
    for earlier, pool in ((0, 7), (1, 6), (2, 5)):
        guard = f"Guardia {earlier + 1}"
        dice = ",".join(["2"] * (4 + pool))  # the guard's Fuerza 2 + Pelea 2, then Katarina's pool
        r = camp(cli, "attack", guard, "Fuerza+Pelea", "Destreza+Pelea", "--target", "Katarina",
                 "--earlier", earlier, "--dice", dice)
        assert r.code == 1, r.err                         # 0 to 0: a one-sided tie deals nothing
        assert r.json["opposition"]["pool"]["size"] == pool
        assert r.json["opposition"]["pool"]["modifiers"].get("earlier_opponents", 0) == -earlier
        assert r.json["hits"] == []


def test_003_T3_003_R9_katarina_splits_her_pool_to_attack_two_guards(cli):
    """003-T3 [seed]: to attack two guards she splits the pool, e.g. 4 dice and 3 dice."""
    for target, split in (("Guardia 1", 4), ("Guardia 2", 3)):
        r = camp(cli, "attack", "Katarina", "Destreza+Pelea", "Destreza+Atletismo", "--target", target,
                 "--split", split, "--dice", ",".join(["2"] * (split + 3)))  # the guard: Destreza 2 + Atletismo 1
        assert r.json["roll"]["pool"]["whole"] == 7 and r.json["roll"]["pool"]["size"] == split
    r = camp(cli, "attack", "Katarina", "Destreza+Pelea", "3", "--target", "Guardia 1", "--split", 7)
    assert r.code == 2 and "--split 7 is out of range 1..6" in r.err and r.out == ""


DECLARED = ("Leah=ongoing:Pelea>Gancho,Gancho=ongoing:Pelea con Armas>Leah,"
            "Tracy=ranged:Armas de Fuego>Asaltante,Asaltante=new:Pelea>Tracy,Fabian=other")


def test_003_T4_003_R2_003_R10_the_church_ambush_resolves_in_the_books_order(cli):
    """003-T4 [seed]: Leah and the hook-wielder, already in melee, resolve together;
    Tracy's shot resolves before her attacker's newly started melee; Fabian, whom
    nobody attacks, may resolve whenever."""
    r = camp(cli, "initiative", "Fabian", "Tracy", "Leah", "Gancho", "Asaltante", "--declare", DECLARED)
    assert r.code == 0, r.err
    order = r.json["order"]
    assert sorted(order) == sorted(["Fabian", "Tracy", "Leah", "Gancho", "Asaltante"])  # 003-R1: each acts once
    assert r.json["together"] in ([["Gancho", "Leah"]], [["Leah", "Gancho"]])
    assert max(order.index("Leah"), order.index("Gancho")) < order.index("Tracy")  # ongoing close combat first
    assert order.index("Tracy") < order.index("Asaltante")                          # ranged before new close combat
    assert order[-1] == "Fabian"
    lines = cli("-C", "v5", "initiative", "Fabian", "Tracy", "Leah", "Gancho", "Asaltante", "--declare", DECLARED).out
    assert "Fabian: everything else" in lines and "its timing does not matter" in lines
    assert "one two-sided conflict roll" in lines


def test_003_T5_clara_shotgun_margin_two_deals_six(cli):
    """003-T5 [seed]: Clara fires her shotgun (+4) at a policeman and wins by 2: 6 damage."""
    # Clara: Destreza 3 + Armas de Fuego 3 = 6 (5 regular, 1 Hunger); the policeman dodges
    # shots with Destreza 2 + Atletismo 1 = 3 (some cover: no change, 003-R7).
    r = camp(cli, "attack", "Clara", f"Destreza+{FIREARMS}", "--target", "Policía", "--ranged", "--weapon",
             "Escopeta", "--dice", "9,8,7,2,1,6,7,6,2")
    assert r.code == 0, r.err
    assert r.json["roll"]["successes"] == 4 and r.json["opposition"]["successes"] == 2
    hit = r.json["hits"][0]
    assert (hit["margin"], hit["weapon"], hit["damage"]) == (2, 4, 6)


def test_003_T6_003_R16_the_policeman_takes_six_aggravated_and_dies(cli):
    """003-T6 [seed]: 6 aggravated (a shotgun against a mortal, not halved) on 5 Health: he dies."""
    r = camp(cli, "attack", "Clara", f"Destreza+{FIREARMS}", "--target", "Policía", "--ranged", "--weapon",
             "Escopeta", "--dice", "9,8,7,2,1,6,7,6,2")
    hit = r.json["hits"][0]
    assert hit["type"] == "aggravated" and hit["levels"] == 6 and hit["halved"] is False
    assert hit["after"]["aggravated"] == 5 and hit["overflow"] == 1 and hit["out"] == "dead"
    status = cli("-C", "v5", "character", "show", "Policía", "--json").json["status"]
    assert status["can_act"] is False and status["key"] == "dead"
    refused = cli("-C", "v5", "check", "Policía", "Destreza+Atletismo", "--difficulty", "1", "--dice", "6,6,6")
    assert refused.code == 2 and refused.out == "" and refused.err.count("\n") == 1
    assert "Policía cannot act" in refused.err


def test_003_T9_003_R16_losing_all_willpower_in_the_elders_social_conflict(cli):
    """003-T9 [seed]: a coterie member who loses all Willpower in the Elders' social
    conflict at Elysium cannot defend itself: it crumbles (and meets the sun)."""
    # Clara's Willpower: Compostura 3 + Resolución 2 = 5 boxes; 10 superficial halve to 5 "/": Impaired.
    assert camp(cli, "damage", "Clara", 10, "--tracker", "willpower").json["after"]["boxes"] == "[/ / / / /]"
    # The Elder: Carisma 4 + Intimidación 4 = 8 (7 regular, 1 Hunger): 10, 10, 9, 8, 7, 6 → 4 + 4 = 8 successes.
    # Clara: Compostura 3 + Etiqueta 1 = 4, Impaired (Willpower) −2 on a social pool → 2 dice (1 Hunger): 0.
    r = camp(cli, "attack", "Antigua Valeria", "Carisma+Intimidación", "Compostura+Etiqueta", "--target", "Clara",
             "--social", "--audience", 2, "--dice", "10,10,9,8,7,6,2,3,2,4")
    assert r.code == 0, r.err
    assert r.json["opposition"]["pool"]["size"] == 2 and r.json["opposition"]["pool"]["modifiers"]["impaired"] == -2
    hit = r.json["hits"][0]
    assert hit["tracker"] == "willpower" and hit["damage"] == 8 + 2   # margin 8 + audience 2 (003-R11)
    assert hit["levels"] == 5 and hit["converted"] == 5               # halved to 5; no empty box: 5 "/" → "X"
    assert hit["after"]["boxes"] == "[X X X X X]" and hit["out"] == "ruined"
    status = cli("-C", "v5", "character", "show", "Clara", "--json").json["status"]
    assert status["key"] == "ruined" and "perhaps death" in status["why"]


def test_003_T10_003_R22_terence_removes_four_superficial_willpower(cli):
    """003-T10 [seed]: Resolve 3, Composure 4, 6 superficial Willpower: the next session
    starts by removing max(4, 3) = 4, leaving 2."""
    r = camp(cli, "recover", "start_of_session", "Terence")
    assert r.code == 0, r.err
    willpower = r.json["results"][0]["willpower"]
    assert willpower["superficial"] == 6 - 4 and willpower["size"] == 4 + 3


def test_003_T1_003_R5_two_sided_brawl_tie_each_side_takes_one(cli):
    """003-T1 [derived]: a two-sided Brawl tie at 3 vs 3: each side deals margin 1."""
    r = v5(cli, "attack", 3, 3, "--two-sided", "--dice", "6,7,8,9,6,7")
    assert r.json["outcome"] == "tie" and r.code == 1
    assert [(h["by"], h["damage"], h["type"], h["levels"]) for h in r.json["hits"]] == [
        ("attacker", 1, "superficial", 1), ("defender", 1, "superficial", 1)]  # 1 superficial halves to 1


def test_003_T7_003_R13_halving_superficial_damage(cli):
    """003-T7 [derived]: 5 superficial → 3 levels; 6 → 3; 1 → 1."""
    for amount, levels in ((5, 3), (6, 3), (1, 1)):
        r = v5(cli, "damage", amount, "--with", "health_max=7")
        assert r.json["levels"] == levels and r.json["after"]["superficial"] == levels


def test_003_T8_003_R15_impaired_health_converts(cli):
    """003-T8 [derived]: Health 5 = [/ / / / /]; 4 superficial halves to 2 and converts
    2 "/" into "X": [X X / / /]."""
    r = v5(cli, "damage", 4, "--with", "health_max=5", "--with", "health_superficial=5")
    assert r.json["after"]["boxes"] == "[X X / / /]" and r.json["converted"] == 2
