"""A number is a number wherever one is expected, negative ones too (issue 17):
a word that looks like an option but is a number (``-1``, ``-2.5``) is an
argument, in every form of a verb (quick, on a campaign, odds of either, a
batch line), unless the command declares an option of that name. The value of
an option stays the option's (``--modifier -2``). Tried with fate (Poor is −1)
and with the system ``rolecli plugins new`` writes."""

from __future__ import annotations

import pytest
import typer
from hypothesis import given
from hypothesis import strategies as st

from rolecli.testing import campaign, plugins, run

ZEROS = ("--dice", "0,0,0,0")  # 4dF all blank: the effort is the skill
POOR = "4dF [0 0 0 0] = 0; skill Poor (−1) → effort Poor (−1) against Average (+1): failure"
# 4dF against Average (+1) with a skill of −1: success needs +2 or more on the dice.
ODDS_POOR = {"success": "5/27", "failure": "22/27"}


@pytest.mark.parametrize("args", [
    ["fate", "check", "-1", *ZEROS, "--json"],
    ["fate", "check", *ZEROS, "--json", "-1"],  # after the options too
    ["fate", "check", *ZEROS, "--json", "--", "-1"],
    ["-C", "caminantes", "check", "Lucía", "-1", *ZEROS, "--json"],
], ids=["quick", "quick-last", "quick-after-dashes", "campaign"])
def test_a_negative_skill_is_a_number_in_a_check(cli, args):
    result = cli(*args)
    assert result.code == 1, result.err
    assert result.json["skill"] == -1 and result.json["explanation"] == [POOR]


def test_after_dashes_everything_is_an_argument(cli):
    # `--` ends the options, as anywhere: `fate check -- -1 --seed 1` has two extra arguments
    result = cli("fate", "check", "--", "-1", "--seed", "1")
    assert result.code == 2 and "unexpected extra argument" in result.err


@pytest.mark.parametrize("args", [
    ["odds", "fate", "check", "-1", "--json"],
    ["odds", "fate", "check", "--json", "--", "-1"],
    ["odds", "--json", "fate", "check", "-1"],
    ["-C", "caminantes", "odds", "check", "Lucía", "-1", "--json"],
    ["-C", "caminantes", "odds", "check", "--json", "--", "Lucía", "-1"],
], ids=["quick", "quick-after-dashes", "quick-json-first", "campaign", "campaign-after-dashes"])
def test_odds_of_a_negative_skill(cli, args):
    result = cli(*args)
    assert result.code == 0, result.err
    assert {k: v["p"] for k, v in result.json["outcomes"].items() if k in ODDS_POOR} == ODDS_POOR


def test_a_batch_line_reads_a_negative_number(cli):
    lines = "fate check -1 --dice 0,0,0,0\n-C caminantes check Lucía -1 --dice 0,0,0,0\nodds fate check -1\n"
    result = cli("batch", "-", stdin=lines)
    assert result.code == 1, result.err  # the checks failed, as the dice say
    assert result.out.splitlines().count(POOR) == 2 and "22/27" in result.out and "rolecli:" not in result.err


def test_a_negative_value_of_an_option_is_the_options(cli):
    result = cli("fate", "check", "3", "--modifier", "-2", *ZEROS, "--json")
    assert result.code == 0 and result.json["modifier"] == -2 and result.json["effort"] == 1
    odds = cli("odds", "fate", "check", "-1", "--difficulty", "-2", "--json")
    assert odds.json["outcomes"]["success"]["p"] != ODDS_POOR["success"]


def test_a_negative_number_out_of_range_says_so_in_one_line(cli):
    # alternity's encumbrance takes a load in kg (a float, at least 0): -2.5 is read, then refused
    result = cli("alternity", "encumbrance", "-2.5", "--strength", "10")
    assert result.code == 2 and len(result.err.splitlines()) == 1
    assert "-2.5" in result.err and "out of range" in result.err and "No such option" not in result.err


def test_dice_expressions_still_start_with_a_minus(cli):
    assert cli("roll", "-1d4+3", "--dice", "2", "--json").json["total"] == 1
    assert cli("roll", "-2d20kh1", "--dice", "4,9", "--json").json["total"] == -9  # -(the higher)
    assert [o["value"] for o in cli("odds", "-1d4", "--json").json["outcomes"]] == [-4, -3, -2, -1]


def test_an_option_the_command_declares_is_that_option(capsys):
    from rolecli.cli import RoleCommand

    app = typer.Typer()

    @app.command(cls=RoleCommand)
    def one(value: float = typer.Argument(0), first: bool = typer.Option(False, "-1")) -> None:
        print(value, first)

    command = typer.main.get_command(app)
    for args, shown in ((["-1"], "0.0 True"), (["-2.5"], "-2.5 False"), (["-1", "-.5"], "-0.5 True")):
        command.main(args, standalone_mode=False)
        assert capsys.readouterr().out.strip() == shown


@given(st.integers(-10**9, -1) | st.floats(max_value=-1e-9, allow_infinity=False))
def test_any_negative_number_python_writes_is_read_as_that_number(value):
    from rolecli.cli import RoleCommand

    read = []
    app = typer.Typer()

    @app.command(cls=RoleCommand)
    def one(number: float, more: float = typer.Option(0.0, "--more")) -> None:
        read.append((number, more))

    typer.main.get_command(app).main([repr(value), "--more", repr(value)], standalone_mode=False)
    assert read == [(float(value), float(value))]


@pytest.fixture
def blades(new_plugin, monkeypatch):
    """The system `rolecli plugins new blades` writes, loaded into this process."""
    monkeypatch.setenv("ROLECLI_LANG", "en")
    with plugins(new_plugin("blades")), campaign({"system": "blades", "characters": {"Ana": {"skills": {"Fight": 2}}}}):
        yield


def test_every_form_of_a_new_systems_verb_reads_a_negative_number(blades):
    # 2d6 [3, 4] + (−1) = 6 against 8: a failure; the odds of 2d6 − 1 ≥ 8 are 10/36
    quick = run("blades", "check", "-1", "-d", "8", "--dice", "3,4", "--json")
    assert quick.code == 1 and (quick.json["skill"], quick.json["total"]) == (-1, 6), quick.err
    on_ana = run("check", "Ana", "-1", "-d", "8", "--dice", "3,4", "--json")
    assert on_ana.code == 1 and (on_ana.json["skill"], on_ana.json["total"]) == (-1, 6), on_ana.err
    for args in (["odds", "blades", "check", "-1"], ["odds", "check", "Ana", "-1"]):
        odds = run(*args, "-d", "8", "--json")
        assert odds.json["outcomes"]["success"]["p"] == "5/18", (args, odds.err)
    batch = run("batch", "-", stdin="blades check -1 -d 8 --dice 3,4\ncheck Ana -1 -d 8 --dice 3,4\n")
    assert batch.code == 1 and batch.out.count("= 6 against 8") == 2, batch.err
    harm = run("harm", "Ana", "-1")  # read as a number, then refused by its declared minimum
    assert harm.code == 2 and "-1" in harm.err and "No such option" not in harm.err
