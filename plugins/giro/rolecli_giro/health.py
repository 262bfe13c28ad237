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

from rolecli.contract import Character, Label, Status

from . import sheet
from .glossary import SALUD, say


def track(character: Character, wounds: int, lang: str) -> str:
    return f"{SALUD(lang)} {max(sheet.salud(character) - wounds, 0)}/{sheet.salud(character)}"


def hurt(character: Character, wounds: int, points: int, lang: str) -> tuple[int, str, dict]:
    """``points`` of damage on top of ``wounds``: (wounds after, line, data). Salud stops at 0."""
    after = min(wounds + points, sheet.salud(character))
    return after, *_told(character, after, lang, say(lang, f"recibe {points} de daño", f"takes {points} damage"))


def heal(character: Character, wounds: int, points: int, lang: str) -> tuple[int, str, dict]:
    """``points`` of salud back, never above the sheet's: (wounds after, line, data)."""
    after = max(wounds - points, 0)
    return after, *_told(character, after, lang, say(lang, f"recupera {wounds - after} de salud",
                                                     f"recovers {wounds - after} health"))


def of(character: Character, wounds: int) -> dict:
    """A character's salud with ``wounds``: the one shape every verb gives under ``health``."""
    most = sheet.salud(character)
    return {"character": character.name, "salud": most - wounds, "salud_max": most, "heridas": wounds,
            "down": wounds >= most}


def _told(character: Character, wounds: int, lang: str, what: str) -> tuple[str, dict]:
    line = f"{character.name} {what}: {track(character, wounds, lang)}"
    if wounds >= sheet.salud(character):
        line += say(lang, " — fuera de combate", " — out of the fight")
    return line, of(character, wounds)


def status(character: Character) -> Status:
    """Who cannot act (0 salud), the conditions in force (wounded, and the
    Night Die's consequences the Cronista recorded) and the salud left."""
    wounds, most = sheet.wounds(character), sheet.salud(character)
    conditions = tuple(("consequence", Label(text, text)) for text in sheet.consequences(character))
    if 0 < wounds < most:
        left = f"{most - wounds}/{most}"
        conditions = (("wounded", Label(f"Herido (salud {left})", f"Wounded (health {left})")),) + conditions
    if wounds >= most:
        return Status(False, "down", Label(f"sin salud (0/{most}): fuera de combate", f"no health left (0/{most}): "
                                           "out of the fight"), conditions, vitality=0.0)
    return Status(conditions=conditions, vitality=1 - wounds / most)
