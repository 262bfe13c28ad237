"""Playing one encounter, through the contract and the conflict tracker.

A :class:`Play` takes copies of the characters (the campaign's and the stat
blocks'), asks the system's initiative for the turns, starts a
:class:`~rolecli.conflict.Scene` with them and plays turn after turn: each
participant's behaviour picks a verb and a target, the system's hook resolves
it (and applies its damage), the changes and the effects it leaves are kept
as ``rolecli <verb>`` keeps them, and the scene moves on as ``conflict next``
moves it, with the system's ``end_of_turn`` and ``end_of_round`` recovery and
its initiative at every round where it asks for it. It ends when one side is
left with anyone able to act (the system's status says who is), when a side's
morale breaks, or at the round limit.

What happens is told, as plain JSON objects, only to a ``tell`` callback: a
simulation passes none, and pays for no account nobody reads. Work that does
not change from one play to the next (each call's parameters against each
target) is done once per encounter; a character's status is asked again only
after its state changed (hooks never change a state in place: they return a
new one).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import compress, filterfalse
from typing import Any, Callable, Iterable, Sequence

from rolecli.conflict import Event, Scene
from rolecli.contract import Action, Outcome, Turn, keep_at_most
from rolecli.dice.source import DiceSource
from rolecli.encounter.behaviour import Call, Rolled, choose, defends, holds, reachable
from rolecli.encounter.dice_paths import MOST_WAYS, NEVER, Kept, Reading, keep
from rolecli.errors import CampaignError, RoleError
from rolecli.play import apply_changes, merge
from rolecli.plugins import PluginFailure
from rolecli.tracker import Tracker

REASONS = ("side_out", "morale", "round_limit", "nobody")
# The states an encounter numbers, and the statuses, recoveries and exchanges it keeps by them
# (Play.state_key, Play.asked, Play.recover, Play.act): a few MB at most
KNOWN_STATES = 50_000
UNKEYED = (None, None, None)  # a character whose state was never numbered: none is its state, number, table (Play.state_key)
UNNUMBERED = object()  # a state whose number the caller does not know: looked up (Play.asked)
KNOWN_ORDERS = 5_000  # the rounds' orders an encounter keeps its sides in (sides_in_order): some 4 MB at most


class Refusal(RoleError):
    """A verb the rules refused while playing: where it happened, and the
    system's own words (``reason``), which a rehearsal reports against the file."""

    def __init__(self, lang: str, round_: int, who: str | None, verb: str, reason: RoleError):
        self.reason = reason
        where = ("asalto" if lang == "es" else "round") + f" {round_ or 1}" + (f", {who}" if who else "")
        super().__init__(f"{where}: {verb}: {reason.text(lang)}")  # the rules' words in the play's language


@dataclass
class Told(Event):
    """Something of the encounter's own (a verb, a recovery, a morale check),
    told in order among the scene's events."""

    payload: dict[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        return {"event": self.kind, **self.payload}


@dataclass(slots=True)
class Ending:
    """How a play ended: the side left (``None``: nobody won), why (one of
    :data:`REASONS`), the rounds played and the exchanges (turns' verbs) made.
    Nothing changes it once made; not frozen, for a frozen dataclass sets each
    field through ``object.__setattr__`` as it is made, once a trial (icount:
    a dice trial 0.4% less)."""

    winner: str | None
    reason: str
    rounds: int
    exchanges: int


class Play(Tracker):
    """One playing of an encounter on fresh copies of its characters: a
    :class:`~rolecli.tracker.Tracker` with what only an encounter has on top
    (sides and their routing, morale, the round limit, statuses kept until a
    state changes).

    ``seed`` and ``given`` make the dice (``--seed``, ``--dice``); ``scene``:
    the campaign's scene to play in (its effects in force), else an empty one;
    ``tell(event)`` gets every event as a JSON object; ``pause(round)`` is
    called after each round; ``characters``: the working copies to play on
    (a simulation's trials share the encounter's: :class:`~rolecli.campaign.store.SharedCharacters`;
    a play given them is never written, and keeps no ``touched`` for :meth:`~rolecli.tracker.Tracker.changes`);
    ``statuses``: the participants' statuses as it starts, when they are known
    already (a simulation's trials all start alike: the same states, scene and rules);
    ``numbered``: likewise, by name, its state as it starts, that state's
    number and its table (:meth:`state_key`), so that a trial's first change of a state is
    numbered by the change too; ``begun``: likewise, the fight as it begins
    (:meth:`beginning`), as another play worked it out and checked it (no side
    idle) and kept it (:attr:`begun`); ``generator``: the dice's, one the play
    before rolled (:class:`~rolecli.dice.source.DiceSource`), seeded afresh.

    Its overrides call the tracker's methods by name (``Tracker.new_round(self,
    round_, participants)``), not through ``super()``, which on Python 3.11 makes
    an object of its own at every call: a few hundred instructions at every
    recovery and every round (icount: 0.4-0.8% of a trial); :meth:`moved` does
    the one thing ``Tracker.moved`` does (touched, where it is kept) itself, at every state a hook changes.
    """

    # Its own attributes in slots: with the tracker's, more than the 29 an instance's
    # shared keys hold on Python 3.11, which then makes every play a dict of its own,
    # and every attribute read and method call on it a look-up by hash
    __slots__ = ("enc", "seed", "tell", "pause", "recoveries", "exchanges_kept", "rng", "routed", "left_out", "statuses", "keyed",
                 "standing", "fighting", "acting", "facing", "exchanges", "round", "closing", "side_of", "order",
                 "begun", "vitalities", "able", "known_moves")

    def __init__(self, enc, seed: int | None = None, given: list[str] | None = None, lang: str = "en",
                 tell: Callable[[dict], None] | None = None, scene: Scene | None = None,
                 pause: Callable[[int], None] | None = None, characters=None, statuses: dict | None = None,
                 numbered: dict | None = None, begun: tuple | None = None, generator=None):
        shared = characters is not None
        if not shared:  # (a simulation's trials give theirs: no import at every trial)
            from rolecli.campaign.store import WorkingCopies

            characters = WorkingCopies(enc.characters)
        Tracker.__init__(self, enc.system, characters, enc.options, lang, DiceSource(seed, given, generator), scene,
                         enc.rules)
        if shared:  # a trial, never written (Tracker.changes): who a hook touched not kept at every change (icount: a
            self.touched = None  # dice trial 0.26% less, giro and middle 0.23%, v5 0.23%, fate 0.16%, alternity 0.11%)
        self.enc, self.seed = enc, seed
        # each verb's hook as prepared for a conflict's calls (play.prepared) and the recovery's parameters
        # by event: the same for every play of the encounter (its system, its rules), worked out by the first
        # that needs them, not at every trial (icount: a trial 0.2-0.6% less in every sample)
        self.prepared_hooks, self.recovering = enc.prepared_hooks, enc.recovering
        self.tell, self.pause = tell, pause
        self.telling = bool(tell)  # (a recovery is told only to a tell: recovered)
        # whether recoveries are kept by state (recover), where nobody reads what they say: settled as the play
        # starts (a trial's ctx.explain is set after the Play is built); until then, played every time
        self.recoveries = False
        # likewise, the exchanges kept by state (act): the encounter's table of those of calls given no character
        self.exchanges_kept: dict | None = None
        self.rng = None  # for random targets, made when first needed
        self.routed: set[str] = set()
        self.left_out: dict[str, str] = {}  # who was out before the fight began, and why: not its doing
        self.statuses: dict[str, Any] = dict(statuses or {})  # by name, until its state changes (hook)
        # by name, its status's vitality (None where the system gives none), kept with it (status, settled) and
        # looked up by subscript: the weakest target is weighed with no frame of Python's a candidate (choose;
        # icount: a dice trial 0.6% less; by subscript, not its bound look-up called: giro 0.30%, dice 0.45%). Every
        # participant's status is known before a target is chosen (the fight's beginning asks them all)
        self.vitalities = vitalities = {}
        for name, status in self.statuses.items():  # (a loop, not a comprehension: no frame of its own; with
            # the tracker's __init__ called by name, not through super(): icount, a dice trial 0.1% less)
            vitalities[name] = status.vitality
        # by name, its state, its number and the table of what is kept by it (state_key, kept_at)
        self.keyed: dict[str, tuple[dict, int | None, dict | None]] = dict(numbered or {})
        self.begun = begun  # (beginning, when known already)
        # by name, its state, the one it was made from and the change returned (play.apply_changes): each new
        # state numbered by that change as it is made (moved), however few its fields (icount: a v5 trial
        # 0.76% less, its 24 new states a trial keyed whole no more; dice 0.19%, the others 0.05-0.09%)
        self.made = {}
        self.known_moves = enc.state_moves  # (given to apply_changes: a state made before, not merged again)
        # Until someone can act no longer (or again) or a side flees (regroup): the sides with someone able
        # to act, kept only while they are two or more (verdict: none is asked meanwhile), and by side, those
        # able to act, in the file's order and as foes see them
        self.standing: list[str] | None = None
        self.fighting: dict[str, list[str]] = {}
        # by name, whether it can act now (able), kept from when the fight begins as its status changes (moved)
        # or its side flees (morale): asked at every turn, and for every foe and friend at every change; the
        # table a scene moving on looks up (Mover.acting), in a slot over the tracker's property
        self.acting: dict[str, bool] = {}
        # ``able(name)``, whether ``name`` can act now (Tracker.able): the rule (:meth:`can_act`) until the
        # fight begins, then the table's own look-up (keep_acting). In a slot, not the instance's dict over
        # the tracker's method: Python 3.11 specializes no read of an attribute that shadows a method, and the
        # scene moving on and the filters of foes and friends read it at every turn (icount: a giro trial 0.18%
        # less, dice 0.1%, the others 0.01-0.07%)
        self.able = self.can_act
        self.facing: dict[str, list[str]] = {}
        self.exchanges = self.round = 0
        self.closing = False
        self.side_of = enc.side_of
        # the round's turns; by side, its foes and its members, in the turn order
        self.order: tuple[list[str] | None, dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]] = (None, {}, {})

    # --- the fight ------------------------------------------------------------

    def play(self) -> Ending:
        enc = self.enc
        told = self.ctx.explain or self.tell
        self.recoveries = enc.known_recoveries and not told
        self.exchanges_kept = None if told else enc.known_exchanges
        # its dice read by none but a call it keeps anew (act, recover) where the system says its hooks read no
        # record of them (SystemInfo.reads_dice_records) and no house rule joins (a wrapper may read them, as
        # natural20 does): no record made and freed a die (icount N=1000: dice and giro 1.6% less, alternity 1.2%,
        # v5 and middle 0.4%, fate 0.3%)
        if not told and not enc.system.house and not enc.info.reads_dice_records:
            self.source.recording = False
        if self.tell:
            self.say({"event": "encounter", "title": enc.title, "campaign": enc.campaign.name,
                      "system": enc.info.name, "sides": {s: list(n) for s, n in enc.sides.items()}, "seed": self.seed})
        # the fight as it begins, worked out and kept (begun) here, or given: another play's, which was checked
        # there, so not checked again at every trial (icount: a dice trial 0.2% less)
        begun, given = self.begun, self.begun is not None
        if not given:
            begun = self.begun = self.beginning()
        self.left_out, able, acting = begun
        self.keep_acting(acting)
        for name, why in self.left_out.items() if self.tell else ():
            self.say(Event("left_out", name, why=why).as_json())
        idle = None if given else self.idle_side(self.left_out)
        if idle is not None:
            raise RoleError(f"side {idle[0]!r} {idle[1]}")
        kind = enc.initiative.params.get("kind") if enc.initiative else None
        self.emit(self.initiated(self.begin(able, kind)))  # (who can act was just asked: not asked again)
        # (who fights on each side, as kept (friends): its look-up here, no frame at every turn that weighs it;
        # with share read from the vitality table, icount: a middle trial 0.14% less, fate 0.11%)
        ctx, scene, participants, fighting = self.ctx, self.scene, enc.participants, self.fighting
        # (where the system recovers at a turn's end, the recoveries kept: each turn tells the scene whether its
        # end recovers anything, turn_ends)
        quiet, chars, keyed = self.recoveries and self.turn_ends, self.characters, self.keyed
        while True:
            turn = ctx.conflict  # (the scene's turn, as the tracker keeps it in ctx)
            actor = turn.actor
            # its turn, played here, not in a method of its own: a frame fewer at every turn (icount: a dice
            # trial 1.4% less, giro 0.9%)
            if actor is not None:
                p = participants[actor]
                b, side = p.behaviour, p.side
                self.round = turn.round
                # (kept while nobody's ability to act nor the turns change)
                foes = self.facing.get(side) or self.foes(side)  # (none: nobody to fight, the turn passes)
                # the defence where its condition holds: only what it reads is weighed (whether hurt, or outnumbered)
                if foes and b.defend is not None and defends(
                        when := b.when, when == "hurt" and self.hurt(actor),
                        when == "outnumbered" and len(foes) > len(fighting.get(side) or self.friends(side))):
                    self.act(b.defend, actor, choose(b.target, foes, self) if b.defend.spec.target else None, side,
                             "defend")
                elif foes:
                    # the first of its rules whose condition holds and which finds a target, and its target (None:
                    # a verb made at nobody; under ally_below, an ally target picks among the allies below). Found
                    # here, not in a method of its own returning both: a frame and a tuple at every turn (icount:
                    # 1.3% of a dice trial)
                    for rule in b.rules:
                        if rule.at_foe:  # always played, at a foe: most rules, nothing to weigh
                            target = choose(rule.pick, foes, self)
                            break
                        # (no comprehension here reads the play or the condition: a name one reads is a cell, made
                        # at every turn and read through it; icount: a dice trial 1.5% less, with choose's, giro 0.7%)
                        allies = None  # worked out only for a rule that reads them (most rules are always played)
                        if not rule.always:
                            when = rule.when
                            allies = self.allies(actor, side) if rule.at_ally or when.word == "ally_below" else []
                            outnumbered = len(foes) > len(fighting.get(side) or self.friends(side))
                            if not holds(when, self.hurt(actor), outnumbered, self.share(actor),
                                         list(map(self.share, allies))):
                                continue
                        if not rule.aimed:
                            target = None
                            break
                        if not rule.at_ally:
                            target = actor if rule.pick == "self" else choose(rule.pick, foes, self)
                            break
                        if allies is None:
                            allies = self.allies(actor, side)
                        elif when.word == "ally_below":
                            allies = self.weaker_than(allies, when.below)
                        if allies:
                            target = choose(rule.pick, allies, self)
                            break
                    else:
                        raise AssertionError("the file's check gives every behaviour a rule that is always played "
                                             "(Rule.sure)")
                    self.exchanges += 1  # (a turn's main verb; not a defence's)
                    outcome = self.act(rule.main, actor, target, side, "main")
                    if rule.on_success is not None and outcome.success:
                        self.act(rule.on_success, actor, target, side, "on_success")
                if quiet:  # its end walks nothing where its recovery is kept, for its state, as changing
                    # nothing and reading no dice (16 of a v5 trial's 20 turns' ends; icount: v5 1.1% less, and found
                    # here, not in a frame of the play's at every turn's end, N=1000: 0.96% less again)
                    numbered = keyed.get(actor, UNKEYED)  # (its state's table, as recover finds it: v5 1.0% less)
                    table = numbered[2] if numbered[0] is chars[actor].state else None
                    kept = table.get("end_of_turn") if table is not None else None
                    self.turn_ends = not (type(kept) is Kept and not kept.changes)
            # (no verdict while two sides or more stand: kept until someone's ability to act changes)
            if self.standing is None:
                verdict = self.verdict()
                if verdict is not None:
                    return self.ending(*verdict)
            # the scene moved on as Tracker.next moves it, its two steps here: no frame of its own at every turn
            # (icount: a dice trial 0.7% less, the others 0.2-0.3%)
            events = scene.advance(self, ctx.explain)
            self.sync()
            if self.tell:  # (told or not, the initiatives asked meanwhile are kept only for a tell: Tracker.telling)
                if self.closing:  # the fight ends with this round: what the scene began after it never happens
                    events = events[: [e.kind for e in events].index("round_ended") + 1]
                self.emit(self.initiated(events))
            if self.standing is None:
                verdict = self.verdict()
                if verdict is not None:
                    return self.ending(*verdict)
            if self.closing or ctx.conflict.actor is None:  # (nobody's turn: nobody can act)
                return self.ending(None, "round_limit" if self.closing else "nobody")
            if self.pause is not None and ctx.conflict.round != turn.round:  # a round ended
                self.pause(self.round)

    def beginning(self) -> tuple[dict[str, str], list[str], dict[str, bool]]:
        """The fight as it begins: those it leaves out, and why (:meth:`absent`),
        the others, in the file's order, and by name whether each can act
        (:meth:`can_act`). The same for every trial of a simulation (the same
        states, scene and rules): worked out by the first, given to the
        others (``begun``), which read it and change none of it."""
        left_out, names = self.absent(), self.enc.participants
        return left_out, [n for n in names if n not in left_out], {n: Play.can_act(self, n) for n in names}

    def keep_acting(self, acting: dict[str, bool]) -> None:
        """Who can act (``acting``: by name, whether each can), kept
        (:attr:`acting`) and asked of it from now on: ``able`` is then the
        table's own look-up, made once, which the filters of foes and
        friends call with no frame of Python's (the scene moving on,
        :meth:`~rolecli.conflict.Scene.advance`, looks the table up itself; a call of :meth:`can_act` is a
        few hundred instructions, 2-4 an exchange)."""
        self.acting.update(acting)
        self.able = self.acting.__getitem__  # (the table's, not the play's: the rule's bound method, a cycle, dropped)

    def initiated(self, events: list[Event]) -> list[Event]:
        """``events`` with the initiative the tracker asked meanwhile told
        where it happened, as the round begins."""
        if self.ordered and self.tell:
            at = next(i for i, e in enumerate(events) if e.kind == "round_started")
            events[at:at] = [Told("initiative", payload={"round": o.round, "turns": o.turns,
                                                          **self.told(o.outcome, o.start)}) for o in self.ordered]
        self.ordered.clear()
        return events

    def verdict(self) -> tuple[str | None, str] | None:
        """``(winner, reason)`` once fewer than two sides have anyone able to act.
        Two or more are kept (:attr:`standing`) until someone's ability to act
        changes (:meth:`regroup`): no verdict until then."""
        if self.standing is not None:
            return None
        standing, routed = [], self.routed
        for side in self.enc.sides:  # (a loop, not a comprehension: a frame fewer at every change of who can act)
            if side not in routed and self.friends(side):
                standing.append(side)
        if len(standing) > 1:
            self.standing = standing
            return None
        return (standing[0] if standing else None), ("morale" if self.routed else "side_out") if standing else "nobody"

    def absent(self) -> dict[str, str]:
        """The participants who cannot act now, and why: before the fight, those it leaves out."""
        return {n: why for n in self.enc.participants if (why := self.why_not(n)) is not None}

    def idle_side(self, absent: dict[str, str] | None = None) -> tuple[str, str] | None:
        """The first side whose members all cannot act, and why, before a fight
        begins. ``absent``: who cannot act and why, as :meth:`absent` just gave
        it (asked here when not given)."""
        if absent is None:
            absent = self.absent()
        for side, names in self.enc.sides.items():
            for name in names:  # (a loop, not all(): a generator is a call of its own, once a trial)
                if name not in absent:
                    break
            else:
                return side, "has nobody able to act: " + "; ".join(f"{n} {absent[n]}" for n in names) + "."
        return None

    def ending(self, winner: str | None, reason: str) -> Ending:
        ending = Ending(winner, reason, self.round or 1, self.exchanges)
        if self.tell:
            self.say({"event": "end", "winner": winner, "reason": reason, "rounds": ending.rounds,
                      "exchanges": ending.exchanges, "out": self.taken_out(), "already_out": list(self.left_out),
                      "routed": sorted(self.routed)})
        return ending

    def taken_out(self) -> list[str]:
        """The participants the fight took out (:meth:`out_flags`), by name."""
        return list(compress(self.enc.participants, self.out_flags()))

    def out_flags(self) -> list[bool]:
        """By participant, in the file's order, whether the fight took it out:
        it cannot act now, and it could when it began. (Each one's status as
        kept, asked only where none is: every trial measures every participant,
        by these flags, with no set of names made and looked up: icount, a dice trial 0.5% less)."""
        statuses, left_out, out = self.statuses, self.left_out, []
        for n in self.enc.participants:  # (a loop, not a comprehension reading the play: three cells a trial)
            out.append(n not in left_out and not (statuses.get(n) or self.status(n)).can_act)
        return out

    def finish(self) -> None:
        """The conflict ends as ``conflict end`` ends it: the system's
        ``end_of_scene`` recovery for the participants (unless the file says
        ``recover = false``), and every effect expires."""
        self.emit(self.end(self.enc.recover))

    # --- the system's hooks -----------------------------------------------------

    def act(self, call: Call, actor: str | None, target: str | None, side: str | None,
            role: str | None = None) -> Outcome:
        """A verb's hook with its parameters for ``actor`` of ``side`` (no
        actor: the side's, as a morale check) and ``target``; what it changed is
        kept. ``role``: a turn's verb (``main``, ``on_success``, ``defend``),
        told as an ``action`` event. One method from a turn to the tracker's
        hook: a trial's every exchange passes through it.

        An exchange is kept where nobody reads what it says, as a recovery is
        (:meth:`recover`): for a verb whose outcome is the same for the
        same characters in the same states, parameters, rule options and dice
        (``ActionSpec.from_state``), while no effect is in force, what it
        changed where it left no effect and changed only the characters it
        was given (:meth:`keep_call`) is kept by the call, its target where
        its parameters read it, those characters and the numbers of their states, its live parameters'
        values (:meth:`live`: names, totals of dice the engine rolled) and the
        dice it read (:mod:`rolecli.encounter.dice_paths`), and made again
        whenever any trial meets them all, from the dice it draws
        (:meth:`~rolecli.encounter.dice_paths.Reading.played`), where they fall
        as they fell before (a d20 check: 20 ways), its changes kept
        (:meth:`replayed`). Where its live values are all dice of a few ways
        (``Call.rolled_ways``: a damage of 1d6), they are not in the key: the
        engine's dice are read in the tree, before the hook's (6 ways). The encounter keeps
        them in the table of its first character's state (:meth:`state_key`; those of a call given
        none, ``exchanges_kept``). Found here, not in a method of its own:
        a frame, and a tuple of what it found, at every exchange (icount: 2.3%
        of a dice trial)."""
        if self.tell and role is not None:  # told: the dice read from here on, the totals rolled
            start, rolled = self.source.count, {}
        else:
            rolled = None  # (nothing told: where the dice start is not read)
        spec, chars = call.spec, self.characters
        # the characters the hook is given: the one hit, a damage verb's subject; else the actor, and its target
        damage = call.damage
        if damage:
            first, second = target, None
        else:
            first, second = actor, target if target and spec.target else None
        known, key, shared = self.exchanges_kept, None, None
        if known is not None and spec.from_state and not self.ctx.effects:  # (nothing told: rolled is None)
            # its live values made first (its dice rolled where the call would roll them), its parameters
            # only where it is called: a kept exchange is given none. Where they are all dice of a few ways
            # (Call.rolled_ways: a damage of 1d6), those are read as the first of its tree's instead, and
            # rolled only where it is called (None): no expression rolled for a total nobody reads (icount:
            # a dice trial 2.6% less)
            live = self.live(call, actor, target, side) if call.keyed_live else None
            # kept in the table of its first character's state (state_key; the encounter's for a call given none),
            # the state numbered last known at once: most exchanges meet it; by the second's state's number
            keyed, table, b = self.keyed, known, None
            if first is not None:
                numbered = keyed.get(first, UNKEYED)
                if numbered[0] is not chars[first].state:
                    self.state_key(first)
                    numbered = keyed[first]
                table = numbered[2]
            if second is not None:
                numbered = keyed.get(second, UNKEYED)
                b = numbered[1] if numbered[0] is chars[second].state else self.state_key(second)
            if table is not None and (b is not None or second is None):  # (else a state no key holds)
                # its target only where the rules take parameters of it (Call.from_target): a verb's outcome
                # reads its characters and parameters alone (ActionSpec.from_state), so a check given its actor
                # alone is kept whoever it aims at, its trees a third as many, filled as many times sooner
                # (icount: a dice trial 5.3% less, its check called 0.6 times a trial, not 1.8); by the call
                # alone where nothing else keys it (Call.alone), no tuple made and hashed (icount: a dice trial 3.9% less)
                if call.alone:
                    key = call
                else:
                    aim = target if call.from_target else None
                    key = (call, aim, second, b, *live) if live else (call, aim, second, b)
                tree = table.get(key)  # the outcome kept, a tree of what its dice lead to, or NEVER
                if tree is NEVER:
                    key = None
                else:
                    kept = tree.played(self.source) if type(tree) is Reading else tree  # (None: its dice taken back)
                    if kept is not None:
                        changes = kept.changes
                        if changes:
                            if first in changes:
                                self.replayed(kept, first)
                            if second in changes and second != first:
                                self.replayed(kept, second)
                        return kept.outcome
            if key is not None:  # the dice it reads, its tree's, recorded from here
                source = self.source
                recording, source.recording = source.recording, True
                mark = source.readings
            params, plan = self.params(call, actor, target, side, None, live)
        else:
            # (a call's parameters as params keeps them, looked up here where none is live: a frame fewer at most
            # exchanges; icount: a giro trial 0.8% less, fate and v5 0.5%, alternity 0.4%, middle 0.3%)
            # (a call whose live values its side fixes, kept by that side too: icount, a middle trial 1.3% less)
            # (by call, then by target: no key of both made and hashed at every exchange; icount N=1000: a giro
            # trial 0.31% less, alternity 0.21%, fate 0.18%, v5 0.16%); held by the call (Call.kept), not looked up
            # by it in a table of the encounter's (icount N=1000: giro 0.68% less, fate 0.53%, v5 0.42%, alternity 0.40%)
            kept = call.kept
            found = kept.get(target) if not call.live else kept.get((target, side)) if call.by_side else None
            if found is not None:
                params, plan, shared = found[0].copy(), found[1], found[2]
            else:
                params, plan = self.params(call, actor, target, side, rolled)
        if shared is None:
            action = Action(spec.name, params, chars[first] if first else None, chars[second] if second else None, plan)
        else:  # the call's and target's Action (params), every field set anew: what a new one would hold (a hook may
            # change its own in place, as fate sets a plan), not a dataclass made at every exchange (icount: a giro
            # trial 2.5% less, fate 1.6%, alternity 1.5%, v5 1.4%, middle 0.7%)
            action = shared
            action.params, action.actor, action.target, action.plan = (
                params, chars[first] if first else None, chars[second] if second else None, plan)
        # (its subjects a tuple, none but a damage verb's: no list made at every exchange; icount: a giro trial 0.22% less)
        outcome = self.hook(spec, action, (action.actor,) if damage else (), actor or side)[0]
        if key is not None:
            self.keep_call(table, key, tree, mark, outcome, {first, second}, MOST_WAYS * (call.rolled_ways or 1))
            source.recording = recording
        if rolled is not None:
            self.say({"event": "action", "round": self.round, "actor": actor, "side": side, "verb": spec.name,
                      "role": role, "target": target, "rolled": rolled, **self.told(outcome, start)})
        return outcome

    def refusal(self, exc: RoleError, spec, who: str | None) -> Refusal | None:
        """A refusal by the system's rules says when and who (a plugin's failure is its own)."""
        return None if isinstance(exc, PluginFailure) else Refusal(self.lang, self.round, who, spec.name, exc)

    def moved(self, names: list[str]) -> None:
        """The statuses of those a hook moved, whose states changed, are asked
        again; who fights too (:meth:`regroup`) when one can act no longer, or
        again. Each new state (:attr:`made`: the new state, its move and what
        ``Encounter.state_moves`` held for it, as
        :func:`~rolecli.play.apply_changes` found them) is numbered here, as it
        is made, so that :meth:`state_key` finds it kept: by the number of the
        state it was made from and the change (its move: a middle blow sets
        one or two of 18 fields), when that state is the one numbered last;
        the same look-up gives its status by whose it is, where a status is
        kept by the state (:meth:`asked`). Else it is keyed whole
        (:meth:`state_key`) and its status asked by that number, and the move
        kept with the state it made, which apply_changes gives again. Here, not in a method of its own: a frame
        fewer at every change (icount: a middle trial 0.25% less)."""
        made, touched, keyed, enc = self.made, self.touched, self.keyed, self.enc
        for name in names:
            # touched, as Tracker.moved touches it, without a call of its own; one by one, not by touched.update,
            # a method of any number of arguments, which Python calls with a tuple of them made and read (icount:
            # a middle trial 0.2% less, giro and alternity 0.3%)
            if touched is not None:
                touched.add(name)
            state, move, found = made[name]  # (move: the number of the state it was made from, and the change)
            if found is not None:  # by whose it is, its state numbered as keyed holds it, and its status (held)
                held = found[1].get(name)
                if held is not None:
                    numbered, status = held
                    keyed[name] = numbered
                    if status is None:
                        status = self.asked(name, numbered[1])
                else:  # the first it made that state for
                    number = found[0]
                    numbered = keyed[name] = (state, number, self.kept_at(name, number))
                    status = self.held(name, numbered, found[1])
            else:
                number = self.state_key(name)
                if move is None or number is None or len(enc.state_moves) >= KNOWN_STATES:
                    status = self.asked(name, number)
                else:
                    by_name = {}
                    enc.state_moves[move] = (number, by_name, state)
                    status = self.held(name, keyed[name], by_name)
            self.settled(name, status)

    def settled(self, name: str, now) -> None:
        """``name``'s status ``now``, in the state a hook just made, kept; who
        fights too (:meth:`regroup`) when it can act no longer, or again."""
        statuses = self.statuses
        before = statuses.get(name)
        statuses[name] = now
        self.vitalities[name] = now.vitality
        if before is None or before.can_act != now.can_act:
            self.acting[name] = Play.can_act(self, name)  # (the rule itself, asked of the status just kept: seldom)
            self.regroup(name)

    def regroup(self, name: str | None = None) -> None:
        """Who can act, by side, and the sides standing: worked out again when
        next asked. Where it is ``name`` alone who can act no longer (or again),
        only its side's fighters and the other sides' foes change, and the sides
        standing only where it can act again or its side has nobody left who can."""
        side = self.side_of.get(name)
        if side is None:  # (a side fled, or one who is no participant)
            self.standing = None
            self.fighting.clear()
            self.facing.clear()
            return
        self.fighting.pop(side, None)
        facing = self.facing
        own = facing.get(side)  # (its foes are the other sides' members)
        facing.clear()
        if own is not None:
            facing[side] = own
        # (a side that still fights keeps the sides standing as they were: no verdict asked at every fall)
        if self.standing is not None and (self.acting[name] or not self.friends(side)):
            self.standing = None

    def recover(self, event: str, names: Iterable[str]) -> list[Event]:
        """The system's recovery for ``event``, one character at a time, each
        kept for its state where nobody reads what it says: for a system
        whose recovery changes the same for the same state and dice
        (``SystemInfo.recovery_from_state``), what it changed where it left no
        effect and changed its character alone is kept by the state and the
        dice it read (:mod:`rolecli.encounter.dice_paths`), by its event in the
        table of that state (:meth:`state_key`), and made again
        whenever any trial of the simulation meets that state (they call it at
        every turn's or round's end, for every participant, mostly with nothing
        to recover or a die or two to roll): at once where it read no dice,
        from the dice it draws (:meth:`~rolecli.encounter.dice_paths.Reading.played`) where they fall as they fell
        before where it read some; else it is called. A kept outcome is the one a trial
        with no lines written gave (``ctx.explain`` false): kept only there
        (:attr:`recoveries`, settled as the play starts); told, it is played
        as the tracker plays it, and so is the first of an encounter's, which
        completes the recovery's parameters (:attr:`recovering`). Each
        character looked up here, in the tracker's walk over them, not in a
        method of its own: a frame fewer at every recovery (icount: an alternity trial 0.99% less, middle
        0.98%, v5 0.87%)."""
        params = self.recovering.get(event)
        if not self.recoveries or params is None:
            return Tracker.recover(self, event, names)
        spec, keyed, characters, source = self.recovery, self.keyed, self.characters, self.source
        for name in names:  # (a play's participants are all its characters)
            character = characters[name]
            # its state's table (state_key), the state numbered last known at once, as in act
            numbered = keyed.get(name, UNKEYED)
            if numbered[0] is not character.state:
                self.state_key(name)
                numbered = keyed[name]
            # the outcome kept by its event, a tree of what its dice lead to, or NEVER (a state no key holds: NEVER
            # too); in its state's table, no tuple made and hashed (icount: a middle trial 0.9% less, alternity 0.5%)
            table = numbered[2]
            tree = NEVER if table is None else table.get(event)
            if tree is NEVER:
                Tracker.recover_one(self, spec, event, params, character)
                continue
            kept = tree.played(source) if type(tree) is Reading else tree  # (None: its dice taken back)
            if kept is not None:
                if kept.changes:
                    self.replayed(kept, name)
                continue
            recording, source.recording = source.recording, True  # (the dice it reads, its tree's)
            mark = source.readings
            outcome = Tracker.recover_one(self, spec, event, params, character)[0]
            self.keep_call(table, event, tree, mark, outcome, {name})
            source.recording = recording
        return []

    def keep_call(self, known: dict, key: Any, tree: Any, mark: int, outcome: Outcome, names: set,
                  most: int = MOST_WAYS) -> None:
        """``outcome``, a call's whose dice were read from ``mark`` on, kept in
        ``known`` by ``key`` with what ``tree`` keeps, where it left no effect
        and changed none but ``names`` (the characters it was given); else that
        call is never kept. ``most``: the ways its dice may fall, at most
        (:func:`~rolecli.encounter.dice_paths.keep`): a call whose live dice
        are read in its tree may read as many of its own as one whose totals
        key it. Nothing more once the encounter keeps :data:`KNOWN_STATES`
        ways for their dice to fall, or calls never kept."""
        source, enc = self.source, self.enc
        if source.rereading:  # it read fewer dice than it read before for the same states and dice
            raise PluginFailure(self.system.record, "its verb", ValueError(
                "it read fewer dice than it read before for the same states and dice: what it does is not a "
                "function of them, as it declares (ActionSpec.from_state, SystemInfo.recovery_from_state)"))
        if enc.kept_ways >= KNOWN_STATES:
            return
        if outcome.effects or outcome.used or not outcome.changes.keys() <= names:
            known[key] = NEVER
            enc.kept_ways += 1
        else:
            known[key], added = keep(tree, source.read_since(mark), outcome, most)
            enc.kept_ways += added

    def replayed(self, kept: Kept, name: str) -> Sequence[str]:
        """A kept outcome (a recovery's or an exchange's, which left no effect
        and changed only the characters it was given; ``kept``, the leaf of
        its tree) made again on ``name``, one of those it changes, in the
        state its tree is kept by: its change kept as play.apply keeps it the
        first time; from then on, the state it made, with its number and
        status (``kept.made``, where a status is kept by the state): a hook
        never changes a state in place, and the same change to the same state
        makes the same state (in a middle trial, nearly half the changes kept
        are a recovery's). The names of those whose state it moved: ``name``,
        or none."""
        made = kept.made.get(name)
        if made is not None:
            numbered, status, in_order = made  # (numbered: the state and its number, as keyed holds them)
            state = numbered[0]
            if state is None:  # nothing to recover
                return ()
            self.characters[name].state = state
            if in_order:  # known in the template's order, as apply_changes knows it
                self.in_order[name] = state
            self.keyed[name] = numbered
            if self.touched is not None:
                self.touched.add(name)
            self.settled(name, status)
            return [name]
        # (its change alone: an exchange's outcome may change two characters, each kept by its own state)
        outcome = kept.outcome
        change = outcome if len(outcome.changes) == 1 else Outcome({}, changes={name: outcome.changes[name]})
        moved = apply_changes(self.info, change, self.characters, (), self.made, self.fields, self.in_order,
                              numbered=self.keyed, known_moves=self.known_moves)
        if moved:
            self.moved(moved)
        if self.enc.known_statuses is None:  # (a leaf keeps one a name: bounded as the trees are, kept_ways)
            return moved
        state = self.characters[name].state
        if not moved:
            kept.made[name] = (UNKEYED, None, False)
        elif (numbered := self.keyed.get(name, UNKEYED))[0] is state and numbered[1] is not None:
            in_order = self.in_order is not None and self.in_order.get(name) is state
            kept.made[name] = (numbered, self.statuses[name], in_order)
        return moved

    def initiative_params(self) -> dict[str, Any]:
        """The file's ``[initiative]``, every parameter its verb declares, its live values filled in now."""
        return self.params(self.enc.initiative, None, None, None)[0]

    def dice_mark(self) -> int:
        return self.source.count if self.tell else 0  # a trial tells no dice

    def new_round(self, round_: int, participants: list[str]):
        if self.closing:
            return None
        answer = Tracker.new_round(self, round_, participants)
        if answer is not None:  # new turns: each side's foes in their order found again (turn reads them kept)
            self.facing.clear()
        return answer

    def end_of_round(self, names: list[str]) -> list[Event]:
        events = Tracker.end_of_round(self, names)
        if self.enc.morale is not None:
            events += self.morale()
        # (no verdict while two sides or more stand, as in the play's loop: no call at every round's end; icount: a
        # dice trial 0.2% less)
        if self.scene.conflict["round"] >= self.enc.rounds or (self.standing is None and self.verdict() is not None):
            self.closing = True
        return events

    def recovered(self, event: str, name: str, outcome: Outcome, moved: Sequence[str], start: int) -> list[Event]:
        """A recovery is told when it changed something."""
        if not (moved and self.tell):
            return []
        label = self.enc.events[event](self.lang)
        told = self.told(merge([outcome]), start)  # as the recover verb tells it
        return [Told("recovery", payload={"on": event, "label": label, "name": name, **told})]

    def morale(self) -> list[Event]:
        """The morale verb for each side it watches that still fights; a side
        whose check fails (its outcome's ``success`` is false) is routed."""
        morale, told = self.enc.morale, []
        for side in morale.sides:
            standing = self.friends(side)
            if side in self.routed or not standing:
                continue
            start = self.dice_mark()
            actor = standing[0] if morale.call.spec.actor == "required" else None
            outcome = self.act(morale.call, actor, None, side)
            held = outcome.success is not False
            if not held:
                self.routed.add(side)
                self.acting.update(dict.fromkeys(self.enc.sides[side], False))
                self.regroup()
            if self.tell:
                told.append(Told("morale", payload={"side": side, "held": held, **self.told(outcome, start)}))
        return told

    # --- who, whom and with what ------------------------------------------------

    def status(self, name: str):
        status = self.statuses.get(name)
        if status is None:
            status = self.statuses[name] = self.asked(name)
            self.vitalities[name] = status.vitality
        return status

    def asked(self, name: str, number=UNNUMBERED):
        """The system's status of ``name`` in its state now: for a system whose
        status reads only the sheet, the state and the rule options
        (``SystemInfo.status_from_state``), asked once for each state that any
        play of the encounter meets (a simulation's trials meet the same few
        hundred states thousands of times). ``number``: that state's number,
        where the caller just gave it one (:meth:`moved`)."""
        known = self.enc.known_statuses
        if number is UNNUMBERED and known is not None:
            number = self.state_key(name)
        if known is None or number is None:
            return Tracker.status(self, name)
        key = (name, number)
        status = known.get(key)
        if status is None:
            status = Tracker.status(self, name)
            if len(known) < KNOWN_STATES:
                known[key] = status
        return status

    def state_key(self, name: str) -> int | None:
        """``name``'s state as the number the encounter gives it
        (``Encounter.state_numbers``, by :func:`state_key`), worked out once
        for each state it takes (its status and its recoveries look it up by
        it): a hook never changes a state in place, it gives a new one. A
        number, not the key itself: a tuple's hash is worked out again at every
        look-up, over every field of the state. ``None`` for a state no key
        can hold (a table in it), or new once the encounter has numbered
        :data:`KNOWN_STATES`: asked, played every time. A state made by a
        hook's change was numbered as it was made (:meth:`moved`):
        found here as it was kept."""
        state = self.characters[name].state
        kept = self.keyed.get(name, UNKEYED)
        if kept[0] is state:
            return kept[1]
        enc = self.enc
        numbers = enc.state_numbers
        try:  # until a state with a list is met, a state's values are its key as they are (what state_key gives)
            number = numbers.get(key := state_key(state, enc.listed_at) if enc.listed_states
                                 else (tuple(state), tuple(state.values())))
        except TypeError:  # a list (where the states of its fields held none), or a table in it
            enc.listed_states = True  # the system's states are keyed with their lists as tuples from now
            enc.listed_at.pop(tuple(state), None)  # its lists looked for again, field by field
            try:
                number = numbers.get(key := state_key(state, enc.listed_at))
            except TypeError:  # a table: no key holds it
                key = number = None
        if number is None and key is not None and len(numbers) < KNOWN_STATES:
            number = numbers[key] = len(numbers)
        self.keyed[name] = (state, number, self.kept_at(name, number))
        return number

    def kept_at(self, name: str, number: int | None) -> dict | None:
        """The table of what the encounter keeps by ``name``'s state of
        ``number`` (``Encounter.kept_by_state``): its recoveries by event
        (:meth:`recover`), the exchanges it is the first character of
        (:meth:`act`). ``None`` for a state no key holds."""
        return None if number is None else self.enc.kept_by_state.setdefault((name, number), {})

    def held(self, name: str, numbered: tuple, by_name: dict):
        """The status of ``name`` in the state ``numbered`` (as :attr:`keyed`
        holds it), asked (:meth:`asked`), and both held in ``by_name``, by
        whose it is, for the move that made that state (``Encounter.state_moves``):
        its status only where a status is kept by the state."""
        status = self.asked(name, numbered[1])
        by_name[name] = (numbered, status if self.enc.known_statuses is not None else None)
        return status

    def can_act(self, name: str) -> bool:
        """Whether ``name`` can act now: its status, and its side not fled. Once
        the fight begins, the table kept (:meth:`keep_acting`) answers instead (:attr:`able`)."""
        status = self.statuses.get(name) or self.status(name)
        # (no side has fled in most fights: the side is looked up only once one has)
        return status.can_act and (not self.routed or self.side_of[name] not in self.routed)

    def why_not(self, name: str) -> str | None:
        """``None`` when ``name`` can act now, else why not (for the scene)."""
        if self.routed and self.side_of[name] in self.routed:  # (no side has fled in most fights)
            return "su bando ha huido" if self.lang == "es" else "its side has fled"
        status = self.statuses.get(name) or self.status(name)
        return None if status.can_act else self.why(status)  # (the status kept; a participant is never gone)

    def foes(self, side: str) -> list[str]:
        """The other sides' members able to act, in the turn order (then the file's)."""
        turns = self.scene.conflict["turns"]
        if self.order[0] is not turns:  # a new round's turns: each side's foes and members in their order
            self.order = (turns, *sides_in_order(self.enc, turns))
            self.facing.clear()
        found = self.facing.get(side)
        if found is None:
            found = self.facing[side] = list(filter(self.able, self.order[1][side]))  # (no comprehension's bytecodes)
        return found

    def allies(self, actor: str, side: str) -> list[str]:
        """The other members of ``actor``'s side in the fight, in the turn
        order (then the file's): those it took out too, whom a healer may
        raise, but not those out before it began."""
        self.foes(side)  # the round's order, worked out
        return [n for n in self.order[2][side] if n != actor and n not in self.left_out]

    def friends(self, side: str) -> list[str]:
        found = self.fighting.get(side)
        if found is None:
            found = self.fighting[side] = list(filter(self.able, self.enc.sides[side]))
        return found

    def weaker_than(self, names: list[str], share: float) -> list[str]:
        """Those of ``names`` with less fight left than ``share`` (:meth:`share`)."""
        return [n for n in names if self.share(n) < share]

    def changed(self, name: str) -> int:
        """How many state values differ from the encounter's start."""
        now, then = self.characters[name].state, self.enc.characters[name].state
        return sum(1 for k in now.keys() | then.keys() if now.get(k) != then.get(k))

    def share(self, name: str) -> float:
        """How much fight ``name`` has left: the system's vitality; for a
        system that gives none, 1.0 until its state changes, then 0.0."""
        vitality = self.vitalities[name]  # (its status's, kept with it: the fight's beginning asks everyone's)
        return vitality if vitality is not None else 0.0 if self.changed(name) else 1.0

    def hurt(self, name: str) -> bool:
        return self.share(name) < 1

    def pick(self, names) -> str:
        """A random target, from a generator of its own: ``--dice`` gives dice only."""
        if self.rng is None:
            import random

            self.rng = random.Random(None if self.seed is None else f"targets {self.seed}")
        return self.rng.choice(list(names))

    def params(self, call: Call, actor: str | None, target: str | None, side: str | None,
               rolled: dict[str, Any] | None = None, live: Sequence | None = None) -> tuple[dict[str, Any], tuple | None]:
        """A call's parameters against ``target``, every one its verb declares
        (:class:`~rolecli.encounter.behaviour.Call`): worked out once per
        encounter, the live ones filled in now (:meth:`live`; ``live``: their
        values, where the caller made them already); and their plan
        (:attr:`~rolecli.contract.Action.plan`), the call and its target, then
        the live values: the rest of the parameters is the call's and its
        target's ``as_target`` (both this encounter's alone: a call is made as
        its file is read), kept by the call itself (``Call.kept``); ``None`` where house rules join
        the system (:attr:`~rolecli.plugins.System.alone`). Each call gets a dict of its
        own: a hook may change what it is given."""
        kept = call.kept
        found = kept.get(target)
        if found is None:
            fixed = dict(call.params)
            if target is not None and call.from_target:
                given = self.enc.participants[target].as_target
                for n in call.from_target:  # (a loop, not a comprehension reading given: a cell at every call)
                    if n in given:
                        fixed[n] = given[n]
            # one plan for every call; none where a house rule joins the system (System.alone), which may
            # change the parameters the plan promises; and there alone, for a call with no live value, one Action
            # for its exchanges (act), made once, its fields set at each
            plan = (call, target) if self.enc.system.alone else None
            shared = None if plan is None or call.live else Action(call.spec.name, {})
            found = kept[target] = fixed, plan, shared
        params, plan = found[0].copy(), found[1]
        if call.live:
            if live is None:
                live = self.live(call, actor, target, side, rolled)
            params.update(zip(call.live, live))
            if plan is not None:
                plan = (*plan, *live)
            if call.by_side:  # its live values the same for every call by that side: kept as a call's none are (act)
                shared = None if plan is None else Action(call.spec.name, {})
                kept[target, side] = params, plan, shared
                return params.copy(), plan
        return params, plan

    def live(self, call: Call, actor: str | None, target: str | None, side: str | None,
             rolled: dict[str, Any] | None = None) -> list:
        """The values of a call's live parameters now, in the order of
        ``call.live``: each dice expression's total, rolled (``rolled``, when
        given, gets the totals, to be told), each placeholder's names. (The
        file's own values: the rules take from the target none of a live parameter.)"""
        values, given = [], call.params
        for name in call.live:
            value = given[name]
            if isinstance(value, Rolled):
                total = value.total(self.source)
                if rolled is not None:
                    rolled[name] = {"expression": str(value), "total": total}
                values.append(total)
            else:
                values.append(self.names(value, actor, target, side))
        return values

    def names(self, value, actor: str | None, target: str | None, side: str | None):
        """The names a placeholder (``value``) stands for in this call, as
        its parameter takes them (a list, or a text joining them). (A side's
        members are names, never empty: only the actor or the target may be
        none, and only they are weighed.)"""
        word, sides = value.word, self.enc.sides
        if word == "$actor":
            found = [actor] if actor else []
        elif word == "$target":
            found = [target] if target else []
        elif word == "$side":
            found = sides.get(side, ())
        else:  # $foes
            found = [n for s, names in sides.items() if s != side for n in names]
        return tuple(found) if value.listed else ",".join(found)

    # --- telling --------------------------------------------------------------

    def say(self, event: dict[str, Any]) -> None:
        self.tell(event)

    def emit(self, events) -> None:
        if self.tell:
            for event in events:
                self.say(event.as_json())

    def told(self, outcome: Outcome, start: int) -> dict[str, Any]:
        """What a hook's outcome adds to an event: success, data, lines, dice,
        changes, effects. ``changes``: each character it changed, by name, with
        its whole kept state now, as a verb's JSON gives it (docs/envelope.md),
        however much of the state the hook returned."""
        out = {"success": outcome.success, "data": outcome.data, "lines": list(outcome.lines),
               "dice": [r.as_json() for r in self.source.reads[start:]]}
        if outcome.changes:
            characters = self.characters
            out["changes"] = {n: characters[n].state for n in outcome.changes if n in characters}
        if outcome.effects:
            out["effects"] = [e.as_json() for e in outcome.effects]
        return out


def state_key(state: dict[str, Any], listed_at: dict | None = None) -> tuple:
    """A state as a dict key: its fields, and their values with lists as
    tuples (a key that holds a table cannot be hashed: :meth:`Play.state_key`
    tells). Two tuples rather than a pair for each field: a third less time,
    paid at every state a play meets. ``listed_at``: by a state's fields
    (its keys, in order), where its values were lists, found once for the
    states of those fields (the encounter's, ``Encounter.listed_at``): only
    there is a list looked for (most fields never hold one). A list
    elsewhere leaves the key unhashable: :meth:`Play.state_key` forgets
    where and asks again."""
    shape, values = tuple(state), list(state.values())
    at = None if listed_at is None else listed_at.get(shape)
    if at is None:
        at = [i for i, v in enumerate(values) if type(v) is list]
        if listed_at is not None and len(listed_at) < KNOWN_STATES:
            listed_at[shape] = at
    for i in at:
        value = values[i]
        if type(value) is list:
            values[i] = tuple(value)
    return shape, tuple(values)


def sides_in_order(enc, turns: list[str]) -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
    """By side, its foes (everyone not of it) and its members, in the order of
    a round's ``turns``, then the file's: worked out once for each order any
    play of the encounter meets (``Encounter.orders``), not at every trial's
    first round and every round whose initiative is asked again (icount: a
    dice trial 1.5% less, alternity 0.9%). Read, never changed."""
    key = tuple(turns)
    found = enc.orders.get(key)
    if found is None:
        side_of, members = enc.side_of, {s: [] for s in enc.sides}
        everyone = {**dict.fromkeys(turns), **dict.fromkeys(enc.participants)}  # turn order, then the file's
        for n in everyone:  # one walk, each name to its side
            members[side_of[n]].append(n)
        # a side's foes, everyone not of it, kept in order without a bytecode a name (filterfalse runs in C)
        against, ordered = {}, {}
        for s, own in members.items():
            against[s], ordered[s] = tuple(filterfalse(set(own).__contains__, everyone)), tuple(own)
        found = keep_at_most(enc.orders, key, (against, ordered), KNOWN_ORDERS)
    return found


def scene_of(campaign, keep_conflict: bool) -> dict:
    """The campaign's scene an encounter starts in (its effects in force). A
    play that records refuses a conflict already running (``keep_conflict``);
    a simulation, which records nothing, leaves it aside."""
    scene = campaign.scene
    if scene.get("conflict") is not None:
        if keep_conflict:
            raise RoleError(f"a conflict is running in campaign {campaign.name!r}, and an encounter is a conflict of "
                            "its own: end it first with 'rolecli conflict end'.")
        scene.pop("conflict")
    return scene


# --- checking it with the system itself ---------------------------------------------


def rehearse(enc) -> None:
    """Ask the system, once, every call the encounter can make (each
    behaviour's and each rule's verbs against everyone they may pick: foes,
    allies or the actor itself; the initiative, the morale), on
    copies of the characters as they are and with dice of its own: what the
    rules refuse (a trait a character lacks, a parameter a verb needs here)
    is an error of the file, naming the key that gave it, before anything is
    played. Nothing is kept."""
    idle = Play(enc, seed=0).idle_side()
    if idle is not None:  # why each one cannot act is the system's, in each language
        english = enc.where.error(("sides", idle[0]), idle[1])
        raise _in_both(english, idle[1], Play(enc, seed=0, lang="es").idle_side()[1]) from None
    for name, p in enc.participants.items():
        b = p.behaviour
        aimed = [(c, rule.target if rule.aims(c) else None) for rule in b.rules for c in (rule.main, rule.on_success)
                 if c is not None]
        if b.defend is not None:
            aimed.append((b.defend, b.target if b.defend.spec.target else None))
        for call, whom in aimed:
            for target in reachable(whom, name, p.side, enc.sides) if whom else [None]:
                _try(enc, call, target, lambda fresh: fresh.act(call, name, target, p.side, "rehearsal"))
    if enc.initiative is not None:
        _try(enc, enc.initiative, None, lambda fresh: fresh.initiative(list(enc.participants), 1))
    if enc.morale is not None:
        _try(enc, enc.morale.call, None, lambda fresh: fresh.morale())


def _try(enc, call: Call, target: str | None, attempt: Callable[[Play], Any]) -> None:
    fresh = Play(enc, seed=0)
    fresh.ctx.conflict = Turn(1, None, tuple(enc.participants))
    try:
        attempt(fresh)
    except Refusal as exc:
        reason = str(exc.reason)
        keys, given = dict(call.keys), dict(call.params)
        if target is not None:
            them = enc.participants[target]
            keys.update({n: them.target_keys[n] for n in call.from_target if n in them.target_keys})
            given.update(them.as_target)
        key = next((k for n, k in keys.items() if any(repr(piece) in reason for piece in _pieces(given.get(n)))),
                   call.key)
        against = f" against {target}" if target else ""
        english = enc.where.error(key, f"is refused by {enc.info.name!r} ({call.spec.name}{against}): {reason}")
        if exc.reason.text("es") == reason:  # the rules' words are English alone: the core's catalog says the rest
            raise english from None
        raise _in_both(english, reason, exc.reason.text("es")) from None


def _in_both(english: CampaignError, part: str, spanish_part: str) -> CampaignError:
    """``english``, a file's error holding ``part`` (the system's words), with
    its Spanish: the system's own (``spanish_part``) in it, the catalog's around it."""
    from rolecli.contract import Label
    from rolecli.i18n import say

    return CampaignError(Label(say(str(english).replace(part, spanish_part), "es"), str(english)))


def _pieces(value: Any) -> list[str]:
    """The names a rating's text holds (``Destreza+Pelea``: Destreza, Pelea)."""
    return [p for p in re.split(r"\s*\+\s*", value.strip()) if p] if isinstance(value, str) else []
