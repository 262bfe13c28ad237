"""Reading a character's sheet and state, and collecting the new states an
action produces (hooks never change a Character in place)."""

from __future__ import annotations

import copy
from typing import Any

from rolecli.contract import Character, worked_out

from .ladder import fold



# Values a caller cannot change in place: read without a copy.
_IMMUTABLE = (int, float, str, bool)



class Work:
    """Working copies of the states an action touches, by character name."""

    def __init__(self, ctx, *chars: Character | None):
        self.ctx = ctx
        self.chars: dict[str, Character] = dict(getattr(ctx, "characters", None) or {})
        self.states: dict[str, dict[str, Any]] = {}
        for ch in chars:
            if ch is not None:
                self.chars[ch.name] = ch

    def char(self, name: str) -> Character | None:
        return self.chars.get(name)

    def _state(self, ch: Character) -> dict[str, Any]:
        if ch.name not in self.states:
            self.chars.setdefault(ch.name, ch)
            self.states[ch.name] = {key: _copy(val) for key, val in ch.state.items()}
        return self.states[ch.name]

    def get(self, ch: Character, key: str, default: Any = None) -> Any:
        if ch.name in self.states and key in self.states[ch.name]:
            return self.states[ch.name][key]
        val = ch.value(key)
        if val is None:
            return default
        return _copy(val)

    def set(self, ch: Character, key: str, value: Any) -> None:
        self._state(ch)[key] = value

    def changes(self) -> dict[str, dict[str, Any]]:
        out = {}
        for name, st in self.states.items():
            if st != dict(self.chars[name].state):
                out[name] = st
        return out


def _copy(val: Any) -> Any:
    """A copy of a kept value the caller may change: a deep copy, made cheap for what
    the tracks and consequences hold (a plain value, a list of them)."""
    if isinstance(val, _IMMUTABLE):
        return val
    if type(val) is list and all(isinstance(item, _IMMUTABLE) for item in val):
        return list(val)
    return copy.deepcopy(val)


def skill_of(ch: Character | None, skill: str, default: int = 0) -> int:
    """A skill's rating, or ``default`` (Mediocre) when the character lacks it."""
    if ch is None:
        return default
    return _skills(ch).get(fold(skill), default)


def _skills(ch: Character) -> dict[str, int]:
    """The sheet's traits by folded name, the first of each folded name as written."""
    def read() -> dict[str, int]:
        found: dict[str, int] = {}
        for key, val in ch.traits().items():
            found.setdefault(fold(key), val)
        return found
    return worked_out(ch.sheet, "skills", read)


def fate_points(work: Work, ch: Character) -> int:
    refresh = int(work.ctx.options.get("refresh", 5))
    val = work.get(ch, "puntos_destino", None)
    return refresh if val is None else int(val)


def is_group(ch: Character | None) -> bool:
    return ch is not None and int(ch.value("cantidad") or 0) > 0

