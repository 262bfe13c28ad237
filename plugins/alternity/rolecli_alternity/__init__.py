"""rolecli rule system ``alternity``: "AAA", an Alternity-style game (seed 002).

A check rolls the control die (d20) plus the situation die of the step ladder and
succeeds when the total is at most the score; degrees Ordinary / Good / Amazing.
See ``docs/systems/alternity.md`` for every verb, rule option and decision.

The rules: ``steps`` (the ladder), ``check`` (a roll and its degree), ``sheet``,
``damage`` (ratings and the four tracks), ``combat`` (phases, movement and challenge
paths), ``odds``. The verbs, by family: ``situation`` (the situation die of any roll),
``last_resort``, ``rolls`` (roll, scatter, check), ``action_checks`` (action-check,
surprise, initiative), ``attack``, ``hits`` (the one pipeline of hits, and damage),
``fatigue`` (fatigue, breath), ``recovery`` (recover, heal), ``movement``, ``impact``,
``strength`` (encumbrance, throw), ``challenge``; ``status`` says who can act.
"""

from __future__ import annotations

from rolecli import hookimpl
from rolecli.contract import Odds

from .spec import INFO, NAME, SPECS

ROLECLI_CONTRACT = 2


@hookimpl
def rolecli_system():
    return INFO


# Each verb's function and the module of rules it is in, imported only when the verb runs.
VERBS = {
    "roll": ("rolls", "do_roll"), "scatter": ("rolls", "do_roll"), "check": ("rolls", "do_check"),
    "action-check": ("action_checks", "do_action_check"), "surprise": ("action_checks", "do_surprise"),
    "initiative": ("action_checks", "do_initiative"), "attack": ("attack", "do_attack"),
    "damage": ("hits", "do_damage"), "fatigue": ("fatigue", "do_fatigue"), "breath": ("fatigue", "do_breath"),
    "heal": ("recovery", "do_heal"), "recover": ("recovery", "do_recover"),
    "encumbrance": ("strength", "do_encumbrance"), "throw": ("strength", "do_throw"),
    "challenge": ("challenge", "do_challenge"), "move": ("movement", "do_move"), "impact": ("impact", "do_impact"),
}


def _verb(name: str, hook: str):
    """The function of verb ``name`` if it is one of this system's and runs through ``hook``."""
    spec = SPECS.get(name)
    if spec is None or spec.hook != hook:
        return None
    from importlib import import_module

    module, function = VERBS[name]
    return getattr(import_module(f"{__name__}.{module}"), function)


@hookimpl
def rolecli_roll(action, ctx):
    fn = _verb(action.name, "roll")
    return fn(action, ctx) if fn else None


@hookimpl
def rolecli_resolve(action, ctx):
    fn = _verb(action.name, "resolve")
    return fn(action, ctx) if fn else None


@hookimpl
def rolecli_apply_damage(character, action, ctx):
    fn = _verb(action.name, "damage")
    return fn(character, action, ctx) if fn else None


@hookimpl
def rolecli_recover(character, event, action, ctx):
    if action.name != "recover" and event not in dict(INFO.events):
        return None
    from .recovery import do_recover

    return do_recover(character, event, action, ctx)


@hookimpl
def rolecli_initiative(characters, action, ctx):
    fn = _verb(action.name, "initiative")
    return fn(characters, action, ctx) if fn else None


@hookimpl
def rolecli_status(character, ctx):
    from .status import status

    return status(character, ctx.options)


@hookimpl
def rolecli_odds(action, ctx):
    if action.name not in ("check", "attack", "action-check"):
        return None
    from rolecli.contract import Refused

    from .check import RANK, shift_against
    from .labels import DEGREES, Label
    from .last_resort import spend
    from .odds import check_odds
    from .sheet import is_free_agent
    from .situation import prepare

    p = INFO.params(action)
    if action.name == "action-check":
        score_text = p.get("score")
        if score_text is None and action.actor is not None:
            from .sheet import action_check_score
            score_text = str(action_check_score(action.actor))
        prep = prepare({"steps": p.get("steps", 0)}, ctx, action.actor, score_text, kind="action")
    else:
        prep = prepare(p, ctx, action.actor, p["score"])
    own = p.get("last_resort", "no")
    against = p.get("target_last_resort", "no")

    if own == "2" and action.actor is not None and not is_free_agent(action.actor):
        spend(own, "ordinary", action.actor, ctx.lang)   # refuses: not a Free Agent

    def after(key: str) -> str:
        if own != "no":
            try:
                key = spend(own, key, action.actor, ctx.lang)[0]
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
