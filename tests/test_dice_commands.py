"""``rolecli roll`` and ``rolecli odds`` from the command line: several
expressions, repeats, comparisons and their exit codes, a leading minus, JSON,
the odds' columns, thresholds and folded rows, and the limits of one command."""

from __future__ import annotations

import json
import time

import pytest


@pytest.fixture(autouse=True)
def no_user_rolls(tmp_path, monkeypatch):
    monkeypatch.setenv("ROLECLI_ROLLS", str(tmp_path / "no-rolls.toml"))


def one_line_error(result, *words):
    assert result.code == 2, result
    assert result.out == "" and len(result.err.splitlines()) == 1 and "Traceback" not in result.err, result.err
    for word in words:
        assert word in result.err, result.err


# --- roll ------------------------------------------------------------------------------------


def test_several_expressions_each_print_their_own_result(cli):
    result = cli("roll", "1d20", "2d6", "3x3d6", "--dice", "11,3,4,1,2,3,4,5,6,6,6,6")
    assert result.code == 0
    lines = [line for line in result.out.splitlines() if not line.startswith("  ")]
    assert lines == ["1d20 [11] = 11", "2d6 [3, 4] = 7", "3d6 [1, 2, 3] = 6", "3d6 [4, 5, 6] = 15",
                     "3d6 [6, 6, 6] = 18"]
    rows = cli("roll", "1d20", "2d6", "3x3d6", "--seed", "5", "--json").json
    assert [row["expression"] for row in rows] == ["1d20", "2d6", "3d6", "3d6", "3d6"]


def test_an_expression_in_several_arguments_is_still_one(cli):
    assert cli("roll", "d20", "+", "5", "--dice", "3").out.splitlines()[0] == "d20 [3] + 5 = 8"


def test_repeat_n_rolls_the_whole_line(cli):
    rows = cli("roll", "1d20", "1d4", "-n", "3", "--seed", "1", "--json").json
    assert [row["expression"] for row in rows] == ["1d20", "1d4"] * 3


def test_a_comparison_sets_the_exit_code_like_a_check(cli):
    hit = cli("roll", "1d20+5>=15", "--dice", "10")
    assert hit.code == 0 and hit.out.splitlines()[0] == "1d20 [10] + 5 = 15 >= 15: success"
    miss = cli("roll", "1d20+5>=15", "--dice", "9")
    assert miss.code == 1 and miss.out.splitlines()[0] == "1d20 [9] + 5 = 14 >= 15: failure"
    assert cli("roll", "1d20+5>=15", "1d20+0>=2", "--dice", "20,1").code == 1  # one failure is enough
    assert cli("roll", "1d20+5>=15", "--dice", "9", "--json").json["success"] is False
    assert cli("--lang", "es", "roll", "1d20+0>=2", "--dice", "2").out.startswith("1d20 [2] + 0 = 2 >= 2: éxito")


@pytest.mark.parametrize("args, code", [
    (("d20>=15", "--dice", "3"), 1),  # no success: a failure, as 1d20+0>=15 is
    (("d20>=15", "--dice", "15"), 0),
    (("8d10>=6", "--dice", "1,1,1,1,1,1,1,1"), 1),
    (("4d10>=6f1", "--dice", "7,1,1,3"), 1),  # one success, two ones: -1
    (("4d10>=6f1", "--dice", "7,8,1,3"), 0),
    (("{2d6, 3d6}>=10", "--dice", "1,2,6,6,6"), 0),
    (("(1d4)d6>=5", "--dice", "2,1,2"), 1),
    (("d20>=15", "-n", "3", "--dice", "15,3,20"), 1),  # with -n, one failure is enough
    (("d20>=15", "2d6", "--dice", "15,1,1"), 0),  # a sum is no verdict
])
def test_a_success_count_sets_the_exit_code_like_a_comparison(cli, args, code):
    """At least one success is a success (exit 0); none, or fewer after ``f``, a failure (exit 1)."""
    result = cli("roll", *args)
    assert result.code == code, result
    assert "success" not in result.out and "failure" not in result.out  # a count still shows its number


def test_success_counts_in_arguments_of_their_own_stay_apart(cli):
    """Each argument is a line: ``'d20>=15' 'd20>=10'`` is two counts, once read
    as ``d20 >= 15d20>=10`` (a comparison with 15 more dice)."""
    result = cli("roll", "d20>=15", "d20>=10", "--dice", "15,3")
    assert result.code == 1 and result.out.splitlines() == ["d20>=15 [15*] = 1", "d20>=10 [3] = 0"], result
    assert cli("roll", "4d6", "d6", "--dice", "1,2,3,4,5").out.splitlines() == ["4d6 [1, 2, 3, 4] = 10", "d6 [5] = 5"]
    assert cli("roll", "1d20 >=", "1d20", "--dice", "5,9").out.splitlines()[0] == "1d20 [5] = 5 >= 1d20 [9] = 9: failure"


def test_a_batch_fails_when_a_success_count_fails(cli):
    result = cli("batch", "-", stdin="roll d20>=15 --dice 15\nroll d20>=15 --dice 3\nroll 2d6 --seed 1\n")
    assert result.code == 1 and result.out.splitlines()[1] == "d20>=15 [3] = 0", result


def test_the_json_of_a_comparison_keeps_what_was_rolled_and_the_target(cli):
    miss = cli("roll", "1d20+5>=15", "--dice", "5", "--json").json
    assert (miss["total"], miss["rolled"], miss["target"], miss["success"]) == (0, 10, 15, False)
    hit = cli("roll", "(1d20 >= 1d20)[contest]", "--dice", "12,9", "--json").json
    assert (hit["total"], hit["rolled"], hit["target"], hit["success"]) == (1, 12, 9, True)
    counted = cli("roll", "4d10>=6f1", "--dice", "7,1,1,3", "--json").json
    assert (counted["total"], counted["success"]) == (-1, False) and "target" not in counted
    assert [d["value"] for d in counted["dice"]] == [7, 1, 1, 3]
    assert "success" not in cli("roll", "2d6", "--dice", "1,2", "--json").json


def test_a_trap_target_is_refused_by_roll_and_odds(cli):
    one_line_error(cli("roll", "2d6>=7", "--dice", "6,5"), "2d6>=7: >=7 can never match a d6", "(2d6)>=7")
    one_line_error(cli("odds", "2d6>=7"), "can never match a d6")
    one_line_error(cli("odds", "d6>=1"), "matches every roll of a d6")


@pytest.mark.parametrize("args, first", [
    (("-1d4 + 3", "--dice", "4"), "-1d4 [4] + 3 = -1"),
    (("-1d4", "+", "3", "--dice", "4"), "-1d4 [4] + 3 = -1"),
    (("-2d20kh1", "--dice", "4,15"), "-2d20kh1 [~~4~~, 15] = -15"),
    (("-d4", "--dice", "2"), "-d4 [2] = -2"),
    (("--3",), "3 = 3"),
    (("-(1d4)", "--dice", "1"), "-(1d4 [1]) = -1"),
])
def test_an_expression_may_start_with_a_minus(cli, args, first):
    result = cli("roll", *args)
    assert result.code == 0, result.err
    assert result.out.splitlines()[0] == first


def test_options_are_still_options(cli):
    assert cli("roll", "2d6", "--sed", "3").code == 2
    assert cli("roll", "-n", "2", "1d6", "--seed", "1").out.count("\n") == 2
    assert "Usage" in cli("roll", "--help").out


def test_labels_and_comments_are_printed_and_in_the_json(cli):
    result = cli("roll", "1d20+5 [fire] # attack", "2d6 # damage", "--dice", "12,3,4")
    assert result.out.splitlines()[0] == "1d20 [12] + 5[fire] = 17  # attack"
    assert "2d6 [3, 4] = 7  # damage" in result.out
    rows = cli("roll", "1d20+5 [fire] # attack", "--seed", "1", "--json").json
    assert rows["labels"] == [{"label": "fire", "value": 5}] and rows["comment"] == "attack"


@pytest.mark.parametrize("args, words", [
    (("100x1d6", "-n", "1001"), ("100,100 rolls", "100,000")),
    (("10000d6", "-n", "101"), ("1,000,000 dice",)),
    (("3000d2!", "-n", "300"), ("would roll more than 1,000,000 dice",)),
    (("1d20r<20", "-n", "100000"), ("would roll more than 1,000,000 dice",)),
    (("(1d1000000)d1000000",), ("0..10,000",)),
    (("1d6", "2d6 )"), ("without its '('",)),
    (("@fireball",), ("no named roll",)),
])
def test_hostile_rolls_are_refused_in_one_line_and_quickly(cli, args, words):
    start = time.process_time()  # this process's CPU: a busy machine does not count
    one_line_error(cli("roll", *args), *words)
    assert time.process_time() - start < 2.0


# --- odds ------------------------------------------------------------------------------------


def test_odds_of_a_comparison(cli):
    result = cli("odds", "1d20+5>=15")
    assert result.code == 0 and result.out == "1d20+5>=15: 11/20 (55%)\n"
    assert cli("odds", "1d20+5>=15", "--json").json == {"expression": "1d20+5>=15", "p": "11/20", "p_float": 0.55,
                                                         "ways": 11, "ways_total": 20}


def test_odds_thresholds(cli):
    assert cli("odds", "2d6", "--at-least", "8").out == "2d6 >= 8: 5/12 (41.6667%)\n"
    assert cli("odds", "2d6", "--at-most", "4").out == "2d6 <= 4: 1/6 (16.6667%)\n"
    assert cli("odds", "2d6", "3d6", "--at-least", "5", "--at-most", "9").out.splitlines() == [
        "5 <= 2d6 <= 9: 2/3 (66.6667%)", "5 <= 3d6 <= 9: 77/216 (35.6481%)"]


def test_odds_side_by_side(cli):
    lines = cli("odds", "2d6", "3d6").out.splitlines()
    assert lines[0] == "2d6, 3d6"
    assert lines[1].split("\t") == ["value", "2d6", "3d6"]
    assert lines[2].split("\t") == ["2", "2.7778%", "-"]
    assert "10\t8.3333%\t12.5000%" in lines
    assert "18\t-\t0.4630%" in lines
    assert lines[-2:] == ["2d6: mean 7.0000   standard deviation 2.4152", "3d6: mean 10.5000   standard deviation 2.9580"]
    rows = cli("odds", "2d6", "3d6", "--json").json
    assert [row["expression"] for row in rows] == ["2d6", "3d6"]


def test_rows_too_unlikely_to_show_are_folded(cli):
    folded = cli("odds", "3d6!").out.splitlines()
    everything = cli("odds", "3d6!", "--all").out.splitlines()
    assert len(everything) > 280 and len(folded) < 80
    assert not any(line.split("\t")[1:2] == ["0.0000%"] for line in folded[2:] if "\t" in line)
    tail = next(line for line in folded if ".." in line.split("\t")[0])
    assert tail.startswith("64..288\t")
    assert folded[-1] == "values under 0.00005% each are folded into 1 row(s); --all shows every value"
    assert "0.0000%" in "".join(everything)


def test_the_bars_are_drawn_in_eighths(cli):
    bars = {line.split("\t")[0]: line.split("\t")[-1] for line in cli("odds", "1d6+1d4").out.splitlines()[2:-1]}
    assert bars["5"] == "█" * 30 and bars["2"] == "███████▌"  # 1/24 of a peak of 4/24: 7.5 cells


@pytest.mark.parametrize("text", ["1" + "0" * 308, "1" + "0" * 400, "1d6*1" + "0" * 305])
def test_odds_on_huge_numbers_is_one_line(cli, text):
    one_line_error(cli("odds", text), "too large for the mean")


def test_odds_of_a_systems_check_still_works(cli):
    result = cli("odds", "dice", "check", "1d20", "--target", "15")
    assert result.code == 0 and "1d20" in result.out


def test_odds_refuse_repeats(cli):
    one_line_error(cli("odds", "3x3d6"), "drop '3x'")


def test_json_of_every_new_form_is_valid(cli):
    for args in (("roll", "{1d20+5, 1d12}kh1", "2d6mi2", "d{1,1,2}", "(1d4)d6", "ceil(1d6/2)", "1d20>=1d20"),
                 ("odds", "1d20+5>=15", "--json"), ("odds", "2d6", "3d6")):
        result = cli(*args, "--seed", "1", "--json") if args[0] == "roll" else cli(*args, "--json")
        for line in result.out.splitlines():
            json.loads(line)
