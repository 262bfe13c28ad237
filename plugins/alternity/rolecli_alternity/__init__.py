"""rolecli rule system ``alternity``: "AAA", an Alternity-style game (seed 002).

A check rolls the control die (d20) plus the situation die of the step ladder and
succeeds when the total is at most the score; degrees Ordinary / Good / Amazing.
See ``docs/systems/alternity.md`` for every verb, rule option and decision.
"""

from __future__ import annotations

from rolecli import hookimpl
from rolecli.contract import Odds

from .spec import INFO, NAME

ROLECLI_CONTRACT = 2


@hookimpl
def rolecli_system():
    return INFO


@hookimpl
def rolecli_roll(action, ctx):
    from . import actions as A  # the rules load only when a verb of this system runs

    if action.name in ("roll", "scatter"):
        return A.do_roll(action, ctx)
    return None


@hookimpl
def rolecli_resolve(action, ctx):
    from . import actions as A  # the rules load only when a verb of this system runs

    verbs = {"check": A.do_check, "action-check": A.do_action_check, "attack": A.do_attack,
             "surprise": A.do_surprise, "encumbrance": A.do_encumbrance, "throw": A.do_throw,
             "challenge": A.do_challenge, "move": A.do_move, "impact": A.do_impact}
    fn = verbs.get(action.name)
    return fn(action, ctx) if fn else None


@hookimpl
def rolecli_apply_damage(character, action, ctx):
    from . import actions as A  # the rules load only when a verb of this system runs

    if action.name in ("damage", "heal", "fatigue", "breath"):
        return A.do_damage(character, action, ctx)
    return None


@hookimpl
def rolecli_recover(character, event, action, ctx):
    from . import actions as A  # the rules load only when a verb of this system runs

    if action.name != "recover" and event not in dict(INFO.events):
        return None
    return A.do_recover(character, event, action, ctx)


@hookimpl
def rolecli_initiative(characters, action, ctx):
    from . import actions as A  # the rules load only when a verb of this system runs

    if action.name != "initiative":
        return None
    return A.do_initiative(characters, action, ctx)


@hookimpl
def rolecli_status(character, ctx):
    from .status import status

    return status(character, ctx.options)


@hookimpl
def rolecli_odds(action, ctx):
    from . import actions as A  # the rules load only when a verb of this system runs

    if action.name not in ("check", "attack", "action-check"):
        return None
    from .labels import DEGREES, Label
    from .odds import check_odds
    from .check import RANK, shift_against
    from .sheet import is_free_agent
    from rolecli.contract import Refused

    p = INFO.params(action)
    if action.name == "action-check":
        score_text = p.get("score")
        if score_text is None and action.actor is not None:
            from .sheet import action_check_score
            score_text = str(action_check_score(action.actor))
        prep = A.prepare({"steps": p.get("steps", 0)}, ctx, action.actor, score_text, kind="action")
    else:
        prep = A.prepare(p, ctx, action.actor, p["score"])
    own = p.get("last_resort", "no")
    against = p.get("target_last_resort", "no")

    if own == "2" and action.actor is not None and not is_free_agent(action.actor):
        A.spend(own, "ordinary", action.actor, ctx.lang)   # refuses: not a Free Agent

    def after(key: str) -> str:
        if own != "no":
            try:
                key = A.spend(own, key, action.actor, ctx.lang)[0]
            except Refused:   # nothing left to raise (already Amazing)
                pass
        if against != "no" and RANK[key] > RANK["failure"]:
            key = shift_against(key, int(against))
        return key

    odds = check_odds(prep.score, prep.rung, cannot_fail=bool(p.get("cannot_fail")), too_hard=bool(p.get("too_hard")),
                      after=after if (own != "no" or against != "no") else None)
    labels = dict(DEGREES)
    labels["success"] = Label("éxito", "success")
    labels["bad_luck"] = Label("mala suerte", "bad luck")
    if action.name == "action-check":
        labels["failure"] = DEGREES["marginal"]
    lines = [prep.line(ctx.lang)]
    return Odds(outcomes=odds, labels=labels, lines=lines)


__all__ = ["NAME", "ROLECLI_CONTRACT"]
