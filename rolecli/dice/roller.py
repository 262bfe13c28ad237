"""Rolling a parsed dice expression.

:func:`compile_tree` turns the syntax tree into nested closures once; rolling
then only calls them. Each dice term appends one compact record
``(term, value, values, reasons, flags)`` per roll; the per-die objects
(:class:`DieResult`) and the breakdown text are built from those records only
when asked for.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Callable, Sequence

from rolecli.dice.limits import MAX_DICE, MAX_EXPLOSIONS, MAX_REROLLS
from rolecli.dice.parser import Chain, Dice, Neg, Node, Num, Paren
from rolecli.dice.source import FastRandom
from rolecli.errors import DiceError

# What happened to one die read (bit flags in a group record).
REROLLED = 1
DROP_LOW = 2
DROP_HIGH = 4
EXPLODED = 8
COMPOUNDED = 16
SUCCESS = 32
DOUBLE = 64
FAIL = 128
NOT_KEPT = REROLLED | DROP_LOW | DROP_HIGH

Group = tuple  # (Dice, value, values, reasons, flags | None)
Evaluator = Callable[[object, list], int]


class DieResult(tuple):
    """One die read while rolling: its size (``"F"`` for fudge), value, whether
    it counts towards the total (``kept``), whether it was ``"rolled"`` or
    ``"given"``, what happened to it (``why``: ``"kept"``, ``"dropped
    (lowest)"``, ``"rerolled"``, ``"exploded"``, ``"success"``…) and the reason
    it was read (``reason``: ``"4d6kh3 die 2"``). An immutable record (a tuple
    underneath, so that building thousands of them stays cheap)."""

    __slots__ = ()
    _fields = ("sides", "value", "kept", "how", "why", "reason")

    def __new__(cls, sides: int | str, value: int, kept: bool, how: str, why: str, reason: str):
        return _tuple_new(cls, (sides, value, kept, how, why, reason))

    sides = property(itemgetter(0), doc="faces of the die, or 'F' for a fudge die")
    value = property(itemgetter(1), doc="the face read")
    kept = property(itemgetter(2), doc="True when the die counts towards the total")
    how = property(itemgetter(3), doc="'rolled' or 'given'")
    why = property(itemgetter(4), doc="what happened to the die")
    reason = property(itemgetter(5), doc="why the die was read, as passed to the DiceSource")

    def as_json(self) -> dict:
        return dict(zip(self._fields, self))

    def __repr__(self) -> str:
        return f"DieResult(d{self.sides}={self.value}, {self.why})"


_tuple_new = tuple.__new__


def _why(flags: int) -> str:
    if flags & REROLLED:
        return "rerolled"
    parts = []
    if flags & EXPLODED:
        parts.append("exploded")
    if flags & COMPOUNDED:
        parts.append("compounded")
    if flags & DROP_LOW:
        parts.append("dropped (lowest)")
    elif flags & DROP_HIGH:
        parts.append("dropped (highest)")
    elif flags & DOUBLE:
        parts.append("double success")
    elif flags & SUCCESS:
        parts.append("success")
    if flags & FAIL and not flags & (DROP_LOW | DROP_HIGH):
        parts.append("failure")
    return ", ".join(parts) or "kept"


_WHY = [_why(f) for f in range(256)]
_KEPT = [not f & NOT_KEPT for f in range(256)]


class RollResult:
    """The outcome of :meth:`Expression.roll`: the ``total``, every die read in
    order (``dice``), a one-line ``breakdown`` and :meth:`as_json`."""

    __slots__ = ("_expr", "total", "_groups", "_how", "_dice", "_breakdown")

    def __init__(self, expr, total: int, groups: list, how: str):
        self._expr = expr
        self.total = total
        self._groups = groups
        self._how = how
        self._dice = self._breakdown = None  # built when first asked for

    @property
    def expression(self) -> str:
        """The expression rolled, as written."""
        return self._expr.text

    @property
    def dice(self) -> list[DieResult]:
        """Every die read, in the order the source read it."""
        if self._dice is not None:
            return self._dice
        how = self._how
        out = []
        new = _tuple_new
        for term, _value, values, reasons, flags in self._groups:
            sides = term.label
            if flags is None:
                out.extend([new(DieResult, (sides, v, True, how, "kept", r)) for v, r in zip(values, reasons)])
            else:
                out.extend(
                    [new(DieResult, (sides, v, _KEPT[f], how, _WHY[f], r)) for v, r, f in zip(values, reasons, flags)]
                )
        self._dice = out
        return out

    @property
    def breakdown(self) -> str:
        """One line such as ``4d6kh3 [6, 5, 2, ~~1~~] = 13`` (see docs/dice.md)."""
        if self._breakdown is not None:
            return self._breakdown
        self._breakdown = text = f"{render(self._expr.tree, iter(self._groups))} = {self.total}"
        return text

    def as_json(self) -> dict:
        return {
            "expression": self.expression,
            "total": self.total,
            "dice": [d.as_json() for d in self.dice],
            "breakdown": self.breakdown,
        }

    def __repr__(self) -> str:
        return f"RollResult({self.breakdown!r})"


# --- breakdown text -----------------------------------------------------------


def unparse(node: Node) -> str:
    """The expression of a subtree, as text (for messages)."""
    return render(node, None)


def render(node: Node, groups) -> str:
    """Text of ``node``; with ``groups`` (an iterator of group records in
    evaluation order) each dice term is followed by its dice."""
    if isinstance(node, Num):
        return str(node.value)
    if isinstance(node, Dice):
        if groups is None:
            return node.text
        return f"{node.text} [{_dice_text(next(groups))}]"
    if isinstance(node, Neg):
        return "-" + render(node.operand, groups)
    if isinstance(node, Paren):
        return "(" + render(node.inner, groups) + ")"
    parts = [render(node.first, groups)]
    for op, operand in node.rest:
        parts.append(f"{op} {render(operand, groups)}")
    return " ".join(parts)


def _face(term: Dice, value: int) -> str:
    if term.fudge:
        return "+" if value > 0 else "-" if value < 0 else "0"
    return str(value)


def _dice_text(group: Group) -> str:
    term, _value, values, _reasons, flags = group
    if flags is None:
        return ", ".join(map(str, values)) if not term.fudge else ", ".join(_face(term, v) for v in values)
    shown = []
    chain: list[str] = []
    for v, f in zip(values, flags):
        if f & REROLLED:
            shown.append(f"~~{_face(term, v)}~~")
            continue
        if term.fudge and (chain or f & COMPOUNDED):
            part = f"{v:+d}" if v else "0"
        else:
            part = _face(term, v)
        if f & EXPLODED:
            part += "!"
        chain.append(part)
        if f & COMPOUNDED:
            continue
        text = "+".join(chain) if not term.fudge or len(chain) == 1 else "".join(chain)
        chain = []
        if f & (DROP_LOW | DROP_HIGH):
            text = f"~~{text}~~"
        else:
            if f & DOUBLE:
                text += "**"
            elif f & SUCCESS:
                text += "*"
            if f & FAIL:
                text += "f"
        shown.append(text)
    return ", ".join(shown)


# --- compiling ------------------------------------------------------------------


def compile_tree(node: Node, source_text: str) -> Evaluator:
    """A function ``(source, groups) -> total`` that rolls ``node``."""
    if isinstance(node, Num):
        value = node.value
        return lambda src, groups: value
    if isinstance(node, Paren):
        return compile_tree(node.inner, source_text)
    if isinstance(node, Neg):
        inner = compile_tree(node.operand, source_text)
        return lambda src, groups: -inner(src, groups)
    if isinstance(node, Dice):
        return _compile_dice(node, source_text)
    return _compile_chain(node, source_text)


def _compile_chain(node: Chain, source_text: str) -> Evaluator:
    first = compile_tree(node.first, source_text)
    rest = tuple((op, compile_tree(operand, source_text), operand) for op, operand in node.rest)
    ops = {op for op, _f, _n in rest}
    if ops == {"+"}:
        adds = tuple(f for _op, f, _n in rest)

        def add(src, groups):
            total = first(src, groups)
            for f in adds:
                total += f(src, groups)
            return total

        return add

    def chain(src, groups):
        total = first(src, groups)
        for op, f, operand in rest:
            value = f(src, groups)
            if op == "+":
                total += value
            elif op == "-":
                total -= value
            elif op == "*":
                total *= value
            elif value == 0:
                raise DiceError(
                    f"division by zero in {source_text!r}: {unparse(operand)} came out as 0 on this roll; "
                    "make sure the divisor cannot be 0 (e.g. add 1 to it)."
                )
            else:
                total //= value
        return total

    return chain


def _compile_dice(term: Dice, source_text: str) -> Evaluator:
    n = term.count
    sides = term.sides
    reasons = tuple(f"{term.text} die {i}" for i in range(1, n + 1))
    simple = term.reroll is None and term.explode is None and term.success is None

    if simple and term.keep is None:
        if sides is None:

            def plain_fudge(src, groups):
                values = src._fudge_many(reasons)
                total = sum(values)
                groups.append((term, total, values, reasons, None))
                return total

            return plain_fudge

        def plain(src, groups):
            values = src._roll_many(sides, reasons)
            total = sum(values)
            groups.append((term, total, values, reasons, None))
            return total

        return plain

    if simple:
        kind, k = term.keep
        drop = {"kh": n - k, "kl": n - k, "dh": k, "dl": k}[kind]
        low = kind in ("kh", "dl")  # the dropped dice are the lowest
        flag = DROP_LOW if low else DROP_HIGH
        index = range(n)
        if drop == 1:  # 4d6kh3, 2d20kh1, 2d20kl1...: the common case, kept lean
            pick = min if low else max
            faces = 3 if sides is None else sides
            offset = -1 if sides is None else 1
            bits_needed = faces.bit_length()
            label = term.label

            def keep_one_off(src, groups):
                rng = src._rng
                if src._given is None and type(rng) is FastRandom and src._plain:
                    # DiceSource._below_many inlined: the same numbers, no call per die.
                    bits = rng.getrandbits
                    values = []
                    for _ in index:
                        r = bits(bits_needed)
                        while r >= faces:
                            r = bits(bits_needed)
                        values.append(r + offset)
                    src._raw.append((label, values, "rolled", reasons))
                else:
                    values = src._roll_many(sides, reasons) if sides is not None else src._fudge_many(reasons)
                out = pick(values)
                i = values.index(out)  # among equal dice, the first one is dropped
                flags = [0] * n
                flags[i] = flag
                total = sum(values) - out
                groups.append((term, total, values, reasons, flags))
                return total

            return keep_one_off

        def keep(src, groups):
            values = src._roll_many(sides, reasons) if sides is not None else src._fudge_many(reasons)
            # Stable sorts: among equal dice, the first one is dropped.
            order = sorted(index, key=values.__getitem__, reverse=not low)
            flags = [0] * n
            total = sum(values)
            for i in order[:drop]:
                flags[i] = flag
                total -= values[i]
            groups.append((term, total, values, reasons, flags))
            return total

        return keep

    if term.reroll is None and term.explode is None:
        return _compile_counted(term, reasons)
    return _compile_general(term, reasons, source_text)


def _compile_counted(term: Dice, reasons: Sequence[str]) -> Evaluator:
    """Success counting (maybe after keep/drop) without rerolls or explosions."""
    n = term.count
    sides = term.sides
    scoring = _score_flags(term)
    if term.hi - term.lo < 4096:  # a table per face
        offset = -term.lo
        table = [scoring(face) for face in range(term.lo, term.hi + 1)]
        scoring = lambda v: table[v + offset]  # noqa: E731
    keep = term.keep
    if keep is not None:
        kind, k = keep
        drop = {"kh": n - k, "kl": n - k, "dh": k, "dl": k}[kind]
        low = kind in ("kh", "dl")
        mark = DROP_LOW if low else DROP_HIGH
    index = range(n)

    def counted(src, groups):
        values = src._roll_many(sides, reasons) if sides is not None else src._fudge_many(reasons)
        flags = [0] * n
        if keep is not None:
            for i in sorted(index, key=values.__getitem__, reverse=not low)[:drop]:
                flags[i] = mark
        total = 0
        for i, v in enumerate(values):
            if not flags[i]:
                f = flags[i] = scoring(v)
                total += _SCORE[f]
        groups.append((term, total, values, reasons, flags))
        return total

    return counted


def _score_flags(term: Dice) -> Callable[[int], int]:
    """face -> SUCCESS/DOUBLE/FAIL flags."""
    success, double, fail = term.success, term.double, term.fail

    def flags(value: int) -> int:
        f = 0
        if success.matches(value):
            f = DOUBLE if double is not None and double.matches(value) else SUCCESS
        if fail is not None and fail.matches(value):
            f |= FAIL
        return f

    return flags


def score_of(flags: int) -> int:
    """Successes a die with these flags counts: 1, 2 for a double, -1 for a failure."""
    return (2 if flags & DOUBLE else 1 if flags & SUCCESS else 0) - (1 if flags & FAIL else 0)


_SCORE = [score_of(f) for f in range(256)]


def _compile_general(term: Dice, reasons: Sequence[str], source_text: str) -> Evaluator:
    """Rerolls, explosions, keep/drop and success counting, one die at a time."""
    sides = term.sides
    reroll = term.reroll.matches if term.reroll is not None else None
    once = term.reroll_once
    explode = term.explode.matches if term.explode is not None else None
    compound = term.compound
    keep = term.keep
    scoring = _score_flags(term) if term.success is not None else None
    mod_r = f"{'ro' if once else 'r'}{term.reroll.text}" if term.reroll is not None else ""

    def general(src, groups):
        budget = MAX_DICE - sum(len(g[2]) for g in groups)
        if sides is None:
            fudge = src.fudge
            read = fudge
        else:
            roll = src.roll

            def read(why: str) -> int:
                return roll(sides, why)

        values: list[int] = []
        whys: list[str] = []
        flags: list[int] = []

        def one(why: str) -> int:
            """One die, rerolled as the term says; its value."""
            if len(values) >= budget:
                _too_many(source_text)
            v = read(why)
            values.append(v)
            whys.append(why)
            flags.append(0)
            if reroll is not None and reroll(v):
                times = 0
                while True:
                    if times == MAX_REROLLS:
                        raise DiceError(
                            f"{term.text}: a die was rerolled {MAX_REROLLS} times and still matched {mod_r} "
                            f"(limit {MAX_REROLLS} rerolls per die); make the reroll condition rarer."
                        )
                    if len(values) >= budget:
                        _too_many(source_text)
                    flags[-1] = REROLLED
                    times += 1
                    again = f"{why} reroll" if times == 1 else f"{why} reroll {times}"
                    v = read(again)
                    values.append(v)
                    whys.append(again)
                    flags.append(0)
                    if once or not reroll(v):
                        break
            return v

        # The pool: (value, index of its first read, index of its last read).
        pool: list[tuple[int, int, int]] = []
        for why in reasons:
            first = len(values)
            v = one(why)
            if explode is None:
                pool.append((v, first, len(values) - 1))
                continue
            if compound:
                die_total = v
                k = 0
                while k < MAX_EXPLOSIONS and explode(v):
                    flags[-1] |= COMPOUNDED
                    k += 1
                    v = one(f"{why} compounding" if k == 1 else f"{why} compounding {k}")
                    die_total += v
                pool.append((die_total, first, len(values) - 1))
                continue
            pool.append((v, first, len(values) - 1))
            k = 0
            while k < MAX_EXPLOSIONS and explode(v):
                flags[-1] |= EXPLODED
                k += 1
                start = len(values)
                v = one(f"{why} explosion" if k == 1 else f"{why} explosion {k}")
                pool.append((v, start, len(values) - 1))

        kept = pool
        if keep is not None:
            kind, k = keep
            size = len(pool)
            drop = max(0, size - k) if kind in ("kh", "kl") else min(k, size)
            low = kind in ("kh", "dl")
            order = sorted(range(size), key=lambda i: pool[i][0], reverse=not low)
            dropped = set(order[:drop])
            mark = DROP_LOW if low else DROP_HIGH
            kept = []
            for i, item in enumerate(pool):
                if i in dropped:
                    for j in range(item[1], item[2] + 1):
                        if not flags[j] & REROLLED:
                            flags[j] |= mark
                else:
                    kept.append(item)
        if scoring is None:
            total = sum(item[0] for item in kept)
        else:
            total = 0
            for value, _first, last in kept:
                f = scoring(value)
                flags[last] |= f
                total += score_of(f)
        groups.append((term, total, values, whys, flags))
        return total

    return general


def _too_many(source_text: str) -> None:
    raise DiceError(
        f"{source_text!r} needed more than {MAX_DICE:,} dice (explosions and rerolls count too), "
        f"over the limit of {MAX_DICE:,} dice per roll; roll fewer dice or make them explode less often."
    )


# --- bounds ---------------------------------------------------------------------


def bounds(node: Node) -> tuple[int, int]:
    """Lowest and highest total ``node`` can roll: every roll lies within. Exact
    for sums, keep/drop, rerolls and arithmetic; an explosion is allowed its
    full 100 steps, and a success count its best and worst case."""
    if isinstance(node, Num):
        return node.value, node.value
    if isinstance(node, Paren):
        return bounds(node.inner)
    if isinstance(node, Neg):
        lo, hi = bounds(node.operand)
        return -hi, -lo
    if isinstance(node, Dice):
        return _dice_bounds(node)
    lo, hi = bounds(node.first)
    for op, operand in node.rest:
        a, b = bounds(operand)
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
            corners = [x // d for x in (lo, hi) for d in divisors]
            lo, hi = min(corners), max(corners)
    return lo, hi


def _allowed_faces(term: Dice) -> tuple[int, int]:
    lo, hi = term.lo, term.hi
    r = term.reroll
    if r is None or term.reroll_once:
        return lo, hi
    c, d = r.interval()  # the rerolled faces: one interval, never all of lo..hi
    if c <= lo <= d:
        lo = int(d) + 1
    if c <= hi <= d:
        hi = int(c) - 1
    return lo, hi


def _dice_bounds(term: Dice) -> tuple[int, int]:
    a, b = _allowed_faces(term)
    n = term.count
    sizes = (n, n)
    if term.explode is not None:
        if term.compound:
            a, b = min(a, a * (MAX_EXPLOSIONS + 1)), max(b, b * (MAX_EXPLOSIONS + 1))
        else:
            sizes = (n, n * (MAX_EXPLOSIONS + 1))
    if term.keep is not None:
        kind, k = term.keep
        if kind in ("kh", "kl"):
            sizes = (min(k, sizes[0]), min(k, sizes[1]))
        else:
            sizes = (max(sizes[0] - k, 0), max(sizes[1] - k, 0))
    if term.success is not None:
        a = -1 if term.fail is not None else 0
        b = 2 if term.double is not None else 1
    lows = [m * a for m in sizes]
    highs = [m * b for m in sizes]
    return min(lows), max(highs)


def has_dynamic(node: Node) -> bool:
    if isinstance(node, Dice):
        return node.dynamic
    if isinstance(node, Num):
        return False
    if isinstance(node, Paren):
        return has_dynamic(node.inner)
    if isinstance(node, Neg):
        return has_dynamic(node.operand)
    return has_dynamic(node.first) or any(has_dynamic(o) for _op, o in node.rest)
