"""An attack (002-R20, R44): a check whose degree picks the entry of the damage rating,
landed on the target through the one pipeline of hits."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any, Hashable, Mapping

from rolecli.contract import Action, Character, Context, Label, Outcome, Refused, keep_at_most, worked_out

from . import damage as D
from . import labels as L
from . import system
from .check import SUCCEEDS, CheckResult, Ready, check_head, json_over, ready_check, rolled
from .hits import hits_met, land_hit
from .last_resort import spend, spent_on, spent_state
from .sheet import DAZING, dazing, kept_state, last_resorts_max
from .situation import Prepared, prepare

ATTACK = Label("ataque", "attack")
NO_DAMAGE = Label("Sin daño.", "No damage.")


@functools.lru_cache(maxsize=256)  # the same targets resist at every exchange of a simulation
def _resistance_of(name: str, lang: str) -> str:
    return Label(f"resistencia de {name}", f"{name}'s resistance")(lang)


_RESISTANCE = {"str": "res_fue", "dex": "res_des"}  # the target's sheet field that --resist adds

# The rule options an attack's plan (:func:`_plan`) reads: it is keyed by them, besides its actor's
# sheet, its parameters and the marks that make its actor Dazed (DAZING). (Whether a hit waits for
# the end of the phase read by the plan, not at every hit: icount 3.650M -> 3.646M a trial.)
_OPTIONS = itemgetter("dazed_stun", "dazed_wound", "help_stack", "clamp_bonus", "phase_damage")

# The attack's parameters, as declared: the core gives a hook every one (completed), so a plan's
# key reads their values by name in one go, in this order, with no tuple of the names beside them.
_DECLARED = tuple(param.name for action in system.ACTIONS if action.name == "attack" for param in action.params)
_DECLARED_VALUES, _DECLARED_COUNT = itemgetter(*_DECLARED), len(_DECLARED)

# The fields an attack writes over its check's head, in the order it first writes them: its
# roll's (as json_over writes them, read from it) and its own. Its plan's head holds them all
# (None until written), so an attack's table is a copy of one of every field, each then
# written in place: no field added, and no table grown, at every attack (icount: -0.4%).
_WRITTEN = dict.fromkeys((*json_over({}, 1, [], 1, "ordinary", ()),
                          "rolled_degree", "last_resorts_spent", "target_last_resorts_spent", "damage"))


# (not a named tuple: read by name, for Python 3.11 unpacks a tuple subclass with no specialized
# path, at every attack: icount 3.9004M -> 3.8870M a trial)
@dataclass(frozen=True, slots=True)
class Plan:
    """What an attack reads before it rolls: the damage rating's entry for each degree that
    deals damage (:func:`damage.pick`, 002-R20) and why its dice are read, the roll made ready (its situation die,
    002-R3/R4, the target's resistance among its steps; and how it is checked, 002-R5/R6), the
    JSON fields of its check before the roll's own (:func:`check_head`), then every field the
    attack writes after them, None until written (:data:`_WRITTEN`), the tables of the rolls
    met (:func:`_roll_data`), the last resort policies, whether its hit waits for the end of the phase,
    and where the plan is of one target (an action's plan's, :class:`_Caller`), the hits met on
    its target's sheet (:func:`hits.hits_met`), else None.
    Shared by every attack of the same plan: read it, do not change it."""

    damage: Mapping[str, tuple[D.Entry, str]]
    prep: Prepared
    ready: Ready
    head: dict[str, Any]
    rolls: tuple[dict[int, dict[str, Any]], ...] | None
    own: str       # the last resort policies of the attacker and of the target (002-R44)
    against: str
    spent_on: frozenset[str]  # the degrees the spending side's policy spends points on (last_resort.spent_on)
    queue: bool  # a hit waits for the end of the phase (002-R9)
    # (held, not looked up at every hit: icount -0.9% a trial, hits.hits_met; a memo, not what the plan is)
    hits: dict[tuple, Any] | None = field(compare=False, repr=False)


def _plan(p: dict[str, Any], ctx: Context, actor: Character | None, target: Character | None,
          called: Hashable | None = None) -> Plan:
    """The attack's :class:`Plan`: the same for the same parameters, sheets, marks and
    options, so worked out once per actor's sheet for each (every exchange of a simulation
    plays the same few attacks) in one look-up, keyed by all it reads. The parameters are
    keyed by the action's plan where the core gives one (``called``:
    :attr:`~rolecli.contract.Action.plan`, an encounter's); else, when they are the declared
    ones (as the core completes them), as their values read by name in one go, in the
    declared order (:data:`_DECLARED`; the plan reads them by name, never by where they
    stand); any others as two tuples, their names and their values (the names make a dict
    given in another order another key, never another's plan). Kept by the action's plan, the
    plans are kept for the rest it reads (:class:`_Caller`) rather than on the sheet."""
    if actor is None:  # no sheet to keep it on: a quick roll, made once
        return _planned(p, ctx, actor, target, None)
    if called is not None:
        # (the action's plan looked up as it is, its few callers matched by identity, and the actor's
        # marks read only for a state not met last: no key of the options, language, target and marks
        # built and hashed at every exchange, no memo of the sheet's looked up: icount 3.833M -> 3.760M a trial)
        # (names set by a statement: a tuple built by a conditional expression and unpacked, here and at
        # the attack's spend, cost 0.3% of a trial: icount 3.5116M -> 3.5004M)
        if target is not None:
            target_sheet, target_name = target.sheet, target.name
        else:
            target_sheet = target_name = None
        # the caller met last for the plan, matched by identity in one test: a simulation's plan is one
        # fighter's against one target, its caller the one met last; the plan's callers walked only where
        # it is another (icount N=400 2.4050M -> 2.3943M, -0.44%)
        caller = _LAST_CALLER.get(called)
        if caller is None or caller.sheet is not actor.sheet or caller.target_sheet is not target_sheet \
                or caller.target_name != target_name or caller.table is not ctx.options or caller.lang != ctx.lang:
            caller = _caller(called, actor.sheet, target, target_sheet, target_name, ctx.options, ctx.lang)
        if actor.state is caller.state:  # (a state is never changed in place: the one met last, its plan)
            return caller.plan
        # its plan found by the marks as its state holds them, as kept_state gives them where it holds
        # all four, none None (no kept_state called, nor a state new to it laid out: icount 2.9624M ->
        # 2.9486M over 400 trials); else by its marks as kept, below
        try:
            plan = caller.by_marks.get(DAZING(actor.state))
        except KeyError:  # a state that lacks one (a campaign's)
            plan = None
        if plan is None:
            st = kept_state(actor)
            plan = caller.by_marks.get(marks := DAZING(st))
            if plan is None:  # marks met anew: most daze as marks met before (a few stun more), their plan found
                plan = caller.by_dazing.get(dazed := dazing(actor, st))
                if plan is None:
                    plan = keep_at_most(caller.by_dazing, dazed, _planned(p, ctx, actor, target, st, caller.hits),
                                        _MARKS_LIMIT)
                keep_at_most(caller.by_marks, marks, plan, _MARKS_LIMIT)
        caller.state, caller.plan = actor.state, plan
        return plan
    st = kept_state(actor)
    field = _RESISTANCE.get(p.get("resist"))
    resisted = (target.name, target.sheet.get(field)) if field is not None and target is not None else None
    # (the marks last: a plan first met on them is sought by what of them dazes, _dazed_plan)
    try:  # (every declared name, and no other: as many as declared, each found)
        given = _DECLARED_VALUES(p) if len(p) == _DECLARED_COUNT else None
    except KeyError:
        given = None
    key = ("attack", given, _OPTIONS(ctx.options), ctx.lang, resisted, DAZING(st)) if given is not None \
        else ("attack", tuple(p), tuple(p.values()), _OPTIONS(ctx.options), ctx.lang, resisted, DAZING(st))
    return worked_out(actor.sheet, key, _dazed_plan, key, p, ctx, actor, target, st)


def _caller(called: Hashable, sheet: Mapping[str, Any], target: Character | None, target_sheet: Any,
            target_name: str | None, table: Mapping[str, Any], lang: str) -> _Caller:
    """The caller of the action's plan ``called`` for the actor's ``sheet``, its target, the
    table of options and the language, found among the plan's callers or made, kept as the one
    met last for the plan (:data:`_LAST_CALLER`)."""
    known = _CALLED.get(called)
    if known is None:
        known = keep_at_most(_CALLED, called, [], _CALLED_LIMIT)
    for caller in known:  # (a side's plan is its every fighter's: this actor's found by its sheet)
        if caller.sheet is sheet and caller.target_sheet is target_sheet and caller.target_name == target_name \
                and caller.lang == lang:
            # the rule options matched by their table first (a table of options is not changed in
            # place: the core completes one into another), else by the values the plan reads,
            # that table then kept (icount 3.728M -> 3.702M a trial)
            if caller.table is table:
                break
            if caller.options == _OPTIONS(table):
                caller.table = table
                break
    else:
        if len(known) >= _CALLERS_LIMIT:  # (parameters swept by a script: never a fight's few)
            known.clear()
        caller = _Caller(sheet, target, table, lang)
        known.append(caller)
    return keep_at_most(_LAST_CALLER, called, caller, _CALLED_LIMIT)


class _Caller:
    """The plans of one action's plan (:attr:`~rolecli.contract.Action.plan`, which promises the
    parameters) for what it does not promise: the actor's and the target's sheets (read for the
    roll made ready and the resistance), the target's name (which names the resistance), the
    rule options the plan reads (:data:`_OPTIONS`, their values) and the language; kept by the
    actor's marks (DAZING) and by what of them dazes (:func:`sheet.dazing`), as :func:`_plan`
    keeps them on the sheet where there is no action's plan."""

    __slots__ = ("sheet", "target_sheet", "target_name", "options", "table", "lang", "by_marks", "by_dazing", "state", "plan",
                 "hits")

    def __init__(self, sheet: Mapping[str, Any], target: Character | None, table: Mapping[str, Any], lang: str) -> None:
        self.sheet, self.lang = sheet, lang
        if target is not None:
            self.target_sheet, self.target_name, self.hits = target.sheet, target.name, hits_met(target)
        else:
            self.target_sheet = self.target_name = self.hits = None
        self.options = _OPTIONS(table)  # (the values of the options the plan reads)
        self.table = table              # (the table of options they were last matched in)
        self.by_marks: dict[tuple, Plan] = {}
        self.by_dazing: dict[tuple, Plan] = {}
        self.state: Mapping[str, Any] | None = None  # the actor's state met last (None: none yet, never a state) and its plan
        self.plan: Plan | None = None


# an action's plan -> its callers (_Caller): a simulation plays a few plans, each by a side's few fighters
_CALLED: dict[Hashable, list[_Caller]] = {}
# an action's plan -> its caller met last
_LAST_CALLER: dict[Hashable, _Caller] = {}
_CALLED_LIMIT, _CALLERS_LIMIT, _MARKS_LIMIT = 1024, 64, 4096


def _dazed_plan(key: tuple, p: dict[str, Any], ctx: Context, actor: Character, target: Character | None,
                st: Mapping[str, Any]) -> Plan:
    """The plan of marks met the first time (``key``: :func:`_plan`'s, the marks last): the
    plan of marks that daze alike (:func:`sheet.dazing`), kept under them, for the plan reads
    the marks only as they daze (its roll made ready, :func:`situation.prepare`). Most marks
    met anew daze as marks met before (a few stun more): their plan is found, not made."""
    return worked_out(actor.sheet, ("attack as dazed", key[:-1], dazing(actor, st)), _planned, p, ctx, actor, target, st)


def _planned(p: dict[str, Any], ctx: Context, actor: Character | None, target: Character | None,
             st: Mapping[str, Any] | None, hits: dict[tuple, Any] | None = None) -> Plan:
    """:func:`_plan`, worked out (``hits``: its target's hits met, where the plan is of that
    target alone)."""
    lang = ctx.lang
    own, against = p.get("last_resort", "no"), p.get("target_last_resort", "no")
    # (checked once per plan, not at every attack: icount 3.653M -> 3.650M a trial)
    if own != "no" and against != "no":
        raise Refused(Label("los últimos recursos no se contrarrestan: solo un bando puede gastarlos en una acción (002-R44).",
                            "last resorts cannot counter each other: only one side may spend them on an action (002-R44)."))
    entries = D.parse_rating(p["damage"])
    # (a success's degree is one of them; why its dice are read kept with it: a cached call at every hit, 0.2% of a trial)
    damage = {degree: (entry := D.pick(entries, degree), D.reason(entry.text, lang)) for degree in D.RATING_DEGREES}
    extra = []
    if p.get("resist", "none") != "none":
        if target is None:
            raise Refused(Label("--resist necesita un objetivo (--target).", "--resist needs a --target."))
        val = int(target.sheet.get(_RESISTANCE[p["resist"]]) or 0)
        if val:
            extra.append((val, _resistance_of(target.name, lang)))
    # (an actor whose sheet holds no point spends none if failed: no spend asked at its every failed
    # attack, the sample's rifleman's 1.3 a trial: icount N=400 2.7607M -> 2.7528M, -0.29%)
    holds = own != "if-failed" or actor is None or last_resorts_max(actor) > 0
    prep = prepare(p, ctx, actor, p["score"], extra=extra, st=st)
    head = check_head(prep.json, prep.score, prep.rung)
    head.update(_WRITTEN)
    ready = ready_check(prep.score, prep.rung, ATTACK(lang), lang, bool(p.get("cannot_fail")), bool(p.get("too_hard")))
    # (by control die, 1 to 20: the first unread; where it reads at most one situation die, _roll_data)
    rolls = tuple({} for _ in range(21)) if len(ready.situation_whys) <= 1 else None
    spends = spent_on(own, True, holds) if against == "no" else spent_on(against, False)
    return Plan(damage, prep, ready, head, rolls, own, against, spends,
                ctx.options["phase_damage"] == "end_of_phase", hits)


def do_attack(action: Action, ctx: Context) -> Outcome:
    actor, target = action.actor, action.target
    plan = _plan(action.params, ctx, actor, target, action.plan)
    control, values, total, degree, notes = rolled(ctx, plan.ready)
    explain = ctx.explain  # the lines are written only for someone to read (Context.explain)
    if explain:  # (its language and its result read only to be told)
        lang, ready = ctx.lang, plan.ready
        lines = [plan.prep.line(lang), CheckResult(ready.score, ready.rung, control, values, total, degree, notes).line(lang)]
    else:
        lines = []
    # points spent (002-R44) asked only at a degree the spending side's policy spends on (one side at most,
    # _planned): most attacks ask neither policy (icount 3.845M -> 3.840M; both asked: N=400 2.6117M -> 2.6062M)
    if degree in plan.spent_on:
        if plan.against == "no":
            key, pts, line = spend(plan.own, degree, actor, ctx)
            tpts = 0
        else:
            key, tpts, line = spend(plan.against, degree, target, ctx, own=False)
            pts = 0
        if line:
            lines.append(line)
    else:  # (set by statements, no tuple built and unpacked: _plan says what it saved)
        key = degree
        pts = tpts = 0
    # one table, the check's fields over the roll's, then the attack's own (the same order as
    # ``prep.json | res.as_json() | {...}``), a copy of the one the roll wrote with no last
    # resort spent (_roll_data), kept by the plan for each way its dice fall (its lists shared:
    # read them, do not change them); the degree, its success and the points written again
    # only where a last resort was spent. (A dozen fields written at every attack cost 0.4% of
    # a trial, and a call to find the table kept 0.3%: icount.) A failure with no point spent
    # writes nothing over it: its table is the one kept, shared as the contract lets a result
    # be (read it, do not change it; a copy at every such attack cost 0.2% of a trial, icount
    # 3.9251M -> 3.9179M).
    success, bad_luck = SUCCEEDS[key], "bad_luck" in notes  # (bad luck as the check writes it, json_over)
    record = ctx.record
    if record:
        rolls = plan.rolls
        made = rolls[control].get(total) if rolls is not None else None
        if made is None:
            made = _roll_data(rolls, plan.head, control, values, total, degree, notes)
        if success or pts or tpts:  # (a degree changes only by points spent)
            data = made.copy()
            if key != degree:
                data["degree"], data["success"] = key, success
            if pts:
                data["last_resorts_spent"] = pts
            if tpts:
                data["target_last_resorts_spent"] = tpts
        else:
            data = made
    else:
        # where no one reads the data (Context.record: a simulation's trials with no house rule),
        # none: all it holds only records, what happened (the degree, points spent and damage) as
        # well as the check's fields, dice and notes and the hit's record (icount: what happened
        # alone kept, 3.0059M -> 2.9625M over 400 trials; all of it, 2.9089M -> 2.8732M a trial)
        data = {}
    # its changes in a table of its own, given to its Outcome once made (by place: an Outcome made
    # with keywords gets a table made of them), read and set as a local (the Outcome's read at
    # each, and asked for the target's spend at every hit: icount 3.3349M -> 3.3297M over 400 trials)
    changes: dict[str, dict[str, Any]] = {}
    if (pts or bad_luck) and actor is not None:  # (what most attacks lack asked first)
        changes[actor.name] = spent_state(actor, pts, bad_luck)
    if tpts and target is not None:
        changes[target.name] = spent_state(target, tpts)
    if not success:
        if explain:
            lines.append(NO_DAMAGE(lang))
        return Outcome(data, lines, success, changes)
    entry, why = plan.damage[key]
    amount, damage = D.roll_record(ctx, entry, why)
    if record:
        data["damage"] = damage
    if explain:
        lines.append(Label(f"Daño {L.degree(key, lang)}: {entry.text} = {amount} de {L.track(entry.track, lang)}.",
                           f"{L.degree(key, lang)} damage: {entry.text} = {amount} {L.track(entry.track, lang)}.")(lang))
    if target is not None:  # its change: what it spent, if anything, and what the hit sets
        # (set by statements, no tuple built and unpacked: _plan says what it saved; its state as it stands,
        # None, where it spent nothing: land_hit finds a hit met before by the marks as the state holds them)
        spent = changes.get(target.name) if changes else None
        sets, rep, more = land_hit(target, {**kept_state(target), **spent} if spent else None, entry.track, amount, ctx,
                                     plan.queue, plan.hits)
        changes[target.name] = {**spent, **sets} if spent else sets
        if more:  # (none where nobody reads them)
            lines.extend(more)
        # its record, kept by report and name: found here, called for only when first met (a
        # call at every hit cost 0.1% of a trial, icount 3.838M -> 3.833M)
        if record:
            laid = _LAID.get(id(rep))
            hit = laid[1].get(target.name) if laid is not None and laid[0] is rep else None
            data["target"] = hit if hit is not None else _target_record(target.name, rep)
    return Outcome(data, lines, success, changes)


def _roll_data(rolls: tuple[dict[int, dict[str, Any]], ...] | None, head: dict[str, Any], control: int,
               values: list[int], total: int, degree: str, notes: tuple[str, ...]) -> dict[str, Any]:
    """An attack's table as its roll writes it over its plan's ``head`` (:func:`json_over`),
    with the degree rolled and no last resort spent, its damage None until rolled; kept in
    ``rolls``, its plan's, by its control die, then total (as the check's rolls are, :func:`check._rolls`:
    a tuple of the two made, hashed and compared at every attack cost 0.3% of a
    trial: icount 3.4964M -> 3.4848M), where the plan's check reads at most
    one situation die (else ``rolls`` is None): such a check rolls the same dice, degree and
    notes for the same control die and total. The attack writes on a copy of it."""
    data = json_over(head, control, values, total, degree, notes)
    data["rolled_degree"], data["last_resorts_spent"], data["target_last_resorts_spent"] = degree, 0, 0
    if rolls is not None:
        rolls[control][total] = data
    return data


def _target_record(name: str, rep: Mapping[str, Any]) -> dict[str, Any]:
    """The record of the hit on the target: ``{"name": name, **rep}``, made once per report
    (a hit worked out alike shares its report, :func:`hits.land_hit`) and name, and shared
    as the report is: read it, do not change it (a house rule is given a copy to change). A
    table made of the report's dozen fields at every hit cost 0.3% of a trial."""
    laid = _LAID.get(id(rep))
    if laid is None or laid[0] is not rep:
        laid = keep_at_most(_LAID, id(rep), (rep, {}), _LAID_LIMIT)
    record = laid[1].get(name)
    if record is None:
        record = laid[1][name] = {"name": name, **rep}
    return record


# id(report) -> (the report itself, its records by name): the reports of the hits met (as
# sheet.kept_state keeps the states seen, an entry holds its report, so that no other table
# takes its id while it is here; a report is never changed once made). Emptied whole when full.
_LAID: dict[int, tuple[Mapping[str, Any], dict[str, dict[str, Any]]]] = {}
_LAID_LIMIT = 1024
