"""Rolling a parsed dice expression.

:func:`compile_tree` turns the syntax tree into nested closures once; rolling
then only calls them. Each dice term appends one compact record
``(term, value, values, reasons, flags)`` per roll; the per-die objects
(:class:`DieResult`) and the breakdown text are built from those records only
when asked for. Labels, comparisons and groups append a record of their own
``(node, value, (), parts, flags)`` after the records of what they hold, so
that the breakdown, read in the same order, finds each one where it belongs.
"""

from __future__ import annotations

import functools
from operator import itemgetter
from typing import Callable, Sequence

from rolecli.dice.bounds import ROUNDING
from rolecli.dice.limits import MAX_DICE, MAX_EXPLOSIONS, MAX_REROLLS
from rolecli.dice.parser import sized_term
from rolecli.dice.words import quoted, say
from rolecli.dice.tree import (WRAPPERS, Chain, Compare, Dice, Func, Group, Label, Named, Neg, Node, Num, Paren,
                               Trait, compare, kept_count)
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
RAISED = 256  # counted as its mi
LOWERED = 512  # counted as its ma
PENETRATED = 1024  # an explosion die of "!p", counted one less
NOT_KEPT = REROLLED | DROP_LOW | DROP_HIGH

Group_ = tuple  # (Dice, value, values, reasons, flags | None)
Evaluator = Callable[[object, list], int]


class DieResult(tuple):
    """One die read while rolling: its size (``"F"`` for fudge, ``"{1,1,2}"``
    for a custom die), value, whether it counts towards the total (``kept``),
    whether it was ``"rolled"`` or ``"given"``, what happened to it (``why``:
    ``"kept"``, ``"dropped (lowest)"``, ``"rerolled"``, ``"exploded"``,
    ``"success"``…) and the reason it was read (``reason``: ``"4d6kh3 die 2"``).
    An immutable record (a tuple underneath, so that building thousands of them
    stays cheap)."""

    __slots__ = ()
    _fields = ("sides", "value", "kept", "how", "why", "reason")

    def __new__(cls, sides: int | str, value: int, kept: bool, how: str, why: str, reason: str):
        return _tuple_new(cls, (sides, value, kept, how, why, reason))

    sides = property(itemgetter(0), doc="faces of the die, 'F' for a fudge die, '{1,1,2}' for a custom one")
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


# (worked out when a die is first shown with these flags, not for all 2,048 at import: a roll
# meets a few, and the whole table was 1% of a quick dice simulation's start-up, 5.8M instructions)
@functools.cache
def _why(flags: int) -> str:
    if flags & REROLLED:
        return "rerolled"
    parts = []
    if flags & EXPLODED:
        parts.append("exploded")
    if flags & COMPOUNDED:
        parts.append("compounded")
    if flags & PENETRATED:
        parts.append("penetrating")
    if flags & RAISED:
        parts.append("raised to the minimum")
    elif flags & LOWERED:
        parts.append("lowered to the maximum")
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


def _critical(term: Dice, value: int, flags: int) -> str:
    """``"critical success"`` / ``"critical failure"`` for a die that counts and
    shows a face of its term's critical range (``cs``/``cf``, a d20's natural 20
    and 1); else ``""``. Only shown, never counted: worked out when asked for."""
    if flags & NOT_KEPT:
        return ""
    success, failure = term.crit
    if success is not None and success.matches(value):
        return "critical success"
    if failure is not None and failure.matches(value):
        return "critical failure"
    return ""


_CRIT_MARK = {"": "", "critical success": "↑", "critical failure": "↓"}


def _unwrapped(node: Node) -> Node:
    while isinstance(node, WRAPPERS):
        node = node.inner
    return node


def is_comparison(node: Node) -> bool:
    """Whether ``node`` is, under its wrappers, a comparison (a roll that succeeds or fails)."""
    return isinstance(_unwrapped(node), Compare)


def is_count(node: Node) -> bool:
    """Whether ``node`` is, under its wrappers, a success count (``10d10>=6f1``,
    ``{2d6, 3d6}>=10``): a roll that succeeds with at least one success."""
    node = _unwrapped(node)
    return isinstance(node, (Dice, Group)) and node.success is not None


class RollResult:
    """The outcome of :meth:`Expression.roll`: the ``total``, every die read in
    order (``dice``), a one-line ``breakdown`` and :meth:`as_json`. A roll of a
    comparison (``1d20+5>=15``) totals 1 or 0 and has ``success`` True or False
    (``None`` for any other roll); a success count (``10d10>=6f1``) succeeds
    with at least one success, and fails with none (or fewer, after ``f``)."""

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
    def success(self) -> bool | None:
        tree = self._expr.tree
        if is_comparison(tree):
            return bool(self.total)
        return self.total >= 1 if is_count(tree) else None

    @property
    def compared(self) -> tuple[int, int] | None:
        """A comparison's two sides as rolled, ``(15, 15)`` for ``1d20 [10] + 5 >= 15``
        (``None`` for any other roll): how far a roll missed or passed."""
        node = _unwrapped(self._expr.tree)
        if not isinstance(node, Compare):
            return None
        # Its record comes after those of its sides; only a label around it comes later.
        return next(record[3] for record in reversed(self._groups) if record[0] is node)

    @property
    def dice(self) -> list[DieResult]:
        """Every die read, in the order the source read it."""
        if self._dice is not None:
            return self._dice
        how = self._how
        out = []
        new = _tuple_new
        for term, _value, values, reasons, flags in self._groups:
            if type(term) is not Dice:
                continue
            sides = term.label
            if term.crit != (None, None):
                out.extend([new(DieResult, (sides, v, not f & NOT_KEPT, how, ", ".join(filter(None, (
                    _why(f), _critical(term, v, f)))), r)) for v, r, f in zip(values, reasons, flags or [0] * len(values))])
            elif flags is None:
                out.extend([new(DieResult, (sides, v, True, how, "kept", r)) for v, r in zip(values, reasons)])
            else:
                out.extend(
                    [new(DieResult, (sides, v, not f & NOT_KEPT, how, _why(f), r)) for v, r, f in zip(values, reasons, flags)]
                )
        self._dice = out
        return out

    @property
    def breakdown(self) -> str:
        """One line such as ``4d6kh3 [6, 5, 2, ~~1~~] = 13`` (see docs/dice.md);
        a comparison ends with its verdict: ``1d20 [12] + 5 = 17 >= 15: success``."""
        if self._breakdown is None:
            self._breakdown = self.text("en")
        return self._breakdown

    def text(self, lang: str) -> str:
        """The breakdown with the verdict of a comparison in ``lang``."""
        shown = render(self._expr.tree, iter(self._groups))
        if not is_comparison(self._expr.tree):  # a count shows its number; its verdict is the exit code
            return f"{shown} = {self.total}"
        from rolecli.i18n import t

        return f"{shown}: {t('success' if self.success else 'failure', lang)}"

    def line(self, lang: str) -> str:
        """What ``rolecli roll`` prints: the breakdown and the expression's comment."""
        comment = self._expr.comment
        return self.text(lang) + (f"  # {comment}" if comment else "")

    @property
    def dice_read(self) -> int:
        """How many dice the roll read, explosions and rerolls included."""
        return sum(len(g[2]) for g in self._groups)

    @property
    def criticals(self) -> dict[str, int]:
        """How many dice that count show a critical success and a critical failure
        (``{"success": 1, "failure": 0}``); empty when none does."""
        found = {"success": 0, "failure": 0}
        for die in self.dice:
            for kind in found:
                found[kind] += die.why.endswith(f"critical {kind}")
        return found if any(found.values()) else {}

    @property
    def labels(self) -> list[dict]:
        """Each labelled term with its value: ``[{"label": "fire", "value": 7}]``."""
        return [{"label": node.text, "value": value} for node, value, *_ in self._groups if type(node) is Label]

    def as_json(self) -> dict:
        data = {
            "expression": self.expression,
            "total": self.total,
            "dice": [d.as_json() for d in self.dice],
            "breakdown": self.breakdown,
        }
        compared = self.compared
        if compared is not None:
            data["rolled"], data["target"] = compared
        success = self.success
        if success is not None:
            data["success"] = success
        labels = self.labels
        if labels:
            data["labels"] = labels
        criticals = self.criticals
        if criticals:
            data["criticals"] = criticals
        if self._expr.comment:
            data["comment"] = self._expr.comment
        return data

    def __repr__(self) -> str:
        return f"RollResult({self.breakdown!r})"


# --- breakdown text -----------------------------------------------------------


def unparse(node: Node) -> str:
    """The expression of a subtree, as text (for messages)."""
    return render(node, None)


def _plain(node: Node) -> bool:
    """A bare number, whose value would only repeat it."""
    return isinstance(node, (Num, Trait)) or (isinstance(node, Neg) and _plain(node.operand))


def render(node: Node, groups) -> str:
    """Text of ``node``; with ``groups`` (an iterator of group records in
    evaluation order) each dice term is followed by its dice."""
    if isinstance(node, Num):
        return str(node.value)
    if isinstance(node, Trait):
        return f"@{node.name}" if groups is None else f"{node.name} {node.value}"
    if isinstance(node, Dice):
        return _render_dice(node, groups)
    if isinstance(node, Neg):
        return "-" + render(node.operand, groups)
    if isinstance(node, Paren):
        return "(" + render(node.inner, groups) + ")"
    if isinstance(node, Label):
        inner = render(node.inner, groups)
        if groups is not None:
            next(groups)
        return f"{inner}[{node.text}]"
    if isinstance(node, Named):
        return f"@{node.name}" if groups is None else f"@{node.name} ({render(node.inner, groups)})"
    if isinstance(node, Func):
        return f"{node.name}({render(node.inner, groups)})"
    if isinstance(node, Compare):
        return _render_compare(node, groups)
    if isinstance(node, Group):
        return _render_group(node, groups)
    parts = [render(node.first, groups)]
    for op, operand in node.rest:
        parts.append(f"{op} {render(operand, groups)}")
    return " ".join(parts)


def _render_dice(term: Dice, groups) -> str:
    if groups is None:
        return term.text
    if not term.sized_later:
        return f"{term.text} [{_dice_text(next(groups))}]"
    count = render(term.count_node, groups) if term.count_node is not None else str(term.count)
    size = render(term.sides_node, groups) if term.sides_node is not None else None
    record = next(groups)  # rolled as a copy of the term with its count and size known
    return f"{count}d{size or record[0].label}{term.tail} [{_dice_text(record)}]"


def _render_compare(node: Compare, groups) -> str:
    left, right = render(node.left, groups), render(node.right, groups)
    if groups is None:
        return f"{left} {node.text} {right}"
    _node, _value, _none, (lv, rv), _flags = next(groups)
    left += "" if _plain(node.left) else f" = {lv}"
    right += "" if _plain(node.right) else f" = {rv}"
    return f"{left} {node.text} {right}"


def _render_group(node: Group, groups) -> str:
    shown = [render(m, groups) for m in node.members]
    if groups is not None:
        _node, _total, _none, values, flags = next(groups)
        for i, (member, value, f) in enumerate(zip(node.members, values, flags)):
            mark = f"~~{value}~~" if f & (DROP_LOW | DROP_HIGH) else f"{value}{_score_mark(f)}"
            shown[i] = mark if _plain(member) else f"{shown[i]} = {mark}"
    return "{" + ", ".join(shown) + "}" + node.tail


def _score_mark(flags: int) -> str:
    return ("**" if flags & DOUBLE else "*" if flags & SUCCESS else "") + ("f" if flags & FAIL else "")


def _face(term: Dice, value: int) -> str:
    if term.fudge:
        return "+" if value > 0 else "-" if value < 0 else "0"
    return str(value)


def _dice_text(group: Group_) -> str:
    term, _value, values, _reasons, flags = group
    marking = term.crit != (None, None)
    if flags is None and not marking and not term.sort:
        return ", ".join(map(str, values)) if not term.fudge else ", ".join(_face(term, v) for v in values)
    if flags is None:
        flags = [0] * len(values)
    shown: list[tuple[int, str]] = []  # (what it is ordered by, its text)
    chain: list[str] = []
    chain_total = 0
    for v, f in zip(values, flags):
        face = _face(term, v)
        if marking:
            face += _CRIT_MARK[_critical(term, v, f)]
        if f & REROLLED:
            shown.append((v, f"~~{face}~~"))
            continue
        if term.fudge and (chain or f & COMPOUNDED):
            part = f"{v:+d}" if v else "0"
        else:
            part = face
        if f & (RAISED | LOWERED):
            part += f"→{term.clamp(v)}"
        elif f & PENETRATED:
            part += f"→{v - 1}"
        if f & EXPLODED:
            part += "!"
        chain.append(part)
        chain_total += v
        if f & COMPOUNDED:
            continue
        text = "+".join(chain) if not term.fudge or len(chain) == 1 else "".join(chain)
        chain = []
        if f & (DROP_LOW | DROP_HIGH):
            text = f"~~{text}~~"
        else:
            text += _score_mark(f)
        shown.append((chain_total, text))
        chain_total = 0
    if term.sort:  # Roll20's s / sd: the order shown, nothing else
        shown.sort(key=itemgetter(0), reverse=term.sort == "d")
    return ", ".join(text for _key, text in shown)


# --- compiling ------------------------------------------------------------------


def compile_tree(node: Node, source_text: str, exact: bool = False) -> Evaluator:
    """A function ``(source, groups) -> total`` that rolls ``node``. ``exact``:
    inside floor/ceil/round, where ``/`` divides exactly."""
    if isinstance(node, (Num, Trait)):
        value = node.value
        return lambda src, groups: value
    if isinstance(node, (Paren, Named)):
        return compile_tree(node.inner, source_text, exact)
    if isinstance(node, Neg):
        inner = compile_tree(node.operand, source_text, exact)
        return lambda src, groups: -inner(src, groups)
    if isinstance(node, Label):
        return _compile_label(node, compile_tree(node.inner, source_text, exact))
    if isinstance(node, Func):
        inner, rounding = compile_tree(node.inner, source_text, True), ROUNDING[node.name]
        return lambda src, groups: rounding(inner(src, groups))
    if isinstance(node, Compare):
        return _compile_compare(node, compile_tree(node.left, source_text, exact),
                                compile_tree(node.right, source_text, exact))
    if isinstance(node, Group):
        return _compile_group(node, [compile_tree(m, source_text, exact) for m in node.members])
    if isinstance(node, Dice):
        return _compile_sized(node, source_text) if node.sized_later else _compile_dice(node, source_text)
    return _compile_chain(node, source_text, exact)


def _compile_label(node: Label, inner: Evaluator) -> Evaluator:
    def label(src, groups):
        value = inner(src, groups)
        groups.append((node, value, (), (), None))
        return value

    return label


def _compile_compare(node: Compare, left: Evaluator, right: Evaluator) -> Evaluator:
    op = node.op

    def comparison(src, groups):
        lv = left(src, groups)
        rv = right(src, groups)
        result = int(compare(op, lv, rv))
        groups.append((node, result, (), (lv, rv), None))
        return result

    return comparison


def _compile_group(node: Group, members: list[Evaluator]) -> Evaluator:
    keep = node.keep
    scoring = _score_flags(node) if node.success is not None else None
    if keep is not None:
        size = len(members)
        drop = size - kept_count(keep, size)
        low = keep[0] in ("kh", "dl")
        mark = DROP_LOW if low else DROP_HIGH
        index = range(size)

    def group(src, groups):
        values = [member(src, groups) for member in members]
        flags = [0] * len(values)
        if keep is not None:
            for i in sorted(index, key=values.__getitem__, reverse=not low)[:drop]:
                flags[i] = mark
        total = 0
        for i, v in enumerate(values):
            if flags[i]:
                continue
            if scoring is None:
                total += v
            else:
                f = flags[i] = scoring(v)
                total += _SCORE[f]
        groups.append((node, total, (), tuple(values), flags))
        return total

    return group


def _compile_chain(node: Chain, source_text: str, exact: bool) -> Evaluator:
    first = compile_tree(node.first, source_text, exact)
    # A divisor always rounds down, even inside floor/ceil/round (docs/dice.md).
    rest = tuple((op, compile_tree(operand, source_text, exact and op != "/"), operand) for op, operand in node.rest)
    ops = {op for op, _f, _n in rest}
    if exact and "/" in ops:
        from fractions import Fraction
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
                raise DiceError(say(
                    f"división entre cero en {quoted(source_text)}: {unparse(operand)} salió 0 en esta tirada; "
                    "asegúrate de que el divisor no pueda ser 0 (p. ej. súmale 1).",
                    f"division by zero in {quoted(source_text)}: {unparse(operand)} came out as 0 on this roll; "
                    "make sure the divisor cannot be 0 (e.g. add 1 to it)."))
            elif exact:
                total = Fraction(total) / value
            else:
                total //= value
        return total

    return chain


def _compile_sized(term: Dice, source_text: str) -> Evaluator:
    """A term whose count or size is rolled first: ``(1d4)d6``, ``1d(1d8)``."""
    count_of = compile_tree(term.count_node, source_text) if term.count_node is not None else None
    sides_of = compile_tree(term.sides_node, source_text) if term.sides_node is not None else None
    compiled: dict[tuple, Evaluator] = {}  # a few sizes recur; each compiled once

    def sized(src, groups):
        n = count_of(src, groups) if count_of is not None else term.count
        sides = sides_of(src, groups) if sides_of is not None else term.sides
        roll = compiled.get((n, sides))
        if roll is None:
            roll = _compile_dice(sized_term(term, n, sides), source_text)
            if len(compiled) < 64:
                compiled[(n, sides)] = roll
        return roll(src, groups)

    return sized


def _readers(term: Dice):
    """``(read_one(src) -> read(why), read_many(src, whys) -> values)`` for the die of ``term``."""
    sides, faces = term.sides, term.faces
    if faces is not None:
        label = term.label
        return ((lambda src: lambda why: src.custom(faces, why, label)),
                (lambda src, whys: [src.custom(faces, w, label) for w in whys]))
    if sides is None:
        return (lambda src: src.fudge), (lambda src, whys: src.fudge_many(whys))
    return ((lambda src: lambda why: src.roll(sides, why)),
            (lambda src, whys: src.roll_many(sides, whys)))


def _compile_dice(term: Dice, source_text: str) -> Evaluator:
    n = term.count
    sides = term.sides
    reasons = tuple(f"{term.text} die {i}" for i in range(1, n + 1))
    clamped = term.floor is not None or term.ceiling is not None
    simple = term.reroll is None and term.explode is None and term.success is None and not clamped
    _one, read_many = _readers(term)

    if simple and term.keep is None and n == 1 and sides is not None and term.faces is None:
        reason = reasons[0]

        def one(src, groups):  # 1d20, 1d6: the die read at once, not as a pool of one through two more calls
            value = src.roll(sides, reason)
            groups.append((term, value, [value], reasons, None))
            return value

        return one

    if simple and term.keep is None:
        def plain(src, groups):
            values = read_many(src, reasons)
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
        if drop == 1 and term.faces is None:  # 4d6kh3, 2d20kh1, 2d20kl1...: the common case, kept lean
            pick = min if low else max
            faces = 3 if sides is None else sides
            offset = -1 if sides is None else 1
            bits_needed = faces.bit_length()
            label = term.label

            def keep_one_off(src, groups):
                bits = src._bits
                if src._given is None and bits is not None and src._plain:
                    # DiceSource._below_many inlined: the same numbers, no call per die.
                    values = [0] * n
                    for i in index:
                        r = bits(bits_needed)
                        while r >= faces:
                            r = bits(bits_needed)
                        values[i] = r + offset
                    if src.recording:
                        src._raw.append((label, values, "rolled", reasons))
                else:
                    values = read_many(src, reasons)
                out = pick(values)
                i = values.index(out)  # among equal dice, the first one is dropped
                flags = [0] * n
                flags[i] = flag
                total = sum(values) - out
                groups.append((term, total, values, reasons, flags))
                return total

            return keep_one_off

        def keep(src, groups):
            values = read_many(src, reasons)
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
        return _compile_counted(term, reasons, read_many)
    return _compile_general(term, reasons, source_text)


def _clamp_flags(term: Dice) -> Callable[[int], int]:
    """face -> RAISED/LOWERED when ``mi``/``ma`` changes what it counts as."""
    low, high = term.floor, term.ceiling

    def flags(value: int) -> int:
        if low is not None and value < low:
            return RAISED
        if high is not None and value > high:
            return LOWERED
        return 0

    return flags


def _compile_counted(term: Dice, reasons: Sequence[str], read_many) -> Evaluator:
    """Keep/drop, mi/ma and success counting without rerolls or explosions."""
    n = term.count
    clamp = term.clamp
    clamping = _clamp_flags(term)
    counting = _score_flags(term) if term.success is not None else None

    def scoring(face: int) -> int:
        f = clamping(face)
        return f | counting(clamp(face)) if counting is not None else f

    if term.hi - term.lo < 4096:  # a table per face
        offset = -term.lo
        table = [scoring(face) for face in range(term.lo, term.hi + 1)]
        scoring = lambda v: table[v + offset]  # noqa: E731
    keep = term.keep
    if keep is not None:
        drop = n - kept_count(keep, n)
        low = keep[0] in ("kh", "dl")
        mark = DROP_LOW if low else DROP_HIGH
    index = range(n)

    def counted(src, groups):
        values = read_many(src, reasons)
        flags = [0] * n
        if keep is not None:
            for i in sorted(index, key=values.__getitem__, reverse=not low)[:drop]:
                flags[i] = mark
        total = 0
        for i, v in enumerate(values):
            if not flags[i]:
                f = flags[i] = scoring(v)
                total += _SCORE[f] if counting is not None else clamp(v)
        groups.append((term, total, values, reasons, flags))
        return total

    return counted


def _score_flags(term: "Dice | Group") -> Callable[[int], int]:
    """value -> SUCCESS/DOUBLE/FAIL flags."""
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


_SCORE = [score_of(f) for f in range(1024)]


def _compile_general(term: Dice, reasons: Sequence[str], source_text: str) -> Evaluator:
    """Rerolls, explosions, keep/drop, mi/ma and success counting, one die at a time."""
    read_one, _many = _readers(term)
    reroll = term.reroll.matches if term.reroll is not None else None
    once = term.reroll_once
    explode = term.explode.matches if term.explode is not None else None
    compound = term.compound
    once_only = bool(term.explode_once)  # xo and ra: one explosion
    one_per_term = term.explode_once == "term"  # d20's ra: the first matching die of the term, once
    penetrate = term.penetrate  # Roll20's !p: each explosion die counts one less
    keep = term.keep
    clamp = term.clamp
    clamping = _clamp_flags(term)
    scoring = _score_flags(term) if term.success is not None else None
    mod_r = f"{'ro' if once else 'r'}{term.reroll.text}" if term.reroll is not None else ""

    def general(src, groups):
        budget = MAX_DICE - sum(len(g[2]) for g in groups)
        read = read_one(src)
        values: list[int] = []
        whys: list[str] = []
        flags: list[int] = []

        def one(why: str) -> int:
            """One die, rerolled as the term says; its value."""
            if len(values) >= budget:
                raise too_many_dice(source_text)
            v = read(why)
            values.append(v)
            whys.append(why)
            flags.append(0)
            if reroll is not None and reroll(v):
                times = 0
                while True:
                    if times == MAX_REROLLS:
                        raise DiceError(say(
                            f"{term.text}: un dado se repitió {MAX_REROLLS} veces y aún coincidía con {mod_r} "
                            f"(límite {MAX_REROLLS} repeticiones por dado); haz más rara la condición de repetir.",
                            f"{term.text}: a die was rerolled {MAX_REROLLS} times and still matched {mod_r} "
                            f"(limit {MAX_REROLLS} rerolls per die); make the reroll condition rarer."))
                    if len(values) >= budget:
                        raise too_many_dice(source_text)
                    flags[-1] = REROLLED
                    times += 1
                    again = f"{why} reroll" if times == 1 else f"{why} reroll {times}"
                    v = read(again)
                    values.append(v)
                    whys.append(again)
                    flags.append(0)
                    if once or not reroll(v):
                        break
            flags[-1] |= clamping(v)  # mi/ma never meet an explosion (the parser refuses both)
            return v

        # The pool: (value, index of its first read, index of its last read).
        pool: list[tuple[int, int, int]] = []
        explodes = explode
        limit = 1 if once_only else MAX_EXPLOSIONS
        for why in reasons:
            first = len(values)
            v = one(why)
            if explodes is None:
                pool.append((clamp(v), first, len(values) - 1))
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
            while k < limit and explodes(v):
                flags[-1] |= EXPLODED
                k += 1
                start = len(values)
                v = one(f"{why} explosion" if k == 1 else f"{why} explosion {k}")
                if penetrate:
                    flags[-1] |= PENETRATED
                    pool.append((v - 1, start, len(values) - 1))
                else:
                    pool.append((v, start, len(values) - 1))
            if k and one_per_term:
                explodes = None

        kept = pool
        if keep is not None:
            size = len(pool)
            drop = size - kept_count(keep, size)
            low = keep[0] in ("kh", "dl")
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


def too_many_dice(source_text: str) -> DiceError:
    """The error of a roll that read more dice than :data:`MAX_DICE`."""
    return DiceError(say(
        f"{quoted(source_text)} necesitó más de {MAX_DICE:,} dados (las explosiones y repeticiones también cuentan), "
        f"más del límite de {MAX_DICE:,} dados por tirada; tira menos dados o haz que exploten menos.",
        f"{quoted(source_text)} needed more than {MAX_DICE:,} dice (explosions and rerolls count too), "
        f"over the limit of {MAX_DICE:,} dice per roll; roll fewer dice or make them explode less often."))
