"""A system whose status reads only the sheet, the state and the rule options
says so (``SystemInfo(status_from_state=True)``), and an encounter's plays then
ask it once for each state they meet: the same results, far fewer calls. A
system that does not say so, or one with house rules joining its hooks, is
asked after every change, as before. Every built-in system says so, and it is
true of each: its status is the same whatever else the context holds."""

from __future__ import annotations

import dataclasses
import json
from types import SimpleNamespace

import pytest

from rolecli import campaign as store
from rolecli import hookimpl
from rolecli.contract import Character, Effect, Turn
from rolecli.declarations import DeclarationError, check_system
from rolecli.encounter import engine
from rolecli.encounter.engine import Play, state_key
from rolecli.encounter.file import EncounterFile, kept_statuses
from rolecli.encounter.simulate import play_trials
from rolecli.plugins import system_info
from rolecli.status import status_of
from rolecli.testing import campaign, plugins, run
from test_encounter_bookkeeping import change_of
from test_encounter_contract import DUEL, Shots, _file
from test_encounter_run import SAMPLES


class Counted(Shots):
    """``shots``, saying (or not) that its status reads the state alone, and counting each time it is asked."""

    def __init__(self, from_state: bool):
        self.INFO = dataclasses.replace(Shots.INFO, status_from_state=from_state)
        self.asked = 0

    @hookimpl
    def rolecli_status(self, character, ctx):
        self.asked += 1
        return super().rolecli_status(character, ctx)


def _simulated(tmp_path, monkeypatch, from_state: bool) -> tuple[dict, int]:
    monkeypatch.setenv("ROLECLI_LANG", "en")
    monkeypatch.chdir(tmp_path)
    system = Counted(from_state)
    with plugins(system), campaign(DUEL, name="west"):
        result = run("encounter", "simulate", _file(tmp_path, hits_on=4, rounds=10), "--trials", "300", "--seed",
                     "5", "--json")
    assert result.code == 0, result.err
    return json.loads(result.out), system.asked


def test_a_status_read_from_the_state_alone_is_asked_once_a_state(tmp_path, monkeypatch):
    said, asked = _simulated(tmp_path, monkeypatch, from_state=True)
    again, asked_again = _simulated(tmp_path, monkeypatch, from_state=False)
    assert said == again  # the same trials, the same results
    # Three fighters, each in one of at most 4 x 13 states (wounds 0..3, bullets 0..12); every shot changes
    # the shooter's state (a bullet spent), and a status not declared so is asked after each: thousands of times.
    assert asked <= 3 * 4 * 13
    assert asked_again > 1000


def test_house_rules_or_no_declaration_keep_asking_after_every_change():
    info = dataclasses.replace(Shots.INFO, status_from_state=True)

    def known(info, house=()):
        return kept_statuses(SimpleNamespace(info=info, house=house))

    assert known(info) == {}
    assert known(info, ("natural20",)) is None  # a house rule may answer the status too
    assert known(Shots.INFO) is None


def test_a_state_no_key_can_hold_is_asked_every_time(campaigns):
    enc = EncounterFile(campaigns / "demo" / "encounter.toml").encounter(
        store.load_campaign(campaigns, "demo", system_info))
    play = Play(enc, seed=1)
    skeleton = play.characters["Esqueleto"]
    skeleton.state = {**skeleton.state, "notes": {"cursed": True}}  # a table: no dict key
    assert play.status("Esqueleto").can_act and not any(name == "Esqueleto" for name, _ in enc.known_statuses)


def test_a_state_is_keyed_once_and_again_when_it_is_a_new_one(campaigns):
    enc = EncounterFile(campaigns / "demo" / "encounter.toml").encounter(
        store.load_campaign(campaigns, "demo", system_info))
    play = Play(enc, seed=1)
    first = play.state_key("Esqueleto")
    assert play.state_key("Esqueleto") is first  # the same state: its key kept, not worked out again
    skeleton = play.characters["Esqueleto"]
    skeleton.state = {**skeleton.state, "damage": 3}  # as a hook's change is kept: a new state
    assert play.state_key("Esqueleto") == enc.state_numbers[state_key(skeleton.state)] != first


def test_a_state_holding_a_list_is_numbered_as_the_same_state_again(campaigns):
    enc = EncounterFile(campaigns / "demo" / "encounter.toml").encounter(
        store.load_campaign(campaigns, "demo", system_info))
    play = Play(enc, seed=1)
    skeleton = play.characters["Esqueleto"]
    skeleton.state = {**skeleton.state, "marks": [1, 2]}
    first = play.state_key("Esqueleto")
    skeleton.state = {**skeleton.state, "marks": [1, 2]}  # a new table, the same values
    assert first is not None and play.state_key("Esqueleto") == first
    skeleton.state = {**skeleton.state, "marks": [2, 1]}
    assert play.state_key("Esqueleto") not in (None, first)


def test_a_list_where_the_states_of_its_fields_held_none_is_found_and_numbered_as_the_whole_state_is(campaigns):
    """Where a state's fields hold lists is found once for those fields
    (``Encounter.listed_at``); a state of the same fields with a list
    elsewhere is looked at again, field by field, and numbered as its whole
    key says, as is a state that holds a list no more."""
    enc = EncounterFile(campaigns / "demo" / "encounter.toml").encounter(
        store.load_campaign(campaigns, "demo", system_info))
    play = Play(enc, seed=1)
    skeleton = play.characters["Esqueleto"]
    skeleton.state = {**skeleton.state, "marks": [1, 2], "notes": "x"}
    first = play.state_key("Esqueleto")
    assert enc.listed_at[tuple(skeleton.state)] == [list(skeleton.state).index("marks")]
    skeleton.state = {**skeleton.state, "notes": ["cursed"]}  # a list in a field that held none
    listed = play.state_key("Esqueleto")
    assert listed not in (None, first) and listed == enc.state_numbers[state_key(skeleton.state)]
    assert enc.listed_at[tuple(skeleton.state)] == [list(skeleton.state).index(k) for k in ("marks", "notes")]
    skeleton.state = {**skeleton.state, "marks": 2, "notes": ["cursed"]}  # a list no more: as its whole key says
    assert play.state_key("Esqueleto") == enc.state_numbers[state_key(skeleton.state)] not in (None, first, listed)
    skeleton.state = {**skeleton.state, "marks": [1, 2], "notes": "x"}  # the first state again
    assert play.state_key("Esqueleto") == first


def test_a_state_made_by_a_change_of_a_few_fields_is_numbered_as_the_whole_state_is(campaigns):
    """A state of many fields (middle's 18) made by a change of one or two is
    numbered by the number of the state it was made from and the change
    (``Encounter.state_moves``), which gives the number its whole key gives,
    and by whose it is, the status kept for that number."""
    enc = EncounterFile(campaigns / "middle" / "encounter.toml").encounter(
        store.load_campaign(campaigns, "middle", system_info))
    play_trials(enc, {}, 5, 0, 40)
    assert len(enc.state_moves) > 20  # (a blow, a parry or a round's end changes a field or two)
    whole = {number: dict(zip(*key)) for key, number in enc.state_numbers.items()}  # (lists as tuples)
    for move, (made, held, kept) in enc.state_moves.items():
        state = {**whole[move[0]], **change_of(move)}
        state = {k: v for k, v in state.items() if v is not None}
        assert enc.state_numbers[state_key(state)] == made == enc.state_numbers[state_key(kept)]
        # by whose it is, the state numbered as a play keys it (with its table) and the status kept for it
        assert all(numbered == (kept, made, enc.kept_by_state[name, made]) and status is enc.known_statuses[name, made]
                   for name, (numbered, status) in held.items())
    # and a play numbers a state so only when it was made so from the very state numbered
    play = Play(enc, seed=1)
    aldara = play.characters["Aldara"]
    before = play.state_key("Aldara")
    aldara.state = {**aldara.state, "paradas": 1}  # not made by a change kept: keyed whole
    assert play.state_key("Aldara") == enc.state_numbers[state_key(aldara.state)] != before


def test_states_are_numbered_up_to_the_limit_and_the_rest_played_every_time(campaigns, monkeypatch):
    monkeypatch.setattr(engine, "KNOWN_STATES", 2)
    enc = EncounterFile(campaigns / "demo" / "encounter.toml").encounter(
        store.load_campaign(campaigns, "demo", system_info))
    play = Play(enc, seed=1)
    skeleton = play.characters["Esqueleto"]
    numbers = []
    for damage in (1, 2, 1, 3):
        skeleton.state = {**skeleton.state, "damage": damage}
        numbers.append(play.state_key("Esqueleto"))
    assert numbers == [0, 1, 0, None]  # a state met again has its number; one past the limit, none
    assert play.status("Esqueleto").can_act  # asked all the same, kept for no state
    assert len(enc.known_statuses) == 0


def test_no_move_is_kept_from_a_state_past_the_limit(campaigns, monkeypatch):
    """A state numbered ``None`` (past the limit) is no state a move starts
    from: what a change made of it is not numbered by the change."""
    from rolecli.play import apply_changes
    from rolecli.contract import Outcome

    enc = EncounterFile(campaigns / "middle" / "encounter.toml").encounter(
        store.load_campaign(campaigns, "middle", system_info))
    play = Play(enc, seed=1)
    monkeypatch.setattr(engine, "KNOWN_STATES", len(enc.state_numbers))  # no new state numbered
    aldara = play.characters["Aldara"]
    aldara.state = {**aldara.state, "paradas": 7}
    assert play.state_key("Aldara") is None
    monkeypatch.setattr(engine, "KNOWN_STATES", 50_000)
    apply_changes(enc.info, Outcome(data={}, changes={"Aldara": {"paradas": 6}}), play.characters, (), play.made)
    assert play.state_key("Aldara") == enc.state_numbers[state_key(aldara.state)]
    assert not any(move[0] is None for move in enc.state_moves)


def test_the_declaration_is_true_or_false():
    with pytest.raises(DeclarationError, match="declares status_from_state = 'yes'; write True or False"):
        check_system(dataclasses.replace(Shots.INFO, status_from_state="yes"))


@pytest.mark.parametrize("sample", SAMPLES)
def test_every_builtin_status_reads_the_sheet_the_state_and_the_options_alone(campaigns, sample):
    """Each built-in system declares ``status_from_state``: for every state a
    few trials of its sample meet, its status is the same in another language,
    with effects in force, in a running conflict, and with no other character."""
    enc = EncounterFile(campaigns / sample / "encounter.toml").encounter(
        store.load_campaign(campaigns, sample, system_info))
    assert enc.info.status_from_state
    met: list = []
    original = Play.asked

    def asked(play, name, *numbered):  # the character and the context as they are now (both change as the play goes on)
        character = play.characters[name]
        met.append((Character(name, character.sheet, dict(character.state)), dataclasses.replace(play.ctx)))
        return original(play, name, *numbered)  # (its state's number, where the play just gave it one)

    Play.asked = asked
    try:
        play_trials(enc, {}, 11, 0, 20)
    finally:
        Play.asked = original
    assert len(met) > len(enc.participants)
    for character, ctx in met:
        known = status_of(enc.system, character, ctx)
        others = [dataclasses.replace(ctx, lang="es" if ctx.lang == "en" else "en"),
                  dataclasses.replace(ctx, effects=(Effect(character.name, "a mark", until="scene", id=1),),
                                      conflict=Turn(3, character.name, (character.name,))),
                  dataclasses.replace(ctx, characters={character.name: character}, effects=(), conflict=None)]
        assert all(status_of(enc.system, character, other) == known for other in others), character
