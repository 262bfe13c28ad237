"""The challenge and its limit (001-R3, R15, R16).

A challenge is written as the book writes it, attribute + skill:
``"Ímpetu + Fisicoculturismo"``; a flexible challenge lists options separated
by ``o``/``u`` (or ``/``): ``"Ímpetu o Gracia + Combate Desarmado"`` (the player
picks one of each kind, 001-R15); a chained challenge lists them separated by
``y``/``e`` (or ``&``): ``"Ímpetu y Genio + Mecanología"`` (the lowest of each
kind counts, and one advanced skill makes the whole challenge advanced,
001-R16). ``and``/``or`` work too. A quick roll writes numbers in their place
(``"4 y 2 + 1"``: attribute first, then skill), or the limit alone (``"7"``).

limit = attribute + skill + Calidad (a tool's Quality or another factor, 001-R3).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from rolecli.contract import Character, Refused
from rolecli.names import fold

from . import sheet, system
from .glossary import CHAINED, FLEXIBLE, QUALITY, L, say

Kind = Literal["attribute", "skill", "limit"]
How = Literal["one", "flexible", "chained"]

_KINDS = re.compile(r"\s*\+\s*")
_CHAINED = re.compile(r"\s+(?:y|e|and)\s+|\s*&\s*", re.IGNORECASE)
_FLEXIBLE = re.compile(r"\s+(?:o|u|or)\s+|\s*[/|]\s*", re.IGNORECASE)
_NUMBER = re.compile(r"[+-]?\d+")
RANGES = {"attribute": system.ATTRIBUTE, "skill": system.SKILL, "limit": system.LIMIT}


@dataclass(frozen=True)
class Trait:
    """One attribute or skill named by the challenge, or a number typed for one."""

    name: str  # as written on the sheet; "" for a number
    value: int
    advanced: bool = False
    trained: bool = False

    def text(self) -> str:
        return f"{self.name} {self.value}" if self.name else str(self.value)

    def data(self) -> dict:
        return {"name": self.name or None, "value": self.value}


@dataclass(frozen=True)
class Group:
    """The attributes (or skills) of a challenge and the one that counts."""

    kind: Kind
    how: How
    traits: tuple[Trait, ...]
    used: Trait

    @property
    def advanced(self) -> bool:
        """001-R16: in a chained challenge any advanced skill listed makes it advanced."""
        return any(t.advanced for t in self.traits) if self.how == "chained" else self.used.advanced

    @property
    def trained(self) -> bool:
        """Trained in every advanced skill that counts."""
        counted = self.traits if self.how == "chained" else (self.used,)
        return all(t.trained for t in counted if t.advanced)

    def text(self, lang: str) -> str:
        if self.how == "one":
            return self.used.text()
        word = " y " if self.how == "chained" else " o "
        options = (word if lang == "es" else word.replace("y", "and").replace("o", "or")).join(
            t.text() for t in self.traits)
        if self.how == "chained":
            return self.used.text() + say(lang, f" (la más baja de {options}, {CHAINED.es})",
                                          f" (the lowest of {options}, {CHAINED.en})")
        return self.used.text() + say(lang, f" (elegida de {options}, {FLEXIBLE.es})",
                                      f" (chosen from {options}, {FLEXIBLE.en})")

    def data(self) -> dict:
        return {"how": self.how, "options": [t.data() for t in self.traits], "used": self.used.data()}


@dataclass(frozen=True)
class Challenge:
    """A challenge as read: shared by every roll of the same text on the same
    sheet (:func:`parse`), so what follows from it is worked out once."""

    text: str
    groups: tuple[Group, ...]
    quality: int = 0
    declared_advanced: bool = False  # the Cronista says so (--advanced)
    declared_untrained: bool = False  # the roller is not trained in it (--untrained)

    @cached_property
    def limit(self) -> int:
        return sum(g.used.value for g in self.groups) + self.quality

    @property
    def declared(self) -> bool:
        """Declared advanced by the Cronista: ``--advanced``, or ``--untrained``
        (training only matters for an advanced skill, so saying the roller is
        untrained says the challenge is advanced)."""
        return self.declared_advanced or self.declared_untrained

    @cached_property
    def advanced(self) -> bool:
        return self.declared or any(g.advanced for g in self.groups if g.kind == "skill")

    @cached_property
    def trained(self) -> bool:
        return not self.declared_untrained and all(g.trained for g in self.groups if g.kind == "skill")

    @cached_property
    def untrained_advanced(self) -> bool:
        """001-R12: an advanced skill used untrained forces a Night Turn."""
        return self.advanced and not self.trained

    def advanced_skills(self) -> list[str]:
        """The named skills whose training the challenge asks for (001-R17: an
        assistant must be trained in them too)."""
        group = self.group("skill")
        if group is None or not self.advanced:
            return []
        counted = group.traits if group.how == "chained" else (group.used,)
        return [t.name for t in counted if t.name and (t.advanced or self.declared)]

    def group(self, kind: Kind) -> Group | None:
        return next((g for g in self.groups if g.kind == kind), None)

    def describe(self, lang: str) -> str:
        """``límite 3 = Genio 2 (la más baja de Ímpetu 4 y Genio 2, ...) + Mecanología 1``."""
        said = " + ".join(g.text(lang) for g in self.groups)
        if self.quality:
            said += f" {'+' if self.quality > 0 else '−'} {QUALITY(lang)} {abs(self.quality)}"
        return str(self.limit) if said == str(self.limit) else f"{self.limit} = {said}"

    def data(self) -> dict:
        out = {"text": self.text, "limit": self.limit, "quality": self.quality,
               "advanced": self.advanced, "trained": self.trained}
        for kind in ("attribute", "skill"):
            g = self.group(kind)
            out[kind] = g.data() if g else None
        return out


def parse(text: str, who: Character | None, *, quality: int = 0, pick: tuple[str, ...] = (),
          advanced: bool = False, untrained: bool = False, absent_is_zero: bool = False) -> Challenge:
    """The challenge ``text`` for ``who`` (None: a quick roll with numbers).
    ``pick`` names the options the player chose in a flexible challenge; by
    default the best is taken (see :func:`_best`). ``absent_is_zero``: a trait
    the sheet lacks counts 0 instead of being refused (for initiative, which
    every character enters whatever its sheet holds).

    Read once for each text and sheet (an encounter asks for the same few at
    every exchange): a challenge depends on nothing else of ``who`` (a refusal
    is not kept, and is said again with its name)."""
    pick = tuple(pick)
    return sheet.worked_out(who, ("challenge", text, quality, pick, advanced, untrained, absent_is_zero),
                            _parse, text, who, quality, pick, advanced, untrained, absent_is_zero)


def _parse(text: str, who: Character | None, quality: int, pick: tuple[str, ...], advanced: bool, untrained: bool,
           absent_is_zero: bool) -> Challenge:
    text = str(text).strip()
    parts = _KINDS.split(text)
    if len(parts) > 2 or not all(parts):
        raise Refused(L(f"desafío {text!r}: escribe Atributo + Habilidad (\"Ímpetu + Pilotar\"), con o/u entre "
                        "opciones a elegir e y/e entre opciones que cuentan todas; la Calidad de una herramienta "
                        "va en --quality.",
                        f"challenge {text!r}: write Attribute + Skill (\"Ímpetu + Pilotar\"), with o/u between "
                        "options to choose from and y/e between options that all count; a tool's Quality goes "
                        "in --quality."))
    raw = [_options(part, text) for part in parts]
    kinds = _kinds(raw, who, text, absent_is_zero)
    picks = {fold(p): p for p in pick}
    groups = tuple(_group(kind, how, tuple(_trait(t, kind, who, text) for t in names), picks)
                   for kind, (how, names) in zip(kinds, raw))
    if picks:
        choices = ', '.join(t.text() for g in groups if g.how == "flexible" for t in g.traits)
        picked = ', '.join(picks.values())
        raise Refused(L(f"--pick {picked} no es una opción de un Desafío Flexible aquí; "
                        f"opciones: {choices or 'ninguna (el desafío no tiene o/u)'}.",
                        f"--pick {picked} is not an option of a flexible challenge here; "
                        f"options: {choices or 'none (no o/u in the challenge)'}."))
    return Challenge(text, groups, quality, advanced, untrained)


def _options(part: str, text: str) -> tuple[How, list[str]]:
    chained, flexible = _CHAINED.split(part), _FLEXIBLE.split(part)
    if len(chained) > 1 and len(flexible) > 1:
        raise Refused(L(f"desafío {text!r}: {part!r} mezcla y/e (cuentan todas) con o/u (se elige una); "
                        "un solo tipo de lista por atributo o habilidad.",
                        f"challenge {text!r}: {part!r} mixes y/e (all count) with o/u (choose one); "
                        "one kind of list per attribute or skill."))
    names = chained if len(chained) > 1 else flexible
    if not all(n.strip() for n in names):
        raise Refused(L(f"desafío {text!r}: una opción de {part!r} está vacía.",
                        f"challenge {text!r}: an option of {part!r} is empty."))
    how: How = "chained" if len(chained) > 1 else "flexible" if len(flexible) > 1 else "one"
    return how, [n.strip() for n in names]


def _kind_of_name(name: str, who: Character | None, absent_is_zero: bool) -> Kind | None:
    if who is None:
        raise Refused(L(f"{name!r} nombra un rasgo, pero una tirada rápida no tiene personaje: da números "
                        "(Atributo + Habilidad, como 4+3, o solo el límite), o nombra a un personaje de la campaña.",
                        f"{name!r} names a trait, but a quick roll has no character: give numbers "
                        "(Attribute + Skill, such as 4+3, or the limit alone), or name a campaign character."))
    if sheet.entry(who, "atributos", name):
        return "attribute"
    if sheet.entry(who, "habilidades", name):
        return "skill"
    if absent_is_zero:
        return None  # its place in the challenge says which kind it is
    who.trait(name)  # an unknown name: lists the character's traits and the closest match
    raise Refused(L(f"{name!r} no es un atributo ni una habilidad de {who.name}; un desafío suma un atributo "
                    "(atributos) y una habilidad (habilidades).",
                    f"{name!r} is neither an attribute nor a skill of {who.name}; a challenge adds one attribute "
                    "(atributos) and one skill (habilidades)."))


def _kinds(raw: list[tuple[How, list[str]]], who: Character | None, text: str, absent_is_zero: bool) -> list[Kind]:
    """Which group is the attribute and which the skill: the sheet says for
    names; numbers go attribute first, skill second; a lone number is the limit."""
    named: list[Kind | None] = []
    for _, names in raw:
        found = {_kind_of_name(n, who, absent_is_zero) for n in names if not _NUMBER.fullmatch(n)} - {None}
        if len(found) > 1:
            mixed = ' / '.join(names)
            raise Refused(L(f"desafío {text!r}: {mixed} mezcla atributos y habilidades; "
                            "pon el atributo antes del + y la habilidad después.",
                            f"challenge {text!r}: {mixed} mixes attributes and skills; "
                            "put the attribute before the + and the skill after it."))
        named.append(found.pop() if found else None)
    if len(raw) == 1:
        return [named[0] or "limit"]
    if named[0] is not None and named[0] == named[1]:
        what = L("atributos", "attributes") if named[0] == "attribute" else L("habilidades", "skills")
        raise Refused(L(f"el desafío {text!r} suma dos {what.es}; un desafío suma un atributo y una habilidad "
                        "(001-R15: nunca dos del mismo tipo).",
                        f"challenge {text!r} adds two {what.en}; a challenge adds one attribute and one skill "
                        "(001-R15: never two of the same kind)."))
    first = named[0] or ("skill" if named[1] == "attribute" else "attribute")
    return [first, "skill" if first == "attribute" else "attribute"]


def _trait(name: str, kind: Kind, who: Character | None, text: str) -> Trait:
    if _NUMBER.fullmatch(name):
        value, (low, high) = int(name), RANGES[kind]
        if not low <= value <= high:
            article = {"attribute": "an", "skill": "a", "limit": "the"}[kind]
            nombre = {"attribute": "un atributo", "skill": "una habilidad", "limit": "el límite"}[kind]
            raise Refused(L(f"desafío {text!r}: {nombre} de {value} está fuera del rango {low}..{high}.",
                            f"challenge {text!r}: {article} {kind} of {value} is out of range {low}..{high}."))
        return Trait("", value)
    table = "atributos" if kind == "attribute" else "habilidades"
    found = sheet.entry(who, table, name)
    if found is None:  # absent from the sheet, where parse allows it: no points in it
        return Trait(name, 0)
    key, value = found
    if kind == "attribute":
        return Trait(key, value)
    is_advanced = sheet.advanced(who, key)
    return Trait(key, value, is_advanced, is_advanced and sheet.trained(who, key))


def _group(kind: Kind, how: How, traits: tuple[Trait, ...], picks: dict[str, str]) -> Group:
    if how == "chained":
        return Group(kind, how, traits, min(traits, key=lambda t: t.value))
    chosen = [t for t in traits if fold(t.name or str(t.value)) in picks]
    if len(chosen) > 1:
        options = ' o '.join(t.text() for t in traits)
        raise Refused(L(f"--pick nombra dos opciones de {options}; elige una de cada tipo.",
                        f"--pick names two options of {options}; pick one of each kind."))
    if how == "one" or not chosen:
        return Group(kind, how, traits, _best(traits) if how == "flexible" else traits[0])
    del picks[fold(chosen[0].name or str(chosen[0].value))]
    return Group(kind, how, traits, chosen[0])


def _best(traits: tuple[Trait, ...]) -> Trait:
    """The default pick of a flexible challenge, the best for the player: an
    option that does not force a Night Turn (an advanced skill untrained), then
    the highest (a wider range and a higher Success Factor); the first listed on ties."""
    return max(traits, key=lambda t: (not (t.advanced and not t.trained), t.value))
