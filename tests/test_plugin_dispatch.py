"""A verb declared once: ``ActionSpec(run=..., odds=...)`` names the function
that plays it, and the core answers the verb's hook for the plugin, through
pluggy (house rules wrap it), with every parameter and rule option filled in."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rolecli import hookimpl
from rolecli.contract import (CONTRACT_VERSION, Action, ActionSpec, Label, Odds, Outcome, Param, RuleOption,
                              SystemInfo)
from rolecli.dispatch import Completed, Options, complete
from rolecli.plugins import Plugins
from rolecli.testing import context, hooks, plugins, run

L = Label
seen: list[tuple] = []


def check(action, ctx):
    """Plays ``check``: what it was given, for the tests to read."""
    seen.append(("check", dict(action.params), dict(ctx.options)))
    return Outcome(data={"total": action.params["bonus"] + ctx.dice.roll(6, "the die")},
                   lines=["checked"], success=True)


def hurt(character, action, ctx):
    seen.append(("hurt", character, action.params["points"]))
    return Outcome(data={}, lines=["hurt"])


def check_odds(action, ctx):
    return Odds({"success": Fraction(action.params["bonus"] + 1, 7)})


def broken(action, ctx):
    raise ZeroDivisionError("the plugin's own bug")


def meddle(action, ctx):
    """Changes the parameters it was given, as a verb may."""
    action.params["bonus"] = 99
    return Outcome(data={})


PARAMS = (Param("bonus", "int", L("", "the bonus"), default=2), Param("mode", "choice", L("", "the mode"),
                                                                       default="calm", choices=("calm", "wild")))
INFO = SystemInfo(
    name="declared", names=L("declarado", "declared"),
    options=(RuleOption("edge", 3, L("", "an option")),),
    actions=(ActionSpec("check", "resolve", L("", "a check"), PARAMS, odds=check_odds, run=check),
             ActionSpec("hurt", "damage", L("", "damage"), (Param("points", "int", L("", "points"), default=1),),
                        actor="required", run=f"{__name__}:hurt"),
             ActionSpec("broken", "resolve", L("", "raises"), run=broken),
             ActionSpec("jsonish", "resolve", L("", "raises outside the plugin"), run="json:loads"),
             ActionSpec("own", "resolve", L("", "the plugin's own hook")),
             ActionSpec("meddle", "resolve", L("", "changes its parameters"), PARAMS, run=meddle)))


class Declared:
    """A system whose verbs name their functions; one verb (``own``) it plays itself."""

    ROLECLI_CONTRACT = CONTRACT_VERSION

    @hookimpl
    def rolecli_system(self):
        return INFO

    @hookimpl
    def rolecli_resolve(self, action, ctx):
        return Outcome(data={"own": action.name}, lines=["own"]) if action.name == "own" else None


class Doubling:
    """House rules wrapping every resolve: doubles a total."""

    ROLECLI_CONTRACT = CONTRACT_VERSION

    @hookimpl(wrapper=True)
    def rolecli_resolve(self, action, ctx):
        outcome = yield
        if "total" in outcome.data:
            outcome.data["total"] *= 2
        return outcome


@pytest.fixture(autouse=True)
def _clear():
    seen.clear()


def test_the_function_a_verb_names_plays_it_with_every_parameter_and_option_filled_in():
    with plugins(Declared()):
        result = run("declared", "check", "--dice", "4", "--json")
    assert result.code == 0, result.err
    assert result.json["total"] == 2 + 4
    name, params, options = seen[0]
    assert params == {"bonus": 2, "mode": "calm"} and options == {"edge": 3}


def test_a_direct_call_gets_them_filled_in_too():
    relay = hooks(Declared())
    outcome = relay.rolecli_resolve(action=Action("check", {"mode": "wild"}), ctx=context(dice=[5]))
    assert outcome.data == {"total": 7}
    assert seen[0][1:] == ({"bonus": 2, "mode": "wild"}, {"edge": 3})
    assert relay.rolecli_odds(action=Action("check", {}), ctx=context()).outcomes == {"success": Fraction(3, 7)}


def test_a_verb_without_a_function_reaches_the_plugins_own_hook():
    outcome = hooks(Declared()).rolecli_resolve(action=Action("own", {}), ctx=context())
    assert outcome.data == {"own": "own"}


def test_each_verb_reaches_its_own_function_through_its_own_hook_only_call_after_call():
    relay, ana = hooks(Declared()), object()
    for _ in range(2):  # the second time, from the functions looked up the first
        assert relay.rolecli_resolve(action=Action("check", {}), ctx=context(dice=[1])).data == {"total": 3}
        assert relay.rolecli_resolve(action=Action("own", {}), ctx=context()).data == {"own": "own"}
        assert relay.rolecli_apply_damage(character=ana, action=Action("check", {}), ctx=context()) is None
        assert relay.rolecli_resolve(action=Action("hurt", {}), ctx=context()) is None
    assert [s[0] for s in seen] == ["check", "check"]


def test_a_module_function_named_by_text_is_imported_when_first_played():
    relay = hooks(Declared())
    character = object()
    relay.rolecli_apply_damage(character=character, action=Action("hurt", {"points": 4}), ctx=context())
    assert seen == [("hurt", character, 4)]


def test_house_rules_wrap_a_declared_verb_as_any_hook():
    loaded = Plugins()
    loaded.register(Declared(), "declared")
    loaded.register(Doubling(), "doubling")
    outcome = loaded.system("declared").hooks.rolecli_resolve(action=Action("check", {"bonus": 1}),
                                                               ctx=context(INFO, dice=[6]))
    assert outcome.data["total"] == (1 + 6) * 2


class Watching:
    """House rules wrapping every resolve: what its parameters were once the verb played."""

    ROLECLI_CONTRACT = CONTRACT_VERSION

    @hookimpl(wrapper=True)
    def rolecli_resolve(self, action, ctx):
        outcome = yield
        seen.append(("after", dict(action.params)))
        return outcome


@pytest.mark.parametrize("given", [{"bonus": 1}, Completed({"bonus": 1, "mode": "calm"})])
def test_a_verb_changes_only_parameters_of_its_own(given):
    """Whether the caller gives some parameters or all of them, a call through
    the hook (as pluggy calls it: a house rule wraps it) gives the verb a copy
    of its own: its changes reach neither the caller nor the house rule."""
    loaded = Plugins()
    loaded.register(Declared(), "declared")
    loaded.register(Watching(), "watching")
    action = Action("meddle", given)
    loaded.system("declared").hooks.rolecli_resolve(action=action, ctx=context(INFO))
    assert action.params["bonus"] == 1 and seen == [("after", dict(given))]


def test_parameters_given_complete_are_not_completed_again():
    action = Action("check", Completed({"bonus": 1, "mode": "calm"}))
    assert complete(INFO, action, context(INFO))[0] is action
    completed = complete(INFO, Action("check", {"bonus": 1}), context(INFO))[0]
    assert type(completed.params) is Completed and completed.params == {"bonus": 1, "mode": "calm"}


def test_options_completed_once_are_taken_as_they_are():
    """A conflict completes its rule options once (a campaign's house rules
    among them), not at every hook it calls."""
    ctx = context(INFO)
    ctx.options = Options({"edge": 3, "house": ["loaded"]})
    assert complete(INFO, Action("check", {}), ctx)[1] is ctx
    ctx.options = {"house": ["loaded"]}
    assert complete(INFO, Action("check", {}), ctx)[1].options == {"edge": 3, "house": ["loaded"]}


class Own:
    """A plugin declaring no system that answers ``own`` too, registered after the system."""

    ROLECLI_CONTRACT = CONTRACT_VERSION

    @hookimpl
    def rolecli_resolve(self, action, ctx):
        return Outcome(data={"also": action.name}, lines=["also"]) if action.name == "own" else None


@pytest.mark.parametrize("verb", ["check", "own", "nobody's"])
def test_a_hook_no_one_wraps_answers_as_pluggys_call(verb):
    """Without wrappers the guard calls the implementations itself, as pluggy
    would: the last registered first, the first answer not None winning."""
    loaded = Plugins()
    loaded.register(Declared(), "declared")
    loaded.register(Own(), "own")
    hook = loaded.system("declared").hooks.rolecli_resolve
    answers = [call(action=Action(verb, {"bonus": 1, "mode": "calm"}), ctx=context(INFO, dice=[6]))
               for call in (hook, hook.caller)]  # the guard's plain call, then pluggy's machinery
    assert hook.plain and answers[0] == answers[1]
    assert answers[0] == {"check": Outcome(data={"total": 7}, lines=["checked"], success=True),
                          "own": Outcome(data={"also": "own"}, lines=["also"]), "nobody's": None}[verb]


def test_the_odds_function_answers_rolecli_odds():
    with plugins(Declared()):
        result = run("odds", "declared", "check", "--bonus", "4", "--json")
    assert result.code == 0, result.err
    assert result.json["outcomes"]["success"]["p"] == "5/7"


@pytest.mark.parametrize("verb", ["broken", "jsonish"])
def test_a_function_that_raises_is_the_plugins_failure_in_one_line(verb):
    with plugins(Declared()):
        result = run("declared", verb)
    assert result.code == 4
    lines = result.err.strip().splitlines()
    assert len(lines) == 1 and "Declared" in lines[0] and "Traceback" not in result.err


@pytest.mark.parametrize("ref", ["no_colon_here", "a b:c", 42])
def test_a_verb_naming_no_function_is_refused_at_load(capsys, ref):
    class Bad(Declared):
        @hookimpl
        def rolecli_system(self):
            return SystemInfo(name="bad", names=L("", "bad"),
                              actions=(ActionSpec("check", "resolve", L("", ""), run=ref),))

    assert Plugins().register(Bad(), "bad") is False
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "run=" in err[0] and "package.module:function" in err[0]


def test_a_function_that_cannot_be_imported_is_the_plugins_failure():
    class Missing(Declared):
        @hookimpl
        def rolecli_system(self):
            return SystemInfo(name="missing", names=L("", "missing"),
                              actions=(ActionSpec("check", "resolve", L("", ""),
                                                  run="rolecli_no_such_module.verbs:check"),))

    with plugins(Missing()):
        result = run("missing", "check")
    assert result.code == 4 and len(result.err.strip().splitlines()) == 1, result.err


def test_every_built_in_system_declares_each_verb_once():
    """No built-in system implements a per-verb hook itself: each verb names its function."""
    from rolecli.plugins import get_plugins

    for name, system in get_plugins().systems.items():
        for hook in ("rolecli_roll", "rolecli_resolve", "rolecli_apply_damage", "rolecli_recover",
                     "rolecli_initiative", "rolecli_odds"):
            assert getattr(getattr(system.plugin, hook, None), "rolecli_impl", None) is None, (name, hook)
        for spec in system.info.actions:
            assert spec.run is not None, (name, spec.name)
            assert not spec.odds or spec.odds is not True, (name, spec.name)


class Relayed(Declared):
    """A system all of whose verbs name their functions: its relay alone implements the verbs' hooks."""

    rolecli_resolve = None


def bad(action, ctx):
    return Outcome(data={"when": object()}, changes={"Nadie": {"x": 1}})


RELAYED = SystemInfo(name="relayed", names=L("", "relayed"), options=INFO.options,
                     actions=INFO.actions[:3] + (ActionSpec("jsonish", "resolve", L("", ""), run="json:loads"),
                                                 ActionSpec("bad", "resolve", L("", "a bad result"), run=bad),
                                                 INFO.action("meddle")))


def _relayed(*more):
    class System(Relayed):
        @hookimpl
        def rolecli_system(self):
            return RELAYED

    loaded = Plugins()
    loaded.register(System(), "relayed")
    for i, plugin in enumerate(more):
        loaded.register(plugin, f"more{i}")
    return loaded


def test_a_prepared_hook_calls_the_verbs_function_at_once_and_answers_as_the_hook(monkeypatch):
    """Where the system's relay alone implements the hook, a prepared call (a
    conflict's, an encounter's) goes straight to the verb's function: no pluggy
    call, no relay hook; what it gives is what the hook gives."""
    loaded = _relayed()
    hook = loaded.system("relayed").hooks.rolecli_resolve
    prepared = hook.prepared("check")
    assert prepared is hook.prepared("check")  # made once
    answer = hook(action=Action("check", {"bonus": 1}), ctx=context(RELAYED, dice=[6]))
    monkeypatch.setattr("rolecli.dispatch.Verbs.rolecli_resolve", lambda *a, **k: pytest.fail("the relay's hook"))
    assert prepared(Action("check", {"bonus": 1}), context(RELAYED, dice=[6])) == answer
    assert [s[1] for s in seen] == [{"bonus": 1, "mode": "calm"}] * 2
    damage = loaded.system("relayed").hooks.rolecli_apply_damage.prepared("hurt")
    ana = object()
    assert damage(ana, Action("hurt", {"points": 3}), context(RELAYED)) == Outcome(data={}, lines=["hurt"])
    assert seen[-1] == ("hurt", ana, 3)


def test_a_prepared_hook_is_guarded_and_checked_as_the_hook():
    from rolecli.plugins import PluginFailure

    hook = _relayed().system("relayed").hooks.rolecli_resolve
    for verb, said in (("broken", "ZeroDivisionError"), ("jsonish", "TypeError"), ("bad", "Outcome.data")):
        with pytest.raises(PluginFailure) as failed:
            hook.prepared(verb)(Action(verb, {}), context(RELAYED))
        assert failed.value.record.name == "relayed" and said in str(failed.value), verb


def test_a_prepared_hook_that_another_plugin_wraps_or_answers_goes_through_pluggy():
    """House rules wrap a prepared call, a plugin answering the hook too is
    asked, and one registered after the call was prepared counts from then on."""
    loaded = _relayed()
    hook = loaded.system("relayed").hooks.rolecli_resolve
    assert hook.prepared("check")(Action("check", {"bonus": 1}), context(RELAYED, dice=[6])).data["total"] == 7
    loaded.register(Doubling(), "doubling")
    doubled = loaded.system("relayed").hooks.rolecli_resolve
    assert doubled.prepared("check")(Action("check", {"bonus": 1}), context(RELAYED, dice=[6])).data["total"] == 14
    also = _relayed(Own()).system("relayed").hooks.rolecli_resolve
    assert also.prepared("own")(Action("own", {}), context(RELAYED)).data == {"also": "own"}


def test_a_prepared_call_hands_the_verb_the_parameters_made_for_it_without_a_copy():
    """The core's prepared calls (a conflict's, an encounter's) make each call's
    parameters anew, complete, and nothing wraps the hook: the verb has them as
    they are (no copy at every exchange); what it changes is that call's alone."""
    hook = _relayed().system("relayed").hooks.rolecli_resolve
    ctx = context(RELAYED)  # its rule options complete, as a conflict's
    given = {"bonus": 1, "mode": "calm"}  # complete, as the caller vouches: passed as they are
    hook.prepared("meddle", completing=False)(Action("meddle", given), ctx)
    assert given["bonus"] == 99  # the call's own parameters: no caller reads them again
    made = Completed({"bonus": 1, "mode": "calm"})  # completed already, by whoever made them
    hook.prepared("meddle")(Action("meddle", made), ctx)
    assert made["bonus"] == 99
    kept = {"bonus": 1}  # a caller's parameters not complete are completed into a table of the call's own
    hook.prepared("meddle")(Action("meddle", kept), ctx)
    assert kept == {"bonus": 1}


def test_an_encounter_makes_every_calls_parameters_anew(campaigns):
    from rolecli import campaign as store
    from rolecli.encounter.engine import Play
    from rolecli.encounter.file import EncounterFile
    from rolecli.plugins import system_info

    enc = EncounterFile(campaigns / "demo" / "encounter.toml").encounter(
        store.load_campaign(campaigns, "demo", system_info))
    play = Play(enc, seed=1)
    call = enc.participants["Ana"].behaviour.rules[0].main
    first, plan = play.params(call, "Ana", "Esqueleto", "héroes")
    first["target"] = 99  # as a verb may change what it is given
    again, same = play.params(call, "Ana", "Esqueleto", "héroes")
    assert again is not first and again["target"] == 12 and same == plan


def test_a_call_has_the_parameters_and_options_completed_whoever_answers_the_hook():
    """``play.call`` leaves it to the prepared hook to complete a call's
    parameters and rule options, the one place every call passes: a system's
    own implementation of the hook gets them complete, as a verb's function
    does, whether it is called at once, beside the relay or wrapped by house rules."""
    from dataclasses import replace

    from rolecli.contract import Context
    from rolecli.dice.source import DiceSource
    from rolecli.play import call

    got = []
    mine = ActionSpec("mine", "resolve", L("", "the plugin's own, with parameters"), PARAMS)

    class Mine:
        ROLECLI_CONTRACT = CONTRACT_VERSION

        def __init__(self, info):
            self.info = info

        @hookimpl
        def rolecli_system(self):
            return self.info

        @hookimpl
        def rolecli_resolve(self, action, ctx):
            got.append((type(action.params), dict(action.params), dict(ctx.options)))
            return Outcome(data={}, lines=["mine"])

    alone = replace(INFO, name="alone", actions=(mine,))  # no verb names a function: no relay
    beside = replace(INFO, actions=INFO.actions + (mine,))
    for info, more in ((alone, ()), (beside, ()), (beside, (Doubling(),))):
        loaded = Plugins()
        loaded.register(Mine(info), "mine")
        for i, plugin in enumerate(more):
            loaded.register(plugin, f"more{i}")
        ctx = Context("en", DiceSource(1), {}, {})
        call(loaded.system(info.name), mine, Action("mine", {"bonus": 5}), ctx, [])
    assert got == [(Completed, {"bonus": 5, "mode": "calm"}, {"edge": 3})] * 3


def test_a_conflicts_calls_hand_the_verbs_plain_dicts_complete_and_their_own():
    """A conflict's calls are complete by construction and its prepared hooks
    take them as they are: the verb reads plain dicts (a subclass's every
    ``[key]`` costs half again as much), every parameter and rule option
    there, the defaults of its initiative's too; what a verb changes reaches
    no later call."""
    from dataclasses import replace

    from rolecli.contract import Character
    from rolecli.dice.source import DiceSource
    from rolecli.tracker import Tracker

    got = []

    def look(action, ctx):
        got.append((action.name, type(action.params), dict(action.params), type(ctx.options), dict(ctx.options)))
        action.params["bonus"] = 99  # as a verb may: the next call's parameters are made anew
        return Outcome(data={"order": ["Ana"]} if action.name == "order" else {})

    def order(characters, action, ctx):
        return look(action, ctx)

    info = replace(RELAYED, actions=RELAYED.actions + (
        ActionSpec("look", "resolve", L("", "looks at what it was given"), PARAMS, run=look),
        ActionSpec("order", "initiative", L("", "an order"), PARAMS, run=order)))

    class Looking(Relayed):
        @hookimpl
        def rolecli_system(self):
            return info

    loaded = Plugins()
    loaded.register(Looking(), "looking")
    tracker = Tracker(loaded.system("relayed"), {"Ana": Character("Ana", {}, {})}, {}, "en", DiceSource(1))
    tracker.begin(["Ana"])
    params = {"bonus": 1, "mode": "calm"}
    for _ in range(2):
        tracker.hook(info.action("look"), Action("look", dict(params)), [])  # each call a dict of its own
    assert got == [("order", dict, {"bonus": 2, "mode": "calm"}, dict, {"edge": 3})] + [
        ("look", dict, {"bonus": 1, "mode": "calm"}, dict, {"edge": 3})] * 2


def test_options_with_house_rules_are_marked_complete_where_their_keys_cannot_say_it():
    from rolecli.dispatch import completed_options

    plain = completed_options(INFO, {"edge": None})
    assert type(plain) is dict and plain == {"edge": 3}
    ctx = context(INFO)
    ctx.options = completed_options(INFO, {"house": ["loaded"]})
    assert type(ctx.options) is Options and complete(INFO, Action("check", {}), ctx)[1] is ctx
