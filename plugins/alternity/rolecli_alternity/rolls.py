"""The plain roll, a grenade's miss direction (002-R46) and a skill or feat check
(002-R1..R6, with last resorts, 002-R44)."""

from __future__ import annotations

from rolecli.contract import Action, Context, Label, Outcome

from . import labels as L
from .check import RANK, roll_check
from .last_resort import spend, spent_state
from .situation import prepare
from .steps import parse_rung


def do_scatter(action: Action, ctx: Context) -> Outcome:
    """002-R46: where a grenade that misses lands, by a d4."""
    lang = ctx.lang
    v = ctx.dice.roll(4, Label("dirección del fallo", "miss direction")(lang))
    dirs = {1: ("delante del objetivo", "in front of the target"), 2: ("detrás del objetivo", "behind the target"),
            3: ("a la izquierda", "to the left"), 4: ("a la derecha", "to the right")}
    es, en = dirs[v]
    key = ("front", "behind", "left", "right")[v - 1]
    return Outcome({"d4": v, "direction": key}, [Label(f"d4 = {v}: la granada cae {es}.",
                                                       f"d4 = {v}: the grenade lands {en}.")(lang)])


def do_roll(action: Action, ctx: Context) -> Outcome:
    p = action.params
    lang = ctx.lang
    rung = parse_rung(p["die"])
    from .steps import dice
    sd = dice(rung)
    control = ctx.dice.roll(20, Label("dado de control", "control die")(lang))
    values = [ctx.dice.roll(sd.sides, Label(f"dado de situación {sd.text}",
                                            f"situation die {sd.text}")(lang)) for _ in range(sd.count)]
    total = control + sd.sign * sum(values)
    line = f"{L.CONTROL(lang)} {control}"
    if sd.count:
        line += f" {'−' if sd.sign < 0 else '+'} {L.SITUATION(lang)} {sd.text} ({'+'.join(map(str, values))})"
    line += f" = {total}"
    return Outcome({"control": control, "situation_die": sd.text, "situation": values, "total": total}, [line])


def do_check(action: Action, ctx: Context) -> Outcome:
    p = action.params
    lang = ctx.lang
    actor = action.actor
    prep = prepare(p, ctx, actor, p["score"])
    res = roll_check(ctx, prep.score, prep.rung, prep.name or Label("tirada", "check")(lang),
                     cannot_fail=bool(p.get("cannot_fail")), too_hard=bool(p.get("too_hard")))
    lines = [prep.line(lang), res.line(lang)]
    key, pts, spent_line = spend(p.get("last_resort", "no"), res.degree, actor, ctx)
    if spent_line:
        lines.append(spent_line)
    data = res.as_json(prep.json)
    data.update(degree=key, success=RANK[key] >= RANK["ordinary"], last_resorts_spent=pts, rolled_degree=res.degree)
    out = Outcome(data, lines, success=data["success"])
    if actor is not None and (pts or res.bad_luck):
        out.changes[actor.name] = spent_state(actor, pts, res.bad_luck)
    return out
