"""The book's own worked example (004-T3 [seed]) and the digest's derived ones
(004-T1, T2, T4, T5) through the command line, with the book's dice given by
--dice. The numbers follow from the rules, worked out in each test."""

from __future__ import annotations

from middle_helpers import camp, end_round, quick, state


def test_004_T3_seed_taming_a_dog_is_nd_minus1(cli):
    # 004-T3 [seed]: "cuando la capacidad de domar bestias se utiliza contra el perro, el ND es de -1".
    # Aldara has domar bestias 3 (3d20); ND −1 reads the lowest of 7, 15, 3: 3 ≥ 1.
    r = camp(cli, "check", "Aldara", "domar bestias", "--nd", -1, "--dice", "7,15,3")
    assert r.code == 0
    assert (r.json["ld"]["sizes"], r.json["ld"]["reading"], r.json["ld"]["result"]) == ([20, 20, 20], "lowest", 3)
    assert r.json["success"] is True


def test_004_T3_seed_taming_a_sabre_tooth_tiger_is_nd_minus4(cli):
    # 004-T3 [seed]: the tiger is ND −4, "cuatro veces mas difícil": two sizes smaller (3d20 → 3d6),
    # then the ND −2 rule. Literal: lowest − second-lowest = 2 − 5 = −3, which can never succeed.
    r = camp(cli, "check", "Aldara", "domar bestias", "--nd", -4, "--dice", "2,6,5")
    assert r.code == 1
    assert (r.json["ld"]["sizes"], r.json["ld"]["result"], r.json["ld"]["cannot_succeed"]) == ([6, 6, 6], 2 - 5, True)
    said = cli("-C", "middle", "check", "Aldara", "domar bestias", "--nd", "-4", "--dice", "2,6,5", "--lang", "es").out
    assert "prácticamente una locura" in said and "nunca pasa de 0" in said
    # The other reading of the rulings (nd_minus2 = "difference"): second-lowest − lowest = 5 − 2 = 3 ≥ 1.
    r = camp(cli, "check", "Aldara", "domar bestias", "--nd", -4, "--rule", "nd_minus2=difference", "--dice", "2,6,5")
    assert (r.json["ld"]["result"], r.json["success"], r.code) == (3, True, 0)


def test_004_T3_seed_a_trained_tamer_cannot_even_try_the_tiger(cli):
    # domar bestias 2 throws 3d12, which cannot shrink twice: no die, an automatic failure (004-R3)
    r = quick(cli, "check", 2, "--nd", -4)
    assert r.json["ld"]["automatic_failure"] is True and r.json["dice"] == [] and r.code == 1


def test_004_T3_seed_quick_and_campaign_forms_agree(cli):
    quick_form = quick(cli, "check", 3, "--nd", -1, "--dice", "7,15,3").json
    campaign = camp(cli, "check", "Aldara", "domar bestias", "--nd", -1, "--dice", "7,15,3").json
    assert quick_form["ld"]["result"] == campaign["ld"]["result"] == 3
    assert campaign["ld"]["capability"] == "domar bestias" and quick_form["ld"]["rating"] == campaign["ld"]["rating"] == 3


def test_004_T1_on_a_sheet_innate_capability(cli):
    # Rata's charlatanerías 3 is innate: the highest of 3d20 (4, 9, 11) is 11, not the middle 9.
    r = camp(cli, "check", "Rata", "charlatanerías", "--dice", "4,9,11")
    assert (r.json["ld"]["innate"], r.json["ld"]["reading"], r.json["ld"]["result"]) == (True, "highest", 11)
    # A capability the sheet lacks is rated 0 (004-R2): d6+d12+d20, the lowest.
    r = camp(cli, "check", "Rata", "domar bestias", "--dice", "5,2,17")
    assert (r.json["ld"]["rating"], r.json["ld"]["sizes"], r.json["ld"]["result"]) == (0, [6, 12, 20], 2)


def test_004_T2_through_the_campaign(cli):
    # Novato's uso de armas 1 (3d6) at ND −3: no die smaller than d6, an automatic failure
    r = camp(cli, "check", "Novato", "uso de armas", "--nd", -3)
    assert r.json["ld"]["automatic_failure"] is True and r.code == 1


def test_004_T4_through_the_campaign(cli):
    # Dazed Bruno (−1) at the head (−3) of the sabre-tooth tiger, whose hide is armour −1: ND −5 → fails
    assert cli("-C", "middle", "state", "Bruno", "--add", "mareado").code == 0
    r = camp(cli, "strike", "Bruno", "--target", "Dientes de Sable", "--location", "head")
    assert r.json["ld"]["nd"] == -5 and r.json["ld"]["automatic_failure"] is True and r.json["hit"] is False


def test_004_T5_weapon_use_2_parries_three_times_a_turn(cli):
    # 004-T5 / 004-R11: Centinela (uso de armas 2) parries 2 + 1 = 3 times a round; the fourth blow meets
    # its protections (armour −1). Each attacker's uso de armas 1 (3d6) shows 2, 2, 2 (middle 2);
    # each parry, 3d12, shows 1, 1, 1 (middle 1): every parried blow lands, 2 > 1.
    assert camp(cli, "parry", "Centinela").json["parries_per_round"] == 3
    for name in ("Novato", "Rata", "Aldara"):
        r = camp(cli, "strike", name, "--target", "Centinela", "--dice", "2,2,2,1,1,1")
        assert r.code == 0, r.err
        assert r.json["parry"]["result"] == 1 and r.json["hit"] is True, name
    assert state(cli, "Centinela")["paradas"] == 3
    r = camp(cli, "strike", "Bruno", "--target", "Centinela", "--goal", 2, "--dice", "1,1,1")
    assert r.json["parry"] is None and r.json["hit"] is False
    assert [m["key"] for m in r.json["ld"]["nd_modifiers"]] == ["protections"]
    end_round(cli)
    assert state(cli, "Centinela")["paradas"] == 0 and state(cli, "Centinela")["parando"] is True
