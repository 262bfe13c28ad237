"""The generic rule system ``dice``: plain dice and a hit-point track.

It makes campaigns of any game usable before (or without) a dedicated plugin,
and it is the smallest complete example of the plugin contract, laid out as a
third-party plugin would be: ``system`` declares the template, the rule options
and each verb with the function of ``verbs`` that plays it; this module gives
the core the declaration and says who can act.
"""

from __future__ import annotations

from functools import lru_cache

from rolecli import hookimpl
from rolecli.contract import Label, Status

from .system import INFO

ROLECLI_CONTRACT = 2

__all__ = ["INFO", "ROLECLI_CONTRACT"]

_DOWN = Status(can_act=False, key="down", why=Label("fuera de combate (0 PV)", "down (0 HP)"), vitality=0.0)


@hookimpl
def rolecli_system():
    return INFO


@hookimpl
def rolecli_status(character, ctx):
    return _status(character.state.get("damage", 0), character.sheet["hp"])


@lru_cache(maxsize=1024)
def _status(damage: int, hp: int) -> Status:
    # A character at 0 hit points is down: it cannot act until healed. The same
    # for the same damage and hit points: made once (an encounter asks after every change).
    return _DOWN if damage >= hp else Status(vitality=1 - damage / hp)
