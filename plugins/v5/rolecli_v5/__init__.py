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

import functools

from rolecli import hookimpl

from .system import INFO

ROLECLI_CONTRACT = 2

__all__ = ["INFO", "ROLECLI_CONTRACT"]


@hookimpl
def rolecli_system():
    return INFO


@hookimpl
def rolecli_status(character, ctx):
    return _status()(character, ctx.options)


@functools.cache  # the rules load only when this system plays; asked after every change, the import is made once
def _status():
    from .conditions import status

    return status
