"""Dice: the expression language (``parse``), where dice values come from
(:mod:`rolecli.dice.source`) and exact odds (:mod:`rolecli.dice.odds`, which
imports icepool only when called).

    >>> from rolecli.dice import parse
    >>> from rolecli.dice.source import DiceSource
    >>> parse("4d6kh3").roll(DiceSource(given=["6", "5", "2", "1"])).breakdown
    '4d6kh3 [6, 5, 2, ~~1~~] = 13'
"""

from rolecli.dice.expr import Expression, parse
from rolecli.dice.roller import DieResult, RollResult
from rolecli.errors import DiceError

__all__ = ["DiceError", "DieResult", "Expression", "RollResult", "parse"]
