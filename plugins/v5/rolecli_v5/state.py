"""The state an action changes: working copies of the characters' kept state, or
only the fields it sets, handed back as ``Outcome.changes`` (hooks never change a
Character in place; the core keeps the fields a change leaves out)."""

from __future__ import annotations

from typing import Any

from rolecli.contract import Character


class Work:
    __slots__ = ("characters", "states", "set")  # (an attack makes one at every exchange: icount v5 3.971M -> 3.966M a trial)

    def __init__(self, first: Character | None = None, second: Character | None = None) -> None:
        """``first`` and ``second``: the characters the action meets first, in that order
        (``None``: nobody); two named, not any number: no tuple of them made and walked
        at every attack."""
        self.characters: dict[str, Character] = {}  # in the order the action first met them: its changes' order
        if first is not None:
            self.characters[first.name] = first
        if second is not None:
            self.characters[second.name] = second
        self.states: dict[str, dict[str, Any]] = {}
        # by name, the fields set on a character's own state, with no working copy made: a
        # hit's marks, kept for the state they land on, are its whole change (to read only)
        self.set: dict[str, dict[str, Any]] = {}

    def state(self, character: Character) -> dict[str, Any]:
        """The working copy of ``character``'s state, to change, made on first use. The rules
        only set a state's keys (to numbers and flags), never change a value in place,
        so a shallow copy keeps the character's own state as it was."""
        name = character.name
        if name not in self.states:
            self.characters.setdefault(name, character)
            self.states[name] = {**character.state, **self.set.pop(name, {})}
        return self.states[name]

    def seen(self, character: Character) -> dict[str, Any]:
        """``character``'s state as the action has left it so far, to read only: its
        working copy once it has one, else its own (copied only by a change: a roll
        that misses changes nobody)."""
        found = self.states.get(character.name)
        if found is None:
            if character.name in self.set:
                return self.state(character)
            self.characters.setdefault(character.name, character)
            return character.state
        return found

    def mark(self, character: Character, fields: dict[str, Any]) -> None:
        """Set ``fields`` on ``character``'s state, each a field the state holds otherwise:
        kept as they are, not copied into a working copy, while nothing else changes it."""
        name = character.name
        if name in self.states or name in self.set:
            self.state(character).update(fields)
        elif fields:  # (none: nothing changes)
            self.characters.setdefault(name, character)
            self.set[name] = fields

    def changes(self) -> dict[str, dict[str, Any]]:
        """What the action changed, in the order it met the characters: the working copies
        that differ from their character's state, and the fields set on one with none."""
        states, marked = self.states, self.set
        if not states and len(marked) < 2:  # (most attacks: one character's marks, or nothing, no working copy)
            for name, fields in marked.items():
                return {name: dict(fields)}  # (the caller's own: the fields are kept for the next hit)
            return {}
        changed = {}
        for name, character in self.characters.items():  # (a loop: an action meets one or two characters)
            state = self.states.get(name)
            if state is not None:
                if state != character.state:
                    changed[name] = state
            elif name in self.set:
                changed[name] = dict(self.set[name])  # (the caller's own: the fields are kept for the next hit)
        return changed
