"""A verb whose outcome is the same for the same characters in the same
states, parameters, rule options and dice says so
(``ActionSpec(from_state=True)``), and a simulation's trials then keep what an
exchange changed by the call, those states, its live parameters and the dice
it read, and make it again once every way its dice may fall was met
(:meth:`rolecli.encounter.engine.Play.act`): the same results, far
fewer calls. A play that tells what happens, a verb that does not say so, an
exchange while an effect is in force, and every verb where house rules join
the hooks are played every time. The dice system's check and damage say so,
and it is true of them (middle's parry too: tests/middle/test_middle_kept_parries.py;
which verbs the samples play say so, and why the others may not:
tests/test_sample_verbs_from_state.py)."""

from __future__ import annotations

import dataclasses
import json
from types import SimpleNamespace

import pytest

from rolecli import campaign as store
from rolecli import hookimpl
from rolecli.contract import Action, ActionSpec, Character, Effect, Label, Outcome, Param, Refused, Turn
from rolecli.declarations import DeclarationError, check_system
from rolecli.dice.source import DiceSource
from rolecli.dispatch import Completed
from rolecli.encounter.behaviour import dice_ways
from rolecli.encounter.dice_paths import Reading
from rolecli.encounter.engine import Play
from rolecli.encounter.file import EncounterFile, kept_exchanges
from rolecli.encounter.simulate import play_trials
from rolecli.play import call
from rolecli.plugins import system_info
from rolecli.testing import campaign, plugins, run
from test_encounter_contract import DUEL, Shots, _file


def kept_exchanges_of(enc) -> list[tuple]:
    """Every exchange ``enc`` keeps, by the call alone (``Call.alone``) in the
    table of its first character's state, each ``(call, tree)``."""
    return [(key, tree) for table in enc.kept_by_state.values() for key, tree in table.items() if type(key) is not str
            and type(key) is not tuple]


class Counted(Shots):
    """``shots`` (a d6 a shot, the shooter's bullet spent, a wound on a hit:
    both characters changed), its shot declared from the state or not; counts
    its calls. ``marks``: its shot leaves an effect on the shooter, in force
    from then on."""

    def __init__(self, from_state: bool, marks: bool = False):
        shoot = dataclasses.replace(Shots.INFO.actions[0], from_state=from_state)
        self.INFO = dataclasses.replace(Shots.INFO, actions=(shoot, *Shots.INFO.actions[1:]))
        self.marks, self.calls = marks, 0

    @hookimpl
    def rolecli_resolve(self, action, ctx):
        self.calls += 1
        outcome = Shots.rolecli_resolve(self, action, ctx)
        if self.marks and not ctx.effects:
            outcome.effects = [Effect(action.actor.name, "smoke", until="scene")]
        return outcome


def _played(tmp_path, monkeypatch, system: Counted, *how: str) -> str:
    monkeypatch.setenv("ROLECLI_LANG", "en")
    monkeypatch.chdir(tmp_path)
    with plugins(system), campaign(DUEL, name="west"):
        result = run("encounter", *how[:1], _file(tmp_path, hits_on=4, rounds=10), *how[1:], "--seed", "5", "--json")
    assert result.code == 0, result.err
    return result.out


def test_an_exchange_is_kept_by_its_states_and_its_dice(tmp_path, monkeypatch):
    kept, every = Counted(True), Counted(False)
    said = _played(tmp_path, monkeypatch, kept, "simulate", "--trials", "400", "--workers", "1")
    again = _played(tmp_path, monkeypatch, every, "simulate", "--trials", "400", "--workers", "1")
    assert json.loads(said) == json.loads(again)  # the same trials, the same results
    # A shot reads one d6 in each pair of states: played until its six faces were met there, then
    # made again from the die it draws, on both characters it changed.
    assert every.calls > 5000 and kept.calls < every.calls / 3


def test_an_empty_gun_is_refused_every_time(tmp_path, monkeypatch):
    """A refusal keeps nothing: a shot with no bullets (which a file with more
    rounds than bullets meets) is refused as when the shot is played."""
    monkeypatch.setenv("ROLECLI_LANG", "en")
    monkeypatch.chdir(tmp_path)
    with plugins(Counted(True)), campaign(DUEL, name="west"):
        result = run("encounter", "simulate", _file(tmp_path, hits_on=7, rounds=20), "--seed", "5", "--trials", "50")
    assert result.code == 2 and "gun is empty" in result.err


def test_a_play_that_tells_plays_every_exchange(tmp_path, monkeypatch):
    kept, every = Counted(True), Counted(False)
    said = _played(tmp_path, monkeypatch, kept, "run", "--dry-run")
    again = _played(tmp_path, monkeypatch, every, "run", "--dry-run")
    assert said == again and kept.calls == every.calls > 0


def test_no_exchange_is_kept_while_an_effect_is_in_force(tmp_path, monkeypatch):
    kept, every = Counted(True, marks=True), Counted(False, marks=True)
    said = _played(tmp_path, monkeypatch, kept, "simulate", "--trials", "100", "--workers", "1")
    again = _played(tmp_path, monkeypatch, every, "simulate", "--trials", "100", "--workers", "1")
    assert json.loads(said) == json.loads(again)
    # the first shot of a trial leaves smoke on its shooter (not kept), in force for every later shot
    assert kept.calls == every.calls


def test_house_rules_or_no_declaration_play_every_exchange():
    info = Counted(True).INFO

    def known(info, house=()):
        return kept_exchanges(SimpleNamespace(info=info, house=house))

    assert known(info) == {}
    assert known(info, ("natural20",)) is None  # a house rule may change any verb
    assert known(Shots.INFO) is None


def test_the_declaration_is_true_or_false():
    shoot = dataclasses.replace(Shots.INFO.actions[0], from_state="yes")
    with pytest.raises(DeclarationError, match="declares from_state = 'yes'; write True or False"):
        check_system(dataclasses.replace(Shots.INFO, actions=(shoot,)))


def _outcome(enc, spec, params, first, second, ctx):
    """What ``spec`` changes, and whether it succeeds, on ``first`` and ``second`` with ``ctx`` and a fresh dice source."""
    if spec.hook == "damage":
        action, subjects = Action(spec.name, Completed(dict(params)), first), [first]
    else:
        action, subjects = Action(spec.name, Completed(dict(params)), first, second), []
    outcome = call(enc.system, spec, action, dataclasses.replace(ctx, dice=DiceSource(7)), subjects)
    return outcome.changes, outcome.success


def test_every_builtin_verb_kept_reads_its_characters_states_and_options_alone(campaigns):
    """The dice system's check and damage declare ``from_state``: on the
    exchanges a few trials of its sample play, each changes the same and
    succeeds alike, with the same dice, in another language, in another turn,
    and with no other character in ``ctx``."""
    enc = EncounterFile(campaigns / "demo" / "encounter.toml").encounter(
        store.load_campaign(campaigns, "demo", system_info))
    assert {s.name for s in enc.info.actions if s.from_state} == {"check", "damage"}
    met: list = []
    original, original_live = Play.act, Play.live
    lives: list = []

    def live(play, *args):  # the live values an exchange made, as it made them
        lives.append(original_live(play, *args))
        return lives[-1]

    def act(play, call_, actor, target, side, role=None):  # as it is now, where an exchange is kept
        chars, spec = play.characters, call_.spec
        if play.exchanges_kept is None or not spec.from_state or play.ctx.effects:
            return original(play, call_, actor, target, side, role)
        given = (target, None) if spec.hook == "damage" else (actor, target if spec.target else None)
        seen = [Character(n, chars[n].sheet, dict(chars[n].state)) if n else None for n in given]
        ctx = dataclasses.replace(play.ctx)
        lives.clear()
        play.source.recording = True  # (a trial records the dice of none but the calls it keeps anew: these read)
        mark = play.source.readings
        outcome = original(play, call_, actor, target, side, role)
        play.source.recording = False
        if not lives and call_.live:  # its dice read in its tree (Call.rolled_ways): their totals, from those dice
            again = DiceSource(None, [str(r[1]) for r in play.source.read_since(mark)])
            lives.append([call_.params[n].total(again) for n in call_.live])
        params = play.params(call_, actor, target, side, None, lives[0] if lives else ())[0]  # (no die rolled again)
        met.append((spec, params, *seen, ctx))
        return outcome

    Play.act, Play.live = act, live
    try:
        play_trials(enc, {}, 11, 0, 20)
    finally:
        Play.act, Play.live = original, original_live
    assert {spec.name for spec, *_ in met} == {"check", "damage"}
    for spec, params, first, second, ctx in met:
        known = _outcome(enc, spec, params, first, second, ctx)
        alone = {c.name: c for c in (first, second) if c is not None}
        others = [dataclasses.replace(ctx, lang="es" if ctx.lang == "en" else "en"),
                  dataclasses.replace(ctx, conflict=Turn(7, first.name, (first.name,))),
                  dataclasses.replace(ctx, characters=alone, conflict=None)]
        assert all(_outcome(enc, spec, params, first, second, other) == known for other in others), (spec, first)


def test_a_kept_exchange_changes_both_characters_as_the_call_does(campaigns, tmp_path, monkeypatch):
    """A kept shot made again (:meth:`Play.replayed`) leaves both characters
    in the states the call itself leaves them in, trial after trial: the
    states at each trial's end are those of the trials played without it."""
    ends = []
    for from_state in (True, False):
        monkeypatch.setenv("ROLECLI_LANG", "en")
        monkeypatch.chdir(tmp_path)
        with plugins(Counted(from_state)), campaign(DUEL, name="west") as folder:
            from rolecli.plugins import system_info as info_of

            enc = EncounterFile(_file(tmp_path, hits_on=4, rounds=10)).encounter(
                store.load_campaign(folder.parent, "west", info_of))
            seen = []
            original = Play.ending

            def ending(play, winner, reason):
                seen.append({n: dict(play.characters[n].state) for n in enc.participants})
                return original(play, winner, reason)

            Play.ending = ending
            try:
                play_trials(enc, {}, 5, 0, 300)
            finally:
                Play.ending = original
            ends.append(seen)
    assert ends[0] == ends[1] and len(ends[0]) == 300


class Fickle(Counted):
    """``shots`` whose first hundred shots read a second d6 they do not use,
    and the later ones not: what it does is not a function of its states and
    dice, as it declares."""

    @hookimpl
    def rolecli_resolve(self, action, ctx):
        outcome = Counted.rolecli_resolve(self, action, ctx)
        if self.calls <= 100:
            ctx.dice.roll(6, "a second look")
        return outcome


def test_a_verb_that_reads_fewer_dice_than_before_for_the_same_states_fails(tmp_path, monkeypatch):
    monkeypatch.setenv("ROLECLI_LANG", "en")
    monkeypatch.chdir(tmp_path)
    with plugins(Fickle(True)), campaign(DUEL, name="west"):
        result = run("encounter", "simulate", _file(tmp_path, hits_on=4, rounds=10), "--seed", "5", "--trials", "300",
                     "--workers", "1")
    assert result.code == 4 and result.out == ""
    assert result.err.count("\n") == 1 and "read fewer dice than it read before" in result.err


def test_a_damage_rolled_by_the_engine_is_read_in_the_tree_of_its_call(campaigns):
    """The dice sample's damage (``amount = "1d6"``) is kept by its states
    alone, its die read as the first of its tree (``Call.rolled_ways``):
    its trials are those played with no exchange kept, and a kept damage
    holds no total in its key."""
    def trials(kept: bool):
        enc = EncounterFile(campaigns / "demo" / "encounter.toml").encounter(
            store.load_campaign(campaigns, "demo", system_info))
        if not kept:
            enc.known_exchanges = None  # (the cached property, set: every exchange played)
        return enc, play_trials(enc, {}, 11, 0, 200)

    enc, kept = trials(True)
    assert kept == trials(False)[1]
    damages = [(key, tree) for key, tree in kept_exchanges_of(enc) if key.spec.name == "damage"]
    assert {key.rolled_ways for key, _ in damages} == {4, 6}  # the heroes' 1d6, the crypt's 1d4
    # (each by the call alone, in the table of the state of the one it hits: no total in its key)
    assert all(key.alone for key, _ in damages)
    assert any(type(tree) is Reading for _, tree in damages)


@pytest.mark.parametrize("text, ways", [("1d6", 6), ("2d6+1", 36), ("1d20-1d4", 80), ("4dF", 81), ("3", 1),
                                        ("1d6!", None), ("2d6r1", None), ("1d{1,1,2}", None), ("(1d4)d6", None)])
def test_the_ways_a_rolled_amount_may_fall(text, ways):
    from rolecli.dice import parse

    assert dice_ways(parse(text)) == ways


class Aiming(Counted):
    """``shots`` with ``aim``: a d6 against how hard its target is to aim at
    (``hits_on``, which the rules take from the target), given its actor
    alone and changing nothing; its success is followed by a shot. Counts its
    aims."""

    def __init__(self, from_state: bool):
        super().__init__(from_state)
        hard = Param("hits_on", "int", Label(en="how hard"), default=4, minimum=2, maximum=7, owner="target")
        aim = ActionSpec("aim", "resolve", Label(en="aim"), (hard,), "required", False, from_state=from_state)
        self.INFO = dataclasses.replace(self.INFO, actions=(*self.INFO.actions, aim))
        self.aims = 0

    @hookimpl
    def rolecli_resolve(self, action, ctx):
        if action.name != "aim":
            return Counted.rolecli_resolve(self, action, ctx)
        self.aims += 1
        return Outcome({}, [], ctx.dice.roll(6, "aim") >= action.params["hits_on"])


AIMED = """\
[sides.kid]
characters = ["Kid"]
behaviour = { verb = "aim", target = "random", on_success = { verb = "shoot", params = { hits_on = 2 } } }
[sides.gang]
characters = ["Joe", "Ned"]
behaviour = { verb = "shoot", params = { hits_on = 6 } }
[participants.Joe]
as_target = { hits_on = 2 }
[participants.Ned]
as_target = { hits_on = 7 }
[end]
rounds = 10
"""


def test_an_exchange_is_kept_by_its_target_only_where_its_parameters_read_it(tmp_path, monkeypatch):
    """The dice sample's check, given its actor alone, is kept whoever it aims
    at; an aim given its actor alone but whose parameters the rules take from
    its target (Joe is easy to hit, Ned is not) is kept by its target: its
    trials are those played with no exchange kept."""
    monkeypatch.setenv("ROLECLI_LANG", "en")
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "aimed.toml"
    path.write_text(AIMED, encoding="utf-8")
    said = []
    for system in (Aiming(True), Aiming(False)):
        with plugins(system), campaign(DUEL, name="west"):
            result = run("encounter", "simulate", path, "--seed", "5", "--trials", "300", "--workers", "1", "--json")
        assert result.code == 0, result.err
        said.append((json.loads(result.out), system.aims))
    (kept, kept_aims), (every, every_aims) = said
    assert kept == every and kept_aims < every_aims / 10


def test_a_check_given_its_actor_alone_is_kept_whoever_it_aims_at(campaigns):
    enc = EncounterFile(campaigns / "demo" / "encounter.toml").encounter(
        store.load_campaign(campaigns, "demo", system_info))
    play_trials(enc, {}, 11, 0, 50)
    checks = [key for key, _ in kept_exchanges_of(enc) if key.spec.name == "check"]
    assert checks and all(key.alone for key in checks)  # (by the call alone, in its actor's state's table)


def test_a_call_whose_live_names_its_side_fixes_is_kept_by_that_side(campaigns):
    """Middle's morale check names the side's members (``members = "$side"``):
    its parameters are worked out once for each side it is made for
    (``Call.by_side``), each call given a table of its own holding that side's
    members, and another side's call its own."""
    enc = EncounterFile(campaigns / "middle" / "encounter.toml").encounter(
        store.load_campaign(campaigns, "middle", system_info))
    morale = enc.morale.call
    assert morale.by_side and morale.live == ("members",)
    assert not any(rule.main.by_side for p in enc.participants.values() for rule in p.behaviour.rules)
    play = Play(enc, seed=1)
    sides = list(enc.sides)
    first = [play.params(morale, None, None, side)[0] for side in sides]
    again = [play.params(morale, None, None, side)[0] for side in sides]
    for side, one, two in zip(sides, first, again):
        assert one == two and one is not two and play.names(morale.params["members"], None, None, side) == one["members"]
        assert (None, side) in morale.kept
    assert first[0]["members"] != first[1]["members"]


class ReadsRecords(Shots):
    """``shots`` whose shot reads its die from what ``ctx.dice`` recorded, not from the value
    its roll returned (as a plugin written before ``SystemInfo.reads_dice_records`` may);
    ``records``: the flag it declares (None: left out)."""

    def __init__(self, records: bool | None):
        self.INFO = Shots.INFO if records is None else dataclasses.replace(Shots.INFO, reads_dice_records=records)

    @hookimpl
    def rolecli_resolve(self, action, ctx):
        start = len(ctx.dice.reads)
        outcome = Shots.rolecli_resolve(self, action, ctx)
        read = [r.value for r in ctx.dice.reads[start:]]
        if read != [outcome.data["roll"]]:
            raise Refused(f"the shot's die was not recorded: {read}")
        return outcome


def test_a_system_that_reads_its_dice_records_gets_them_in_every_trial_unless_it_says_it_reads_none(
        tmp_path, monkeypatch):
    """SystemInfo.reads_dice_records: left out (a plugin written before it) or True, every trial
    records its dice and the simulation is Shots' own; False, a trial keeps no record of a die
    nobody reads, and a hook that read them anyway is refused."""
    monkeypatch.setenv("ROLECLI_LANG", "en")
    monkeypatch.chdir(tmp_path)

    def simulated(system) -> tuple[int, str, str]:
        with plugins(system), campaign(DUEL, name="west"):
            result = run("encounter", "simulate", _file(tmp_path, hits_on=4), "--trials", "40", "--seed", "5",
                         "--json", "--workers", "1")
        return result.code, result.out, result.err

    plain = simulated(Shots())
    assert plain[0] == 0
    assert simulated(ReadsRecords(None)) == plain
    assert simulated(ReadsRecords(True)) == plain
    code, _, err = simulated(ReadsRecords(False))
    assert code == 2 and "the shot's die was not recorded: []" in err
