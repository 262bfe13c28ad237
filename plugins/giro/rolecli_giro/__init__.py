"""rolecli rule system ``giro``: Giro de Reloj, a d12 game of a white Day Die
and a black Night Die (its rules, rulings and decisions: docs/systems/giro.md).

The modules follow the book: ``challenge`` (the limit: attribute + skill,
flexible and chained challenges), ``success_range`` (difficulty … limit),
``adjustment`` (Ajustes), ``clock_turn`` (one side's Giro de Reloj: Day Dice,
the Night Die, Night Turns, extra dice, tempting fate), ``factors`` (Success and
Failure Factors), ``contest`` (Enfrentamientos), ``health`` (the toolkit's salud
track), ``initiative`` and ``odds``; ``verbs`` runs a command through them and
``report`` tells what happened. See ``docs/systems/giro.md``.
"""

from __future__ import annotations

from rolecli import hookimpl

from .system import INFO

ROLECLI_CONTRACT = 2

__all__ = ["INFO", "ROLECLI_CONTRACT"]


@hookimpl
def rolecli_system():
    return INFO


@hookimpl
def rolecli_roll(action, ctx):
    from . import verbs  # the rules load only when a verb of this system runs

    return verbs.roll(action, ctx) if action.name == "roll" else None


@hookimpl
def rolecli_resolve(action, ctx):
    from . import verbs

    handler = {"check": verbs.check, "contest": verbs.contest, "attack": verbs.attack,
               "automatic": verbs.automatic}.get(action.name)
    return handler(action, ctx) if handler else None


@hookimpl
def rolecli_apply_damage(character, action, ctx):
    from . import verbs

    return verbs.damage(character, action, ctx) if action.name in ("damage", "heal") else None


@hookimpl
def rolecli_recover(character, event, action, ctx):
    from . import verbs

    return verbs.recover(character, event, action, ctx) if event in dict(INFO.events) else None


@hookimpl
def rolecli_initiative(characters, action, ctx):
    from . import verbs

    return verbs.initiative(characters, action, ctx)


@hookimpl
def rolecli_status(character, ctx):
    from .health import status

    return status(character)


@hookimpl
def rolecli_odds(action, ctx):
    if action.name not in ("check", "contest", "attack"):
        return None
    from . import verbs

    return verbs.odds(action, ctx)
