"""The conflict tracker plays its hooks as every verb is played (rolecli.play):
an effect a recovery or an initiative leaves is kept in the scene, as a verb's
is, instead of being lost; and the one merge of a returned state that verbs,
conflicts and encounters share keeps what the contract says it keeps."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rolecli import hookimpl
from rolecli.contract import CONTRACT_VERSION, ActionSpec, Character, Effect, Field, Label, Outcome, SystemInfo
from rolecli.testing import campaign, plugins, run

L = Label


class Dazing:
    """A round's end leaves a daze on each character; the initiative leaves a
    note on the first to act."""

    ROLECLI_CONTRACT = CONTRACT_VERSION

    info = SystemInfo(
        name="dazing", names=L("aturde", "dazing"),
        template=(Field("a", "int", L("a", "a"), default=0, minimum=0, maximum=999, state=True),),
        events=SystemInfo.events + (("end_of_round", L("fin de ronda", "end of round")),),
        actions=(ActionSpec("recover", "recover", L("recupera", "recover")),
                 ActionSpec("initiative", "initiative", L("iniciativa", "initiative"))))

    @hookimpl
    def rolecli_system(self):
        return self.info

    @hookimpl
    def rolecli_recover(self, character, event, action, ctx):
        effects = [Effect(on=character.name, text="dazed", key="daze")] if event == "end_of_round" else []
        return Outcome(data={}, lines=[f"{character.name}: {event}"], effects=effects)

    @hookimpl
    def rolecli_initiative(self, characters, action, ctx):
        names = [c.name for c in characters]
        return Outcome(data={"order": names}, lines=[", ".join(names)],
                       effects=[Effect(on=names[0], text="first", key="first", until="rounds", rounds=5)])


@pytest.fixture
def dazing(monkeypatch):
    monkeypatch.setenv("ROLECLI_LANG", "en")
    with plugins(Dazing()), campaign({"system": "dazing", "characters": {"Ana": {}, "Bo": {}}}) as folder:
        yield folder


def effects() -> list[tuple[str, str]]:
    listed = run("effect", "list", "--json").json
    listed = [listed] if isinstance(listed, dict) else listed or []
    return [(e["on"], e["key"]) for e in listed]


def test_an_initiatives_effect_is_kept(dazing):
    assert run("conflict", "start", "Ana", "Bo").code == 0
    assert effects() == [("Ana", "first")]


def test_a_rounds_end_leaves_its_effects_in_the_scene(dazing):
    assert run("conflict", "start", "Ana", "Bo").code == 0
    assert run("conflict", "next").code == 0
    result = run("conflict", "next", "--json")  # Bo's turn ends, and the round
    assert result.code == 0, result.err
    assert effects() == [("Ana", "first"), ("Ana", "daze"), ("Bo", "daze")]
    assert [e["key"] for e in result.json["effects"]] == ["first", "daze", "daze"]


def test_a_recovery_of_several_characters_keeps_each_ones_effects(dazing):
    result = run("recover", "end_of_round")
    assert result.code == 0, result.err
    assert effects() == [("Ana", "daze"), ("Bo", "daze")]


@pytest.mark.parametrize(("data", "turns", "each_round"), [
    ({"order": ["Ana", "Bo"]}, ["Ana", "Bo"], False),
    ({"order": ["Ana", "Bo"], "turns": ["Bo", "Ana", "Bo"], "each_round": True}, ["Bo", "Ana", "Bo"], True),
    ({"order": ["Ana", "Bo"], "turns": []}, ["Ana", "Bo"], False),
])
def test_the_tracker_reads_what_initiative_data_declares(data, turns, each_round):
    from rolecli.conflict import turns_of
    from rolecli.contract import InitiativeData

    assert turns_of(Outcome(data=data), {"Ana", "Bo"}, "dazing") == (turns, each_round)
    declared = InitiativeData.of(data)
    assert (list(declared.round_turns), declared.each_round) == (turns, each_round)
    assert InitiativeData.read(data) == (data.get("turns") or data["order"], each_round)  # as given: not copied


def test_the_contract_declares_the_trackers_events_and_keys():
    import dataclasses
    import typing

    from rolecli.contract import InitiativeData, TrackerEvent

    assert typing.get_args(TrackerEvent) == ("end_of_turn", "end_of_round")
    assert [f.name for f in dataclasses.fields(InitiativeData)] == ["order", "turns", "each_round"]
    reference = (Path(__file__).resolve().parent.parent / "docs" / "plugins.md").read_text(encoding="utf-8")
    assert "#### `InitiativeData`" in reference and "`TrackerEvent`" in reference


NAN = float("nan")  # equal to itself only as the same object, as a dict's items compare
KEYS = ("a", "b", "c")  # a test template's state fields; "x" stands for a key the template does not declare
values = st.one_of(st.none(), st.integers(-3, 3))


@settings(derandomize=True, max_examples=200, deadline=None)
@given(old=st.dictionaries(st.sampled_from(KEYS + ("x",)), st.integers(-3, 3)),
       new=st.dictionaries(st.sampled_from(KEYS + ("x",)), values))
def test_a_returned_state_is_merged_over_the_template_fields_it_leaves_out(old, new):
    from rolecli.play import apply_changes

    info = SystemInfo(name="merge", names=L("m", "m"),
                      template=tuple(Field(k, "int", L(k, k), state=True) for k in KEYS))
    ana = Character("Ana", {}, dict(old))
    moved = apply_changes(info, Outcome(data={}, changes={"Ana": dict(new)}), {"Ana": ana})
    kept = {k: v for k, v in old.items() if k in KEYS and k not in new}  # a state field left out keeps its value
    assert ana.state == {**kept, **{k: v for k, v in new.items() if v is not None}}  # None: dropped, as TOML has none
    assert moved == (["Ana"] if ana.state != old else [])
    if moved:  # in the template's order, whatever order the state was read in; new keys after
        order = dict.fromkeys([k for k in KEYS if k in old] + list(new))
        assert list(ana.state) == [k for k in order if k in ana.state]


@pytest.mark.parametrize("old, new, state, moved", [
    ({"a": 1, "b": 2, "c": 3}, {"b": 2}, {"a": 1, "b": 2, "c": 3}, False),  # a whole state, nothing moving
    ({"a": 1, "b": 2, "c": 3}, {"b": 5, "a": 1}, {"a": 1, "b": 5, "c": 3}, True),
    ({"a": 1, "b": 2, "c": 3}, {"c": None}, {"a": 1, "b": 2}, True),
    ({"c": 3, "a": 1, "b": 2}, {"b": 2}, {"c": 3, "a": 1, "b": 2}, False),  # unmoved: not even reordered
    ({"c": 3, "a": 1, "b": 2}, {"b": 4}, {"a": 1, "b": 4, "c": 3}, True),  # moved: in the template's order
    ({"a": 1, "x": 9}, {"a": 1}, {"a": 1}, True),  # a key the template does not declare goes
    ({"a": 1, "b": 2, "c": 3}, {"a": 1, "b": 2, "c": 3}, {"a": 1, "b": 2, "c": 3}, False),  # a whole state, unmoved
    ({"a": 1, "b": 2, "c": 3}, {"a": 1, "b": 4, "c": 3}, {"a": 1, "b": 4, "c": 3}, True),  # a whole state, moved
    ({"c": 3, "x": 9, "a": 1}, {"a": 1, "b": 2, "c": 3}, {"a": 1, "c": 3, "b": 2}, True),  # undeclared gone, new after
    ({"a": 1, "b": 2, "c": 3}, {"a": 1, "b": None, "c": 3}, {"a": 1, "c": 3}, True),  # a whole state with a None
    ({"a": 1, "c": 3}, {"c": 3}, {"a": 1, "c": 3}, False),  # some of the fields, in order, unmoved
    ({"a": 1, "c": 3}, {"b": 2}, {"a": 1, "c": 3, "b": 2}, True),  # some, in order: a field it lacked comes after
    ({"c": 3, "a": 1}, {"c": 4}, {"a": 1, "c": 4}, True),  # some, out of order: moved, put in order
    ({"a": NAN, "b": 2}, {"a": NAN}, {"a": NAN, "b": 2}, False),  # a value that is the state's own: unmoved
])
def test_a_change_that_moves_nothing_leaves_the_state_as_it_was(old, new, state, moved):
    from rolecli.play import apply_changes

    info = SystemInfo(name="merge", names=L("m", "m"),
                      template=tuple(Field(k, "int", L(k, k), state=True) for k in KEYS))
    ana = Character("Ana", {}, dict(old))
    before = ana.state
    said = apply_changes(info, Outcome(data={}, changes={"Ana": new}), {"Ana": ana})
    assert (said, ana.state, list(ana.state)) == (["Ana"] if moved else [], state, list(state))
    assert (ana.state is before) is (not moved)


@pytest.mark.parametrize("old, new, state, known", [
    ({"a": 1, "c": 3}, {"c": 4}, {"a": 1, "c": 4}, True),  # in order still: known so for the next change
    ({"a": 1, "c": 3}, {"b": None}, {"a": 1, "c": 3}, False),  # a field it lacked dropped: nothing moves
    ({"a": 1, "b": 2, "c": 3}, {"b": None}, {"a": 1, "c": 3}, False),  # a field dropped: not known in order
    ({"a": 1, "c": 3}, {"b": 2}, {"a": 1, "c": 3, "b": 2}, False),  # a field added, after: not in order
    ({"c": 3, "a": 1}, {"c": 4}, {"a": 1, "c": 4}, False),  # put in order: its keys checked at the next change
])
def test_a_state_is_known_in_order_only_as_it_was_made_from_one(old, new, state, known):
    """``ordered``: the state made last from one in the template's order, of
    its keys, is known in order; one that dropped or added a field, or was
    rebuilt in the template's order, is not, and nothing that moves nothing is."""
    from rolecli.play import apply_changes

    info = SystemInfo(name="merge", names=L("m", "m"),
                      template=tuple(Field(k, "int", L(k, k), state=True) for k in KEYS))
    ana = Character("Ana", {}, dict(old))
    before, ordered = ana.state, {}
    said = apply_changes(info, Outcome(data={}, changes={"Ana": new}), {"Ana": ana}, ordered=ordered)
    assert (said, ana.state, list(ana.state)) == ([] if ana.state is before else ["Ana"], state, list(state))
    assert ordered.get("Ana") is (ana.state if known else None)
