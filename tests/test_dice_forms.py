"""The forms of the dice language added for issue 14 (labels, comments, mi/ma,
groups, floor/ceil/round, custom faces, counts and sizes given by a roll,
comparisons, several expressions, named rolls and traits), read with given
dice so that every expected total follows from the rules, and their refusals."""

from __future__ import annotations

import pytest
from dice_testing import refused, roll

from rolecli.dice import DiceError, parse
from rolecli.dice.expr import parse_line
from rolecli.dice.source import DiceSource


# --- labels and comments -------------------------------------------------------------------


def test_a_label_names_a_term_and_keeps_its_value():
    result = roll("1d20+5 [fire]", 12)
    assert result.total == 17
    assert result.breakdown == "1d20 [12] + 5[fire] = 17"
    assert result.as_json()["labels"] == [{"label": "fire", "value": 5}]
    both = roll("2d6[slashing] + 1d8[Fire Damage]", 3, 4, 8)
    assert both.labels == [{"label": "slashing", "value": 7}, {"label": "Fire Damage", "value": 8}]
    assert roll("(1d4+1)[bonus] * 2", 3).labels == [{"label": "bonus", "value": 4}]
    assert "labels" not in roll("1d6", 2).as_json()


def test_a_comment_goes_with_its_expression():
    expr = parse("2d6 + 3 # damage, fire")
    assert expr.text == "2d6 + 3" and expr.comment == "damage, fire"
    result = expr.roll(DiceSource(given=["1", "2"]))
    assert result.breakdown == "2d6 [1, 2] + 3 = 6"
    assert result.line("en") == "2d6 [1, 2] + 3 = 6  # damage, fire"
    assert result.as_json()["comment"] == "damage, fire"
    assert parse("1d6 [a#b]").comment == ""  # a '#' inside a label is text


@pytest.mark.parametrize("text, words", [
    ("1d6[]", ("empty label",)),
    ("1d6[a][b]", ("one label",)),
    ("1d6 [fire", ("no closing ']'",)),
    ("1d6 [a[b]]", ("cannot hold '['",)),
    ("[fire]", ("expected a number",)),
])
def test_label_refusals(text, words):
    refused(text, *words)


# --- mi / ma ---------------------------------------------------------------------------------


def test_minimum_and_maximum_per_die():
    result = roll("2d6mi2", 1, 5)
    assert result.total == 7
    assert result.breakdown == "2d6mi2 [1→2, 5] = 7"
    assert [d.why for d in result.dice] == ["raised to the minimum", "kept"]
    assert [d.value for d in result.dice] == [1, 5]  # the face read; the total counts it as 2
    assert roll("4d6ma5kh3", 6, 6, 1, 2).total == 12  # 5 + 5 + 2
    assert roll("3d6min3max5", 1, 6, 4).total == 12  # Foundry's spelling
    assert roll("4dFmi0", "-", "+", "0", "-").total == 1
    assert roll("3d10=3mi3", 1, 2, 9).total == 2  # counted after mi: the 1 and the 2 count as 3
    assert roll("2d6r1mi3", 1, 2, 6).total == 9  # the reroll looks at the face rolled


@pytest.mark.parametrize("text, words", [
    ("2d6mi7", ("mi7", "above every face")),
    ("2d6ma0", ("ma0", "below every face")),
    ("2d6mi5ma3", ("above ma3",)),
    ("2d6!mi2", ("do not combine",)),
    ("2d6mi", ("needs the value",)),
    ("2d6mi2mi3", ("only one minimum",)),
])
def test_minimum_and_maximum_refusals(text, words):
    refused(text, *words)


# --- groups ----------------------------------------------------------------------------------


def test_a_group_keeps_whole_expressions():
    result = roll("{1d20+5, 1d12}kh1", 12, 3)
    assert result.total == 17
    assert result.breakdown == "{1d20 [12] + 5 = 17, 1d12 [3] = ~~3~~}kh1 = 17"
    assert roll("{1d20+5, 1d12}kl1", 12, 3).total == 3
    assert roll("{4d6kh3, 4d6kh3}dl1", 6, 5, 4, 1, 2, 2, 2, 2).total == 15
    assert roll("{1d6, 1d6, 1d6}kh2", 4, 4, 6).breakdown == "{1d6 [4] = ~~4~~, 1d6 [4] = 4, 1d6 [6] = 6}kh2 = 10"
    assert roll("{2d6, 10}", 1, 2).total == 13  # no modifier: the sum


def test_a_group_counts_members_as_successes():
    result = roll("{2d6, 3d6, 5}>=10", 5, 6, 1, 2, 3)
    assert result.total == 1
    assert result.breakdown == "{2d6 [5, 6] = 11*, 3d6 [1, 2, 3] = 6, 5}>=10 = 1"
    assert roll("{1d20, 1d20, 1d20}>=10f1", 15, 1, 3).total == 0
    assert roll("{1d20, 1d20}>=10dbl20", 20, 12).total == 3
    assert roll("{1d20, 1d20, 1d20}kh2>=10", 15, 9, 11).total == 2


@pytest.mark.parametrize("text, words", [
    ("{4d6}kh3", ("cannot keep 3 of 1", "4d6kh3")),
    ("{1d6, 1d6}!", ("a group", "go on its dice")),
    ("{1d6, 1d6}f1", ("success target",)),
    ("{1d6, 1d6", ("'}'",)),
    ("{}", ("expected a number",)),
])
def test_group_refusals(text, words):
    refused(text, *words)


# --- floor, ceil, round ---------------------------------------------------------------------------


@pytest.mark.parametrize("text, given, total", [
    ("floor(1d6/2)", (5,), 2),
    ("ceil(1d6/2)", (5,), 3),
    ("round(1d6/2)", (5,), 3),  # halves go up, as in Roll20 and Foundry
    ("round(7/2)", (), 4),
    ("round(-5/2)", (), -2),  # towards +infinity, as JavaScript's Math.round
    ("round(-7/3)", (), -2),
    ("ceil(7/2*2)", (), 7),  # inside, '/' is exact: 3.5 * 2
    ("7/2*2", (), 6),  # outside, '/' still rounds down at once
    ("ceil(10/(5/2))", (), 5),  # a divisor still rounds down: 10 / 2
    ("floor(1d20/2) + ceil(1d4/3)", (7, 4), 5),
    ("ceil((1d20+5)/2)", (12,), 9),
])
def test_rounding_functions(text, given, total):
    assert roll(text, *given).total == total


def test_rounding_function_breakdown_and_refusal():
    assert roll("ceil(1d6/2)", 5).breakdown == "ceil(1d6 [5] / 2) = 3"
    refused("floor 1d6", "parentheses")
    refused("ceil(1d6/0)", "division by zero")


# --- custom faces -----------------------------------------------------------------------------------


def test_custom_faces():
    result = roll("2d{1,1,2,3}", 3, 1)
    assert result.total == 4
    assert result.breakdown == "2d{1,1,2,3} [3, 1] = 4"
    assert [d.sides for d in result.dice] == ["{1,1,2,3}"] * 2
    assert roll("d{-1,0,0,5}", -1).total == -1
    assert roll("3d{0,1,2}kh2", 0, 2, 1).total == 3
    assert roll("2d{2,4,6}>=4", 2, 6).total == 1
    assert roll("1d{1,2,3}!", 3, 3, 1).total == 7  # explodes on its highest face
    assert roll("1d{1,1,5}r1", 1, 1, 5).total == 5
    with pytest.raises(DiceError, match="one of its faces"):
        roll("d{1,1,2,3}", 4)


@pytest.mark.parametrize("text, words", [
    ("d{}", ("a face",)),
    ("d{1,2", ("',' or '}'",)),
    ("d{1000001}", ("at most 1,000,000",)),
    ("d{3,3}!", ("never stop",)),
    ("d{1,2}r<3", ("reroll forever",)),
    ("d{1,2}r7", ("never match",)),
    ("d{1,x}", ("'x'",)),
])
def test_custom_face_refusals(text, words):
    refused(text, *words)


# --- counts and sizes given by a roll ------------------------------------------------------------------


def test_a_count_or_a_size_given_by_a_roll():
    result = roll("(1d4)d6", 3, 1, 2, 3)
    assert result.total == 6
    assert result.breakdown == "(1d4 [3])d6 [1, 2, 3] = 6"
    assert [d.reason for d in result.dice] == ["1d4 die 1", "(1d4)d6 die 1", "(1d4)d6 die 2", "(1d4)d6 die 3"]
    assert roll("1d(1d6+1)", 3, 4).breakdown == "1d(1d6 [3] + 1) [4] = 4"
    assert roll("(1d4)d(1d8)kh2", 3, 4, 1, 2, 4).total == 6
    assert roll("(1d3)d6kh2", 1, 5).total == 5  # keeping 2 of the 1 die rolled keeps it
    assert roll("(2)d6", 1, 2).total == 3  # a constant count is a plain term
    assert parse("(1d4)d6").bounds == (1, 24)
    assert parse("1d(1d6+1)").bounds == (1, 7)


@pytest.mark.parametrize("text, words", [
    ("(1d1000000)d1000000", ("number of dice", "0..10,000")),
    ("(1d4-5)d6", ("-4..-1",)),
    ("1d(1d6-1)", ("number of sides", "0..5")),
    ("(5000d6)d6", ("30,000",)),
    ("(1d10000)d6 + (1d10000)d6", ("10,000",)),
    ("1d(1d6)!", ("never stop",)),
    ("1d(1d3)r<4", ("reroll forever",)),
    ("(1d4)d6kh5", ("5 of at most 4",)),
])
def test_sized_by_a_roll_refusals(text, words):
    refused(text, *words)


# --- comparisons ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("text, given, success", [
    ("1d20+5>=15", (10,), True),
    ("1d20+5>=15", (9,), False),
    ("1d20+5 > 15", (10,), False),
    ("2d6+0 <= 7", (3, 4), True),
    ("(2d6) < 7", (3, 4), False),
    ("2d6+0 == 7", (3, 4), True),
    ("(2d6) = 7", (3, 4), True),
    ("1d20 >= 1d20", (5, 5), True),  # no number after '>=': not a success target
    ("1d20 < (10)", (5,), True),
    ("(3 + 2d6) >= 10", (3, 4), True),
])
def test_a_comparison_succeeds_or_fails(text, given, success):
    result = roll(text, *given)
    assert result.success is success
    assert result.total == int(success)
    assert result.as_json()["success"] is success


def test_comparison_breakdown_and_counting_comparisons():
    assert roll("1d20+5>=15", 12).breakdown == "1d20 [12] + 5 = 17 >= 15: success"
    assert roll("1d20+5>=15", 12).text("es") == "1d20 [12] + 5 = 17 >= 15: éxito"
    assert roll("1d20 >= 1d20", 5, 9).breakdown == "1d20 [5] = 5 >= 1d20 [9] = 9: failure"
    counted = roll("(1d20+2>=10) + (1d20+2>=10)", 12, 3)
    assert counted.total == 1 and counted.success is None  # a number, not a verdict
    # Right after a dice term, before a number, a comparison counts successes, as before.
    assert roll("3 + 2d10>=8", 3, 9).total == 4
    refused("3 + 2d6>=10", "can never match a d6", "(2d6)>=10")  # no d6 shows 10: the sum was meant
    assert roll("2d6 <= 3", 3, 4).total == 1
    assert roll("2d6", 3, 4).success is None and "success" not in roll("2d6", 3, 4).as_json()
    assert parse("1d20+5>=15").comparison and not parse("1d20").comparison
    refused("1d20+0 >= 5 >= 2", "one comparison")
    assert roll("(1d20) >= 1" + "0" * 900, 20).total == 0  # huge numbers compare exactly


# --- several expressions in one line ---------------------------------------------------------------


def test_a_line_holds_several_expressions_with_repeats_and_comments():
    items = parse_line("1d20 2d6+1 3x3d6")
    assert [(n, e.text) for n, e in items] == [(1, "1d20"), (1, "2d6+1"), (3, "3d6")]
    # Shell arguments arrive one a line: a comment ends with its argument.
    items = parse_line("1d20+5 # attack\n2d6 # damage\n1d4")
    assert [(e.text, e.comment) for _n, e in items] == [("1d20+5", "attack"), ("2d6", "damage"), ("1d4", "")]
    assert [e.text for _n, e in parse_line("d20\n+\n5")] == ["d20 + 5"]
    assert [e.text for _n, e in parse_line("1d20 -1 (2d6)")] == ["1d20 -1", "(2d6)"]


@pytest.mark.parametrize("text, words", [
    ("0x3d6", ("1 to 100,000",)),
    ("100001x1d6", ("1 to 100,000",)),
    ("3x", ("an expression after '3x'",)),
    ("kh1 2d6", ("modifier",)),
    ("2d6 )", ("without its '('",)),
])
def test_line_refusals(text, words):
    with pytest.raises(DiceError) as info:
        parse_line(text)
    assert all(word in str(info.value) for word in words), str(info.value)


def test_one_expression_refuses_a_second_one_and_a_repeat():
    refused("2d6 3", "operator")
    refused("3x3d6", "repeats a whole roll", "-n")


# --- named rolls and traits ----------------------------------------------------------------------------

ROLLS = {"fireball": "8d6", "attack": "1d20 + @Fuerza", "twice": "@fireball + @fireball", "hit": "1d20+5>=15",
         "loop": "@loop2 + 1", "loop2": "1d6 + @loop", "bad": "2d6 +", "Armas cuerpo a cuerpo": "1d8"}
TRAITS = {"Fuerza": 3}


def refs(name: str):
    if name in TRAITS:
        return TRAITS[name]
    if name in ROLLS:
        return ROLLS[name]
    raise DiceError(f"no named roll or trait @{name}.")


def test_a_named_roll_is_parsed_in_place():
    result = roll("@fireball", *[1] * 8, refs=refs)
    assert result.total == 8
    assert result.breakdown == "@fireball (8d6 [1, 1, 1, 1, 1, 1, 1, 1]) = 8"
    assert roll("@attack", 12, refs=refs).breakdown == "@attack (1d20 [12] + Fuerza 3) = 15"
    assert roll("@twice + 1", *[2] * 16, refs=refs).total == 33
    assert roll("@{Armas cuerpo a cuerpo} + @Fuerza", 5, refs=refs).total == 8
    hit = roll("@hit", 10, refs=refs)
    assert hit.success is True and hit.breakdown == "@hit (1d20 [10] + 5 = 15 >= 15): success"
    assert roll("(@Fuerza)d6", 1, 2, 3, refs=refs).total == 6  # a trait gives a count


def test_named_roll_refusals():
    refused("@loop", "uses itself", "@loop → @loop2 → @loop", refs=refs)
    refused("@bad", "in @bad", refs=refs)
    refused("@nobody", "no named roll", refs=refs)
    refused("@fireball", "need a campaign")  # no lookup given


def test_named_rolls_cannot_nest_or_grow_without_bound():
    deep = {f"r{i}": f"@r{i + 1}" for i in range(20)} | {"r20": "1"}
    refused("@r0", "more than 10 deep", refs=deep.__getitem__)
    wide = {"a": " + ".join(["@b"] * 100), "b": " + ".join(["@c"] * 100), "c": "1d2"}
    refused("@a", "10,000 characters", refs=wide.__getitem__)


def test_count_is_the_dice_read_without_making_them():
    source = DiceSource(5)
    for _ in range(20):
        source.roll(6, "a die")
        parse("4d6").roll(source)
        source.fudge()
        assert source.count == len(source.reads)
    parse("3d8").roll(source)
    assert source.count == 20 * 6 + 3 == len(source.reads)
    source.reads = source.reads[:3]
    source.roll(4)
    assert source.count == 4 == len(source.reads)
