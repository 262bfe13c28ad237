"""What a participant does on its turn: a small declarative behaviour.

A :class:`Behaviour` names the verb the participant uses (a :class:`Call`:
the verb and its parameters as the file gives them), against whom
(:data:`TARGETS` or a participant's name), what follows a success (a damage
verb for a system whose checks apply none), and when it uses a defence verb
instead (:data:`WHEN`). The engine asks :func:`choose` for the target and
:func:`defends` whether to defend; both are pure functions of what it tells
them, so the same situation always gives the same answer.

A parameter's value may be *live*: a dice expression for a number
(:class:`Rolled`, rolled with the encounter's dice at every call) or a
placeholder for names (:class:`Named`: ``$actor``, ``$target``, ``$side``,
``$foes``), filled in by the engine at every call.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from rolecli.contract import ActionSpec
from rolecli.dice.amount import Rolled

TARGETS = ("nearest", "weakest", "random")
WHEN = ("never", "hurt", "outnumbered", "always")
PLACEHOLDERS = ("$actor", "$target", "$side", "$foes")


@dataclass(frozen=True)
class Named:
    """A names parameter given as a placeholder (``members = "$side"``); ``listed``:
    the parameter takes a list, so a group of names stays a list."""

    word: str
    listed: bool = False

    def __str__(self) -> str:
        return self.word


LIVE = (Rolled, Named)


@dataclass(frozen=True)
class Call:
    """One verb as the file asks for it.

    ``params``: every parameter the verb declares, its default under what the
    file gives (converted and checked as the command line would); a live value
    is resolved at each call. ``from_target``: the parameters the rules take
    from the target (``Param.owner == "target"``) that the file leaves to the
    target's ``as_target``. ``live``: the parameters whose value is live.
    ``key``: where the file asks for it, and ``keys`` where it gives each
    parameter, for errors.
    """

    spec: ActionSpec
    params: dict[str, Any]
    key: tuple[str, ...]
    from_target: tuple[str, ...] = ()
    live: tuple[str, ...] = ()
    keys: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class Behaviour:
    """``main``: the verb of a turn; ``target``: one of :data:`TARGETS` or a
    participant's name; ``on_success``: the verb applied to the target when
    ``main`` succeeds; ``defend``: the verb used instead of ``main`` when
    ``when`` (one of :data:`WHEN`) holds."""

    main: Call
    target: str = "nearest"
    on_success: Call | None = None
    defend: Call | None = None
    when: str = "never"

    def aims(self, call: Call) -> bool:
        """Whether ``call`` is made at a target: its verb takes one, or a
        success is followed by a verb on one."""
        return call.spec.target or call is self.on_success or (call is self.main and self.on_success is not None)


def choose(rule: str, candidates: Sequence[str], vitality: Callable[[str], float | None],
           changed: Callable[[str], int], pick: Callable[[Sequence[str]], str]) -> str:
    """The target among ``candidates`` (the other sides' members who can act,
    in the turn order):

    - ``nearest``: the first of them;
    - ``weakest``: the lowest :attr:`~rolecli.contract.Status.vitality`; when
      the system gives none for someone, the one whose state has changed most
      since the encounter began (``changed``); ties go to the nearest;
    - ``random``: ``pick(candidates)``;
    - a name: that one while it can act, else the nearest.
    """
    if rule == "nearest":
        return candidates[0]
    if rule == "weakest":
        measured = [vitality(name) for name in candidates]
        if None in measured:
            scores = [-changed(name) for name in candidates]
        else:
            scores = measured
        return candidates[min(range(len(candidates)), key=scores.__getitem__)]
    if rule == "random":
        return pick(candidates)
    return rule if rule in candidates else candidates[0]


def defends(when: str, hurt: bool, outnumbered: bool) -> bool:
    """Whether a participant uses its defence verb this turn: ``hurt``, it has
    lost some of its fight (see :func:`choose` for how that is measured);
    ``outnumbered``, more foes than friends (itself included) can act."""
    return when == "always" or (when == "hurt" and hurt) or (when == "outnumbered" and outnumbered)
