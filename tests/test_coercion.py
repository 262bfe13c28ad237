"""A command line's plain values are coerced without pydantic, exactly as typer
coerces them (rolecli.commands.coercion): the same value of the same type, or
the same error in the same words, whatever is typed."""

from __future__ import annotations

import string

import pytest
import typer
from hypothesis import given, settings
from hypothesis import strategies as st
from typer import _coercion
from typer._click.exceptions import BadParameter
from typer.main import get_command

from rolecli.commands import coercion
from rolecli_testing import run_inprocess
from test_startup import _loaded

coercion.install()


def _command():
    app = typer.Typer()

    @app.command()
    def verb(text: str, number: int = typer.Option(0), flag: bool = typer.Option(False),
             words: list[str] = typer.Option([]), ranged: int = typer.Option(0, min=0, max=9),
             width: float = typer.Option(0.5)) -> None:
        """A command with a parameter of each kind rolecli reads (and one typer keeps)."""

    return get_command(app)


COMMAND = _command()
CTX = COMMAND.make_context("verb", ["x"])
PARAMS = {p.name: p for p in COMMAND.params}


def both(name: str, value):
    """``value`` coerced for parameter ``name`` by rolecli (as a command line does) and by typer's own coercion."""
    param = PARAMS[name]
    answers = []
    for runtime in (param.get_runtime_param(), _coercion.build_runtime_param(param.type_descriptor)):
        try:
            got = runtime.coerce(value, param=param, ctx=CTX)
            answers.append((type(got), repr(got)))  # (a float's repr: -0.0 and nan are told apart)
        except BadParameter as exc:
            answers.append(("refused", exc.format_message()))
    return answers


def test_the_plain_kinds_get_rolecli_coercion_and_the_others_typers():
    names = ("text", "number", "flag", "words", "ranged", "width")
    kinds = {name: type(PARAMS[name].get_runtime_param()).__name__ for name in names}
    assert kinds == {"text": "Plain", "number": "Plain", "flag": "Plain", "words": "Plain",
                     "ranged": "AdapterRuntimeParam", "width": "Plain"}


TYPED = st.text(alphabet=string.digits + "+-_ .eEx٣\t", max_size=24) | st.text(max_size=12) | st.integers().map(str)


@settings(max_examples=400, deadline=None, derandomize=True)
@given(value=TYPED)
def test_a_number_is_what_typer_makes_of_it(value):
    plain, typers = both("number", value)
    assert plain == typers


DECIMAL = (st.floats(allow_nan=False, allow_infinity=False).map(repr)
           | st.from_regex(r"[+-]?[0-9]{0,17}\.?[0-9]{0,17}", fullmatch=True) | TYPED
           | st.sampled_from(["nan", "inf", "-0", "0.05", "1e-2", ".5", "5.", "1_0.5", " 0.5", "0.1234567890123456"])
           | st.floats() | st.integers())


@settings(max_examples=600, deadline=None, derandomize=True)
@given(value=DECIMAL)
def test_a_decimal_number_is_what_typer_makes_of_it(value):
    plain, typers = both("width", value)
    assert plain == typers


@settings(max_examples=200, deadline=None, derandomize=True)
@given(value=st.text(max_size=20) | st.binary(max_size=8) | st.none() | st.booleans() | st.integers())
def test_a_text_a_flag_and_words_are_what_typer_makes_of_them(value):
    for name in ("text", "flag"):
        plain, typers = both(name, value)
        assert plain == typers, name
    plain, typers = both("words", (value, "b") if value is not None else ())
    assert plain == typers


def test_a_bad_number_is_refused_in_typers_words_in_both_languages(campaigns):
    said = "Invalid value for '-n' / '--repeat': Input should be a valid integer, unable to parse string as an integer."
    result = run_inprocess("roll", "2d6", "-n", "abc")
    assert result.code == 2 and result.err == f"rolecli: {said} See 'rolecli roll --help'.\n"
    spanish = run_inprocess("--lang", "es", "roll", "2d6", "-n", "abc")
    assert spanish.code == 2 and spanish.err.startswith("rolecli: valor no válido para '-n' / '--repeat': debe ser")
    assert run_inprocess("roll", "2d6", "-n", " 2", "--seed", "1").out.count("2d6") == 2  # typer's reading of " 2"


@pytest.mark.slow  # fresh interpreters
def test_a_quick_roll_a_campaign_verb_and_a_simulation_import_no_pydantic(campaigns):
    simulate = ["encounter", "simulate", str(campaigns / "demo" / "encounter.toml"), "--trials", "20", "--seed", "1"]
    for line in (["roll", "2d6"], ["-C", "caminantes", "check", "Lucía", "Atletismo", "--seed", "1"],
                 ["-C", "demo", "check", "Ana", "1d20", "--target", "10", "--seed", "1", "--json"],
                 simulate, [*simulate, "--until-ci", "0.5"], [*simulate, "--until-ci"]):
        code = f"from rolecli.cli import invoke\nimport contextlib, io\nwith contextlib.redirect_stdout(io.StringIO()):\n" \
               f"    assert invoke({line!r}) in (0, 1)"
        assert _loaded(code, "pydantic") == {"pydantic": False}, line
    typed = "from rolecli.cli import invoke\nimport contextlib, io\nwith contextlib.redirect_stderr(io.StringIO()):\n" \
            "    assert invoke(['roll', '2d6', '-n', 'x']) == 2"
    assert _loaded(typed, "pydantic") == {"pydantic": True}  # what is not plain is typer's to read
