"""A plugin that returns only the state fields it changes keeps every change
(the contract: "a state field left out keeps its value"), through a verb, its
repetitions (-n), a batch, `conflict next` (a turn's end and a round's end in
one call) and an encounter."""

from __future__ import annotations

import textwrap

import pytest

from rolecli import hookimpl
from rolecli.contract import CONTRACT_VERSION, ActionSpec, Field, Label, Outcome, Param, SystemInfo
from rolecli.testing import campaign, plugins, run

L = Label


class Partial:
    """Two state counters, ``a`` and ``b``; every hook returns only the one it bumps."""

    ROLECLI_CONTRACT = CONTRACT_VERSION

    info = SystemInfo(
        name="partial", names=L("parcial", "partial"),
        template=(Field("a", "int", L("a", "a"), default=0, minimum=0, maximum=999, state=True),
                  Field("b", "int", L("b", "b"), default=0, minimum=0, maximum=999, state=True)),
        events=SystemInfo.events + (("end_of_turn", L("fin de turno", "end of turn")),
                                    ("end_of_round", L("fin de ronda", "end of round"))),
        actions=(ActionSpec("poke", "resolve", L("empuja", "poke"),
                            (Param("field", "choice", L("campo", "field"), default="a", choices=("a", "b")),),
                            target="optional"),
                 ActionSpec("recover", "recover", L("recupera", "recover")),
                 ActionSpec("initiative", "initiative", L("iniciativa", "initiative"))))

    @hookimpl
    def rolecli_system(self):
        return self.info

    @hookimpl
    def rolecli_resolve(self, action, ctx):
        who, field = action.target or action.actor, action.params["field"]
        return Outcome(data={}, lines=[f"{who.name} {field}"], changes={who.name: {field: who.state[field] + 1}})

    @hookimpl
    def rolecli_recover(self, character, event, action, ctx):
        field = {"end_of_turn": "a", "end_of_round": "b"}.get(event)
        if field is None:
            return Outcome(data={}, lines=[f"{character.name}: {event}"])
        return Outcome(data={}, lines=[f"{character.name}: {event}"],
                       changes={character.name: {field: character.state[field] + 1}})

    @hookimpl
    def rolecli_initiative(self, characters, action, ctx):
        names = [c.name for c in characters]
        return Outcome(data={"order": names}, lines=[", ".join(names)])


CAMPAIGN = {"system": "partial", "characters": {"Ana": {}, "Bo": {}}}


@pytest.fixture
def partial(monkeypatch):
    monkeypatch.setenv("ROLECLI_LANG", "en")
    with plugins(Partial()), campaign(CAMPAIGN) as folder:
        yield folder


def state(name: str) -> dict:
    return run("character", "show", name, "--json").json["state"]


def test_a_verb_keeps_the_fields_it_leaves_out(partial):
    assert run("poke", "Ana", "--field", "b").code == 0
    assert run("poke", "Ana", "--field", "a").code == 0
    assert state("Ana") == {"a": 1, "b": 1}


def test_repetitions_build_on_each_other_and_keep_the_rest(partial):
    assert run("poke", "Ana", "--field", "b").code == 0
    assert run("poke", "Ana", "--field", "a", "-n", "3").code == 0
    assert state("Ana") == {"a": 3, "b": 1}


def test_a_batch_keeps_every_change(partial, tmp_path):
    script = tmp_path / "pokes.rolecli"
    script.write_text("poke Ana --field b\npoke Ana --field a\npoke Ana --field b\n", encoding="utf-8")
    assert run("batch", str(script)).code == 0
    assert state("Ana") == {"a": 1, "b": 2}


def test_conflict_next_keeps_a_turns_end_and_a_rounds_end_in_one_call(partial):
    assert run("conflict", "start", "Ana").code == 0
    result = run("conflict", "next")
    assert result.code == 0, result.err
    assert state("Ana") == {"a": 1, "b": 1}  # end_of_turn bumped a, end_of_round b


def test_an_encounter_keeps_the_fields_its_verbs_leave_out(partial, tmp_path):
    assert run("poke", "Bo", "--field", "b").code == 0
    fight = tmp_path / "fight.toml"
    fight.write_text(textwrap.dedent("""
        campaign = "test"
        [end]
        rounds = 1
        recover = false
        [sides.a]
        characters = ["Ana"]
        behaviour = { verb = "poke", target = "nearest", params = { field = "a" } }
        [sides.b]
        characters = ["Bo"]
        behaviour = { verb = "poke", target = "nearest", params = { field = "b" } }
        """), encoding="utf-8")
    result = run("encounter", "run", str(fight), "--seed", "1")
    assert result.code in (0, 1), result.err
    # Bo: a from Ana's poke and his turn's end, b from before the fight and the round's end;
    # Ana: a from her turn's end, b from Bo's poke and the round's end.
    assert state("Bo") == {"a": 2, "b": 2}
    assert state("Ana") == {"a": 1, "b": 2}


@pytest.mark.parametrize("change, kept, moved", [
    ({"b": None}, {"a": 1}, ["Ana"]),  # a field set to None is dropped
    ({"a": 1, "b": None}, {"a": 1}, ["Ana"]),  # the same, with a field that keeps its value
    ({"b": None, "a": 2}, {"a": 2}, ["Ana"]),  # dropped, with a field moved after it
    ({"a": 2}, {"a": 2, "b": 3}, ["Ana"]),
    ({"a": 1, "b": 3}, {"a": 1, "b": 3}, []),  # nothing moves
])
@pytest.mark.parametrize("known_in_order", [False, True])
def test_a_change_drops_the_fields_it_sets_to_none(change, kept, moved, known_in_order):
    """What a change sets to None is dropped (a kept state holds no None, as the
    campaign's TOML cannot), in the same walk that asks whether it moves anything;
    a state known in the template's order (``ordered``) is kept alike."""
    from rolecli.contract import Character
    from rolecli.play import apply_changes

    ana = Character("Ana", {}, {"a": 1, "b": 3})
    ordered = {"Ana": ana.state} if known_in_order else None
    before = ana.state
    assert apply_changes(Partial.info, Outcome(data={}, changes={"Ana": dict(change)}), {"Ana": ana},
                         ordered=ordered) == moved
    assert ana.state == kept and list(ana.state) == list(kept)
    assert (ana.state is before) == (not moved)


def test_apply_changes_given_a_scene_keeps_the_effects_as_apply_keeps_them():
    """Given a scene and its ctx, :func:`~rolecli.play.apply_changes` keeps the
    effects a result left (numbered by the scene, and in ``ctx.effects``) beside
    its changes, as :func:`~rolecli.play.apply` does: the one place a result is
    kept. An effect on no character of the campaign is the plugin's failure."""
    from rolecli.conflict import Scene
    from rolecli.contract import Character, Effect
    from rolecli.play import apply_changes
    from rolecli.plugins import PluginFailure, Record
    from rolecli.testing import context

    ana = Character("Ana", {}, {"a": 1, "b": 3})
    ctx = context(Partial.info, characters=[ana])
    scene, record = Scene(), Record("partial")
    result = Outcome(data={}, changes={"Ana": {"a": 2}}, effects=[Effect("Ana", "marked", "mark", until="scene")])
    assert apply_changes(Partial.info, result, ctx.characters, (), None, None, None, scene, ctx, record) == ["Ana"]
    assert ana.state == {"a": 2, "b": 3}
    assert [e.key for e in scene.effects] == ["mark"] and ctx.effects == tuple(scene.effects) == tuple(result.effects)
    stray = Outcome(data={}, effects=[Effect("Cy", "marked", "mark", until="scene")])
    with pytest.raises(PluginFailure, match="plugin 'partial' failed in its verb.*an effect on 'Cy'"):
        apply_changes(Partial.info, stray, ctx.characters, (), None, None, None, scene, ctx, record)
