"""Salud: damage and healing. The book gives no procedure (GAP-10); these are the
toolkit's defaults from the rulings, not the book's rules.

Every character has ``salud`` (10 unless its sheet says otherwise); the tool
keeps the points lost as ``heridas``. A successful attack deals its Success
Factor plus the weapon's bonus; a rest restores the Success Factor of a
healing roll; the end of a scene restores nothing. At 0 salud a character is
out of the fight and cannot act until healed (the toolkit's decision: the
book has no such rule).
"""

from __future__ import annotations

from functools import lru_cache

from rolecli.contract import Character, Label, Status

from . import sheet
from .glossary import SALUD, say


def track(character: Character, wounds: int, lang: str) -> str:
    return f"{SALUD(lang)} {max(sheet.salud(character) - wounds, 0)}/{sheet.salud(character)}"


def hurt(character: Character, wounds: int, points: int) -> int:
    """``points`` of damage on top of ``wounds``: the wounds after. Salud stops at 0."""
    return min(wounds + points, sheet.salud(character))


def heal(wounds: int, points: int) -> int:
    """``points`` of salud back, never above the sheet's: the wounds after."""
    return max(wounds - points, 0)


def hurt_line(character: Character, after: int, points: int, lang: str) -> str:
    return _line(character, after, lang, say(lang, f"recibe {points} de daño", f"takes {points} damage"))


def heal_line(character: Character, before: int, after: int, lang: str) -> str:
    return _line(character, after, lang, say(lang, f"recupera {before - after} de salud",
                                             f"recovers {before - after} health"))


def _line(character: Character, wounds: int, lang: str, what: str) -> str:
    line = f"{character.name} {what}: {track(character, wounds, lang)}"
    if wounds >= sheet.salud(character):
        line += say(lang, " — fuera de combate", " — out of the fight")
    return line


def data(character: Character, wounds: int) -> dict:
    """The salud after ``wounds``, for ``--json``."""
    most = sheet.salud(character)
    return {"character": character.name, "salud": most - wounds, "salud_max": most, "heridas": wounds,
            "down": wounds >= most}


def status(character: Character) -> Status:
    """Who cannot act (0 salud), the conditions in force (wounded, and the
    Night Die's consequences the Cronista recorded) and the salud left: the
    same for the same salud, wounds and consequences, so each is worked out
    once (an encounter asks again whenever a state changes)."""
    return _status(sheet.salud(character), sheet.wounds(character), sheet.consequences(character))


@lru_cache(maxsize=1024)
def _status(most: int, wounds: int, noted: tuple[str, ...]) -> Status:
    conditions = tuple(("consequence", Label(text, text)) for text in noted)
    if 0 < wounds < most:
        left = f"{most - wounds}/{most}"
        conditions = (("wounded", Label(f"Herido (salud {left})", f"Wounded (health {left})")),) + conditions
    if wounds >= most:
        return Status(False, "down", Label(f"sin salud (0/{most}): fuera de combate", f"no health left (0/{most}): "
                                           "out of the fight"), conditions, vitality=0.0)
    return Status(conditions=conditions, vitality=1 - wounds / most)
