"""Reading a Giro de Reloj character sheet: attributes and skills (001 Character
data), which skills are advanced and which of those it is trained in, and the
toolkit's salud track."""

from __future__ import annotations

from rolecli.contract import Character
from rolecli.names import fold

from .system import SALUD


def entry(character: Character, table: str, name: str) -> tuple[str, int] | None:
    """(name as written on the sheet, rating) of an entry of the ``atributos`` or
    ``habilidades`` table, matched without regard to case or accents."""
    wanted = fold(name)
    for key, value in (character.sheet.get(table) or {}).items():
        if fold(key) == wanted:
            return key, value
    return None


def traits_key(character: Character) -> tuple:
    """What the rules read of the sheet (its attributes, skills, advanced and
    trained skills), as a hashable value: two sheets with the same key give the
    same challenges."""
    got = character.sheet.get
    return (tuple((got("atributos") or {}).items()), tuple((got("habilidades") or {}).items()),
            tuple(got("avanzadas") or ()), tuple(got("entrenadas") or ()))


def _listed(character: Character, key: str, skill: str) -> bool:
    return fold(skill) in {fold(s) for s in character.sheet.get(key) or ()}


def advanced(character: Character, skill: str) -> bool:
    """001-R12/R16: an advanced skill needs training."""
    return _listed(character, "avanzadas", skill)


def trained(character: Character, skill: str) -> bool:
    return _listed(character, "entrenadas", skill)


def salud(character: Character) -> int:
    """The most salud the character has (the sheet's ``salud``)."""
    return int(character.sheet.get("salud", SALUD))


def wounds(character: Character) -> int:
    """Salud lost (the kept ``heridas``), never more than the sheet's salud: salud
    stops at 0, so healing counts from 0 even when more was kept (a salud lowered since)."""
    return min(int(character.state.get("heridas", 0) or 0), salud(character))


def consequences(character: Character) -> list[str]:
    """The Night Die's consequences the Cronista narrated, while they last."""
    return list(character.state.get("consecuencias") or [])
