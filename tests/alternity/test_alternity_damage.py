"""Damage (002-R20..R29): ratings, tracks, secondary damage, 2:1 overflow, knockout,
death, Dazed penalties, dying, fatigue and drowning. Quick commands through the CLI
(--with builds the throw-away character), campaign characters through the hooks."""

from __future__ import annotations

import pytest

from aaa_helpers import aaa_cli, call, character
from rolecli.contract import Refused


def dmg(cli, *args):
    return aaa_cli(cli, "damage", *args)


@pytest.mark.parametrize("degree,track,sides", [("ordinary", "stun", 4), ("good", "wound", 6), ("amazing", "mortal", 4)])
def test_002_T7_rating_entry_by_degree(cli, degree, track, sides):
    """002-T7 [seed]: d4s/d6w/d4m — Ordinary d4 stun, Good d6 wound, Amazing d4 mortal."""
    r = dmg(cli, "d4s/d6w/d4m", "--degree", degree, "--dice", 3, "--with", "CON=12")
    assert r.json["track"] == track and r.json["amount"] == 3 and r.json["marked"][track] == 3
    assert r.json["rolled"] == [3] and r.json["dice"][0]["sides"] == sides


def test_002_R20_attack_degree_picks_the_entry_and_hits_the_target():
    # Mad Dog's sword (specialty 14, +d0): control 3 ≤ 14÷4 → Amazing → d4 mortal (2)
    out = call("attack", actor=character("Mad Dog"), target=character("Zug"), score="Armas Cuerpo a Cuerpo-espada",
               damage="d4s/d6w/d4m", dice=[3, 2])
    assert out.data["degree"] == "amazing" and out.data["damage"]["track"] == "mortal"
    zug = out.changes["Zug"]
    assert (zug["mortal"], zug["wound"], zug["stun"]) == (2, 1, 1)     # 2 mortal → 1 wound + 1 stun


def test_002_R20_failed_attack_deals_no_damage():
    out = call("attack", actor=character("Mad Dog"), target=character("Zug"), score="Armas Cuerpo a Cuerpo-espada",
               damage="d4s/d6w/d4m", dice=[18])
    assert out.data["damage"] is None and "Zug" not in out.changes


def test_002_R21_stun_fills_and_knocks_out(cli):
    r = dmg(cli, "4s", "--with", "CON=10", "--with", "stun=6")
    assert r.json["state"]["stun"] == 10 and r.json["condition"] == "ko" and r.json["knocked_out"] is True


def test_002_T10_stun_overflow_two_to_one(cli):
    """002-T10 [derived]: all stun marked, 5 stun in one attack → 2 wound, odd point ignored."""
    r = dmg(cli, "5s", "--with", "CON=10", "--with", "stun=10")
    assert r.json["marked"] == {"stun": 0, "wound": 2, "mortal": 0, "fatigue": 0} and r.json["ignored"] == 1


def test_002_R21_excess_of_the_same_hit_converts(cli):
    # The rulings (GAP-10): 8 free... 3 free stun boxes, 7 stun: 3 marked, 4 excess → 2 wound
    r = dmg(cli, "7s", "--with", "CON=10", "--with", "stun=7")
    assert r.json["marked"]["stun"] == 3 and r.json["marked"]["wound"] == 2


def test_002_T8_wound_adds_secondary_stun(cli):
    """002-T8 [derived]: 5 wound in one attack → 5 wound and 2 stun."""
    r = dmg(cli, "5w", "--with", "CON=10")
    assert r.json["marked"] == {"stun": 2, "wound": 5, "mortal": 0, "fatigue": 0}


def test_002_R22_wound_full_knocks_out_and_overflows_to_mortal(cli):
    # 1 free wound box, 5 wound: 1 marked, 4 excess → 2 mortal; secondary stun 2
    r = dmg(cli, "5w", "--with", "CON=10", "--with", "wound=9")
    assert r.json["marked"] == {"stun": 2, "wound": 1, "mortal": 2, "fatigue": 0}
    assert r.json["condition"] == "ko" and r.json["state"]["ko_cause"] == "wound"


def test_002_T9_mortal_secondary_wound_and_stun_without_more_stun(cli):
    """002-T9 [derived]: 3 mortal → 3 mortal, 1 wound, 1 stun (the wound adds no stun)."""
    r = dmg(cli, "3m", "--with", "CON=10")
    assert r.json["marked"] == {"stun": 1, "wound": 1, "mortal": 3, "fatigue": 0}
    assert r.json["dying"] is True


def test_002_R23_all_mortal_boxes_is_death(cli):
    r = dmg(cli, "2m", "--with", "CON=10", "--with", "mortal=4")    # ⌈10/2⌉ = 5 mortal boxes
    assert r.json["state"]["mortal"] == 5 and r.json["condition"] == "dead" and r.json["died"] is True


def test_002_R24_secondary_stun_on_a_full_track_converts_too(cli):
    # stun full; 4 mortal: secondary 2 wound + 2 stun; the 2 stun overflow → 1 wound
    r = dmg(cli, "4m", "--with", "CON=10", "--with", "stun=10")
    assert r.json["marked"] == {"stun": 0, "wound": 3, "mortal": 4, "fatigue": 0}


def test_002_R24_damage_input_is_validated(cli):
    r = cli("alternity", "damage", "5x", "--with", "CON=10")
    assert r.code == 2 and "s (stun)" in r.err


def test_002_R25_fatigue_roll_degrees():
    jack = character("Jack Everstar")    # Resistencia-resistencia 11, specialty +d0
    assert call("fatigue", actor=jack, dice=[20]).changes["Jack Everstar"]["fatigue"] == 2    # CF → 2
    assert call("fatigue", actor=jack, dice=[15]).changes["Jack Everstar"]["fatigue"] == 1    # Failure → 1
    out = call("fatigue", actor=jack, dice=[9])                                                 # success → 0
    assert out.data["fatigue"] == 0 and not out.changes


def test_002_R25_continuing_activity_adds_a_cumulative_step():
    out = call("fatigue", actor=character("Jack Everstar"), roll_number=3, dice=[9, 1])
    assert out.data["steps"] == 2 and out.data["situation_die"] == "+d6"


def test_002_R25_full_fatigue_resolve_roll_then_next_fatigue_knocks_out():
    # CON 10 → ⌈10/2⌉ = 5 fatigue boxes; 4 marked: the roll is at +4 (fatigue Dazed) → +d12
    ch = character("x", CON=10, state={"fatigue": 4})
    out = call("fatigue", actor=ch, score="12", resolve="12", dice=[15, 3, 1, 1])   # Failure → 1 → full → Resolve +d20
    st = out.changes["x"]
    assert st["fatigue"] == 5 and st["fatigue_hold"] is True and st["status"] == "ok"
    ch = character("x", CON=10, state=st)
    out = call("damage", actor=ch, damage="1f")
    assert out.changes["x"]["status"] == "ko" and out.changes["x"]["ko_cause"] == "fatigue"


def test_002_R25_failed_resolve_roll_knocks_out():
    ch = character("x", CON=10, state={"fatigue": 4})
    out = call("damage", actor=ch, damage="1f", resolve="12", dice=[19, 1])
    assert out.changes["x"]["status"] == "ko"


def test_002_R25_R26_the_full_tracks_resolve_roll_is_dazed_by_the_box_just_marked():
    ch = character("x", CON=10, state={"fatigue": 4})
    out = call("damage", actor=ch, damage="1f", resolve="12", dice=[19, 1])
    # the state as the hit leaves it (5 boxes), not as the character was kept (4)
    assert "Score 12 (specialty, base +d0); steps: +5 dazed (+5 for fatigue) → situation die +d20" in out.lines


def test_002_T11_dazed_penalties_add_up():
    """002-T11 [seed]: Dazed by stun + Dazed by wound + 2 mortal → +4 steps."""
    from aaa_helpers import options
    from rolecli_alternity.sheet import dazed_steps

    ch = character("x", CON=10, state={"stun": 6, "wound": 6, "mortal": 2})
    assert dazed_steps(ch, options(), "en")[0] == 4
    out = call("check", actor=ch, score="13", dice=[5, 1])
    assert out.data["situation_die"] == "+d12"          # +d0 + 4 steps


def test_002_R26_optional_dazed_rules_can_be_switched_off():
    from aaa_helpers import options
    from rolecli_alternity.sheet import dazed_steps

    ch = character("x", CON=10, state={"stun": 6, "wound": 6, "mortal": 2, "fatigue": 1})
    assert dazed_steps(ch, options(dazed_stun=False, dazed_wound=False), "en")[0] == 3   # 2 mortal + 1 fatigue


def test_002_R26_the_dazed_reasons_name_their_numbers_in_either_language():
    from aaa_helpers import options
    from rolecli_alternity.sheet import dazed_steps

    ch = character("x", CON=10, state={"stun": 6, "mortal": 2, "fatigue": 1})
    assert dazed_steps(ch, options(), "en") == (4, ["+2 for mortal damage", "+1 for fatigue",
                                                    "+1 dazed (over half the stun boxes)"])
    assert dazed_steps(ch, options(), "es")[1][:2] == ["+2 por daño mortal", "+1 por fatiga"]
    worse = character("x", CON=10, state={"mortal": 3, "fatigue": 2})
    assert dazed_steps(worse, options(), "en") == (5, ["+3 for mortal damage", "+2 for fatigue"])
    out = call("check", actor=worse, score="13", dice=[5, 1])   # +d0 and 5 steps: +d20
    assert out.data["step_sources"] == [{"steps": 5, "why": "dazed (+3 for mortal damage, +2 for fatigue)"}]


def test_002_R26_more_than_half_on_odd_tracks():
    from aaa_helpers import options
    from rolecli_alternity.sheet import dazed_steps

    assert dazed_steps(character("x", CON=9, state={"stun": 5}), options(), "en")[0] == 1   # 5 of 9 > half
    assert dazed_steps(character("x", CON=9, state={"stun": 4}), options(), "en")[0] == 0


def test_002_R27_dying_roll_at_end_of_scene(cli):
    # mortal 1 → +1 step: Stamina 12 at +d4; control 20 → Critical Failure → +2 mortal
    r = aaa_cli(cli, "recover", "end_of_scene", "--with", "CON=10", "--with", "mortal=1", "--stamina", 12,
                "--dice", "20,1")
    res = r.json["results"][0]
    assert res["dying_roll"] == {"degree": "critical_failure", "mortal": 2} and res["state"]["mortal"] == 3
    r = aaa_cli(cli, "recover", "end_of_scene", "--with", "CON=10", "--with", "mortal=1", "--stamina", 12,
                "--dice", "15,1")
    assert r.json["results"][0]["dying_roll"]["mortal"] == 1
    r = aaa_cli(cli, "recover", "end_of_scene", "--with", "CON=10", "--with", "mortal=1", "--stamina", 12,
                "--dice", "5,1")
    assert r.json["results"][0]["dying_roll"]["mortal"] == 0


def test_002_R27_dying_rolls_hourly_untreated_daily_treated():
    ch = character("x", CON=10, state={"mortal": 1})
    out = call("recover", actor=ch, event="rest", hours=3, stamina="12", dice=[5, 1, 5, 1, 5, 1])
    assert len(out.dice) == 6                               # 3 hourly dying rolls (control + d4)
    ch = character("x", CON=10, state={"mortal": 1, "treated": True})
    out = call("recover", actor=ch, event="rest", hours=3, stamina="12")
    assert len(out.dice) == 0                               # treated: daily


def test_002_T12_jack_everstar_holding_breath():
    """002-T12 [seed]: CON 9 → 4 free rounds; round 5 CF → 4 stun; round 6 at +1 Ordinary → 2;
    round 7 at +2 Failure → last 2 stun (unconscious) + 1 wound; 7 wound and 4 mortal left."""
    jack = character("Jack Everstar")         # Resistencia-resistencia 11; 8/8/4 boxes on the sheet
    out = call("breath", actor=jack, round=4)
    assert out.data["free_rounds"] == 4 and not out.dice
    out = call("breath", actor=jack, round=5, dice=[20])
    st = out.changes["Jack Everstar"]
    assert out.data["degree"] == "critical_failure" and st["stun"] == 4
    out = call("breath", actor=character("Jack Everstar", state=st), round=6, dice=[8, 1])
    st = out.changes["Jack Everstar"]
    assert out.data["situation_die"] == "+d4" and out.data["degree"] == "ordinary" and st["stun"] == 6
    out = call("breath", actor=character("Jack Everstar", state=st), round=7, dice=[12, 1])
    st = out.changes["Jack Everstar"]
    assert out.data["situation_die"] == "+d6" and out.data["degree"] == "failure"
    assert (st["stun"], st["wound"], st["mortal"]) == (8, 1, 0) and st["status"] == "ko"
    assert 8 - st["wound"] == 7 and 4 - st["mortal"] == 4
    out = call("breath", actor=character("Jack Everstar", state=st), round=8, dice=[12, 1])
    assert out.data["situation_die"] == "+d8" and out.changes["Jack Everstar"]["wound"] == 4   # +3, 3 more points


def test_002_R28_drowning_spills_one_to_one(cli):
    r = dmg(cli, "5s", "--spill", "drowning", "--with", "CON=9", "--with", "stun_max=8", "--with", "stun=6")
    assert r.json["marked"] == {"stun": 2, "wound": 3, "mortal": 0, "fatigue": 0}


def test_002_T12_through_the_command_line(cli):
    r = aaa_cli(cli, "breath", 7, "--score", 11, "--with", "CON=9", "--with", "stun_max=8", "--with", "wound_max=8",
                "--with", "mortal_max=4", "--with", "stun=6", "--dice", "12,1")
    assert r.json["stun"] == 3 and r.json["state"]["stun"] == 8 and r.json["state"]["wound"] == 1
    assert r.json["state"]["status"] == "ko"


def test_heal_mortal_needs_surgery():
    ch = character("x", CON=10, state={"mortal": 2})
    with pytest.raises(Refused, match="surgery"):
        call("heal", actor=ch, amount=1, track="mortal")
