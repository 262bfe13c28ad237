"""What a hook's result may hold and change, checked before the core uses it.

A plugin's result is written into a campaign's files and printed: the core
checks it first, so that a plugin's mistake is that plugin's failure (exit 4,
nothing written) rather than a corrupt campaign, a command that fails after it
committed, or a change nobody asked for. A result is refused when

- it is not of the contract's types (:func:`outcome_problem`): an Outcome whose
  ``lines`` are not texts (asked where they are read: not in a simulation's
  trials, whose lines nobody reads), whose ``changes`` are not tables...;
- its ``data`` or a changed state is not JSON (bytes, an object): the log and
  ``--json`` could not write it, and would fail only after the change was
  committed (asked where anything is written: not in a simulation's trials);
- a line is longer than :data:`MAX_LINE` characters, or there are more than
  :data:`MAX_LINES` of them: the last line is the log's summary (asked where
  lines are read, as their type is);
- an initiative's ``order`` or ``turns`` is not a list of names (the order
  beside given turns asked only to be a list where nothing is written: a
  simulation's trials read the turns alone);
- it changes what the verb was not given (:func:`_stranger`): a character other
  than its actor, target or subjects that it never looked at in ``ctx.characters``
  (a fate attack on a leader reaches the minions attached to it), or
  a state key that is not one of the template's state fields (a sheet value
  such as ``hp``, the ``traits``, a typo), unless the state holds it already.
"""

from __future__ import annotations

from collections.abc import Mapping  # (typing.Mapping is several times slower in isinstance)
from typing import Any, Callable

from rolecli.contract import Effect, Odds, Outcome

MAX_LINE = 100_000  # characters: a breakdown of the 10,000 dice a roll may have fits
MAX_LINES = 1_000


def problem(hook: str, result: Any, arguments: tuple, info: Any) -> str | None:
    """Why the core must not use ``result`` of ``hook`` called with ``arguments``
    (in its spec's order, as a prepared call has them: the action and the ctx
    last) for the system declared by ``info`` (a SystemInfo), or None."""
    if isinstance(result, Outcome):
        return outcome_problem(hook, result, arguments, info)
    if isinstance(result, Odds):  # odds change nothing
        if not isinstance(result.outcomes, Mapping):
            return f"its Odds.outcomes is {_kind(result.outcomes)}, not a dict"
        return _lines(result.lines, "Odds")
    return None  # a status holds nothing the core writes


def outcome_problem(hook: str, result: Outcome, arguments: tuple, info: Any) -> str | None:
    """:func:`problem` for an Outcome: what :func:`checker` asks of it."""
    return checker(hook, info, len(arguments))(result, arguments)


def checker(hook: str, info: Any, arity: int) -> Callable[[Any, tuple], str | None]:
    """The check of what ``hook`` answers for the system declared by ``info``
    (a SystemInfo), a function of the result and the hook's arguments, made
    once for a hook that answers with an Outcome (:class:`rolecli.plugins._Guarded`),
    which asks it at every call of a conflict: for a result that is no Outcome,
    ``None`` if it is ``None`` (no plugin answered), else why it is refused;
    for an Outcome, what of it is not of the contract's types (the core would fail
    on it later, as if it were its own bug), cannot be written as JSON, or
    changes what it must not (:func:`_stranger`), or None. What ``hook`` and
    ``info`` alone decide is worked out here, once, not at every call (whose
    subject it has, whether it orders turns, the state fields, where its ctx and
    action lie; icount: a v5 trial 0.43% less, alternity 0.28%, middle 0.21%). A call that no
    one prints or logs (``Context.explain`` is False, the trials of a
    simulation, which write no state either: each trial's states are
    measured and dropped) does not have its ``Outcome.data`` and the values
    of what it changes walked to see they can be written as JSON, nor its
    ``lines`` asked after, which nobody reads there, nor an initiative's
    ``order`` walked beside its ``turns`` (only the turns are read); whose
    states it changes, and which of their fields, are always asked, as they
    change what the trial plays. (A dict, a list, a bool, most often, is
    known by its type at once, before ``isinstance`` asks after the others
    a plugin may give: a ``dict`` is a Mapping.)"""
    state_keys = info.state_keys if info is not None else None
    on_a_character = hook in _ON_A_CHARACTER  # (the character it is called on, its first argument, is its own)
    initiative = hook == _ON_CHARACTERS
    # its ctx and its action, last of its ``arity`` arguments, read by their place from the first (a tuple's item
    # at a place counted from its end is looked up by Python 3.11 without the quick path)
    ctx_at, action_at = arity - 1, arity - 2

    def check(result: Any, arguments: tuple) -> str | None:
        if type(result) is not Outcome and not isinstance(result, Outcome):
            return None if result is None else f"it returned {_kind(result)}, not an Outcome"
        try:  # its ctx's (read as an attribute: getattr is a call of its own)
            written = arguments[ctx_at].explain
        except AttributeError:  # a ctx of another type (a test's) has its result written
            written = True
        data, success = result.data, result.success
        if not isinstance(data, dict) and not isinstance(data, Mapping):
            return f"its Outcome.data is {_kind(data)}, not a dict"
        if written:  # (lines nobody reads, a trial's, not asked after: icount, an alternity trial 0.23% less, v5 0.16%)
            lines = result.lines
            if type(lines) is not list or lines:  # (none, a list, known at once)
                bad = _lines(lines, "Outcome")
                if bad:
                    return bad
        if success is not True and success is not False and success is not None:  # (a bool is one of the two)
            return f"its Outcome.success is {_kind(success)}, not True, False or None"
        changes, effects, used = result.changes, result.effects, result.used
        if not isinstance(changes, dict) and not isinstance(changes, Mapping):
            return _NOT_STATES
        plain = True  # every state of JSON's own types: walked as its type is checked, in one pass
        strangers = None  # the states to look at closer (_stranger): the usual change is its own, of state fields
        if changes:  # (most results change nothing: no walk begun for them)
            action = arguments[action_at]  # (the hook was called: it had its action)
            actor, target = action.actor, action.target
            for name in changes:  # (by key, as apply_changes reads them: no view of their items made)
                state = changes[name]
                # The usual state, a dict, walked here as _plain walks one (a call of _plain for each state of
                # each result costs as much as its walk); any other, by _plain. Whose it is and what it sets asked
                # in the same pass (the usual change is the actor's, the target's, or that of the character a
                # recovery is for, of state fields only); the others are looked at closer after every question of
                # type, so that a result wrong in both ways says its type first.
                if type(state) is dict and type(name) is str:
                    # (by its keys, no view of its items made for its one or two fields; a value looked up by a
                    # key known a text, whose hash is the text's own. Whether each is a state field asked in the
                    # same walk, not by state_keys.issuperset(state), a walk of its own: icount, a middle trial
                    # 0.31% less, alternity 0.10%. Every value's type asked, with no question at every field whether
                    # one before was not plain, as one seldom is: an alternity trial 0.05% less, middle 0.04%.
                    # None asked where nothing is written, a key not a text being no state field either: icount, an
                    # alternity trial 1.0% less, v5 0.8%, middle 0.6%)
                    fields = True
                    for key in state:
                        if state_keys is not None and key not in state_keys:
                            fields = False
                        if written and (type(key) is not str
                                        or (type(item := state[key]) not in _PLAIN and not _plain(item))):
                            plain = False
                elif not isinstance(name, str) or not isinstance(state, Mapping):
                    return _NOT_STATES
                else:
                    if written and plain and not _plain(state):
                        plain = False
                    fields = state_keys is None or state_keys.issuperset(state)
                if state_keys is not None:
                    # (Whose it is asked where it decides a jump, as Python 3.11 specializes a comparison of two texts
                    # only there; icount, with the walk by key above, a middle trial 0.24% less, alternity 0.19%. The
                    # usual change, its own of state fields, goes on at once, with no flag kept for it to ask again:
                    # a middle trial 0.08% less, v5 0.07%)
                    if ((actor is not None and name == actor.name) or (target is not None and name == target.name)
                            or (on_a_character and name == arguments[0].name)):  # (a subject: last)
                        if fields:
                            continue  # the usual change: its own, of state fields only
                        ours = True
                    else:
                        ours = False
                    if strangers is None:
                        strangers = []
                    strangers.append((name, state, ours))
        # (an empty list, most results', is known at once: no iterator made to walk nothing)
        if type(effects) is not list or effects:
            if type(effects) is not list and not isinstance(effects, _LISTS):  # (a list known by its type at once)
                return _NOT_EFFECTS
            for effect in effects:  # (a loop: most results leave none or one, for which a generator costs more)
                if not isinstance(effect, Effect):
                    return _NOT_EFFECTS
        if type(used) is not list or used:
            if type(used) is not list and not isinstance(used, _LISTS):
                return _NOT_USED
            for i in used:  # an int, not a bool (which Python counts an int); a plain int is known at once
                if type(i) is not int and (not isinstance(i, int) or isinstance(i, bool)):
                    return _NOT_USED
        if initiative:
            # (a trial reads the turns alone: an order beside them, read by the log's summary only, asked to be a list,
            # as InitiativeData.of copies it; icount: an alternity trial 0.33% less)
            turns = data.get("turns") if not written else None
            if "order" in data and not (_texts(data["order"]) if not turns else isinstance(data["order"], _LISTS)):
                return "its Outcome.data['order'] is not a list of characters' names"
            if "turns" in data and not _texts(data["turns"]):
                return "its Outcome.data['turns'] is not a list of characters' names"
        if written:  # (a simulation's trial writes none)
            wrong = _unwritable(data, "Outcome.data") or (not plain and _unwritable(changes, "Outcome.changes"))
            if wrong:
                return wrong
        if strangers is not None:
            for name, state, ours in strangers:
                wrong = _stranger(hook, arguments, name, state, info, ours)
                if wrong:
                    return wrong
        return None


    return check


_LISTS = (list, tuple)  # (a tuple is a list here)
_NOT_STATES = "its Outcome.changes is not a dict of characters' names to their state (dicts)"
_NOT_EFFECTS = "its Outcome.effects is not a list of Effects"
_NOT_USED = "its Outcome.used is not a list of effect ids"


def _stranger(hook: str, arguments: tuple, name: str, state: Any, info: Any, ours: bool) -> str | None:
    """Why ``state``, the change of character ``name``, must not be written,
    when ``name`` is not the actor's, the target's or the subject's
    (``ours``), or ``state`` holds a key not a state field."""
    ctx = arguments[-1]
    given = _given(hook, arguments)
    campaign = getattr(ctx, "characters", None) or {}
    if not ours and name not in given and name not in _reached(ctx, campaign):
        return f"it changed {name!r}, whom the verb was neither given nor looked at in ctx.characters; nothing was written"
    state_keys = info.state_keys
    if state.keys() <= state_keys:
        return None
    had = given.get(name) or campaign.get(name)
    held = had.state if had is not None else {}
    new = [k for k in state if k not in state_keys and (k not in held or k in info.sheet_keys)]
    if new:
        return (f"it returned state key(s) {', '.join(map(repr, new))} for {name}, which the template of "
                f"system {info.name!r} does not declare as state; nothing was written")
    return None


# The hooks called on one character (their first argument) and on many (the initiative).
_ON_A_CHARACTER = frozenset(("rolecli_apply_damage", "rolecli_recover", "rolecli_status"))
_ON_CHARACTERS = "rolecli_initiative"


def _given(hook: str, arguments: tuple) -> dict[str, Any]:
    """The characters a hook was given, by name: its action's actor and target,
    and the ``character`` or ``characters`` it was called on."""
    given = {}
    action = arguments[-2]
    for who in (getattr(action, "actor", None), getattr(action, "target", None),
                arguments[0] if hook in _ON_A_CHARACTER else None):
        if who is not None:
            given[who.name] = who
    for who in arguments[0] if hook == _ON_CHARACTERS else ():
        if who is not None:
            given[who.name] = who
    return given


def _reached(ctx: Any, campaign: Any) -> set[str]:
    """The characters a verb reached without being given them: those in the
    conflict's order, and those it looked at in ``ctx.characters``."""
    turn = getattr(ctx, "conflict", None)
    looked_at = getattr(campaign, "looked_at", None)  # a plain dict (a test's context) cannot tell
    return set(turn.order if turn is not None else ()) | (looked_at() if looked_at else set(campaign))


def _kind(value: Any) -> str:
    return type(value).__name__


def _texts(value: Any) -> bool:
    if not isinstance(value, _LISTS):
        return False
    for v in value:  # (a loop, not all() of a generator: every initiative's names are asked, a step a name)
        if type(v) is not str and not isinstance(v, str):
            return False
    return True


def _lines(lines: Any, what: str) -> str | None:
    if not _texts(lines):
        return f"its {what}.lines is not a list of texts"
    if len(lines) > MAX_LINES:
        return f"its {what}.lines has {len(lines):,} lines, over the limit of {MAX_LINES:,}"
    longest = max(map(len, lines), default=0)
    if longest > MAX_LINE:
        return f"its {what}.lines has a line of {longest:,} characters, over the limit of {MAX_LINE:,}"
    return None


_PLAIN = frozenset((str, int, float, bool, type(None)))


def _plain(value: Any) -> bool:
    """Whether ``value`` is made of JSON's own types only: a walk that costs a
    fraction of writing it, for the results of every call of a simulation.
    A scalar inside a table or a list is checked where it lies, without a call
    of its own (most of a result's values are scalars)."""
    if type(value) is dict:  # (a state, most often: known before its type is kept for the others)
        for key, item in value.items():
            if type(key) is not str or (type(item) not in _PLAIN and not _plain(item)):
                return False
        return True
    kind = type(value)
    if kind is list or kind is tuple:
        for item in value:
            if type(item) not in _PLAIN and not _plain(item):
                return False
        return True
    return kind in _PLAIN


def _unwritable(value: Any, what: str) -> str | None:
    """Why ``value`` cannot be written as JSON (into the log, for --json), or None."""
    if _plain(value):
        return None
    from rolecli.output import dumps  # the other values the core writes: fractions, effects...

    try:
        dumps(value)
    except (TypeError, ValueError) as exc:  # ValueError: a circular reference, a NaN the log refuses
        return f"its {what} cannot be written as JSON: {exc}"
    return None
