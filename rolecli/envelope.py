"""The one JSON envelope of a verb's result (``--json``), whatever the system
and the verb: the keys a script can read from every result, set by the core,
with the system's own data beside them. docs/envelope.md says what each key
holds; docs/envelope.schema.json is its JSON Schema, which the tests hold
every verb's output to.

The system's data stays at the top level, as it always was, so that a script
written for one verb keeps working; the envelope's keys (:data:`RESERVED`) are
the core's, and a system names its own data otherwise (``margin`` is the one a
system supplies, in ``Outcome.data``).
"""

from __future__ import annotations

import copy
from typing import Any

from rolecli.contract import Action, Character, Context, Outcome

# The keys the core writes into every result: a system's data never holds them,
# bar "margin", which it supplies (the core writes null when it gives none).
RESERVED = ("system", "action", "actor", "targets", "success", "margin", "dice", "explanation",
            "changes", "status", "effects")


class After:
    """What a verb left, read right after it (a repeated verb changes the
    characters again): each changed character's whole state, and each touched
    character's status (on a campaign only; ``None`` for a quick roll)."""

    __slots__ = ("states", "status")  # (no dataclass, made at import: icount, start-up 0.25% less)

    def __init__(self, states: dict[str, dict[str, Any]] | None = None,
                 status: dict[str, dict[str, Any]] | None = None):
        self.states = {} if states is None else states
        self.status = status


def subjects_named(action: Action, subjects: list[Character]) -> tuple[str | None, list[str]]:
    """The verb's actor (the character named first on the command line: who
    acts, or who is hit or healed) and its targets (``--target``, or the
    characters a verb on several is played on: a recovery, an initiative)."""
    actor = action.actor.name if action.actor is not None else None
    targets = [action.target.name] if action.target is not None else []
    targets += [c.name for c in subjects if c.name != actor and c.name not in targets]
    return actor, targets


def after(system, outcome: Outcome, ctx: Context, subjects: list[Character], touched: list[str],
          campaign: bool) -> After:
    """:class:`After` for ``outcome``, once its changes are applied (:func:`rolecli.play.apply`)."""
    from rolecli.status import status_of

    def who(name: str) -> Character | None:
        return ctx.characters.get(name) or next((c for c in subjects if c.name == name), None)

    states = {n: copy.deepcopy(c.state) for n in outcome.changes if (c := who(n)) is not None}
    if not campaign:
        return After(states)
    status = {}
    for name in dict.fromkeys([*touched, *states]):
        character = who(name)
        if character is not None:
            s = status_of(system, character, ctx)
            status[name] = {"can_act": s.can_act, "key": s.key, "vitality": s.vitality}
    return After(states, status)


def envelope(system_name: str, verb: str, outcome: Outcome, reads, actor: str | None,
             targets: list[str] | None, left: After) -> dict[str, Any]:
    """The JSON object of one result: the envelope's keys around the system's data."""
    data = outcome.data
    payload: dict[str, Any] = {"system": system_name, "action": verb, "actor": actor, "targets": targets,
                               "success": outcome.success, "margin": data.get("margin")}
    payload.update((k, v) for k, v in data.items() if k not in payload)  # the core's keys win
    payload.update(dice=[r.as_json() for r in reads], explanation=outcome.lines, changes=left.states)
    if left.status is not None:
        payload["status"] = left.status
    if outcome.effects:
        payload["effects"] = [e.as_json() for e in outcome.effects]
    return payload
