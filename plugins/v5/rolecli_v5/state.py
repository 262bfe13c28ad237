"""The state an action changes: working copies of the characters' kept state,
handed back as ``Outcome.changes`` (hooks never change a Character in place)."""

from __future__ import annotations

from typing import Any

from rolecli.contract import Character


class Work:
    def __init__(self) -> None:
        self.characters: dict[str, Character] = {}
        self.states: dict[str, dict[str, Any]] = {}

    def state(self, character: Character) -> dict[str, Any]:
        """The working copy of ``character``'s state, made on first use. The rules
        only set a state's keys (to numbers and flags), never change a value in place,
        so a shallow copy keeps the character's own state as it was."""
        if character.name not in self.states:
            self.characters[character.name] = character
            self.states[character.name] = dict(character.state)
        return self.states[character.name]

    def changes(self) -> dict[str, dict[str, Any]]:
        return {name: state for name, state in self.states.items() if state != self.characters[name].state}
