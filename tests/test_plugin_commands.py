"""Plugins that add commands (issue 22: the ``rolecli_commands`` hook): where
each command goes, that it runs, that a broken one costs one line, and that a
command line naming only core commands never asks for them."""

from __future__ import annotations

import json
import types

import pytest

from rolecli.testing import campaign, plugins, run

HEAD = "from rolecli import hookimpl\nfrom rolecli.contract import *\nROLECLI_CONTRACT = 3\n"

TOOLS = HEAD + '''
import typer

asked = []

@hookimpl
def rolecli_commands():
    asked.append(1)
    app = typer.Typer()

    @app.command()
    def hello(name: str = typer.Argument("table")) -> int:
        """Greet someone."""
        print(f"hello, {name}")
        return 0

    @app.command()
    def roll() -> None:
        """Named like a core command: only `rolecli tools roll`."""
        print("the tools' roll")

    @app.command()
    def check() -> None:
        """Named like a verb of an installed system: only `rolecli tools check`."""
        print("the tools' check")

    @app.command()
    def fail(how: str) -> int:
        """A command with a bug, or one that refuses."""
        if how == "refuse":
            raise Refused("no such thing; ask for another.")
        if how == "exit":
            raise typer.Exit(1)
        if how == "sys":
            import sys
            sys.exit(0)
        raise ZeroDivisionError("a bug")

    return app
'''

SYSTEM = HEAD + '''
import typer

@hookimpl
def rolecli_system():
    return SystemInfo(name="mine", names=Label(en="Mine"),
                      actions=(ActionSpec("roll", "roll", Label(en="Roll."), actor="none"),))

@hookimpl
def rolecli_commands():
    app = typer.Typer()

    @app.command()
    def sheet() -> None:
        """A tool of the system's own."""
        print("a blank sheet")

    @app.command("roll")
    def not_the_verb() -> None:
        print("never")

    return app
'''


def module(name: str, source: str) -> types.ModuleType:
    made = types.ModuleType(name)
    exec(compile(source, f"<{name}>", "exec"), made.__dict__)
    return made


@pytest.fixture
def tools():
    made = module("tools", TOOLS)
    with plugins(made):
        yield made


def test_a_plugins_command_runs_under_its_name_and_at_the_top_level(campaigns, tools):
    assert run("tools", "hello", "Ana").out == "hello, Ana\n"
    assert run("hello").out == "hello, table\n"
    assert run("tools", "roll").out == "the tools' roll\n"
    assert run("roll", "1d6", "--dice", "4").out.startswith("1d6 [4] = 4")  # the core's roll stays the core's
    assert run("tools", "check").out == "the tools' check\n"
    with campaign({"system": "dice", "characters": {"Ana": {"hp": 5}}}):
        checked = run("check", "Ana", "1d20", "-t", "5", "--dice", "7")  # the campaign's verb stays the verb
    assert checked.code == 0 and "the tools" not in checked.out


def test_a_systems_plugin_adds_its_commands_beside_its_verbs_and_its_verb_wins(campaigns):
    with plugins(module("mine_plugin", SYSTEM)):
        sheet = run("mine", "sheet")
        top = run("sheet")
        listed = {p["name"]: p for p in map(json.loads, run("plugins", "--json").out.splitlines())}
    assert (sheet.code, sheet.out) == (0, "a blank sheet\n") and top.out == "a blank sheet\n"
    assert "its command 'roll' is named like one of its verbs; that command is left out." in sheet.err
    assert sheet.err.count("\n") == 1
    assert listed["mine_plugin"]["commands"] == [{"name": "sheet", "command": "mine sheet", "top_level": True}]
    assert "rolecli_commands" in listed["mine_plugin"]["hooks"]


def test_rolecli_plugins_lists_the_commands_and_help_shows_them(campaigns, tools):
    listed = {p["name"]: p for p in map(json.loads, run("plugins", "--json").out.splitlines())}
    assert listed["tools"]["commands"] == [
        {"name": "hello", "command": "tools hello", "top_level": True},
        {"name": "roll", "command": "tools roll", "top_level": False},
        {"name": "check", "command": "tools check", "top_level": False},
        {"name": "fail", "command": "tools fail", "top_level": True}]
    assert listed["fate"]["commands"] == []
    text = run("plugins").out
    assert ("  commands: rolecli tools hello (or rolecli hello), rolecli tools roll, rolecli tools check, "
            "rolecli tools fail (or rolecli fail)\n") in text
    help_page = run("--help").out
    assert "tools" in help_page and "hello" in help_page


def test_a_command_line_of_core_commands_never_asks_for_the_plugins_commands(campaigns, tools):
    assert run("roll", "2d6", "--seed", "1").code == 0
    assert run("campaign", "list").code == 0
    assert tools.asked == []
    run("hello")
    run("tools", "hello")
    assert tools.asked == [1]  # once a process


@pytest.mark.parametrize("how, code, said", [
    ("refuse", 2, "rolecli: no such thing; ask for another.\n"),
    ("exit", 1, ""),
    ("bug", 4, "rolecli: plugin 'tools' failed in its command 'rolecli tools fail': ZeroDivisionError: a bug "
               "(a bug in that plugin: report it to its authors; ROLECLI_DEBUG=1 shows the traceback)\n"),
    ("sys", 4, "rolecli: plugin 'tools' failed in its command 'rolecli tools fail': SystemExit: 0 "
               "(a bug in that plugin: report it to its authors; ROLECLI_DEBUG=1 shows the traceback)\n"),
])
def test_a_commands_errors_are_contained_like_a_hooks(campaigns, tools, how, code, said):
    result = run("tools", "fail", how)
    assert (result.code, result.err) == (code, said)


def test_a_plugins_command_in_a_batch_and_after_a_failure_the_batch_goes_on(campaigns, tools):
    result = run("batch", "-k", "-", stdin="fail bug\nhello Bo\n")
    assert result.code == 2 and result.out == "hello, Bo\n"  # a batch with an error exits 2
    assert result.err.startswith("rolecli: line 1: plugin 'tools' failed")


BROKEN = {
    "raises": ("@hookimpl\ndef rolecli_commands():\n    raise RuntimeError('broken on purpose')\n",
               "its rolecli_commands hook raised RuntimeError: broken on purpose; its commands are left out."),
    "exits": ("@hookimpl\ndef rolecli_commands():\n    import sys; sys.exit(3)\n",
              "its rolecli_commands hook raised SystemExit: 3; its commands are left out."),
    "garbage": ("@hookimpl\ndef rolecli_commands():\n    return ['hello']\n",
                "its rolecli_commands hook returned list, not a typer.Typer or None; its commands are left out."),
    "unbuildable": ("import typer\n@hookimpl\ndef rolecli_commands():\n    app = typer.Typer()\n"
                    "    @app.command()\n    def bad(x: list[list[int]]):\n        pass\n    return app\n",
                    "typer cannot build its commands"),
    "bad name": ("import typer\n@hookimpl\ndef rolecli_commands():\n    app = typer.Typer()\n"
                 "    app.command('Bad Name')(lambda: None)\n    return app\n",
                 "its command 'Bad Name' is no command word (lower-case letters, digits, - and _); "
                 "that command is left out."),
    "taken name": ("import typer\n@hookimpl\ndef rolecli_commands():\n    app = typer.Typer()\n"
                   "    app.command('x')(lambda: None)\n    return app\n",
                   "its commands would be 'rolecli campaign ...', and 'campaign' is a command, a system or a verb "
                   "already; its commands are left out (rename its entry point)."),
}


@pytest.mark.parametrize("case", BROKEN)
def test_a_broken_plugin_costs_one_warning_line_and_the_cli_still_works(campaigns, tools, case):
    source, said = BROKEN[case]
    name = "campaign" if case == "taken name" else "broken"
    with plugins(tools, module(name, HEAD + source)):
        result = run("hello")
        assert (result.code, result.out) == (0, "hello, table\n")
        assert result.err.count("\n") == 1 and result.err.startswith(f"rolecli: warning: plugin '{name}': ")
        assert said in result.err
        assert run("--help").code == 0
        assert run("fate", "check", "2", "--seed", "1").code in (0, 1)


def test_the_scaffold_shows_a_command(campaigns, new_plugin):
    with plugins(new_plugin("blades")):
        chart = run("blades", "chart", "--difficulty", "7")
        top = run("chart", "-d", "7")
        refused = run("blades", "chart", "--difficulty", "99")
    assert chart.code == 0 and chart.out.splitlines()[:2] == ["skill 0: 58%", "skill 1: 72%"]
    assert top.out == chart.out
    assert refused.code == 2 and refused.err.count("\n") == 1



def test_installed_plugins_add_a_command_and_a_broken_one_costs_one_line(run_process, tmp_path):
    """As pip installs them: found through the entry-point group, in a process of their own."""
    from rolecli_testing import fake_distribution

    site = tmp_path / "site"
    site.mkdir()
    fake_distribution(site, "tools_plugin", TOOLS, entry_point="tools", dist="rolecli-tools")
    fake_distribution(site, "broken_plugin", HEAD + BROKEN["raises"][0], entry_point="broken", dist="rolecli-broken")
    env = {"PYTHONPATH": str(site)}
    hello = run_process("hello", "Ana", env=env)
    assert (hello.code, hello.out) == (0, "hello, Ana\n")
    assert hello.err == ("rolecli: warning: plugin 'broken' (rolecli-broken 0.1): its rolecli_commands hook raised "
                         "RuntimeError: broken on purpose; its commands are left out.\n")
    quick = run_process("roll", "1d6", "--dice", "4", "--quiet", env=env)  # no plugin is even loaded
    assert (quick.code, quick.out, quick.err) == (0, "1d6 [4] = 4\n", "")
    quiet = run_process("tools", "hello", env={**env, "ROLECLI_QUIET_PLUGINS": "broken"})
    assert (quiet.code, quiet.out, quiet.err) == (0, "hello, table\n", "")
