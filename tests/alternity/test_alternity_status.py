"""Who can act in AAA (contract 2's rolecli_status), through the command line on the
sample campaign: the knocked out (002-R21, R22, R25, R28) and the dead (002-R23) cannot
act, nor one who just woke (002-R31); the dying can (002-R23, R26). The conditions are
the Dazed penalties (002-R26) and the fatigue marked (002-R25)."""

from __future__ import annotations

from aaa_helpers import on_campaign

from rolecli.contract import Character


def status(cli, name):
    return on_campaign(cli, "character", "show", name, "--json").json["status"]


def refused(result, says):
    assert result.code == 2 and result.out == "" and result.err.count("\n") == 1
    assert says in result.err and "--force" in result.err


def test_002_R23_the_dead_cannot_attack_check_or_roll_an_action_check(cli):
    # Zug, CON 13: 7 mortal boxes; 7 mortal fills them
    on_campaign(cli, "damage", "Zug", "7m")
    before = on_campaign(cli, "log", "--json").json
    refused(on_campaign(cli, "attack", "Zug", "Ataque sin Armas", "d4s/d6w/d4m", "--target", "Mad Dog", "--dice", "5,3"),
            "Zug cannot act: dead.")
    refused(on_campaign(cli, "check", "Zug", "Ataque sin Armas", "--dice", "5"), "Zug cannot act: dead.")
    refused(on_campaign(cli, "action-check", "Zug", "--dice", "5"), "Zug cannot act: dead.")
    assert on_campaign(cli, "log", "--json").json == before   # nothing written
    assert status(cli, "Zug")["key"] == "dead"


def test_002_R21_knocked_out_by_stun_cannot_act_and_force_overrides(cli):
    on_campaign(cli, "damage", "Mad Dog", "11s")   # CON 11: every stun box
    refused(on_campaign(cli, "attack", "Mad Dog", "Armas Cuerpo a Cuerpo-espada", "d4s/d6w/d4m", "--target", "Zug", "--dice", "3,2"),
            "Mad Dog cannot act: knocked out by stun.")
    # forced, it rolls with its Dazed step (+d4): 3 + 2 = 5 ≤ 7 (14÷2), Good → d6w = 2 wound, +1 stun
    forced = on_campaign(cli, "attack", "Mad Dog", "Armas Cuerpo a Cuerpo-espada", "d4s/d6w/d4m", "--target", "Zug",
                 "--dice", "3,2,2", "--force", "--json")
    assert forced.code == 0 and forced.json["situation_die"] == "+d4" and forced.json["degree"] == "good"
    assert forced.json["target"]["marked"] == {"stun": 1, "wound": 2, "mortal": 0, "fatigue": 0}
    entry = on_campaign(cli, "log", "-n", "1", "--json").json
    assert entry["data"]["forced"] == ["Mad Dog"] and entry["summary"].startswith("[forced: Mad Dog]")


def test_002_R22_knocked_out_by_wounds(cli):
    on_campaign(cli, "damage", "Grimes", "12w")   # CON 12: every wound box
    refused(on_campaign(cli, "check", "Grimes", "Atletismo", "--dice", "5,1"),
            "Grimes cannot act: knocked out by wounds: cannot wake until a wound is healed.")


def test_002_R25_R28_the_fatigue_and_breath_knockouts(cli):
    # Jack: 5 fatigue boxes (⌈9/2⌉); 5 fatigue fills them, and the Resolve roll fails
    on_campaign(cli, "damage", "Jack Everstar", "5f", "--resolve", 5, "--dice", "19,3")
    refused(on_campaign(cli, "action-check", "Jack Everstar", "--dice", "5"), "Jack Everstar cannot act: unconscious from exhaustion.")
    # holding breath, round 5: a Critical Failure knocks out (breath_knockout = failure)
    on_campaign(cli, "breath", "Grimes", 7, "--dice", "20")
    refused(on_campaign(cli, "check", "Grimes", "Atletismo", "--dice", "5,1"), "Grimes cannot act: unconscious and drowning.")


def test_002_R31_one_who_just_woke_cannot_act_that_round(cli):
    on_campaign(cli, "damage", "Mad Dog", "11s")
    on_campaign(cli, "recover", "round", "Mad Dog")                    # the round after the KO: no roll yet
    woke = on_campaign(cli, "recover", "round", "Mad Dog", "--dice", "3,1", "--json").json
    assert woke["results"][0]["ko"]["result"] == "woke"
    refused(on_campaign(cli, "action-check", "Mad Dog", "--dice", "5"), "Mad Dog cannot act: just woke up.")
    on_campaign(cli, "recover", "round", "Mad Dog")
    refused(on_campaign(cli, "action-check", "Mad Dog", "--dice", "5"), "Mad Dog cannot act: just woke up.")
    on_campaign(cli, "recover", "round", "Mad Dog")
    assert on_campaign(cli, "action-check", "Mad Dog", "--dice", "5,1").code == 0


def test_002_R49_initiative_leaves_out_the_knocked_out_and_the_dead(cli):
    on_campaign(cli, "damage", "Zug", "7m")
    on_campaign(cli, "damage", "Mad Dog", "11s")
    # as listed: Sor Deskul 5 ≤ 6 (13÷2) Good, Jack 4 ≤ 5 (11÷2) Good, Grimes 9 ≤ 12 Ordinary
    r = on_campaign(cli, "initiative", "--dice", "5,4,9", "--json")
    assert r.code == 0 and r.json["order"] == ["Sor Deskul", "Jack Everstar", "Grimes"]
    assert "Mad Dog is left out: knocked out by stun." in r.err and "Zug is left out: dead." in r.err


def test_002_R23_R26_the_dying_act_with_their_penalties(cli):
    on_campaign(cli, "damage", "Grimes", "2m")    # 2 mortal, +1 wound and +1 stun
    shown = status(cli, "Grimes")
    assert shown["can_act"] is True and shown["key"] == "active"
    assert shown["conditions"] == [
        {"key": "dazed", "label": "Dazed, +2 step(s) on every roll: +2 for mortal damage"},
        {"key": "dying", "label": "dying (2/6 mortal): Stamina-endurance roll at the end of the scene"}]
    r = on_campaign(cli, "check", "Grimes", "Armas de Fuego Modernas-rifle", "--dice", "5,1", "--json")
    assert r.code == 0 and r.json["steps"] == 2 and r.json["situation_die"] == "+d6"


def test_002_R25_R26_fatigue_and_dazed_conditions(cli):
    on_campaign(cli, "damage", "Sor Deskul", "2f")     # 2 of 6 fatigue boxes
    on_campaign(cli, "damage", "Sor Deskul", "7s")     # 7 of 12 stun: over half
    shown = status(cli, "Sor Deskul")
    assert shown["conditions"] == [
        {"key": "dazed", "label": "Dazed, +3 step(s) on every roll: +2 for fatigue, +1 dazed (over half the stun boxes)"},
        {"key": "fatigue", "label": "fatigue 2/6"}]
    es = on_campaign(cli, "character", "show", "Sor Deskul", "--lang", "es").out
    assert es.rstrip().endswith("[Aturdido, +3 paso(s) en cada tirada: +2 por fatiga, "
                                "+1 aturdido (más de la mitad del aturdimiento); fatiga 2/6]")


def test_002_R31_R49_the_initiative_hook_skips_whoever_its_status_says_cannot_act():
    """Called directly (a conflict forced on), the initiative skips the same characters
    the status keeps from acting, saying why, and rolls the others' action checks with
    their Dazed steps."""
    from aaa_helpers import call, character, options

    from rolecli_alternity.status import status

    chars = [character("Zug", {"status": "dead", "mortal": 7}),
             character("Mad Dog", {"status": "ko", "ko_cause": "wound", "wound": 11}),
             character("Jack Everstar", {"out_rounds": 1}),
             character("Grimes", {"mortal": 1})]
    out = call("initiative", chars=chars, dice=[5, 2])    # Grimes: control 5, +d4 for the mortal point 2
    assert out.data["skipped"] == [c.name for c in chars if not status(c, options()).can_act]
    assert out.data["skipped"] == ["Zug", "Mad Dog", "Jack Everstar"] and out.data["order"] == ["Grimes"]
    assert out.lines[:3] == ["Zug does not act this round (dead).",
                             "Mad Dog does not act this round (knocked out by wounds: cannot wake until a wound is healed).",
                             "Jack Everstar does not act this round (just woke up)."]
    assert out.data["checks"]["Grimes"]["total"] == 7


def test_a_status_is_worked_out_once_for_what_it_reads_and_is_the_same_as_worked_out_anew():
    """The status is kept on the sheet by the fields it reads (STATUS_FIELDS) and the Dazed
    rules: a state that differs from one already asked about in any one field has the
    status worked out from that very state."""
    import random

    from aaa_helpers import character, options

    from rolecli_alternity import sheet
    from rolecli_alternity.status import _status, status

    sheet_of_grimes = character("Grimes").sheet   # the same sheet all along, as in a fight
    rng = random.Random(20)
    values = {"stun": range(13), "wound": range(13), "mortal": range(7), "fatigue": range(7),
              "last_resorts_spent": range(3), "status": ("ok", "ko", "dead"), "ko_cause": ("", "stun", "wound", "fatigue"),
              "ko_wait": range(2), "out_rounds": range(3), "bad_luck": range(2), "pending": ([], ["wound:2"])}
    for _ in range(60):
        st = {key: rng.choice(values[key]) if key in values else rng.random() < .5 for key in sheet.STATE_DEFAULTS}
        rules = options(dazed_stun=rng.random() < .5, dazed_wound=rng.random() < .5)
        status(Character("Grimes", sheet_of_grimes, st), rules)
        for key, default in sheet.STATE_DEFAULTS.items():
            other = {**st, key: rng.choice([v for v in values.get(key, (True, False)) if v != st[key]])}
            now = Character("Grimes", sheet_of_grimes, other)
            assert status(now, rules) == _status(now, rules, other), key
    assert status(now, rules) is status(now, rules)
