"""Factores de Éxito y Fracaso (001-R7…R10).

The Success Factor is the value of the die that succeeded (the rulings: the
best in-range Day Die, or the Night Die); the Failure Factor is the value of a
failed Night Die, and only of one: a plain Fallo has none. Lower is worse for a
Failure Factor, higher is better for a Success Factor.
"""

from __future__ import annotations


def modified(factor: int, modifier: int) -> int:
    """001-R9: a factor changed by a trait or an effect is never below 1."""
    total = factor + modifier
    return total if total > 1 else 1  # (a test, not max(): as adjustment.adjusted says)


def automatic(ctx, why: str) -> int:
    """001-R10: when the rules or the Cronista skip the roll but a factor
    matters, the factor is 1d12."""
    return ctx.dice.roll(12, why)
