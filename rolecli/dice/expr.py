"""The public face of the dice language: :func:`parse` and :class:`Expression`."""

from __future__ import annotations

from rolecli.dice.limits import MAX_DICE
from rolecli.dice.parser import Node, parse_tree
from rolecli.dice.roller import RollResult, bounds, compile_tree, has_dynamic
from rolecli.errors import DiceError

__all__ = ["Expression", "parse"]


class Expression:
    """A dice expression, parsed and compiled once; :meth:`roll` it as often as
    needed. Build it with :func:`parse`."""

    __slots__ = ("text", "tree", "dice_count", "_fn", "_dynamic")

    def __init__(self, text: str, tree: Node, dice_count: int):
        self.text = text.strip()  # as written
        self.tree = tree
        self.dice_count = dice_count  # dice rolled before explosions and rerolls
        self._fn = compile_tree(tree, self.text)
        self._dynamic = has_dynamic(tree)

    @property
    def bounds(self) -> tuple[int, int]:
        """The lowest and highest total a roll can give: every roll lies within
        (exact for sums, keep/drop, rerolls and arithmetic)."""
        return bounds(self.tree)

    def roll(self, source) -> RollResult:
        """Roll once, reading every die from ``source`` (a
        :class:`~rolecli.dice.source.DiceSource`)."""
        groups: list = []
        total = self._fn(source, groups)
        if self._dynamic and sum(len(g[2]) for g in groups) > MAX_DICE:
            raise DiceError(
                f"{self.text!r} needed more than {MAX_DICE:,} dice (explosions and rerolls count too), "
                f"over the limit of {MAX_DICE:,} dice per roll; roll fewer dice or make them explode less often."
            )
        return RollResult(self, total, groups, "given" if source._given is not None else "rolled")

    def __repr__(self) -> str:
        return f"parse({self.text!r})"

    def __str__(self) -> str:
        return self.text


def parse(text: str) -> Expression:
    """Parse and compile a dice expression such as ``"4d6kh3"`` or
    ``"10d10>=6f1 + 2"``; raise :class:`DiceError` naming the problem."""
    tree, count = parse_tree(text)
    return Expression(text, tree, count)
