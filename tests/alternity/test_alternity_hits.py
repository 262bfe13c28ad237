"""One hit, one pipeline (002-R9, R20..R24): an attack, the GM's damage verb and damage
queued to the end of the phase mark a character through the same rules, and a dead
character takes nothing more, whichever way the hit comes."""

from __future__ import annotations

from aaa_helpers import kept, on_campaign


ATTACK = ("attack", "Mad Dog", "Armas Cuerpo a Cuerpo-espada", "d4s/d6w/d4m", "--target", "Zug")


def test_002_R20_R23_attack_damage_and_a_queued_hit_mark_alike(cli):
    # Amazing (control 3 ≤ 14÷4) → d4m = 3: 3 mortal, and 1 wound + 1 stun of secondary damage
    assert on_campaign(cli, *ATTACK, "--dice", "3,3").code == 0
    by_attack = kept(cli, "Zug")
    assert (by_attack["mortal"], by_attack["wound"], by_attack["stun"]) == (3, 1, 1)
    assert on_campaign(cli, "undo").code == 0
    assert on_campaign(cli, "damage", "Zug", "d4s/d6w/d4m", "--degree", "amazing", "--dice", "3").code == 0
    assert kept(cli, "Zug") == by_attack
    assert on_campaign(cli, "undo").code == 0
    queued = on_campaign(cli, *ATTACK, "--dice", "3,3", "--rule", "phase_damage=end_of_phase", "--json")
    assert queued.json["target"] == {"name": "Zug", "pending": ["mortal:3"]} and kept(cli, "Zug")["mortal"] == 0
    assert on_campaign(cli, "recover", "end_of_phase", "Zug").code == 0
    assert kept(cli, "Zug") == by_attack


def test_a_dead_character_takes_nothing_more(cli):
    on_campaign(cli, "damage", "Zug", "7m")   # CON 13: 7 mortal boxes, and 3 wound + 3 stun secondary
    dead = kept(cli, "Zug")
    assert dead["status"] == "dead" and (dead["stun"], dead["wound"]) == (3, 3)
    r = on_campaign(cli, *ATTACK, "--dice", "3,3", "--json")
    assert r.code == 0 and r.json["target"]["already_dead"] is True
    assert r.json["target"]["marked"] == {"stun": 0, "wound": 0, "mortal": 0, "fatigue": 0}
    assert "Zug is dead: the damage changes nothing." in r.json["explanation"]
    r = on_campaign(cli, "damage", "Zug", "5w")
    assert r.out.strip() == "Zug is dead: the damage changes nothing."
    assert kept(cli, "Zug") == dead


def test_002_R9_the_hits_of_a_phase_land_in_order_and_a_corpse_takes_no_more(cli):
    end_of_phase = ("--rule", "phase_damage=end_of_phase")
    on_campaign(cli, "attack", "Mad Dog", "Armas Cuerpo a Cuerpo-espada", "7m", "--target", "Zug", "--dice", "5", *end_of_phase)
    on_campaign(cli, "attack", "Sor Deskul", "Armas Cuerpo a Cuerpo-contundente", "4w", "--target", "Zug", "--dice", "5",
        *end_of_phase)
    r = on_campaign(cli, "recover", "end_of_phase", "Zug")
    assert "Zug dies: every mortal box is marked." in r.out and r.out.rstrip().endswith(
        "Zug is dead: the damage changes nothing.")
    st = kept(cli, "Zug")
    assert (st["mortal"], st["wound"], st["stun"], st["pending"]) == (7, 3, 3, [])


def test_a_hit_worked_out_once_lands_on_each_state_with_what_that_state_holds():
    # the same hit on the same marks is worked out once per sheet; what the hit does not
    # read (this scene's hurt, the knockout's wait, the bad luck) stays each state's own
    from aaa_helpers import call, character

    zug = character("Zug")
    fresh = call("damage", actor=zug, damage="4w").changes["Zug"]
    assert (fresh["wound"], fresh["stun"], fresh["hurt_this_scene"]) == (4, 2, True)
    marked = {"stun": 12, "ko_wait": 3, "bad_luck": 2, "hurt_this_scene": False}
    again = character("Zug", state=marked)
    out = call("damage", actor=again, damage="2s").changes["Zug"]   # the 13th stun box: knocked out
    assert (out["status"], out["ko_cause"], out["ko_wait"], out["bad_luck"]) == ("ko", "stun", 1, 2)
    assert out["hurt_this_scene"] is False
    twin = character("Zug", state=marked | {"hurt_this_scene": True, "bad_luck": 0})
    twin = type(twin)(twin.name, again.sheet, twin.state)   # the very sheet: the memo answers
    out = call("damage", actor=twin, damage="2s").changes["Zug"]
    assert (out["status"], out["ko_wait"], out["bad_luck"], out["hurt_this_scene"]) == ("ko", 1, 0, True)
    knocked = type(twin)(twin.name, again.sheet, marked | {"status": "ko", "ko_cause": "stun", "ko_wait": 3})
    out = call("damage", actor=knocked, damage="2s").changes["Zug"]   # already out: its wait runs on
    assert (out["status"], out["ko_wait"]) == ("ko", 3)
