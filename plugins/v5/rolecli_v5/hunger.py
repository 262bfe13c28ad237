"""Hunger and Rousing the Blood (the rulings).

A vampire's Hunger (0–5) is how many of its dice are Hunger dice. A Rouse check is
one die: 6+ and Hunger stays, 1–5 and it rises by one. At Hunger 5 a vampire can
never Rouse the Blood on purpose; a Rouse check forced on it then calls for a hunger
frenzy test at difficulty 4 instead (the published game). Mending superficial Health
costs one Rouse check per turn (003-R21) and mends by Blood Potency; an aggravated
Health point costs three.
"""

from __future__ import annotations

import functools
from typing import Any

from rolecli.contract import Character, Label, Refused

from . import labels as L

MAX = 5
START = 1  # a vampire's Hunger when its sheet does not give one: a night's start (V5)
AGGRAVATED_COST = 3  # Rouse checks per aggravated Health point
FRENZY_DIFFICULTY = 4
SLAKE_FLOOR = 1  # feeding takes Hunger below 1 only by killing the vessel (the published game)
# The rulings: superficial Health mended per Rouse check, by Blood Potency (up to, amount)
MEND = ((1, 1), (3, 2), (7, 3), (9, 4), (10, 5))


def is_vampire(character: Character | None) -> bool:
    return character is not None and character.sheet.get("creature") == "vampire"


def level(character: Character | None, state: dict[str, Any] | None = None) -> int:
    """The Hunger of a vampire now; a mortal has none."""
    if not is_vampire(character):
        return 0
    value = (character.state if state is None else state).get("hunger")
    return START if value is None else int(value)


def dice_for(character: Character | None, state: dict[str, Any] | None, given: int | None) -> int:
    """The Hunger dice of a pool: ``--hunger``, else the vampire's Hunger."""
    if given is None:
        return level(character, state)
    if character is not None and not is_vampire(character):
        raise Refused(Label(f"{character.name} es mortal: los mortales no tiran dados de Ansia (quita --hunger).",
                            f"{character.name} is mortal: mortals roll no Hunger dice (drop --hunger)."))
    return given


def blood_potency(character: Character) -> int:
    """The sheet's Blood Potency; 1, a neonate's, when it gives none."""
    value = character.sheet.get("blood_potency")
    return 1 if value is None else int(value)


@functools.lru_cache(maxsize=16)  # a few Blood Potencies (0..10), looked up at every mend (a generator costs more)
def mend_amount(blood_potency: int) -> int:
    return next(amount for top, amount in MEND if blood_potency <= top)


def rouse(dice, hunger: int, why: str, lang: str) -> tuple[int, int]:
    """One Rouse check: (the die, the Hunger after it)."""
    die = dice.roll(10, f"{L.ROUSE(lang)}: {why}" if why else L.ROUSE(lang))
    return die, min(MAX, hunger + (die < 6))


def check_can_rouse(name: str, hunger: int) -> None:
    if hunger >= MAX:
        raise Refused(Label(f"{name} tiene Ansia {MAX}: un vampiro no puede Enardecer la Sangre a voluntad; "
                            "pasa --forced si algo ajeno fuerza el control de Enardecimiento (pide una prueba de "
                            "Frenesí de hambre).",
                            f"{name} is at Hunger {MAX}: a vampire cannot Rouse the Blood on purpose; "
                            "pass --forced for a Rouse check something else forces (it calls for a hunger frenzy test)."))
