"""The public face of the dice language: :func:`parse`, :func:`parse_line` and
:class:`Expression`."""

from __future__ import annotations

import functools

from rolecli.dice.bounds import bounds, has_dynamic
from rolecli.dice.limits import MAX_DICE
from rolecli.dice.parser import Node, Refs, parse_items, parse_tree
from rolecli.dice.roller import RollResult, compile_tree, is_comparison, too_many_dice

__all__ = ["Expression", "parse", "parse_line"]


class Expression:
    """A dice expression, parsed and compiled once; :meth:`roll` it as often as
    needed. Build it with :func:`parse`."""

    __slots__ = ("text", "tree", "dice_count", "comment", "_fn", "_dynamic")

    def __init__(self, text: str, tree: Node, dice_count: int, comment: str = ""):
        self.text = text.strip().replace("\n", " ")  # as written (shell arguments joined by spaces)
        self.tree = tree
        self.dice_count = dice_count  # dice rolled before explosions and rerolls
        self.comment = comment  # the "# comment" after it
        self._fn = compile_tree(tree, self.text)
        self._dynamic = has_dynamic(tree)

    @property
    def bounds(self) -> tuple[int, int]:
        """The lowest and highest total a roll can give: every roll lies within
        (exact for sums, keep/drop, rerolls and arithmetic)."""
        return bounds(self.tree)

    @property
    def dynamic(self) -> bool:
        """Whether the dice it reads are known only while rolling (explosions, rerolls)."""
        return self._dynamic

    @property
    def expected_dice(self) -> float:
        """How many dice a roll reads on average (explosions and rerolls included;
        a count given by a roll taken at its highest), to refuse a command that
        would read too many before rolling any."""
        from rolecli.dice.tree import Dice, walk

        total = 0.0
        for term in walk(self.tree):
            if isinstance(term, Dice):
                if term.sized_later:  # as many dice as it can roll, of the largest size it can have
                    term = term.sized(bounds(term.count_node)[1] if term.count_node is not None else term.count,
                                      bounds(term.sides_node)[1] if term.sides_node is not None else term.sides)
                total += term.count * term.expected_reads()
        return total

    @property
    def comparison(self) -> bool:
        """Whether a roll succeeds or fails (``1d20+5>=15``) instead of giving a number."""
        return is_comparison(self.tree)

    def roll(self, source) -> RollResult:
        """Roll once, reading every die from ``source`` (a
        :class:`~rolecli.dice.source.DiceSource`)."""
        groups: list = []
        total = self._fn(source, groups)
        result = RollResult(self, total, groups, "given" if source._given is not None else "rolled")
        if self._dynamic and result.dice_read > MAX_DICE:
            raise too_many_dice(self.text)
        return result

    def total(self, source) -> int:
        """The total of one roll, as :meth:`roll` gives it, without the record of
        the roll where nothing reads it (an encounter's amount of damage)."""
        if self._dynamic:  # the dice it reads are counted against the limit
            return self.roll(source).total
        return self._fn(source, [])

    def __repr__(self) -> str:
        return f"parse({self.text!r})"

    def __str__(self) -> str:
        return self.text


def parse(text: str, refs: Refs | None = None) -> Expression:
    """Parse and compile a dice expression such as ``"4d6kh3"`` or
    ``"10d10>=6f1 + 2"``; raise :class:`DiceError` naming the problem.
    ``refs(name)`` looks up ``@name``: a named roll's text or a trait's number.
    An expression is never changed once built, so one without references is
    parsed once per process (a system's verb parses its dice at every call)."""
    if refs is None:
        return _parse_plain(text)
    tree, count, comment, end = parse_tree(text, refs)
    return Expression(text[:end], tree, count, comment)


@functools.lru_cache(maxsize=1024)
def _parse_plain(text: str) -> Expression:
    tree, count, comment, end = parse_tree(text, None)
    return Expression(text[:end], tree, count, comment)


def parse_line(text: str, refs: Refs | None = None) -> list[tuple[int, Expression]]:
    """Parse several expressions, as ``rolecli roll`` takes them (``1d20 2d6
    3x3d6``): each with how many times to roll it."""
    return [(repeat, Expression(text[start:end], tree, count, comment))
            for repeat, tree, comment, start, end, count in parse_items(text, refs)]
