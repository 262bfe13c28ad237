"""One hit, one pipeline (002-R9, R20..R24): an attack, the GM's damage verb and damage
queued to the end of the phase mark a character through the same rules, and a dead
character takes nothing more, whichever way the hit comes."""

from __future__ import annotations


def aaa(cli, *args):
    return cli("-C", "aaa", *map(str, args))


def zug(cli):
    return aaa(cli, "character", "show", "Zug", "--json").json["state"]


ATTACK = ("attack", "Mad Dog", "Armas Cuerpo a Cuerpo-espada", "d4s/d6w/d4m", "--target", "Zug")


def test_002_R20_R23_attack_damage_and_a_queued_hit_mark_alike(cli):
    # Amazing (control 3 ≤ 14÷4) → d4m = 3: 3 mortal, and 1 wound + 1 stun of secondary damage
    assert aaa(cli, *ATTACK, "--dice", "3,3").code == 0
    by_attack = zug(cli)
    assert (by_attack["mortal"], by_attack["wound"], by_attack["stun"]) == (3, 1, 1)
    assert aaa(cli, "undo").code == 0
    assert aaa(cli, "damage", "Zug", "d4s/d6w/d4m", "--degree", "amazing", "--dice", "3").code == 0
    assert zug(cli) == by_attack
    assert aaa(cli, "undo").code == 0
    queued = aaa(cli, *ATTACK, "--dice", "3,3", "--rule", "phase_damage=end_of_phase", "--json")
    assert queued.json["target"] == {"name": "Zug", "pending": ["mortal:3"]} and zug(cli)["mortal"] == 0
    assert aaa(cli, "recover", "end_of_phase", "Zug").code == 0
    assert zug(cli) == by_attack


def test_a_dead_character_takes_nothing_more(cli):
    aaa(cli, "damage", "Zug", "7m")   # CON 13: 7 mortal boxes, and 3 wound + 3 stun secondary
    dead = zug(cli)
    assert dead["status"] == "dead" and (dead["stun"], dead["wound"]) == (3, 3)
    r = aaa(cli, *ATTACK, "--dice", "3,3", "--json")
    assert r.code == 0 and r.json["target"]["already_dead"] is True
    assert r.json["target"]["marked"] == {"stun": 0, "wound": 0, "mortal": 0, "fatigue": 0}
    assert "Zug is dead: the damage changes nothing." in r.json["explanation"]
    r = aaa(cli, "damage", "Zug", "5w")
    assert r.out.strip() == "Zug is dead: the damage changes nothing."
    assert zug(cli) == dead


def test_002_R9_the_hits_of_a_phase_land_in_order_and_a_corpse_takes_no_more(cli):
    end_of_phase = ("--rule", "phase_damage=end_of_phase")
    aaa(cli, "attack", "Mad Dog", "Armas Cuerpo a Cuerpo-espada", "7m", "--target", "Zug", "--dice", "5", *end_of_phase)
    aaa(cli, "attack", "Sor Deskul", "Armas Cuerpo a Cuerpo-contundente", "4w", "--target", "Zug", "--dice", "5",
        *end_of_phase)
    r = aaa(cli, "recover", "end_of_phase", "Zug")
    assert "Zug dies: every mortal box is marked." in r.out and r.out.rstrip().endswith(
        "Zug is dead: the damage changes nothing.")
    st = zug(cli)
    assert (st["mortal"], st["wound"], st["stun"], st["pending"]) == (7, 3, 3, [])
