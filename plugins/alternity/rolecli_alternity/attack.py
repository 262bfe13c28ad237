"""An attack (002-R20, R44): a check whose degree picks the entry of the damage rating,
landed on the target through the one pipeline of hits."""

from __future__ import annotations

import functools

from rolecli.contract import Action, Context, Label, Outcome, Refused

from . import damage as D
from . import labels as L
from .check import RANK, roll_check
from .hits import land_hit
from .last_resort import spend, spent_state
from .sheet import kept_state
from .situation import prepare

ATTACK = Label("ataque", "attack")
NO_DAMAGE = Label("Sin daño.", "No damage.")


@functools.lru_cache(maxsize=256)  # the same targets resist at every exchange of a simulation
def _resistance_of(name: str, lang: str) -> str:
    return Label(f"resistencia de {name}", f"{name}'s resistance")(lang)


def do_attack(action: Action, ctx: Context) -> Outcome:
    p = action.params
    lang = ctx.lang
    actor, target = action.actor, action.target
    entries = D.parse_rating(p["damage"])
    extra = []
    if p.get("resist", "none") != "none":
        if target is None:
            raise Refused(Label("--resist necesita un objetivo (--target).", "--resist needs a --target."))
        val = int(target.sheet.get("res_fue" if p["resist"] == "str" else "res_des") or 0)
        if val:
            extra.append((val, _resistance_of(target.name, lang)))
    prep = prepare(p, ctx, actor, p["score"], extra=extra)
    res = roll_check(ctx, prep.score, prep.rung, ATTACK(lang), cannot_fail=bool(p.get("cannot_fail")),
                     too_hard=bool(p.get("too_hard")))
    explain = ctx.explain  # the lines are written only for someone to read (Context.explain)
    lines = [prep.line(lang), res.line(lang)] if explain else []
    own, against = p.get("last_resort", "no"), p.get("target_last_resort", "no")
    if own != "no" and against != "no":
        raise Refused(Label("los últimos recursos no se contrarrestan: solo un bando puede gastarlos en una acción (002-R44).",
                            "last resorts cannot counter each other: only one side may spend them on an action (002-R44)."))
    key, pts, line = spend(own, res.degree, actor, ctx)
    tpts = 0
    if against != "no":
        key, tpts, line = spend(against, key, target, ctx, own=False)
    if line:
        lines.append(line)
    # one table, the check's fields over the roll's, then the attack's own (the same order as
    # ``prep.json | res.as_json() | {...}``)
    data = res.as_json(prep.json)
    data["degree"], data["rolled_degree"], data["success"] = key, res.degree, RANK[key] >= RANK["ordinary"]
    data["last_resorts_spent"], data["target_last_resorts_spent"], data["damage"] = pts, tpts, None
    out = Outcome(data, lines, success=data["success"])
    if actor is not None and (pts or res.bad_luck):
        out.changes[actor.name] = spent_state(actor, pts, res.bad_luck)
    if target is not None and tpts:
        out.changes[target.name] = spent_state(target, tpts)
    if not data["success"]:
        if explain:
            lines.append(NO_DAMAGE(lang))
        return out
    entry = D.pick(entries, key)
    amount, values = D.roll_entry(ctx, entry)
    data["damage"] = {"entry": entry.text, "track": entry.track, "amount": amount, "dice": values}
    if explain:
        lines.append(Label(f"Daño {L.degree(key, lang)}: {entry.text} = {amount} de {L.track(entry.track, lang)}.",
                           f"{L.degree(key, lang)} damage: {entry.text} = {amount} {L.track(entry.track, lang)}.")(lang))
    if target is not None:  # its change: what it spent, if anything, and what the hit sets
        queue = ctx.options["phase_damage"] == "end_of_phase"
        spent, kept = out.changes.get(target.name), kept_state(target)
        sets, rep, more = land_hit(target, {**kept, **spent} if spent else kept, entry.track, amount, ctx, queue=queue)
        out.changes[target.name] = {**spent, **sets} if spent else sets
        lines.extend(more)
        data["target"] = {"name": target.name, **rep}
    return out
