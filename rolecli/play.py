"""Playing a system's verb: its parameters read and checked, its hooks called,
its outcome printed and, on a campaign, recorded.

Every verb is played in up to four forms (:data:`Mode`), all from the same declaration:

- ``quick``: ``rolecli <system> <verb> ...`` with raw numbers, no campaign;
- ``campaign``: ``rolecli <verb> ACTOR ...`` on the current campaign's characters,
  logged, with state changes written under the campaign's lock;
- ``odds``: ``rolecli odds <system> <verb> ...``, exact odds without rolling;
- ``campaign_odds``: ``rolecli odds <verb> ACTOR ...``, the same on the current
  campaign's characters and rule options (nothing written, nothing logged).

A campaign's house rules (``[rules] house``) join the hook calls of its forms;
``--rule house=name`` switches them on for one command.

The command line's half, each form as a command with the options common to
every verb, is :mod:`rolecli.commands.verbs`; encounters and conflicts call a
verb here too: :func:`play` is the one place a verb's hook is called and
what it changed and left is kept.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Literal, Sequence

from rolecli.contract import Action, ActionSpec, Character, Context, Outcome, Param, SystemInfo, check_range
from rolecli.dice.amount import Rolled
from rolecli.dispatch import HOOK_OF, complete
from rolecli.dice.source import DiceSource, parse_given
from rolecli.envelope import After, after, envelope, subjects_named
from rolecli.errors import RoleError
from rolecli.i18n import choose_lang
from rolecli.output import Printer, dice_lines, note
from rolecli.status import able, refuse_unless_able

Mode = Literal["quick", "campaign", "odds", "campaign_odds"]


def campaign_system(session):
    """The system of the campaign ``session`` works on (its ``-C``, else the
    current one), or None when there is none."""
    from rolecli.campaign import chosen_campaign, system_of
    from rolecli.plugins import get_plugins

    root, name = chosen_campaign(session.campaigns, session.campaign, required=False)
    if not name:
        return None
    system = system_of(root, name)
    return get_plugins(system).system(system)


def convert(spec: ActionSpec, kw: dict[str, Any]) -> dict[str, Any]:
    """The verb's parameters, checked against their declared choices and ranges."""
    params: dict[str, Any] = {}
    for p in spec.params:
        value = kw.get(p.name)
        flag = p.name if p.positional else "--" + p.name.replace("_", "-")
        if value is None:
            params[p.name] = None
            continue
        if p.kind == "list":
            # (an option given again adds to it: a list of texts, each one item or several by commas)
            texts = value if isinstance(value, (list, tuple)) else (value,)
            value = tuple(v.strip() for text in texts for v in str(text).split(",") if v.strip())
        if p.kind == "choice" or (p.choices and p.kind == "str"):
            match = next((c for c in p.choices if c.casefold() == str(value).casefold()), None)
            if match is None:
                raise RoleError(f"{flag} {value!r} is not one of: {', '.join(p.choices)}.")
            value = match
        if p.kind in ("int", "float"):
            if p.dice:
                value = _number_or_dice(p, flag, value)
            if not isinstance(value, Rolled):
                check_range(flag, value, p.minimum, p.maximum)
        params[p.name] = value
    return params


def _number_or_dice(p: Param, flag: str, value: Any) -> Any:
    """A rollable parameter's value as typed: a plain number, or the dice to
    roll for it (:class:`~rolecli.dice.amount.Rolled`, checked as an encounter
    file's: an expression, whose range lies within the parameter's)."""
    if not isinstance(value, str):
        return value
    text = value.strip()
    try:
        return int(text) if p.kind == "int" else float(text)
    except ValueError:
        pass
    from rolecli.dice.amount import rolled

    try:
        return rolled(p, text)
    except RoleError as exc:
        shown = text if len(text) <= 40 else text[:39] + "…"  # the error says why; a page of digits says nothing
        raise RoleError(f"{flag} {shown!r} {exc}") from None


def rule_options(info: SystemInfo, given: dict[str, Any], overrides: list[str] | None) -> dict[str, Any]:
    """The rule options in force: defaults, then the campaign's, then ``--rule key=value``
    (read as ``campaign rule set`` reads a value: ``true``, ``3`` and ``"sotc"`` or bare ``sotc`` all work)."""
    from rolecli.campaign.validate import option_problem, read_rule_value, rule_option
    from rolecli.names import closest

    options = info.rule_options(given)
    for text in overrides or ():
        key, sep, raw = (part.strip() for part in text.partition("="))
        option = rule_option(info, key)
        if not sep or option is None:
            raise RoleError(f"--rule {text!r}: write key=value with a rule option of {info.name}."
                            + closest(key, [o.key for o in info.options], "Options"))
        value = read_rule_value(key, raw)
        problem = option_problem(option, value)
        if problem:
            raise RoleError(f"--rule {key}={raw} {problem}.")
        options[key] = value
    return options


def find_character(characters: dict[str, Character], name: str, campaign: str) -> Character:
    """A campaign character by name, ignoring case and accents."""
    from rolecli.campaign.store import find_character as find

    return characters[find(characters, name, campaign)]


def call(system, spec: ActionSpec, action: Action, ctx: Context, subjects: Sequence[Character],
         hook: Callable[..., Any] | None = None) -> Outcome:
    """``spec``'s hook called on ``subjects`` (once per character for a
    recovery, the outcomes merged into one: :func:`merge`), with every
    parameter and rule option filled in (by the prepared hook, which
    completes what each call gives it). ``hook``: :func:`prepared` for
    ``spec``, where the caller keeps it for its many calls (a conflict does,
    its calls complete: :meth:`rolecli.tracker.Tracker.hook`)."""
    if hook is None:
        hook = prepared(system, spec)
    kind = spec.hook
    if kind in BY_ACTION:  # the commonest first: a conflict's every exchange resolves
        result = hook(action, ctx)
    elif kind == "damage":
        result = hook(subjects[0], action, ctx)
    elif kind == "initiative":
        result = hook(subjects, action, ctx)
    else:  # a recovery
        action, ctx = complete(system.info, action, ctx)  # the event, as completed
        event = action.params.get("event")
        # (a loop, not a comprehension: the names a comprehension read of this function's would be cells,
        # made at every call of it, an encounter's every exchange; icount: an alternity trial 0.9% less,
        # middle 0.6%)
        outcomes = []
        for character in subjects:
            outcome = hook(character, event, action, ctx)
            if outcome is not None:
                outcomes.append(outcome)
        result = merge(outcomes) if outcomes else None
    return result if result is not None else _given(system, spec, result)


# The hook kinds called with the action and the ctx alone, the commonest: a conflict calls them so itself,
# without a frame of call's at every exchange (Tracker.hook)
BY_ACTION = frozenset(("resolve", "roll"))


def prepared(system, spec: ActionSpec, completing: bool = True) -> Callable[..., Any]:
    """``spec``'s hook ready for many calls, a function of its arguments in its
    order (``_Guarded.prepared``): good while no plugin is registered, a
    command's or a play's lifetime. ``completing`` false: every call's
    parameters and rule options are complete already, as the caller vouches."""
    return getattr(system.hooks, HOOK_OF[spec.hook]).prepared(spec.name, completing)


def recover(system, spec: ActionSpec, action: Action, ctx: Context, character: Character,
            hook: Callable[..., Any] | None = None) -> Outcome:
    """The recovery ``spec`` of one ``character``, its outcome as the system
    gives it: what a conflict calls at a turn's, round's or scene's end, one
    character at a time, and keeps without merging it (:func:`merge` makes
    it the ``recover`` verb's outcome, for whoever shows it). ``hook``: as
    :func:`call` takes it, its calls complete (a conflict's); without it,
    the call is completed here."""
    if hook is None:
        action, ctx = complete(system.info, action, ctx)  # the event, as completed
        hook = prepared(system, spec)
    result = hook(character, action.params.get("event"), action, ctx)
    return result if result is not None else _given(system, spec, result)


def _given(system, spec: ActionSpec, result: Outcome | None) -> Outcome:
    """``result``, the hook's answer: ``None`` (no plugin answered it) is an error."""
    if result is None:
        raise unanswered(system, spec)
    return result


def unanswered(system, spec: ActionSpec) -> RoleError:
    """The error of ``spec``'s hook answered by no plugin (``None``)."""
    return RoleError(f"system {system.info.name!r} gave no result for {spec.name!r}; the plugin does not implement it.")


@dataclass
class _Merged(Outcome):
    """The outcomes of a verb called once per character (recovery), as one;
    ``summaries``: each call's summary (its last line), for the log."""

    summaries: list[str] = field(default_factory=list)


def merge(outcomes: list[Outcome]) -> Outcome:
    """The ``recover`` verb's outcome from each character's (:func:`recover`):
    their data under ``results``, their lines one after the other."""
    merged = _Merged(data={"results": [o.data for o in outcomes]}, lines=[], success=None)
    for o in outcomes:
        merged.lines += o.lines
        merged.changes.update(o.changes)
        merged.effects += o.effects  # what each one leaves and uses is kept as a single call's
        merged.used += o.used
        merged.summaries += o.lines[-1:]
    return merged


def summary_of(spec: ActionSpec, outcome: Outcome) -> str:
    """The log's summary of a verb: its outcome's last line, except that a verb
    on several characters names each of them: a recovery joins each one's
    summary, an initiative gives its order (whose last line is only the last
    character's). Numbers given as dice come first, as an encounter tells
    them: ``damage 1d6 = 4 — Ana: 8/12 HP``."""
    order = outcome.data.get("order") if spec.hook == "initiative" else None
    if isinstance(outcome, _Merged) and outcome.summaries:
        said = "; ".join(line.rstrip(".") for line in outcome.summaries)  # one sentence
    elif isinstance(order, (list, tuple)) and order:
        said = f"{spec.name}: {', '.join(dict.fromkeys(map(str, order)))}"
    else:
        said = outcome.lines[-1] if outcome.lines else spec.name
    amounts = outcome.data.get("amounts") if any(p.dice for p in spec.params) else None  # the core's key
    if isinstance(amounts, dict) and amounts:
        rolled = ", ".join(f"{a['expression']} = {a['total']}" for a in amounts.values())
        said = f"{spec.name} {rolled} — {said}"
    return said


def blank_character(info: SystemInfo, name: str, values: list[str] | None) -> Character:
    """A throw-away character for quick damage and recovery: the template's
    defaults, with ``--with key=value`` values set (as a sheet would set them)."""
    from rolecli.campaign import parse_assignments
    from rolecli.campaign.snapshot import build_character

    return build_character(info, name, parse_assignments(info, list(values or ())), {})


def with_house(system, options: dict[str, Any]):
    """``system`` with the house rules ``options`` switch on joining its hook calls."""
    from rolecli.house_rules import HOUSE_KEY

    if not options.get(HOUSE_KEY):
        return system
    from rolecli.plugins import get_plugins

    return get_plugins(system.info.name).system(system.info.name, options[HOUSE_KEY])


def run(system, spec: ActionSpec, mode: Mode, session, kw: dict[str, Any]) -> int:
    lang = choose_lang(kw.pop("lang", None) or session.lang)
    printer = Printer(kw.pop("json_", False))
    rules = kw.pop("rule", None)
    if mode == "odds":
        ctx = Context(lang, DiceSource(0), rule_options(system.info, {}, rules), {})
        return _run_odds(with_house(system, ctx.options), spec, ctx, printer, Action(spec.name, convert(spec, kw)), kw)
    if mode == "campaign_odds":
        return _run_campaign_odds(system, spec, session, lang, printer, rules, kw)
    repeat = kw.pop("n", 1)
    if repeat < 1 or repeat > 100_000:
        raise RoleError(f"-n {repeat} is out of range 1..100000.")
    source = DiceSource(kw.pop("seed", None), parse_given(kw.pop("dice", None)))
    if mode == "quick":
        subject = None
        if spec.hook in ("damage", "recover"):
            from rolecli.i18n import t

            subject = blank_character(system.info, t("character", lang), kw.pop("with_", None))
        ctx = Context(lang, source, rule_options(system.info, {}, rules), {})
        system = with_house(system, ctx.options)
        action = Action(spec.name, convert(spec, kw))
        results = _repeat(system, spec, action, ctx, [subject] if subject else [], repeat, source, as_json=printer.as_json)
        return _print(system, spec, results, printer, lang, (None, None))
    from rolecli import campaign as store
    from rolecli.conflict import Event, Scene
    from rolecli.plugins import system_info

    root, name = store.chosen_campaign(session.campaigns, session.campaign)
    with store.transaction(root, name, system_info, command=session.command_line) as camp:
        characters = camp.working_copies()  # a character is copied when the verb first looks at it
        scene = Scene.load(camp.scene)
        ctx = Context(lang, source, rule_options(camp.info, camp.options, rules), characters,
                      tuple(scene.effects), scene.turn)
        system = with_house(system, ctx.options)
        actor, target, names = kw.pop("subject_actor", None), kw.pop("subject_target", None), kw.pop("subject_names", None)
        actor = find_character(characters, actor, name) if actor else None
        target = find_character(characters, target, name) if target else None
        force = kw.pop("force", False)
        forced: list[str] = []
        if spec.hook in ("recover", "initiative"):
            subjects = [find_character(characters, n, name) for n in names] if names else list(characters.values())
            if spec.hook == "initiative" and not force:
                subjects, left = able(system, subjects, ctx)
                for who, status in left:
                    note(Event("left_out", who.name, why=status.why(lang) if status.why else status.key).say(lang))
        else:
            subjects = [actor] if actor else []
        if actor is not None and spec.hook in ("resolve", "roll"):
            if not refuse_unless_able(system, actor, ctx, force).can_act:
                forced.append(actor.name)
        action = Action(spec.name, convert(spec, kw), actor, target)
        results = _repeat(system, spec, action, ctx, subjects, repeat, source, scene, as_json=printer.as_json)
        if spec.hook == "recover" and action.params.get("event") == "end_of_scene":
            results[-1][0].lines += [e.say(lang) for e in scene.end_scene()]  # the scene's effects end with it
        # Only what the outcomes name: a hook's in-place edit of another character is not written.
        touched = {n for outcome, _, _ in results for n in outcome.changes if n in characters}
        changed = {n: characters[n].state for n in touched if characters[n].state != camp.characters[n].state}
        summary = summary_of(spec, results[-1][0])
        data = {"action": spec.name, "results": [o.data for o, _, _ in results]}
        if forced:  # the game master overrode the rules: the log says so
            data["forced"] = forced
            summary = f"[forced: {', '.join(forced)}] {summary}"
        camp.record(Outcome(data=data, lines=[], success=results[-1][0].success, changes=changed),
                    kind="change" if changed else "roll", summary=summary, scene=scene.dump())
    return _print(system, spec, results, printer, lang, subjects_named(action, subjects))


def _repeat(system, spec, action, ctx, subjects, repeat, source, scene=None,
            as_json: bool = False) -> list[tuple[Outcome, list, After]]:
    """The verb played ``repeat`` times: each outcome, the dice it read and what
    it left (:class:`~rolecli.envelope.After`: statuses on a campaign, one with a
    ``scene``; read only for ``--json``, which alone prints it)."""
    results = []
    live = {name: value for name, value in action.params.items() if isinstance(value, Rolled)}
    actor, targets = subjects_named(action, subjects)
    touched = [n for n in (actor, *targets) if n is not None]
    for _ in range(repeat):
        start = len(source.reads)
        if live:  # rolled anew at every repetition, as an encounter file's dice at every call
            outcome = _rolling(system, spec, action, ctx, subjects, live, source)
            apply(system, outcome, ctx, scene, subjects)
        else:
            outcome = play(system, spec, action, ctx, subjects, scene)
        left = after(system, outcome, ctx, subjects, touched, scene is not None) if as_json else After()
        results.append((outcome, source.reads[start:], left))
    source.finish()  # leftover --dice values are an error, before anything is written
    return results


def _rolling(system, spec, action, ctx, subjects, live: dict[str, Rolled], source) -> Outcome:
    """The verb with its numbers given as dice rolled first: the hook gets the
    totals; the outcome says what was rolled, first among its lines and under
    ``amounts`` (expression, total and the dice read, which the log keeps)."""
    params, amounts, lines = dict(action.params), {}, []
    for name, value in live.items():
        start = len(source.reads)
        result = value.roll(source)
        params[name] = result.total
        amounts[name] = {"expression": str(value), "total": result.total,
                         "dice": [r.as_json() for r in source.reads[start:]]}
        lines.append(f"{name}: {result.breakdown}")
    outcome = call(system, spec, replace(action, params=params), ctx, subjects)
    outcome.lines = lines + outcome.lines
    outcome.data = {**outcome.data, "amounts": amounts}
    return outcome


def play(system, spec: ActionSpec, action: Action, ctx: Context, subjects: list[Character],
         scene=None) -> Outcome:
    """A verb played: its hook called (:func:`call`), then what it changed and
    the effects it left and used kept (:func:`apply`). The campaign's verbs,
    the conflict tracker and the encounter engine all play a verb here."""
    outcome = call(system, spec, action, ctx, subjects)
    apply(system, outcome, ctx, scene, subjects)
    return outcome


def apply(system, outcome: Outcome, ctx: Context, scene=None, subjects=(), made: dict | None = None,
          fields: tuple[tuple[str, ...], set[tuple[str, ...]]] | None = None,
          ordered: dict[str, dict] | None = None) -> list[str]:
    """Keep what ``outcome`` changed, on ``ctx.characters`` and on ``subjects``
    (a quick verb's throw-away character is not in the campaign), then, with a
    ``scene``, the effects it left and used up, kept in the scene so that the
    next command (or repetition) finds them in ``ctx.effects``: :func:`apply_changes`
    for ``system`` and ``ctx``. The names of the characters whose state is now
    other than it was; ``made``, ``fields`` and ``ordered``: see :func:`apply_changes`."""
    return apply_changes(system.info, outcome, ctx.characters, subjects, made, fields, ordered, scene, ctx, system.record)


def apply_changes(info: SystemInfo, outcome: Outcome, characters, subjects=(), made: dict | None = None,
                  fields: tuple[tuple[str, ...], set[tuple[str, ...]]] | None = None,
                  ordered: dict[str, dict] | None = None, scene=None, ctx: Context | None = None,
                  record=None, numbered: dict | None = None, known_moves: dict | None = None) -> list[str]:
    """Each character's new state as the contract says a campaign keeps it:
    the returned state over the template's state fields it leaves out (in the
    template's order, so that a state prints the same whatever order it was
    read in); a field set to ``None`` is dropped, as the campaign's TOML cannot
    hold it. The names of the characters whose state is now other than it was.
    ``made``: by name, each new state, the move that made it and what
    ``known_moves`` held for that move, ``(new, move, found)``, for who keeps states
    by what made them (an encounter numbers them so: ``Play.moved``).
    ``numbered``: by name, a state and its number; ``known_moves``: by a move, the
    number of a state, the change's fields and their values, flat, what that change made of that
    state, the new state last (``Encounter.state_moves``): where a
    character's state is the one numbered and its move is held, that state is
    its new one again, not merged anew (a hook never changes a state in place,
    and the same change to the same state makes the same state); ``move`` is
    ``None`` where none can be kept (no ``known_moves``, a state not numbered, a
    list or a table in the change), ``found`` where none is held yet.
    ``fields``: :func:`state_fields` of ``info``, where the caller keeps them
    for its many calls (a conflict does: :class:`~rolecli.tracker.Tracker`).
    ``ordered``: by name, the state last made here known to be in the
    template's order (its keys those of a state in order), where the caller
    keeps it for its many calls: that state is known in order without its
    keys walked (a hook never changes a state in place, it gives a new one);
    a state it does not hold is checked.

    With a ``scene`` (and the ``ctx`` whose ``characters`` are ``characters``),
    the effects ``outcome`` left and used up are kept in it and in
    ``ctx.effects`` too: the one place a result is kept, which a conflict calls
    at once (:meth:`~rolecli.tracker.Tracker.hook`), a frame fewer than through
    :func:`apply` (icount: a v5 trial 0.35% less, alternity 0.32%, middle 0.27%).
    Each effect left is checked and kept in one walk (icount, a v5 trial 1.1%
    less than a walk and a comprehension), here, not in a function of its own:
    a frame fewer at every attack that marks its target (icount: a v5 trial 0.34% less, fate 0.13%). A verb
    that fails on its second leaves the scene with its first, as
    :meth:`~rolecli.conflict.Scene.add` refusing one always did: a failure is
    written nowhere; ``record``: the plugin it is, named in the failure of an
    effect on no character. Each is an :class:`Effect`, as the check of the
    hook's result found: its type is not asked again."""
    moved = []
    changes = outcome.changes
    if changes:
        keys, in_order = state_fields(info) if fields is None else fields
        # (by key, as the check reads them: no view of their items made; icount: an alternity trial 0.16% less,
        # middle 0.10%)
        for name in changes:
            new = changes[name]
            try:  # (looked up, not by characters.get, a method's call: icount, a middle trial 0.08% less, v5 0.06%)
                who = characters[name]
            except KeyError:  # not in the campaign: a quick verb's throw-away character, or no one's
                who = _subject(subjects, name)
                if who is None:
                    continue
            state = who.state
            move = found = None
            # (from a state numbered None, no move is kept: none is found)
            if (known_moves is not None and (kept := numbered.get(name)) is not None and kept[0] is state
                    and kept[1] is not None):
                try:
                    # flat, the number, the fields, their values: no tuple of each item made, nor of its views
                    # for the usual one or two fields (icount N=400: a middle trial 0.61% less, giro 0.50%, v5 0.24%)
                    size = len(new)
                    if size == 1:
                        for key in new:
                            move = (kept[1], key, new[key])
                    elif size == 2:
                        key, other = new
                        move = (kept[1], key, other, new[key], new[other])
                    else:
                        move = (kept[1], *new, *new.values())
                    found = known_moves.get(move)
                except TypeError:  # a list or a table in the change (a plugin's tuple is hashed): none kept
                    move = None
            if found is not None:  # the state this move made before, not a copy merged again (icount N=400: a
                merged = found[-1]  # v5 or middle trial 4.3% less, alternity 2.9%, fate 2.7%, giro 1.3%, dice 0.6%)
                if ordered is not None and ordered.get(name) is state and len(merged) == len(state):
                    ordered[name] = merged  # (as a merge in order of its length would be: the same keys)
            # as kept here: nothing to reorder (the state made last, known at once; another, by its keys)
            elif ((ordered is not None and ordered.get(name) is state) or (shape := tuple(state)) in in_order
                    or _in_order(shape, keys, in_order)):
                # Whether it moves a field, and whether it drops one (sets it to None, which no kept state holds),
                # in one walk of what it sets. (A loop, not new.items() <= state.items(), whose views make a tuple
                # of each item to compare it: icount, a middle trial 0.2% less; a value compared as the views
                # compare it, itself first. What it drops asked in the same walk, not by None in new.values(), a
                # view and a comparison with None of each value: icount, a middle trial 0.49% less, alternity 0.21%)
                moves = drops = False
                for key in new:
                    value = new[key]
                    if value is None:
                        drops = True
                    elif not moves and (key not in state or ((had := state[key]) is not value and had != value)):
                        moves = True
                if not (moves or drops):
                    continue  # nothing moves (a recovery with nothing to recover), without building a copy to compare
                merged = {**state, **new}  # other than the state (a value of ``new`` is not the state's)...
                if drops:  # ...unless what it set is dropped
                    merged = _kept(merged)
                    if merged == state:
                        continue
                elif ordered is not None and len(merged) == len(state):  # in order still: of its length, its keys
                    ordered[name] = merged
            else:
                merged = _in_template_order(state, keys)
                merged.update(new)
                if None in new.values():
                    merged = _kept(merged)
                if merged == state:
                    continue
            who.state = merged
            moved.append(name)
            if made is not None:
                made[name] = (merged, move, found)
    if scene is None:
        return moved
    effects, used = outcome.effects, outcome.used
    if effects:
        kept = []
        for effect in effects:
            if effect.on not in characters:
                from rolecli.plugins import PluginFailure

                raise PluginFailure(record, "its verb", TypeError(
                    f"it left an effect on {effect.on!r}, which is not a character of the campaign"))
            kept.append(scene.add(effect))
        outcome.effects = kept
    elif not used:
        return moved
    if used:
        scene.remove(used)
    ctx.effects = tuple(scene.effects)
    return moved


# (_subject and _in_template_order are functions of their own, not a generator and a comprehension in
# apply_changes: those would make its ``name`` and ``state`` cells at every call, for the seldom path
# that reads them; icount: a middle trial 0.25% less, alternity 0.18%)
def _subject(subjects, name: str) -> Character | None:
    """The character of ``subjects`` called ``name``, or None."""
    for character in subjects:
        if character.name == name:
            return character
    return None


def _in_template_order(state: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    """A copy of ``state`` with its fields in the order of ``keys`` (the template's
    state fields), leaving out any it does not hold."""
    return {k: state[k] for k in keys if k in state}


def _kept(state: dict[str, Any]) -> dict[str, Any]:
    """``state`` without its fields set to ``None``, dropped: a state kept holds
    no ``None``, as the campaign's TOML cannot."""
    return {k: v for k, v in state.items() if v is not None}


# id(info) -> (the SystemInfo, its state fields, the states' keys met in their order): see
# state_fields. Holding the SystemInfo keeps its id from being reused by another.
_STATE_FIELDS: dict[int, tuple[SystemInfo, tuple[str, ...], set[tuple[str, ...]]]] = {}
SHAPES = 1024  # the states' keys kept as known to be in the template's order, per system


def state_fields(info: SystemInfo) -> tuple[tuple[str, ...], set[tuple[str, ...]]]:
    """The template's state fields, in its order, and the states' keys met
    that are some of them in that order (a state that sets only some fields,
    as a v5 character's does): worked out once per system, not at every change
    a simulation keeps."""
    kept = _STATE_FIELDS.get(id(info))
    if kept is None or kept[0] is not info:
        kept = _STATE_FIELDS[id(info)] = (info, tuple(f.key for f in info.template if f.state), set())
    return kept[1], kept[2]


def _in_order(shape: tuple[str, ...], keys: tuple[str, ...], in_order: set[tuple[str, ...]]) -> bool:
    """Whether a state's keys (``shape``) are some of the template's state
    fields (``keys``) in its order: then the state is kept as it is."""
    held = set(shape)
    if shape != tuple(k for k in keys if k in held):
        return False
    if len(in_order) < SHAPES:
        in_order.add(shape)
    return True


def _print(system, spec, results, printer: Printer, lang: str, named: tuple[str | None, list[str] | None]) -> int:
    """Each result, as its envelope with ``--json``; ``named``: the actor and
    the targets (``None, None`` for a quick roll: no campaign character, only a throw-away)."""
    failed = False
    actor, targets = named
    for outcome, reads, left in results:
        payload = envelope(system.info.name, spec.name, outcome, reads, actor, targets, left)
        printer.result(payload, outcome.lines + dice_lines(reads, lang))
        failed |= outcome.success is False
    return 1 if failed else 0


def _run_campaign_odds(system, spec: ActionSpec, session, lang: str, printer: Printer, rules, kw) -> int:
    """``rolecli odds VERB ACTOR ...``: the odds on the current campaign's characters, with its rule options."""
    from rolecli import campaign as store
    from rolecli.plugins import system_info

    root, name = store.chosen_campaign(session.campaigns, session.campaign)
    camp = store.load_campaign(root, name, system_info)
    characters = {k: copy.deepcopy(v) for k, v in camp.characters.items()}
    ctx = Context(lang, DiceSource(0), rule_options(camp.info, camp.options, rules), characters)
    actor, target = kw.pop("subject_actor", None), kw.pop("subject_target", None)
    action = Action(spec.name, convert(spec, kw), find_character(characters, actor, name) if actor else None,
                    find_character(characters, target, name) if target else None)
    return _run_odds(with_house(system, ctx.options), spec, ctx, printer, action, kw)


def _run_odds(system, spec: ActionSpec, ctx: Context, printer: Printer, action: Action, kw) -> int:
    from rolecli.i18n import t

    lang = ctx.lang
    for name, value in action.params.items():
        if isinstance(value, Rolled):
            raise RoleError(f"{name} {value}: exact odds take a plain number here, not dice; give the number to "
                            "reckon with (each of its values has its own odds).")
    action, ctx = complete(system.info, action, ctx)
    odds = system.hooks.rolecli_odds(action=action, ctx=ctx)
    if odds is None:
        raise RoleError(f"system {system.info.name!r} cannot compute odds for {spec.name!r}.")
    exact = {k: f"{p.numerator}/{p.denominator}" for k, p in odds.outcomes.items()}
    payload = {"system": system.info.name, "action": spec.name,
               "outcomes": {k: {"p": exact[k], "p_float": float(p)} for k, p in odds.outcomes.items()}}
    rows = [[f"{float(p):.4%}", exact[k], odds.labels[k](lang) if k in odds.labels else k]
            for k, p in odds.outcomes.items()]
    who = [c.name for c in (action.actor, action.target) if c is not None]
    # (a list option as it is typed, by commas: given again, it is a list of what each time gave)
    given = " ".join(who + [f"{k}={','.join(v) if isinstance(v, list) else v}" for k, v in kw.items()
                            if v not in (None, False, "", (), [])])
    printer.table(payload, f"{system.info.names(lang)}: {spec.name} {given}",
                  ["%", t("exact", lang), t("outcome", lang)], rows, odds.lines)
    return 0
