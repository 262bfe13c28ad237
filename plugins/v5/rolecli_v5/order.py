"""The turn: everyone declares, then actions resolve in the book's order (003-R2, 003-R10).

Each character declares its kind of action with ``--declare Name=action[:skill][>target]``:
``surprise`` (its side has the surprise: it goes first), ``ongoing`` (close combat
already under way), ``ranged``, ``new`` (close combat starting now) or ``other``
(anything else; also whoever declares nothing). Ties go to the higher Dexterity +
Wits, then to more dots in the skill used, then to the order the characters were
listed. Two characters in close combat of the same kind against each other resolve
at the same time, as one two-sided conflict roll (003-R5). A quick roll with no
campaign gives the numbers instead: ``Name=action[:dexterity_wits[:skill]]``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from rolecli.contract import Character, Label, Outcome, Refused, keep_at_most, worked_out
from rolecli.names import closest, fold

from . import labels as L
from .labels import tr
from .traits import attribute, parts

KINDS = tuple(L.ACTIONS)  # surprise, ongoing, ranged, new, other: the order they resolve in
CLOSE = ("ongoing", "new")


@dataclass(frozen=True)
class Entry:
    name: str
    action: str
    dexterity_wits: int
    skill: int
    skill_name: str
    target: str | None
    listed: int

    @property
    def key(self) -> tuple[int, int, int]:
        return KINDS.index(self.action), -self.dexterity_wits, -self.skill


def _split(text: str) -> tuple[str, str, list[str], str | None]:
    head, arrow, target = text.partition(">")
    name, sep, rest = head.partition("=")
    action, *extra = rest.split(":")
    action = action.strip().lower()
    if not sep or not name.strip() or action not in KINDS or (arrow and not target.strip()):
        raise Refused(Label(f"--declare {text!r}: escribe Nombre=acción[:habilidad][>objetivo], con la acción una de "
                            f"{', '.join(KINDS)}.",
                            f"--declare {text!r}: write Name=action[:skill][>target], the action one of "
                            f"{', '.join(KINDS)}."))
    return name.strip(), action, [e.strip() for e in extra], target.strip() or None


def _entry(text: str, listed: int, character: Character | None) -> Entry:
    """A character's entry is read from its sheet once for each declaration (every
    round of a fight declares the same)."""
    if character is None:
        return _read_entry(text, listed, None)
    return worked_out(character.sheet, ("entry", character.name, text, listed),
                      lambda: _read_entry(text, listed, character))


def _read_entry(text: str, listed: int, character: Character | None) -> Entry:
    name, action, extra, target = _split(text)
    if character is None:  # a quick roll: the numbers are given
        try:
            numbers = [int(x) for x in extra]
        except ValueError:
            raise Refused(Label(f"--declare {text!r}: sin campaña, escribe Nombre=acción:destreza_astucia:habilidad "
                                "con números.",
                                f"--declare {text!r}: without a campaign write Name=action:dexterity_wits:skill "
                                "with numbers.")) from None
        numbers += [0, 0]
        return Entry(name, action, numbers[0], numbers[1], "", target, listed)
    skill = parts(character, extra[0], "skill")[0] if extra and extra[0] else None
    dw = attribute(character, "dexterity") + attribute(character, "wits")
    return Entry(character.name, action, dw, skill.value if skill else 0, skill.name if skill else "", target, listed)


def entries(characters: Sequence[Character], ctx, declared: Sequence[str]) -> tuple[list[Entry], list[str]]:
    """The entries in the order listed, and the declarations of characters not taking part."""
    if not ctx.characters:
        return [_entry(text, i, None) for i, text in enumerate(declared)], []
    taking_part = {fold(c.name): c for c in characters}
    said: dict[str, str] = {}
    skipped = []
    for text in declared:
        name = _split(text)[0]
        if fold(name) in taking_part:
            said[fold(name)] = text
        elif any(fold(name) == fold(n) for n in ctx.characters):
            skipped.append(name)  # named, but out of play or not listed
        else:
            names = [c.name for c in characters]
            raise Refused(Label(f"--declare {text!r}: no participa ningún personaje {name!r}."
                                + closest(name, names, "Personajes", "es"),
                                f"--declare {text!r}: no character {name!r} takes part."
                                + closest(name, names, "Characters")))
    out = [_entry(said.get(fold(c.name), f"{c.name}=other"), i, c) for i, c in enumerate(characters)]
    return out, skipped


def _describe(e: Entry, lang: str) -> str:
    said = f"{e.name}: {L.ACTIONS[e.action](lang)}, {tr(lang, 'Destreza + Astucia', 'Dexterity + Wits')} {e.dexterity_wits}"
    if e.skill_name or e.skill:
        said += f", {e.skill_name or tr(lang, 'habilidad', 'skill')} {e.skill}"
    return said


KEPT = 1024  # turns ordered at most in _ORDERED (an encounter orders the same few again and again)
# by the declarations, the campaign's names (where a declaration is read against them; else whether there is a
# campaign), the language, ctx.explain and the names of the characters taking part: their sheets, then the turn's
# record and its lines
_ORDERED: dict[tuple, tuple[tuple[dict, ...], dict, list[str]]] = {}


def order(characters: Sequence[Character], action, ctx) -> Outcome:
    """The turn's order (003-R2, R10). It reads nothing but the declarations, the names of
    the campaign's characters (:func:`entries`), the language, whether its lines are read and
    the names and sheets of the characters taking part, so it is worked out once for each,
    kept by the names with the sheets, compared as it is found (by identity first): a simulation
    asks it at every trial, the same each time, and its entries fold every name (icount v5 3.631M
    -> 3.552M a trial). Each call gets a record and lines of its own; what they hold is the kept
    one's, shared (to be read only)."""
    declared = action.params.get("declare") or ()
    # (no sheet's id in the key, nor the campaign's names where no declaration reads them, nor a comprehension's
    # frame: icount v5 N=400 2.6083M -> 2.5983M a trial, -0.38%)
    names, sheets = [], []
    for c in characters:
        names.append(c.name)
        sheets.append(c.sheet)
    sheets = tuple(sheets)
    key = (tuple(declared), tuple(ctx.characters) if declared else not ctx.characters, ctx.lang, ctx.explain, *names)
    found = _ORDERED.get(key)
    if found is None or found[0] != sheets:  # (the same sheets: compared by identity first, else by value)
        listed, skipped = entries(characters, ctx, declared)
        found = keep_at_most(_ORDERED, key, (sheets, *_order(listed, skipped, ctx.lang, ctx.explain)), KEPT)
    _, data, lines = found
    # the order alone, which the core reads, where no one reads the rest (Context.record)
    return Outcome(dict(data) if ctx.record else {"order": data["order"]}, list(lines))


def _order(listed: list[Entry], skipped: list[str], lang: str, explain: bool) -> tuple[dict, list[str]]:
    """The turn's order: its record and its lines (written only where ``explain``)."""
    ranked = sorted(listed, key=lambda e: (e.key, e.listed))
    by_name = {fold(e.name): e for e in ranked}

    def partner(e: Entry) -> Entry | None:
        other = by_name.get(fold(e.target)) if e.target else None
        if other and other.target and fold(other.target) == fold(e.name) and e.action == other.action in CLOSE:
            return other
        return None

    def shooting_back(e: Entry) -> bool:
        """003-R7: two combatants shooting at each other may resolve as one two-sided roll."""
        other = by_name.get(fold(e.target)) if e.target else None
        return bool(other and other.target and fold(other.target) == fold(e.name) and e.action == other.action
                    == "ranged")

    aimed = any(e.target for e in ranked)  # a turn with declared targets: who is left alone shows

    def line(step: int, member: Entry, group: list[Entry], mate: Entry | None) -> str:
        """``member``'s line: the ``step``-th to resolve, with its ``mate`` of a close combat if any."""
        said = f"{step}. {_describe(member, lang)}"
        targeted = any(o.target and fold(o.target) == fold(member.name) for o in ranked)
        if mate:
            other = group[1 - group.index(member)]
            said += tr(lang, f"; a la vez que {other.name}: una única tirada de conflicto bilateral",
                       f"; at the same time as {other.name}: one two-sided conflict roll")
        elif member.target:
            said += f" → {member.target}"
            if shooting_back(member):
                said += tr(lang, "; se disparan el uno al otro: puede ser una única tirada de conflicto bilateral "
                                 "(attack --two-sided --ranged)",
                           "; they shoot at each other: it may be one two-sided conflict roll "
                           "(attack --two-sided --ranged)")
        elif aimed and not targeted:
            said += tr(lang, "; nadie interactúa con él: su momento da igual",
                       "; nobody interacts with it: its timing does not matter")
        if any(o is not member and o.key == member.key and o not in group for o in ranked):
            said += tr(lang, " (empate: el orden de la lista)", " (tied: the order listed)")
        return said

    lines, together, shootouts, placed, step = [], [], [], set(), 0
    for e in ranked:
        if e.name in placed:
            continue
        step += 1
        mate = partner(e)
        group = [e] + ([mate] if mate else [])
        for member in group:
            placed.add(member.name)
            if not mate and member.target and shooting_back(member):
                pair = sorted([member.name, member.target], key=fold)
                if pair not in shootouts:
                    shootouts.append(pair)
            if explain:  # the lines are written only for someone to read (Context.explain)
                lines.append(line(step, member, group, mate))
        if mate:
            together.append([e.name, mate.name])
    if skipped and explain:
        lines.append(tr(lang, f"Sin contar a {', '.join(skipped)}: no toma parte",
                        f"Leaving out {', '.join(skipped)}: not taking part"))
    data = {"order": [e.name for e in ranked], "together": together, "shootouts": shootouts,
            "declared": {e.name: {"action": e.action, "dexterity_wits": e.dexterity_wits, "skill": e.skill,
                                  "skill_name": e.skill_name, "target": e.target} for e in ranked}}
    return data, lines
