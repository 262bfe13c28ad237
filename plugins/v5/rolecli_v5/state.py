"""The state an action changes: working copies of the characters' kept state,
handed back as ``Outcome.changes`` (hooks never change a Character in place)."""

from __future__ import annotations

from typing import Any

from rolecli.contract import Character


class Work:
    def __init__(self, *met: Character | None) -> None:
        """``met``: the characters the action meets first, in that order (``None``: nobody)."""
        self.characters: dict[str, Character] = {}  # in the order the action first met them: its changes' order
        for character in met:
            if character is not None:
                self.characters.setdefault(character.name, character)
        self.states: dict[str, dict[str, Any]] = {}

    def state(self, character: Character) -> dict[str, Any]:
        """The working copy of ``character``'s state, to change, made on first use. The rules
        only set a state's keys (to numbers and flags), never change a value in place,
        so a shallow copy keeps the character's own state as it was."""
        if character.name not in self.states:
            self.characters.setdefault(character.name, character)
            self.states[character.name] = dict(character.state)
        return self.states[character.name]

    def seen(self, character: Character) -> dict[str, Any]:
        """``character``'s state as the action has left it so far, to read only: its
        working copy once it has one, else its own (copied only by a change: a roll
        that misses changes nobody)."""
        found = self.states.get(character.name)
        if found is None:
            self.characters.setdefault(character.name, character)
            return character.state
        return found

    def changes(self) -> dict[str, dict[str, Any]]:
        """The working copies that differ from their character's state, in the order the action met them."""
        changed = {}
        for name, character in self.characters.items():  # (a loop: an action meets one or two characters)
            state = self.states.get(name)
            if state is not None and state != character.state:
                changed[name] = state
        return changed
