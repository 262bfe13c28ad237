"""Ajustes (001-R14): after rolling, add to or subtract from your own dice a
total of up to N points, split across the dice of one Giro de Reloj; a result
never goes below 1 but may go above 12.

The player says how to spend them (``--adjust-day``, ``--adjust-night``), or
leaves it to the default policy, the best for the player: a die is first brought
into the range, then as near the limit as the points allow (the highest Success
Factor, and the highest result in a contest); a Night Die that cannot reach the
range takes every point left, which raises its Failure Factor (the higher, the
milder the Fracaso). A Day Die that cannot reach the range keeps the points for
the Night Die.
"""

from __future__ import annotations

from dataclasses import dataclass

from rolecli.contract import Refused

from .glossary import L
from .success_range import SuccessRange

AUTO = "auto"


def adjusted(value: int, delta: int) -> int:
    """001-R14: never below 1, no ceiling (a 12 adjusted by +2 is 14)."""
    # (a test, not max(1, ...): a builtin's call costs some 800 instructions, and each Turn worked out
    # reads several; with modified's and points_spent's below, icount giro 1.4202M -> 1.4158M a trial, N=400)
    total = value + delta
    return total if total > 1 else 1


def parse_delta(text: str, flag: str) -> int | None:
    """``auto`` (the default policy) or a signed number of points."""
    text = str(text).strip().replace("−", "-")
    if text.casefold() == AUTO:
        return None
    if text.lstrip("+-").isdigit():
        return int(text)
    raise Refused(L(f"{flag} {text!r} no es auto ni un número de puntos como +1 o -2.",
                    f"{flag} {text!r} is neither auto nor a number of points such as +1 or -2."))


@dataclass(frozen=True)
class AdjustPlan:
    """One adjustment of ``budget`` points for one Giro de Reloj, and how the
    player splits it: ``day``/``night`` are the points put on the Day Die and
    the Night Die, or None where the default policy decides."""

    budget: int = 0
    day: int | None = None
    night: int | None = None

    def __post_init__(self):
        announced = abs(self.day or 0) + abs(self.night or 0)
        if announced > self.budget:
            raise Refused(L(f"el ajuste gasta {announced} punto(s), pero solo es de {self.budget}: un ajuste de N "
                            f"cambia tus dados como mucho N en total (001-R14); sube --adjust o baja "
                            f"--adjust-day/--adjust-night.",
                            f"the adjustment spends {announced} point(s) but it is only {self.budget}: "
                            f"an adjustment of N changes your dice by at most N in all (001-R14); "
                            f"raise --adjust or lower --adjust-day/--adjust-night."))

    def day_delta(self, value: int, window: SuccessRange) -> int:
        if self.day is not None:
            return self.day
        reach = window.reach(value, self.budget)
        return 0 if reach is None else reach - value

    def night_points(self) -> int:
        """What is left for the Night Die: a Day Die adjusted by the policy gives
        its points back when the Night Die is rolled (the Night Die stands), one
        the player adjusted has spent them."""
        return self.budget - abs(self.day or 0)

    def night_delta(self, value: int, window: SuccessRange) -> int:
        if self.night is not None:
            return self.night
        left = self.night_points()
        reach = window.reach(value, left)
        return left if reach is None else reach - value
