"""The sample campaign campaigns/caminantes through the command line."""

from __future__ import annotations

import tomllib

import pytest

Z = "0,0,0,0"


def state(campaigns):
    path = campaigns / "caminantes" / "state.toml"
    return tomllib.loads(path.read_text(encoding="utf-8"))["characters"] if path.exists() else {}


def test_000_T8_wall_climb_on_the_sample_campaign(cli):
    r = cli("-C", "caminantes", "check", "Lucía", "Atletismo", "--restrict", "Resistencia",
            "--complement", "Seguridad", "--dice", Z, "--json")
    assert r.code == 0, r.err
    assert r.json["results"][0]["modifier"] == 0 if "results" in r.json else r.json["modifier"] == 0


def test_000_R47_attack_on_attached_leader_hits_minions_first(cli, campaigns):
    r = cli("-C", "caminantes", "attack", "Tomás", "Armas cuerpo a cuerpo", "Armas", "--target", "El Coronel",
            "--dice", "+,+,+,+,-,-,-,-")
    assert r.code == 0, r.err
    # Tomás 4 + 4 = 8 against Coronel 4 + 2 (group of 5: +2) − 4 = 2 → 6 stress: 3 Soldados (2 boxes) out
    st = state(campaigns)
    assert st["Soldados"]["sicarios_fuera"] == 3
    assert st.get("El Coronel", {}).get("salud", []) == []


def test_000_R10_initiative_on_the_sample_campaign(cli):
    r = cli("-C", "caminantes", "initiative", "--json")
    assert r.code == 0, r.err
    order = r.json["order"] if "order" in r.json else r.json["results"][0]["order"]
    assert order == ["Tomás", "Lucía", "El Coronel", "Soldados", "Caminantes"]


def test_unknown_trait_on_campaign_lists_traits(cli):
    r = cli("-C", "caminantes", "check", "Lucía", "Atletsmo", "--dice", Z)
    assert r.code == 2 and "Atletismo" in r.err


def test_000_R60_end_of_scene_on_the_campaign(cli, campaigns):
    cli("-C", "caminantes", "damage", "Lucía", "3")
    assert state(campaigns)["Lucía"]["salud"] == ["1", "2", "3"]
    r = cli("-C", "caminantes", "recover", "end_of_scene")
    assert r.code == 0, r.err
    assert state(campaigns)["Lucía"]["salud"] == []


def test_stress_never_goes_past_the_track(cli, campaigns):
    hit = cli("-C", "caminantes", "damage", "Lucía", "30", "--json")
    assert hit.code == 0 and hit.json["taken_out"] and hit.json["overflow"] == 24
    assert len(state(campaigns)["Lucía"]["salud"]) == hit.json["track_size"] == 6



ASPECTS = ("Ladrona de guante blanco", "Conozco cada azotea")


@pytest.mark.parametrize("invokes", [("--invoke", ASPECTS[0], "--invoke", ASPECTS[1]), ("--invoke", ",".join(ASPECTS))],
                         ids=["given-again", "by-commas"])
def test_000_R41_an_invoke_given_again_adds_its_aspect_as_commas_do(cli, campaigns, invokes):
    # (a list option given again once kept only its last value: one aspect paid and +2 where the GM asked two)
    r = cli("-C", "caminantes", "check", "Lucía", "Atletismo", *invokes, "--dice", Z, "--json")
    assert r.code == 0, r.err
    assert r.json["modifier"] == 4 and list(r.json["modifiers"]) == [f"«{a}»" for a in ASPECTS]
    assert state(campaigns)["Lucía"]["puntos_destino"] == 3 - 2  # 1 FP an invoke, both paid
