"""A plugin writes only what it declared (issue 18): the characters its verb was
given and the template's state fields; an in-place edit of the core's copies is
not written; a result the log could not write is refused before anything is;
the core's keys of the JSON are the core's; output lines are capped; and a bad
result is blamed on the plugin that made it, a house rule's wrapper included."""

from __future__ import annotations

import json
import textwrap
from fractions import Fraction
from types import MappingProxyType

import pytest

from rolecli import hookimpl
from rolecli.contract import CONTRACT_VERSION, ActionSpec, Effect, Field, Label, Outcome, Param, SystemInfo
from rolecli.outcomes import MAX_LINE, MAX_LINES, _plain
from rolecli.testing import campaign, plugins, run

L = Label
TRICKS = ("fair", "other", "sheet", "traits", "inplace", "bytes", "object", "system", "long", "many")


class Rogue:
    """A system whose one verb, ``hit``, marks its target, then plays the trick it is given."""

    ROLECLI_CONTRACT = CONTRACT_VERSION

    def __init__(self):
        self.info = SystemInfo(
            name="rogue", names=L("pícaro", "rogue"),
            template=(Field("hp", "int", L("pv", "hp"), default=5),
                      Field("traits", "table", L("rasgos", "traits"), default={}),
                      Field("marks", "int", L("marcas", "marks"), default=0, minimum=0, maximum=99, state=True)),
            events=SystemInfo.events + (("end_of_turn", L("fin de turno", "end of turn")),),
            actions=(ActionSpec("hit", "resolve", L("golpe", "hit"),
                                (Param("trick", "choice", L("truco", "trick"), default="fair", choices=TRICKS),),
                                target="required"),
                     ActionSpec("recover", "recover", L("recupera", "recover")),
                     ActionSpec("initiative", "initiative", L("iniciativa", "initiative"))))

    @hookimpl
    def rolecli_system(self):
        return self.info

    @hookimpl
    def rolecli_resolve(self, action, ctx):
        target = action.target
        marked = {target.name: {"marks": target.state.get("marks", 0) + 1}}
        trick = action.params["trick"]
        data: dict = {"trick": trick}
        lines = [f"{target.name} marked"]
        if trick == "other":
            marked["Cy"] = {"marks": 7}
        elif trick == "sheet":
            marked[target.name]["hp"] = 999
        elif trick == "traits":
            marked[target.name]["traits"] = {"Fuerza": 9}
        elif trick == "inplace":
            ctx.characters["Cy"].state["marks"] = 42
        elif trick == "bytes":
            data["raw"] = b"\x00\x01"
        elif trick == "object":
            data["thing"] = object()
        elif trick == "system":
            data.update(system="forged", action="forged")
        elif trick == "long":
            lines = ["x" * (MAX_LINE + 1)]
        elif trick == "many":
            lines = ["x"] * (MAX_LINES + 1)
        return Outcome(data=data, lines=lines, changes=marked)

    @hookimpl
    def rolecli_recover(self, character, event, action, ctx):
        if event == "end_of_turn":  # an in-place edit of a character the recovery was not about
            for name in ctx.characters:
                if name != character.name:
                    ctx.characters[name].state["marks"] = 13
        return Outcome(data={"event": event}, lines=[f"{character.name}: {event}"])

    @hookimpl
    def rolecli_initiative(self, characters, action, ctx):
        names = [c.name for c in characters]
        return Outcome(data={"order": names}, lines=[", ".join(names)])


CAMPAIGN = {"system": "rogue", "characters": {"Ana": {}, "Bo": {}, "Cy": {}}}


@pytest.fixture
def rogue(monkeypatch):
    monkeypatch.setenv("ROLECLI_LANG", "en")
    with plugins(Rogue()):
        yield


def files(folder):
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file() and p.name != ".lock"}


def test_a_fair_hit_is_written(rogue):
    with campaign(CAMPAIGN) as folder:
        result = run("hit", "Ana", "--target", "Bo")
        state = (folder / "state.toml").read_text(encoding="utf-8")
    assert result.code == 0, result.err
    assert "[characters.Bo]" in state and "marks = 1" in state


@pytest.mark.parametrize("trick, says", [
    ("other", "it changed 'Cy', whom the verb was neither given nor looked at in ctx.characters; nothing was written"),
    ("sheet", "it returned state key(s) 'hp' for Bo, which the template of system 'rogue' does not declare as state"),
    ("traits", "it returned state key(s) 'traits' for Bo"),
    ("bytes", "its Outcome.data cannot be written as JSON: bytes is not a JSON value"),
    ("object", "its Outcome.data cannot be written as JSON: object is not a JSON value"),
    ("long", f"its Outcome.lines has a line of {MAX_LINE + 1:,} characters, over the limit of {MAX_LINE:,}"),
    ("many", f"its Outcome.lines has {MAX_LINES + 1:,} lines, over the limit of {MAX_LINES:,}"),
])
def test_an_outcome_that_reaches_too_far_is_refused_before_anything_is_written(rogue, trick, says):
    with campaign(CAMPAIGN) as folder:
        assert run("hit", "Ana", "--target", "Bo").code == 0
        before = files(folder)
        result = run("hit", "Ana", "--target", "Bo", "--trick", trick)
        again = run("hit", "Ana", "--target", "Bo", "--trick", trick, "-n", "2")
        after = files(folder)
    assert result.code == 4 and result.out == "", result
    assert len(result.err.splitlines()) == 1 and "plugin 'Rogue' failed in rolecli_resolve" in result.err
    assert says in result.err
    assert again.code == 4
    assert after == before  # state, log and campaign byte for byte: a retrying script applies nothing twice


@pytest.mark.parametrize("value, plain", [
    ({"a": [1, 2.5, True, None, "x", (3, {"b": []})]}, True),
    ([[[[{"deep": {"deeper": [None]}}]]]], True),
    ({}, True), ([], True), ("x", True), (7, True),
    ({"a": {"b": [1, {"c": b"x"}]}}, False),  # bytes three levels down
    ({"a": [1, 2, {3: "int key"}]}, False),
    ([1, (2, {1, 2})], False),  # a set inside a tuple
    ({"a": object()}, False), (Fraction(1, 3), False), ({"a": [Fraction(1, 3)]}, False),
    # a table of texts to scalars (a state, most often); a key or a value of another type anywhere in it
    ({"hp": 3, "ok": True, "why": "x", "none": None, "half": 0.5}, True),
    ({3: "int key"}, False), ({"a": 1, ("t",): 2}, False), ({"a": 1, "b": b"x"}, False),
    ({"a": 1, "b": Fraction(1, 3)}, False), ({"a": type("Dots", (int,), {})(3)}, False),
    # a list of scalars (a track's boxes), and one with something else among them
    ({"boxes": [True, False, None, 2, "x", 1.5]}, True), ((1, "a"), True),
    ({"boxes": [True, b"x"]}, False), ((1, Fraction(1, 3)), False), ([1, [2, {3}]], False),
])
def test_the_type_walk_of_a_result_finds_a_value_json_lacks_wherever_it_lies(value, plain):
    # the walk is the first check of every hook's result; what it cannot vouch
    # for is written as JSON to be sure (a Fraction is, a set is not)
    assert _plain(value) is plain


def test_an_in_place_edit_of_another_character_is_not_written(rogue):
    with campaign(CAMPAIGN) as folder:
        result = run("hit", "Ana", "--target", "Bo", "--trick", "inplace")
        shown = run("character", "show", "Cy", "--json")
        entry = json.loads((folder / "log.jsonl").read_text(encoding="utf-8").splitlines()[-1])
    assert result.code == 0, result.err
    assert shown.json["state"].get("marks", 0) == 0
    assert set(entry["changes"]) == {"Bo"}


def test_the_cores_keys_of_the_json_are_the_cores(rogue):
    with campaign(CAMPAIGN):
        result = run("hit", "Ana", "--target", "Bo", "--trick", "system", "--json")
    assert result.code == 0, result.err
    assert result.json["system"] == "rogue" and result.json["action"] == "hit"


def test_conflict_next_writes_no_in_place_edit_of_a_turns_end(rogue):
    with campaign(CAMPAIGN) as folder:
        assert run("conflict", "start", "Ana", "Bo", "Cy").code == 0
        result = run("conflict", "next")
        state = (folder / "state.toml").read_text(encoding="utf-8")
    assert result.code == 0, result.err
    assert "marks = 13" not in state


def test_an_encounter_records_no_in_place_edit_and_refuses_what_reaches_too_far(rogue, tmp_path):
    def fight(trick: str):
        path = tmp_path / f"{trick}.toml"
        path.write_text(textwrap.dedent(f"""
            campaign = "test"
            [end]
            rounds = 1
            [sides.a]
            characters = ["Ana"]
            behaviour = {{ verb = "hit", params = {{ trick = "{trick}" }} }}
            [sides.b]
            characters = ["Bo", "Cy"]
            behaviour = {{ verb = "hit" }}
            """), encoding="utf-8")
        return str(path)

    with campaign(CAMPAIGN) as folder:
        played = run("encounter", "run", fight("inplace"), "--seed", "1")
        state = (folder / "state.toml").read_text(encoding="utf-8")
        before = files(folder)
        refused = run("encounter", "run", fight("bytes"), "--seed", "1")
        after = files(folder)
    assert played.code in (0, 1), played.err
    assert "marks = 42" not in state
    assert refused.code == 4 and "cannot be written as JSON" in refused.err
    assert after == before


class Forger:
    """House rules whose wrapper turns the system's good result into one the log cannot write."""

    ROLECLI_CONTRACT = CONTRACT_VERSION

    @hookimpl(wrapper=True)
    def rolecli_resolve(self, action, ctx):
        outcome = yield
        if action.params.get("trick") == "fair":
            outcome.data["raw"] = b"forged"
        return outcome


def test_a_wrapper_that_spoils_a_good_result_is_named_not_the_system(monkeypatch):
    monkeypatch.setenv("ROLECLI_LANG", "en")
    with plugins(Rogue(), Forger()), campaign(CAMPAIGN) as folder:
        before = files(folder)
        spoiled = run("hit", "Ana", "--target", "Bo")
        own = run("hit", "Ana", "--target", "Bo", "--trick", "object")
        after = files(folder)
    assert spoiled.code == 4 and "plugin 'Forger' failed in rolecli_resolve" in spoiled.err, spoiled.err
    assert own.code == 4 and "plugin 'Rogue' failed in rolecli_resolve" in own.err, own.err
    assert after == before


@pytest.mark.parametrize("explain", [True, False])
def test_what_no_one_writes_is_not_walked_but_whose_states_and_which_fields_always_are(explain):
    """A simulation's trials (Context.explain False) print and log no Outcome.data
    and write no state, so the check walks neither to see it can be written as
    JSON, nor asks after the lines nobody reads there; whose states a result
    changes, and which fields, are always asked."""
    from rolecli.contract import Action, Character
    from rolecli.outcomes import problem
    from rolecli.testing import context

    bo = Character("Bo", {}, {"marks": 0})
    ctx = context(Rogue().info, characters=[bo], explain=explain)
    arguments = (Action("hit", {}, None, bo), ctx)  # the hook's, in its spec's order

    def said(**fields):
        return problem("rolecli_resolve", Outcome(**{"data": {}, **fields}), arguments, Rogue().info)

    assert (said(data={"raw": b"\x00"}) is not None) is explain
    assert (said(lines=[b"\x00"]) is not None) is explain
    assert (said(lines=None) is not None) is explain
    unwritable = said(changes={"Bo": {"marks": b"\x00"}})
    assert unwritable is None if not explain else "Outcome.changes cannot be written as JSON" in unwritable
    assert "state key(s) 'hp' for Bo" in said(changes={"Bo": {"marks": 1, "hp": 9}})
    assert "state key(s) 1 for Bo" in said(changes={"Bo": {1: 2}})  # (JSON writes a key 1 as "1")
    assert said(changes={"Cy": {"marks": 1}}).startswith("it changed 'Cy', whom the verb was neither given")


def test_data_is_walked_for_a_ctx_that_does_not_say_whether_anyone_writes_it():
    """A ctx of another type than the contract's (without ``explain``) has its
    result's data written as any other's: the check walks it."""
    from types import SimpleNamespace

    from rolecli.contract import Action
    from rolecli.outcomes import problem

    arguments = (Action("hit", {}), SimpleNamespace(options={}))  # no explain: read as True
    said = problem("rolecli_resolve", Outcome(data={"raw": b"\x00"}, lines=[]), arguments, None)
    assert said is not None and "Outcome.data cannot be written as JSON" in said


@pytest.mark.parametrize("success, says", [
    (True, None), (False, None), (None, None),
    (0, "its Outcome.success is int, not True, False or None"),
    ("yes", "its Outcome.success is str, not True, False or None"),
])
def test_success_is_true_false_or_none_and_nothing_that_equals_them(success, says):
    from rolecli.contract import Action
    from rolecli.outcomes import problem
    from rolecli.testing import context

    arguments = (Action("hit", {}), context(explain=False))
    assert problem("rolecli_resolve", Outcome(data={}, lines=[], success=success), arguments, None) == says


class _Name(str):
    """A character's name of a subclass of str (a plugin's own)."""


@pytest.mark.parametrize("changes, says", [
    ({"Ana": {"marks": 1}, "Bo": {"marks": b"\x00"}}, "Outcome.changes cannot be written as JSON"),
    ({"Ana": {"marks": object()}, "Bo": {"marks": 1}}, "Outcome.changes cannot be written as JSON"),
    ({"Ana": {"marks": 1}, "Bo": {"marks": 1, "hp": 9}}, "state key(s) 'hp' for Bo"),
    ({"Ana": {"marks": 1}, "Bo": {"marks": 1, "legacy": 2}}, None),  # a key Bo's state holds already
    ({"Ana": {"marks": 1}, "Bo": [1]}, "Outcome.changes is not a dict of characters' names to their state"),
    ({"Ana": {"marks": 1}, 7: {"marks": 1}}, "Outcome.changes is not a dict of characters' names to their state"),
    # each kind of state the check walks its own way: a dict, deep or not, a Mapping, under a name of a str's subclass
    ({"Ana": {"marks": [1, {"deep": b"\x00"}]}}, "Outcome.changes cannot be written as JSON"),
    ({"Ana": {"marks": (1, 2.5, None, True)}}, None),
    ({"Ana": {1: 2}}, "state key(s) 1 for Ana"),
    ({_Name("Ana"): {"marks": 2}}, None),
    ({"Ana": MappingProxyType({"marks": 2})}, None),
    ({"Ana": MappingProxyType({"marks": b"x"})}, "Outcome.changes cannot be written as JSON"),
    ({"Ana": MappingProxyType({"marks": 2, "hp": 9})}, "state key(s) 'hp' for Ana"),  # a Mapping's keys, too
    # a state's keys asked whether they are state fields in the walk of its values: wrong both ways, its type first
    ({"Ana": {"hp": 9, "marks": b"x"}}, "Outcome.changes cannot be written as JSON"),
    ({"Ana": {"marks": b"x", "hp": 9}}, "Outcome.changes cannot be written as JSON"),
    ({"Ana": {"marks": 1, "hp": 9}, "Bo": {"marks": object()}}, "Outcome.changes cannot be written as JSON"),
    ({"Ana": {"marks": object()}, "Bo": {"marks": 1, "hp": 9}}, "Outcome.changes cannot be written as JSON"),
])
def test_every_changed_state_is_checked_not_only_the_first(changes, says):
    """The states a result changes are walked once each, their types and JSON
    together, and their keys against the template: a fault in the last one is found."""
    from rolecli.contract import Action, Character
    from rolecli.outcomes import problem
    from rolecli.testing import context

    ana, bo = Character("Ana", {}, {"marks": 0}), Character("Bo", {}, {"marks": 0, "legacy": 1})
    arguments = (Action("hit", {}, ana, bo), context(Rogue().info, characters=[ana, bo]))  # written (explain)
    said = problem("rolecli_resolve", Outcome(data={}, lines=[], changes=changes), arguments, Rogue().info)
    assert said is None if says is None else says in said


@pytest.mark.parametrize("effects, used, says", [
    ([], [], None),
    ([Effect("Bo", "a block", until="used")], [3], None),
    ((Effect("Bo", "a block"),), (3, 4), None),  # tuples are lists here
    ([Effect("Bo", "a block"), "a block"], [], "its Outcome.effects is not a list of Effects"),
    ({"Bo": "a block"}, [], "its Outcome.effects is not a list of Effects"),
    ([], [3, True], "its Outcome.used is not a list of effect ids"),  # a bool is no id, though Python counts it an int
    ([], [3, "4"], "its Outcome.used is not a list of effect ids"),
    ([], 3, "its Outcome.used is not a list of effect ids"),
])
def test_the_effects_left_and_used_are_checked_one_by_one(effects, used, says):
    from rolecli.contract import Action
    from rolecli.outcomes import problem
    from rolecli.testing import context

    arguments = (Action("hit", {}), context(explain=False))  # the hook's, in its spec's order
    said = problem("rolecli_resolve", Outcome(data={}, lines=[], effects=effects, used=used), arguments, None)
    assert said == says


@pytest.mark.parametrize("fields, says", [
    ({"lines": []}, None),
    ({"lines": ("a tuple", "of texts")}, None),  # tuples are lists here
    ({"lines": None}, "its Outcome.lines is not a list of texts"),
    ({"lines": ""}, "its Outcome.lines is not a list of texts"),
    ({"lines": [1]}, "its Outcome.lines is not a list of texts"),
    ({"data": None}, "its Outcome.data is NoneType, not a dict"),
    ({"data": []}, "its Outcome.data is list, not a dict"),
    ({"success": 1}, "its Outcome.success is int, not True, False or None"),
    ({"success": False}, None),
    ({"changes": []}, "its Outcome.changes is not a dict of characters' names to their state (dicts)"),
    ({"changes": {"Bo": None}}, "its Outcome.changes is not a dict of characters' names to their state (dicts)"),
])
def test_each_field_of_an_outcome_is_checked_whether_or_not_it_holds_anything(fields, says):
    """The common values (an empty list, a dict, a bool) are known at once; a
    falsy value of another type is refused as any other (the lines where they
    are read: a trial's are not asked after)."""
    from rolecli.contract import Action
    from rolecli.outcomes import problem
    from rolecli.testing import context

    arguments = (Action("hit", {}), context(explain=True))  # the hook's, in its spec's order
    said = problem("rolecli_resolve", Outcome(**{"data": {}, **fields}), arguments, None)
    assert said == says


@pytest.mark.parametrize("hook, wrong", [
    ("rolecli_recover", None), ("rolecli_apply_damage", None), ("rolecli_status", None),  # called on Bo: Bo's
    ("rolecli_resolve", "it changed 'Bo', whom the verb was neither given nor looked at in ctx.characters"),
])
def test_the_character_a_hook_is_called_on_is_its_own_to_change_and_only_for_such_a_hook(hook, wrong):
    from types import SimpleNamespace

    from rolecli.contract import Action, Character
    from rolecli.outcomes import outcome_problem

    bo = Character("Bo", {"hp": 3}, {"marks": 1})
    info = SimpleNamespace(name="rogue", state_keys={"marks"}, sheet_keys={"hp"})
    ctx = SimpleNamespace(characters={}, conflict=None, explain=False)
    said = outcome_problem(hook, Outcome(data={}, changes={"Bo": {"marks": 0}}), (bo, Action("rest", {}), ctx), info)
    assert said is None if wrong is None else said.startswith(wrong)


@pytest.mark.parametrize("changes, effects, says", [
    ({"Bo": {"marks": 0}}, [], None),  # the actor's, of state fields: the usual change
    ({"Bo": {"hp": 0}}, [], "it returned state key(s) 'hp' for Bo"),  # a sheet value
    ({"Cy": {"marks": 0}}, [], "it changed 'Cy', whom the verb was neither given"),  # a stranger
    ({"Cy": {"marks": 0}}, ["x"], "its Outcome.effects is not a list of Effects"),  # its types said first
])
def test_whose_change_it_is_is_asked_with_its_types_and_said_after_them(changes, effects, says):
    from types import SimpleNamespace

    from rolecli.contract import Action, Character
    from rolecli.outcomes import outcome_problem

    bo = Character("Bo", {"hp": 3}, {"marks": 1})
    info = SimpleNamespace(name="rogue", state_keys=frozenset({"marks"}), sheet_keys=frozenset({"hp"}))
    ctx = SimpleNamespace(characters={}, conflict=None, explain=False)
    result = Outcome(data={}, changes=changes, effects=effects)
    said = outcome_problem("rolecli_resolve", result, (Action("hit", {}, bo), ctx), info)
    assert said is None if says is None else said.startswith(says)


@pytest.mark.parametrize("effects, used, says", [
    ([], [], None),  # the usual result: empty lists, known at once
    ((), (), None),  # a tuple is a list here, empty or not
    ([], (1, 2), None),
    ({}, [], "its Outcome.effects is not a list of Effects"),  # empty, but not a list: refused all the same
    (None, [], "its Outcome.effects is not a list of Effects"),
    ("", [], "its Outcome.effects is not a list of Effects"),
    (set(), [], "its Outcome.effects is not a list of Effects"),
    ([], {}, "its Outcome.used is not a list of effect ids"),
    ([], 0, "its Outcome.used is not a list of effect ids"),
    ([], [True], "its Outcome.used is not a list of effect ids"),
    ([None], [], "its Outcome.effects is not a list of Effects"),
])
def test_empty_effects_and_used_pass_only_as_lists(effects, used, says):
    """An empty list of effects or of used ids is known at once; anything
    else empty (a dict, None, a text) is still refused as before."""
    from types import SimpleNamespace

    from rolecli.contract import Action
    from rolecli.outcomes import outcome_problem

    ctx = SimpleNamespace(characters={}, conflict=None, explain=False)
    result = Outcome(data={}, effects=effects, used=used)
    assert outcome_problem("rolecli_resolve", result, (Action("hit", {}), ctx), None) == says


def test_a_state_key_not_a_text_is_refused_without_being_looked_up():
    """A state's fields are walked by key: a key that is not a text (here one
    whose hash changes at every asking, which no look-up would find again)
    is refused as not JSON, before its value is looked up."""
    from types import SimpleNamespace

    from rolecli.contract import Action
    from rolecli.outcomes import outcome_problem

    class Shifty:
        hashes = 0

        def __hash__(self):
            Shifty.hashes += 1
            return Shifty.hashes

    ctx = SimpleNamespace(characters={}, conflict=None, explain=True)  # (written: its values walked)
    result = Outcome(data={}, changes={"Bo": {"marks": 1, Shifty(): 2}})
    said = outcome_problem("rolecli_resolve", result, (Action("hit", {}), ctx), None)
    assert said.startswith("its Outcome.changes cannot be written as JSON")


@pytest.mark.parametrize("data, explain, says", [
    ({"order": ["Ana", "Bo"], "turns": ["Bo", "Ana", "Bo"]}, False, None),
    ({"order": ["Ana", 5], "turns": ["Bo", "Ana"]}, False, None),  # a trial reads the turns alone
    ({"order": ["Ana", 5], "turns": ["Bo", "Ana"]}, True, "its Outcome.data['order'] is not a list of characters' names"),
    ({"order": 5, "turns": ["Bo", "Ana"]}, False, "its Outcome.data['order'] is not a list of characters' names"),
    ({"order": ["Ana", 5]}, False, "its Outcome.data['order'] is not a list of characters' names"),  # no turns: read
    ({"order": ["Ana", 5], "turns": []}, False, "its Outcome.data['order'] is not a list of characters' names"),
    ({"order": ["Ana"], "turns": ["Ana", None]}, False, "its Outcome.data['turns'] is not a list of characters' names"),
    ({"order": ["Ana"], "turns": "Ana"}, False, "its Outcome.data['turns'] is not a list of characters' names"),
])
def test_an_initiatives_names_are_asked_where_they_are_read(data, explain, says):
    """An initiative's turns, and its order where the turns are read from it,
    must be lists of names; in a trial (nothing written), the order beside
    given turns, which only the log's summary reads, is asked only to be a list."""
    from types import SimpleNamespace

    from rolecli.contract import Action
    from rolecli.outcomes import outcome_problem

    ctx = SimpleNamespace(characters={}, conflict=None, explain=explain)
    result = Outcome(data=data)
    assert outcome_problem("rolecli_initiative", result, ([], Action("initiative", {}), ctx), None) == says


def test_a_hooks_checker_made_once_answers_as_the_check_of_each_result():
    """The check a prepared hook makes once (:func:`rolecli.outcomes.checker`)
    lets ``None`` pass (no plugin answered: the caller says so), refuses what is
    no Outcome, and asks of an Outcome what :func:`~rolecli.outcomes.problem` asks."""
    from rolecli.contract import Action, Character
    from rolecli.outcomes import checker, problem
    from rolecli.testing import context

    bo = Character("Bo", {}, {"marks": 0})
    ctx = context(Rogue().info, characters=[bo], explain=False)
    arguments = (Action("hit", {}, None, bo), ctx)
    check = checker("rolecli_resolve", Rogue().info, len(arguments))
    assert check(None, arguments) is None
    assert check("x", arguments) == "it returned str, not an Outcome"
    for changes in ({"Bo": {"marks": 1}}, {"Bo": {"hp": 1}}, {"Cy": {"marks": 1}}, {"Bo": [1]}):
        result = Outcome(data={}, changes=changes)
        assert check(result, arguments) == problem("rolecli_resolve", result, arguments, Rogue().info)
    assert check(Outcome(data={}, changes={"Bo": {"hp": 1}}), arguments).startswith("it returned state key(s) 'hp'")
