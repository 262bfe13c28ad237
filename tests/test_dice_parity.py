"""Notation parity with Roll20, Foundry VTT and the d20 library (Avrae), issue 21.

The tables of docs/dice.md ("Notation parity") are the test cases: each form a
tool's players type is read with the row's meaning (the same dice give the same
total, and the exact odds are the same), refused with a hint naming rolecli's
form, or read another way where the page says the tools clash. The numbers of
the other tests come from the rules of each form, worked out by hand.
"""

from __future__ import annotations

import json
import random
import re
from fractions import Fraction
from pathlib import Path

import pytest

from dice_testing import refused, roll
from rolecli.dice import parse
from rolecli.dice.odds import distribution
from rolecli.dice.source import DiceSource
from rolecli.errors import DiceError

PAGE = Path(__file__).resolve().parent.parent / "docs" / "dice.md"


def _tables() -> tuple[list[list[str]], list[list[str]]]:
    """The parity table's rows and the refused forms' rows, as cells."""
    section = PAGE.read_text(encoding="utf-8").split("## Notation parity", 1)[1].split("\n## ", 1)[0]
    tables, current = [], []
    for line in section.splitlines() + [""]:
        if line.startswith("|"):
            current.append([cell.strip() for cell in line.strip("|").split("|")])
        elif current:
            tables.append(current[2:])  # without the header and the rule under it
            current = []
    parity, refusals = tables
    return parity, refusals


PARITY, REFUSED = _tables()
FORM = re.compile(r"`([^`]+)`\s*([✗≠]?)")


def _cells() -> list[tuple[str, str, str, str]]:
    """(row, tool, form, mark) for every form written in a tool's column."""
    tools = ("Roll20", "Foundry VTT", "d20 / Avrae")
    cases = []
    for what, *columns, ours in PARITY:
        for tool, cell in zip(tools, columns):
            found = FORM.fullmatch(cell)
            if found:
                cases.append((what, tool, found.group(1), found.group(2)))
            else:
                assert cell == "—", f"{what}, {tool}: {cell!r} is neither a form nor —"
    return cases


OURS = {what: FORM.fullmatch(ours).group(1) for what, *_columns, ours in PARITY}


def test_the_tables_are_there():
    assert len(PARITY) >= 15 and len(REFUSED) >= 5
    assert {"advantage", "explode once", "penetrating", "critical range"} <= set(OURS)


def _same_roll(form: str, ours: str) -> None:
    """``form`` and ``ours`` read the same dice and total the same, seeded or given."""
    a, b = parse(form), parse(ours)
    for seed in range(40):
        first, second = a.roll(DiceSource(seed)), b.roll(DiceSource(seed))
        assert first.total == second.total, (form, ours, seed)
        given = [str(d.value) for d in first.dice]
        assert b.roll(DiceSource(given=given)).total == first.total


def _odds(text: str):
    try:
        return distribution(text).outcomes
    except DiceError as exc:  # a form odds cannot do is refused in one line
        assert "\n" not in str(exc) and "odds cannot be computed" in str(exc)
        return None


@pytest.mark.parametrize("what, tool, form, mark", _cells(), ids=lambda v: v if isinstance(v, str) else None)
def test_every_form_of_the_parity_table(what, tool, form, mark):
    ours = OURS[what]
    if mark == "✗":
        refused(form, re.sub(r"^\d*d\d+", "", ours))  # the hint names rolecli's modifier
        return
    parse(form)  # read
    if mark == "≠":  # read another way: its odds differ from the row's meaning
        assert _odds(form) != _odds(ours), f"{form} ({tool}) is marked as read differently, but it is {ours}"
        return
    _same_roll(form, ours)
    assert _odds(form) == _odds(ours)


@pytest.mark.parametrize("form, source, hint", REFUSED)
def test_every_refused_form_names_the_form_that_does_it(form, source, hint):
    refused(form.strip("`"), hint.strip("`"))


# --- the rules of each form, by hand ----------------------------------------------------


@pytest.mark.parametrize("args, total", [
    (("1d20+5 adv", "--dice", "3,17"), 22),  # 2d20kh1: the 17, + 5
    (("1d20+5 dis", "--dice", "3,17"), 8),  # 2d20kl1: the 3, + 5
    (("1d20+5", "adv", "--dice", "3,17"), 22),  # adv as its own shell word, as Avrae players type it
    (("3d6x", "--dice", "6,2,3,4"), 15),  # the 6 explodes into a 2: 6 + 2 + 3 + 4
    (("3d6xo", "--dice", "6,6,2,3"), 17),  # the explosion die's 6 does not explode again
    (("3d6!p", "--dice", "6,6,3,2,1"), 16),  # 6, then 6-1 (explodes on its face), then 3-1; + 2 + 1
    (("2d6ra6", "--dice", "6,6,5"), 17),  # one die added for the whole roll, however many 6s
    (("1d20rr1", "--dice", "1,1,7"), 7),  # rerolled until it is no longer a 1
    (("4d6pl1", "--dice", "2,6,4,1"), 12),  # the 1 dropped
    (("4d6ph1", "--dice", "2,6,4,1"), 7),  # the 6 dropped
    (("3d6e6", "--dice", "6,6,1,2,3"), 18),
])
def test_each_form_totals_what_its_rule_says(cli, args, total):
    result = cli("roll", *args, "--json")
    assert result.code == 0, result.err
    assert json.loads(result.out)["total"] == total


def test_sort_changes_only_the_order_shown(cli):
    up = cli("roll", "4d6s", "--dice", "2,6,4,1")
    assert up.out.splitlines()[0] == "4d6s [1, 2, 4, 6] = 13"
    down = cli("roll", "4d6sd", "--dice", "2,6,4,1", "--json")
    data = json.loads(down.out)
    assert data["breakdown"] == "4d6sd [6, 4, 2, 1] = 13"
    assert [d["value"] for d in data["dice"]] == [2, 6, 4, 1]  # the dice stay in the order read


def test_sort_keeps_each_mark_with_its_die():
    assert roll("4d6kh3s", 2, 6, 4, 1).breakdown == "4d6kh3s [~~1~~, 2, 4, 6] = 12"
    assert roll("3d6!sd", 6, 1, 2, 3).breakdown == "3d6!sd [6!, 3, 2, 1] = 12"


def test_a_critical_range_is_marked_in_the_text_and_the_json(cli):
    result = cli("roll", "1d20cs>19", "--dice", "19", "--json")
    data = json.loads(result.out)
    assert data["dice"][0]["why"] == "kept, critical success"
    assert data["criticals"] == {"success": 1, "failure": 0}
    assert data["breakdown"] == "1d20cs>19 [19↑] = 19"
    assert "criticals" not in json.loads(cli("roll", "1d20cs>19", "--dice", "18", "--json").out)


@pytest.mark.parametrize("text, given, shown", [
    ("2d20", (20, 1), "2d20 [20↑, 1↓] = 21"),  # a natural 20 and a natural 1
    ("2d20kh1", (20, 1), "2d20kh1 [20↑, ~~1~~] = 20"),  # a dropped die is no critical
    ("1d20cs>=18cf<=2", (2,), "1d20cs>=18cf<=2 [2↓] = 2"),
    ("1d20cs20", (1,), "1d20cs20 [1↓] = 1"),  # cf stays a d20's natural 1
    ("3d6cs6", (6, 1, 6), "3d6cs6 [6↑, 1, 6↑] = 13"),  # other dice: only when asked
    ("3d6", (6, 1, 6), "3d6 [6, 1, 6] = 13"),
])
def test_critical_marks(text, given, shown):
    assert roll(text, *given).breakdown == shown


def test_refused_critical_ranges():
    refused("1d6cs7", "cs7", "can never match")
    refused("1d6cf", "'cf' needs the faces")


def test_adv_and_dis_need_one_d20():
    refused("1d20+5 adv adv", "one adv or dis")
    refused("adv", "1d20+5 adv")
    refused("1d20 adv + 5", "unexpected")
    assert parse("1d20+5 adv").text == "1d20+5 adv"  # shown as typed; the breakdown shows what was rolled
    assert roll("d20 + 1d4 dis", 9, 4, 3).breakdown == "2d20kl1 [~~9~~, 4] + 1d4 [3] = 7"


def test_a_repeat_written_with_a_hash(cli):
    result = cli("roll", "3#1d20")
    assert result.code == 2 and result.out == ""
    assert result.err == ("rolecli: 3#1d20: '#' starts a comment, so nothing would be rolled; to roll 1d20 3 times, "
                          "write 3x1d20.\n")
    assert cli("roll", "3 # 1d20").code == 0  # a comment, written as one
    assert cli("roll", "1d6+3#fire", "--seed", "1").code == 0


def test_x_explodes_after_dice_and_repeats_before_them(cli):
    result = cli("roll", "3d6x", "2x1d4", "--dice", "1,2,3,4,4")
    assert result.out.splitlines()[:3] == ["3d6x [1, 2, 3] = 6", "1d4 [4] = 4", "1d4 [4] = 4"]


def test_errors_show_the_expression_as_typed(cli):
    result = cli("roll", "1d20", "adv", "$")
    assert result.code == 2 and "\\n" not in result.err
    assert result.err == ("rolecli: unexpected '$' at position 10 of '1d20 adv $'; a dice expression uses numbers, "
                          "dice like 2d6, d%, dF, modifiers like kh3 or !, + - * / and parentheses.\n")


def test_odds_follow_the_rules_of_the_new_forms():
    # xo: a die is its face, and a 6 adds one more d6: E = 3 × (3.5 + 3.5/6).
    assert distribution("3d6xo").mean == Fraction(49, 4)
    # ra: 7 on average, and one more d6 (3.5) when any of the two shows a 6 (11/36).
    assert distribution("2d6ra6").mean == 7 + Fraction(11, 36) * Fraction(7, 2)
    # !p on a d6: E = 3.5 + E'/6 with E' = 2.5 + E'/6, so E' = 3 and E = 4 (chains cut below 1e-12).
    assert abs(float(distribution("1d6!p").mean) - 4) < 1e-9
    assert distribution("1d20+5 adv").mean == distribution("2d20kh1+5").mean == Fraction(753, 40)
    refused_odds = pytest.raises(DiceError, match="odds cannot be computed .*!p or ra")
    with refused_odds:
        distribution("4d6!pkh3")


def test_a_seeded_ra_adds_at_most_one_die():
    expr, src = parse("5d6ra>=4"), DiceSource(seed=21)
    for _ in range(200):
        result = expr.roll(src)
        assert len(result.dice) in (5, 6)
        assert (len(result.dice) == 6) == any(d.value >= 4 for d in result.dice[:5])


# --- the dice layer's words in both languages ------------------------------------------


@pytest.mark.parametrize("lang, args, said", [
    ("es", ("roll", "2d6 adv"), "'adv' en la posición 5 de '2d6 adv': adv convierte el 1d20 de la tirada en 2d20kh1, "
                                "pero no hay ningún d20"),
    ("en", ("roll", "2d6 adv"), "'adv' at position 5 of '2d6 adv': adv turns the roll's 1d20 into 2d20kh1, "
                                "but there is no d20"),
    ("es", ("roll", "1d20+"), "se esperaba un número, un dado como 2d6, o '(', pero se encontró el final de '1d20+'."),
    ("en", ("roll", "1d20+"), "expected a number, a die such as 2d6, or '(' but found the end of '1d20+'."),
    ("es", ("roll", "3#1d20"), "'#' empieza un comentario"),
    ("es", ("roll", "4d6r1", "--dice", "1"), "para 4d6r1 dado 1 repetición"),
    ("en", ("roll", "4d6r1", "--dice", "1"), "for 4d6r1 die 1 reroll"),
    ("es", ("roll", "2d6>=7"), ">=7 nunca coincide con un d6 (caras 1..6)"),
    ("es", ("roll", "1d6", "--dice", "7"), "no puede ser un resultado de d6"),
    ("es", ("odds", "4d6!pkh3"), "no se pueden calcular las probabilidades de '4d6!pkh3'"),
])
def test_the_dice_layer_speaks_the_users_language(cli, monkeypatch, lang, args, said):
    monkeypatch.setenv("ROLECLI_LANG", lang)
    result = cli(*args)
    assert result.code == 2 and result.err.count("\n") == 1
    assert said in result.err, result.err


def test_dice_reasons_are_shown_in_spanish_and_kept_english_in_the_json(cli, monkeypatch):
    monkeypatch.setenv("ROLECLI_LANG", "es")
    shown = cli("roll", "2d20", "--dice", "20,1")
    assert shown.out == "2d20 [20↑, 1↓] = 21\n"
    assert "d20=20 (conservado, éxito crítico); d20=1 (conservado, pifia)" in shown.err
    data = json.loads(cli("roll", "4d6r1", "--dice", "1,2,3,4,5", "--json").out)
    assert data["dice"][1]["reason"] == "4d6r1 die 1 reroll" and data["dice"][0]["why"] == "rerolled"


def test_spanish_under_a_spanish_locale(run_process):
    result = run_process("roll", "2d6p1", env={"ROLECLI_LANG": "", "LC_ALL": "", "LANGUAGE": "",
                                               "LANG": "es_ES.UTF-8"})
    assert result.code == 2
    assert result.err.startswith("rolecli: '") and "la 'p' de d20 descarta" in result.err


@pytest.mark.parametrize("seed", range(5))
def test_every_accepted_form_rolls_within_its_bounds(seed):
    rng = random.Random(seed)
    for _what, _tool, form, mark in _cells():
        if mark == "✗":
            continue
        expr = parse(form)
        lo, hi = expr.bounds
        total = expr.roll(DiceSource(rng.randrange(2**32))).total
        assert lo <= total <= hi, form


def test_a_named_roll_can_roll_with_advantage():
    refs = {"ataque": "1d20+5 adv"}.__getitem__
    assert roll("@ataque + 1", 3, 17, refs=refs).breakdown == "@ataque (2d20kh1 [~~3~~, 17] + 5) + 1 = 23"


def test_x_after_a_number_inside_an_expression_is_explained():
    refused("1d6+3x2", "'x' after a number repeats a whole roll", "3d6x")


def test_a_penetrating_explosion_die_can_count_one_less_than_any_face():
    # A 1 rolled on an explosion die of !p counts 0: ">=1" is not met by every die.
    assert roll("3d6>=1!p", 6, 1, 2, 3).breakdown == "3d6>=1!p [6!*, 1→0, 2*, 3*] = 3"
    refused("3d6>=1", "matches every")
