"""Action checks, surprise and initiative (002-R7..R13, R47): the phase a character
starts acting in, and the round's order."""

from __future__ import annotations

import functools
from operator import itemgetter
from typing import Any, Mapping, Sequence

from rolecli.contract import Action, Character, Context, Label, Outcome, Refused, keep_at_most, worked_out

from . import check as C
from . import labels as L
from .check import RANK, CheckResult, Ready, ready_check, roll_check, rolled
from .combat import PHASES, TURN_NAME, Entrant, first_order, phase_of, ranked, scheduled, surprise_phase, usable_actions
from .last_resort import spend, spent_state
from .sheet import action_check_score, actions_per_round, dazing, find_skill, kept_state, state
from .situation import prepare
from .status import unable


def do_surprise(action: Action, ctx: Context) -> Outcome:
    p = action.params
    lang = ctx.lang
    actor = action.actor
    prepared = int(p.get("prepared") or 0)
    score_text = p.get("score")
    if score_text is None and actor is not None:
        names = (("Percepción-percepción", "Awareness-perception") if prepared else ("Percepción-intuición", "Awareness-intuition")) \
            + ("Percepción", "Awareness")
        score, kind, name = find_skill(actor, names, "VOL")
        score_text = str(score)
        prep = prepare({"steps": p.get("steps", 0)}, ctx, actor, score_text, kind=kind, name=name,
                       extra=[(-prepared, Label("preparado", "prepared")(lang))] if prepared else [])
    else:
        prep = prepare({"steps": p.get("steps", 0)}, ctx, actor, score_text,
                       extra=[(-prepared, Label("preparado", "prepared")(lang))] if prepared else [])
    res = roll_check(ctx, prep.score, prep.rung, Label("sorpresa", "surprise")(lang))
    surprised = not res.success
    lines = [prep.line(lang), res.line(lang),
             Label("Sorprendido: no actúa en la fase de sorpresa." if surprised else "No sorprendido: puede actuar una vez en la fase de sorpresa.",
                   "Surprised: no action in the surprise phase." if surprised else "Not surprised: may act once in the surprise phase.")(lang)]
    return Outcome(res.as_json(prep.json) | {"surprised": surprised}, lines, success=not surprised)


def do_action_check(action: Action, ctx: Context) -> Outcome:
    p = action.params
    lang = ctx.lang
    actor = action.actor
    score_text = p.get("score")
    if score_text is None and actor is not None:
        score_text = str(action_check_score(actor))
    prep = prepare({"steps": p.get("steps", 0)}, ctx, actor, score_text, kind="action")
    res = roll_check(ctx, prep.score, prep.rung, Label("tirada de acción", "action check")(lang), marginal=True)
    lines = [prep.line(lang), res.line(lang)]
    key, pts, spent_line = spend(p.get("last_resort", "no"), res.degree, actor, ctx)
    if spent_line:
        lines.append(spent_line)
    degree = C.AS_ACTION_CHECK.get(key, key)
    actions = p.get("actions") or (actions_per_round(actor) if actor else 1)
    phase = phase_of(degree)
    delay = p.get("delay", "none")
    data = res.as_json(prep.json) | {"degree": degree, "phase": phase, "actions": actions,
                                              "last_resorts_spent": pts}
    if delay == "next_round":
        if RANK.get(key, 0) < RANK["ordinary"]:
            raise Refused(Label("para esperar al asalto siguiente hace falta una tirada de acción de al menos Ordinario (002-R13).",
                                "waiting for the next round needs an action check of at least Ordinary (002-R13)."))
        data.update(usable_actions=0, lost_actions=actions, next_round="amazing")
        lines.append(Label(f"Espera todo el asalto ({actions} acciones): el asalto siguiente cuenta como Asombroso y actúa el primero.",
                           f"Waits the whole round ({actions} actions): next round it counts as Amazing and acts first.")(lang))
    else:
        start = phase
        if delay != "none":
            if PHASES.index(delay) < PHASES.index(phase):
                raise Refused(Label(f"no se puede posponer a una fase anterior a la propia ({L.PHASES[phase].es}).",
                                    f"cannot delay to a phase before your own ({phase})."))
            start = delay
        usable = 1 if degree == "critical_failure" else usable_actions(actions, start)
        data.update(usable_actions=usable, lost_actions=actions - usable, first_phase=start)
        lines.append(Label(f"Actúa desde la {L.PHASES[start](lang)}: {usable} de {actions} acciones"
                              + (f" ({actions - usable} se pierden al final del asalto)" if actions > usable else "") + ".",
                           f"Acts from the {L.PHASES[start](lang)}: {usable} of {actions} actions"
                        + (f" ({actions - usable} lost at the end of the round)" if actions > usable else "") + ".")(lang))
        if degree == "critical_failure":
            lines.append(Label("Fallo Crítico: actúa el último en la fase Marginal.",
                               "Critical Failure: acts last in the Marginal phase.")(lang))
    out = Outcome(data, lines, success=None)
    if actor is not None and (pts or res.bad_luck or delay == "next_round"):
        out.changes[actor.name] = spent_state(actor, pts, res.bad_luck)
        if delay == "next_round":
            out.changes[actor.name]["delayed"] = True
    return out


_NO_PARAMS: dict[str, Any] = {}  # an entrant's action check takes no parameters (prepare only reads them)


@functools.lru_cache(maxsize=256)  # every round names each entrant's action check anew
def _action_check_of(name: str, lang: str) -> str:
    return Label(f"tirada de acción de {name}", f"{name}'s action check")(lang)


_NOBODY: frozenset[str] = frozenset()

# What an entrant's action check reads besides its sheet, its name and the marks that make it
# Dazed (DAZING): the rule options (and the language) of its roll.
_OPTIONS = itemgetter("dazed_stun", "dazed_wound", "clamp_bonus")

# The rules (_OPTIONS' values and the language) met last, with the table of options and the
# language they were read from: an encounter hands every call the same table, never changed in
# place (Context.options), so its rules are the same tuple at every round, and an entrant met
# last on them is known by their identity (a tuple made and compared with the entrant's at every
# round cost 0.24% of a trial: icount 3.4852M -> 3.4767M over 400 trials).
_RULES_MET: list[Any] = [None, None, ()]


# What an entrant's part of a round reads of its kept state: the marks that make it Dazed (as DAZING
# reads them), why it cannot act (status.unable: its condition, its knockout's cause and its rounds
# out) and whether it waited the round before.
_ENTRANT_READS = itemgetter("mortal", "fatigue", "stun", "wound", "status", "ko_cause", "out_rounds", "delayed")

# An entrant's part as _ENTRANT_READS' values give it: why it cannot act (None where it can), its entry
# (None where it cannot act) and whether it waited the round before.
Taken = tuple[Any, "_Entry | None", bool]


class _Met:
    """An entrant as last met (:data:`_LAST_ENTRY`): the sheet, state and rules it was met on, its
    part (Taken) and its parts on that sheet and rules by what they read (:func:`_entries`); its
    fields set anew as it is met on another state (a tuple of the five made at each of the ~11 a trial:
    icount N=400 2.7528M -> 2.7472M, N=1000 2.5274M -> 2.5220M); its sheet and rules asked once, not
    again for a state met anew, two in three (icount N=400 2.6062M -> 2.6033M)."""

    __slots__ = ("sheet", "state", "rules", "taken", "entries")


# name -> each entrant as last met (_Met)
_LAST_ENTRY: dict[str, _Met] = {}
_LAST_ENTRY_LIMIT, _MARKS_LIMIT = 1024, 4096


def _met_anew(ch: Character, rules: tuple, last: _Met | None) -> _Met:
    """``ch`` as met on its sheet and ``rules`` (``last``: its name's entrant as last met, on
    others, or None: a name met first, the memo grown by one), with its parts on them
    (:func:`_entries`) and no state met yet."""
    if last is None:
        last = keep_at_most(_LAST_ENTRY, ch.name, _Met(), _LAST_ENTRY_LIMIT)
    last.sheet, last.rules, last.entries, last.state = ch.sheet, rules, _entries(ch, rules), None
    return last


def _entries(ch: Character, rules: tuple) -> dict[tuple | int, Any]:
    """The parts of ``ch`` on its sheet, for its name and ``rules``, by what they read of its kept
    state (:data:`_ENTRANT_READS`; each entry that of the marks that daze alike, :func:`_dazed_entry`),
    and by the state objects met (``id(state)``: the state, held, and its part, Taken):
    one table, held with the entrant as last met, so that a state met anew finds its part by those
    values alone, with no kept state laid out nor why it cannot act asked (the sheet's memo looked up
    with a key of the name, marks and rules, given three arguments, at each of the ~9 a trial cost
    0.5% of a trial: icount 3.3528M -> 3.3349M over 400 trials; its kept state and why it cannot act
    asked at each of the ~9, 0.74%: icount 2.8423M -> 2.8213M over 400 trials)."""
    return worked_out(ch.sheet, ("entries", ch.name, rules), dict)


def _taken(ch: Character, rules: tuple, entries: dict[tuple | int, Any]) -> Taken:
    """The part of ``ch`` in a round for a state whose values (:data:`_ENTRANT_READS`) ``entries``
    lacks, from its kept state, kept there by those values."""
    st = kept_state(ch)
    out = unable(st)  # the unconscious roll to wake instead of an action check (002-R31), even if forced in
    taken = out, None if out is not None else _dazed_entry(ch, st, rules), st["delayed"]
    return keep_at_most(entries, _ENTRANT_READS(st), taken, _MARKS_LIMIT)


class _Entry:
    """An entrant's part of the initiative, the same at every round for the same sheet,
    name, and marks that daze alike (002-R7, R11, R26; :func:`_dazed_entry`): its name,
    action check score and actions per round, its action check made ready
    (:func:`ready_check`) once it first rolls one, and what it takes in a round, an
    :class:`Entrant` and its record in the initiative's ``checks``: after a special delay
    (``waiting``); for each degree its check rolls, its entrant (``placed``, by the degree
    as the check rolls it: the same degree places it alike, made once for each); and for each
    roll, its record (``records``, by control die, then total: the same roll of the same check
    has the same degree, hence the same phases and turns, and the same record; as many as its
    check's rolls, bounded by its dice), looked up only where someone records it (an
    entrant's round's fields set anew at every round, its turns ranked and placed one by one and its record
    found after the schedule, in three loops over the entrants, cost 1.8% of a trial: icount
    3.5477M -> 3.4852M over 400 trials; its entrant looked up by the degree alone, not by
    control die and total, where nobody records it: icount N=400 2.6224M -> 2.6117M). Shared
    through the sheet's memo: only ``ready`` is set, once, and entrants and records added."""

    __slots__ = ("name", "score", "actions", "ready", "waiting", "placed", "records")

    def __init__(self, name: str, score: int, actions: int) -> None:
        self.name, self.score, self.actions = name, score, actions
        self.ready: Ready | None = None
        waiting = Entrant(name, score, "amazing", actions, True)  # (002-R13)
        self.waiting = waiting, waiting.record(None)
        self.placed: dict[str, Entrant] = {}
        self.records: tuple[dict[int, dict[str, Any]], ...] = tuple({} for _ in range(21))  # (1 to 20: the first unread)

    def place(self, degree: str) -> Entrant:
        """The entrant of a degree not rolled before (``degree``: the roll's, as a check's), kept."""
        e = self.placed[degree] = Entrant(self.name, self.score, C.AS_ACTION_CHECK.get(degree, degree), self.actions)
        return e

    def record(self, e: Entrant, control: int, total: int) -> dict[str, Any]:
        """The record of a roll not met before (its entrant ``e``), kept."""
        made = self.records[control][total] = e.record((control, total))
        return made


def _sheet_entry(ch: Character) -> _Entry:
    """A character's entry, from its sheet: its action check score and actions per round."""
    return _Entry(ch.name, action_check_score(ch), actions_per_round(ch))


def _dazed_entry(ch: Character, st: Mapping[str, Any], rules: tuple) -> _Entry:
    """The entry of a state whose values an entrant's parts lack (:func:`_taken`): the entry
    of the marks that daze alike (:func:`sheet.dazing`), kept under
    them, for an entry reads the marks only as they daze (its action check made ready,
    :func:`situation.prepare`), as an attack's plan does (:func:`attack._dazed_plan`): its
    entrants are then met again on other marks, not made anew for each (3.7 a trial
    made, its action check made ready 0.3: icount 3.3344M -> 3.3092M a trial, -0.8%)."""
    return worked_out(ch.sheet, ("entrant as dazed", ch.name, dazing(ch, st), rules), _sheet_entry, ch)


def _ready(entry: _Entry, ch: Character | None, st: Mapping[str, Any] | None, ctx: Context) -> Ready:
    """The entrant's action check made ready: its score, its situation die (its Dazed
    steps, 002-R26) and why each die is read; kept on its entry (the caller reads one
    kept there first)."""
    prep = prepare(_NO_PARAMS, ctx, ch, entry.score, kind="action", modifiers=False, st=st)
    ready = entry.ready = ready_check(prep.score, prep.rung, _action_check_of(entry.name, ctx.lang), ctx.lang)
    return ready


def _given(p: Mapping[str, Any]) -> list[_Entry]:
    """The entrants given as text (``Name=score`` or ``Name=score:actions``), every one read
    before any rolls: one written wrong rolls nothing."""
    given = []
    for text in p.get("entrants") or ():
        name, _, rest = str(text).partition("=")
        score_s, _, acts = rest.partition(":")
        try:
            score, acts_n = int(score_s), int(acts or 1)
        except ValueError:
            raise Refused(Label(f"participante {text!r}: escribe Nombre=puntuación o Nombre=puntuación:acciones.",
                                f"entrant {text!r}: write Name=score or Name=score:actions.")) from None
        given.append(_Entry(name.strip(), score, acts_n))
    if not given:
        raise Refused(Label("nadie para ordenar: nombra personajes de la campaña o usa --entrants Nombre=puntuación.",
                            "nobody to order: name campaign characters or use --entrants Name=score."))
    return given


def _named(names: Sequence[Any]) -> set[str]:
    """The names a list parameter gives (asked only where it gives some: most rounds name
    nobody, and two calls at every round cost 0.07% of a trial: icount 3.840M -> 3.838M)."""
    return {str(n).strip() for n in names}


def do_initiative(characters: Sequence[Character], action: Action, ctx: Context) -> Outcome:
    p = action.params
    lang = ctx.lang
    explain = ctx.explain  # the lines are written only for someone to read (Context.explain)
    record = ctx.record  # its phases, skipped and checks only record (Context.record)
    delayed, surprised = p.get("delayed"), p.get("surprised")
    delayed, surprised = _named(delayed) if delayed else _NOBODY, _named(surprised) if surprised else _NOBODY
    entrants: list[Entrant] = []
    lines: list[str] = []  # (those who do not act, told first)
    told: list[str] | None = [] if explain else None  # (then each entrant's roll, as listed)
    changes: dict[str, dict[str, Any]] = {}
    skipped = []
    checks: dict[str, dict[str, Any]] = {}
    given = None if characters else _given(p)  # (the entrants given as text, where no character is)
    if characters:
        options, read = ctx.options, _RULES_MET
        if read[0] is not options or read[1] != lang:
            rules = (*_OPTIONS(options), lang)  # (one flat tuple: a tuple within it is one more to hash)
            read[:] = options, lang, (read[2] if rules == read[2] else rules)
        rules = read[2]
    # Each entrant as listed, its action check rolled as it is met (one loop for the characters and
    # the entrants given as text, and no function called for each: icount 3.4638M -> 3.4569M over 400 trials)
    for who in characters or given:
        if given is None:  # a character
            ch = who
            # its kept state, why it cannot act (if it cannot) and its entry, worked out once per
            # sheet for each name, marks (its entry that of the marks that daze alike: _dazed_entry)
            # and rules (the options of _OPTIONS and the language, one tuple: _RULES_MET): those
            # met last for its name where its sheet, state and rules are those it was met on (a
            # state is never changed in place), found with no key built and hashed and no state
            # read (icount 3.760M -> 3.748M a trial; its state and why it cannot act kept too:
            # 3.747M -> 3.728M)
            last = _LAST_ENTRY.get(ch.name)
            if last is None or last.sheet is not ch.sheet or last.rules is not rules:  # (seldom)
                last = _met_anew(ch, rules, last)
            if last.state is not (now := ch.state):
                # its part found by the state object itself where it was met before (the core gives a state met
                # before as the very object: 7.4 of 9 a trial), no field read (icount N=1000 2.0547M -> 2.0449M,
                # -0.48%); else by its state's values as the state holds them (a state that lacks one, a
                # campaign's, is laid out by _taken, which keeps its part by its kept state's)
                entries = last.entries
                kept = entries.get(id(now))
                if kept is not None and kept[0] is now:
                    taken = kept[1]
                else:
                    try:
                        taken = entries.get(_ENTRANT_READS(now))
                    except KeyError:
                        taken = None
                    if taken is None:
                        taken = _taken(ch, rules, entries)
                    keep_at_most(entries, id(now), (now, taken), _MARKS_LIMIT)
                last.state, last.taken = now, taken  # (its state and part alone set anew)
            out, entry, waited = last.taken
            if out is not None:
                skipped.append(ch.name)
                if explain:
                    why = out[1](lang)
                    lines.append(Label(f"{ch.name} no actúa este asalto ({why}).",
                                       f"{ch.name} does not act this round ({why}).")(lang))
                continue
            if waited:  # (it waited last round)
                st = changes[ch.name] = state(ch)
                st["delayed"] = False
            delays = waited or ch.name in delayed
        else:  # an entrant given as text: no sheet, no state
            entry, ch = who, None
            delays = entry.name in delayed
        if delays:  # it counts as Amazing and acts first, with no action check (002-R13)
            e, check = entry.waiting
            if told is not None:
                told.append(Label(f"{entry.name}: esperó el asalto anterior, cuenta como Asombroso y actúa el primero.",
                                  f"{entry.name}: waited last round, counts as Amazing and acts first.")(lang))
        else:  # its action check, every round (002-R12)
            ready = entry.ready or _ready(entry, ch, kept_state(ch) if ch is not None else None, ctx)
            control, values, total, degree, notes = rolled(ctx, ready)
            e = entry.placed.get(degree) or entry.place(degree)
            check = (entry.records[control].get(total) or entry.record(e, control, total)) if record else None
            if told is not None:  # (its result made only to be told)
                res = CheckResult(ready.score, ready.rung, control, values, total, degree, notes, True)
                told.append(f"{e.name}: {res.line(lang)} → {L.PHASES[phase_of(e.degree)](lang)}, "
                            + Label(f"{e.actions} acción(es)", f"{e.actions} action(s)")(lang))
        if record:
            checks[entry.name] = check
        entrants.append(e)
    if told is not None:
        lines += told
    # For the core's conflict tracker: one turn per action, phase by phase (a
    # character with two actions in different phases has two turns), and a new
    # action check at every round (002-R12).
    # (where nobody reads the phases, the turns alone, no phase's list made: icount 3.0626M -> 3.0335M over 400 trials)
    if record or explain:
        phases, turns = scheduled(entrants)
    else:
        turns = [*map(TURN_NAME, ranked(entrants))]
    # (its order, beside the turns the core reads, read only by the log's summary: made only where
    # someone is told or records it, a dict and a list made at every round: icount N=1000 2.104M -> 2.079M)
    data: dict[str, Any] = {"order": first_order(entrants, turns), "turns": turns, "each_round": True} \
        if record or explain else {"turns": turns, "each_round": True}
    if record:
        data["phases"], data["skipped"], data["checks"] = phases, skipped, checks
    if surprised:
        sp = surprise_phase(entrants, surprised)
        data["surprise_phase"] = sp
        if explain:
            lines.append(Label("Fase de sorpresa (una acción cada uno): ", "Surprise phase (one action each): ")(lang)
                         + (", ".join(sp) or "—"))
    if explain:
        for phase in PHASES:  # (a loop: a comprehension made lang and phases cells at every call)
            lines.append(f"{L.PHASES[phase](lang)}: " + (", ".join(phases[phase]) or "—"))
    return Outcome(data, lines, None, changes)  # (success None, by place: keywords would be made into a table)
