"""rolecli rule system ``fate``: Caminantes, a Fate / Spirit of the Century style
game (its rules, rulings and decisions: docs/systems/fate.md).

The modules follow the book: ``ladder`` (adjectives), ``roll`` (4dF + skill and
its modifiers), ``actions`` (simple actions, contests, attacks, maneuvers,
blocks, movement), ``stress`` (tracks, consequences, Taken Out), ``conflict``
(who is still in it, concessions), ``lasting`` (what lasts between commands),
``status`` (who can act), ``minions``, ``aspects``, ``recovery``,
``initiative`` and ``odds``; ``words`` holds the words several of them print.
``system`` declares the verbs and names the function that plays each, most of
them in ``verbs``."""

from __future__ import annotations

from rolecli import hookimpl
from rolecli.dispatch import function

from .system import INFO

ROLECLI_CONTRACT = 2

__all__ = ["ROLECLI_CONTRACT", "INFO"]


@hookimpl
def rolecli_system():
    return INFO


@hookimpl
def rolecli_status(character, ctx):
    # the rules load only when this system plays, once (the status is asked after every change)
    return function("rolecli_fate.status:status")(character, ctx)
