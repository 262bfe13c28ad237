"""Recovery events (000-R60…R66, the rulings, GAP-23).

- ``end_of_scene``: clears stress (000-R60), the Menor consequence (000-R61,
  kept with ``--no-rested``), the front minion's marks, the conflict's marks
  (Taken Out, conceded, a concession offered: ``conflict.clear_marks``), and
  every temporary aspect.
- ``rest`` (a night): the above, plus Mayor (000-R62).
- ``downtime`` (days to weeks): the above, plus Severa (000-R63).
- ``treatment``: removes Extrema only (000-R64); nothing else does.
- ``start_of_session``: lowers every consequence's recovery level by one
  (000-R65; Extrema excepted), and refreshes Fate points up to ``refresh``.
- ``circumstances``: fragile temporary aspects vanish (000-R41).
"""

from __future__ import annotations

from rolecli.contract import Action, Character, Label, Outcome

from .aspects import set_temps, temps
from .conflict import clear_marks
from .state import fate_points, is_group, work_on
from .stress import LEVEL, SEVERITIES, TRACKS, format_consequence, parse_consequence, sev_name

EVENT_LEVEL = {"end_of_scene": 0, "rest": 1, "downtime": 2}


def recover(ch: Character, event: str, action: Action, ctx) -> Outcome:
    p, lang = action.params, ctx.lang
    work = work_on(ctx, ch)
    lines: list[str] = []
    removed: list[str] = []
    data: dict = {"character": ch.name, "event": event}
    cons = list(work.get(ch, "consecuencias", []) or [])
    if event in EVENT_LEVEL:
        level = EVENT_LEVEL[event]
        if event == "end_of_scene" and not p["rested"]:
            level = -1
        for track in ("salud", "compostura"):
            if work.get(ch, track, []):
                work.set(ch, track, ())  # (a tuple, as every list the rules set: stress)
                lines.append(f"{ch.name}: {Label('se limpia', 'clears')(lang)} {Label(*TRACKS[track][:2])(lang)}")
        if is_group(ch) and work.get(ch, "sicario_estres", 0):
            work.set(ch, "sicario_estres", 0)
            lines.append(f"{ch.name}: {Label('se limpia el estrés del sicario de delante', 'the front minion clears its stress')(lang)}")
        clear_marks(work, ch)
        if temps(work, ch):
            set_temps(work, ch, [])
            lines.append(f"{ch.name}: {Label('desaparecen los aspectos temporales', 'temporary aspects end')(lang)}")
        kept = []
        for c in cons:
            sev, text, rec = parse_consequence(c)
            if sev != "companero" and sev != "extrema" and LEVEL[rec if rec in LEVEL else sev] <= level:
                removed.append(c)
            elif sev == "companero" and event != "end_of_scene":
                removed.append(c)  # the companion comes back after a rest
            else:
                kept.append(c)
        if event == "end_of_scene" and level < 0 and any(parse_consequence(c)[2] == "menor" for c in cons):
            lines.append(f"{ch.name}: {Label('sin descanso entre escenas, conserva la consecuencia Menor', 'no rest between scenes: keeps the Minor consequence')(lang)}")
        cons = kept
    elif event == "treatment":
        kept = []
        for c in cons:
            (removed if parse_consequence(c)[0] == "extrema" else kept).append(c)
        if not removed:
            lines.append(f"{ch.name}: {Label('no tiene consecuencia Extrema', 'has no Extreme consequence')(lang)}")
        cons = kept
    elif event == "start_of_session":
        new = []
        for c in cons:
            sev, text, rec = parse_consequence(c)
            if sev in ("extrema", "companero"):
                new.append(c)
                continue
            lv = LEVEL[rec] - 1
            if lv < 0:
                removed.append(c)
                continue
            lower = SEVERITIES[lv][0]
            new.append(format_consequence(sev, text, lower))
            lines.append(f"{ch.name}: «{text}» ({sev_name(sev, lang)}) " + (Label(f"se recupera como {sev_name(lower, lang)}",
                                                                                  f"recovers as {sev_name(lower, lang)}")(lang)))
        cons = new
        refresh = int(ctx.options["refresh"])
        fp = fate_points(work, ch)
        if fp < refresh:
            work.set(ch, "puntos_destino", refresh)
            lines.append(f"{ch.name}: {Label('PD', 'FP')(lang)} {fp} → {refresh} (refresh)")
    elif event == "circumstances":
        items = temps(work, ch)
        keep = [t for t in items if t.sticky]
        if len(keep) != len(items):
            set_temps(work, ch, keep)
            gone = [t.name for t in items if not t.sticky]
            lines.append(f"{ch.name}: {Label('desaparecen', 'fade')(lang)} " + ", ".join(gone))
    if removed:
        lines.append(f"{ch.name}: {Label('se quita', 'removes')(lang)} " + "; ".join(removed))
    if list(work.get(ch, "consecuencias", []) or []) != cons:
        work.set(ch, "consecuencias", tuple(cons))
    if not lines:
        lines.append(f"{ch.name}: {Label('nada que recuperar', 'nothing to recover')(lang)}")
    data["removed"] = removed
    data["consequences"] = cons
    return Outcome(data=data, lines=lines, changes=work.changes())
