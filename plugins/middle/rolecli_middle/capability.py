"""Capabilities (capacidades) and the dice they throw (004-R2).

A capability is rated 0 to 3 marks: 0 throws one d6, one d12 and one d20 and
reads the lowest; 1, 2 and 3 throw three d6, d12 or d20 and read the middle one.
An innate capability reads one die better (the highest, or the middle at 0)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from rolecli.contract import Character, Label, Refused, keep_at_most, worked_out
from rolecli.names import closest, fold

from .words import L, both, tr

LOWEST, HIGHEST = 0, 3

DICE: dict[int, tuple[int, ...]] = {0: (6, 12, 20), 1: (6, 6, 6), 2: (12, 12, 12), 3: (20, 20, 20)}

# The capabilities the chapter names, with their English names (accepted on the
# command line too). A character without one of them rolls it at 0, as the book
# says of "una capacidad que carezca"; any other name must be on the sheet, so a
# typo is caught instead of rolled as incompetence.
BOOK = {
    "uso de armas": "weapon use",
    "domar bestias": "beast taming",
    "Vigilancia": "vigilance",
    "bribonerías": "roguery",
    "charlatanerías": "charlatanry",
    "ferocidad": "ferocity",
    "valentía": "valor",
    "calma": "calm",
    "Sigilo": "stealth",
    "impulso": "impulse",
    "habilidad de batalla": "battle skill",
}
_SPANISH = {fold(en): es for es, en in BOOK.items()} | {fold(es): es for es in BOOK}

WEAPON_USE, BEAST_TAMING, VIGILANCE, ROGUERY = "uso de armas", "domar bestias", "Vigilancia", "bribonerías"
CHARLATANRY, FEROCITY, VALOR, CALM, STEALTH, IMPULSE = "charlatanerías", "ferocidad", "valentía", "calma", "Sigilo", "impulso"
BATTLE_SKILL = "habilidad de batalla"

# What a refusal calls a capability given without a flag of its own.
CAPABILITY = L("capacidad", "capability")
OPPOSITION = L("oposición", "opposition")  # a contest's other capability


@dataclass(frozen=True)
class Capability:
    """One capability as rolled: its name ("" for a plain number), marks and innateness."""

    name: str
    rating: int
    innate: bool = False

    def text(self, lang: str) -> str:
        name = self.name or CAPABILITY(lang)
        innate = tr(lang, " innata", " innate") if self.innate else ""
        return f"{name} {self.rating}{innate}"


def dice_text(sizes: tuple[int, ...]) -> str:
    """``3d12``, or ``d6+d12+d20`` for mixed dice."""
    if len(set(sizes)) == 1:
        return f"{len(sizes)}d{sizes[0]}"
    return "+".join(f"d{s}" for s in sizes)


def check_rating(value: int, what: str | Label = CAPABILITY) -> int:
    if not LOWEST <= value <= HIGHEST:
        es, en = both(what)
        raise Refused(L(f"{es} = {value} está fuera del rango {LOWEST}..{HIGHEST} "
                        "(una capacidad tiene de 0 a 3 marcas).",
                        f"{en} = {value} is out of range {LOWEST}..{HIGHEST} (a capability has 0 to 3 marks)."))
    return value


@lru_cache(maxsize=256)  # a fight's few names, asked at every round's morale (each member's), read once each
def is_number(text: str) -> bool:
    return str(text).strip().replace("−", "-").lstrip("+-").isdigit()


def _canonical(name: str) -> str:
    return fold(_SPANISH.get(fold(name), name))


def same(a: str, b: str) -> bool:
    """Two capability names are the same without regard to case, accents or language."""
    return _canonical(a) == _canonical(b)


# How many capabilities a sheet keeps as named (a fight names a few; a long session may type more).
KNOWN_LIMIT = 64


def of(character: Character | None, text: str, innate: bool = False, what: str | Label = CAPABILITY,
       known: dict | None = None) -> Capability:
    """The capability ``text`` names: a number of marks, or a name on the sheet;
    a character's is read once for its sheet (a fight asks the same few at every LD),
    kept in ``known``, the sheet's table of them by the text that named them
    (:func:`known_of`; a fighter holds its sheet's, so an LD does not look it up)."""
    if character is None:
        found = _read(None, text, what)
    else:
        if known is None:
            known = known_of(character.sheet)
        found = known.get(text)
        if found is None:
            found = keep_at_most(known, text, _read(character, text, what), KNOWN_LIMIT)
    return replace(found, innate=True) if innate and not found.innate else found


def known_of(sheet) -> dict[str, Capability]:
    """The capabilities read off ``sheet``, by the text that named them: one table a sheet."""
    return worked_out(sheet, "capabilities", dict)


def _read(character: Character | None, text: str, what: str | Label) -> Capability:
    text = str(text).strip()
    if is_number(text):
        return Capability("", check_rating(int(text.replace("−", "-")), what))
    if character is None:
        es, en = both(what)
        raise Refused(L(f"{es} {text!r} nombra una capacidad, pero una tirada rápida no tiene personaje: "
                        f"da sus marcas, {LOWEST}..{HIGHEST}.",
                        f"{en} {text!r} names a capability, but a quick roll has no character: "
                        f"give its marks, {LOWEST}..{HIGHEST}."))
    if "+" in text:
        es, en = both(what)
        raise Refused(L(f"{es} {text!r}: un LD lanza una sola capacidad; nombra solo una.",
                        f"{en} {text!r}: an LD rolls one capability; name only one."))
    return _on_sheet(character, text)


def _on_sheet(character: Character, text: str) -> Capability:
    """The capability ``text`` names on the character's sheet, or one of the
    book's it lacks (rated 0), with its marks and whether the sheet makes it innate."""
    table = character.sheet.get("capacidades") or {}
    innates = character.sheet.get("innatas") or []
    found = next((name for name in table if same(name, text)), None)
    if found is None:
        found = next((name for name in BOOK if same(name, text)), None)
        if found is None:
            known = list(table) + [name for name in BOOK if not any(same(name, k) for k in table)]
            raise Refused(L(f"{character.name} no tiene la capacidad {text!r}." + closest(text, known, "Capacidades", "es"),
                            f"{character.name} has no capability {text!r}." + closest(text, known, "Capabilities")))
    return Capability(found, int(table.get(found, 0)), any(same(found, i) for i in innates))
