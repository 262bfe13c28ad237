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
``system`` declares the verbs and names the function that plays each (and the
odds in ``odds``); ``labels`` holds the words.
"""

from __future__ import annotations

from rolecli import hookimpl
from rolecli.dispatch import function

from .system import INFO, NAME

ROLECLI_CONTRACT = 2

__all__ = ["NAME", "ROLECLI_CONTRACT"]


@hookimpl
def rolecli_system():
    return INFO


@hookimpl
def rolecli_status(character, ctx):
    # the rules load only when this system plays, once (the status is asked after every change)
    return function("rolecli_alternity.status:status")(character, ctx.options)
