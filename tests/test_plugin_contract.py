"""The contract's traps, closed (issue 13): a recovery verb gets its event from
the system's events, a verb named like a core command, state keys the template
does not declare, choices in --help and in the shell, odds on a campaign's
characters, the core's own rule key `house`."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from rolecli import hookimpl
from rolecli.contract import (CONTRACT_VERSION, ActionSpec, Field, Label, Outcome, Param, RuleOption,
                              SystemInfo)
from rolecli.plugins import Plugins
from rolecli.testing import campaign, plugins, run

L = Label


class Track:
    """A small system: a track of marks, recovery on the events of SystemInfo.events
    (its recover verb declares no event), one verb that writes a state key of its own."""

    ROLECLI_CONTRACT = CONTRACT_VERSION

    def __init__(self, info: SystemInfo | None = None):
        self.events_seen = []
        self.info = info or SystemInfo(
            name="track", names=L("pista", "track"),
            template=(Field("marks", "int", L("marcas", "marks"), default=0, minimum=0, maximum=9, state=True),),
            events=SystemInfo.events + (("downtime", L("tiempo libre", "downtime")),),
            actions=(ActionSpec("mark", "damage", L("marca", "mark"),
                                (Param("key", "str", L("clave", "key"), default="marks"),
                                 Param("how", "choice", L("cómo", "how"), default="soft", choices=("soft", "hard")))),
                     ActionSpec("recover", "recover", L("recupera", "recover"))))

    @hookimpl
    def rolecli_system(self):
        return self.info

    @hookimpl
    def rolecli_apply_damage(self, character, action, ctx):
        key = action.params["key"]
        return Outcome(data={}, lines=[f"{key} marked"],
                       changes={character.name: {**character.state, key: character.state.get(key, 0) + 1}})

    @hookimpl
    def rolecli_recover(self, character, event, action, ctx):
        self.events_seen.append(event)
        return Outcome(data={"event": event}, lines=[f"{character.name} recovers on {event}"],
                       changes={character.name: {**character.state, "marks": 0}} if event == "downtime" else {})


CAMPAIGN = {"system": "track", "characters": {"Ana": {}, "Bo": {}}}


@pytest.fixture
def track(monkeypatch):
    monkeypatch.setenv("ROLECLI_LANG", "en")
    system = Track()
    with plugins(system):
        yield system


def _state(folder):
    return (folder / "state.toml").read_text(encoding="utf-8") if (folder / "state.toml").exists() else ""


# --- a recovery verb's event ---------------------------------------------------


def test_a_recover_verb_without_an_event_parameter_gets_the_systems_events(track):
    with campaign(CAMPAIGN) as folder:
        assert run("mark", "Ana").code == 0 and run("mark", "Ana").code == 0
        result = run("recover", "downtime", "Ana", "--json")
        assert result.code == 0, result.err
        assert "marks = 0" in _state(folder)
        quick = run("track", "recover", "end_of_scene")
    assert quick.code == 0, quick.err
    assert track.events_seen == ["downtime", "end_of_scene"]  # never None, never a character's name


def test_the_event_is_a_choice_of_the_declared_events(track):
    with campaign(CAMPAIGN):
        wrong = run("recover", "Ana")
        helped = run("recover", "--help")
    assert wrong.code == 2 and wrong.err.count("\n") == 1
    assert "not one of: end_of_scene, start_of_session, rest, downtime" in wrong.err
    assert "[end_of_scene|start_of_session|rest|downtime]" in " ".join(helped.out.split())


def test_a_recover_verb_that_declares_its_event_keeps_it():
    own = Param("event", "choice", L("", ""), required=True, positional=True, choices=("rest",))
    loaded = Plugins()
    assert loaded.register(Track(SystemInfo(name="own", names=L("o", "o"),
                                            actions=(ActionSpec("recover", "recover", L("", ""), (own,)),))), "own")
    assert loaded.system("own").info.action("recover").params == (own,)


# --- verbs named like core commands --------------------------------------------


@pytest.mark.parametrize("verb, actor, kept", [("plugins", "required", False), ("odds", "optional", False),
                                               ("roll", "none", True)])
def test_a_verb_named_like_a_core_command_needs_no_actor(capsys, verb, actor, kept):
    system = Track(SystemInfo(name="clash", names=L("c", "c"), actions=(ActionSpec(verb, "damage", L("", ""),
                                                                                   actor=actor),)))
    assert Plugins().register(system, "clash") is kept
    err = capsys.readouterr().err
    assert kept or f"declares verb {verb!r} with an actor, but {verb!r} is a core command; rename the verb" in err


def test_an_actorless_verb_named_like_a_core_command_is_reached_through_its_system(cli):
    assert cli("dice", "roll", "2d6", "--dice", "3,4").out.startswith("2d6 [3, 4] = 7")
    assert cli("-C", "demo", "roll", "2d6", "--dice", "3,4").out.startswith("2d6 [3, 4] = 7")  # the core's roll


# --- state keys the template does not declare ---------------------------------


def test_an_undeclared_state_key_is_the_plugins_failure_and_nothing_is_written(track):
    with campaign(CAMPAIGN) as folder:
        before = _state(folder)
        result = run("mark", "Ana", "--key", "bogus")
        log = run("log", "--json")
        assert _state(folder) == before
    assert result.code == 4 and result.out == ""
    assert result.err.splitlines() == [
        "rolecli: plugin 'Track' failed in rolecli_apply_damage: ValueError: it returned state key(s) 'bogus' for "
        "Ana, which the template of system 'track' does not declare as state; nothing was written (a bug in that plugin: "
        "report it to its authors; ROLECLI_DEBUG=1 shows the traceback)"]
    assert log.out == ""


def test_an_undeclared_key_the_state_already_holds_is_kept(track):
    """A key written by an older version of a plugin must not lock the character out."""
    with campaign(CAMPAIGN) as folder:
        (folder / "state.toml").write_text("[characters.Ana]\nlegacy = 3\n", encoding="utf-8")
        result = run("mark", "Ana")
        assert result.code == 0, result.err
        assert "legacy = 3" in _state(folder) and "marks = 1" in _state(folder)


def test_the_quick_form_refuses_an_undeclared_key_too(track):
    result = run("track", "mark", "--key", "typo")
    assert result.code == 4 and "state key(s) 'typo'" in result.err


# --- choices --------------------------------------------------------------------


def test_choices_show_as_the_metavar_in_help(track, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    shown = " ".join(run("track", "mark", "--help").out.split())
    assert "--how [soft|hard]" in shown
    assert run("track", "mark", "--how", "HARD").code == 0  # matched without regard to case


def _complete(words: str) -> list[str]:
    env = {**os.environ, "_ROLECLI_COMPLETE": "complete_bash", "COMP_WORDS": words,
           "COMP_CWORD": str(len(words.split()) - (0 if words.endswith(" ") else 1))}
    done = subprocess.run([sys.executable, "-m", "rolecli"], env=env, capture_output=True, text=True, timeout=60)
    return done.stdout.split()


@pytest.mark.slow  # two shell-completion processes; test_a_list_of_choices_completes_its_last_item stays quick
def test_choices_are_completed_in_the_shell(campaigns):
    assert _complete("rolecli dice recover s") == ["start_of_session"]
    assert _complete("rolecli -C demo recover e") == ["end_of_scene"]


def test_a_list_of_choices_completes_its_last_item():
    from rolecli.commands.verbs import _complete_choices

    param = Param("helpers", "list", L("", ""), choices=("good", "ordinary", "amazing"))
    assert _complete_choices(param)("good,o") == ["good,ordinary"]


# --- odds on a campaign's characters ------------------------------------------


def test_odds_of_a_verb_on_the_current_campaigns_character(cli):
    quick = cli("odds", "fate", "check", "3", "--difficulty", "2", "--json")
    on_lucia = cli("-C", "caminantes", "odds", "check", "Lucía", "Alerta", "--difficulty", "2", "--json")
    assert on_lucia.code == 0, on_lucia.err
    assert on_lucia.json["outcomes"] == quick.json["outcomes"]  # Lucía's Alerta is Good (+3)
    shown = cli("-C", "caminantes", "odds", "check", "Lucía", "Alerta", "--difficulty", "2")
    assert shown.out.splitlines()[0].startswith("Caminantes (Fate style): check Lucía skill=Alerta")


@pytest.mark.parametrize("args, said", [
    (["odds", "check"], "Missing argument 'CHARACTER'. See 'rolecli odds check --help'."),
    (["odds", "check", "Nadie", "3"], "campaign 'caminantes' has no character 'Nadie'"),
    (["odds", "chek", "Lucía"], "'chek' is neither a rule system nor a verb with odds of the current campaign's "
                                "system 'fate' (verbs with odds: check, contest, attack)"),
])
def test_odds_on_a_campaign_refuse_in_one_line(cli, args, said):
    result = cli("-C", "caminantes", *args)
    assert result.code == 2 and result.err.count("\n") == 1 and said in result.err


def test_odds_of_the_dice_system_by_name(cli):
    """`dice` starts with a d, yet it is a system, not an expression like d20."""
    result = cli("odds", "dice", "check", "1d20", "--target", "11", "--json")
    assert result.json["outcomes"]["success"]["p"] == "1/2"
    assert cli("odds", "d20", "--json").code == 0


# --- the core's rule key -------------------------------------------------------


def test_a_system_may_not_declare_the_house_rule_option(capsys):
    system = Track(SystemInfo(name="housed", names=L("h", "h"), options=(RuleOption("house", "x", L("", "")),)))
    assert Plugins().register(system, "housed") is False
    assert "declares rule option 'house', which the core reserves" in capsys.readouterr().err


def test_what_is_worked_out_once_per_sheet_is_bounded_for_each_sheet(monkeypatch):
    """A system may key what it works out by the state too (a status once per
    state met): a long simulation meets ever more states, so one sheet's answers
    are dropped when there are too many, and worked out again when asked."""
    from rolecli import contract

    monkeypatch.setattr(contract, "_WORKED_PER_SHEET", 8)
    sheet, asked = {"hp": 3}, []
    for state in range(20):
        assert contract.worked_out(sheet, ("status", state), lambda s=state: asked.append(s) or s * 2) == state * 2
    assert len(contract._WORKED[id(sheet)][1]) <= 8
    assert contract.worked_out(sheet, ("status", 19), lambda: asked.append("again")) == 38  # still kept
    contract.worked_out(sheet, ("status", 0), lambda: asked.append("again"))  # dropped: worked out anew
    assert asked == list(range(20)) + ["again"]


def test_a_key_that_cannot_be_hashed_is_worked_out_at_every_call_and_not_kept():
    from rolecli import contract

    sheet, asked = {"hp": 3}, []
    for _ in range(2):
        assert contract.worked_out(sheet, ("side", ["a list typed"]), lambda: asked.append(1) or 7) == 7
    assert asked == [1, 1]
    assert contract._WORKED[id(sheet)][1] == {}  # nothing kept for it


def test_what_is_worked_out_is_kept_for_a_bounded_number_of_sheets(monkeypatch):
    """A long simulation may meet sheet after sheet (a test, a tool reading many
    campaigns): the sheets kept are dropped when there are too many, and one
    dropped is worked out anew when asked again."""
    from rolecli import contract

    monkeypatch.setattr(contract, "_WORKED", {})
    monkeypatch.setattr(contract, "_WORKED_LIMIT", 4)
    sheets, asked = [{"hp": n} for n in range(10)], []
    for sheet in sheets:
        assert contract.worked_out(sheet, "hp", lambda s=sheet: asked.append(s["hp"]) or s["hp"]) == sheet["hp"]
    assert len(contract._WORKED) <= 4
    assert contract.worked_out(sheets[0], "hp", lambda: asked.append("again") or 0) == 0
    assert asked == list(range(10)) + ["again"]


def test_what_is_worked_out_is_given_its_arguments_once_and_kept_by_the_sheet():
    """``worked_out(sheet, key, work, *args)`` calls ``work(*args)`` the first
    time only (a verb hands its function the arguments rather than a closure);
    a sheet of its own, though equal, is worked out anew."""
    from rolecli import contract

    calls = []

    def rated(sheet, name, bonus):
        calls.append(name)
        return sheet[name] + bonus

    sheet = {"Fuerza": 3}
    assert contract.worked_out(sheet, ("rated", "Fuerza"), rated, sheet, "Fuerza", 2) == 5
    assert contract.worked_out(sheet, ("rated", "Fuerza"), rated, sheet, "Fuerza", 9) == 5  # kept: not called
    other = {"Fuerza": 3}
    assert contract.worked_out(other, ("rated", "Fuerza"), rated, other, "Fuerza", 1) == 4
    assert calls == ["Fuerza", "Fuerza"]


def test_a_sheet_dropped_from_what_is_worked_out_leaves_nothing_to_a_sheet_that_takes_its_id(monkeypatch):
    """The memo holds each sheet it keeps, so no other sheet can have its id
    while it does; once dropped (too many sheets), a new sheet, whatever id it
    gets, is worked out anew."""
    from rolecli import contract

    monkeypatch.setattr(contract, "_WORKED", {})
    monkeypatch.setattr(contract, "_WORKED_LIMIT", 1)
    for hp in range(50):  # each new sheet drops the last, which is freed: ids come round again
        sheet = {"hp": hp}
        assert contract.worked_out(sheet, "hp", dict.__getitem__, sheet, "hp") == hp
        del sheet


def test_an_outcome_is_built_as_the_dataclass_declares_it():
    """Outcome's __init__ is written out (cheaper than the generated one) but
    builds what the generated one would: the same parameters and defaults, a
    new list or dict of its own for each field left out, every field set
    positionally or by keyword."""
    import dataclasses
    import inspect

    generated = dataclasses.make_dataclass("Outcome", [(f.name, f.type, f) for f in dataclasses.fields(Outcome)])
    shown = [str(p) for p in inspect.signature(Outcome).parameters.values()]  # (a default left to a factory: <factory>)
    assert shown == [str(p) for p in inspect.signature(generated).parameters.values()]
    assert [(f.name, f.default, f.default_factory) for f in dataclasses.fields(Outcome)] == [
        ("data", dataclasses.MISSING, dataclasses.MISSING), ("lines", dataclasses.MISSING, list),
        ("success", None, dataclasses.MISSING), ("changes", dataclasses.MISSING, dict),
        ("effects", dataclasses.MISSING, list), ("used", dataclasses.MISSING, list)]
    one, two = Outcome({"a": 1}), Outcome({"a": 1})
    assert one == two and repr(one) == repr(generated({"a": 1}))
    assert repr(one) == "Outcome(data={'a': 1}, lines=[], success=None, changes={}, effects=[], used=[])"
    one.lines.append("x"), one.changes.setdefault("Ana", {}), one.effects.append(1), one.used.append(2)
    assert two == Outcome({"a": 1}, [], None, {}, [], [])  # nothing shared with another Outcome
    given = ({"b": 2}, ["l"], True, {"Ana": {"hp": 1}}, [], [3])
    assert Outcome(*given) == Outcome(**dict(zip(("data", "lines", "success", "changes", "effects", "used"), given)))
    assert dataclasses.astuple(Outcome(*given)) == given
    assert dataclasses.replace(Outcome(*given), success=False).success is False
    with pytest.raises(TypeError):
        Outcome()
    with pytest.raises(TypeError):
        Outcome({}, nothing=1)


@pytest.mark.parametrize("name, value, low, high, unit, es, en", [
    ("--bonus", 7, 0, 5, "", None, "--bonus = 7 is out of range 0..5."),
    (Label("altura", "height"), -2.5, 0, None, "m", "altura = -2.5 m está fuera del rango 0...",
     "height = -2.5 m is out of range 0..."),
    (Label("FUE", "STR"), 26.0, 1, 25, "", "FUE = 26 está fuera del rango 1..25.", "STR = 26 is out of range 1..25."),
])
def test_check_range_names_the_range_in_each_language_a_label_gives(name, value, low, high, unit, es, en):
    """A plugin names a value with a Label to be refused in the player's language; a
    flag or a key as typed is the same in both (the core's catalog says the rest)."""
    from rolecli.contract import Refused, check_range

    check_range(name, low, low, high, unit)  # the bounds themselves are in range
    with pytest.raises(Refused) as caught:
        check_range(name, value, low, high, unit)
    assert str(caught.value) == en
    if es is not None:
        assert caught.value.text("es") == es
