"""What start-up pays, and why its floor is typer's (README "Speed", benchmarks/bench.py)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from rolecli_testing import REPO


def _loaded(code: str, *modules: str) -> dict[str, bool]:
    probe = f"{code}\nimport sys\nprint(','.join(str(m in sys.modules) for m in {modules!r}))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=REPO).stdout
    return dict(zip(modules, (flag == "True" for flag in out.strip().splitlines()[-1].split(","))))


def _printed(code: str):
    """The value ``code``, run as a process, prints last (a literal), once its plugin index
    is written (the first command of a fresh cache loads every plugin)."""
    subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO)  # (the index)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO).stdout
    return eval(out.strip().splitlines()[-1])


def _unloaded(campaigns, argv: list[str], *modules: str) -> None:
    """``argv`` run as a command (``{campaigns}`` the campaigns folder) imports none of ``modules``
    (once its plugin index is written: the first command of a fresh cache loads every plugin)."""
    args = ["--campaigns", str(campaigns), *(a.format(campaigns=campaigns) for a in argv)]
    code = ("from rolecli.cli import invoke\nimport contextlib, io\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            f"    assert invoke({args!r}) == 0\n")
    _loaded(code, "rolecli")
    assert _loaded(code, *modules) == dict.fromkeys(modules, False)


def test_a_quick_roll_loads_no_plugin_campaign_rich_or_icepool(campaigns):
    heavy = ("rolecli.plugins", "rolecli.campaign", "rolecli.play", "rolecli.commands.verbs", "rich", "icepool", "pluggy", "tomlkit")
    code = "from rolecli.cli import invoke\nimport contextlib, io\nwith contextlib.redirect_stdout(io.StringIO()):\n" \
           "    assert invoke(['roll', '2d6']) == 0"
    assert _loaded(code, *heavy) == dict.fromkeys(heavy, False)


def test_a_quick_roll_in_spanish_loads_no_catalog(campaigns, monkeypatch):
    """rolecli.spanish (help texts and messages) is read only to print one of them."""
    monkeypatch.setenv("ROLECLI_LANG", "es")
    code = "from rolecli.cli import invoke\nimport contextlib, io\nwith contextlib.redirect_stdout(io.StringIO()):\n" \
           "    assert invoke(['roll', '2d6']) == 0"
    assert _loaded(code, "rolecli.spanish") == {"rolecli.spanish": False}
    refused = "from rolecli.cli import invoke\nimport contextlib, io\nwith contextlib.redirect_stderr(io.StringIO()):\n" \
              "    assert invoke(['roll', '2d6', '--bogus']) == 2"
    assert _loaded(refused, "rolecli.spanish") == {"rolecli.spanish": True}


def test_a_campaign_verb_builds_no_plugin_command_and_opens_no_editor(campaigns):
    """The plugins' commands are placed only for a command line that may name one,
    and the campaign editor is imported by the commands that open it."""
    code = "from rolecli.cli import invoke\nimport contextlib, io\nwith contextlib.redirect_stdout(io.StringIO()):\n" \
           "    assert invoke(['-C', 'caminantes', 'check', 'Lucía', 'Atletismo', '--seed', '1']) == 0"
    assert _loaded(code, "rolecli.play", "rolecli.commands.plugin_commands", "rolecli.campaign.editor") == {
        "rolecli.play": True, "rolecli.commands.plugin_commands": False, "rolecli.campaign.editor": False}


@pytest.mark.slow  # two fresh interpreters, watching typer rather than rolecli
def test_typer_still_coerces_a_bare_commands_help_with_pydantic():
    """The README's reason for the start-up floor: a typer app with no parameter
    imports pydantic to coerce its --help flag. When a typer release stops doing
    so, this fails, and the floor (and the goal) are worth measuring again."""
    code = ("import contextlib, io, typer\napp = typer.Typer(add_completion=False)\napp.command()(lambda: None)\n"
            "with contextlib.suppress(SystemExit):\n    app([])")
    assert _loaded(code, "pydantic") == {"pydantic": True}
    assert _loaded("import typer", "pydantic") == {"pydantic": False}  # importing typer alone does not


def test_a_campaign_verb_compiles_no_expression_it_does_not_use(campaigns):
    """The expressions that only a long file, a syntax error, an assignment, a log
    span or a negative number read are compiled when one is read, not by every
    campaign command (re compiles a pattern in a fraction of a millisecond, in Python)."""
    from rolecli.campaign import log, validate
    from rolecli.commands import base
    from rolecli.tables import book

    unused = {getattr(p, "pattern", p) for p in (book._HEADER, book._ROW_KEY, book._KEY_LINE, book._TOKEN,
                                                 validate._TOML_POSITION, validate._KEY_PART, log._SPAN, base._NUMBER)}
    code = ("import re\ncompiled = []\ncompile = re.compile\n"
            "re.compile = lambda pattern, flags=0: compiled.append(pattern) or compile(pattern, flags)\n"
            "from rolecli.cli import invoke\nimport contextlib, io\nwith contextlib.redirect_stdout(io.StringIO()):\n"
            "    assert invoke(['-C', 'caminantes', 'check', 'Lucía', 'Atletismo', '--seed', '1']) == 0\n"
            "print(repr(compiled))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO).stdout
    assert unused.isdisjoint(eval(out.strip().splitlines()[-1]))  # (the campaign has tables: book is imported)


def test_the_install_keeps_the_bytecode_a_shell_without_it_would_compile_at_every_command(monkeypatch):
    """Where the shell sets PYTHONDONTWRITEBYTECODE, Python keeps no bytecode of
    an editable install: ``make install`` writes it (compileall) so that a
    command does not compile rolecli and its plugins again at every start."""
    import importlib.util
    from pathlib import Path

    cached = Path(importlib.util.cache_from_source(str(REPO / "plugins" / "dice" / "rolecli_dice" / "verbs.py")))
    cached.unlink(missing_ok=True)
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    subprocess.run(["make", "-s", "install"], cwd=REPO, check=True, capture_output=True)
    assert cached.is_file()


@pytest.mark.parametrize("argv", [
    ["encounter", "simulate", "{campaigns}/v5/encounter.toml", "--trials", "2", "--seed", "1"],
    ["encounter", "check", "{campaigns}/v5/encounter.toml"],
    ["-C", "v5", "character", "show", "Katarina"],
    ["-C", "v5", "log"],
    ["-C", "v5", "conflict", "show"],
])
def test_a_command_on_one_campaign_imports_no_other_systems_plugin(campaigns, argv):
    """A command on a v5 campaign loads no other system's plugin (the plugin
    index says which distribution provides v5), as a campaign verb does."""
    args = [a.format(campaigns=campaigns) for a in argv]
    code = ("from rolecli.cli import invoke\nimport contextlib, io\n"
            "with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):\n"
            f"    assert invoke({['--campaigns', str(campaigns), *args]!r}) in (0, 1, 2)")
    others = ("rolecli_alternity", "rolecli_fate", "rolecli_giro", "rolecli_middle", "rolecli_dice")
    _loaded(code, "rolecli")  # the first command of a fresh cache loads every plugin, and writes the index
    assert _loaded(code, *others) == dict.fromkeys(others, False)


@pytest.mark.parametrize("argv", [
    ["encounter", "simulate", "{campaigns}/demo/encounter.toml", "--trials", "1", "--seed", "1", "--workers", "1"],
    ["-C", "demo", "check", "Ana", "1d20", "--target", "1", "--seed", "1"],
    ["encounter", "simulate", "{campaigns}/caminantes/encounter.toml", "--trials", "1", "--seed", "1", "--workers", "1"],
    ["-C", "caminantes", "check", "Lucía", "Atletismo", "--seed", "1"],  # (fate's odds are imported by its odds verbs)
])
def test_a_command_that_writes_and_shows_no_fraction_imports_neither_fractions_nor_tempfile(campaigns, argv):
    """fractions (which imports decimal) is imported by what shows odds or keeps
    a fraction, tempfile by what writes a file: each was 1% of a quick dice
    simulation's start-up (7.6M and 4.7M of its ~600M instructions)."""
    _unloaded(campaigns, argv, "fractions", "decimal", "tempfile")


@pytest.mark.parametrize("argv", [
    ["encounter", "simulate", "{campaigns}/demo/encounter.toml", "--trials", "1", "--seed", "1", "--workers", "1"],
    ["-C", "caminantes", "check", "Lucía", "Atletismo", "--seed", "1"],
])
def test_a_command_that_reads_the_plugin_index_loads_no_openssl(campaigns, argv):
    """The plugin index's fingerprint is a SHA-256 of folder names: hashlib
    (which loads OpenSSL's _hashlib) was 2% of a quick dice simulation's
    start-up (10.7M of its ~574M instructions)."""
    _unloaded(campaigns, argv, "hashlib", "_hashlib")


@pytest.mark.parametrize("argv", [
    ["roll", "2d6", "--seed", "1"],
    ["encounter", "simulate", "{campaigns}/demo/encounter.toml", "--trials", "1", "--seed", "1", "--workers", "1"],
    ["-C", "caminantes", "check", "Lucía", "Atletismo", "--seed", "1"],
])
def test_typer_reads_the_commands_parameters_without_compiling_their_annotations(campaigns, argv):
    """The command layer does not postpone its annotations: typer would compile
    and evaluate each annotation string of a command it builds, at every start
    (3.2M of `roll 2d6`'s ~320M instructions, 6.8M of a quick dice simulation's)."""
    args = ["--campaigns", str(campaigns), *(a.format(campaigns=campaigns) for a in argv)]
    code = ("import sys, typing\ncompiled = []\ninit = typing.ForwardRef.__init__\n"
            "def made(self, arg, *a, **k):\n"
            "    frame = sys._getframe(1)\n"
            "    while frame is not None and frame.f_code.co_name != 'get_params_from_function':\n"
            "        frame = frame.f_back\n"
            "    compiled.extend([arg] if frame is not None else [])\n"
            "    init(self, arg, *a, **k)\n"
            "typing.ForwardRef.__init__ = made\n"
            "from rolecli.cli import invoke\nimport contextlib, io\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            f"    assert invoke({args!r}) == 0\n"
            "print(repr(compiled))")
    assert _printed(code) == []


def test_a_simulation_imports_neither_the_batch_group_nor_the_campaign_template(campaigns):
    """A command that only reads a campaign needs neither what shares a batch's
    commits nor what writes a new campaign.toml (1.1M of a quick dice
    simulation's ~556M instructions)."""
    argv = ["encounter", "simulate", "{campaigns}/demo/encounter.toml", "--trials", "1", "--seed", "1", "--workers", "1"]
    _unloaded(campaigns, argv, "rolecli.campaign.group", "rolecli.campaign.template")


@pytest.mark.parametrize("json_", [[], ["--json"]])
def test_a_simulation_compiles_no_expression_and_works_out_no_words_it_does_not_use(campaigns, json_):
    """Its results are printable: the expressions that find what could drive a
    terminal (5.5M of a quick dice simulation's ~559M instructions) are compiled
    for a text that is not; a die's words (5.8M) are worked out when a die is
    shown, and a decimal option's, a bare key's and a Spanish reason's
    expressions (1.4M) when one is read."""
    from rolecli import output
    from rolecli.campaign import locate
    from rolecli.commands import coercion
    from rolecli.dice import words

    unused = {getattr(p, "pattern", p) for p in (output._VISIBLE, output._JSON_UNSAFE, coercion._DECIMAL, words._REASON,
                                                 locate._BARE)}
    argv = ["--campaigns", str(campaigns), "encounter", "simulate", str(campaigns / "demo" / "encounter.toml"),
            "--trials", "1", "--seed", "1", "--workers", "1", *json_]
    code = ("import re\ncompiled = []\ncompile = re._compile\n"
            "re._compile = lambda pattern, flags: compiled.append(getattr(pattern, 'pattern', pattern)) "
            "or compile(pattern, flags)\n"
            "from rolecli.cli import invoke\nfrom rolecli.dice import roller\nimport contextlib, io\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            f"    assert invoke({argv!r}) == 0\n"
            "print(repr([compiled, roller._why.cache_info().currsize]))")
    compiled, worked_out = _printed(code)
    assert unused.isdisjoint(compiled)
    assert worked_out == 0
