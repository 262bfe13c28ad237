"""Recovery by the rulings' defaults (the toolkit's, not the book's): rounds count
down, a scene's end clears the battle states, a rest gives back recuperacion."""

from __future__ import annotations

import rolecli_middle
from rolecli.testing import character
from rolecli_testing import played

from middle_helpers import camp, quick, state


def recover(cli, event, *names):
    result = cli("-C", "middle", "recover", event, *names)
    assert result.code == 0, result.err
    return result


def test_end_of_round_renews_the_combat_action_and_parries(cli):
    camp(cli, "parry", "Centinela")
    camp(cli, "strike", "Novato", "--target", "Centinela", "--dice", "1,1,1,2,2,2")
    assert state(cli, "Centinela")["paradas"] == 1 and state(cli, "Novato")["accion"] is True
    recover(cli, "end_of_round", "Centinela", "Novato")
    assert state(cli, "Centinela")["paradas"] == 0 and state(cli, "Novato")["accion"] is False


def test_end_of_round_changes_nobody_who_neither_acted_nor_parried():
    for state_, changes in (({}, {}), ({"paradas": 2}, {"paradas": 0, "accion": False}),
                            ({"accion": True}, {"paradas": 0, "accion": False})):
        novato = character(rolecli_middle.INFO, "Novato", {}, state_)
        out, _ = played(rolecli_middle, "recover", {"event": "end_of_round"}, novato, None, [novato], 1, "en",
                        False, in_conflict=False)
        after = {**novato.state, **out.changes.get("Novato", {})}  # (a hook returns what it changed)
        assert ("Novato" in out.changes) == bool(changes)
        assert not changes or {k: after[k] for k in ("paradas", "accion")} == changes
        assert bool(out.changes) == bool(changes)


def test_end_of_round_counts_blindness_down_but_not_an_eyes(cli):
    cli("-C", "middle", "state", "Rata", "--add", "cegado", "--rounds", "1")
    cli("-C", "middle", "state", "Novato", "--add", "cegado")  # 0 rounds: until the scene ends (an eye)
    r = recover(cli, "end_of_round", "Rata", "Novato")
    assert "Rata: no longer Blinded." in r.out
    assert state(cli, "Rata")["estados"] == [] and state(cli, "Novato")["estados"] == ["cegado"]


def test_a_longer_blinding_keeps_the_longer_count(cli):
    cli("-C", "middle", "state", "Rata", "--add", "cegado", "--rounds", "3")
    cli("-C", "middle", "state", "Rata", "--add", "cegado", "--rounds", "1")
    assert state(cli, "Rata")["cegado_rondas"] == 3


def test_end_of_scene_clears_the_battle_states_and_the_combat(cli):
    cli("-C", "middle", "state", "Novato", "--add", "mareado,acobardado,cegado")
    cli("-C", "middle", "state", "Perro", "--add", "inconsciente")
    camp(cli, "cover", "Aldara", "--target", "Novato")
    camp(cli, "strike-weapon", "Bruno", "--target", "Centinela", "--dice", "1,8,9")
    # a leg blow of 4 > Novato's vigor 3 (004-R7): half movement for the rest of the combat
    camp(cli, "strike", "Rata", "--target", "Novato", "--location", "legs", "--dice", "4,4,4")
    assert state(cli, "Novato")["lesiones"] == ["media_velocidad"]
    recover(cli, "end_of_scene")
    for name in ("Novato", "Perro", "Aldara", "Bruno", "Centinela", "Rata"):
        kept = state(cli, name)
        assert kept["estados"] == [] and kept["cubre"] == "" and kept["duelo"] == "" and kept["accion"] is False, name
    assert state(cli, "Novato")["lesiones"] == []  # half movement lasts only the combat
    assert state(cli, "Novato")["vida_perdida"] == 4  # life comes back only with rest


def test_end_of_scene_keeps_severed_limbs_and_a_lasting_rage(cli):
    camp(cli, "damage", "Novato", 6, "--location", "legs", "--by", "Bruno")
    camp(cli, "mount-lost", "Bruno", "--goal", 6, "--dice", "1,1,1")
    recover(cli, "end_of_scene")
    assert state(cli, "Novato")["lesiones"] == ["pierna_cercenada"]
    assert state(cli, "Bruno")["estados"] == ["irritado"]


def test_rest_restores_recuperacion_and_calms(cli):
    camp(cli, "damage", "Aldara", 5)
    camp(cli, "mount-lost", "Aldara", "--goal", 6, "--dice", "1,1,1")
    r = recover(cli, "rest", "Aldara")
    assert "recovers 2 life: 7/10" in r.out
    assert state(cli, "Aldara")["vida_perdida"] == 3 and state(cli, "Aldara")["estados"] == []
    recover(cli, "rest", "Aldara")
    recover(cli, "rest", "Aldara")
    assert state(cli, "Aldara")["vida_perdida"] == 0  # never beyond the maximum


def test_the_dead_do_not_recover_and_a_session_start_changes_nothing(cli):
    camp(cli, "damage", "Perro", 6)
    assert "is dead: it does not recover" in recover(cli, "rest", "Perro").out
    camp(cli, "damage", "Aldara", 5)
    r = recover(cli, "start_of_session", "Aldara")
    assert "nothing changes" in r.out and state(cli, "Aldara")["vida_perdida"] == 5


def test_quick_recover_on_a_throw_away_character(cli):
    r = quick(cli, "recover", "rest", "--with", "vida_perdida=5", "--with", "recuperacion=3")
    assert r.json["results"][0]["life_left"] == 10 - 5 + 3


def test_the_scene_end_is_what_the_tracker_will_call(cli):
    # the system declares the events the conflict tracker calls (end_of_round, end_of_scene)
    from rolecli_middle import INFO

    assert [e for e, _ in INFO.events] == ["end_of_round", "end_of_scene", "start_of_session", "rest"]
