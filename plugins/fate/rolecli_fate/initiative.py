"""Initiative (000-R10/R11): Alerta for physical conflicts, Empatía for social
and mental ones (the rulings, GAP-11); ties by Resolución, then the order the GM
listed. A minion group uses its leader's initiative, else its Calidad.
Rotating initiative: the listed order, moved one place per round."""

from __future__ import annotations

from typing import Sequence

from rolecli.contract import Character, Outcome

from . import ladder
from .state import Work, is_group, skill_of


def score(work: Work, ch: Character, skill: str) -> tuple[int, int, str]:
    """(initiative, Resolución tie-break, whose numbers) for one character."""
    if is_group(ch):
        leader = work.char(str(ch.value("lider") or "")) if ch.value("lider") else None
        if leader is not None:
            return skill_of(leader, skill), skill_of(leader, "Resolución"), leader.name
        q = int(ch.value("calidad") or 1)
        return q, q, ""
    return skill_of(ch, skill), skill_of(ch, "Resolución"), ch.name


def order(characters: Sequence[Character], ctx, p: dict) -> Outcome:
    lang = ctx.lang
    es = lang == "es"
    characters = [c for c in characters if not c.sheet.get("escena")]  # the scene does not act
    work = Work(ctx, *characters)
    names = [c.name for c in characters]
    rotating = bool(p.get("rotating")) or ctx.options.get("initiative", "skills") == "rotating"
    rnd = max(1, int(p.get("round", 1) or 1))
    if rotating:
        k = (rnd - 1) % len(names) if names else 0
        result = names[k:] + names[:k]
        lines = [(f"Iniciativa rotativa, asalto {rnd}: " if es else f"Rotating initiative, round {rnd}: ") + ", ".join(result)]
        return Outcome(data={"order": result, "round": rnd, "rotating": True}, lines=lines)
    kind = str(p.get("kind", "physical"))
    skill = "Alerta" if kind in ("physical", "fisico", "físico") else "Empatía"
    skill_label = skill if es else {"Alerta": "Alertness", "Empatía": "Empathy"}[skill]
    scored = []
    for i, ch in enumerate(characters):
        s, r, via = score(work, ch, skill)
        scored.append((-s, -r, i, ch.name, s, r, via))
    scored.sort()
    lines = []
    for pos, (_, _, i, name, s, r, via) in enumerate(scored, 1):
        src = "" if via == name else ((f" (de {via})" if es else f" (from {via})") if via else
                                      (" (Calidad)" if es else " (Quality)"))
        lines.append(f"{pos}. {name}: {skill_label} {ladder.describe(s, lang)}{src}, "
                     f"{'Resolución' if es else 'Resolve'} {ladder.signed(r)}, {'lista' if es else 'listed'} #{i + 1}")
    result = [row[3] for row in scored]
    data = {"order": result, "skill": skill, "kind": kind,
            "scores": {row[3]: {"initiative": row[4], "resolve": row[5], "listed": row[2] + 1} for row in scored}}
    return Outcome(data=data, lines=lines)
