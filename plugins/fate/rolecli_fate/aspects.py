"""Aspects: permanent (sheet ``aspectos``), temporary ones placed by maneuvers
(state ``aspectos_temporales``, entries ``"Name|fragile|free"`` or
``"Name|sticky|used"``), and consequences (state ``consecuencias``).

Invoking or tagging one gives +2 (or a reroll) for 1 Fate point (the rulings,
as in SotC); the first tag of a fresh temporary aspect is free (000-R41), and a
fragile aspect vanishes once tagged."""

from __future__ import annotations

from dataclasses import dataclass

from rolecli.contract import Character, Label, Refused

from .ladder import fold
from .state import Work, fate_points


@dataclass
class Temp:
    name: str
    sticky: bool = False
    free: bool = True

    def encode(self) -> str:
        return f"{self.name}|{'sticky' if self.sticky else 'fragile'}|{'free' if self.free else 'used'}"

    @classmethod
    def decode(cls, text: str) -> "Temp":
        parts = [p.strip() for p in str(text).split("|")]
        sticky = len(parts) > 1 and fold(parts[1]) in ("sticky", "pegado", "pegajoso")
        free = len(parts) < 3 or fold(parts[2]) in ("free", "gratis", "libre")
        return cls(parts[0], sticky, free)


def temps(work: Work, ch: Character) -> list[Temp]:
    return [Temp.decode(t) for t in (work.get(ch, "aspectos_temporales", []) or [])]


def set_temps(work: Work, ch: Character, items: list[Temp]) -> None:
    work.set(ch, "aspectos_temporales", tuple([t.encode() for t in items]))  # (a tuple, as every list the rules set: stress)


def consequence_text(entry: str) -> str:
    text = entry.split(":", 1)[1] if ":" in entry else entry
    return text.split("[", 1)[0].strip()


def scene_chars(work: Work) -> list[Character]:
    return [c for c in work.everyone() if c.sheet.get("escena")]


def known_aspects(work: Work, owners: list[Character]) -> list[str]:
    names = []
    for ch in owners:
        names += [str(a) for a in (ch.value("aspectos") or [])]
        names += [t.name for t in temps(work, ch)]
        names += [consequence_text(c) for c in (work.get(ch, "consecuencias", []) or [])]
    return names


def invoke(work: Work, payer: Character | None, aspect: str, owners: list[Character], lang: str) -> tuple[int, str]:
    """Tag or invoke ``aspect`` for ``payer``: returns (Fate points paid, line)."""
    if payer is None:
        return 0, (Label(f"invoca «{aspect}»", f"invokes “{aspect}”")(lang))
    seen: list[Character] = []
    for ch in owners + scene_chars(work):
        if ch is not None and all(ch.name != s.name for s in seen):
            seen.append(ch)
    wanted = fold(aspect)
    for ch in seen:
        items = temps(work, ch)
        for i, t in enumerate(items):
            if fold(t.name) == wanted and t.free:
                if t.sticky:
                    items[i] = Temp(t.name, True, False)
                else:
                    items.pop(i)
                set_temps(work, ch, items)
                gone = "" if t.sticky else (Label(" y se desvanece (frágil)", " and fades (fragile)")(lang))
                return 0, (Label(f"etiqueta gratis «{t.name}» de {ch.name}{gone}",
                                 f"free tag of “{t.name}” on {ch.name}{gone}")(lang))
    for ch in seen:
        names = [str(a) for a in (ch.value("aspectos") or [])] + [t.name for t in temps(work, ch)] + \
                [consequence_text(c) for c in (work.get(ch, "consecuencias", []) or [])]
        match = next((n for n in names if fold(n) == wanted), None)
        if match is None:
            continue
        fp = fate_points(work, payer)
        if fp < 1:
            raise Refused(Label(f"{payer.name} tiene 0 puntos de destino; invocar {match!r} cuesta 1.",
                                f"{payer.name} has 0 Fate points; invoking {match!r} costs 1."))
        work.set(payer, "puntos_destino", fp - 1)
        items = temps(work, ch)
        for i, t in enumerate(items):  # a fragile aspect exists for one tag
            if fold(t.name) == wanted and not t.sticky:
                items.pop(i)
                set_temps(work, ch, items)
                break
        return 1, (Label(f"invoca «{match}» de {ch.name} (1 PD, quedan {fp - 1})",
                         f"invokes “{match}” on {ch.name} (1 FP, {fp - 1} left)")(lang))
    import difflib

    known = known_aspects(work, seen)
    close = difflib.get_close_matches(aspect, known, n=1, cutoff=0.5)
    hint = f" Did you mean {close[0]!r}?" if close else ""
    pista = f" ¿Querías decir {close[0]!r}?" if close else ""
    who = ", ".join(c.name for c in seen)
    raise Refused(Label(f"no hay ningún aspecto {aspect!r} en {who or 'nadie'}.{pista} "
                        f"Aspectos: {', '.join(known) or 'ninguno'}.",
                        f"no aspect {aspect!r} on {who or 'anyone'}.{hint} "
                        f"Aspects: {', '.join(known) or 'none'}."))
