"""The syntax tree of a dice expression, as :mod:`rolecli.dice.parser` builds it
and the roller, the bounds and the odds walk it.

Plain classes with ``__slots__`` (not dataclasses): cheaper to import, and
these are only built by the parser.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Union

if TYPE_CHECKING:
    from fractions import Fraction

_INF = float("inf")


class _Record:
    __slots__ = ()

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={getattr(self, k)!r}" for k in self.__slots__ if not k.startswith("_"))
        return f"{type(self).__name__}({fields})"


class Cond(_Record):
    """A comparison against a die face: ``>=6``, ``<3``, ``=1`` (written ``1``)."""

    __slots__ = ("op", "value", "text", "lo", "hi")

    def __init__(self, op: str, value: int, text: str):
        op = "=" if op == "==" else op
        self.op = op  # one of ">=", ">", "<=", "<", "="
        self.value = value
        self.text = text  # as written, e.g. "1" or ">=6"; "" for a bare "!"
        # The faces that match, as an interval.
        self.lo, self.hi = {
            "=": (value, value),
            ">=": (value, _INF),
            ">": (value + 1, _INF),
            "<=": (-_INF, value),
            "<": (-_INF, value - 1),
        }[op]

    def interval(self) -> tuple[float, float]:
        return self.lo, self.hi

    def matches(self, face) -> bool:
        return self.lo <= face <= self.hi

    def count(self, lo: int, hi: int, without: "Cond | None" = None) -> int:
        """How many faces in ``lo..hi`` match (leaving out those ``without`` matches)."""
        a, b = max(self.lo, lo), min(self.hi, hi)
        n = int(b) - int(a) + 1 if a <= b else 0
        if without is not None and n:
            c, d = max(without.lo, a), min(without.hi, b)
            if c <= d:
                n -= int(d) - int(c) + 1
        return n


class Num(_Record):
    __slots__ = ("value",)

    def __init__(self, value: int):
        self.value = value


class Trait(_Record):
    """``@Fuerza``: a character's trait, a number known when parsing."""

    __slots__ = ("name", "value")

    def __init__(self, name: str, value: int):
        self.name = name
        self.value = value


class Dice(_Record):
    """One dice term such as ``4d6kh3``, ``10d10>=6f1``, ``2d{1,1,2,3}`` or ``(1d4)d6``.

    ``sides`` is ``None`` for fudge dice (faces -1, 0, +1); ``faces`` holds the
    faces of a custom die (``d{1,1,2,3}``), else ``None``. ``count_node`` /
    ``sides_node`` are the subexpressions of a count or a size given by a roll
    (``(1d4)d6``, ``1d(1d8)``); the term is then rolled as a concrete copy
    (:meth:`sized`) once they are known. ``keep`` is ``("kh"|"kl"|"dh"|"dl", n)``.
    ``explode`` is the explosion condition (``compound`` tells ``!!`` from
    ``!``; ``explode_once``: ``"die"`` when each die explodes at most once,
    Foundry's ``xo``, ``"term"`` when only the first matching die of the term
    does, d20's ``ra``; ``penetrate``: Roll20's ``!p``, each explosion die
    counting one less); ``reroll`` with ``reroll_once`` tells ``ro`` from ``r``; ``floor`` and
    ``ceiling`` are ``mi``/``ma``; ``success``, ``fail`` and ``double`` are the
    success-counting conditions. ``sort`` (``"a"``/``"d"``, Roll20's ``s``/``sd``)
    orders the dice shown, nothing else; ``crit`` holds the faces marked as a
    critical success and a critical failure (Roll20's ``cs``/``cf``; a d20's
    natural 20 and 1 unless given). ``text`` is the whole term as written,
    ``tail`` what follows its size (``kh3`` in ``(1d4)d6kh3``).
    """

    __slots__ = ("count", "sides", "faces", "text", "tail", "count_node", "sides_node", "reroll", "reroll_once",
                 "explode", "compound", "explode_once", "penetrate", "floor", "ceiling", "keep", "success", "fail",
                 "double", "sort", "crit")

    def __init__(self, count: int, sides: int | None, text: str, reroll: Cond | None = None,
                 reroll_once: bool = False, explode: Cond | None = None, compound: bool = False,
                 keep: tuple[str, int] | None = None, success: Cond | None = None, fail: Cond | None = None,
                 double: Cond | None = None, faces: tuple[int, ...] | None = None, tail: str = "",
                 count_node: "Node | None" = None, sides_node: "Node | None" = None,
                 floor: int | None = None, ceiling: int | None = None, explode_once: str = "",
                 penetrate: bool = False, sort: str = "", crit: "tuple[Cond | None, Cond | None]" = (None, None)):
        self.count = count
        self.sides = sides
        self.faces = faces
        self.text = text
        self.tail = tail
        self.count_node = count_node
        self.sides_node = sides_node
        self.reroll = reroll
        self.reroll_once = reroll_once
        self.explode = explode
        self.compound = compound
        self.explode_once = explode_once
        self.penetrate = penetrate
        self.sort = sort
        self.crit = crit
        self.floor = floor
        self.ceiling = ceiling
        self.keep = keep
        self.success = success
        self.fail = fail
        self.double = double

    @property
    def fudge(self) -> bool:
        return self.sides is None and self.faces is None and self.sides_node is None

    @property
    def lo(self) -> int:
        if self.faces is not None:
            return min(self.faces)
        return -1 if self.sides is None else 1

    @property
    def hi(self) -> int:
        if self.faces is not None:
            return max(self.faces)
        return 1 if self.sides is None else self.sides

    @property
    def label(self) -> int | str:
        """The die's size as shown in records: ``6``, ``"F"`` or ``"{1,1,2,3}"``."""
        if self.faces is not None:
            return "{" + ",".join(map(str, self.faces)) + "}"
        return "F" if self.sides is None else self.sides

    @property
    def dynamic(self) -> bool:
        """True when the number of dice read is not known in advance."""
        return self.reroll is not None or self.explode is not None

    @property
    def sized_later(self) -> bool:
        """True when the count or the size comes from a roll."""
        return self.count_node is not None or self.sides_node is not None

    def hits(self, cond: Cond, without: Cond | None = None) -> int:
        """How many faces of the die match ``cond`` (leaving out those ``without`` matches)."""
        if self.faces is None:
            return cond.count(self.lo, self.hi, without)
        return sum(1 for f in self.faces if cond.matches(f) and not (without is not None and without.matches(f)))

    @property
    def face_count(self) -> int:
        return len(self.faces) if self.faces is not None else self.hi - self.lo + 1

    def explode_chance(self) -> "Fraction":
        """P(one die, after rerolls, shows an exploding face)."""
        from fractions import Fraction  # not at import: `rolecli roll 2d6` need not load it

        faces = self.face_count
        e = self.explode
        r = self.reroll
        if r is None:
            return Fraction(self.hits(e), faces)
        if not self.reroll_once:
            return Fraction(self.hits(e, without=r), faces - self.hits(r))
        # ro: a face outside r stands; a face in r is rolled once more.
        return Fraction(self.hits(e, without=r), faces) + Fraction(self.hits(r), faces) * Fraction(self.hits(e), faces)

    def expected_reads(self) -> float:
        """How many dice one die of the term reads on average, rerolls and explosions included."""
        reads = 1.0
        if self.reroll is not None:
            q = self.hits(self.reroll) / self.face_count
            reads = 1 + q if self.reroll_once else 1 / (1 - q)
        if self.explode is not None:
            p = float(self.explode_chance())
            reads *= 1 + p if self.explode_once else 1 / (1 - p)
        return reads

    def clamp(self, value: int) -> int:
        """The value a face counts as after ``mi`` / ``ma``."""
        if self.floor is not None and value < self.floor:
            return self.floor
        if self.ceiling is not None and value > self.ceiling:
            return self.ceiling
        return value

    def sized(self, count: int, sides: int | None) -> "Dice":
        """A copy with a known count and size (for a term sized by a roll)."""
        copy = Dice.__new__(Dice)
        for name in Dice.__slots__:
            setattr(copy, name, getattr(self, name))
        copy.count, copy.sides, copy.count_node, copy.sides_node = count, sides, None, None
        return copy


class Neg(_Record):
    __slots__ = ("operand",)

    def __init__(self, operand: "Node"):
        self.operand = operand


class Chain(_Record):
    """``first (op operand)*`` with ops all from ``+ -`` or all from ``* /``."""

    __slots__ = ("first", "rest")

    def __init__(self, first: "Node", rest: tuple[tuple[str, "Node"], ...]):
        self.first = first
        self.rest = rest


class Paren(_Record):
    __slots__ = ("inner",)

    def __init__(self, inner: "Node"):
        self.inner = inner


class Label(_Record):
    """``term[text]``: a label on a term, shown with its value."""

    __slots__ = ("inner", "text")

    def __init__(self, inner: "Node", text: str):
        self.inner = inner
        self.text = text


class Named(_Record):
    """``@fireball``: a named roll, parsed from its own text."""

    __slots__ = ("name", "inner")

    def __init__(self, name: str, inner: "Node"):
        self.name = name
        self.inner = inner


class Func(_Record):
    """``floor(x)``, ``ceil(x)``, ``round(x)``: inside, ``/`` divides exactly."""

    __slots__ = ("name", "inner")

    def __init__(self, name: str, inner: "Node"):
        self.name = name
        self.inner = inner


class Compare(_Record):
    """``left op right`` on whole expressions: 1 when it holds, else 0."""

    __slots__ = ("left", "op", "right", "text")

    def __init__(self, left: "Node", op: str, right: "Node", text: str):
        self.left = left
        self.op = "=" if op == "==" else op
        self.right = right
        self.text = text  # the operator as written


class Group(_Record):
    """``{a, b, c}kh1`` / ``{a, b}>=10``: keep/drop and success counting over
    the totals of whole expressions. ``tail`` is the modifiers as written."""

    __slots__ = ("members", "tail", "keep", "success", "fail", "double")

    def __init__(self, members: tuple["Node", ...], tail: str, keep: tuple[str, int] | None = None,
                 success: Cond | None = None, fail: Cond | None = None, double: Cond | None = None):
        self.members = members
        self.tail = tail
        self.keep = keep
        self.success = success
        self.fail = fail
        self.double = double


Node = Union[Num, Trait, Dice, Neg, Chain, Paren, Label, Named, Func, Compare, Group]

#: Nodes that only wrap one subexpression without changing its value.
WRAPPERS = (Paren, Label, Named)


def kept_count(keep: tuple[str, int] | None, size: int) -> int:
    """How many of ``size`` dice (or group members) a keep/drop modifier keeps."""
    if keep is None:
        return size
    kind, n = keep
    return min(n, size) if kind in ("kh", "kl") else max(size - n, 0)


def compare(op: str, left, right) -> bool:
    """``left op right`` for a :class:`Compare` operator."""
    if op == ">=":
        return left >= right
    if op == ">":
        return left > right
    if op == "<=":
        return left <= right
    if op == "<":
        return left < right
    return left == right


def children(node: Node) -> tuple[Node, ...]:
    """The subexpressions of ``node``, in the order they are rolled."""
    if isinstance(node, (WRAPPERS, Func)):
        return (node.inner,)
    if isinstance(node, Neg):
        return (node.operand,)
    if isinstance(node, Chain):
        return (node.first, *(operand for _op, operand in node.rest))
    if isinstance(node, Compare):
        return (node.left, node.right)
    if isinstance(node, Group):
        return node.members
    if isinstance(node, Dice):
        return tuple(n for n in (node.count_node, node.sides_node) if n is not None)
    return ()


def walk(node: Node):
    """``node`` and every node below it."""
    yield node
    for child in children(node):
        yield from walk(child)
