"""The conflict tracker: a campaign's scene (:class:`~rolecli.conflict.Scene`)
moved on with its system's hooks.

A :class:`Tracker` is the one place a conflict is played. The ``conflict``
commands drive it one step a command, on the campaign's characters under its
lock; the encounter engine (:mod:`rolecli.encounter.engine`) drives a whole
fight with it in memory, adding on top what is only an encounter's (sides,
routing, morale, the round limit, caching statuses). Every hook it calls is
played as every verb is (:func:`rolecli.play.call`, for a recovery of one
character :func:`rolecli.play.recover`, and :func:`rolecli.play.apply_changes`, as
:func:`rolecli.play.apply` keeps a verb's result):
what it changed is merged into the characters, the effects it left and used
are kept in the scene, and ``ctx`` stays the one the next hook sees.

What happened comes back as :class:`~rolecli.conflict.Event` s, which tell
themselves in either language (:meth:`~rolecli.conflict.Event.say`).

Recovery at a turn's, a round's or the scene's end is called one character at
a time, in the participants' order, each call seeing the states the previous
ones left (a round's end that moves Ana first shows Bo the Ana it moved).
"""

from __future__ import annotations

from typing import Any, Iterable, NamedTuple, Sequence

from rolecli.conflict import Event, Scene, turns_of
from rolecli.contract import Action, ActionSpec, Character, Context, Outcome, Status
from rolecli.dispatch import completed_options
from rolecli.errors import RoleError
from rolecli.play import BY_ACTION, apply_changes, call, prepared, recover, state_fields, unanswered
from rolecli.status import status_of

# The state fields of a template whose states a conflict knows in its order by the state last made (apply)
MANY_STATE_FIELDS = 12


class Ordered(NamedTuple):
    """An initiative the tracker asked: for round ``round``, the ``turns`` it
    gave, its ``outcome``, and the first of the dice it read (``source.reads[start:]``)."""

    round: int
    turns: list[str]
    outcome: Outcome
    start: int


class Rules(NamedTuple):
    """What a conflict plays by that its system and rule options alone give,
    worked out once (:func:`rules_of`): the rule options completed, the
    recovery verb and the events it declares, the initiative verb (``None``:
    the turns in the order given) and whether it takes the round's number (a
    ``round`` parameter: looked for once, not at every round's initiative), and the template's state fields
    (:func:`~rolecli.play.state_fields`). An encounter works them out once for all
    its plays (``Encounter.rules``): a simulation's trials, thousands of
    them, play by the same."""

    options: dict[str, Any]
    recovery: ActionSpec | None
    recovers: frozenset[str]
    ordering: ActionSpec | None
    ordering_round: bool
    fields: tuple[tuple[str, ...], set[tuple[str, ...]]]


def rules_of(info, options: dict[str, Any]) -> Rules:
    """The :class:`Rules` of a conflict of ``info``'s system under ``options``."""
    ordering = info.verb("initiative")
    return Rules(completed_options(info, options), info.verb("recover"),
                 frozenset(event for event, _ in info.events), ordering,
                 ordering is not None and any(p.name == "round" for p in ordering.params), state_fields(info))


class Tracker:
    """A conflict on ``characters`` (a mapping of name to character, changed
    in place as hooks change them), played with ``system``'s hooks.

    ``options``: the rule options in force; ``source``: the dice; ``scene``:
    the scene to play in (a campaign's, with its effects and its conflict if
    one runs), else an empty one; ``rules``: what the system and ``options``
    give (:func:`rules_of`), where the caller worked them out already. ``touched``: the characters whose state
    some hook moved, the only ones to write back (:meth:`changes`).

    A subclass changes how it plays by overriding :meth:`status`,
    :meth:`why_not` and :meth:`able`, :meth:`refusal`, :meth:`moved`, :meth:`recover`, :meth:`initiative_params`,
    :meth:`recovered`, :meth:`dice_mark`, :meth:`new_round` and
    :meth:`end_of_round`, and by saying whether anyone reads what a recovery
    or an initiative tells (:attr:`telling`); the encounter engine does.
    """

    def __init__(self, system, characters, options: dict[str, Any], lang: str, source, scene: Scene | None = None,
                 rules: Rules | None = None):
        self.system, self.info, self.lang, self.source = system, system.info, lang, source
        if rules is None:
            rules = rules_of(self.info, options)
        # the rules unpacked at once (each field of a named tuple read by name is a look-up of its own, some 200
        # instructions): the rule options; the recovery verb and its events; the initiative verb (None: the turns
        # in the order given) and whether it is given the round's number; the template's state fields, for every
        # change kept (apply), kept with the rules rather than asked at every play (with the unpacking, some
        # 2,000 instructions a trial; icount: a dice trial 0.23% less, giro 0.14%)
        options, self.recovery, self.recovers, self.ordering, self.ordering_round, self.fields = rules
        self.characters = characters
        self.scene = scene if scene is not None else Scene()
        self.ctx = Context(lang, source, options, characters, tuple(self.scene.effects), self.scene.turn)
        self.touched: set[str] = set()
        # whether a turn's end calls the recovery: most systems recover nothing then, and no call at every
        # turn for them (a flag, not the bound method: that would make every tracker a cycle for the collector)
        self.turn_ends = "end_of_turn" in self.recovers
        self.round_ends = "end_of_round" in self.recovers  # likewise a round's end (end_of_round)
        self.recovering: dict[str, dict[str, Any]] = {}  # by event, the recovery's parameters
        self.kind = self.scene.conflict.get("kind") if self.scene.conflict else None
        self.ordered: list[Ordered] = []  # each initiative asked, for the caller to tell and clear (telling)
        self.made: dict | None = None  # how each character's state was made, for a subclass that keeps it (apply)
        # by name, a state and its number, and the states made before by a number and a change: for a subclass
        # that numbers states (apply_changes gives a state made before again)
        self.keyed: dict | None = None
        self.known_moves: dict | None = None
        # by name, the state last made in the template's order (apply), where states have many fields: the
        # keys of a state of a few are checked as cheaply as the state is looked up (icount: a dice, fate or v5
        # trial costs 0.1-0.2% more with it, a middle one 2.4% less)
        self.in_order: dict[str, dict] | None = {} if len(self.fields[0]) >= MANY_STATE_FIELDS else None
        # whether anyone reads what a recovery tells (recovered) or an initiative (ordered): a subclass that tells
        # nobody says not, and its recoveries are played and kept without asking what they would tell, its
        # initiatives without a record of each
        self.telling = True
        # each verb's hook prepared once for the conflict's calls (play.prepared), by the verb's name: all that
        # preparing reads of a verb besides its hook kind (one a name), and a text keeps its hash
        self.prepared_hooks: dict[str, Any] = {}

    # --- who can act ------------------------------------------------------------

    def status(self, name: str) -> Status:
        """The system's word on ``name`` now (:func:`~rolecli.status.status_of`)."""
        return status_of(self.system, self.characters[name], self.ctx)

    def why_not(self, name: str) -> str | None:
        """``None`` when ``name`` can act now, else why not, in the system's words."""
        if name not in self.characters:  # removed from the campaign while the conflict ran
            return "ya no está en la campaña" if self.lang == "es" else "no longer in the campaign"
        status = self.status(name)
        return None if status.can_act else self.why(status)

    def able(self, name: str) -> bool:
        """Whether ``name`` can act now (:meth:`why_not` gives ``None``): asked
        where nobody reads why not (a new round's initiative, a scene moving on in silence)."""
        return self.why_not(name) is None

    @property
    def acting(self) -> dict[str, bool]:
        """By name, whether each of the conflict's participants can act now
        (:meth:`able`): what a scene moving on in silence looks up
        (:class:`~rolecli.conflict.Mover`; a play keeps its own table)."""
        return {name: self.able(name) for name in self.scene.running()["participants"]}

    def why(self, status: Status) -> str:
        """Why a character of ``status`` cannot act, in the system's words."""
        return status.why(self.lang) if status.why else status.key

    def standing_of(self, name: str) -> dict[str, Any]:
        """How ``name`` stands, as ``conflict show`` lists it: whether it can
        act (and why not), the system's ``vitality`` (from 1.0, fresh, to 0.0,
        out; ``None`` where the system gives none) and its conditions, in the
        system's words."""
        if name not in self.characters:
            return {"name": name, "can_act": False, "key": "gone", "why": self.why_not(name), "vitality": None,
                    "conditions": []}
        status = self.status(name)
        return {"name": name, **status.as_json(self.lang), "vitality": status.vitality}

    # --- the system's hooks -----------------------------------------------------

    def hook(self, spec: ActionSpec, action: Action, subjects, who: str | None = None,
             caller=None) -> tuple[Outcome, Sequence[str]]:
        """``spec``'s hook played as every verb is (``caller``: by default
        :func:`rolecli.play.call` on the ``subjects`` (a list or a tuple), a hook of
        :data:`~rolecli.play.BY_ACTION` called here as it calls it; or :func:`rolecli.play.recover` on one
        character), with the hook prepared once for the conflict
        (:func:`rolecli.play.prepared`, taking the calls as they are: ``action``
        has every parameter its verb declares, in a dict of this call's own the
        verb may change, and the ctx every rule option), then
        :func:`rolecli.play.apply_changes` keeps its changes and effects, as
        :func:`rolecli.play.apply` would, without its frame (an outcome
        with none, most of them, is not given to it); the outcome, and the
        names of the characters whose state it moved (for an outcome that
        changes nothing, an empty tuple: no list made for it).
        ``who``: whose doing it is, for :meth:`refusal`. One method, not a
        wrapper around another: an encounter's trial calls it some thirty times."""
        try:
            hook = self.prepared_hooks.get(spec.name)  # (not by the spec: an ActionSpec's hash walks all its fields)
            if hook is None:
                hook = self.prepared_hooks[spec.name] = prepared(self.system, spec, completing=False)
            if caller is None and spec.hook in BY_ACTION:  # (as call calls it, without its frame: icount, an
                # alternity or v5 trial 0.45% less, middle 0.35%)
                outcome = hook(action, self.ctx)
                if outcome is None:
                    raise unanswered(self.system, spec)
            else:
                outcome = (call if caller is None else caller)(self.system, spec, action, self.ctx, subjects, hook)
            if not (outcome.changes or outcome.effects or outcome.used):  # most results: nothing for apply to keep
                return outcome, ()
            moved = apply_changes(self.info, outcome, self.characters, (), self.made, self.fields, self.in_order,
                                  self.scene, self.ctx, self.system.record, self.keyed, self.known_moves)
        except RoleError as exc:
            refusal = self.refusal(exc, spec, who)
            if refusal is None:
                raise
            raise refusal from None
        if moved:
            self.moved(moved)
        return outcome, moved

    def refusal(self, exc: RoleError, spec: ActionSpec, who: str | None) -> RoleError | None:
        """What to raise instead of ``exc``, which a hook raised (its rules
        refused, or the plugin failed); ``None`` lets ``exc`` itself through."""
        return None

    def moved(self, names: list[str]) -> None:
        """The characters a hook just moved (their state is new): touched, and
        a subclass that keeps what it worked out from their states forgets it."""
        self.touched.update(names)

    def dice_mark(self) -> int:
        """Where the dice of the next hook will begin (``source.reads[mark:]``),
        for what tells them."""
        return self.source.count

    def recover(self, event: str, names: Iterable[str]) -> list[Event]:
        """The system's recovery for ``event`` (if it declares the event), one
        character at a time, each seeing what the previous calls changed;
        what they tell (:meth:`recovered`), where anyone reads it (:attr:`telling`)."""
        spec = self.recovery
        if spec is None or event not in self.recovers:
            return []
        params = self.recovering.get(event)
        if params is None:  # completed once for the whole conflict
            params = self.recovering[event] = self.info.params(Action(spec.name, {"event": event}))
        events, characters, telling = [], self.characters, self.telling
        for name in names:
            if name not in characters:
                continue
            if not telling:  # (a simulation's trial: neither where its dice begin nor what it says is read)
                self.recover_one(spec, event, params, characters[name])
                continue
            start = self.dice_mark()
            outcome, moved = self.recover_one(spec, event, params, characters[name])
            events += self.recovered(event, name, outcome, moved, start)
        return events

    def recover_one(self, spec: ActionSpec, event: str, params: dict[str, Any],
                    character: Character) -> tuple[Outcome, Sequence[str]]:
        """The recovery of one ``character`` for ``event`` played and kept as
        it is (not merged), with ``params`` of its own: its outcome, and the
        names of the characters whose state it moved."""
        action = Action(spec.name, params.copy())
        return self.hook(spec, action, character, character.name, recover)

    def recovered(self, event: str, name: str, outcome: Outcome, moved: Sequence[str], start: int) -> list[Event]:
        """What a recovery of ``name`` tells: the system's lines (``said``).
        ``start``: the first of the dice it read (``source.reads[start:]``)."""
        return [Event("said", why=line) for line in outcome.lines]

    def initiative(self, names: list[str], round_: int) -> tuple[list[str], bool]:
        """The turns of round ``round_`` for ``names`` from the system's
        initiative (the order given, for a system without one), and whether
        to ask again next round. What it said is kept in :attr:`ordered`, where anyone reads it
        (:attr:`telling`)."""
        spec = self.ordering
        if spec is None:
            return list(names), False
        params = self.initiative_params()
        if self.ordering_round:
            params["round"] = round_
        start = self.dice_mark()
        outcome = self.hook(spec, Action(spec.name, params), list(map(self.characters.__getitem__, names)))[0]
        turns, each_round = turns_of(outcome, set(names), self.info.name)
        if self.telling:  # (a simulation's trial tells none: no record made of each, some 3,000 instructions)
            self.ordered.append(Ordered(round_, turns, outcome, start))
        return turns, each_round

    def initiative_params(self) -> dict[str, Any]:
        """The initiative verb's parameters, every one it declares, a dict of
        the call's own: the conflict's kind, where it has one."""
        given = {} if self.kind is None else {"kind": self.kind}
        return self.info.params(Action(self.ordering.name, given))

    # --- the conflict moving on -------------------------------------------------

    def start(self, names: list[str], kind: str | None = None) -> list[Event]:
        """A conflict among those of ``names`` who can act (the others are
        ``left_out``), in the order of the system's initiative: round 1, its
        first turn."""
        events, able = [], []
        for name in names:
            why = self.why_not(name)
            if why is None:
                able.append(name)
            else:
                events.append(Event("left_out", name, why=why))
        return events + self.begin(able, kind)

    def begin(self, able: list[str], kind: str | None = None) -> list[Event]:
        """A conflict among ``able``, all of whom the caller found able to act
        (:meth:`start` weighs who is): round 1, its first turn, told only when
        someone reads it (``ctx.explain``)."""
        if not able:
            raise RoleError("nobody named can act, so no conflict can start.")
        self.kind = kind
        turns, each_round = self.initiative(able, 1)
        events = self.scene.start(turns, list(dict.fromkeys(turns)), kind, each_round, self.ctx.explain)
        self.sync()
        return events

    def next(self) -> list[Event]:
        """This turn ends and the next one a participant able to act can play
        starts (:meth:`Scene.advance <rolecli.conflict.Scene.advance>`), with
        the system's ``end_of_turn``, ``end_of_round`` and, where it asks for
        it, a new round's initiative. How the scene moved is told only when
        someone reads it (``ctx.explain``). The scene is given the tracker
        itself (its :class:`~rolecli.conflict.Mover`): no bound method made at every turn."""
        events = self.scene.advance(self, self.ctx.explain)
        self.sync()
        return events

    def end_of_turn(self, name: str) -> list[Event]:
        """The turn's end: the system's ``end_of_turn`` for ``name``, whose turn it was."""
        return self.recover("end_of_turn", (name,))

    def end_of_round(self, names: list[str]) -> list[Event]:
        """The round's end: the system's ``end_of_round`` for each participant."""
        # (no sync: ctx stands as the scene does, for every move of the scene is synced and the round moves on
        # only after this: a call of its own at every round; icount: a dice trial 0.45% less, giro 0.26%)
        return self.recover("end_of_round", names) if self.round_ends else []

    def new_round(self, round_: int, participants: list[str]) -> tuple[list[str], bool] | None:
        """A new round's turns from the initiative of the participants able to
        act (``None``: keep the last round's, when nobody is)."""
        self.sync()  # the round counted on, its effects counted down
        able = list(filter(self.able, participants))
        return self.initiative(able, round_) if able else None

    def join(self, name: str) -> None:
        """``name`` enters the running conflict, last in this round's turns, if it can act."""
        why = self.why_not(name)
        if why is not None:
            raise RoleError(Event("skipped", name, why=why).say(self.lang))
        self.scene.join(name)
        self.sync()

    def leave(self, name: str) -> list[Event]:
        events = self.scene.leave(name)
        self.sync()
        return events

    def end(self, recover: bool = True) -> list[Event]:
        """The conflict ends: the system's ``end_of_scene`` recovery for the
        participants (unless not ``recover``), and every effect expires."""
        names = list(self.scene.running()["participants"])
        events = self.recover("end_of_scene", names) if recover else []
        events += self.scene.end()
        self.sync()
        return events

    def sync(self) -> None:
        """``ctx`` as the scene now stands: the turn, the effects in force."""
        scene, ctx = self.scene, self.ctx
        # (the Turn the scene keeps, read as it is: the property is a call of its own, and the scene keeps
        # its Turn from turn to turn within a round; no effect in force, most turns: no tuple made of none)
        effects = scene.effects
        ctx.conflict, ctx.effects = scene._turn or scene.turn, tuple(effects) if effects else ()

    def changes(self, before) -> dict[str, dict[str, Any]]:
        """The new state of each character a hook changed whose state is now
        other than in ``before`` (the characters as they were): what to record."""
        return {n: self.characters[n].state for n in self.touched
                if n in before and self.characters[n].state != before[n].state}
