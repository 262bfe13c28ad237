"""A number given as dice: ``damage Kira 1d6`` on the command line, ``amount =
"1d6"`` in an encounter file. The expression is read and checked once
(:func:`rolled`), and rolled with the command's dice (``--seed``, ``--dice``)
at every call that uses it (:meth:`Rolled.roll`), before the system's hook
sees the total. The command line (:mod:`rolecli.play`) and encounter files
(:mod:`rolecli.encounter`) share it, so both read, refuse and roll a value
the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rolecli.errors import RoleError


@dataclass(frozen=True)
class Rolled:
    """A number parameter given as a dice expression (``amount = "1d6+1"``)."""

    expression: Any  # rolecli.dice.Expression

    def __str__(self) -> str:
        return self.expression.text

    def roll(self, source) -> Any:
        """The roll (a :class:`~rolecli.dice.RollResult`), its dice read from ``source``."""
        return self.expression.roll(source)

    def __post_init__(self) -> None:
        # total(source): the roll's total alone, its dice read from ``source``: the expression's own
        # method, not one of Rolled's calling it (an encounter rolls its damage so at every hit: icount,
        # a dice trial 0.2% less)
        object.__setattr__(self, "total", self.expression.total)


def rolled(param, text: str) -> Rolled:
    """``text`` as the dice of number parameter ``param`` (a
    :class:`~rolecli.contract.Param`). What is wrong with it is a RoleError
    whose message follows the value as given (``"3d6" can roll 3..18, ...``):
    not a dice expression, or a range reaching outside the parameter's."""
    from rolecli.dice import parse
    from rolecli.dice.words import say

    try:
        expression = parse(text)
    except RoleError as exc:
        raise RoleError(say(f"no es ni un número ni una expresión de dados: {exc}",
                            f"is neither a number nor a dice expression: {exc}")) from None
    low, high = expression.bounds
    if (param.minimum is not None and low < param.minimum) or (param.maximum is not None and high > param.maximum):
        from rolecli.campaign.validate import show_range

        shown = show_range(param.minimum, param.maximum)
        raise RoleError(say(f"puede dar {low}..{high}, fuera del rango de {param.name}, {shown}.",
                            f"can roll {low}..{high}, outside {param.name}'s range {shown}."))
    return Rolled(expression)
