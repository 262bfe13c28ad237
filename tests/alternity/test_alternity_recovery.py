"""Recovery (002-R30..R35): stun at the end of a scene, waking from a knockout, wounds,
surgery, fatigue rest, last resorts per Act."""

from __future__ import annotations

import pytest

from aaa_helpers import aaa_cli, call, character
from rolecli.contract import Refused


def test_002_R30_stun_vanishes_at_the_end_of_the_scene(cli):
    r = aaa_cli(cli, "recover", "end_of_scene", "--with", "CON=10", "--with", "stun=7")
    assert r.json["results"][0]["state"]["stun"] == 0
    # and a stun knockout ends with it
    ko = character("x", CON=10, state={"stun": 10, "status": "ko", "ko_cause": "stun"})
    out = call("recover", actor=ko, event="end_of_scene")
    assert out.changes["x"]["status"] == "ok"


def test_002_T13_knockout_recovery_rounds():
    """002-T13 [derived]: KO in round r; first roll in r+2; Good → 4 stun cleared, awake in
    r+2, cannot act in r+3."""
    hit = call("damage", actor=character("Mad Dog"), damage="11s")                    # CON 11: stun full → KO
    st = hit.changes["Mad Dog"]
    assert st["status"] == "ko" and st["ko_wait"] == 1
    r1 = call("recover", actor=character("Mad Dog", state=st), event="round")           # round r+1: no roll
    assert r1.changes["Mad Dog"] == {"ko_wait": 0}  # (a recovery's change: the fields it moved alone)
    st = r1.data["state"]
    assert not r1.dice and r1.data["ko"]["result"] == "waiting" and st["status"] == "ko"
    # round r+2: Resolución-resolución física 11 at +d4 (Dazed: over half the stun) → 3 + 1 = 4 ≤ 5: Good
    r2 = call("recover", actor=character("Mad Dog", state=st), event="round", dice=[3, 1])
    st = r2.data["state"]
    assert r2.data["ko"] == {"result": "woke", "stun_recovered": 4}
    assert st["stun"] == 7 and st["status"] == "ok"
    r3 = call("recover", actor=character("Mad Dog", state=st), event="round")           # round r+3: cannot act
    st = r3.data["state"]
    ini = call("initiative", chars=[character("Mad Dog", state=st), character("Zug")], dice=[5])
    assert ini.data["skipped"] == ["Mad Dog"]
    r4 = call("recover", actor=character("Mad Dog", state=st), event="round")           # round r+4: acts again
    assert r4.changes["Mad Dog"]["out_rounds"] == 0


@pytest.mark.parametrize("control,recovered", [(20, 0), (15, 0), (8, 2), (3, 4), (1, 6)])
def test_002_R31_recovery_by_degree(control, recovered):
    # Resolve 11 (specialty) at +d4 with the d4 reading 1: CF 20, Failure 16, Ordinary 9, Good 4, Amazing 2
    st = {"stun": 11, "status": "ko", "ko_cause": "stun", "ko_wait": 0}
    out = call("recover", actor=character("Mad Dog", state=st), event="round", dice=[control, 1])
    assert out.data["ko"]["stun_recovered"] == recovered


def test_002_R32_wound_knockout_needs_a_healed_wound():
    st = {"wound": 11, "stun": 5, "status": "ko", "ko_cause": "wound"}
    out = call("recover", actor=character("Mad Dog", state=st), event="end_of_scene")   # not hurt this scene: no roll
    assert out.data["state"]["status"] == "ko" and out.changes["Mad Dog"]["stun"] == 0
    out = call("heal", actor=character("Mad Dog", state=st), amount=1, track="wound", method="treatment")
    assert out.changes["Mad Dog"]["wound"] == 10 and out.changes["Mad Dog"]["status"] == "ok"


def test_002_R33_mortal_only_by_surgery():
    st = {"mortal": 2}
    with pytest.raises(Refused, match="surgery"):
        call("heal", actor=character("Zug", state=st), amount=2, track="mortal", method="treatment")
    out = call("heal", actor=character("Zug", state=st), amount=2, track="mortal", method="surgery")
    assert out.changes["Zug"]["mortal"] == 0


def test_002_R33_first_aid_makes_dying_rolls_daily():
    out = call("heal", actor=character("Zug", state={"mortal": 1, "wound": 2}), amount=1, method="first_aid")
    assert out.changes["Zug"]["treated"] is True


@pytest.mark.parametrize("control,recovered", [(20, 0), (16, 1), (9, 2), (4, 3), (1, 4)])
def test_002_R34_fatigue_recovery_per_hour_by_degree(control, recovered):
    # Resolve 11 (specialty) with 4 fatigue boxes: +4 steps → +d12 reading 1
    st = {"fatigue": 4}
    out = call("recover", actor=character("Mad Dog", state=st), event="rest", hours=1, dice=[control, 1])
    assert out.data["fatigue_recovered"] == recovered


def test_002_R34_several_hours_roll_each_hour():
    out = call("recover", actor=character("Mad Dog", state={"fatigue": 2}), event="rest", hours=2,
               dice=[9, 1])   # hour 1: +d6 (2 boxes) Ordinary → 2; hour 2: nothing left to recover
    assert out.data["fatigue_recovered"] == 2 and out.changes["Mad Dog"]["fatigue"] == 0


def test_002_R34_R26_each_hours_roll_is_dazed_by_the_fatigue_left_then():
    out = call("recover", actor=character("Mad Dog", state={"fatigue": 3}), event="rest", hours=2,
               dice=[8, 1, 8, 1])   # hour 1: +d8 (3 boxes) Ordinary → 2; hour 2: +d4 (the 1 box left) → 1
    said = "Mad Dog: Score Resolución-resolución física 11 (specialty, base +d0); steps: "
    assert [line for line in out.lines if line.startswith(said)] == [
        said + "+3 dazed (+3 for fatigue) → situation die +d8", said + "+1 dazed (+1 for fatigue) → situation die +d4"]
    assert out.data["fatigue_recovered"] == 3


def test_002_R35_last_resorts_refresh_at_the_start_of_an_act(cli):
    out = call("recover", actor=character("Mad Dog", state={"last_resorts_spent": 2}), event="act")
    assert out.changes["Mad Dog"]["last_resorts_spent"] == 0
    r = aaa_cli(cli, "recover", "act", "--with", "last_resorts_spent=1")
    assert r.json["results"][0]["state"]["last_resorts_spent"] == 0


def test_002_R25_end_of_scene_fatigue_roll_after_wounds():
    st = {"wound": 2, "hurt_this_scene": True}
    # Stamina-endurance 13 (Mad Dog): stun 0, wound 2 → no Dazed; control 20 → CF → 2 fatigue
    out = call("recover", actor=character("Mad Dog", state=st), event="end_of_scene", dice=[20])
    assert out.changes["Mad Dog"]["fatigue"] == 2 and out.changes["Mad Dog"]["hurt_this_scene"] is False
    out = call("recover", actor=character("Mad Dog", state=st), event="end_of_scene", rules={"scene_fatigue": False})
    assert out.changes["Mad Dog"]["fatigue"] == 0


def test_a_recovery_that_changes_nothing_changes_no_one():
    fresh = call("recover", actor=character("Grimes"), event="end_of_round")
    assert fresh.changes == {} and fresh.data["state"]["stun"] == 0 and fresh.data["applied"] == []
    pending = call("recover", actor=character("Grimes", state={"pending": ["stun:3"]}), event="end_of_round")
    assert pending.changes["Grimes"]["stun"] == 3 and pending.changes["Grimes"]["pending"] == []


def test_a_round_ending_with_nothing_due_reads_as_one_that_rolls_nothing():
    """Most fighters' every round ends with nothing pending, no one knocked out or waking: the
    same data, no change and the same words as a round that rolls nothing (the wound-knocked-out
    one below, which goes the whole way)."""
    fresh = call("recover", actor=character("Grimes", state={"stun": 2, "bad_luck": 1}), event="end_of_round")
    assert fresh.data == {"character": "Grimes", "event": "end_of_round", "applied": [],
                          "state": {**fresh.data["state"], "stun": 2, "bad_luck": 1, "pending": []}}
    assert fresh.changes == {} and fresh.lines == ["Grimes can act."]
    out = call("recover", actor=character("Grimes", state={"status": "ko", "ko_cause": "wound", "wound": 12}),
               event="end_of_round")
    assert out.changes == {} and out.data["applied"] == [] and out.lines == ["Grimes stays unconscious (wound)."]
