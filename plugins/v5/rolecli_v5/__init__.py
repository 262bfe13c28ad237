"""rolecli rule system ``v5``: a Vampire 5th edition style conflict system (seed 003;
its rules, rulings and decisions: docs/systems/v5.md).

Pools of d10s (Attribute + Skill) count successes on 6+, pairs of 10s and Hunger
dice; conflicts are contests decided by the margin, which becomes superficial or
aggravated damage on the Health and Willpower trackers. The modules follow the
book: ``traits``, ``pool``, ``degrees``, ``reroll`` (Willpower), ``conflict``,
``damage``, ``trackers``, ``conditions``, ``hunger``, ``recovery``, ``order`` and
``odds``; ``verbs`` turns them into commands. See ``docs/systems/v5.md``.
"""

from __future__ import annotations

from rolecli import hookimpl

from .system import INFO

ROLECLI_CONTRACT = 2

__all__ = ["INFO", "ROLECLI_CONTRACT"]


def _options(ctx):
    """Every rule option present: a hook called directly may pass only some."""
    ctx.options = INFO.rule_options(ctx.options)
    return ctx


@hookimpl
def rolecli_system():
    return INFO


@hookimpl
def rolecli_roll(action, ctx):
    from . import verbs  # the rules load only when a verb of this system runs

    return verbs.roll_verb(action, _options(ctx), INFO.params(action)) if action.name == "roll" else None


@hookimpl
def rolecli_resolve(action, ctx):
    from . import verbs

    handler = {"check": verbs.check, "contest": verbs.contest, "attack": verbs.attack,
               "rouse": verbs.rouse_verb}.get(action.name)
    return handler(action, _options(ctx), INFO.params(action)) if handler else None


@hookimpl
def rolecli_apply_damage(character, action, ctx):
    from . import verbs

    handler = {"damage": verbs.damage_verb, "spend": verbs.spend_verb}.get(action.name)
    return handler(character, _options(ctx), INFO.params(action)) if handler else None


@hookimpl
def rolecli_recover(character, event, action, ctx):
    from .recovery import recover

    return recover(character, event, _options(ctx), INFO.params(action))


@hookimpl
def rolecli_initiative(characters, action, ctx):
    from .order import order

    return order(characters, _options(ctx), INFO.params(action))


@hookimpl
def rolecli_odds(action, ctx):
    if action.name not in ("check", "contest", "attack"):
        return None
    from .odds import odds

    return odds(action, _options(ctx), INFO.params(action))


@hookimpl
def rolecli_status(character, ctx):
    from .conditions import status

    return status(character, _options(ctx).options)
