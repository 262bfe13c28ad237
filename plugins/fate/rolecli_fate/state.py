"""Reading a character's sheet and state, and collecting the new states an
action produces (hooks never change a Character in place)."""

from __future__ import annotations

import copy
from typing import Any

from rolecli.contract import Character

from .ladder import fold


class Work:
    """Working copies of the states an action touches, by character name."""

    def __init__(self, ctx, *chars: Character | None):
        self.ctx = ctx
        self.chars: dict[str, Character] = {}
        self.states: dict[str, dict[str, Any]] = {}
        for name, ch in (getattr(ctx, "characters", None) or {}).items():
            self.chars[name] = ch
        for ch in chars:
            if ch is not None:
                self.chars[ch.name] = ch

    def char(self, name: str) -> Character | None:
        return self.chars.get(name)

    def _state(self, ch: Character) -> dict[str, Any]:
        if ch.name not in self.states:
            self.chars.setdefault(ch.name, ch)
            self.states[ch.name] = copy.deepcopy(dict(ch.state))
        return self.states[ch.name]

    def get(self, ch: Character, key: str, default: Any = None) -> Any:
        if ch.name in self.states and key in self.states[ch.name]:
            return self.states[ch.name][key]
        val = ch.value(key)
        return default if val is None else copy.deepcopy(val)

    def set(self, ch: Character, key: str, value: Any) -> None:
        self._state(ch)[key] = value

    def changes(self) -> dict[str, dict[str, Any]]:
        out = {}
        for name, st in self.states.items():
            if st != dict(self.chars[name].state):
                out[name] = st
        return out


def skill_of(ch: Character | None, skill: str, default: int = 0) -> int:
    """A skill's rating, or ``default`` (Mediocre) when the character lacks it."""
    if ch is None:
        return default
    wanted = fold(skill)
    for key, val in ch.traits().items():
        if fold(key) == wanted:
            return val
    return default


def fate_points(work: Work, ch: Character) -> int:
    refresh = int(work.ctx.options.get("refresh", 5))
    val = work.get(ch, "puntos_destino", None)
    return refresh if val is None else int(val)


def is_group(ch: Character | None) -> bool:
    return ch is not None and int(ch.value("cantidad") or 0) > 0

