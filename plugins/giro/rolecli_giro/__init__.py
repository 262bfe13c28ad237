"""rolecli rule system ``giro``: Giro de Reloj, a d12 game of a white Day Die
and a black Night Die (its rules, rulings and decisions: docs/systems/giro.md).

The modules follow the book: ``challenge`` (the limit: attribute + skill,
flexible and chained challenges), ``success_range`` (difficulty … limit),
``adjustment`` (Ajustes), ``clock_turn`` (one side's Giro de Reloj: Day Dice,
the Night Die, Night Turns, extra dice, tempting fate), ``factors`` (Success and
Failure Factors), ``contest`` (Enfrentamientos), ``health`` (the toolkit's salud
track), ``initiative`` and ``odds``; ``system`` declares the verbs and names the
function of ``verbs`` that plays each, and ``report`` tells what happened.
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
    return function("rolecli_giro.health:status")(character)
