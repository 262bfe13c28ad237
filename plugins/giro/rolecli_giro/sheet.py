"""Reading a Giro de Reloj character sheet: attributes and skills (001 Character
data), which skills are advanced and which of those it is trained in, and the
toolkit's salud track."""

from __future__ import annotations

from typing import Any, Callable, TypeVar

from rolecli.contract import Character
from rolecli.contract import worked_out as worked_out_of_sheet
from rolecli.names import fold

from .system import SALUD

T = TypeVar("T")
# What a quick roll (no character, numbers only) works out is kept as if of this sheet
# (:func:`worked_out`, and a caller of the core's own, ``verbs.contest_sides``).
NO_SHEET: dict[str, Any] = {}


def entry(character: Character, table: str, name: str) -> tuple[str, int] | None:
    """(name as written on the sheet, rating) of an entry of the ``atributos`` or
    ``habilidades`` table, matched without regard to case or accents."""
    wanted = fold(name)
    for key, value in (character.sheet.get(table) or {}).items():
        if fold(key) == wanted:
            return key, value
    return None


def worked_out(character: Character | None, key: Any, work: Callable[..., T], *args: Any) -> T:
    """``work(*args)``, done once for ``character``'s sheet under ``key``
    (:func:`rolecli.contract.worked_out`: no hook changes a sheet), or once for
    a quick roll with no character. The result is shared: never change it.
    (Give ``work`` its arguments, not a closure: one makes its cells at every
    call, found or not.)"""
    return worked_out_of_sheet(character.sheet if character is not None else NO_SHEET, key, work, *args)


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


def consequences(character: Character) -> tuple[str, ...]:
    """The Night Die's consequences the Cronista narrated, while they last."""
    return tuple(character.state.get("consecuencias") or ())
