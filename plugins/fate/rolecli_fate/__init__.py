"""rolecli rule system ``fate``: Caminantes, a Fate / Spirit of the Century style
game (its rules, rulings and decisions: docs/systems/fate.md).

The modules follow the book: ``ladder`` (adjectives), ``roll`` (4dF + skill and
its modifiers), ``actions`` (simple actions, contests, attacks, maneuvers,
blocks, movement), ``stress`` (tracks, consequences, Taken Out), ``conflict``
(who is still in it, concessions), ``status`` (who can act), ``minions``,
``aspects``, ``recovery``, ``initiative`` and ``odds``."""

from __future__ import annotations


from rolecli import hookimpl
from rolecli.contract import Refused

from .system import INFO

ROLECLI_CONTRACT = 2

__all__ = ["ROLECLI_CONTRACT", "INFO"]


def check_options(ctx) -> None:
    for opt in INFO.options:
        val = ctx.options.get(opt.key, opt.default) if ctx.options is not None else opt.default
        if opt.choices and val not in opt.choices:
            raise Refused(f"rule option {opt.key} = {val!r} is not one of {', '.join(map(str, opt.choices))}.")
        if opt.minimum is not None or opt.maximum is not None:
            from rolecli.contract import check_range

            check_range(opt.key, int(val), opt.minimum, opt.maximum)


def _ctx(ctx):
    ctx.options = INFO.rule_options(ctx.options)
    check_options(ctx)
    return ctx


@hookimpl
def rolecli_system():
    return INFO


@hookimpl
def rolecli_roll(action, ctx):
    if action.name != "roll":
        return None
    from rolecli.contract import Outcome

    from .roll import dice_text, four_df

    dice = four_df(ctx, "4dF")
    total = sum(dice)
    from . import ladder

    line = f"{dice_text(dice)} ({ladder.describe(total, ctx.lang)})"
    return Outcome(data={"dice": dice, "total": total}, lines=[line], success=None)


@hookimpl
def rolecli_resolve(action, ctx):
    from . import actions as A
    from . import lasting

    handlers = {"check": A.check, "contest": A.contest, "attack": A.attack, "maneuver": A.maneuver,
                "block": A.block, "overcome": A.overcome, "sprint": A.sprint, "concede": A.concede,
                "compel": A.compel, "defend": lasting.defend,
                "push": lambda a, c, p: A.push_or_throw(a, c, p, "push"),
                "throw": lambda a, c, p: A.push_or_throw(a, c, p, "throw")}
    handler = handlers.get(action.name)
    if handler is None:
        return None
    ctx = _ctx(ctx)
    p = INFO.params(action)
    if action.name in ("contest", "attack", "maneuver", "push", "throw"):
        p["target_full_defence"] = p.pop("full_defence", False)
    used = lasting.before(action, ctx, p)
    outcome = handler(action, ctx, p)
    lasting.after(action, ctx, p, outcome)
    outcome.used += used
    return outcome


@hookimpl
def rolecli_apply_damage(character, action, ctx):
    from rolecli.contract import Outcome

    from .state import Work
    from .stress import apply_stress, track_key

    ctx = _ctx(ctx)
    p = INFO.params(action)
    stress = int(p.get("stress") or 0)
    if stress < 0:
        raise Refused(f"stress = {stress} is out of range 0.. (no negative stress).")
    work = Work(ctx, character, action.actor if action.actor is not character else None)
    by = work.char(str(p.get("by") or "")) if p.get("by") else None
    lines, data = apply_stress(work, character, stress, track_key(p.get("track", "salud")), p, ctx.lang, by)
    return Outcome(data={"verb": "damage", **data}, lines=lines, success=None, changes=work.changes())


@hookimpl
def rolecli_recover(character, event, action, ctx):
    from .recovery import recover

    known = [e for e, _ in INFO.events]
    if event not in known:
        raise Refused(f"event {event!r} is unknown; events: {', '.join(known)}.")
    return recover(character, event, _ctx(ctx), INFO.params(action))


@hookimpl
def rolecli_initiative(characters, action, ctx):
    from .initiative import order

    return order(characters, _ctx(ctx), INFO.params(action))


@hookimpl
def rolecli_status(character, ctx):
    from .state import Work
    from .status import status

    return status(Work(_ctx(ctx), character), character)


@hookimpl
def rolecli_odds(action, ctx):
    if action.name not in ("check", "contest", "attack"):
        return None
    from . import ladder
    from .odds import as_odds, check_odds, contest_odds
    from .roll import make_side
    from .state import Work

    ctx = _ctx(ctx)
    p = INFO.params(action)
    lang = ctx.lang
    work = Work(ctx, action.actor, action.target)  # thrown away: odds change nothing
    a = make_side(work, action.actor, p["skill"], p, lang, target=action.target)
    net_a = a.skill + a.modifier
    if action.name == "check":
        diff = ladder.parse(p.get("difficulty", "Promedio"))
        head = (f"{a.text(lang)} {'contra' if lang == 'es' else 'against'} {ladder.describe(diff, lang)}")
        return as_odds(check_odds(net_a, diff), head, lang)
    p["target_full_defence"] = p.pop("full_defence", False)
    key = "opposition" if action.name == "contest" else "defence"
    d = make_side(work, action.target, p.get(key) or 0, p, lang, what=key, prefix="target_", target=action.actor)
    net_d = d.skill + d.modifier
    if action.name == "attack" and p.get("block") is not None:
        raise Refused("odds of an attack on a protected target (max of defence and block) are not computed; drop --block.")
    head = f"{a.text(lang)} {'contra' if lang == 'es' else 'against'} {d.text(lang)}"
    return as_odds(contest_odds(net_a, net_d, attack=action.name == "attack"), head, lang)
