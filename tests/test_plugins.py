"""Plugin loading: entry points, broken plugins, contract versions, isolation."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from rolecli import hookimpl
from rolecli.contract import CONTRACT_VERSION, Action, ActionSpec, Context, Field, Label, Outcome, SystemInfo
from rolecli.dice.source import DiceSource
from rolecli.plugins import Plugins
from rolecli_testing import fake_distribution


@pytest.fixture
def broken_env(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    fake_distribution(site, "broken_plugin", "raise ImportError('this plugin is broken on purpose')\n")
    return {"PYTHONPATH": str(site)}


def test_builtin_systems_come_from_the_entry_point_group():
    from importlib.metadata import entry_points

    names = {ep.name for ep in entry_points(group="rolecli")}
    assert "dice" in names
    plugins = Plugins()
    plugins.load_entry_points()
    assert "dice" in plugins.systems


def test_a_plugin_that_raises_on_import_costs_one_warning_line(run_process, broken_env):
    result = run_process("systems", env=broken_env)
    assert result.code == 0
    warnings = [line for line in result.err.splitlines() if line]
    assert len(warnings) == 1
    assert "broken_plugin" in warnings[0] and "skipped" in warnings[0]
    assert "dice" in result.out


@pytest.mark.parametrize("args", [["--help"], ["--version"], ["roll", "2d6", "--seed", "1"],
                                  ["dice", "check", "1d20", "--target", "2", "--dice", "15"],
                                  ["odds", "2d6", "--json"]])
def test_every_other_command_works_beside_a_broken_plugin(run_process, broken_env, args):
    result = run_process(*args, env=broken_env)
    assert result.code == 0, result.err
    assert "Traceback" not in result.err
    assert result.out


def test_a_plugin_for_another_contract_version_is_refused(capsys):
    plugin = SimpleNamespace(ROLECLI_CONTRACT=CONTRACT_VERSION + 1)
    plugins = Plugins()
    assert plugins.register(plugin, "future") is False
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "future" in err[0] and f"contract {CONTRACT_VERSION + 1}" in err[0]


def test_a_plugin_without_a_contract_version_is_refused(capsys):
    assert Plugins().register(SimpleNamespace(), "old") is False
    assert "declares no ROLECLI_CONTRACT" in capsys.readouterr().err


class _System:
    """A minimal system plugin answering resolve with its own name."""

    ROLECLI_CONTRACT = CONTRACT_VERSION

    def __init__(self, name):
        self.name = name
        self.calls = 0

    @hookimpl
    def rolecli_system(self):
        return SystemInfo(name=self.name, names=Label(self.name, self.name),
                          actions=(ActionSpec("check", "resolve", Label("", "")),))

    @hookimpl
    def rolecli_resolve(self, action, ctx):
        self.calls += 1
        return Outcome(data={"by": self.name})


class _HouseRules:
    """A cross-cutting plugin (no system) wrapping every system's resolve."""

    ROLECLI_CONTRACT = CONTRACT_VERSION

    @hookimpl(wrapper=True)
    def rolecli_resolve(self, action, ctx):
        outcome = yield
        outcome.data["house"] = True
        return outcome


def _ctx():
    return Context("en", DiceSource(1), {})


def test_a_system_hook_reaches_only_that_system_and_wrappers():
    plugins = Plugins()
    one, two = _System("one"), _System("two")
    for plugin in (one, two, _HouseRules()):
        plugins.register(plugin, getattr(plugin, "name", "house"))
    result = plugins.system("two").hooks.rolecli_resolve(action=Action("check", {}), ctx=_ctx())
    assert result.data == {"by": "two", "house": True}
    assert (one.calls, two.calls) == (0, 1)


class _Overruling:
    """Always-on house rules (no system) that answer resolve themselves."""

    ROLECLI_CONTRACT = CONTRACT_VERSION

    @hookimpl
    def rolecli_resolve(self, action, ctx):
        return Outcome(data={"by": "house"})


def test_a_plugin_registered_after_a_hook_was_called_joins_its_calls():
    """The guard keeps the implementations it calls, until pluggy registers another."""
    plugins = Plugins()
    plugins.register(_System("one"), "one")
    resolve = plugins.system("one").hooks.rolecli_resolve
    assert resolve(action=Action("check", {}), ctx=_ctx()).data == {"by": "one"}
    plugins.register(_Overruling(), "house")
    assert "one" in plugins.systems  # (registers it with pluggy)
    assert resolve(action=Action("check", {}), ctx=_ctx()).data == {"by": "house"}


def test_two_plugins_declaring_one_system_keep_the_first(capsys):
    plugins = Plugins()
    plugins.register(_System("same"), "a")
    plugins.register(_System("same"), "b")
    assert list(plugins.systems) == ["same"]
    err = capsys.readouterr().err.splitlines()
    assert err == ["rolecli: warning: plugin 'b' is skipped: it declares system 'same', which plugin 'a' "
                   "already provides."]


def test_importing_the_cli_loads_no_plugin(run_process):
    import subprocess
    import sys

    code = ("import sys, rolecli.cli; "
            "print(any(m in sys.modules for m in ('rolecli_dice', 'importlib.metadata', 'pluggy', 'rich', 'icepool')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_unknown_system_is_one_line_exit_2(cli):
    result = cli("odds", "nosuch", "check")
    assert result.code == 2
    assert result.err.count("\n") == 1 and "unknown rule system 'nosuch'" in result.err


def test_every_verb_of_every_installed_system_builds_in_every_form():
    from rolecli.commands.verbs import build_command
    from rolecli.plugins import get_plugins

    for system in get_plugins().systems.values():
        for spec in system.info.actions:
            for mode in ("quick", "campaign") + (("odds",) if spec.odds else ()):
                assert build_command(system, spec, mode, "es") is not None


@pytest.mark.parametrize("param, message", [
    (dict(name="seed", kind="int"), "reserves"),
    (dict(name="take", kind="choice", choices=("yes", "no"), policy=True), "without a default policy"),
])
def test_a_verb_the_core_cannot_build_is_refused_in_one_line(param, message):
    from rolecli.commands.verbs import build_command
    from rolecli.contract import Param
    from rolecli.errors import RoleError

    spec = ActionSpec("check", "resolve", Label("", ""), (Param(help=Label("", ""), **param),))
    system = SimpleNamespace(info=SystemInfo(name="odd", names=Label("odd", "odd"), actions=(spec,)))
    with pytest.raises(RoleError, match=message):
        build_command(system, spec, "quick", "en")


@pytest.mark.parametrize("declared, message", [
    (dict(template=("hp",)), "system 'odd' has a template entry that is a str, not a Field"),
    (dict(template=(Field(["hp"], "int", Label(en="hp"), state=True),)), "has template key ['hp']; keys are names"),
    (dict(actions=("roll",)), "system 'odd' declares a verb that is a str, not an ActionSpec"),
])
def test_a_broken_declaration_gets_the_checkers_sentence_not_a_failure_as_it_is_made(declared, message):
    import re

    from rolecli.declarations import DeclarationError, check_system

    info = SystemInfo(name="odd", names=Label("odd", "odd"), **declared)  # what it works out is left unset
    with pytest.raises(DeclarationError, match=re.escape(message)):
        check_system(info)


def test_what_a_system_works_out_as_it_is_declared_follows_its_fields():
    import dataclasses

    from rolecli.contract import Param, RuleOption

    first, second = (ActionSpec("hit", "damage", Label(en=""), (Param("n", "int", Label(en=""), default=n),)) for n in (1, 2))
    info = SystemInfo(name="odd", names=Label("odd", "odd"), actions=(first, second),
                      template=(Field("hp", "int", Label(en="hp"), state=True), Field("str", "int", Label(en="str"))),
                      options=(RuleOption("edge", 1, Label(en="")),))
    assert (info.state_keys, info.sheet_keys, info.option_keys) == ({"hp"}, {"str"}, {"edge"})
    assert info.action("hit") is info.verb("damage") is first and info.params(Action("hit", {})) == {"n": 1}
    again = dataclasses.replace(info, template=(Field("mp", "int", Label(en="mp"), state=True),), actions=(second,))
    assert (again.state_keys, again.sheet_keys) == ({"mp"}, frozenset())
    assert again.action("hit") is again.verb("damage") is second and again.params(Action("hit", {})) == {"n": 2}
    assert again == dataclasses.replace(info, template=again.template, actions=again.actions)  # compared by what is given
