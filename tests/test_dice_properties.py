"""Properties of the dice language, checked with hypothesis on generated
expressions (derandomized, so CI sees the same examples every run)."""

from __future__ import annotations

import time
from fractions import Fraction
from unittest import mock

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import rolecli.dice.odds as odds
import rolecli.dice.roller as roller
from rolecli.dice import DiceError, parse
from rolecli.dice.odds import distribution
from rolecli.dice.source import DiceSource

SETTINGS = settings(derandomize=True, max_examples=200, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])

# --- expression strategies -----------------------------------------------------------------

MODIFIERS = ["", "kh1", "kl1", "dh1", "dl1", "k", "!", "!!", "r1", "ro1", ">=2", ">=3f1", "<=1", ">=2dbl3",
             "!kh1", "r1!", "ro<2kh1", ">=3!", "!!kl1", "dl1>=2f1",
             # the notation of other tools (issue 21)
             "x", "xo", "!p", "ra1", "rr1", "s", "sd", "cs>=2", "pl1", "xokh1"]


def drawn_term(draw, counts, sides, modifiers) -> str:
    """A term the parser takes: a count, a die and a modifier drawn from the lists."""
    text = f"{draw(st.sampled_from(counts))}d{draw(st.sampled_from(sides))}{draw(st.sampled_from(modifiers))}"
    try:
        parse(text)
    except DiceError:
        assume(False)  # e.g. r1 on a d1-like range, or kh with too few dice
    return text


@st.composite
def dice_terms(draw, max_count=6, sides=("2", "3", "4", "6", "8", "10", "20", "%", "F")):
    return drawn_term(draw, [str(n) for n in range(1, max_count + 1)], sides, MODIFIERS)


@st.composite
def expressions(draw, terms=dice_terms()):
    first = draw(terms)
    shape = draw(st.integers(0, 5))
    if shape == 0:
        return first
    if shape == 1:
        return f"{first} {draw(st.sampled_from('+-*'))} {draw(st.integers(0, 9))}"
    if shape == 2:
        return f"{first} {draw(st.sampled_from('+-*'))} {draw(terms)}"
    if shape == 3:
        return f"-({first}) / {draw(st.integers(1, 4))}"
    if shape == 4:
        return f"({first} + {draw(st.integers(-3, 3))}) * {draw(st.integers(-2, 2))}"
    return f"{first} - {draw(terms)} + {draw(terms)}"


def given_of(result) -> list[str]:
    """The values of every die read, as a player would type them for --dice."""
    sign = {-1: "-", 0: "0", 1: "+"}
    return [sign[d.value] if d.sides == "F" else str(d.value) for d in result.dice]


def record(result):
    return [(d.sides, d.value, d.kept, d.why, d.reason) for d in result.dice]


# --- properties -------------------------------------------------------------------------------


@SETTINGS
@given(expressions(), st.integers(0, 2**32))
def test_totals_lie_within_the_bounds(text, seed):
    expr = parse(text)
    lo, hi = expr.bounds
    src = DiceSource(seed)
    for _ in range(5):
        assert lo <= expr.roll(src).total <= hi


@SETTINGS
@given(expressions(), st.integers(0, 2**32))
def test_the_same_seed_gives_the_same_roll(text, seed):
    expr = parse(text)
    a, b = expr.roll(DiceSource(seed)), expr.roll(DiceSource(seed))
    assert a.total == b.total
    assert record(a) == record(b)
    assert a.breakdown == b.breakdown


@SETTINGS
@given(expressions(), st.integers(0, 2**32))
def test_giving_the_rolled_dice_back_reproduces_the_roll(text, seed):
    """The --dice path and the seeded path agree: feeding the recorded values
    back as given dice yields the same total and the same dice."""
    expr = parse(text)
    rolled = expr.roll(DiceSource(seed))
    src = DiceSource(given=given_of(rolled))
    replayed = expr.roll(src)
    src.finish()  # every value given was read
    assert replayed.total == rolled.total
    assert record(replayed) == record(rolled)
    assert {d.how for d in rolled.dice} <= {"rolled"} and {d.how for d in replayed.dice} <= {"given"}
    assert replayed.breakdown == rolled.breakdown


@SETTINGS
@given(dice_terms(), st.integers(0, 2**32))
def test_a_term_totals_its_kept_dice(text, seed):
    assume(not any(c in text for c in "<>="))  # success counting counts, it does not add
    result = parse(text).roll(DiceSource(seed))
    # A penetrating explosion die (Roll20's !p) counts one less than its face.
    assert result.total == sum(d.value - ("penetrating" in d.why) for d in result.dice if d.kept)
    assert all(d.kept == (d.why not in ("rerolled", "dropped (lowest)", "dropped (highest)")
                          and "dropped" not in d.why) for d in result.dice)


# --- odds support == reachable totals -------------------------------------------------------------


class _NeedMore(Exception):
    def __init__(self, faces):
        self.faces = faces


class _Prefix(DiceSource):
    """Reads a fixed prefix of dice; asks for more when it runs out."""

    def __init__(self, prefix):
        super().__init__(given=[])
        self.prefix, self.i = prefix, 0

    def _next(self, faces):
        if self.i >= len(self.prefix):
            raise _NeedMore(faces)
        self.i += 1
        return self.prefix[self.i - 1]

    def roll(self, sides, why=""):
        return self._next(range(1, sides + 1))

    def fudge(self, why=""):
        return self._next((-1, 0, 1))

    def custom(self, faces, why="", label=None):
        return self._next(faces)  # a face written twice is listed twice: twice as likely


def exact_by_enumeration(text: str) -> dict[int, Fraction]:
    """Every sequence of dice the expression can read, with its probability."""
    expr = parse(text)
    found: dict[int, Fraction] = {}
    stack = [((), Fraction(1))]
    while stack:
        prefix, weight = stack.pop()
        try:
            total = expr.roll(_Prefix(prefix)).total
        except _NeedMore as more:
            stack.extend((prefix + (f,), weight / len(more.faces)) for f in more.faces)
            continue
        found[total] = found.get(total, 0) + weight
    return found


SMALL_MODIFIERS = ["", "kh1", "kl1", "dl1", "dh1", "!", "!!", "ro1", ">=2", ">=3f1", ">=2dbl3", "!kh1", "!!kl1",
                   "ro1!", ">=3!", "xo", "!p", "ra1", "sd", "cf1", "xokh1", ">=2xo"]


@st.composite
def small_expressions(draw):
    def term():
        return drawn_term(draw, ["1", "2"], ["2", "3", "4", "F"], SMALL_MODIFIERS)

    return combined(draw, term(), term)


def combined(draw, first: str, other, wrap: bool = False) -> str:
    """``first`` alone, with a number, with ``other()`` or divided (``wrap``: in parentheses)."""
    head = f"({first})" if wrap else first
    shape = draw(st.integers(0, 3))
    if shape == 0:
        return first
    if shape == 1:
        return f"{head} {draw(st.sampled_from('+-*'))} {draw(st.integers(1, 3))}"
    if shape == 2:
        return f"{head} {draw(st.sampled_from('+-*'))} {other()}"
    return f"({first}) / {draw(st.integers(1, 3))}"


@pytest.mark.slow  # exact odds of many drawn expressions
@settings(derandomize=True, max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(small_expressions())
def test_odds_equal_the_exact_enumeration_of_every_roll(text):
    """With explosions capped at 2 per die in both the roller and the odds (the
    cap is a module constant), every possible sequence of dice can be listed:
    the odds must give exactly those totals, with exactly those probabilities."""
    with mock.patch.object(roller, "MAX_EXPLOSIONS", 2), mock.patch.object(odds, "MAX_EXPLOSIONS", 2), \
            mock.patch.object(odds, "ODDS_EXPLOSION_TAIL", 0.0):
        exact = exact_by_enumeration(text)
        dist = distribution(text)
    assert dist.outcomes == sorted(exact.items())
    assert {v for v, _p in dist.outcomes} == set(exact)  # the support is the reachable totals


@pytest.mark.slow  # exact odds of many drawn expressions
@SETTINGS
@given(expressions(terms=dice_terms(max_count=3, sides=("2", "3", "4", "6", "F"))), st.integers(0, 2**32))
def test_sampled_totals_are_in_the_odds_support(text, seed):
    try:
        dist = distribution(text)
    except DiceError:  # a divisor that can be 0
        assume(False)
    support = {v for v, _p in dist.outcomes}
    lo, hi = parse(text).bounds
    assert lo <= min(support) and max(support) <= hi
    expr, src = parse(text), DiceSource(seed)
    for _ in range(20):
        try:
            total = expr.roll(src).total
        except DiceError:  # division by a zero roll
            continue
        assert total in support


# --- the forms added for issue 14 ---------------------------------------------------------------

SMALL_FORMS = ["{1d3, 1d2+1}kh1", "{1d3, 1d3}kl1", "{1d4, 1d2, 2}>=2", "{1d3, 1d3}>=3f1", "d{0,1,1,3}",
               "2d{1,2,2}kh1", "2d3mi2", "2d4ma3kl1", "(1d2)d3", "1d(1d3+1)", "ceil(1d3/2)", "round(1d4/3)",
               "floor(2d3/4*3)", "1d3 >= 1d2+1", "(1d4 < 3)", "1d3[x] + 1", "2dFmi0", "1d{1,2,3}!",
               # issue 21: other tools' notation
               "2d3xo", "2d3ra3", "1d3!p", "2d3x", "1d3e3", "3d3s", "1d20cs>19", "2d4pl1"]


@st.composite
def new_forms(draw):
    return combined(draw, draw(st.sampled_from(SMALL_FORMS)), lambda: draw(st.sampled_from(SMALL_FORMS)), wrap=True)


@SETTINGS
@given(new_forms(), st.integers(0, 2**32))
def test_new_forms_stay_within_bounds_and_replay_with_their_dice(text, seed):
    expr = parse(text)
    lo, hi = expr.bounds
    rolled = expr.roll(DiceSource(seed))
    assert lo <= rolled.total <= hi
    again = expr.roll(DiceSource(seed))
    assert (again.total, again.breakdown, record(again)) == (rolled.total, rolled.breakdown, record(rolled))
    src = DiceSource(given=given_of(rolled))
    replayed = expr.roll(src)
    src.finish()
    assert (replayed.total, replayed.breakdown, record(replayed)) == (rolled.total, rolled.breakdown, record(rolled))


@settings(derandomize=True, max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(new_forms())
def test_odds_of_new_forms_equal_the_exact_enumeration_of_every_roll(text):
    with mock.patch.object(roller, "MAX_EXPLOSIONS", 2), mock.patch.object(odds, "MAX_EXPLOSIONS", 2), \
            mock.patch.object(odds, "ODDS_EXPLOSION_TAIL", 0.0):
        exact = exact_by_enumeration(text)
        dist = distribution(text)
    assert dist.outcomes == sorted(exact.items())
    assert sum(p for _v, p in dist.outcomes) == 1


# --- odds answer or refuse quickly (issue 18) ------------------------------------------------------

ODDS_COUNTS = ["1", "2", "3", "6", "12", "20", "(1d4)", "(2d6)", "(1d20)", "(3d6)", "(1d6+2)"]
ODDS_SIDES = ["2", "4", "6", "10", "20", "F", "(1d6+1)", "{1,2,2,5}"]
ODDS_MODIFIERS = ["", "!", "!!", "!kh3", "kh1", ">=4", ">=4!", "r1", "ro1!", "!>=5", "!kl2"]


@st.composite
def costly_expressions(draw):
    def term():
        return drawn_term(draw, ODDS_COUNTS, ODDS_SIDES, ODDS_MODIFIERS)

    first = term()
    shape = draw(st.integers(0, 3))
    if shape == 1:
        return f"{first} {draw(st.sampled_from('+*'))} {term()}"
    if shape == 2:
        return f"{{{first}, {term()}}}kh1"
    if shape == 3:
        return f"({first}) >= {draw(st.integers(1, 30))}"
    return first


@settings(derandomize=True, max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(costly_expressions())
def test_odds_answer_or_refuse_quickly(text):
    """Exploding dice, counts and sizes given by a roll, pools and groups: the
    estimate either lets the odds through, to finish within a few seconds, or
    refuses them at once (the limit is about 2 s of work)."""
    start = time.process_time()
    try:
        distribution(text)
    except DiceError as exc:
        assert time.process_time() - start < 0.5, (text, str(exc))
        assert "\n" not in str(exc)
    assert time.process_time() - start < 4.0, text


@SETTINGS
@given(st.sampled_from([2, 3, 6, 10, 12, 20, 100]), st.integers(0, 8), st.integers(0, 2**32))
def test_many_dice_at_once_are_the_dice_read_one_at_a_time(sides, count, seed):
    """``roll_many`` and ``fudge_many`` (a plugin's pool) give the values and
    the records a die-by-die loop gives, rolled and given, and go through a
    subclass's own ``roll`` and ``fudge``."""
    whys = [f"die {i}" for i in range(count)]
    many, each = DiceSource(seed), DiceSource(seed)
    assert many.roll_many(sides, whys) == [each.roll(sides, w) for w in whys]
    assert many.fudge_many(whys) == [each.fudge(w) for w in whys]
    assert many.reads == each.reads and many.count == each.count == 2 * count
    given = [str(r.value) if r.sides != "F" else "+-0"[[1, -1, 0].index(r.value)] for r in each.reads]
    back = DiceSource(given=given)
    assert back.roll_many(sides, whys) + back.fudge_many(whys) == [r.value for r in each.reads]
    assert [(r.sides, r.value, r.why) for r in back.reads] == [(r.sides, r.value, r.why) for r in each.reads]
    prefix = _Prefix([1] * count + [0] * count)
    assert prefix.roll_many(sides, whys) == [1] * count and prefix.fudge_many(whys) == [0] * count
