"""What a participant does on its turn: a small declarative behaviour.

A :class:`Behaviour` names the verb the participant uses (a :class:`Call`:
the verb and its parameters as the file gives them), against whom
(:data:`TARGETS`, :data:`ALLY_TARGETS` or a participant's name), what follows
a success (a damage verb for a system whose checks apply none), when it uses a
defence verb instead (:data:`WHEN`), and the :class:`Rule` s it tries first,
in order, each played when its :class:`Condition` holds and it finds a target
("heal an ally under half, else attack the weakest"). The engine asks
:func:`choose` for the target, :func:`defends` whether to defend and
:func:`holds` whether a rule's condition holds; all are pure functions of what
it tells them (:func:`choose` asks the play how each candidate stands), so the
same situation always gives the same answer.

A parameter's value may be *live*: a dice expression for a number
(:class:`Rolled`, rolled with the encounter's dice at every call) or a
placeholder for names (:class:`Named`: ``$actor``, ``$target``, ``$side``,
``$foes``), filled in by the engine at every call.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Mapping, Protocol, Sequence

from rolecli.contract import ActionSpec
from rolecli.dice.amount import Rolled
from rolecli.encounter.dice_paths import MOST_WAYS

TARGETS = ("nearest", "weakest", "random")
ALLY_TARGETS = ("self", "nearest_ally", "weakest_ally", "random_ally")
WHEN = ("never", "hurt", "outnumbered", "always")
BELOW = ("self_below", "ally_below")  # a rule's condition on vitality: "ally_below = 0.5"
_BELOW = re.compile(r"\s*(self_below|ally_below)\s*=\s*([0-9]*\.?[0-9]+)\s*")
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


@dataclass(frozen=True, eq=False)  # (hashed as itself: the encounter keeps its parameters by it, Play.params)
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
    # whether its hook is the damage verb's, whose subject is the one hit (its target), not the actor:
    # worked out once (Play.act asks it at every exchange)
    damage: bool = field(init=False, repr=False)
    # where every live parameter is dice (Rolled) that read a known set of dice, the ways they may fall
    # (at most MOST_WAYS), else None: a kept call reads them as part of its tree (Play.act)
    rolled_ways: int | None = field(init=False, repr=False)
    # whether its live values key a kept exchange (Play.act): it has some, not all dice read in its tree
    keyed_live: bool = field(init=False, repr=False)
    # whether its live values are all names the side it is made for fixes ($side, $foes: a morale check's
    # members): the encounter keeps its parameters by that side too, as for a call with none live (Play.params)
    by_side: bool = field(init=False, repr=False)
    # whether a kept exchange of it is keyed by itself alone in its first character's state's table (Play.act):
    # neither its target nor a second character's state nor live values key it
    alone: bool = field(init=False, repr=False)
    # its parameters, plan and shared Action by target (and side), worked out once for the encounter whose file
    # made it (Play.params)
    kept: dict = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "damage", self.spec.hook == "damage")
        ways = 1 if self.live else None
        for name in self.live:
            value = self.params[name]
            each = dice_ways(value.expression) if isinstance(value, Rolled) else None
            ways = None if each is None or ways is None else ways * each
        object.__setattr__(self, "rolled_ways", ways if ways is not None and ways <= MOST_WAYS else None)
        object.__setattr__(self, "keyed_live", bool(self.live) and self.rolled_ways is None)
        by_side = bool(self.live)
        for name in self.live:
            value = self.params[name]
            by_side = by_side and isinstance(value, Named) and value.word in ("$side", "$foes")
        object.__setattr__(self, "by_side", by_side)
        object.__setattr__(self, "alone", not self.from_target and not self.keyed_live
                           and (self.damage or not self.spec.target))


def dice_ways(expression) -> int | None:
    """How many ways the dice a roll of ``expression`` reads may fall, where
    it reads the same dice at every roll, each of a size of its own (no
    explosion nor reroll, no count nor size rolled, no die of its own faces);
    else ``None``."""
    from rolecli.dice.tree import Dice, walk

    if expression.dynamic:  # (an explosion, a reroll, a count or a size rolled)
        return None
    ways = 1
    for term in walk(expression.tree):
        if isinstance(term, Dice):
            if term.faces is not None:
                return None
            ways *= (3 if term.sides is None else term.sides) ** term.count
    return ways


@dataclass(frozen=True)
class Condition:
    """When a rule is played: one of :data:`WHEN`, or a vitality share
    ``below`` which the actor (``self_below``) or one of its allies
    (``ally_below``) must be."""

    word: str
    below: float | None = None

    def __str__(self) -> str:
        return self.word if self.below is None else f"{self.word} = {self.below:g}"


ALWAYS = Condition("always")


def condition(text: Any) -> Condition | None:
    """The condition a rule's ``when`` writes, or ``None`` when it writes none."""
    if not isinstance(text, str):
        return None
    if text.strip() in WHEN:
        return Condition(text.strip())
    found = _BELOW.fullmatch(text)
    if found is None or not 0 < float(found[2]) <= 1:
        return None
    return Condition(found[1], float(found[2]))


@dataclass(frozen=True)
class Rule:
    """A verb at a target: ``main``, the verb of a turn; ``target``, one of
    :data:`TARGETS`, :data:`ALLY_TARGETS` or a participant's name;
    ``on_success``, the verb applied to the target when ``main`` succeeds;
    ``when``, the condition under which it is played."""

    main: Call
    target: str = "nearest"
    on_success: Call | None = None
    when: Condition = ALWAYS
    # what a turn asks of it, worked out once (a simulation asks it at every turn):
    # whether it is always played (its condition ``always``), whether its main verb is
    # made at a target, whether that target is an ally, the target rule among them, and
    # whether it is always played at a foe (nothing about the fight to weigh)
    always: bool = field(init=False, repr=False, compare=False)
    aimed: bool = field(init=False, repr=False, compare=False)
    at_ally: bool = field(init=False, repr=False, compare=False)
    pick: str = field(init=False, repr=False, compare=False)
    at_foe: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        at_ally = self.target.endswith("_ally")
        object.__setattr__(self, "always", self.when.word == "always")
        object.__setattr__(self, "aimed", bool(self.aims(self.main)))
        object.__setattr__(self, "at_ally", at_ally)
        object.__setattr__(self, "pick", self.target.removesuffix("_ally") if at_ally else self.target)
        object.__setattr__(self, "at_foe", self.always and self.aimed and not at_ally and self.target != "self")

    def aims(self, call: Call) -> bool:
        """Whether ``call`` is made at a target: its verb takes one, or a
        success is followed by a verb on one."""
        return call.spec.target or call is self.on_success or (call is self.main and self.on_success is not None)

    @property
    def sure(self) -> bool:
        """Whether it is always played when its turn comes: its condition is
        ``always`` and its target is always there (a foe, while the fight
        goes on, or the actor itself; an ally may be missing)."""
        return self.when == ALWAYS and not self.target.endswith("_ally")


@dataclass(frozen=True)
class Behaviour:
    """``rules``: what a turn plays, the first whose condition holds and
    which finds a target (the behaviour's own verb last, as a rule that
    always holds); ``defend``: the verb used instead when ``when`` (one of
    :data:`WHEN`) holds, at the behaviour's own ``target`` if it takes one."""

    rules: tuple[Rule, ...]
    target: str = "nearest"
    defend: Call | None = None
    when: str = "never"


def reachable(target: str, name: str, side: str, sides: Mapping[str, Sequence[str]]) -> list[str]:
    """Everyone ``target`` may ever pick for ``name`` of ``side``: itself
    (``self``), the other members of its side (an ally target), or the other
    sides' members (a foe target or a foe's name)."""
    if target == "self":
        return [name]
    if target in ALLY_TARGETS:
        return [n for n in sides[side] if n != name]
    return [n for s, names in sides.items() if s != side for n in names]


class Weigher(Protocol):
    """What :func:`choose` weighs the candidates by: the play itself, its own
    table and methods read at once (not three bound methods made at every target)."""

    # by name, the system's vitality of each candidate (None where it gives none): the table itself, looked up
    # by subscript (a bound look-up called costs more: icount, a giro trial 0.30% less, dice 0.45%)
    vitalities: Mapping[str, float | None]

    def changed(self, name: str) -> int: ...

    def pick(self, names: Sequence[str]) -> str: ...


def choose(rule: str, candidates: Sequence[str], weigher: Weigher) -> str:
    """The target among ``candidates`` (the other sides' members who can act,
    in the turn order), ``weigher`` telling how each one stands:

    - ``nearest``: the first of them;
    - ``weakest``: the lowest :attr:`~rolecli.contract.Status.vitality`
      (``weigher.vitalities``); when the system gives none for someone, the one
      whose state has changed most since the encounter began
      (``weigher.changed``); ties go to the nearest;
    - ``random``: ``weigher.pick(candidates)``;
    - a name: that one while it can act, else the nearest.
    """
    if rule == "nearest":
        return candidates[0]
    if rule == "weakest":
        if len(candidates) == 1:  # (the weakest of one, nobody weighed: a fight's last foe, many turns)
            return candidates[0]
        # the first of the lowest, the nearest, found in one walk: not min() over a list of the scores (a list,
        # a map, min and index cost more than the walk over two to four candidates; icount: a dice trial 1.4% less)
        vitalities = weigher.vitalities
        # (the first weighed in the walk, not once before it too: icount, a giro trial 0.21% less, dice 0.33%)
        weakest = lowest = None
        for name in candidates:
            score = vitalities[name]
            if score is None:  # someone the system gives no vitality: everyone weighed by the changes instead
                return _most_changed(candidates, weigher)
            if lowest is None or score < lowest:
                weakest, lowest = name, score
        return weakest
    if rule == "random":
        return weigher.pick(candidates)
    return rule if rule in candidates else candidates[0]


def _most_changed(candidates: Sequence[str], weigher: Weigher) -> str:
    """The first of ``candidates`` whose state changed most since the
    encounter began (:func:`choose`'s weakest, where the system gives no vitality)."""
    most, first = -1, candidates[0]
    for name in candidates:
        changed = weigher.changed(name)
        if changed > most:
            first, most = name, changed
    return first


def holds(when: Condition, hurt: bool, outnumbered: bool, share: float, allies: Sequence[float]) -> bool:
    """Whether a rule's condition holds: ``hurt`` and ``outnumbered`` as for
    :func:`defends`; ``share``, the actor's vitality; ``allies``, its allies'."""
    if when.word == "self_below":
        return share < when.below
    if when.word == "ally_below":
        return any(s < when.below for s in allies)
    return defends(when.word, hurt, outnumbered)


def defends(when: str, hurt: bool, outnumbered: bool) -> bool:
    """Whether a participant uses its defence verb this turn: ``hurt``, it has
    lost some of its fight (see :func:`choose` for how that is measured);
    ``outnumbered``, more foes than friends (itself included) can act."""
    return when == "always" or (when == "hurt" and hurt) or (when == "outnumbered" and outnumbered)
