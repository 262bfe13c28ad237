"""The end of a round (what a conflict tracker calls after every round), through the
command line: the round's last phase ends, so the damage still pending lands (002-R9),
then the next round begins with the knocked out's countdown and wake-up roll (002-R31,
002-T13). AAA has no per-turn work: its turns are phases, and a phase's results land at
its end."""

from __future__ import annotations

from aaa_helpers import kept, on_campaign


def test_the_system_declares_end_of_round_and_no_end_of_turn(cli):
    events = cli("systems", "alternity", "--json").json["events"]
    assert "end_of_round" in events and "end_of_turn" not in events


def test_002_R9_pending_damage_lands_at_the_end_of_the_round(cli):
    on_campaign(cli, "attack", "Mad Dog", "Armas Cuerpo a Cuerpo-espada", "d4s/d6w/d4m", "--target", "Zug", "--dice", "3,3",
        "--rule", "phase_damage=end_of_phase")
    assert kept(cli, "Zug")["pending"] == ["mortal:3"]
    r = on_campaign(cli, "recover", "end_of_round", "Zug", "--json")
    assert r.code == 0 and r.json["results"][0]["applied"] == ["mortal:3"]
    st = kept(cli, "Zug")
    assert (st["mortal"], st["wound"], st["stun"], st["pending"]) == (3, 1, 1, [])
    assert "Zug can act." in r.json["explanation"]


def test_002_T13_the_rounds_of_a_knockout_by_end_of_round(cli):
    """KO in round r; the first wake-up roll in r+2; Good → 4 stun cleared, awake in r+2,
    no action in r+3; acting again in r+4."""
    on_campaign(cli, "damage", "Mad Dog", "11s")                                    # round r: CON 11, stun full
    r = on_campaign(cli, "recover", "end_of_round", "Mad Dog", "--json")             # r ends, r+1 begins: no roll
    assert r.json["results"][0]["ko"]["result"] == "waiting" and not r.json["dice"]
    # r+1 ends, r+2 begins: Resolución-resolución física 11 at +d4 (Dazed) → 3 + 1 = 4 ≤ 5: Good
    r = on_campaign(cli, "recover", "end_of_round", "Mad Dog", "--dice", "3,1", "--json")
    assert r.json["results"][0]["ko"] == {"result": "woke", "stun_recovered": 4} and kept(cli, "Mad Dog")["stun"] == 7
    assert on_campaign(cli, "check", "Mad Dog", "Atletismo", "--dice", "5,1").code == 2    # r+2
    on_campaign(cli, "recover", "end_of_round", "Mad Dog")
    assert on_campaign(cli, "check", "Mad Dog", "Atletismo", "--dice", "5,1").code == 2    # r+3
    on_campaign(cli, "recover", "end_of_round", "Mad Dog")
    assert on_campaign(cli, "check", "Mad Dog", "Atletismo", "--dice", "5,1").code == 0    # r+4


def test_002_R9_R31_a_pending_knockout_lands_first_then_its_countdown_starts(cli):
    on_campaign(cli, "attack", "Sor Deskul", "Armas Cuerpo a Cuerpo-contundente", "11s", "--target", "Mad Dog", "--dice", "5",
        "--rule", "phase_damage=end_of_phase")
    r = on_campaign(cli, "recover", "end_of_round", "Mad Dog")
    assert r.out.splitlines()[-2:] == ["Mad Dog is knocked out (stun).", "Mad Dog stays unconscious (no roll yet)."]
    assert kept(cli, "Mad Dog")["ko_wait"] == 0   # the round after the knockout is the one now beginning


def test_002_R23_killed_by_pending_damage_at_the_end_of_the_round(cli):
    on_campaign(cli, "attack", "Mad Dog", "Armas Cuerpo a Cuerpo-espada", "7m", "--target", "Zug", "--dice", "5",
        "--rule", "phase_damage=end_of_phase")
    r = on_campaign(cli, "recover", "end_of_round", "Zug")
    assert r.out.rstrip().endswith("Zug dies: every mortal box is marked.") and "can act" not in r.out
