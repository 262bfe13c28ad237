"""rolecli rule system ``middle``: a homebrew fantasy combat chapter that throws
three dice by a capability's marks (d6+d12+d20, 3d6, 3d12, 3d20) and reads the
middle one, shifted by a difficulty level (ND); with called shots, disarm duels,
dirty tricks, mounts and battle states (its rules, rulings and decisions:
docs/systems/middle.md).

The modules follow the chapter: ``capability`` (marks and dice), ``nd`` (the
difficulty table), ``ld`` (the throw and its exact odds), ``states`` (battle
states), ``economy`` (one combat action a round), ``strike`` (blows and what
sets their ND), ``wounds`` (called-shot effects, death, bonds), ``duel``
(striking weapons, the disarm duel), ``tricks`` (blinding, feinting), ``shouts``
(insults, threats), ``mount``, ``order`` (ambush, impulse, morale),
``recovery``, ``condition`` (who can act), ``odds``; ``system`` declares each
verb and names the function of ``verbs`` (and of ``odds``) that plays it. This
module only declares the system: the rules load when a verb of it runs."""

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
    return function("rolecli_middle.condition:status")(character)
