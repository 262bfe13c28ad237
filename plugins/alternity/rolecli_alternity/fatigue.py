"""Stamina-endurance rolls that hurt: fatigue after a fatiguing activity (002-R25) and
holding one's breath (002-R28)."""

from __future__ import annotations

from typing import Any

from rolecli.contract import Action, Character, Context, Label, Outcome

from . import recovery as R
from .check import roll_check
from .hits import take_hit
from .sheet import STAMINA, ability, find_skill, state
from .situation import prepare


def _stamina_prep(ch: Character, score_text: Any, ctx: Context, extra: list[tuple[int, str]],
                  dazed_optional: bool = True):
    if score_text is not None:
        return prepare({}, ctx, ch, score_text, extra=extra, modifiers=False, dazed_optional=dazed_optional)
    score, kind, name = find_skill(ch, STAMINA, "CON")
    return prepare({}, ctx, ch, str(score), kind=kind, name=name, extra=extra, modifiers=False,
                   dazed_optional=dazed_optional)


def do_fatigue(ch: Character, action: Action, ctx: Context) -> Outcome:
    """002-R25: Stamina-endurance after a fatiguing activity; each later roll of a continuing
    activity at a cumulative +1 step. Critical Failure 2 fatigue, Failure 1."""
    p = action.params
    lang = ctx.lang
    n = int(p.get("roll_number") or 1)
    extra = []
    if n > 1:
        extra.append((n - 1, Label(f"tirada {n} de una actividad continua",
                                   f"roll {n} of a continuing activity")(lang)))
    if p.get("steps"):
        extra.append((int(p["steps"]), Label("modificadores", "modifiers")(lang)))
    prep = _stamina_prep(ch, p.get("score"), ctx, extra)
    res = roll_check(ctx, prep.score, prep.rung, Label("fatiga", "fatigue")(lang))
    lines = [prep.line(lang), res.line(lang)]
    points = R.FATIGUE_DAMAGE[res.degree]
    st = state(ch)
    data = res.as_json(prep.json) | {"fatigue": points}
    if points:
        st, rep, more = take_hit(ch, st, "fatigue", points, ctx, resolve=p.get("resolve"))
        lines.extend(more)
        data["report"] = rep
    else:
        lines.append(Label("Sin daño por fatiga.", "No fatigue damage.")(lang))
    data["state"] = st
    return Outcome(data, lines, success=res.success, changes={ch.name: st} if points else {})


def do_breath(ch: Character, action: Action, ctx: Context) -> Outcome:
    """002-R28: free for ⌊CON/2⌋ rounds; then a Stamina-endurance roll each round at a
    cumulative +1 step after the first: Critical Failure 4 stun, Failure 3, Ordinary 2,
    Good 1, Amazing 0; points spill 1:1 into wound and mortal; a Failure, a Critical
    Failure or the last stun box leaves the character unconscious and drowning.
    The rolls take the cumulative step and the always-on mortal/fatigue penalties, but
    not the optional stun/wound Dazed step: the book's example (002-T12) rolls at +2
    with 6 of Jack's 8 stun boxes gone."""
    p = action.params
    lang = ctx.lang
    rnd = int(p["round"])
    free = ability(ch, "CON") // 2
    st = state(ch)
    if rnd <= free:
        return Outcome({"character": ch.name, "round": rnd, "free_rounds": free, "stun": 0},
                       [Label(f"Asalto {rnd} de {free} sin tirada (⌊CON/2⌋): {ch.name} contiene la respiración.",
                              f"Round {rnd} of {free} free rounds (⌊CON/2⌋): {ch.name} holds the breath.")(lang)])
    k = rnd - free
    extra = [(k - 1, Label(f"{k}.ª tirada conteniendo la respiración", f"breath roll {k}")(lang))] if k > 1 else []
    if p.get("steps"):
        extra.append((int(p["steps"]), Label("modificadores", "modifiers")(lang)))
    prep = _stamina_prep(ch, p.get("score"), ctx, extra, dazed_optional=False)
    res = roll_check(ctx, prep.score, prep.rung, Label("contener la respiración", "holding breath")(lang))
    lines = [prep.line(lang), res.line(lang)]
    loss = R.BREATH[res.degree]
    failed_out = not res.success and ctx.options["breath_knockout"] == "failure"
    new, rep, more = take_hit(ch, st, "stun", loss, ctx, spill="drowning", knock_out="drowning" if failed_out else "")
    lines.extend(more)
    if new["status"] == "ko" and new["ko_cause"] == "drowning" and not rep.get("died"):
        lines.append(Label(f"{ch.name} está inconsciente y ahogándose.",
                           f"{ch.name} is unconscious and drowning.")(lang))
    data = res.as_json(prep.json) | {"round": rnd, "free_rounds": free, "stun": loss, "report": rep, "state": new}
    return Outcome(data, lines, success=res.success, changes={ch.name: new})
