"""The conflict tracker as a library (rolecli.tracker.Tracker), driven without
the command line: start, next, end, who is left out and skipped, what it
records; recovery one character at a time, each call seeing what the previous
left, through the library, `conflict next` and an encounter; and every hook
seeing the scene as it stands (a new round's initiative sees the new round and
no effect that the round's end expired)."""

from __future__ import annotations

import json
import textwrap

import pytest

from rolecli import hookimpl
from rolecli.contract import CONTRACT_VERSION, ActionSpec, Character, Effect, Field, Label, Outcome, Param, Status, \
    SystemInfo
from rolecli.testing import campaign, plugins, run

L = Label


class Chain:
    """``a`` counts; a round's end sets each character's ``a`` to one more than
    the highest ``a`` it sees, so each call shows what the previous one left.
    A character with ``out`` set cannot act. The initiative asks again every
    round and notes what it sees (the round, the effects in force); ``mark``
    leaves an effect for the rest of the round."""

    ROLECLI_CONTRACT = CONTRACT_VERSION

    info = SystemInfo(
        name="chain", names=L("cadena", "chain"),
        template=(Field("a", "int", L("a", "a"), default=0, minimum=0, maximum=999, state=True),
                  Field("out", "bool", L("fuera", "out"), default=False, state=True)),
        events=SystemInfo.events + (("end_of_turn", L("fin de turno", "end of turn")),
                                    ("end_of_round", L("fin de ronda", "end of round"))),
        actions=(ActionSpec("mark", "resolve", L("marca", "mark"), (), target="optional"),
                 ActionSpec("recover", "recover", L("recupera", "recover")),
                 ActionSpec("initiative", "initiative", L("iniciativa", "initiative"),
                            (Param("round", "int", L("asalto", "round"), default=1, minimum=1),))))

    def __init__(self):
        self.seen: list[tuple[int | None, tuple[str, ...]]] = []  # what each initiative saw

    @hookimpl
    def rolecli_system(self):
        return self.info

    @hookimpl
    def rolecli_resolve(self, action, ctx):
        who = action.target or action.actor
        return Outcome(data={}, lines=[f"{who.name} marked"],
                       effects=[Effect(on=who.name, text="marked", key="mark", until="rounds", rounds=1)])

    @hookimpl
    def rolecli_recover(self, character, event, action, ctx):
        if event != "end_of_round":
            return Outcome(data={}, lines=[f"{character.name}: {event}"])
        top = max(c.state.get("a", 0) for c in ctx.characters.values())
        return Outcome(data={}, lines=[f"{character.name}: a={top + 1}"], changes={character.name: {"a": top + 1}})

    @hookimpl
    def rolecli_initiative(self, characters, action, ctx):
        self.seen.append((ctx.conflict.round if ctx.conflict else None, tuple(e.key for e in ctx.effects)))
        names = [c.name for c in characters]
        return Outcome(data={"order": names, "each_round": True}, lines=[", ".join(names)])

    @hookimpl
    def rolecli_status(self, character, ctx):
        if character.state.get("out"):
            return Status(can_act=False, key="out", why=L("fuera", "out"), vitality=0.0)
        return Status(vitality=1.0, conditions=(("counting", L("contando", "counting")),) if character.state.get("a")
                      else ())


def _tracker(chain: Chain, states: dict[str, dict], seed: int = 1):
    from rolecli.dice.source import DiceSource
    from rolecli.plugins import get_plugins
    from rolecli.tracker import Tracker

    characters = {n: Character(n, {}, dict(s)) for n, s in states.items()}
    return Tracker(get_plugins().system("chain"), characters, {}, "en", DiceSource(seed))


@pytest.fixture
def chain():
    system = Chain()
    with plugins(system):
        yield system


def test_a_tracker_plays_a_conflict_without_the_command_line(chain):
    tracker = _tracker(chain, {"Ana": {}, "Bo": {}, "Cy": {"out": True}})
    started = tracker.start(["Ana", "Bo", "Cy"])
    assert [(e.kind, e.name) for e in started] == [("left_out", "Cy"), ("round_started", None),
                                                   ("turn_started", "Ana")]
    assert tracker.ctx.conflict.actor == "Ana" and tracker.ordered[0].turns == ["Ana", "Bo"]
    assert [(e.kind, e.name) for e in tracker.next()] == [("said", None), ("turn_ended", "Ana"),
                                                          ("turn_started", "Bo")]
    wrapped = tracker.next()
    assert [e.kind for e in wrapped] == ["said", "turn_ended", "said", "said", "round_ended", "round_started",
                                         "turn_started"]
    assert (tracker.ctx.conflict.round, tracker.ctx.conflict.actor) == (2, "Ana")
    ended = tracker.end()
    assert [e.kind for e in ended] == ["said", "said"] and tracker.scene.conflict is None
    assert tracker.changes({"Ana": Character("Ana", {}, {}), "Bo": Character("Bo", {}, {})}) == {
        "Ana": {"a": 1}, "Bo": {"a": 2}}


def test_a_scene_moving_on_in_silence_skips_whom_the_tracker_finds_unable(chain):
    tracker = _tracker(chain, {"Ana": {}, "Bo": {}, "Cy": {}})
    tracker.ctx.explain = False
    tracker.start(["Ana", "Bo", "Cy"])
    tracker.characters["Bo"].state = {"out": True}
    assert (tracker.acting["Ana"], tracker.acting["Bo"]) == (True, False)  # as able answers
    tracker.next()
    assert tracker.ctx.conflict.actor == "Cy"


def test_begin_starts_among_those_the_caller_found_able_without_asking_again(chain):
    """start weighs who can act (the conflict commands); begin, which an
    encounter calls with those it weighed itself, asks nobody again and
    refuses an empty conflict as start does."""
    from rolecli.errors import RoleError

    tracker = _tracker(chain, {"Ana": {}, "Bo": {}, "Cy": {"out": True}})
    asked, real = [], tracker.why_not
    tracker.why_not = lambda name: asked.append(name) or real(name)
    started = tracker.begin(["Ana", "Bo"])
    assert asked == [] and [(e.kind, e.name) for e in started] == [("round_started", None), ("turn_started", "Ana")]
    assert tracker.ctx.conflict.actor == "Ana" and tracker.ordered[0].turns == ["Ana", "Bo"]
    with pytest.raises(RoleError, match="nobody named can act"):
        _tracker(chain, {"Cy": {"out": True}}).start(["Cy"])
    with pytest.raises(RoleError, match="nobody named can act"):
        _tracker(chain, {"Ana": {}}).begin([])


def test_a_conflict_nobody_reads_starts_in_silence_and_keeps_no_initiative(chain):
    """A tracker whose ctx explains nothing (a simulation's trial) tells no
    round or turn as it begins, and one that tells nobody (``telling`` false)
    keeps no record of the initiatives it asks: the conflict stands as any other."""
    tracker = _tracker(chain, {"Ana": {}, "Bo": {}})
    tracker.ctx.explain, tracker.telling = False, False
    assert tracker.begin(["Ana", "Bo"]) == [] and tracker.ordered == []
    assert (tracker.ctx.conflict.round, tracker.ctx.conflict.actor, tracker.ctx.conflict.order) == (1, "Ana",
                                                                                                   ("Ana", "Bo"))


def test_recovery_goes_one_character_at_a_time_each_seeing_the_last(chain):
    tracker = _tracker(chain, {"Ana": {}, "Bo": {}, "Cy": {}})
    tracker.recover("end_of_round", ["Bo", "Ana", "Cy"])
    assert {n: c.state["a"] for n, c in tracker.characters.items()} == {"Bo": 1, "Ana": 2, "Cy": 3}


def test_each_recovery_call_gets_parameters_of_its_own_for_its_event(chain):
    """A recovery's parameters are worked out once per event: every call still
    gets its own copy, naming the event it is for."""
    tracker = _tracker(chain, {"Ana": {}, "Bo": {}})
    seen, real = [], tracker.hook

    def hook(spec, action, *rest):
        seen.append(action.params)
        return real(spec, action, *rest)

    tracker.hook = hook
    tracker.recover("end_of_round", ["Ana", "Bo"])
    tracker.recover("end_of_turn", ["Ana"])
    tracker.recover("end_of_round", ["Bo"])
    assert [p["event"] for p in seen] == ["end_of_round", "end_of_round", "end_of_turn", "end_of_round"]
    assert len({id(p) for p in seen}) == 4


def test_a_recovery_keeps_each_characters_outcome_as_the_system_gave_it(chain):
    """Called one character at a time, a recovery has nothing to merge: what
    it tells is the system's own outcome, not one built around it."""
    tracker = _tracker(chain, {"Ana": {}, "Bo": {}})
    told, real = [], tracker.recovered

    def recovered(event, name, outcome, moved, start):
        told.append(outcome)
        return real(event, name, outcome, moved, start)

    tracker.recovered = recovered
    tracker.recover("end_of_round", ["Ana", "Bo"])
    assert [type(o) for o in told] == [Outcome, Outcome]
    assert [(o.lines, o.changes) for o in told] == [(["Ana: a=1"], {"Ana": {"a": 1}}), (["Bo: a=2"], {"Bo": {"a": 2}})]


def test_a_new_rounds_initiative_sees_the_new_round_and_not_the_expired_effects(chain):
    from rolecli.contract import Action

    tracker = _tracker(chain, {"Ana": {}, "Bo": {}})
    tracker.start(["Ana", "Bo"])
    spec = tracker.info.action("mark")
    tracker.hook(spec, Action("mark", {}, tracker.characters["Ana"], tracker.characters["Bo"]), [])
    assert [e.key for e in tracker.ctx.effects] == ["mark"]
    tracker.next()
    tracker.next()  # the round ends: the mark expires, and the initiative is asked for round 2
    assert chain.seen == [(None, ()), (2, ())]
    assert tracker.ctx.effects == () and tracker.ctx.conflict.round == 2


def test_a_verb_no_plugin_answers_is_an_error_in_a_conflict_too():
    from rolecli.contract import Action
    from rolecli.errors import RoleError

    class Silent(Chain):
        @hookimpl
        def rolecli_resolve(self, action, ctx):
            return None

    silent = Silent()
    with plugins(silent):
        tracker = _tracker(silent, {"Ana": {}, "Bo": {}})
        tracker.start(["Ana", "Bo"])
        ana = tracker.characters["Ana"]
        with pytest.raises(RoleError, match=r"^system 'chain' gave no result for 'mark'; the plugin does not "
                                            r"implement it\.$"):
            tracker.hook(tracker.info.action("mark"), Action("mark", {}, ana), [])


def test_joining_needs_a_character_able_to_act(chain):
    from rolecli.errors import RoleError

    tracker = _tracker(chain, {"Ana": {}, "Bo": {}, "Cy": {"out": True}})
    tracker.start(["Ana", "Bo"])
    with pytest.raises(RoleError, match=r"^Cy cannot act: out\.$"):
        tracker.join("Cy")
    tracker.characters["Cy"].state["out"] = False
    tracker.join("Cy")
    assert tracker.ctx.conflict.order == ("Ana", "Bo", "Cy")


@pytest.fixture
def chain_campaign(chain, monkeypatch):
    monkeypatch.setenv("ROLECLI_LANG", "en")
    with campaign({"system": "chain", "characters": {"Ana": {}, "Bo": {}}}) as folder:
        yield folder


def _a(name: str) -> int:
    return run("character", "show", name, "--json").json["state"].get("a", 0)


def test_conflict_next_recovers_one_character_at_a_time(chain_campaign):
    assert run("conflict", "start").code == 0
    assert run("conflict", "next").code == 0
    result = run("conflict", "next")  # Bo's turn ends, and the round: Ana first, then Bo seeing her
    assert result.code == 0, result.err
    assert (_a("Ana"), _a("Bo")) == (1, 2)


def _one_round(tmp_path):
    """An encounter of one round, Ana against Bo, each marking the other."""
    fight = tmp_path / "fight.toml"
    fight.write_text(textwrap.dedent("""
        campaign = "test"
        [end]
        rounds = 1
        recover = false
        [sides.a]
        characters = ["Ana"]
        behaviour = { verb = "mark", target = "nearest" }
        [sides.b]
        characters = ["Bo"]
        behaviour = { verb = "mark", target = "nearest" }
        """), encoding="utf-8")
    return fight


def test_an_encounter_recovers_one_character_at_a_time(chain_campaign, tmp_path):
    fight = _one_round(tmp_path)
    result = run("encounter", "run", str(fight), "--seed", "1")
    assert result.code == 0, result.err
    assert (_a("Ana"), _a("Bo")) == (1, 2)


def test_an_encounter_tells_a_recovery_as_the_recover_verb_does(chain_campaign, tmp_path):
    """Each character's recovery event holds its outcome as ``rolecli recover`` gives it: under ``results``."""
    fight = _one_round(tmp_path)
    result = run("encounter", "run", str(fight), "--seed", "1", "--json", "--dry-run")
    assert result.code == 0, result.err
    told = [json.loads(line) for line in result.out.splitlines()]
    assert [(e["name"], e["data"], e["lines"], e["changes"]) for e in told if e["event"] == "recovery"] == [
        ("Ana", {"results": [{}]}, ["Ana: a=1"], {"Ana": {"a": 1, "out": False}}),  # (the whole state kept)
        ("Bo", {"results": [{}]}, ["Bo: a=2"], {"Bo": {"a": 2, "out": False}})]


def test_a_combatants_standing_is_the_systems_status(chain):
    tracker = _tracker(chain, {"Ana": {"a": 2}, "Cy": {"out": True}})
    assert tracker.standing_of("Ana") == {"name": "Ana", "can_act": True, "key": "active", "why": None,
                                          "conditions": [{"key": "counting", "label": "counting"}], "vitality": 1.0}
    assert tracker.standing_of("Cy") == {"name": "Cy", "can_act": False, "key": "out", "why": "out",
                                         "conditions": [], "vitality": 0.0}
    # a participant removed from the campaign while the conflict ran
    assert tracker.standing_of("Zed") == {"name": "Zed", "can_act": False, "key": "gone",
                                          "why": "no longer in the campaign", "vitality": None, "conditions": []}
