"""A campaign's conflict and its lasting effects: turns, rounds, and what
expires as the conflict moves on.

The scene is plain data kept in the campaign's ``state.toml`` (``[scene]``), so
it is written, logged and undone like any other change:

- ``conflict``: ``kind``, ``round`` (from 1), ``turns`` (the round's turns in
  order: a name may stand twice, as in Alternity's phases), ``turn`` (the index
  of the turn being played; -1 when the one playing the round's first turn
  left, so that the next turn is the first), ``participants`` (who is in it)
  and ``each_round`` (ask the system's initiative again at every new round);
- ``effects``: the :class:`~rolecli.contract.Effect` s in force, as tables;
- ``next_effect``: the id the next effect gets.

The functions here take the scene and return what happened, as a list of
:class:`Event` s; the :class:`~rolecli.tracker.Tracker` calls the system's
hooks for the events that need them (``end_of_turn``, ``end_of_round``,
``end_of_scene``, initiative at a new round), and its callers (the ``conflict``
commands, the encounter engine) record or tell the result.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Protocol

from rolecli.contract import NO_DATA, Effect, InitiativeData, Turn, keep_at_most
from rolecli.errors import RoleError

UNTIL = ("next_turn", "rounds", "scene", "used")
MAX_EFFECT_TEXT = 500  # characters of an effect's text
MAX_EFFECT_ROUNDS = 10_000  # rounds an effect may last
# Rounds, turns and effect ids, as a hand edit may set them: far below what a
# 64-bit TOML reader takes, so counting on from the largest never goes past it.
MAX_COUNTER = 1_000_000_000


@dataclass(slots=True)
class Event:
    """One thing that happened as the conflict moved: ``kind`` is
    ``turn_ended``, ``round_ended``, ``round_started``, ``turn_started``,
    ``skipped`` (a participant who cannot act), ``expired`` (an effect),
    ``nobody`` (no participant can act), ``left_out`` (who cannot act when it
    starts), ``left`` (who leaves it) or ``said`` (a line of the system's
    hooks, in ``why``). :meth:`say` tells it in words."""

    kind: str
    name: str | None = None
    round: int | None = None
    effect: Effect | None = None
    why: str | None = None

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"event": self.kind}
        for key in ("name", "round", "why"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.effect is not None:
            out["effect"] = self.effect.as_json()
        return out

    def say(self, lang: str) -> str | None:
        """The event as the conflict commands and the encounters tell it, in
        ``lang`` (``es``, else English); ``None`` for one the next line says
        enough about (a turn's end)."""
        def es(spanish: str, english: str) -> str:
            return spanish if lang == "es" else english

        kind, name, round_, why = self.kind, self.name, self.round, self.why
        if kind == "said":
            return f"  {why}"
        if kind == "turn_started":
            return es(f"Asalto {round_}: turno de {name}.", f"Round {round_}: {name}'s turn.")
        if kind == "round_started":
            return es(f"Empieza el asalto {round_}.", f"Round {round_} begins.")
        if kind == "round_ended":
            return es(f"Termina el asalto {round_}.", f"Round {round_} ends.")
        if kind == "skipped":
            return es(f"{name} no puede actuar: {why}.", f"{name} cannot act: {why}.")
        if kind == "expired":
            e = self.effect
            return es(f"Expira #{e.id} sobre {e.on}: {e.text}.", f"Expires: #{e.id} on {e.on}: {e.text}.")
        if kind == "nobody":
            return es("Nadie en el conflicto puede actuar; 'rolecli conflict end' lo termina.",
                      "Nobody in the conflict can act; 'rolecli conflict end' ends it.")
        if kind == "left_out":
            return es(f"{name} queda fuera: {why}.", f"{name} is left out: {why}.")
        if kind == "left":
            return es(f"{name} deja el conflicto.", f"{name} leaves the conflict.")
        return None


class Mover(Protocol):
    """What moves a scene's conflict on (:meth:`Scene.advance`): the
    :class:`~rolecli.tracker.Tracker`, with the system's hooks."""

    turn_ends: bool  # whether end_of_turn is called for the turn that ends (a play may say so turn by turn)

    # by name, whether each can act now (as why_not gives None), looked up where nobody reads why not
    acting: Mapping[str, bool]

    def why_not(self, name: str) -> str | None: ...

    def new_round(self, round_: int, participants: list[str]) -> tuple[list[str], bool] | None: ...

    def end_of_turn(self, name: str) -> Iterable[Event]: ...

    def end_of_round(self, names: list[str]) -> Iterable[Event]: ...


@dataclass(slots=True)
class Scene:
    """The ``[scene]`` table of a campaign's state, as objects. Its conflict
    moves through the methods here alone, which keep its :attr:`turn` true.
    (Its fields in slots: in a dict, a simulation's scene had one of its own
    once its kept Turn and order were set at its first turn, and Python 3.11
    looks every read of it up by hash: icount, a middle trial 0.22% less, v5
    and alternity 0.05%)"""

    conflict: dict[str, Any] | None = None
    effects: list[Effect] = field(default_factory=list)
    next_effect: int = 1
    # The conflict's Turn, kept from when it is first asked until the conflict
    # moves (every method here that moves it drops it): the tracker hands it to
    # every hook it calls, and a round's order is a tuple made again otherwise.
    _turn: Turn | None = field(default=None, init=False, repr=False, compare=False)
    # The round's order as a tuple, with the list of turns it was made from, the Turns of that order and
    # the fields they share (_order_of): made again when the list is another (a new round's initiative, a
    # rename, someone leaving) or longer (someone joining), not at every turn.
    _order: tuple[list[str], tuple[str, ...], dict[int, dict[str | None, Turn]], dict[str, Any]] | None = field(
        default=None, init=False, repr=False, compare=False)
    # This round's Turns by actor (_round_of), which the next turn's Turn is read from: good while the scene
    # keeps its Turn (every method here that drops that Turn, or moves the round on, finds them again).
    _now: dict[str | None, Turn] | None = field(default=None, init=False, repr=False, compare=False)
    # Whether an effect in force may last until someone's next turn: set by add (effects join the scene there
    # alone), cleared by a turn's start that finds none, so that a turn starts in silence with no walk of
    # effects that last rounds, most of them (icount: a v5 trial 0.80% less, fate 0.51%)
    _turn_ends: bool = field(default=True, init=False, repr=False, compare=False)
    # Whether an effect in force may outlast this round's end: cleared by add where the first joins lasting this
    # round alone (as a v5 attack's mark), set by any other, so that a round ends its effects in one step where
    # it may, not by a walk in a frame of its own (icount: a v5 trial 0.50% less, fate flat)
    _outlasting: bool = field(default=True, init=False, repr=False, compare=False)

    @classmethod
    def load(cls, doc: dict[str, Any] | None) -> "Scene":
        doc = doc or {}
        effects = [effect_from(e) for e in doc.get("effects", [])]
        conflict, next_effect = doc.get("conflict"), doc.get("next_effect")
        # (no copy of no conflict, and the next id worked out only where none is kept: a simulation
        # loads its scene at every trial, most often an empty one)
        if next_effect is None:
            next_effect = max((e.id for e in effects), default=0) + 1
        return cls(None if conflict is None else copy.deepcopy(conflict), effects, int(next_effect))

    def dump(self) -> dict[str, Any]:
        """The scene as the TOML table to keep (empty when nothing is going on)."""
        out: dict[str, Any] = {}
        if self.conflict is not None:
            out["conflict"] = copy.deepcopy(self.conflict)
        if self.effects:
            out["effects"] = [_effect_table(e) for e in self.effects]
        if out or self.next_effect > 1:
            out["next_effect"] = self.next_effect
        return out

    # --- the conflict -------------------------------------------------------

    @property
    def turn(self) -> Turn | None:
        """Where the conflict stands, as verbs see it (``Context.conflict``)."""
        turn = self._turn  # (kept while the conflict stands still, and dropped with it: asked at every hook)
        if turn is None:
            c = self.conflict
            if c is None:
                return None
            turns, at, order = c["turns"], c["turn"], self._order
            if order is None or order[0] is not turns or len(order[1]) != len(turns):
                order = self._order = _order_of(turns, c.get("kind"))
            round_, actor = c["round"], turns[at] if 0 <= at < len(turns) else None
            now = self._now = _round_of(order[2], round_)
            turn = self._turn = now.get(actor) or _turn_of(now, round_, actor, order[3])
        return turn

    @property
    def actor(self) -> str | None:
        """Whose turn it is (``None`` between turns, or with no conflict)."""
        turn = self.turn
        return None if turn is None else turn.actor

    def start(self, turns: list[str], participants: list[str], kind: str | None, each_round: bool,
              explain: bool = True) -> list[Event]:
        """A conflict of ``kind`` among ``participants`` starts: round 1, the first of ``turns``.
        ``explain=False``: nobody reads how it started, as :meth:`advance` takes it (a simulation's
        trials), so the round and turn it starts are not told (an event made at every trial; with the
        tracker's initiative told only where read, icount: a dice trial 1.1% less, giro 0.8%, alternity 0.9%)."""
        if self.conflict is not None:
            raise RoleError("a conflict is already running; 'rolecli conflict end' ends it first.")
        self.conflict = {"round": 1, "turn": 0, "turns": list(turns), "participants": list(participants),
                         "each_round": bool(each_round)}
        if kind:
            self.conflict["kind"] = kind
        self._turn = None
        actor = self.actor
        events = [Event("round_started", round=1)] if explain else []
        if explain or self._turn_ends:  # else it starts in silence, as a turn advance starts
            events += self._start_turn(actor, explain)
        return events

    def running(self) -> dict[str, Any]:
        if self.conflict is None:
            raise RoleError("no conflict is running; start one with 'rolecli conflict start [NAMES]'.")
        return self.conflict

    def advance(self, mover: Mover, explain: bool = True) -> list[Event]:
        """Move to the next turn that a participant able to act can play.

        ``mover`` (the :class:`~rolecli.tracker.Tracker`, given whole rather
        than four bound methods made at every turn): ``mover.why_not(name)``
        gives ``None`` or why not, ``mover.acting[name]`` whether it can act (looked
        up instead where nobody reads why not); ``mover.new_round(round, participants)``
        gives the next round's turns (and whether to ask again next round), or
        ``None`` to keep them; ``mover.end_of_turn`` and ``mover.end_of_round``
        run the system's recovery for those events and give what it reported
        (``end_of_turn`` called only where ``mover.turn_ends``: most systems
        recover nothing then, and a simulation's play knows most of the turns
        whose end recovers nothing). ``explain=False``: nobody reads how the scene moved
        (a simulation's trials, as :attr:`~rolecli.contract.Context.explain`),
        so the turns and rounds it ends, starts and skips are not told, nor the
        effects that expire (they expire all the same: no event is built for
        them, one or two at every exchange of some systems, icount: a v5 trial
        1.2% less); what the recoveries report still is.
        """
        c = self.conflict or self.running()  # (a conflict is never an empty table: every turn of a trial, no call)
        turns, at = c["turns"], c["turn"]
        # This round's turn as it stands (every method here that changes the
        # round's number, turns or kind drops it): whose turn ends, and the next
        # one in the round, the same with another actor, not worked out again
        # from the conflict's table
        within = self._turn
        events: list[Event] = []
        # the turn that ends, where it is told or recovered (else whose it was is not read; icount: a dice trial 0.34% less)
        if explain or mover.turn_ends:
            actor = within.actor if within is not None else turns[at] if 0 <= at < len(turns) else None
            if actor is not None:  # the turn that ends
                if mover.turn_ends:
                    events += mover.end_of_turn(actor)
                if explain:
                    events.append(Event("turn_ended", actor, c["round"]))
        # (new_round: where the events of a new round's turns begin, once this round has ended)
        index, new_round = at, None
        # (the play's table, looked up by subscript, not by its bound look-up called: icount, a giro trial 0.36% less)
        acting = mover.acting
        while True:  # this round's remaining turns, then, if none can be played, the next round's from its first
            while (index := index + 1) < len(turns):  # (no range made at every turn)
                actor = turns[index]
                if not explain:  # (why one cannot act is worked out only to be told)
                    if acting[actor]:
                        break
                    continue
                why = mover.why_not(actor)
                if why is None:
                    break
                events.append(Event("skipped", actor, c["round"], why=why))
            else:
                if new_round is not None:  # nobody can play a turn of the new round: nobody's turn until someone
                    # can act again, and no turn told skipped
                    del events[new_round:]
                    c["turn"], self._turn = len(turns), None
                    if explain:
                        events.append(Event("nobody", round=c["round"]))
                    return events
                # the round ends, and the next one's turns are walked from the first by the same loop (no call
                # of a function of its own, nor a tuple of what it found, at every round; icount: a dice trial 0.65%
                # less, giro 0.35%, alternity 0.17%)
                events += mover.end_of_round(list(c["participants"]))
                if explain:
                    events.append(Event("round_ended", round=c["round"]))
                if self.effects:
                    if explain or self._outlasting:
                        events += self._expire_rounds(explain)
                    else:  # every effect in force lasts this round alone, and nobody is told they expire
                        self.effects = []
                c["round"], self._turn = c["round"] + 1, None
                if c.get("each_round"):
                    answer = mover.new_round(c["round"], list(c["participants"]))
                    if answer is not None:
                        c["turns"], c["each_round"], self._turn = answer[0], answer[1], None
                        within = None  # (a new order: its Turn is made when asked)
                if within is not None:  # the same order, a round on: that round's Turns
                    self._now = _round_of(self._order[2], c["round"])
                if explain:
                    events.append(Event("round_started", round=c["round"]))
                turns, index, new_round = c["turns"], -1, len(events)
                continue
            break
        c["turn"] = index
        # the next turn's Turn: the round's of that actor, the last one's with another actor (a round on,
        # where a new round keeps its order), made when first met
        if within is not None:
            now = self._now
            within = now.get(actor) or _turn_of(now, c["round"], actor, self._order[3])
        self._turn = within
        if explain or self._turn_ends:  # else it starts in silence (a simulation's turn, none ends at a turn)
            events += self._start_turn(actor, explain)
        return events

    def _start_turn(self, actor: str | None, explain: bool = True) -> list[Event]:
        if actor is None:
            return []
        started = [Event("turn_started", actor, self.conflict["round"])] if explain else []
        for effect in self.effects:  # (a loop, not any(): a generator is a call of its own at every turn)
            if effect.until == "next_turn":  # (most effects last rounds, or the scene)
                started += self._expire_turn_of(actor, explain)
                break
        else:  # none in force: no turn's start looks again until one is added
            self._turn_ends = False
        return started

    def _expire_turn_of(self, actor: str, told: bool) -> list[Event]:
        """The effects that last until ``actor``'s next turn (that it left, or
        that are on it, left by nobody) gone. (A method of its own, not a lambda
        in :meth:`_start_turn`, which would make its ``actor`` a cell at every
        turn: icount, a v5 trial 0.12% less)"""
        return self._expire(lambda e: e.until == "next_turn" and (e.by or e.on) == actor, told)

    def join(self, name: str) -> None:
        """``name`` enters the conflict: last in this round's turns."""
        c = self.running()
        if name in c["participants"]:
            raise RoleError(f"{name} is already in the conflict.")
        c["participants"].append(name)
        c["turns"].append(name)
        self._turn = None

    def leave(self, name: str) -> list[Event]:
        """``name`` leaves the conflict; if it was its turn, the turn passes on
        at the next 'conflict next' (its effects stay until they expire)."""
        c = self.running()
        if name not in c["participants"]:
            raise RoleError(f"{name} is not in the conflict; in it: {', '.join(c['participants'])}.")
        current = c["turn"]
        before = [i for i, n in enumerate(c["turns"]) if n == name and i < current]
        was_current = 0 <= current < len(c["turns"]) and c["turns"][current] == name
        c["participants"].remove(name)
        c["turns"] = [n for n in c["turns"] if n != name]
        c["turn"] = current - len(before) - (1 if was_current else 0)
        self._turn = None
        return [Event("left", name, c["round"])]

    def end(self) -> list[Event]:
        """The conflict ends, and with it every effect but the game master's
        notes that outlast scenes (none: every effect is scene-scoped)."""
        self.running()
        self.conflict, self._turn = None, None
        return self.end_scene()

    def end_scene(self) -> list[Event]:
        """The scene ends: every effect expires."""
        return self._expire(lambda e: True)

    # --- effects ------------------------------------------------------------

    def add(self, effect: Effect) -> Effect:
        number, data = self.next_effect, effect.data
        # An effect of no data (as an attack's mark) numbered as one of the same fields was before: the Effect
        # kept then, shared as a frozen value (its data none, and read-only), not another made at every attack
        # (some 4,000 instructions to make, 2,000 to find; icount N=1000: a v5 trial 2.5% less, fate 0.3%)
        if data:
            added = kept = None
        else:
            kept = (effect.on, effect.text, effect.key, effect.by, effect.until, effect.rounds, number)
            try:
                added = _NUMBERED.get(kept)
            except TypeError:  # a field no hash takes (a plugin's text as a list): kept as before, not shared
                added = kept = None
        if added is None:
            until = effect.until
            if until not in UNTIL:
                raise RoleError(f"an effect lasts until one of {', '.join(UNTIL)}, not {until!r}.")
            rounds = effect.rounds
            if until == "rounds" and (not isinstance(rounds, int) or rounds < 1):
                raise RoleError(f"an effect of N rounds needs N of 1 or more, not {rounds!r}.")
            # its fields set at once, as Effect.__init__ sets them, without its frame: the given effect's copied
            # from its table in one go, then its data (a table of its own) and the scene's id set in it
            # (icount: a v5 trial 0.63% less, fate 0.20%; set, not passed as keywords: v5 0.73% less)
            added = object.__new__(Effect)
            fields = added.__dict__
            fields.update(effect.__dict__)
            fields["data"], fields["id"] = dict(data) if data else NO_DATA, number
            if kept is not None:
                keep_at_most(_NUMBERED, kept, added, NUMBERED_KEPT)
        until = added.until
        if until == "rounds":
            rounds = added.rounds
            if rounds > 1 or not self.effects:  # (one of a round alone, joining others that are: as they were)
                self._outlasting = rounds > 1
        else:
            self._outlasting = True
            if until == "next_turn":
                self._turn_ends = True
        self.next_effect = number + 1
        self.effects.append(added)
        return added

    def remove(self, ids: Iterable[int]) -> list[Effect]:
        wanted = set(ids)
        gone, kept = [], []
        for e in self.effects:  # (one walk, not two comprehensions, a frame each: with add's, icount: fate 0.47% less)
            (gone if e.id in wanted else kept).append(e)
        self.effects = kept
        return gone

    def _expire(self, ends: Callable[[Effect], bool], told: bool = True) -> list[Event]:
        """The effects that ``ends`` ends, gone, and ``expired`` events for
        them where they are ``told``."""
        gone = [e for e in self.effects if ends(e)]
        if not gone:  # most turns end no effect: the list is kept as it is, not built again
            return gone
        self.effects = [e for e in self.effects if not ends(e)]
        return [Event("expired", e.on, effect=e) for e in gone] if told else []

    def _expire_rounds(self, told: bool = True) -> list[Event]:
        """A round counted down on every effect of some rounds, those of its
        last round gone, with ``expired`` events for them where ``told``."""
        kept, events = [], []
        for e in self.effects:
            if e.until == "rounds":
                left = (e.rounds or 1) - 1
                if left <= 0:
                    if told:
                        events.append(Event("expired", e.on, None, e))  # (by position: a keyword is dearer to pass)
                    continue
                e = Effect(e.on, e.text, e.key, e.data, e.by, e.until, left, e.id)
            kept.append(e)
        self.effects, self._outlasting = kept, bool(kept)
        return events

    def rename(self, old: str, new: str) -> None:
        """A character renamed: the conflict and the effects follow."""
        def swap(name: str) -> str:
            return new if name == old else name

        if self.conflict is not None:
            self.conflict["turns"] = [swap(n) for n in self.conflict["turns"]]
            self.conflict["participants"] = [swap(n) for n in self.conflict["participants"]]
            self._turn = None
        self.effects = [Effect(swap(e.on), e.text, e.key, e.data, swap(e.by) if e.by else "", e.until, e.rounds, e.id)
                        for e in self.effects]


# The Effects of no data scenes have numbered, by their fields and id (Scene.add), shared by every scene that
# numbers one alike: a simulation's trials number the same marks again (v5's sample meets 93 in 5,000 trials).
_NUMBERED: dict[tuple[Any, ...], Effect] = {}
NUMBERED_KEPT = 1024



# The Turns scenes share (a Turn is a value, and a simulation's trials meet the same ones): by a round's
# order and the conflict's kind, by round, by actor, each made when first met. A scene looks its order up
# once (a hash of the whole order), a round once a round, and then a turn's Turn by its actor's name. (An
# lru_cache of each Turn hashed the whole order at every turn; icount over 1,000 trials: a dice trial 1.4%
# less, giro 0.8%, fate and v5 some 0.4%, alternity 0.04% more, middle 0.11% more)
_TURNS: dict[tuple[tuple[str, ...], str | None], dict[int, dict[str | None, Turn]]] = {}
# Orders kept at most: emptied then, so that a long simulation's never grow without end. (Alternity rolls
# its order anew each round and meets half its Turns again: 256 orders, its trial 0.47% dearer than the
# lru_cache, 4,096 0.40% cheaper; middle rolls one a trial and meets few again, and keeping more costs it
# more: 1,024 weighs both)
ORDERS_KEPT = 1024


def _order_of(turns: list[str], kind: str | None) -> tuple[list[str], tuple[str, ...], dict[int, dict], dict]:
    """A round's ``turns`` in a conflict of ``kind``, as :attr:`Scene._order` keeps them: the
    list, as a tuple, the Turns of that order by round and actor (:data:`_TURNS`) and the fields
    they share (:func:`_turn_of`)."""
    order = tuple(turns)
    rounds = _TURNS.get((order, kind))
    if rounds is None:
        rounds = keep_at_most(_TURNS, (order, kind), {}, ORDERS_KEPT)
    return turns, order, rounds, {"order": order, "kind": kind}


def _round_of(rounds: dict[int, dict[str | None, Turn]], round_: int) -> dict[str | None, Turn]:
    """Round ``round_``'s Turns by actor, of an order's (``rounds``: :func:`_order_of`'s)."""
    now = rounds.get(round_)
    if now is None:
        now = rounds[round_] = {}
    return now


def _turn_of(now: dict[str | None, Turn], round_: int, actor: str | None, shared: dict[str, Any]) -> Turn:
    """The Turn of ``actor`` in round ``round_`` (``now``: its Turns, :func:`_round_of`), met first:
    made, and kept there. Its fields set in its dict, not by the dataclass's generated ``__init__``, which
    sets each through ``object.__setattr__`` (some 2 µs of a middle exchange): the order and kind its order's
    Turns share (``shared``: :func:`_order_of`'s) copied in one go, not passed as keywords (icount: an alternity
    trial 0.26% less, dice 0.15%).
    The same Turn: equal, hashed alike (a test holds them so)."""
    turn = now[actor] = object.__new__(Turn)
    fields = turn.__dict__
    fields.update(shared)
    fields["round"], fields["actor"] = round_, actor
    return turn


def turns_of(outcome, known, system: str) -> tuple[list[str], bool]:
    """The round's turns an initiative outcome gives (:class:`~rolecli.contract.InitiativeData`),
    keeping the names in ``known``, and whether the system asks to be asked
    again at every round."""
    given, each_round = InitiativeData.read(outcome.data)
    turns = list(filter(known.__contains__, given))  # (no comprehension: asked at every round in some systems)
    if not turns:
        raise RoleError(f"the initiative of {system!r} gave nobody a turn.")
    return turns, each_round


def scene_problem(doc: Any) -> tuple[tuple[str, ...], str] | None:
    """What is wrong with a ``[scene]`` table read from state.toml or a log
    line, as (key inside it, message); None when it is sound."""
    if not isinstance(doc, dict):
        return (), "should be a table holding conflict, effects and next_effect"
    unknown = [k for k in doc if k not in ("conflict", "effects", "next_effect")]
    if unknown:
        return (unknown[0],), "is not a key of the scene (conflict, effects, next_effect)"
    if "next_effect" in doc and not _whole(doc["next_effect"], 1):
        return ("next_effect",), f"should be a whole number from 1 to {MAX_COUNTER:,}"
    c = doc.get("conflict")
    if c is not None:
        if not isinstance(c, dict):
            return ("conflict",), "should be a table"
        for key, ok, what in (("round", lambda v: _whole(v, 1), f"a whole number from 1 to {MAX_COUNTER:,}"),
                              ("turn", lambda v: _whole(v, -1), f"a whole number from -1 to {MAX_COUNTER:,}"),
                              ("turns", _names, "a list of character names"),
                              ("participants", _names, "a list of character names"),
                              ("each_round", lambda v: isinstance(v, bool), "true or false")):
            if not ok(c.get(key)):
                return ("conflict", key), f"should be {what}"
        if "kind" in c and not isinstance(c["kind"], str):
            return ("conflict", "kind"), "should be a text"
    effects = doc.get("effects", [])
    if not isinstance(effects, list):
        return ("effects",), "should be a list of effects ([[scene.effects]])"
    for i, e in enumerate(effects):
        if not isinstance(e, dict):
            return ("effects", str(i)), "should be a table"
        for key, ok, what in (("id", lambda v: _whole(v, 1), f"a whole number from 1 to {MAX_COUNTER:,}"),
                              ("on", lambda v: isinstance(v, str) and v != "", "a character's name"),
                              ("until", lambda v: v in UNTIL, f"one of {', '.join(UNTIL)}")):
            if not ok(e.get(key)):
                return ("effects", str(i), key), f"should be {what}"
        for key, kind in (("text", str), ("key", str), ("by", str), ("data", dict)):
            if key in e and not isinstance(e[key], kind):
                return ("effects", str(i), key), f"should be a {'table' if kind is dict else 'text'}"
        if len(e.get("text", "")) > MAX_EFFECT_TEXT:  # as `effect add` allows
            return ("effects", str(i), "text"), (f"is {len(e['text']):,} characters long; an effect's text is at "
                                                 f"most {MAX_EFFECT_TEXT} characters, as 'effect add' takes it")
        if e["until"] == "rounds" and not _whole(e.get("rounds"), 1, MAX_EFFECT_ROUNDS):
            return ("effects", str(i), "rounds"), f"should be a whole number from 1 to {MAX_EFFECT_ROUNDS:,}"
    return None


def _whole(value: Any, least: int, most: int = MAX_COUNTER) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and least <= value <= most


def _names(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(n, str) and n for n in value)


def effect_from(table: dict[str, Any]) -> Effect:
    return Effect(on=table["on"], text=table.get("text", ""), key=table.get("key", ""),
                  data=dict(table.get("data", {})), by=table.get("by", ""), until=table.get("until", "scene"),
                  rounds=table.get("rounds"), id=int(table.get("id", 0)))


def _effect_table(effect: Effect) -> dict[str, Any]:
    table = effect.as_json()
    return {k: v for k, v in table.items() if v not in (None, "", {})}
