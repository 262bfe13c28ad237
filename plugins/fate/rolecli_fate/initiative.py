"""Initiative (000-R10/R11): Alerta for physical conflicts, Empatía for social
and mental ones (the rulings, GAP-11); ties by Resolución, then the order the GM
listed. A minion group uses its leader's initiative, else its Calidad.
Rotating initiative: the listed order, moved one place per round."""

from __future__ import annotations

from typing import Sequence

from rolecli.contract import Action, Character, Label, Outcome, keep_at_most

from . import ladder
from .state import Work, is_group, skill_of, work_on


def score(work: Work, ch: Character, skill: str) -> tuple[int, int, str]:
    """(initiative, Resolución tie-break, whose numbers) for one character."""
    if is_group(ch):
        leader = work.char(str(ch.value("lider") or "")) if ch.value("lider") else None
        if leader is not None:
            return rated(leader, skill)
        q = int(ch.value("calidad") or 1)
        return q, q, ""
    return rated(ch, skill)


def rated(ch: Character, skill: str) -> tuple[int, int, str]:
    """(``skill``, Resolución, its name) of a character acting on its own numbers: its
    sheet's, worked out once (every trial of a simulation orders the same characters;
    kept by the name, as two characters may share a sheet, :data:`_RATED`)."""
    sheet = ch.sheet
    found = _RATED.get((ch.name, skill))
    if found is None or found[0] is not sheet:
        found = keep_at_most(_RATED, (ch.name, skill), (sheet, _rated(ch, skill)), _RATED_LIMIT)
    return found[1]


# Each character's initiative numbers (:func:`rated`) by its name and the skill, with the sheet
# they were read from (a character of that name with another sheet has them read anew): a table of
# their own, not :func:`~rolecli.contract.worked_out`'s by the sheet, whose call for each character
# costs more (icount, a fate trial 3.4635M -> 3.4576M, -0.17%).
_RATED: dict[tuple[str, str], tuple[dict, tuple[int, int, str]]] = {}
_RATED_LIMIT = 1024


def _rated(ch: Character, skill: str) -> tuple[int, int, str]:
    """:func:`rated`, read from the sheet."""
    return skill_of(ch, skill), skill_of(ch, "Resolución"), ch.name


def acting(characters: Sequence[Character]) -> list[Character]:
    """The characters of ``characters`` that act: the scene does not."""
    return [c for c in characters if not c.sheet.get("escena")]


def ranked(characters: Sequence[Character], skill: str, ctx) -> tuple[tuple, ...]:
    """Each of the :func:`acting` ``characters`` by its initiative in ``skill`` (:func:`score`), as
    ``(-initiative, -Resolución, place listed, name, initiative, Resolución, whose numbers)``, sorted.
    Kept for the characters met last, each by its name, sheet and state (the core never changes
    one in place: it gives a new state), where every group among them takes its leader's
    initiative from one of them (not from the roster): every trial of a simulation orders the
    same characters as they start (icount, a fate trial 3.2067M -> 3.1789M, -0.87%)."""
    kept = _RANKED[0]
    if kept[0] == skill and len(kept[1]) == len(characters):
        for (name, sheet, state), ch in zip(kept[1], characters):  # (a loop: a call fewer than all() of a generator)
            if ch.sheet is not sheet or ch.state is not state or ch.name != name:
                break
        else:
            return kept[2]
    characters_acting = acting(characters)
    work = work_on(ctx)
    work.give(characters_acting)
    scored = []
    for i, ch in enumerate(characters_acting):
        s, r, via = score(work, ch, skill)
        scored.append((-s, -r, i, ch.name, s, r, via))
    scored.sort()
    rows = tuple(scored)
    # Kept where what score read is theirs alone: each found by its own name, every leader among them.
    names = {ch.name for ch in characters_acting}
    keep = len(names) == len(characters_acting)
    for ch in characters_acting:  # (a loop: a generator would make names a cell at every call)
        if is_group(ch) and ch.value("lider") and str(ch.value("lider")) not in names:
            keep = False
    if keep:
        _RANKED[0] = (skill, tuple([(ch.name, ch.sheet, ch.state) for ch in characters]), rows)
    return rows


# The characters :func:`ranked` ranked last (each as its name, sheet and state), the skill, and their rows.
_RANKED: list[tuple[str | None, tuple[tuple[str, dict, dict], ...], tuple[tuple, ...]]] = [(None, (), ())]


def order(characters: Sequence[Character], action: Action, ctx) -> Outcome:
    p, lang = action.params, ctx.lang
    rotating = p["rotating"] or ctx.options["initiative"] == "rotating"
    rnd = int(p["round"])
    if rotating:
        names = [c.name for c in acting(characters)]
        k = (rnd - 1) % len(names) if names else 0
        result = names[k:] + names[:k]
        lines = [(Label(f"Iniciativa rotativa, asalto {rnd}: ",
                        f"Rotating initiative, round {rnd}: ")(lang)) + ", ".join(result)]
        return Outcome(data={"order": result, "round": rnd, "rotating": True} if ctx.record else {"order": result},
                       lines=lines)
    kind = p["kind"]
    skill = "Alerta" if kind in ("physical", "fisico", "físico") else "Empatía"
    scored = ranked(characters, skill, ctx)
    lines = []
    if ctx.explain:  # the lines are written only for someone to read (Context.explain)
        skill_label = Label(skill, {"Alerta": "Alertness", "Empatía": "Empathy"}[skill])(lang)
        for pos, (_, _, i, name, s, r, via) in enumerate(scored, 1):
            src = "" if via == name else ((Label(f" (de {via})", f" (from {via})")(lang)) if via else
                                          (Label(" (Calidad)", " (Quality)")(lang)))
            lines.append(f"{pos}. {name}: {skill_label} {ladder.describe(s, lang)}{src}, "
                         f"{Label('Resolución', 'Resolve')(lang)} {ladder.signed(r)}, "
                         f"{Label('lista', 'listed')(lang)} #{i + 1}")
    result = [row[3] for row in scored]
    if not ctx.record:  # the order alone, which the core reads, where no one reads the rest (Context.record)
        return Outcome(data={"order": result}, lines=lines)
    data = {"order": result, "skill": skill, "kind": kind,
            "scores": {row[3]: {"initiative": row[4], "resolve": row[5], "listed": row[2] + 1} for row in scored}}
    return Outcome(data=data, lines=lines)
