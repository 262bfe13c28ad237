"""The lowest and highest total an expression can roll.

Every roll lies within: exact for sums, keep/drop, rerolls, custom faces and
arithmetic; an explosion is allowed its full 100 steps, a success count its
best and worst case, a comparison 0..1. The parser uses them to refuse a
count or a size given by a roll that could leave the limits (``(1d1000000)d6``)
before anything is rolled.
"""

from __future__ import annotations

import math

from rolecli.dice.limits import MAX_EXPLOSIONS
from rolecli.dice.tree import (WRAPPERS, Compare, Dice, Func, Group, Neg, Node, Num, Trait, kept_count,
                               walk)


def round_half_up(value) -> int:
    """``round()`` of the dice language: halves go up, as in Roll20 and Foundry
    (JavaScript's Math.round), not to the even neighbour as Python's round:
    ⌊x + ½⌋, computed as ⌊(⌊2x⌋ + 1) / 2⌋ so that no Fraction is needed."""
    return (math.floor(2 * value) + 1) // 2


ROUNDING = {"floor": math.floor, "ceil": math.ceil, "round": round_half_up}


def bounds(node: Node, exact: bool = False) -> tuple:
    """``(lowest, highest)`` total of ``node``. ``exact``: inside floor/ceil/round,
    where ``/`` divides exactly (the bounds may then be fractions)."""
    if isinstance(node, (Num, Trait)):
        return node.value, node.value
    if isinstance(node, WRAPPERS):
        return bounds(node.inner, exact)
    if isinstance(node, Neg):
        lo, hi = bounds(node.operand, exact)
        return -hi, -lo
    if isinstance(node, Func):
        lo, hi = bounds(node.inner, True)
        rounding = ROUNDING[node.name]
        return rounding(lo), rounding(hi)
    if isinstance(node, Compare):
        return 0, 1
    if isinstance(node, Group):
        return _group_bounds(node, exact)
    if isinstance(node, Dice):
        return _dice_bounds(node)
    lo, hi = bounds(node.first, exact)
    for op, operand in node.rest:
        a, b = bounds(operand, exact and op != "/")  # a divisor always rounds down (docs/dice.md)
        if op == "+":
            lo, hi = lo + a, hi + b
        elif op == "-":
            lo, hi = lo - b, hi - a
        elif op == "*":
            corners = (lo * a, lo * b, hi * a, hi * b)
            lo, hi = min(corners), max(corners)
        else:
            divisors = [d for d in (a, b, -1, 1) if a <= d <= b and d != 0]
            if not divisors:  # always 0: every roll fails with an error
                continue
            if exact:
                from fractions import Fraction

                corners = [Fraction(x) / d for x in (lo, hi) for d in divisors]
            else:
                corners = [x // d for x in (lo, hi) for d in divisors]
            lo, hi = min(corners), max(corners)
    return lo, hi


def _group_bounds(group: Group, exact: bool) -> tuple:
    size = len(group.members)
    kept = kept_count(group.keep, size)
    if group.success is not None:
        return kept * (-1 if group.fail is not None else 0), kept * (2 if group.double is not None else 1)
    ends = [bounds(m, exact) for m in group.members]
    # Whichever members are kept, their sum lies between the sums of the lowest and the highest ends.
    return sum(sorted(lo for lo, _hi in ends)[:kept]), sum(sorted((hi for _lo, hi in ends), reverse=True)[:kept])


def _dice_bounds(term: Dice) -> tuple[int, int]:
    if not term.sized_later:
        return _sized_bounds(term)
    counts = bounds(term.count_node) if term.count_node is not None else (term.count,)
    sizes = bounds(term.sides_node) if term.sides_node is not None else (term.sides,)
    # Every form is monotone in the count and in the size: the ends give the extremes.
    ends = [_sized_bounds(term.sized(c, s)) for c in counts for s in sizes]
    return min(lo for lo, _hi in ends), max(hi for _lo, hi in ends)


def _allowed_faces(term: Dice) -> tuple[int, int]:
    lo, hi = term.lo, term.hi
    r = term.reroll
    if r is None or term.reroll_once:
        return lo, hi
    if term.faces is not None:
        kept = [f for f in term.faces if not r.matches(f)] or [lo]
        return min(kept), max(kept)
    c, d = r.interval()  # the rerolled faces: one interval, never all of lo..hi
    if c <= lo <= d:
        lo = int(d) + 1
    if c <= hi <= d:
        hi = int(c) - 1
    return lo, hi


def _sized_bounds(term: Dice) -> tuple[int, int]:
    a, b = _allowed_faces(term)
    a, b = term.clamp(a), term.clamp(b)
    n = term.count
    sizes = (n, n)
    if term.explode is not None:
        if term.compound:
            a, b = min(a, a * (MAX_EXPLOSIONS + 1)), max(b, b * (MAX_EXPLOSIONS + 1))
        else:
            # xo: each die once; ra: one die for the whole term; !p: an explosion die counts one less.
            sizes = (n, n + 1 if term.explode_once == "term" else n * (2 if term.explode_once else MAX_EXPLOSIONS + 1))
            a = a - 1 if term.penetrate else a
    if term.keep is not None:
        sizes = (kept_count(term.keep, sizes[0]), kept_count(term.keep, sizes[1]))
    if term.success is not None:
        a = -1 if term.fail is not None else 0
        b = 2 if term.double is not None else 1
    lows = [m * a for m in sizes]
    highs = [m * b for m in sizes]
    return min(lows), max(highs)


def reach(term: Dice, lo: float, hi: float) -> tuple[bool, bool]:
    """Whether a die of ``term`` can count as a value within ``lo..hi`` (the
    value success counting looks at: the face it ends on after its rerolls and
    ``mi``/``ma``, or the compounded total of ``!!``), and whether it always does.
    An explosion die of ``!p`` counts one less than its face: either may be counted."""
    if term.explode is not None and term.penetrate:
        face, less = _reach(term, lo, hi), _reach(term, lo + 1, hi + 1)
        return face[0] or less[0], face[1] and less[1]
    return _reach(term, lo, hi)


def _reach(term: Dice, lo: float, hi: float) -> tuple[bool, bool]:
    if term.explode is not None and term.compound:
        # At most MAX_EXPLOSIONS exploding faces, then one more: an interval
        # around every compounded total (gaps such as d6!!'s 6 are not looked for).
        a, b = _allowed_faces(term)
        e = term.explode
        low = a + MAX_EXPLOSIONS * min(max(e.lo, a), 0)
        high = b + MAX_EXPLOSIONS * max(min(e.hi, b), 0)
        return max(lo, low) <= min(hi, high), lo <= low and high <= hi
    r = term.reroll
    removed = r if r is not None and not term.reroll_once else None
    if term.faces is not None:
        values = [term.clamp(f) for f in term.faces if removed is None or not removed.matches(f)]
        matching = sum(lo <= v <= hi for v in values)
        return matching > 0, matching == len(values)

    def standing(a: float, b: float) -> int:
        """How many faces within a..b the die can end on (not rerolled away)."""
        a, b = max(a, term.lo), min(b, term.hi)
        if a > b:
            return 0
        n = int(b) - int(a) + 1
        if removed is not None:
            c, d = max(removed.lo, a), min(removed.hi, b)
            n -= int(d) - int(c) + 1 if c <= d else 0
        return n

    floor = term.floor if term.floor is not None else -math.inf
    ceiling = term.ceiling if term.ceiling is not None else math.inf
    matching = standing(max(lo, floor), min(hi, ceiling))  # faces that count as themselves
    if lo <= floor <= hi:  # faces below mi count as mi
        matching += standing(-math.inf, floor - 1)
    if lo <= ceiling <= hi:  # faces above ma count as ma
        matching += standing(ceiling + 1, math.inf)
    return matching > 0, matching == standing(-math.inf, math.inf)


def has_dynamic(node: Node) -> bool:
    """Whether the number of dice ``node`` reads is known only while rolling."""
    return any(isinstance(n, Dice) and (n.dynamic or n.sized_later) for n in walk(node))
