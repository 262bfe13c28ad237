"""Attributes and Skills: the dots a dice pool is made of (003-R3).

A sheet writes them under ``attributes`` and ``skills`` by the book's Spanish names
(``Destreza``, ``Pelea con Armas``); the command line takes those or the English
ones (``Dexterity+Melee``), without regard to case or accents. A V5 character has
every Attribute at 1 dot or more and may lack a Skill, so an Attribute missing from
the sheet counts 1 and a known Skill missing from it counts 0 (untrained); any other
name is refused with the character's traits and the closest match.
"""

from __future__ import annotations

from dataclasses import dataclass

from rolecli.contract import Character, Label, Refused, worked_out
from rolecli.names import closest, fold

PHYSICAL, SOCIAL, MENTAL = "physical", "social", "mental"

# key: (Spanish, English, the kind of pool it makes: an Impaired tracker weakens it, 003-R15)
ATTRIBUTES = {
    "strength": ("Fuerza", "Strength", PHYSICAL),
    "dexterity": ("Destreza", "Dexterity", PHYSICAL),
    "stamina": ("Resistencia", "Stamina", PHYSICAL),
    "charisma": ("Carisma", "Charisma", SOCIAL),
    "manipulation": ("Manipulación", "Manipulation", SOCIAL),
    "composure": ("Compostura", "Composure", SOCIAL),
    "intelligence": ("Inteligencia", "Intelligence", MENTAL),
    "wits": ("Astucia", "Wits", MENTAL),
    "resolve": ("Resolución", "Resolve", MENTAL),
}

SKILLS = {
    "athletics": ("Atletismo", "Athletics"), "brawl": ("Pelea", "Brawl"), "craft": ("Artesanía", "Craft"),
    "drive": ("Conducir", "Drive"), "firearms": ("Armas de Fuego", "Firearms"), "larceny": ("Latrocinio", "Larceny"),
    "melee": ("Pelea con Armas", "Melee"), "stealth": ("Sigilo", "Stealth"), "survival": ("Supervivencia", "Survival"),
    "animal_ken": ("Trato con Animales", "Animal Ken"), "etiquette": ("Etiqueta", "Etiquette"),
    "insight": ("Perspicacia", "Insight"), "intimidation": ("Intimidación", "Intimidation"),
    "leadership": ("Liderazgo", "Leadership"), "performance": ("Interpretación", "Performance"),
    "persuasion": ("Persuasión", "Persuasion"), "streetwise": ("Callejeo", "Streetwise"),
    "subterfuge": ("Subterfugio", "Subterfuge"), "academics": ("Erudición", "Academics"),
    "awareness": ("Consciencia", "Awareness"), "finance": ("Finanzas", "Finance"),
    "investigation": ("Investigación", "Investigation"), "medicine": ("Medicina", "Medicine"),
    "occult": ("Ocultismo", "Occult"), "politics": ("Política", "Politics"), "science": ("Ciencias", "Science"),
    "technology": ("Tecnología", "Technology"),
}

# The V5 Skills come in three groups of nine, physical, social and mental, as listed above:
# the kind of pool a Skill makes (003-R15: an Impaired tracker weakens it).
SKILL_KINDS = {key: (PHYSICAL, SOCIAL, MENTAL)[i // 9] for i, key in enumerate(SKILLS)}

# Dots an untrained trait counts: every Attribute has at least 1, a Skill may have none.
UNTRAINED = {"attributes": 1, "skills": 0}
_KNOWN = {"attributes": ATTRIBUTES, "skills": SKILLS}
_BY_NAME = {fold(name): (table, key) for table, known in _KNOWN.items()
            for key, names in known.items() for name in names[:2]}


@dataclass(frozen=True)
class Part:
    """One term of a pool: a trait's name as the sheet writes it and its dots, or a
    plain number (``name == ""``)."""

    name: str
    value: int
    attribute: str | None = None  # the ATTRIBUTES key, for an attribute
    untrained: bool = False  # not on the sheet: counted at the untrained value
    skill: str | None = None  # the SKILLS key, for a Skill the book knows

    def text(self) -> str:
        return f"{self.name} {self.value}" if self.name else str(self.value)


def concept(name: str) -> tuple[str, str] | None:
    """``("attributes", "dexterity")`` for Destreza or Dexterity; None for a name the book lacks."""
    return _BY_NAME.get(fold(name))


def _sheet_entry(character: Character, table: str, key: str) -> tuple[str, int] | None:
    names = {fold(n) for n in _KNOWN[table][key][:2]}
    for written, dots in (character.sheet.get(table) or {}).items():
        if fold(written) in names:
            return written, dots
    return None


def part(character: Character, name: str) -> Part:
    """The dots of one trait of ``character`` (read from its sheet once)."""
    return worked_out(character.sheet, ("part", name), _part, character, name)


def _part(character: Character, name: str) -> Part:
    wanted = fold(name)
    for table in ("attributes", "skills"):
        for written, dots in (character.sheet.get(table) or {}).items():
            if fold(written) == wanted:
                known = concept(written)
                table_of, key = known if known else (None, None)
                return Part(written, dots, key if table_of == "attributes" else None,
                            skill=key if table_of == "skills" else None)
    known = concept(name)
    if known is None:
        names = [n for table in ("attributes", "skills") for n in (character.sheet.get(table) or {})]
        raise Refused(Label(f"{character.name} no tiene el rasgo {name!r}." + closest(name, names, "Rasgos", "es"),
                            f"{character.name} has no trait {name!r}." + closest(name, names, "Traits")))
    table, key = known
    found = _sheet_entry(character, table, key)
    attribute = key if table == "attributes" else None
    skill = key if table == "skills" else None
    if found is not None:
        return Part(found[0], found[1], attribute, skill=skill)
    return Part(name.strip(), UNTRAINED[table], attribute, untrained=True, skill=skill)


def attribute(character: Character, key: str) -> int:
    """An Attribute's dots by its ATTRIBUTES key (``"stamina"``)."""
    return part(character, ATTRIBUTES[key][0]).value


MAX_DICE = 100  # a number in a pool: Attribute 5 + Skill 5 and every bonus stay far below it
_QUE = {"pool": "reserva", "the opponent's pool": "la reserva del oponente", "skill": "habilidad"}  # what a pool is, in Spanish


def parts(character: Character | None, text: str, what: str) -> tuple[Part, ...]:
    """The terms of ``Trait+Trait`` (or of a plain number) for a dice pool; a
    character's are worked out once per sheet."""
    if character is None:
        return _parts(None, text, what)
    # (``what`` only words a refusal, which is never kept)
    return worked_out(character.sheet, ("parts", str(text)), _parts, character, text, what)


def _parts(character: Character | None, text: str, what: str) -> tuple[Part, ...]:
    out = []
    for piece in str(text).split("+"):
        piece = piece.strip()
        if not piece:
            raise Refused(Label(f"{_QUE.get(what, what)} {text!r} tiene un término vacío; escribe un número o "
                                "Atributo+Habilidad.",
                                f"{what} {text!r} has an empty term; write a number or Attribute+Skill."))
        if piece.lstrip("-").isdigit():
            if abs(int(piece)) > MAX_DICE:  # a pool of 10^400 d10s would be rolled for ever
                raise Refused(Label(f"{_QUE.get(what, what)}: {piece} dados está fuera del rango "
                                    f"-{MAX_DICE}..{MAX_DICE}.",
                                    f"{what}: {piece} dice is out of range -{MAX_DICE}..{MAX_DICE}."))
            out.append(Part("", int(piece)))
        elif character is None:
            raise Refused(Label(f"{_QUE.get(what, what)} {text!r} nombra rasgos, pero una tirada rápida no tiene "
                                "personaje: da un número de dados.",
                                f"{what} {text!r} names traits, but a quick roll has no character: give a number of dice."))
        else:
            out.append(part(character, piece))
    return tuple(out)


def sphere(terms: tuple[Part, ...]) -> str | None:
    """physical, social or mental: the kind of pool. The Skill says what the action is,
    so it decides (the book's physical conflict pools are Strength + Brawl and Composure
    + Firearms, its social ones Charisma + Persuasion and Manipulation + Etiquette,
    003-R3); a pool with no Skill takes its first Attribute's kind."""
    for p in terms:
        if p.skill:
            return SKILL_KINDS[p.skill]
    for p in terms:
        if p.attribute:
            return ATTRIBUTES[p.attribute][2]
    return None
