"""The command line end to end: output formats, exit codes, errors, batch."""

from __future__ import annotations

import time

import pytest


def test_headline_roll_with_physical_dice(cli):
    result = cli("roll", "4d6kh3", "--dice", "6,5,2,1", "--json")
    assert result.code == 0, result.err
    data = result.json
    assert data["total"] == 13
    assert [d["value"] for d in data["dice"]] == [6, 5, 2, 1]
    assert [d["kept"] for d in data["dice"]] == [True, True, True, False]
    assert all(d["how"] == "given" for d in data["dice"])


def test_seed_repeats_and_seeds_differ(cli):
    first = cli("roll", "10d6", "--seed", "42", "--json").json
    again = cli("roll", "10d6", "--seed", "42", "--json").json
    assert first == again
    others = {tuple(d["value"] for d in cli("roll", "10d6", "--seed", str(s), "--json").json["dice"])
              for s in range(5)}
    assert len(others) > 1


def test_repeat_prints_json_lines(cli):
    rows = cli("roll", "1d6", "-n", "5", "--seed", "3", "--json").json
    assert len(rows) == 5 and all(1 <= r["total"] <= 6 for r in rows)


def test_plain_text_when_piped(cli):
    result = cli("roll", "4d6kh3", "--dice", "6,5,2,1")
    assert result.code == 0
    assert "13" in result.out and "{" not in result.out


@pytest.mark.parametrize("expression", ["99999999d99999999", "(" * 5000 + "1" + ")" * 5000, "2d", "d0"])
def test_bad_expressions_fail_fast_with_one_line(cli, expression):
    start = time.process_time()  # this process's CPU: a busy machine does not count
    result = cli("roll", expression)
    assert time.process_time() - start < 1.0
    assert result.code == 2
    assert result.out == ""
    assert result.err.count("\n") == 1 and result.err.startswith("rolecli: ")
    assert "Traceback" not in result.err


def test_bad_expression_as_a_real_process(run_process):
    result = run_process("roll", "99999999d99999999")
    assert result.code == 2 and len(result.err.strip().splitlines()) == 1


def test_odds_3d6(cli):
    data = cli("odds", "3d6", "--json").json
    ten = next(o for o in data["outcomes"] if o["value"] == 10)
    from fractions import Fraction

    assert Fraction(ten["p"]) == Fraction(27, 216)
    assert (ten["ways"], data["ways_total"]) == (27, 216)  # 27 of the 6**3 equally likely rolls


def test_odds_table_plain(cli):
    result = cli("odds", "2d6")
    assert result.code == 0
    assert "█" in result.out and "16.6667%" in result.out  # P(7) = 6/36


def test_failed_check_exits_1_and_success_0(cli):
    assert cli("dice", "check", "1d20", "--target", "15", "--dice", "3").code == 1
    assert cli("dice", "check", "1d20", "--target", "15", "--dice", "15").code == 0


def test_leftover_physical_dice_are_an_error(cli):
    result = cli("roll", "2d6", "--dice", "1,2,3")
    assert result.code == 2 and "--dice" in result.err


def test_physical_die_out_of_range(cli):
    result = cli("roll", "1d6", "--dice", "7")
    assert result.code == 2 and "1..6" in result.err


def test_unknown_command_is_one_line(cli):
    result = cli("rol", "2d6")
    assert result.code == 2 and result.err.count("\n") == 1 and "roll" in result.err


def test_spanish_labels(cli):
    es = cli("dice", "check", "1d20", "--target", "10", "--dice", "12", "--lang", "es").out
    en = cli("dice", "check", "1d20", "--target", "10", "--dice", "12", "--lang", "en").out
    assert "éxito" in es and "success" in en


def test_lang_from_environment(cli, monkeypatch):
    monkeypatch.delenv("ROLECLI_LANG")
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    assert "éxito" in cli("dice", "check", "1d20", "--target", "10", "--dice", "12").out
    monkeypatch.setenv("ROLECLI_LANG", "en")
    assert "success" in cli("dice", "check", "1d20", "--target", "10", "--dice", "12").out


def test_bad_lang(cli):
    result = cli("dice", "check", "1d20", "--target", "10", "--lang", "fr")
    assert result.code == 2 and "es or en" in result.err


def test_quick_rule_option(cli):
    bad = cli("dice", "initiative", "--rule", "nosuch=1")
    assert bad.code != 0


def test_version(cli):
    result = cli("--version")
    assert result.code == 0 and result.out.startswith("rolecli ")


# --- batch ---------------------------------------------------------------------


def test_batch_runs_many_lines_in_one_process(cli, tmp_path):
    script = tmp_path / "encounter.rolecli"
    script.write_text("# an encounter\nroll 2d6 --seed 1 --json\nrolecli roll 1d20 --seed 2 --json\n\n"
                      "dice check 1d20 --target 10 --dice 12 --json\n")
    result = cli("batch", str(script))
    assert result.code == 0, result.err
    assert len(result.json) == 3


def test_batch_from_stdin_and_exit_codes(cli):
    failing = cli("batch", "-", stdin="dice check 1d20 --target 10 --dice 2 --json\nroll 1d6 --seed 1 --json\n")
    assert failing.code == 1  # a failed check, and every line ran
    assert [row.get("success") for row in failing.json] == [False, None]


def test_batch_stops_at_an_error_unless_keep_going(cli):
    text = "roll 1d6 --seed 1\nroll 2d\nroll 1d6 --seed 2\n"
    stopped = cli("batch", "-", stdin=text)
    assert stopped.code == 2 and "line 2:" in stopped.err and len(stopped.out.splitlines()) == 1
    kept = cli("batch", "-", "--keep-going", stdin=text)
    assert kept.code == 2 and len(kept.out.splitlines()) == 2


def test_batch_cannot_nest(cli):
    assert cli("batch", "-", stdin="batch -\n").code == 2


def test_batch_missing_file(cli):
    result = cli("batch", "nope.txt")
    assert result.code == 2 and "nope.txt" in result.err


def test_terminal_output_is_drawn_with_rich(monkeypatch):
    import io

    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.delenv("NO_COLOR", raising=False)

    from rolecli.output import Printer

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    screen = Terminal()
    Printer(stream=screen).result({}, ["4d6kh3 [6, 5, 2, ~~1~~] = 13: success", "  dice rolled: d6=1"])
    shown = screen.getvalue()
    assert "~~" not in shown and "\x1b[" in shown  # the dropped die is struck through, not marked up
    assert "13" in shown and "success" in shown
    piped = io.StringIO()
    Printer(stream=piped).result({}, ["4d6kh3 [6, 5, 2, ~~1~~] = 13"])
    assert piped.getvalue() == "4d6kh3 [6, 5, 2, ~~1~~] = 13\n"


@pytest.mark.slow  # a real process
def test_a_reader_that_closes_the_pipe_ends_rolecli_quietly(campaigns):
    """`rolecli roll 1d6 -n 100000 | head -1`: no traceback, and the exit code of a Unix
    tool stopped by SIGPIPE (141), never 1, which means a failed check."""
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-m", "rolecli", "roll", "1d6", "-n", "100000"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout.readline().startswith("1d6 [")
    proc.stdout.close()
    assert proc.wait(timeout=60) == 141
    assert proc.stderr.read() == ""


def test_describing_a_system_speaks_the_chosen_language(cli):
    es = cli("systems", "dice", "--lang", "es").out
    en = cli("systems", "dice", "--lang", "en").out
    assert "reglas:" in es and "Puntos de vida máximos" in es and "rules:" not in es
    assert "rules:" in en and "Maximum hit points" in en
