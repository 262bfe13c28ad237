"""Reading a character's sheet and state, and collecting the new states an
action produces (hooks never change a Character in place)."""

from __future__ import annotations

import operator
from typing import Any, Mapping

from rolecli.contract import Character, worked_out

from .ladder import fold

# What a hit's key holds for a field its state has not (the sheet's then, the same for every key of this
# sheet's): a mark of its own, as a state may hold None (stress.damage_named, minions.hit_group).
ABSENT = object()


# No new state yet: shared by every Work until its first change, which makes it one of its own
# (only Work.update, and Work.set through it, writes to a Work's states, and never to this one).
_NONE: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {}
# No character given in place of the roster's: shared by every Work until one is (only Work.give
# and Work.update write to a Work's given, and never to this one).
_NO_ONE: dict[str, Character] = {}


class Work:
    """The new states an action makes, by character name, over the characters it reads.

    A value read (:meth:`get`) is the character's own, never a copy: the rules
    change a state only by :meth:`set` (or :meth:`update`), with a new value, so a kept list is
    never edited in place and reading it costs nothing."""

    __slots__ = ("ctx", "known", "given", "all_known", "states", "groups_found")
    # (made by :func:`work_on`, with no ``__init__`` of Python's)
    ctx: Any
    known: Mapping[str, Character]
    given: dict[str, Character]
    all_known: bool
    states: dict[str, tuple[dict[str, Any], dict[str, Any]]]
    groups_found: dict[str, Any] | None  # (:meth:`groups`; None: not found yet)

    def give(self, chars) -> None:
        """Read ``chars`` (characters, or None) in place of the roster's characters of their
        names, where they are not the roster's own (:attr:`given`, :attr:`all_known`): as the
        Work is made, before anyone is asked of (:meth:`group_of` keeps what it finds)."""
        known, given, all_known = self.known, self.given, self.all_known
        for ch in chars:
            if ch is not None:
                theirs = known.get(ch.name)
                if theirs is not ch:
                    if given is _NO_ONE:
                        given = {}
                    given[ch.name] = ch
                    if theirs != ch:
                        all_known = False
                        self.groups_found = None  # (not the roster's: found among everyone, groups)
        self.given = given
        self.all_known = all_known

    def char(self, name: str) -> Character | None:
        found = self.given.get(name)
        if found is None:
            found = self.known.get(name)
        return found

    def everyone(self) -> list[Character]:
        """Every character: the campaign's, those the action was given in their
        place. (Only the few rules that search them all look at every one.)"""
        return [ch for _, ch in self.named()]

    def named(self) -> list[tuple[str, Character]]:
        """:meth:`everyone`, each with the name :meth:`char` finds it by."""
        known, given = self.known, self.given
        # The campaign's names in order, each given one in its place, the others after them;
        # only those not given are looked up (a Character is always true).
        names = list(known)
        people = [(name, given.get(name) or known[name]) for name in names]
        others = given.keys() - names  # (asking a Mapping ``name in known`` may look the character up)
        if others:
            people += [(name, ch) for name, ch in given.items() if name in others]
        return people

    def group_of(self, ch: Character) -> tuple[bool | None, tuple[Character, ...]]:
        """Whether ``ch`` is a minion group (:func:`is_group`), and the minion groups
        among :meth:`everyone` that name it their ``lider`` (but itself): every side
        of an action asks both, and most are neither, which is one look-up by its
        name (both are found for everyone at once: :meth:`groups`)."""
        groups = self.groups_found
        if groups is None:  # (read here where found: a call fewer at every side)
            groups = self.groups()
        found = groups.get(ch.name)
        if found is not None and found[0] is ch and "cantidad" not in ch.state:
            return found[1]
        # One not among them, another by that name, or one whose state says how many it is (or
        # said so when they were found, :func:`_groups_of`): asked now.
        led = found[1][1] if found is not None and found[0] is ch else _led_by(_following(self.everyone()), ch.name)
        return is_group(ch), led

    def groups(self) -> dict[str, tuple[Character | None, tuple[bool | None, tuple[Character, ...]]]]:
        """Everyone (:meth:`everyone`) by name, with whether each is a group and whom it leads
        (:func:`_groups_of`), as :meth:`group_of` reads them: the same table for the same
        characters, each the same by its name, sheet and state, where they were found. The
        roster's are found as the Work is made (:func:`work_on`, :attr:`groups_found`)."""
        groups = self.groups_found
        if groups is None:  # given others in place of the roster's: looked for here
            groups = self.groups_found = _groups_of(self.everyone())
        return groups

    def state_of(self, ch: Character) -> dict[str, Any]:
        """The state the rules read ``ch`` in (:meth:`get`): the new one this action
        made (a table made for the asking), else its own. Read it, never change it."""
        found = self.states.get(ch.name)
        return ch.state if found is None else {**found[0], **found[1]}

    def get(self, ch: Character, key: str, default: Any = None) -> Any:
        """``key``'s value in the state the rules read ``ch`` in (:meth:`state_of`),
        else its sheet's (as :meth:`Character.value` reads them), else ``default``."""
        found = self.states.get(ch.name)
        if found is not None:  # (the fields set, then the state they were set on)
            was, fields = found
            if key in fields:
                return fields[key]
            if key in was:
                return was[key]
        state = ch.state  # (read here, not by a call of Character.value: the rules ask a few times an action)
        val = state[key] if key in state else ch.sheet.get(key)
        return default if val is None else val

    def set(self, ch: Character, key: str, value: Any) -> None:
        found = self.states.get(ch.name)
        if found is None:  # its first change (a hit's, all at once: update)
            self.update(ch, {key: value})
        else:
            found[1][key] = value

    def update(self, ch: Character, fields: Mapping[str, Any]) -> None:
        """:meth:`set` of each of ``fields`` on ``ch``, in their order: a hit sets its few in one call
        (icount, with its state read as it stands: a fate trial N=400 2.1958M -> 2.1888M, -0.32%, twice)."""
        found = self.states.get(ch.name)
        if found is None:  # its first change: made over the state it has now
            if self.states is _NONE:
                self.states = {}
            if ch.name not in self.given and self.known.get(ch.name) is None:  # (as char finds it: no call)
                if self.given is _NO_ONE:
                    self.given = {}
                self.given[ch.name] = ch
                self.all_known = False  # (not the roster's)
                self.groups_found = None  # (found among everyone, that one in its place: groups)
            found = self.states[ch.name] = (ch.state, {})
        found[1].update(fields)

    def set_on(self, ch: Character) -> dict[str, Any]:
        """The fields :meth:`set` on ``ch`` so far, with their values (read them, never change them)."""
        found = self.states.get(ch.name)
        return {} if found is None else found[1]

    def changes(self) -> dict[str, dict[str, Any]]:
        """The fields each new state holds other than the one it was made from: a
        change may be partial, and the core compares and keeps (and an encounter
        numbers) a change of a field or two for less than a whole state."""
        out: dict[str, dict[str, Any]] = {}
        if self.states is _NONE:  # (most actions change no one: no walk begun over none, icount: a fate trial -0.20%)
            return out
        for name, (was, fields) in self.states.items():
            moved = {}
            for key, value in fields.items():  # (a loop: a field or two, for which a comprehension's call costs more)
                if key not in was or was[key] != value:
                    moved[key] = value
            if moved:
                out[name] = moved
        return out


def work_on(ctx, actor: Character | None = None, target: Character | None = None) -> Work:
    """A Work over the characters an action is given, its ``actor`` and its ``target``
    (either may be None; an action given more: :meth:`Work.give`). (Two by position, not
    ``*chars``: Python 3.11 packs a tuple of them at every call and walks it: icount, a fate
    trial 3.3443M -> 3.3277M, -0.50%. A function, not the class's ``__init__``, which 3.11 calls
    through C with a frame of its own at every class call: icount, a fate trial 2.9754M -> 2.9673M, -0.27%, twice.)"""
    work = Work()
    work.ctx = ctx
    try:
        known = ctx.characters  # the campaign's (not asked for its truth: a Mapping's counts them)
    except AttributeError:  # a ctx of another type (a test's) has none
        known = None
    work.known = known = {} if known is None else known
    # Those given in place of the roster's own by their names: the roster's own, found there, are
    # not kept again (in play all are: no table made, icount, a fate trial 3.2587M -> 3.2425M, -0.50%).
    work.given = _NO_ONE
    # Whether each one given is the roster's own, or one equal to it (it always is in play): asked
    # as it is given, not by comparing the views of their items when the roster is first read
    # (group_of), which costs more (icount: a fate trial 3.4452M -> 3.4286M, -0.48%).
    work.all_known = True
    # The new states by name, each as the state it is made from and the fields set on it
    # (the new state is the one with the other over it): made at the first change (most
    # actions change no one), and never copied whole (most change a field or two of one).
    work.states = _NONE
    # Each one, being a group and whom it leads (Work.groups): the roster's (the campaign's characters),
    # found once while it holds the same characters (:data:`ROSTER`), where the action is given its very
    # characters, or equal ones (all_known: it always is in play): a look at them (the roster compared with
    # a copy of it as it was, by identity first) is what an action costs, not a pass over their sheets.
    # (Found here, not when first asked: a call fewer at every contest, icount, a fate trial 2.6908M -> 2.6791M, -0.43%)
    found = ROSTER
    if found[3] is not ctx or found[0] is not known:  # (compared once a Context: ROSTER)
        if found[0] is not known or found[1] != known:
            found[:3] = known, dict(known), _groups_of(tuple(known.values()))
        found[3] = ctx
    work.groups_found = found[2]
    if (actor is not None and known.get(actor.name) is not actor) or \
            (target is not None and known.get(target.name) is not target):  # (in play, never)
        work.give((actor, target))
    return work


def _following(people) -> dict[str, list[Character]]:
    """The minion groups of ``people`` (characters, in order), by the folded name
    of the leader each names. (Most characters name none, which is asked first.)"""
    found: dict[str, list[Character]] = {}
    for ch in people:
        leader_named = ch.value("lider")
        if leader_named and is_group(ch):
            found.setdefault(fold(str(leader_named)), []).append(ch)
    return found


def _led_by(following: dict[str, list[Character]], name: str) -> tuple[Character, ...]:
    """The groups of ``following`` (:func:`_following`) that the character ``name`` leads."""
    found = following.get(fold(name))
    return tuple([c for c in found if c.name != name]) if found else ()


def _groups_of(people) -> dict[str, tuple[Character, tuple[bool | None, tuple[Character, ...]]]]:
    """Each of ``people`` by its name, with whether it is a group and the groups it
    leads (:meth:`Work.group_of`, :func:`_led_by`): found once for them all, so that
    asking is a look-up. Being a group is its sheet's, but where its state says how
    many it is: a state may change, and :meth:`Work.group_of` asks such a one (kept
    without the character, ``None``) as its state is then.

    What is found is a function of each one's name, sheet and state, in order: for the
    characters met last (:data:`_LAID`), each the same by the three, it is laid out again on
    them from what was found, whom each leads by their places, not found anew (every trial of
    a simulation starts from the same sheets and states, on characters of its own: icount, a
    fate trial 3.1789M -> 3.1560M, -0.72%). For the very characters it was laid out on last
    (a simulation's trials play the same copies), it is the same table: what is kept by it holds
    (``roll.roll_contest``)."""
    names, laid, met, kept = _LAID
    if len(names) == len(people):
        for (name, sheet, state), ch in zip(names, people):
            if ch.sheet is not sheet or ch.state is not state or ch.name != name:
                break
        else:
            if all(map(operator.is_, people, met)):
                return kept
            found = {}
            for ch, (asked, answer, led) in zip(people, laid):  # (a loop: a comprehension's call costs more)
                if led is not None:  # the groups it leads: these characters' own, by their places
                    answer = answer, tuple(map(people.__getitem__, led))
                found[ch.name] = (None if asked else ch, answer)
            _LAID[2:] = tuple(people), found
            return found
    following = _following(people)
    place = {id(ch): i for i, ch in enumerate(people)}
    found, laid = {}, []
    for ch in people:
        asked, group, led = "cantidad" in ch.state, is_group(ch), _led_by(following, ch.name)
        found[ch.name] = (None if asked else ch, (group, led))
        laid.append((asked, group, tuple(map(place.__getitem__, map(id, led)))) if led else (asked, (group, led), None))
    _LAID[:] = tuple([(ch.name, ch.sheet, ch.state) for ch in people]), tuple(laid), tuple(people), found
    return found


# The characters :func:`_groups_of` found the groups of last, each as its name, sheet and state, and
# for each, in their order: whether its state says how many it is, and where it leads no one what
# :meth:`Work.group_of` gives for it (which holds no character), else whether it is a group and the
# places of the groups it leads (else None); then the characters it was last laid out on, and the table
# it gave them.
_LAID: list[Any] = [(), (), (), {}]


# The last roster's minion groups (:func:`_groups_of`, as :meth:`Work.group_of` finds them), with
# the roster itself and a copy of it as it was when they were found: being a group and whom it
# follows are sheet values, which no rule changes, and the core gives a changed sheet to a new
# character (it never sets one on a character in place). A simulation's trial plays thousands of
# actions on one roster, and every side of each asks whom its character leads; a trial or a command
# plays one roster at a time, so the last one alone is kept, and looked at with no call (icount, a
# fate trial 3.5575M -> 3.5387M, against a table of rosters by their ids). A roster given other
# characters is read anew: it is compared with the copy as tables (the same characters by the same
# names, the order aside, which the core never changes in a roster it gives), not as a tuple of its
# characters made at every action (3.4826M -> 3.4703M, -0.35%). Then the Context it was last compared for:
# a roster the same Context holds is not compared again at each of its actions, for the core never changes
# a Context's roster in place (a conflict's, a simulation's trial's: it sets their characters' new states, and
# gives each command a Context of its own); a roster changed between two actions is compared where each has
# a Context of its own (icount, a fate trial N=400 2.2512M -> 2.2337M, -0.78%). Read by ``roll.roll_contest``
# too, where it makes no Work: only work_on writes it.
ROSTER: list[Any] = [None, {}, {}, None]


def frozen(values) -> tuple:
    """``values`` (a state's, the choices read) as a key: their lists as tuples."""
    # (a loop, not a comprehension, which is a call of its own: a status asks at every change of
    # state: icount, a fate trial 3.7754M -> 3.7725M)
    found = []
    for v in values:
        found.append(tuple(v) if type(v) is list else v)
    return tuple(found)


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
    if ch is None:
        return False
    # (its size as it stands, a whole number the core checked: no call of int, which Python 3.11
    # never specializes, ~600 machine instructions a call: minions.quality)
    size = ch.value("cantidad")
    return size > 0 if size else False
