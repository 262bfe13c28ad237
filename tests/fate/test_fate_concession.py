"""Concessions through the command line (000-R36, rulings: the offerer +1 FP when
accepted as reasonable, the refuser −1 FP when refused): offered with a consequence
taken in this conflict, only by a character still in it, once per conflict; the
conflict ends with the scene (000-R60)."""

from __future__ import annotations

from fate_helpers import on_campaign


def fate_points(cli, name):
    return on_campaign(cli, "character", "show", name, "--json").json["state"].get("puntos_destino")


def hurt_lucia(cli):
    """Lucía (3 FP) takes a Mayor consequence from Tomás's hit: she may now concede."""
    r = on_campaign(cli, "damage", "Lucía", 4, "--consequences", "mayor", "--by", "Tomás", "--json")
    assert r.code == 0 and r.json["consequences_taken"] == ["Mayor"]


def refused(result, says):
    assert result.code == 2 and result.out == "" and result.err.count("\n") == 1 and says in result.err


def test_000_R36_a_concession_without_a_consequence_is_refused(cli):
    before = on_campaign(cli, "log", "--json").json
    refused(on_campaign(cli, "concede", "Lucía", "--target", "Tomás"),
            "Lucía has taken no consequence in this conflict, and a concession is offered when taking one (000-R36)")
    assert on_campaign(cli, "log", "--json").json == before and fate_points(cli, "Lucía") == 3


def test_000_R36_accepted_the_offerer_gains_one_and_leaves_once(cli):
    hurt_lucia(cli)
    r = on_campaign(cli, "concede", "Lucía", "--target", "Tomás", "--json")
    assert r.code == 0 and r.json["concession"] == {"offered": True, "accepted": True, "reasonable": True}
    assert r.json["changes"]["Lucía"]["puntos_destino"] == 4 and r.json["changes"]["Lucía"]["fuera"] == "conceded"
    # a second concession: she is out of the conflict (the core says so), and even forced
    # the rules refuse it: no second Fate point
    refused(on_campaign(cli, "concede", "Lucía", "--target", "Tomás"), "Lucía cannot act: conceded the conflict.")
    refused(on_campaign(cli, "concede", "Lucía", "--target", "Tomás", "--force"),
            "Lucía has already conceded this conflict; a concession is offered once (000-R36).")
    assert fate_points(cli, "Lucía") == 4


def test_000_R36_not_reasonable_the_offerer_leaves_without_a_point(cli):
    hurt_lucia(cli)
    r = on_campaign(cli, "concede", "Lucía", "--target", "Tomás", "--no-reasonable", "--json")
    assert r.json["changes"]["Lucía"]["fuera"] == "conceded" and fate_points(cli, "Lucía") == 3


def test_000_R36_refused_the_refuser_loses_one_and_no_second_offer(cli):
    hurt_lucia(cli)
    assert fate_points(cli, "Tomás") is None  # the refresh, 5, until it changes
    r = on_campaign(cli, "concede", "Lucía", "--target", "Tomás", "--reply", "refuse", "--json")
    assert r.code == 0 and r.json["changes"]["Tomás"]["puntos_destino"] == 4
    assert r.json["changes"]["Lucía"]["fuera"] == "" and fate_points(cli, "Lucía") == 3
    status = on_campaign(cli, "character", "show", "Lucía", "--json").json["status"]
    assert status["can_act"] is True and status["conditions"][-1]["key"] == "concession_refused"
    refused(on_campaign(cli, "concede", "Lucía", "--target", "Tomás", "--reply", "refuse"),
            "Lucía already offered a concession in this conflict and it was refused")
    # nor with the next consequence: the fight goes on to a bloody end
    r = on_campaign(cli, "damage", "Lucía", 2, "--consequences", "menor", "--concede", "yes", "--reply", "refuse", "--by", "Tomás")
    assert r.code == 0 and "Lucía already offered a concession in this conflict: there is no other (000-R36)" in r.out
    assert fate_points(cli, "Tomás") == 4


def test_000_R36_the_taken_out_cannot_concede_and_the_winner_keeps_its_point(cli):
    hurt_lucia(cli)
    on_campaign(cli, "damage", "Lucía", 9, "--consequences", "none")   # Taken Out
    refused(on_campaign(cli, "concede", "Lucía", "--target", "Tomás", "--reply", "refuse"), "Lucía cannot act: Taken Out")
    refused(on_campaign(cli, "concede", "Lucía", "--target", "Tomás", "--reply", "refuse", "--force"),
            "Lucía is Taken Out: only a character still in the conflict can concede (000-R36).")
    assert fate_points(cli, "Tomás") is None


def test_000_R36_the_winner_must_still_be_in_the_conflict(cli):
    hurt_lucia(cli)
    on_campaign(cli, "damage", "Caminantes", 6)   # every walker out
    refused(on_campaign(cli, "concede", "Lucía", "--target", "Caminantes", "--reply", "refuse"),
            "Caminantes is out of the conflict and cannot accept or refuse the concession")


def test_000_R37_an_npc_with_aspereza_offers_once(cli):
    assert on_campaign(cli, "character", "add", "Bruto", "aspereza=1", "puntos_destino=0").code == 0
    # 6 stress on 5 boxes: a Menor (2) keeps him in; Aspereza 1 → he offers, Tomás refuses
    r = on_campaign(cli, "damage", "Bruto", 6, "--by", "Tomás", "--reply", "refuse", "--json")
    assert r.json["concession"]["accepted"] is False and fate_points(cli, "Tomás") == 4
    # 3 more on his last free box: a Mayor; he holds 2 ≥ Aspereza, but has had his offer
    r = on_campaign(cli, "damage", "Bruto", 3, "--by", "Tomás", "--reply", "refuse", "--json")
    assert r.json["consequences_taken"] == ["Mayor"] and "concession" not in r.json
    assert fate_points(cli, "Tomás") == 4


def test_000_R60_the_scene_ends_the_conflict_and_its_concession(cli):
    hurt_lucia(cli)
    on_campaign(cli, "concede", "Lucía", "--target", "Tomás")
    assert on_campaign(cli, "recover", "end_of_scene").code == 0
    assert on_campaign(cli, "character", "show", "Lucía", "--json").json["status"]["can_act"] is True
    # a new conflict: the Mayor of the last one is still held, but this one has none yet
    refused(on_campaign(cli, "concede", "Lucía", "--target", "Tomás"), "Lucía has taken no consequence in this conflict")
    hurt = on_campaign(cli, "damage", "Lucía", 2, "--consequences", "menor", "--by", "Tomás")
    assert hurt.code == 0 and on_campaign(cli, "concede", "Lucía", "--target", "Tomás").code == 0
    assert fate_points(cli, "Lucía") == 5
