"""rolecli rule system ``v5``: a Vampire 5th edition style conflict system (seed 003;
its rules, rulings and decisions: docs/systems/v5.md).

Pools of d10s (Attribute + Skill) count successes on 6+, pairs of 10s and Hunger
dice; conflicts are contests decided by the margin, which becomes superficial or
aggravated damage on the Health and Willpower trackers. The modules follow the
book: ``traits``, ``pool``, ``degrees``, ``reroll`` (Willpower), ``conflict``,
``damage``, ``trackers``, ``conditions``, ``hunger``, ``recovery``, ``order`` and
``odds``; ``system`` declares the verbs and names the function that plays each
(most in ``verbs``). See ``docs/systems/v5.md``.
"""

from __future__ import annotations

from rolecli import hookimpl
from rolecli.dispatch import function

from .system import INFO

ROLECLI_CONTRACT = 2

__all__ = ["INFO", "ROLECLI_CONTRACT"]


@hookimpl
def rolecli_system():
    return INFO


@hookimpl
def rolecli_status(character, ctx):
    # the rules load only when this system plays, once (the status is asked after every change)
    return function("rolecli_v5.conditions:status")(character, ctx.options)
