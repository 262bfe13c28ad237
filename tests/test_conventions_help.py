"""Help pages and listings speak the user's terms, not Python's: a flag shows
no metavar, an option shows what it takes (``N``, ``KEY=VALUE``, ``[es|en]``,
its choices), an argument its name alone, and ``systems NAME``, ``campaign
show`` and ``character show`` print values as campaign.toml writes them. Every
command and group takes ``--lang``, meaning what ``rolecli --lang`` means."""

from __future__ import annotations

import re

import pytest

from rolecli.contract import ActionSpec, Label, Outcome, SystemInfo
from rolecli.testing import campaign, plugins
from rolecli import hookimpl
from rolecli_testing import run_inprocess

# A Python type where a metavar belongs: <bool>, <int>, <str>, <float>, <list[str]>, <Path>...
TYPE = re.compile(r"<(bool|int|str|float|list\[[^>]*\]|Path|int range|float range)>")
WIDE = {"COLUMNS": "200"}  # a row of the help on one line, as on a wide terminal
# Python's own notation for a value: None, True, False, (), a quoted 'text', ['a'].
PYTHON = re.compile(r"\b(None|True|False)\b|\(\)|\['|(?<![\w\"])'[^']*'(?![\w])")


def _options_panels(page: str) -> list[str]:
    """The lines of a help page's Options panels (an argument's name is its metavar;
    typer 0.29 also shows its type, and that column has no public setting)."""
    lines, inside = [], False
    for line in page.splitlines():
        if line.startswith("╭─"):
            inside = " Options " in line
        elif line.startswith("╰"):
            inside = False
        elif inside:
            lines.append(line)
    return lines


def _pages():
    """Every help page: the root, every core command and subcommand, every system
    and each of its verbs as a quick roll and on its sample campaign, and the
    odds of each verb that has them, of both forms."""
    from rolecli.core_commands import COMMANDS
    from rolecli.plugins import get_plugins
    from test_conventions_json import VERBS, _core

    yield []
    for name in COMMANDS:
        yield [name]
        for sub, command in getattr(_core(name), "commands", {}).items():
            yield [name, sub]
            for inner in getattr(command, "commands", {}):
                yield [name, sub, inner]
    for system in get_plugins().systems.values():
        yield [system.info.name]
        for spec in system.info.actions:
            yield [system.info.name, spec.name]
            if spec.odds:
                yield ["odds", system.info.name, spec.name]
            if system.info.name in VERBS and spec.name not in COMMANDS:
                yield ["-C", VERBS[system.info.name][0], spec.name]
                if spec.odds:
                    yield ["-C", VERBS[system.info.name][0], "odds", spec.name]


@pytest.mark.slow  # every help page of every command, drawn by rich in English (test_languages draws the Spanish)
def test_no_help_page_shows_a_python_type_and_every_one_takes_lang_and_speaks_english(cli):
    from test_languages import lines_in_the_other_language

    pages = list(_pages())
    assert len(pages) > 250
    drawn = []
    for args in pages:
        result = run_inprocess(*args, "--help", env=WIDE)
        assert result.code == 0, (args, result.err)
        for line in result.out.splitlines():  # arguments too (`FILE <str>`, `expression... <list[str]>`)
            assert not TYPE.search(line), (args, line)
        assert any(re.search(r"--lang\s+\[es\|en\]\s", line) for line in _options_panels(result.out)), args
        drawn.append((args, result.out))
    left = lines_in_the_other_language(drawn, "en")
    assert not left, f"{len(left)} lines in Spanish:\n" + "\n".join(f"{k}    [{v}]" for k, v in left.items())


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_help_page_naming_the_rules_table_shows_it(cli, lang):
    """``[rules]`` in a help text is the campaign's table, not rich markup: it is drawn as written."""
    pages = [run_inprocess("--lang", lang, *args, "--help", env=WIDE).out
             for args in (["campaign"], ["campaign", "rule"], ["campaign", "rule", "set"])]
    assert all("[rules]" in page for page in pages), pages
    assert "\\[rules]" not in "".join(pages)


def test_an_argument_shows_its_name_and_no_type(cli):
    for args, row in ((["batch"], r"│\s+file\s{2,}A file of rolecli"),
                      (["roll"], r"│ \*\s+expression\.\.\.\s{2,}Dice expressions"),
                      (["odds", "fate", "check"], r"│ \*\s+skill\s{2,}skill \(number"),
                      (["-C", "caminantes", "odds", "check"], r"│ \*\s+CHARACTER\s{2,}The character")):
        page = run_inprocess(*args, "--help", env=WIDE).out
        assert re.search(row, page), (args, page)


def test_flags_show_nothing_and_options_say_what_they_take(cli):
    page = run_inprocess("-C", "caminantes", "attack", "--help", env=WIDE).out
    rows = {line.split()[1]: line for line in _options_panels(page) if line.split()[1:2] and line.split()[1].startswith("-")}
    assert re.search(r"--json\s{2,}Print JSON", rows["--json"])
    assert re.search(r"--seed\s+N\s", rows["--seed"])
    assert re.search(r"--rule\s+KEY=VALUE\s", rows["--rule"])
    assert re.search(r"--dice\s+A,B,\.\.\.\s", rows["--dice"])
    assert re.search(r"--track\s+\[salud\|compostura\]\s", rows["--track"])  # a verb's choices
    assert re.search(r"--target\s+-t\s+CHARACTER\s", rows["--target"])
    root = {line.split()[1]: line for line in _options_panels(run_inprocess("--help", env=WIDE).out) if line.split()[1:2]}
    assert re.search(r"--version\s{2,}Print", root["--version"])
    assert re.search(r"--campaign\s+-C\s+NAME\s", root["--campaign"])
    assert re.search(r"--lang\s+\[es\|en\]\s", root["--lang"])


@pytest.mark.parametrize("system", ["alternity", "dice", "fate", "giro", "middle", "v5"])
def test_describing_a_system_shows_toml_values(cli, system):
    listing = run_inprocess("systems", system).out
    assert not PYTHON.search(listing), listing
    assert "= None" not in listing


def test_a_defaultless_field_shows_no_default(cli):
    lines = run_inprocess("systems", "fate").out.splitlines()
    assert "  puntos_destino (int, state)  Fate points" in lines
    assert '  stress = "points"  track filling: points (N boxes) or sotc (box N, rolling up)' in lines
    assert "  aspectos (list) = []  aspects" in lines


def test_campaign_and_character_listings_show_toml_values(cli):
    for args in (["-C", "caminantes", "campaign", "show"], ["-C", "middle", "character", "show"],
                 ["-C", "v5", "campaign", "show"]):
        shown = run_inprocess(*args).out
        assert not PYTHON.search(shown), (args, shown)
    caminantes = run_inprocess("-C", "caminantes", "campaign", "show").out.splitlines()
    assert caminantes[1].startswith('rules: stress="points", max_consequences=3,')
    assert caminantes[2].startswith('  Lucía: habilidades={Atletismo = 3, Resistencia = 2,')
    assert 'aspectos=["Ladrona de guante blanco", "Conozco cada azotea"], lider="", escena=false' in caminantes[2]


def test_a_campaign_with_no_title_and_no_rule_options_shows_no_empty_slot(cli):
    assert cli("campaign", "new", "goblins").code == 0
    assert cli("-C", "goblins", "campaign", "show").out.splitlines()[0] == "goblins [dice]"
    with plugins(_Plain()), campaign({"system": "plain", "characters": {"Ana": {}}}, name="plain"):
        assert cli("campaign", "show").out.splitlines() == ["plain [plain]", "  Ana"]


class _Plain:
    """A system with no rule options and no sheet."""

    ROLECLI_CONTRACT = 2

    @hookimpl
    def rolecli_system(self):
        return SystemInfo(name="plain", names=Label(en="plain"), actions=(ActionSpec("roll", "roll", Label(en="roll"),
                                                                                     actor="none"),))

    @hookimpl
    def rolecli_roll(self, action, ctx):
        return Outcome(data={}, lines=["rolled"])


@pytest.mark.parametrize("args", [
    ["-C", "caminantes", "campaign", "show"],
    ["-C", "caminantes", "character", "show", "Lucía"],
    ["-C", "caminantes", "log", "-n", "1"],
    ["systems", "fate"],
    ["fate", "check", "1", "--dice", "0,0,0,0"],
    ["-C", "caminantes", "odds", "check", "Lucía", "Atletismo"],
], ids=lambda args: " ".join(a for a in args if not a.startswith("-")))
def test_lang_after_the_command_means_what_it_means_before(cli, args):
    before, after = cli("--lang", "es", *args), cli(*args, "--lang", "es")
    assert (after.code, after.out, after.err) == (before.code, before.out, before.err)
    assert after.code in (0, 1)


def test_lang_at_every_level_chooses_the_language(cli):
    spanish = "habilidad Promedio (+1) → esfuerzo Promedio (+1) contra Promedio (+1): éxito"
    for args in (["fate", "--lang", "es", "check", "1"], ["fate", "check", "1", "--lang", "es"],
                 ["batch", "--lang", "es", "-"]):
        result = cli(*args, "--dice", "0,0,0,0") if args[0] != "batch" else cli(
            *args, stdin="fate check 1 --dice 0,0,0,0\n")
        assert spanish in result.out, (args, result.out, result.err)
    for args in (["undo"], ["campaign", "show", "caminantes"], ["campaign", "rule"], ["fate"], ["encounter"]):
        refused = cli(*args, "--lang", "xx")
        assert (refused.code, refused.err) == (2, "rolecli: --lang 'xx' is not a language rolecli speaks; use es or en.\n")
    assert cli("--lang", "xx", "campaign", "list").code == 2  # at the top too, for a command that prints no words
