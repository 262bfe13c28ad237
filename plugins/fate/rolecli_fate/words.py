"""The words Caminantes prints in more than one place, in the seed's Spanish
and in English (a sentence said once is written where it is said, as a
``Label``); the ladder's adjectives are in ``ladder``."""

from __future__ import annotations

from rolecli.contract import Label

L = Label

AGAINST = L("contra", "against")
EFFORT = L("esfuerzo", "effort")
SUCCESS = L("éxito", "success")
FAILURE = L("fallo", "failure")
REROLL = L(" → repetir la tirada", " → reroll")
REROLLED = L("(repetida)", "(reroll)")
SHIFT = L("excedente", "shift")


def verdict(ok: bool, lang: str) -> str:
    return (SUCCESS if ok else FAILURE)(lang)


def shifts(n: int, lang: str) -> str:
    """``1 shift``, ``3 excedentes``."""
    return f"{n} {SHIFT(lang)}" + ("" if n == 1 else "s")
