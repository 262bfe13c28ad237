"""A system whose recovery changes the same for the same sheet, state, event,
rule options and dice says so (``SystemInfo(recovery_from_state=True)``), and a
simulation's trials then keep what it changed by the state and the dice it
read: the same results, far fewer calls. One that rolls no dice is played once
for each state; one that rolls is played until every value of its dice was met
in that state (:mod:`rolecli.encounter.dice_paths`). Every recovery of a play
that tells what happens, of a system that does not say so, or of one with house
rules joining its hooks is played every time. Every built-in system says so,
and it is true of each."""

from __future__ import annotations

import dataclasses
import json
from types import SimpleNamespace

import pytest

from rolecli import campaign as store
from rolecli import hookimpl
from rolecli.conflict import Scene
from rolecli.contract import Action, ActionSpec, Character, Effect, Label, Outcome, Turn
from rolecli.declarations import DeclarationError, check_system
from rolecli.dice.source import DiceSource
from rolecli.dispatch import Completed
from rolecli.encounter.engine import Play
from rolecli.encounter.file import EncounterFile, kept_recoveries
from rolecli.encounter.simulate import play_trials
from rolecli.errors import RoleError
from rolecli.play import recover
from rolecli.plugins import system_info
from rolecli.testing import campaign, plugins, run
from test_encounter_contract import DUEL, Shots, _file
from test_encounter_run import SAMPLES


class Reloads(Shots):
    """``shots`` with a recovery at every round's end: a gun with fewer than 4
    bullets is reloaded (no dice), and a fighter with a wound or two rolls a d6
    and bleeds another on a 1. Counts its calls, and those that rolled."""

    def __init__(self, from_state: bool):
        self.INFO = dataclasses.replace(
            Shots.INFO, recovery_from_state=from_state,
            events=Shots.INFO.events + (("end_of_round", Label(en="end of round")),),
            actions=Shots.INFO.actions + (ActionSpec("recover", "recover", Label(en="recover")),))
        self.calls = self.rolled = 0

    @hookimpl
    def rolecli_recover(self, character, event, action, ctx):
        self.calls += 1
        state = dict(character.state)
        if event == "end_of_round":
            if state["bullets"] < 4:
                state["bullets"] = 12
            if 0 < state["wounds"] < 3:
                self.rolled += 1
                state["wounds"] += ctx.dice.roll(6, "bleeding") == 1
        return Outcome({"character": character.name}, [f"{character.name}: {state}"], None,
                       {character.name: state} if state != character.state else {})


def _played(tmp_path, monkeypatch, from_state: bool, *how: str) -> tuple[str, Reloads]:
    monkeypatch.setenv("ROLECLI_LANG", "en")
    monkeypatch.chdir(tmp_path)
    system = Reloads(from_state)
    with plugins(system), campaign(DUEL, name="west"):
        result = run("encounter", *how[:1], _file(tmp_path, hits_on=3, rounds=10), *how[1:], "--seed", "5", "--json")
    assert result.code == 0, result.err
    return result.out, system


def test_a_recovery_is_kept_by_its_state_and_its_dice(tmp_path, monkeypatch):
    said, kept = _played(tmp_path, monkeypatch, True, "simulate", "--trials", "300")
    again, every = _played(tmp_path, monkeypatch, False, "simulate", "--trials", "300")
    assert json.loads(said) == json.loads(again)  # the same trials, the same results
    # One that rolls none is played once for each of a fighter's states: wounds 0 or 3, bullets 0..12...
    assert kept.calls - kept.rolled <= 3 * 2 * 13
    assert every.calls - every.rolled > 3000
    # ...and one that rolls a d6 (wounds 1 or 2) until each of its faces was met in that state: no
    # more than a few times for each state, then made again from the dice it draws.
    assert every.rolled > 1000 and kept.rolled < every.rolled / 3


def test_a_play_that_tells_plays_every_recovery(tmp_path, monkeypatch):
    said, kept = _played(tmp_path, monkeypatch, True, "run", "--dry-run")
    again, every = _played(tmp_path, monkeypatch, False, "run", "--dry-run")
    assert said == again and kept.calls == every.calls > 0


def test_house_rules_or_no_declaration_play_every_recovery():
    info = dataclasses.replace(Shots.INFO, recovery_from_state=True)

    def known(info, house=()):
        return kept_recoveries(SimpleNamespace(info=info, house=house))

    assert known(info) is True
    assert known(info, ("natural20",)) is False  # a house rule may change the recovery too
    assert known(Shots.INFO) is False


def test_the_declaration_is_true_or_false():
    with pytest.raises(DeclarationError, match="declares recovery_from_state = 1; write True or False"):
        check_system(dataclasses.replace(Shots.INFO, recovery_from_state=1))


def _changes(enc, character: Character, event: str, ctx) -> dict | str:
    """What the system's recovery of ``character`` for ``event`` changes with
    ``ctx`` and a fresh seeded dice source, or the words of its refusal."""
    spec = enc.info.verb("recover")
    action = Action(spec.name, Completed(enc.info.params(Action(spec.name, {"event": event}))))
    try:
        return recover(enc.system, spec, action, dataclasses.replace(ctx, dice=DiceSource(7)), character).changes
    except RoleError as exc:
        return str(exc)


@pytest.mark.parametrize("sample", SAMPLES)
def test_every_builtin_recovery_reads_the_sheet_the_state_and_the_options_alone(campaigns, sample):
    """Each built-in system declares ``recovery_from_state``: for every event it
    declares, on the states a few trials of its sample meet (and those it
    starts from), its recovery changes the same, with the same dice, in another
    language, with effects in force, in a running conflict, and with no other
    character."""
    enc = EncounterFile(campaigns / sample / "encounter.toml").encounter(
        store.load_campaign(campaigns, sample, system_info))
    assert enc.info.recovery_from_state
    met: list = []
    original = Play.recover

    def recover(play, event, names):  # each as it is now (it changes as the play goes on)
        for name in names:
            character = play.characters[name]
            met.append((Character(name, character.sheet, dict(character.state)), dataclasses.replace(play.ctx)))
        return original(play, event, names)

    Play.recover = recover
    try:
        play_trials(enc, {}, 11, 0, 20)
    finally:
        Play.recover = original
    start = Play(enc, seed=0)
    met += [(start.characters[name], start.ctx) for name in enc.participants]
    for character, ctx in met:
        for event, _ in enc.info.events:
            known = _changes(enc, character, event, ctx)
            others = [dataclasses.replace(ctx, lang="es" if ctx.lang == "en" else "en"),
                      dataclasses.replace(ctx, effects=(Effect(character.name, "a mark", until="scene", id=1),),
                                          conflict=Turn(3, character.name, (character.name,))),
                      dataclasses.replace(ctx, characters={character.name: character}, effects=(), conflict=None)]
            assert all(_changes(enc, character, event, other) == known for other in others), (character, event)


def test_a_turn_end_kept_as_doing_nothing_walks_no_recovery(campaigns, monkeypatch):
    """v5 mends at a turn's end (a vampire's Rouse check): where the encounter
    keeps that recovery, for the state its character is in, as changing
    nothing and reading no dice, the turn ends with no walk of it (the play
    says so to the scene, ``Tracker.turn_ends``), and the trials end as they
    do with every turn's end walked."""
    from rolecli.encounter import engine
    from rolecli.tracker import Tracker

    def v5():
        return EncounterFile(campaigns / "v5" / "encounter.toml").encounter(
            store.load_campaign(campaigns, "v5", system_info))

    walked, moved, original, advance = [], [], Tracker.end_of_turn, Scene.advance
    monkeypatch.setattr(Tracker, "end_of_turn", lambda play, name: walked.append(name) or original(play, name))
    monkeypatch.setattr(Scene, "advance", lambda scene, mover, explain=True: moved.append(1) or advance(
        scene, mover, explain))
    results = play_trials(v5(), {}, 5, 0, 100)
    assert 0 < len(walked) < len(moved) / 2
    walked.clear()
    moved.clear()
    monkeypatch.setattr(engine, "Kept", type("NoneKept", (), {}))  # no recovery known to do nothing: every end walked
    assert play_trials(v5(), {}, 5, 0, 100) == results
    assert len(walked) == len(moved)
