"""Action checks, surprise and initiative (002-R7..R13, R47): the phase a character
starts acting in, and the round's order."""

from __future__ import annotations

import functools
import itertools
from operator import itemgetter
from typing import Any, Mapping, Sequence

from rolecli.contract import Action, Character, Context, Label, Outcome, Refused, keep_at_most, worked_out

from . import check as C
from . import labels as L
from .check import RANK, CheckResult, Ready, ready_check, roll_check, rolled
from .combat import PHASES, Entrant, first_order, phase_of, scheduled, surprise_phase, usable_actions
from .last_resort import spend, spent_state
from .sheet import DAZING, action_check_score, actions_per_round, dazing, find_skill, kept_state, state
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
_INITIATIVES = itertools.count()  # each initiative's number, for the entrants it takes (_Entry.placed)

# What an entrant's action check reads besides its sheet, its name and the marks that make it
# Dazed (DAZING): the rule options (and the language) of its roll.
_OPTIONS = itemgetter("dazed_stun", "dazed_wound", "clamp_bonus")


# name -> (sheet, state, rules, (kept state, why it cannot act, entry)): each entrant as last met, on
# that sheet, state and rules (its entry None where it cannot act)
_LAST_ENTRY: dict[str, tuple[Mapping[str, Any], Mapping[str, Any], tuple,
                             tuple[Mapping[str, Any], Any, "_Entry | None"]]] = {}
_LAST_ENTRY_LIMIT = 1024


class _Entry:
    """A character's part of the initiative, the same at every round for the same sheet,
    name, and marks that daze alike (002-R7, R11, R26; :func:`_dazed_entry`): its action
    check score and actions per round, and its action check made ready (:func:`ready_check`),
    once it first rolls one (a delayer rolls none), and its records in the initiative's
    ``checks`` by the control die and total it rolled. Shared through the sheet's memo:
    only ``ready`` is set, once, and records added; and its :class:`Entrant`, whose round's
    fields each initiative that takes it sets anew (an entrant made for each character at
    every round cost 1.0% of a trial: icount 3.554M -> 3.519M; a name given twice, which a
    command line may, gets a second of its own, as before: the initiative's number kept to
    tell, icount +0.2%)."""

    __slots__ = ("score", "actions", "ready", "told", "entrant", "placed")

    def __init__(self, ch: Character) -> None:
        self.score = action_check_score(ch)
        self.actions = actions_per_round(ch)
        self.entrant = Entrant(ch.name, self.score, "amazing", self.actions, 0)
        self.placed = -1  # the number of the initiative that took it last (_INITIATIVES)
        self.ready: Ready | None = None
        # an entrant that rolls the same control die and total on the same check (``ready``) has
        # the same degree, hence the same phases: its record is the same, made once and shared
        # (read it, do not change it). As many as its check's rolls: bounded by its dice.
        self.told: dict[tuple[int, int], dict[str, Any]] = {}


def _dazed_entry(ch: Character, st: Mapping[str, Any], rules: tuple) -> _Entry:
    """The entry of marks met the first time (:func:`do_initiative`'s key, the marks
    themselves): the entry of the marks that daze alike (:func:`sheet.dazing`), kept under
    them, for an entry reads the marks only as they daze (its action check made ready,
    :func:`situation.prepare`), as an attack's plan does (:func:`attack._dazed_plan`): its
    checks' records are then met again on other marks, not made anew for each (3.7 a trial
    made, its action check made ready 0.3: icount 3.3344M -> 3.3092M a trial, -0.8%)."""
    return worked_out(ch.sheet, ("entrant as dazed", ch.name, dazing(ch, st), rules), _Entry, ch)


def _ready(entry: _Entry | None, e: Entrant, ch: Character | None, st: Mapping[str, Any] | None,
           ctx: Context) -> Ready:
    """The entrant's action check made ready: its score, its situation die (its Dazed
    steps, 002-R26) and why each die is read; kept on its entry, if it has one (the
    caller reads one kept there first)."""
    prep = prepare(_NO_PARAMS, ctx, ch, e.score, kind="action", modifiers=False, st=st)
    ready = ready_check(prep.score, prep.rung, _action_check_of(e.name, ctx.lang), ctx.lang)
    if entry is not None:
        entry.ready = ready
    return ready


def _named(names: Sequence[Any]) -> set[str]:
    """The names a list parameter gives (asked only where it gives some: most rounds name
    nobody, and two calls at every round cost 0.07% of a trial: icount 3.840M -> 3.838M)."""
    return {str(n).strip() for n in names}


def do_initiative(characters: Sequence[Character], action: Action, ctx: Context) -> Outcome:
    p = action.params
    lang = ctx.lang
    explain = ctx.explain  # the lines are written only for someone to read (Context.explain)
    delayed, surprised = p.get("delayed"), p.get("surprised")
    delayed, surprised = _named(delayed) if delayed else _NOBODY, _named(surprised) if surprised else _NOBODY
    entrants: list[Entrant] = []
    lines: list[str] = []
    changes: dict[str, dict[str, Any]] = {}
    skipped = []
    rolling: list[tuple[Entrant, Character | None, Mapping[str, Any] | None, _Entry | None]] = []  # each with its character, state, entry
    if characters:
        number = next(_INITIATIVES)
        rules = (*_OPTIONS(ctx.options), lang)  # (one flat tuple: a tuple within it is one more to hash)
        for i, ch in enumerate(characters):
            # its kept state, why it cannot act (if it cannot) and its entry, worked out once per
            # sheet for each name, marks (its entry that of the marks that daze alike: _dazed_entry)
            # and rules (the options of _OPTIONS and the language, read once per initiative): those
            # met last for its name where its sheet, state and rules are those it was met on (a
            # state is never changed in place), found with no key built and hashed and no state
            # read (icount 3.760M -> 3.748M a trial; its state and why it cannot act kept too:
            # 3.747M -> 3.728M)
            last = _LAST_ENTRY.get(ch.name)
            if last is not None and last[0] is ch.sheet and last[1] is ch.state and last[2] == rules:
                st, out, entry = last[3]
            else:
                st = kept_state(ch)
                # the unconscious roll to wake instead of an action check (002-R31), even if forced in
                out = unable(st)
                entry = worked_out(ch.sheet, ("entrant", ch.name, DAZING(st), rules), _dazed_entry, ch, st, rules) \
                    if out is None else None
                met = ch.sheet, ch.state, rules, (st, out, entry)
                # (a name met before, on another state: its entry replaced, the memo grows not, with no
                # call of keep_at_most at each of the ~9 a trial: icount 3.7063M -> 3.7006M)
                if last is not None:
                    _LAST_ENTRY[ch.name] = met
                else:
                    keep_at_most(_LAST_ENTRY, ch.name, met, _LAST_ENTRY_LIMIT)
            if out is not None:
                skipped.append(ch.name)
                if explain:
                    why = out[1](lang)
                    lines.append(Label(f"{ch.name} no actúa este asalto ({why}).",
                                       f"{ch.name} does not act this round ({why}).")(lang))
                continue
            waited = st["delayed"]  # (it waited last round: read once, made a bool with no call)
            delays = ch.name in delayed or (True if waited else False)  # (named so, or it waited)
            e = entry.entrant
            if entry.placed == number:  # its name given twice (a command line may): an entrant of its own
                e = Entrant(ch.name, entry.score, "amazing", entry.actions, i, delays)
            else:  # its entrant kept, its round's fields set anew
                entry.placed = number
                e.degree, e.listed = "amazing", i  # (in twos: four set at once build a tuple and unpack it, icount 3.5004M -> 3.4964M)
                e.check, e.phases = None, []
                e.delayed = delays
            if waited:
                st = changes[ch.name] = state(ch)
                st["delayed"] = False
            entrants.append(e)
            rolling.append((e, ch, st, entry))
    else:
        for i, text in enumerate(p.get("entrants") or ()):
            name, _, rest = str(text).partition("=")
            score_s, _, acts = rest.partition(":")
            try:
                score, acts_n = int(score_s), int(acts or 1)
            except ValueError:
                raise Refused(Label(f"participante {text!r}: escribe Nombre=puntuación o Nombre=puntuación:acciones.",
                                    f"entrant {text!r}: write Name=score or Name=score:actions.")) from None
            e = Entrant(name.strip(), score, "amazing", acts_n, i, delayed=name.strip() in delayed)
            entrants.append(e)
            rolling.append((e, None, None, None))
        if not entrants:
            raise Refused(Label("nadie para ordenar: nombra personajes de la campaña o usa --entrants Nombre=puntuación.",
                                "nobody to order: name campaign characters or use --entrants Name=score."))
    for e, ch, st, entry in rolling:
        if e.delayed:
            if explain:
                lines.append(Label(f"{e.name}: esperó el asalto anterior, cuenta como Asombroso y actúa el primero.",
                                   f"{e.name}: waited last round, counts as Amazing and acts first.")(lang))
            continue
        ready = (entry and entry.ready) or _ready(entry, e, ch, st, ctx)
        control, values, total, degree, notes = rolled(ctx, ready)
        e.check = control, total
        # (read through its module: Python 3.11 calls a method of an imported name with no
        # specialized read of the method, a bound method made at every entrant: icount 3.9077M -> 3.9004M a trial)
        e.degree = C.AS_ACTION_CHECK.get(degree, degree)
        if explain:  # (its result made only to be told)
            res = CheckResult(ready[0], ready[1], control, values, total, degree, notes, True)
            lines.append(f"{e.name}: {res.line(lang)} → {L.PHASES[phase_of(e.degree)](lang)}, "
                         + Label(f"{e.actions} acción(es)", f"{e.actions} action(s)")(lang))
    # For the core's conflict tracker: one turn per action, phase by phase (a
    # character with two actions in different phases has two turns), and a new
    # action check at every round (002-R12).
    phases, turns = scheduled(entrants)
    order = first_order(entrants, turns)
    checks: dict[str, dict[str, Any]] = {}
    for e, _, _, entry in rolling:
        # (a record kept by its entry for its roll, found with the tuple the roll made, a
        # delayer's None, under which none is kept: a record of 8 fields made for every
        # entrant at every round cost 0.2% of a trial, icount 3.9347M -> 3.9251M)
        told = entry.told.get(e.check) if entry is not None else None
        if told is None:
            told = {"score": e.score, "degree": e.degree, "actions": e.actions, "delayed": e.delayed,
                    "phases": e.phases, "lost_actions": e.actions - len(e.phases)}
            if e.check:  # (a delayer rolled none)
                told["control"], told["total"] = e.check
                if entry is not None:
                    entry.told[e.check] = told
        checks[e.name] = told
    data: dict[str, Any] = {"order": order, "turns": turns, "each_round": True, "phases": phases, "skipped": skipped,
                            "checks": checks}
    if surprised:
        sp = surprise_phase(entrants, surprised)
        data["surprise_phase"] = sp
        if explain:
            lines.append(Label("Fase de sorpresa (una acción cada uno): ", "Surprise phase (one action each): ")(lang)
                         + (", ".join(sp) or "—"))
    if explain:
        lines += [f"{L.PHASES[phase](lang)}: " + (", ".join(phases[phase]) or "—") for phase in PHASES]
    return Outcome(data, lines, None, changes)  # (success None, by place: keywords would be made into a table)
