"""Reading a character's sheet and state, and collecting the new states an
action produces (hooks never change a Character in place)."""

from __future__ import annotations

from typing import Any

from rolecli.contract import Character, worked_out

from .ladder import fold


class Work:
    """The new states an action makes, by character name, over the characters it reads.

    A value read (:meth:`get`) is the character's own, never a copy: the rules
    change a state only by :meth:`set`, with a new value, so a kept list is
    never edited in place and reading it costs nothing."""

    __slots__ = ("ctx", "known", "given", "states", "_before", "_groups")

    def __init__(self, ctx, *chars: Character | None):
        self.ctx = ctx
        known = getattr(ctx, "characters", None)  # the campaign's (not asked for its truth: a Mapping's counts them)
        self.known = {} if known is None else known
        self.given: dict[str, Character] = {}
        for ch in chars:
            if ch is not None:
                self.given[ch.name] = ch
        self.states: dict[str, dict[str, Any]] = {}
        self._before: dict[str, Any] = {}  # the state each new one was made from, by name (changes)
        self._groups: dict[str, list[Character]] | None = None

    def char(self, name: str) -> Character | None:
        found = self.given.get(name)
        if found is None:
            found = self.known.get(name)
        return found

    def everyone(self) -> list[Character]:
        """Every character: the campaign's, those the action was given in their
        place. (Only the few rules that search them all look at every one.)"""
        known, given = self.known, self.given
        # The campaign's names in order, each given one in its place, the others after them;
        # only those not given are looked up (a Character is always true).
        names = list(known)
        people = [given.get(name) or known[name] for name in names]
        others = given.keys() - names  # (asking a Mapping ``name in known`` may look the character up)
        if others:
            people += [ch for name, ch in given.items() if name in others]
        return people

    def followers(self, leader: Character) -> list[Character]:
        """The minion groups among :meth:`everyone` that name ``leader`` their
        ``lider``. The groups that follow anyone are looked for once an action,
        by the folded name of the leader each names: every side of it asks whom
        its character leads. (Most characters name none, which is asked first.)"""
        if self._groups is None:
            self._groups = {}
            for ch in self.everyone():
                leader_named = ch.value("lider")
                if leader_named and is_group(ch):
                    self._groups.setdefault(fold(str(leader_named)), []).append(ch)
        led = self._groups.get(fold(leader.name))
        return [c for c in led if c.name != leader.name] if led else []

    def _state(self, ch: Character) -> dict[str, Any]:
        state = self.states.get(ch.name)
        if state is None:
            if self.char(ch.name) is None:
                self.given[ch.name] = ch
            state = self.states[ch.name] = dict(ch.state)
            self._before[ch.name] = ch.state
        return state

    def state_of(self, ch: Character) -> dict[str, Any]:
        """The state the rules read ``ch`` in (:meth:`get`): the new one this action
        made, else its own. Read it, never change it."""
        state = self.states.get(ch.name)
        return ch.state if state is None else state

    def get(self, ch: Character, key: str, default: Any = None) -> Any:
        state = self.states.get(ch.name)
        if state is not None and key in state:
            return state[key]
        val = ch.value(key)
        return default if val is None else val

    def set(self, ch: Character, key: str, value: Any) -> None:
        self._state(ch)[key] = value

    def changes(self) -> dict[str, dict[str, Any]]:
        out = {}
        before = self._before
        for name, st in self.states.items():
            if st != before[name]:
                out[name] = st
        return out


def frozen(values) -> tuple:
    """``values`` (a state's, the choices read) as a key: their lists as tuples."""
    return tuple([tuple(v) if type(v) is list else v for v in values])


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
