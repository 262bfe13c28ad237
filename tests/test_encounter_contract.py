"""A system the encounter code has never heard of plays through the contract
alone: its verbs, status, initiative and the file's parameters; "weakest"
falls back on how much a state changed when the status gives no vitality; a
refusal while playing names the round and writes nothing. And the pure pieces:
the target rules, when to defend, the Wilson interval."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from rolecli import hookimpl
from rolecli.contract import ActionSpec, Field, Label, Outcome, Param, Refused, Status, SystemInfo
from rolecli.encounter.behaviour import choose, defends
from rolecli.encounter.simulate import wilson
from rolecli.testing import campaign, plugins, run

L = Label


class Shots:
    """``shots``: a d6 per shot, 4+ hits for 1 wound; each of the 12 bullets is spent by a shot and
    an empty gun is refused; 3 wounds and one is out."""

    ROLECLI_CONTRACT = 2
    INFO = SystemInfo(
        name="shots", names=L(en="Shots"),
        template=(Field("wounds", "int", L(en="wounds"), default=0, state=True),
                  Field("bullets", "int", L(en="bullets"), default=12, state=True),
                  Field("speed", "int", L(en="speed"), default=0)),
        actions=(ActionSpec("shoot", "resolve", L(en="shoot"), (Param("hits_on", "int", L(en="4+"), default=4,
                                                                      minimum=2, maximum=7),), "required", True),
                 ActionSpec("initiative", "initiative", L(en="order"), ())))

    @hookimpl
    def rolecli_system(self):
        return self.INFO

    @hookimpl
    def rolecli_resolve(self, action, ctx):
        actor, target = action.actor, action.target
        if actor.state["bullets"] == 0:
            raise Refused(f"{actor.name}'s gun is empty.")
        roll = ctx.dice.roll(6, "shot")
        hit = roll >= action.params["hits_on"]
        changes = {actor.name: {**actor.state, "bullets": actor.state["bullets"] - 1}}
        if hit:
            changes[target.name] = {**target.state, "wounds": target.state["wounds"] + 1}
        return Outcome({"roll": roll, "hit": hit}, [f"{actor.name} shoots {target.name}: {roll}"], hit, changes)

    @hookimpl
    def rolecli_initiative(self, characters, action, ctx):
        return Outcome({"order": [c.name for c in sorted(characters, key=lambda c: -c.sheet["speed"])]})

    @hookimpl
    def rolecli_status(self, character, ctx):  # no vitality: "weakest" falls back on the state's changes
        return Status(False, "out") if character.state["wounds"] >= 3 else Status()


DUEL = {"system": "shots", "characters": {"Sam": {"speed": 4}, "Kid": {"speed": 3}, "Joe": {"speed": 2},
                                          "Ned": {"speed": 1}}}
FILE = """\
[sides.kid]
characters = ["Kid"]
behaviour = {{ verb = "shoot", target = "{target}", params = {{ hits_on = {hits_on} }} }}
[sides.gang]
characters = ["Joe", "Ned"]
behaviour = {{ verb = "shoot", params = {{ hits_on = 7 }} }}
[end]
rounds = {rounds}
"""


@pytest.fixture
def shots(tmp_path, monkeypatch):
    monkeypatch.setenv("ROLECLI_LANG", "en")
    monkeypatch.chdir(tmp_path)
    with plugins(Shots()), campaign(DUEL, name="west") as folder:
        yield folder


def _file(tmp_path, **values):
    path = tmp_path / "duel.toml"
    path.write_text(FILE.format(**{"target": "nearest", "hits_on": 2, "rounds": 10, **values}), encoding="utf-8")
    return path


def test_a_new_system_plays_with_no_change_to_the_encounter_code(shots, tmp_path):
    played = run("encounter", "run", _file(tmp_path), "--seed", "4", "--json")
    assert played.code == 0, played.err
    turns = [e["actor"] for e in played.json if e["event"] == "action"]
    assert turns[:3] == ["Kid", "Joe", "Ned"]  # the system's initiative: the fastest first
    end = next(e for e in played.json if e["event"] == "end")
    assert end["winner"] == "kid" and end["reason"] == "side_out" and sorted(end["out"]) == ["Joe", "Ned"]
    state = run("campaign", "show", "--json").json["characters"]
    assert state["Joe"]["state"]["wounds"] == 3 and state["Ned"]["state"]["wounds"] == 3


class Partial(Shots):
    """``shots`` whose shot returns only the fields it sets, as the contract lets it."""

    @hookimpl
    def rolecli_resolve(self, action, ctx):
        outcome = Shots.rolecli_resolve(self, action, ctx)
        outcome.changes = {name: {k: v for k, v in state.items() if v != ctx.characters[name].state.get(k)}
                           for name, state in outcome.changes.items()}
        return outcome


@pytest.mark.parametrize("system", [Shots, Partial])
def test_an_action_tells_each_character_it_changed_with_its_whole_state(tmp_path, monkeypatch, system):
    """Whether a hook returns a whole state or only what it set, an action event
    tells the state each character it changed is left with, whole, as a verb's
    JSON does (docs/envelope.md): the next event reads from there."""
    monkeypatch.setenv("ROLECLI_LANG", "en")
    monkeypatch.chdir(tmp_path)
    with plugins(system()), campaign(DUEL, name="west"):
        played = run("encounter", "run", _file(tmp_path), "--seed", "4", "--json", "--dry-run")
    assert played.code == 0, played.err
    states = {name: {"wounds": 0, "bullets": 12} for name in ("Kid", "Joe", "Ned")}
    told = [e for e in played.json if e["event"] == "action"]
    for event in told:
        shooter = states[event["actor"]]
        shooter["bullets"] -= 1
        if event["success"]:
            states[event["target"]]["wounds"] += 1
        assert event["changes"] == {n: states[n] for n in event["changes"]}
        assert event["actor"] in event["changes"]
    assert any(e["success"] for e in told)


def test_weakest_without_vitality_is_the_one_whose_state_changed_most(shots, tmp_path):
    # Sam, first to act, shoots Ned (the last in the turns); the weakest for Kid is then Ned, not the nearest, Joe
    text = _file(tmp_path, target="weakest").read_text(encoding="utf-8").replace(
        'characters = ["Kid"]', 'characters = ["Sam", "Kid"]') + '[participants.Sam]\nbehaviour = { target = "Ned" }\n'
    (tmp_path / "duel.toml").write_text(text, encoding="utf-8")
    played = run("encounter", "run", tmp_path / "duel.toml", "--seed", "4", "--json", "--dry-run")
    shots = [(e["actor"], e["target"], e["success"]) for e in played.json if e["event"] == "action"]
    assert shots[:2] == [("Sam", "Ned", True), ("Kid", "Ned", shots[1][2])], shots
    nearest = run("encounter", "run", _file(tmp_path), "--seed", "4", "--json", "--dry-run")
    assert [e["target"] for e in nearest.json if e["event"] == "action"][0] == "Joe"


def test_a_refusal_while_playing_names_the_round_and_writes_nothing(shots, tmp_path):
    before = (shots / "campaign.toml").read_bytes()
    result = run("encounter", "run", _file(tmp_path, hits_on=6, rounds=20), "--seed", "1")
    assert result.code == 2
    assert result.err.splitlines()[-1] == "rolecli: round 13, Kid: shoot: Kid's gun is empty."
    assert not (shots / "state.toml").exists() and (shots / "campaign.toml").read_bytes() == before


def test_a_parameter_is_checked_as_the_command_line_checks_it(shots, tmp_path):
    result = run("encounter", "check", _file(tmp_path, hits_on=9))
    assert result.code == 2
    assert result.err == "rolecli: duel.toml line 3: sides.kid.behaviour.params.hits_on = 9: --hits-on = 9 is out of range 2..7.\n"


def _weigher(vitalities, changed, pick=None):
    """What choose weighs candidates by (the play, in an encounter)."""
    return SimpleNamespace(vitalities=vitalities, changed=changed, pick=pick)


class _Unweighable(dict):
    def __getitem__(self, name):
        raise AssertionError(f"{name} weighed")


def test_choose_a_target():
    hurt = {"A": 0.5, "B": 0.25, "C": 0.25}
    assert choose("nearest", ["A", "B", "C"], _weigher(hurt, lambda n: 0)) == "A"
    assert choose("weakest", ["A", "B", "C"], _weigher(hurt, lambda n: 0)) == "B"  # ties: the nearest
    assert choose("weakest", ["A", "C", "B"], _weigher(hurt, lambda n: 0)) == "C"
    assert choose("weakest", ["A", "B"], _weigher({"A": None, "B": None}, {"A": 1, "B": 2}.get)) == "B"
    assert choose("random", ["A", "B"], _weigher(hurt, lambda n: 0, lambda names: names[-1])) == "B"
    assert choose("C", ["A", "C"], _weigher(hurt, lambda n: 0)) == "C"
    assert choose("C", ["A", "B"], _weigher(hurt, lambda n: 0)) == "A"  # named but out: the nearest


def test_the_weakest_of_one_is_chosen_without_weighing_it():
    def unweighable(name):
        raise AssertionError(f"{name} weighed")

    assert choose("weakest", ["A"], _weigher(_Unweighable(), unweighable)) == "A"
    assert choose("random", ["A"], _weigher(_Unweighable(), unweighable, lambda names: names[-1])) == "A"  # its draw kept


def test_when_to_defend():
    assert [defends(w, hurt=True, outnumbered=False) for w in ("never", "hurt", "outnumbered", "always")] == [
        False, True, False, True]
    assert [defends(w, hurt=False, outnumbered=True) for w in ("never", "hurt", "outnumbered", "always")] == [
        False, False, True, True]


def test_the_wilson_interval():
    lo, hi = wilson(50, 100)  # the textbook figures: 0.404 .. 0.596
    assert (round(lo, 3), round(hi, 3)) == (0.404, 0.596)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0) and wilson(0, 0) == (0.0, 1.0)


class Watched(Shots):
    """``shots`` that keeps the rule options table every hook call is given."""

    def __init__(self):
        self.tables = []

    @hookimpl
    def rolecli_resolve(self, action, ctx):
        self.tables.append(ctx.options)
        return Shots.rolecli_resolve(self, action, ctx)

    @hookimpl
    def rolecli_initiative(self, characters, action, ctx):
        self.tables.append(ctx.options)
        return Shots.rolecli_initiative(self, characters, action, ctx)

    @hookimpl
    def rolecli_status(self, character, ctx):
        self.tables.append(ctx.options)
        return Shots.rolecli_status(self, character, ctx)


def test_every_call_of_a_simulation_is_given_one_table_of_rule_options(tmp_path, monkeypatch):
    """The contract's promise (``Context.options``): an encounter hands its every call, in
    every trial, the same table, which a plugin may match by identity."""
    monkeypatch.setenv("ROLECLI_LANG", "en")
    monkeypatch.chdir(tmp_path)
    watched = Watched()
    with plugins(watched), campaign(DUEL, name="west"):
        simulated = run("encounter", "simulate", _file(tmp_path, hits_on=4), "--trials", "30", "--workers", "1",
                        "--seed", "2")
    assert simulated.code == 0, simulated.err
    assert len(watched.tables) > 100
    assert all(t is watched.tables[0] for t in watched.tables)
