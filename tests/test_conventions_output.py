"""Where output goes: results on stdout; the lines that explain them (the dice
read or rolled) after them on a terminal, on stderr when stdout is piped, not at
all with --json; --quiet prints results only. And the messages that say where a
verb comes from."""

from __future__ import annotations

import io
import re
import subprocess
import sys

import pytest

from rolecli_testing import run_inprocess


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_piped_stdout_holds_results_only(cli):
    result = cli("roll", "2d6", "1d20", "--dice", "3,4,12")
    assert result.out == "2d6 [3, 4] = 7\n1d20 [12] = 12\n"
    assert result.err == "  dice read from --dice: d6=3 (kept); d6=4 (kept)\n  dice read from --dice: d20=12 (kept)\n"


def test_a_verbs_dice_go_to_stderr_when_piped(cli):
    result = cli("fate", "check", "3", "--dice", "+,0,0,-")
    assert result.out == ("4dF [+ 0 0 −] = 0; skill Good (+3) → effort Good (+3) against Average (+1): "
                          "success with 2 shifts\n")
    assert result.err == "  dice read from --dice: dF=+ (roll 1/4); dF=0 (roll 2/4); dF=0 (roll 3/4); dF=− (roll 4/4)\n"


def test_as_a_real_process_too(run_process):
    result = run_process("roll", "1d6", "--dice", "5")
    assert (result.out, result.err) == ("1d6 [5] = 5\n", "  dice read from --dice: d6=5 (kept)\n")
    merged = subprocess.run([sys.executable, "-m", "rolecli", "roll", "1d6", "1d4", "--dice", "5,2"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, check=True).stdout
    # one stream for both: each result is written before the line that explains it
    assert merged.splitlines() == ["1d6 [5] = 5", "  dice read from --dice: d6=5 (kept)",
                                   "1d4 [2] = 2", "  dice read from --dice: d4=2 (kept)"]


def test_on_a_terminal_the_explanation_follows_its_result(monkeypatch):
    from rolecli.output import Printer, dice_lines

    screen = Terminal()
    read = type("Read", (), {"sides": 6, "value": 5, "why": "kept", "how": "given"})()
    Printer(stream=screen).result({}, ["1d6 [5] = 5", *dice_lines([read], "en")])
    shown = re.sub(r"\x1b\[[\d;]*m", "", screen.getvalue())  # the explanation is dimmed
    assert [line.rstrip() for line in shown.splitlines()] == ["1d6 [5] = 5", "  dice read from --dice: d6=5 (kept)"]


def test_json_prints_json_only(cli):
    result = cli("fate", "check", "3", "--dice", "+,0,0,-", "--json")
    assert result.err == "" and [d["value"] for d in result.json["dice"]] == [1, 0, 0, -1]


@pytest.mark.parametrize("args", [
    ["roll", "2d6", "--dice", "3,4", "--quiet"],
    ["roll", "2d6", "--dice", "3,4", "-q"],
    ["fate", "check", "3", "--dice", "+,0,0,-", "-q"],
    ["-C", "caminantes", "check", "Lucía", "Atletismo", "--dice", "+,0,0,-", "-q"],
    ["-C", "demo", "table", "roll", "encuentros", "--dice", "5,2", "-q"],
])
def test_quiet_prints_results_only(cli, args):
    loud, quiet = cli(*[a for a in args if a not in ("-q", "--quiet")]), cli(*args)
    assert quiet.code == loud.code == 0, quiet.err
    assert quiet.out == loud.out and loud.err and quiet.err == ""


def test_quiet_drops_notes_too(cli):
    assert cli("campaign", "use", "demo").err == "rolecli: current campaign: demo\n"
    assert cli("campaign", "use", "demo", "-q").err == ""
    assert cli("-C", "demo", "nope-command", "-q").code == 2  # an error is never quiet
    assert cli("-C", "demo", "damage", "Nadie", "1", "-q").err.count("\n") == 1


def test_a_quiet_batch_keeps_its_lines_quiet(cli):
    script = "roll 1d6 --dice 5\nfate check 3 --dice 0,0,0,0\n"
    loud, quiet = cli("batch", "-", stdin=script), cli("batch", "-", "--quiet", stdin=script)
    assert quiet.out == loud.out and loud.err.count("dice read") == 2 and quiet.err == ""


def test_every_command_and_verb_takes_quiet(cli):
    import typer

    from rolecli.cli import app
    from rolecli.core_commands import COMMANDS
    from rolecli.plugins import get_plugins

    root = typer.main.get_command(app)
    ctx = root.make_context("rolecli", ["roll"], resilient_parsing=True)

    def leaves(command):
        subs = getattr(command, "commands", {})
        return [c for sub in subs.values() for c in leaves(sub)] if subs else [command]

    commands = [c for name in COMMANDS for c in leaves(root.get_command(ctx, name))]
    assert len(commands) > 30
    verbs = [root.get_command(ctx, system.info.name).get_command(ctx, spec.name)
             for system in get_plugins().systems.values() for spec in system.info.actions]
    assert len(verbs) > 30
    for command in commands + verbs:
        assert any("--quiet" in p.opts and "-q" in p.opts for p in command.params), command.name


@pytest.mark.slow  # draws every verb's help page with rich (80 pages, 2-4 s); the test above reads their options
def test_every_verbs_help_page_shows_quiet(cli):
    from rolecli.plugins import get_plugins

    for system in get_plugins().systems.values():
        for spec in system.info.actions:
            page = run_inprocess(system.info.name, spec.name, "--help", env={"COLUMNS": "200"}).out
            assert "--quiet" in page and "-q" in page, (system.info.name, spec.name)


# --- where a verb comes from ---------------------------------------------------------


def test_a_verb_without_a_current_campaign_says_where_verbs_come_from(cli, campaigns):
    result = cli("damage", "Ana", "1")
    assert result.code == 2 and result.out == "" and result.err.count("\n") == 1
    said = result.err
    assert "verbs come from the current campaign's system: there is no current campaign" in said
    assert "'rolecli campaign use NAME'" in said and "'rolecli -C NAME damage ...'" in said
    for system in ("alternity", "dice", "fate", "giro", "middle", "v5"):  # every system with a damage verb
        assert f"rolecli {system} damage ..." in said


def test_a_verb_the_campaigns_system_lacks_names_the_system(cli):
    said = cli("-C", "middle", "defend", "Aldara").err
    assert "campaign 'middle' plays 'middle', which has no verb 'defend'" in said
    assert "rolecli fate defend ..." in said and said.count("\n") == 1


def test_an_unknown_word_is_still_no_such_command(cli):
    said = cli("-C", "demo", "damge", "Ana", "1").err
    assert said == "rolecli: No such command 'damge'. Did you mean 'damage'? See 'rolecli --help'.\n"
    assert cli("nada").err == "rolecli: No such command 'nada'. See 'rolecli --help'.\n"


def test_a_quick_roll_given_a_character_names_the_campaign_form(cli):
    result = cli("-C", "caminantes", "fate", "check", "Lucía", "Atletismo")
    assert result.code == 2 and result.err.count("\n") == 1
    assert result.err == ("rolecli: 'rolecli fate check' is the quick roll, with raw numbers and no campaign; to roll "
                          "for Lucía of campaign 'caminantes', leave out the system: "
                          "rolecli -C caminantes check Lucía Atletismo\n")
    assert cli("--lang", "es", "-C", "caminantes", "fate", "check", "Lucía", "Atletismo").err == (
        "rolecli: 'rolecli fate check' es la tirada rápida, con números y sin campaña; para tirar por Lucía de la "
        "campaña 'caminantes', quita el sistema: rolecli -C caminantes check Lucía Atletismo\n")
    assert cli("-C", "caminantes", "check", "Lucía", "Atletismo", "--seed", "1").code in (0, 1)  # the form it gives works
    cli("campaign", "use", "caminantes")
    said = cli("fate", "damage", "tomas", "2").err  # the current campaign, any case and accents
    assert said.endswith("leave out the system: rolecli damage Tomás 2\n")


def test_a_quick_roll_with_numbers_is_untouched(cli):
    assert cli("-C", "caminantes", "fate", "check", "3", "--seed", "1").code in (0, 1)
    extra = cli("-C", "caminantes", "fate", "check", "3", "4")
    assert extra.code == 2 and "unexpected extra argument" in extra.err  # not a character: the usual error
