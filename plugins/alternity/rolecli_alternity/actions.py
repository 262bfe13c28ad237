"""The verbs: turning an Action into rolls, degrees, damage and new state."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from rolecli.contract import Action, Character, Context, Outcome, Refused
from rolecli.errors import RoleError

from . import damage as D
from . import labels as L
from . import recovery as R
from .check import RANK, CheckResult, roll_check, shift_against, shift_own
from .combat import (ALL_OUT_MODES, CRITICAL_EFFECTS, PHASES, UNHURRIED_MODES, ChallengePath, Entrant, all_out_move,
                     combat_move, first_order, phase_of, phases_left, schedule, surprise_phase, usable_actions)
from .labels import tr
from .sheet import (RESOLVE, STAMINA, ability, action_check_score, actions_per_round, dazed_steps, find_skill,
                    is_free_agent, last_resorts_left, resolve_rating, state, track_sizes)
from .spec import INFO, TIME_UNITS
from .status import status
from .steps import (AIM_STEPS, GRAVITY, TWO_ACTIONS, encumbrance, final_rung, help_steps, moving_steps, parse_rung,
                    rung_text, situation_steps, two_weapon_steps)

KIND_BASE = {"specialty": 0, "broad": 1, "feat": 1, "untrained": 1, "action": 0}
KIND_NAMES = {
    "specialty": L.Label("especialidad", "specialty"), "broad": L.Label("habilidad general", "broad skill"),
    "feat": L.Label("proeza", "feat"), "untrained": L.Label("sin entrenar: mitad de la característica", "untrained: half the ability"),
    "action": L.Label("tirada de acción", "action check"),
}


@dataclass
class Prepared:
    score: int
    kind: str
    name: str
    base: int
    rung: int
    steps: int
    sources: list[tuple[int, str]] = field(default_factory=list)

    def line(self, lang: str) -> str:
        who = f"{self.name} " if self.name else ""
        text = tr(lang, f"Puntuación {who}{self.score}", f"Score {who}{self.score}")
        text += f" ({KIND_NAMES[self.kind](lang)}, " + tr(lang, "base", "base") + f" {rung_text(self.base)})"
        if self.sources:
            text += "; " + tr(lang, "pasos", "steps") + ": " + ", ".join(f"{s:+d} {why}" for s, why in self.sources)
        text += f" → {L.SITUATION(lang)} {rung_text(self.rung)}"
        return text

    def as_json(self) -> dict:
        return {"score": self.score, "kind": self.kind, "trait": self.name, "base": rung_text(self.base),
                "steps": self.steps, "situation_die": rung_text(self.rung),
                "step_sources": [{"steps": s, "why": w} for s, w in self.sources]}


def prepare(p: dict[str, Any], ctx: Context, actor: Character | None, score_text: Any, *,
            kind: str | None = None, extra: Sequence[tuple[int, str]] = (), dazed: bool = True,
            modifiers: bool = True, dazed_optional: bool = True) -> Prepared:
    """Score, base die and every step (002-R3/R4, R12..R16, R26, R40..R43) → the rung."""
    lang = ctx.lang
    if score_text is None:
        raise Refused(tr(lang, "falta la puntuación (o un personaje de campaña).", "a score (or a campaign character) is needed."))
    value, guessed, name = resolve_rating(actor, score_text)
    if kind is None:
        kind = p.get("kind", "auto") or "auto"
        if kind == "auto":
            kind = "specialty" if guessed == "number" else guessed
    score = value // 2 if kind == "untrained" else value
    base = parse_rung(p["base"]) if p.get("base") else KIND_BASE[kind]
    sources: list[tuple[int, str]] = list(extra)
    if modifiers:
        if p.get("steps"):
            sources.append((int(p["steps"]), tr(lang, "modificadores", "modifiers")))
        if p.get("situation"):
            s, label = situation_steps(p["situation"])
            sources.append((s, label(lang)))
        if p.get("helpers"):
            s = help_steps(list(p["helpers"]), ctx.options.get("help_stack", "sum"))
            sources.append((s, tr(lang, "ayuda", "help")))
        if p.get("two_actions", "none") != "none":
            sources.append((TWO_ACTIONS[p["two_actions"]], tr(lang, "dos acciones a la vez", "two actions at once")))
        if p.get("two_weapons", "none") != "none":
            amb = bool(p.get("ambidextrous")) or bool(actor and actor.sheet.get("ambidextrous"))
            sources.append((two_weapon_steps(p["two_weapons"], amb),
                            tr(lang, f"dos armas (mano {'hábil' if p['two_weapons'] == 'main' else 'torpe'})",
                               f"two weapons ({p['two_weapons']} hand)")))
        if p.get("aim"):
            sources.append((AIM_STEPS, tr(lang, "apuntar", "aim")))
        if p.get("gravity", "normal") != "normal":
            sources.append((GRAVITY[p["gravity"]], tr(lang, f"gravedad {'cero' if p['gravity'] == 'zero' else 'ligera'}",
                                                      f"{p['gravity']} gravity")))
        if p.get("moving", "none") not in ("none",):
            s = moving_steps(p["moving"], lang)
            if s:
                sources.append((s, tr(lang, f"moverse ({p['moving']})", f"moving ({p['moving']})")))
        if p.get("load") is not None:
            strength = p.get("strength") or (ability(actor, "FUE") if actor else None)
            if strength is None:
                raise Refused(tr(lang, "la carga necesita --strength.", "a load needs --strength."))
            enc = encumbrance(float(p["load"]), int(strength))
            if enc.steps:
                sources.append((enc.steps, tr(lang, f"carga {float(p['load']):g} kg", f"load {float(p['load']):g} kg")))
    if dazed and actor is not None:
        opts = ctx.options if dazed_optional else {**ctx.options, "dazed_stun": False, "dazed_wound": False}
        s, why = dazed_steps(actor, opts, lang)
        if s:
            sources.append((s, tr(lang, "aturdido", "dazed") + " (" + ", ".join(why) + ")"))
    steps = sum(s for s, _ in sources)
    rung = final_rung(base, steps, clamp=bool(ctx.options.get("clamp_bonus", False)))
    return Prepared(score, kind, name, base, rung, steps, sources)


# --- last resort points ------------------------------------------------------------


def _points(policy: str, key: str, who: Character | None, own: bool) -> int:
    if policy == "no":
        return 0
    if policy == "if-failed":
        if not own or RANK[key] > RANK["failure"]:
            return 0
        left = last_resorts_left(who) if who is not None else 2
        want = 2 if key == "critical_failure" and (who is None or is_free_agent(who)) else 1
        if who is None and want == 2:
            want = 1   # without a sheet we do not know the profession: one point
        return min(want, left)
    return int(policy)


def spend(policy: str, key: str, who: Character | None, lang: str, own: bool = True) -> tuple[str, int, str]:
    """Apply a last resort policy to a degree (002-R44). Returns (degree, points, line)."""
    pts = _points(policy, key, who, own)
    if pts == 0:
        return key, 0, ""
    if pts == 2 and who is not None and not is_free_agent(who):
        raise Refused(tr(lang, f"{who.name} no es Agente Libre: solo 1 punto de último recurso por tirada.",
                         f"{who.name} is not a Free Agent: only 1 last resort point per roll."))
    if who is not None and last_resorts_left(who) < pts:
        raise Refused(tr(lang, f"{who.name} solo tiene {last_resorts_left(who)} puntos de último recurso.",
                         f"{who.name} has only {last_resorts_left(who)} last resort point(s) left."))
    new = shift_own(key, pts) if own else shift_against(key, pts)
    name = f"{who.name} " if who else ""
    line = tr(lang, f"{name}gasta {pts} punto(s) de último recurso: {L.degree(key, lang)} → {L.degree(new, lang)}",
              f"{name}spends {pts} last resort point(s): {L.degree(key, lang)} → {L.degree(new, lang)}")
    if key == "critical_failure":
        line += tr(lang, " (se evita la mala suerte)", " (bad luck avoided)")
    return new, pts, line + "."


def _spent_state(ch: Character, pts: int, bad_luck: bool = False, base: dict | None = None) -> dict[str, Any]:
    st = dict(base) if base is not None else state(ch)
    st["last_resorts_spent"] = int(st["last_resorts_spent"]) + pts
    if bad_luck:
        st["bad_luck"] = int(st["bad_luck"]) + 1
    return st


def _what(lang: str, prep: Prepared, default: str) -> str:
    return prep.name or default


# --- roll ---------------------------------------------------------------------------


def do_roll(action: Action, ctx: Context) -> Outcome:
    p = INFO.params(action)
    lang = ctx.lang
    if action.name == "scatter":
        v = ctx.dice.roll(4, tr(lang, "dirección del fallo", "miss direction"))
        dirs = {1: ("delante del objetivo", "in front of the target"), 2: ("detrás del objetivo", "behind the target"),
                3: ("a la izquierda", "to the left"), 4: ("a la derecha", "to the right")}
        es, en = dirs[v]
        key = ("front", "behind", "left", "right")[v - 1]
        return Outcome({"d4": v, "direction": key}, [tr(lang, f"d4 = {v}: la granada cae {es}.", f"d4 = {v}: the grenade lands {en}.")])
    rung = parse_rung(p["die"])
    from .steps import dice
    sd = dice(rung)
    control = ctx.dice.roll(20, tr(lang, "dado de control", "control die"))
    values = [ctx.dice.roll(sd.sides, tr(lang, f"dado de situación {sd.text}", f"situation die {sd.text}")) for _ in range(sd.count)]
    total = control + sd.sign * sum(values)
    line = f"{L.CONTROL(lang)} {control}"
    if sd.count:
        line += f" {'−' if sd.sign < 0 else '+'} {L.SITUATION(lang)} {sd.text} ({'+'.join(map(str, values))})"
    line += f" = {total}"
    return Outcome({"control": control, "situation_die": sd.text, "situation": values, "total": total}, [line])


# --- check, action check, surprise, attack ---------------------------------------------


def do_check(action: Action, ctx: Context) -> Outcome:
    p = INFO.params(action)
    lang = ctx.lang
    actor = action.actor
    prep = prepare(p, ctx, actor, p["score"])
    res = roll_check(ctx, prep.score, prep.rung, _what(lang, prep, tr(lang, "tirada", "check")),
                     cannot_fail=bool(p.get("cannot_fail")), too_hard=bool(p.get("too_hard")))
    lines = [prep.line(lang), res.line(lang)]
    key, pts, spent_line = spend(p.get("last_resort", "no"), res.degree, actor, lang)
    if spent_line:
        lines.append(spent_line)
    data = prep.as_json() | res.as_json()
    data.update(degree=key, success=RANK[key] >= RANK["ordinary"], last_resorts_spent=pts, rolled_degree=res.degree)
    out = Outcome(data, lines, success=data["success"])
    if actor is not None and (pts or res.bad_luck):
        out.changes[actor.name] = _spent_state(actor, pts, res.bad_luck)
    return out


def do_surprise(action: Action, ctx: Context) -> Outcome:
    p = INFO.params(action)
    lang = ctx.lang
    actor = action.actor
    prepared = int(p.get("prepared") or 0)
    score_text = p.get("score")
    if score_text is None and actor is not None:
        names = (("Percepción-percepción", "Awareness-perception") if prepared else ("Percepción-intuición", "Awareness-intuition")) \
            + ("Percepción", "Awareness")
        score, kind, name = find_skill(actor, names, "VOL")
        score_text = str(score)
        prep = prepare({"steps": p.get("steps", 0)}, ctx, actor, score_text, kind=kind,
                       extra=[(-prepared, tr(lang, "preparado", "prepared"))] if prepared else [])
        prep.name = name
    else:
        prep = prepare({"steps": p.get("steps", 0)}, ctx, actor, score_text,
                       extra=[(-prepared, tr(lang, "preparado", "prepared"))] if prepared else [])
    res = roll_check(ctx, prep.score, prep.rung, tr(lang, "sorpresa", "surprise"))
    surprised = not res.success
    lines = [prep.line(lang), res.line(lang),
             tr(lang, "Sorprendido: no actúa en la fase de sorpresa." if surprised else "No sorprendido: puede actuar una vez en la fase de sorpresa.",
                "Surprised: no action in the surprise phase." if surprised else "Not surprised: may act once in the surprise phase.")]
    return Outcome(prep.as_json() | res.as_json() | {"surprised": surprised}, lines, success=not surprised)


def do_action_check(action: Action, ctx: Context) -> Outcome:
    p = INFO.params(action)
    lang = ctx.lang
    actor = action.actor
    score_text = p.get("score")
    if score_text is None and actor is not None:
        score_text = str(action_check_score(actor))
    prep = prepare({"steps": p.get("steps", 0)}, ctx, actor, score_text, kind="action")
    res = roll_check(ctx, prep.score, prep.rung, tr(lang, "tirada de acción", "action check"), marginal=True)
    lines = [prep.line(lang), res.line(lang)]
    key, pts, spent_line = spend(p.get("last_resort", "no"), res.degree, actor, lang)
    if spent_line:
        lines.append(spent_line)
    degree = "marginal" if key == "failure" else key
    actions = p.get("actions") or (actions_per_round(actor) if actor else 1)
    phase = phase_of(degree)
    delay = p.get("delay", "none")
    data = prep.as_json() | res.as_json() | {"degree": degree, "phase": phase, "actions": actions,
                                              "last_resorts_spent": pts}
    st = state(actor) if actor else None
    if delay == "next_round":
        if RANK.get(key, 0) < RANK["ordinary"]:
            raise Refused(tr(lang, "para esperar al asalto siguiente hace falta una tirada de acción de al menos Ordinario (002-R13).",
                             "waiting for the next round needs an action check of at least Ordinary (002-R13)."))
        data.update(usable_actions=0, lost_actions=actions, next_round="amazing")
        lines.append(tr(lang, f"Espera todo el asalto ({actions} acciones): el asalto siguiente cuenta como Asombroso y actúa el primero.",
                        f"Waits the whole round ({actions} actions): next round it counts as Amazing and acts first."))
        if st is not None:
            st["delayed"] = True
    else:
        start = phase
        if delay != "none":
            if PHASES.index(delay) < PHASES.index(phase):
                raise Refused(tr(lang, f"no se puede posponer a una fase anterior a la propia ({phase}).",
                                 f"cannot delay to a phase before your own ({phase})."))
            start = delay
        usable = 1 if degree == "critical_failure" else usable_actions(actions, start)
        data.update(usable_actions=usable, lost_actions=actions - usable, first_phase=start)
        lines.append(tr(lang, f"Actúa desde la {L.PHASES[start](lang)}: {usable} de {actions} acciones"
                              + (f" ({actions - usable} se pierden al final del asalto)" if actions > usable else "") + ".",
                        f"Acts from the {L.PHASES[start](lang)}: {usable} of {actions} actions"
                        + (f" ({actions - usable} lost at the end of the round)" if actions > usable else "") + "."))
        if degree == "critical_failure":
            lines.append(tr(lang, "Fallo Crítico: actúa el último en la fase Marginal.", "Critical Failure: acts last in the Marginal phase."))
    out = Outcome(data, lines, success=None)
    if actor is not None and (pts or res.bad_luck or delay == "next_round"):
        out.changes[actor.name] = _spent_state(actor, pts, res.bad_luck, base=st)
    return out


def do_attack(action: Action, ctx: Context) -> Outcome:
    p = INFO.params(action)
    lang = ctx.lang
    actor, target = action.actor, action.target
    entries = D.parse_rating(p["damage"])
    extra = []
    if p.get("resist", "none") != "none":
        if target is None:
            raise Refused(tr(lang, "--resist necesita un objetivo (--target).", "--resist needs a --target."))
        val = int(target.sheet.get("res_fue" if p["resist"] == "str" else "res_des") or 0)
        if val:
            extra.append((val, tr(lang, f"resistencia de {target.name}", f"{target.name}'s resistance")))
    prep = prepare(p, ctx, actor, p["score"], extra=extra)
    res = roll_check(ctx, prep.score, prep.rung, tr(lang, "ataque", "attack"), cannot_fail=bool(p.get("cannot_fail")),
                     too_hard=bool(p.get("too_hard")))
    lines = [prep.line(lang), res.line(lang)]
    own, against = p.get("last_resort", "no"), p.get("target_last_resort", "no")
    if own != "no" and against != "no":
        raise Refused(tr(lang, "los últimos recursos no se contrarrestan: solo un bando puede gastarlos en una acción (002-R44).",
                         "last resorts cannot counter each other: only one side may spend them on an action (002-R44)."))
    key, pts, line = spend(own, res.degree, actor, lang)
    tpts = 0
    if against != "no":
        key, tpts, line = spend(against, key, target, lang, own=False)
    if line:
        lines.append(line)
    data = prep.as_json() | res.as_json()
    data.update(degree=key, rolled_degree=res.degree, success=RANK[key] >= RANK["ordinary"], last_resorts_spent=pts,
                target_last_resorts_spent=tpts, damage=None)
    out = Outcome(data, lines, success=data["success"])
    if actor is not None and (pts or res.bad_luck):
        out.changes[actor.name] = _spent_state(actor, pts, res.bad_luck)
    if target is not None and tpts:
        out.changes[target.name] = _spent_state(target, tpts)
    if not data["success"]:
        lines.append(tr(lang, "Sin daño.", "No damage."))
        return out
    entry = D.pick(entries, key)
    amount, values = D.roll_entry(ctx, entry)
    data["damage"] = {"entry": entry.text, "track": entry.track, "amount": amount, "dice": values}
    lines.append(tr(lang, f"Daño {L.degree(key, lang)}: {entry.text} = {amount} de {L.track(entry.track, lang)}.",
                    f"{L.degree(key, lang)} damage: {entry.text} = {amount} {L.track(entry.track, lang)}."))
    if target is not None:
        queue = ctx.options.get("phase_damage", "immediate") == "end_of_phase"
        st, rep, more = take_hit(target, out.changes.get(target.name) or state(target), entry.track, amount, ctx,
                                 queue=queue)
        out.changes[target.name] = st
        lines.extend(more)
        data["target"] = {"name": target.name, **rep}
    return out


# --- challenge path --------------------------------------------------------------------

CHALLENGE_SAFETY = 1000   # time units played when no --limit is given


def _challenge_step(p: dict[str, Any], ctx: Context, actor: Character | None, text: str) -> tuple[Prepared, list[str]]:
    """One step's score: a rating as ``check`` reads it; ``A|B`` picks the alternative with
    the best chance of success (those the character lacks are skipped). Returns the step and
    the alternatives weighed (empty for a single score)."""
    options = [t.strip() for t in text.split("|") if t.strip()]
    if not options:
        raise Refused(tr(ctx.lang, f"paso vacío en {text!r}.", f"empty step in {text!r}."))
    if len(options) == 1:
        return prepare(p, ctx, actor, options[0]), []
    from .odds import check_odds

    found, errors = [], []
    for option in options:
        try:
            found.append((option, prepare(p, ctx, actor, option)))
        except RoleError as exc:
            errors.append(exc)
    if not found:
        raise errors[0]
    chance = [check_odds(x.score, x.rung, too_hard=bool(p.get("too_hard")))["success"] for _, x in found]
    return found[chance.index(max(chance))][1], [f"{o} {float(c):.0%}" for (o, _), c in zip(found, chance)]


def do_challenge(action: Action, ctx: Context) -> Outcome:
    """002-R48: play a challenge path, one check per time unit, until every step has its
    successes or the time limit runs out (see ``combat.ChallengePath``)."""
    p = INFO.params(action)
    lang = ctx.lang
    actor = action.actor
    texts = [str(t) for t in p.get("scores") or ()]
    if not texts:
        raise Refused(tr(lang, "hace falta al menos un paso (puntuaciones separadas por comas).",
                         "at least one step is needed (comma-separated scores)."))
    if len(texts) > 40:
        raise Refused(tr(lang, f"{len(texts)} pasos son demasiados: como mucho 40.", f"{len(texts)} steps are too many: 40 at most."))
    given = list(p.get("successes") or ())
    if not given:
        needs = [1] * len(texts)
    else:
        if len(given) != len(texts):
            raise Refused(tr(lang, f"--successes da {len(given)} valores para {len(texts)} pasos.",
                             f"--successes gives {len(given)} values for {len(texts)} steps."))
        try:
            needs = [int(v) for v in given]
        except ValueError:
            raise Refused(tr(lang, "--successes: números enteros separados por comas.",
                             "--successes: whole numbers separated by commas.")) from None
        if any(n < 1 or n > 40 for n in needs):
            raise Refused(tr(lang, "--successes: cada paso necesita de 1 a 40 éxitos.",
                             "--successes: each step needs 1 to 40 successes."))
    critical = ctx.options.get("challenge_critical", "step")
    if critical not in CRITICAL_EFFECTS:
        critical = "step"
    path = ChallengePath(needs, critical)
    chosen = [_challenge_step(p, ctx, actor, t) for t in texts]
    steps = [prep for prep, _ in chosen]
    limit = p.get("limit")
    unit = p.get("unit") or "phase"
    one, many = (lab(lang) for lab in TIME_UNITS[unit])

    def units(n: int) -> str:
        return f"{n} {one if n == 1 else many}"

    def successes(n: int) -> str:
        return tr(lang, f"{n} éxito{'s' if n != 1 else ''}", f"{n} success{'es' if n != 1 else ''}")

    least = path.minimum
    n = least["steps"]
    plural = "s" if n != 1 else ""
    acciones = "acción" if n == 1 else "acciones"
    head = tr(lang, f"Camino de desafío: {n} paso{plural}; mínimo {n} {acciones} y "
                    f"{successes(least['successes'])} ({units(least['units'])}, una tirada por {one})",
              f"Challenge path: {n} step{plural}; at least {n} action{plural} and "
              f"{successes(least['successes'])} ({units(least['units'])}, one check per {one})")
    head += (tr(lang, f"; límite {units(limit)}.", f"; limit {units(limit)}.") if limit else ".")
    lines = [head]
    if limit and limit < least["units"]:
        lines.append(tr(lang, f"El límite ({units(limit)}) no alcanza el mínimo: no se puede superar a tiempo.",
                        f"The limit ({units(limit)}) is below the minimum: it cannot be completed in time."))
    for i, ((prep, weighed), need) in enumerate(zip(chosen, needs), 1):
        line = tr(lang, f"Paso {i} ({successes(need)}): ", f"Step {i} ({successes(need)}): ") + prep.line(lang)
        if weighed:
            line += tr(lang, " (la mejor probabilidad de: ", " (the best chance of: ") + ", ".join(weighed) + ")"
        lines.append(line)
    cap = limit or CHALLENGE_SAFETY
    checks: list[dict[str, Any]] = []
    used = 0
    while not path.over and used < cap:
        used += 1
        i = path.step
        prep = steps[i]
        what = tr(lang, f"{one} {used}, paso {i + 1}", f"{one} {used}, step {i + 1}")
        res = roll_check(ctx, prep.score, prep.rung, what, too_hard=bool(p.get("too_hard")))
        event = path.record(res.degree)
        tail = f"{path.got[i]}/{needs[i]}"
        if event == "step_done":
            tail += tr(lang, f", paso {i + 1} superado", f", step {i + 1} done")
        elif event == "lost":
            tail = tr(lang, f"se pierden los éxitos del paso {i + 1}: 0/{needs[i]}",
                      f"the successes of step {i + 1} are lost: 0/{needs[i]}")
        elif event == "fail":
            tail = tr(lang, "el desafío fracasa", "the challenge fails")
        label = what[0].upper() + what[1:]
        lines.append(f"{res.line(lang, label)} → {tail}")
        checks.append({"unit": used, "step": i + 1, "event": event, **res.as_json()})
    complete = path.complete
    bounds = [tr(lang, f"límite {limit}", f"limit {limit}")] if limit else []
    if complete:
        bounds.append(tr(lang, f"mínimo {least['units']}", f"minimum {least['units']}"))
        end = tr(lang, f"Desafío superado en {units(used)}", f"Challenge complete in {units(used)}")
        end += f" ({', '.join(bounds)})."
    elif path.failed:
        end = tr(lang, f"Desafío fallido: Fallo Crítico en {one} {used} (challenge_critical = fail).",
                 f"Challenge failed: Critical Failure in {one} {used} (challenge_critical = fail).")
    else:
        i = path.step
        if not limit:
            bounds.append(tr(lang, f"tope sin --limit: {CHALLENGE_SAFETY}", f"cap without --limit: {CHALLENGE_SAFETY}"))
        end = tr(lang, f"Desafío no superado en {units(used)}", f"Challenge not complete in {units(used)}")
        end += f" ({', '.join(bounds)})"
        end += tr(lang, f"; paso {i + 1} en {path.got[i]}/{needs[i]}.", f"; step {i + 1} at {path.got[i]}/{needs[i]}.")
    lines.append(end)
    data = {
        "unit": unit, "limit": limit, "units_used": used, "minimum": least, "complete": complete,
        "critical_failure_effect": critical,
        "steps": [prep.as_json() | {"step": i, "needs": need, "successes": got, "done": i <= path.step}
                  for i, (prep, need, got) in enumerate(zip(steps, needs, path.got), 1)],
        "checks": checks,
    }
    return Outcome(data, lines, success=complete)


# --- movement (002-R40, R41) -------------------------------------------------------------

MODE_NAMES = {
    "walk": L.Label("a pie", "walk"), "run": L.Label("corriendo", "run"), "sprint": L.Label("sprint", "sprint"),
    "swim": L.Label("nado", "swim"), "easy_swim": L.Label("nado fácil", "easy swim"), "fly": L.Label("vuelo", "fly"),
    "glide": L.Label("planeo", "glide"),
}


def _speed(p: dict[str, Any], actor: Character | None, mode: str, lang: str) -> tuple[int, str]:
    """The speed in metres per phase and where it came from: ``--speed``, else the sheet's
    ``speed_<mode>``."""
    if p.get("speed") is not None:
        return int(p["speed"]), "speed"
    key = f"speed_{mode}"
    if actor is None:
        raise Refused(tr(lang, "sin personaje hace falta --speed (metros por fase).",
                         "without a character --speed (metres per phase) is needed."))
    val = actor.sheet.get(key)
    if val is None:
        raise Refused(tr(lang, f"{actor.name} no tiene velocidad {MODE_NAMES[mode](lang)} en la hoja ({key}): "
                               "da --speed (metros por fase).",
                         f"{actor.name} has no {MODE_NAMES[mode](lang)} speed on the sheet ({key}): "
                         "give --speed (metres per phase)."))
    if int(val) <= 0:
        raise Refused(tr(lang, f"{actor.name} tiene velocidad {MODE_NAMES[mode](lang)} {val} ({key}): no puede moverse así.",
                         f"{actor.name} has a {MODE_NAMES[mode](lang)} speed of {val} ({key}): it cannot move that way."))
    return int(val), key


def do_move(action: Action, ctx: Context) -> Outcome:
    """002-R40 combat movement (one phase per action, perhaps acting too) and 002-R41
    all-out movement (every phase, nothing else). No dice: the rules roll none."""
    p = INFO.params(action)
    lang = ctx.lang
    actor = action.actor
    all_out = bool(p.get("all_out"))
    mode = p.get("mode") or "auto"
    if mode == "auto":
        mode = "sprint" if all_out else "walk"
    if all_out and mode not in ALL_OUT_MODES:
        raise Refused(tr(lang, f"el movimiento total usa la velocidad de sprint (en tierra), nado (en el agua) o vuelo "
                               f"(en el aire), no {mode} (002-R41).",
                         f"all-out movement uses the sprint (land), swim (water) or fly (air) speed, not {mode} (002-R41)."))
    start = p["phase"]
    if p.get("phases") and p.get("round"):
        raise Refused(tr(lang, "--phases o --round, no los dos.", "--phases or --round, not both."))
    speed, source = _speed(p, actor, mode, lang)
    left = phases_left(start)
    who = f"{actor.name}: " if actor else ""
    mname = MODE_NAMES[mode](lang)
    per = tr(lang, f"{mname} {speed} m por fase", f"{mname} {speed} m per phase")
    if source != "speed":
        per += tr(lang, f" (hoja: {source})", f" (sheet: {source})")
    data: dict[str, Any] = {"mode": mode, "all_out": all_out, "speed": speed, "speed_from": source, "first_phase": start}

    def phase_list(phases: list[str]) -> str:
        return ", ".join(L.PHASES[ph](lang) for ph in phases)

    if all_out:
        n = p.get("phases") or left
        if n > left:
            raise Refused(tr(lang, f"--phases {n}: desde la {L.PHASES[start](lang)} quedan {left} fase(s) en el asalto (1..{left}).",
                             f"--phases {n}: from the {L.PHASES[start](lang)} {left} phase(s) are left in the round (1..{left})."))
        mv = all_out_move(speed, start, n)
        data.update(mv, actions_left=0, act_in_moving_phase=False, act_steps=None)
        lines = [who + tr(lang, f"Movimiento total (002-R41), {per}: {phase_list(mv['phases'])} → {mv['metres']} m.",
                          f"All-out movement (002-R41), {per}: {phase_list(mv['phases'])} → {mv['metres']} m."),
                 tr(lang, "Se mueve en cada fase y no hace nada más; puede detenerse o ponerse a cubierto en un lugar adecuado.",
                    "Moves every phase and does nothing else; it may stop or take cover at a suitable place.")]
        if n < left:
            rest = PHASES[PHASES.index(start) + n:]
            data["idle_phases"] = list(rest)
            lines.append(tr(lang, f"Se detiene tras {n} fase(s): no puede hacer nada más este asalto ({phase_list(rest)}).",
                            f"Stops after {n} phase(s): it can do nothing more this round ({phase_list(rest)})."))
        else:
            lines.append(tr(lang, "Después de detenerse no puede hacer nada más en lo que quede del asalto.",
                            "Once it stops it can do nothing more for the rest of the round."))
        lines.append(tr(lang, "Usado durante varios asaltos, el DJ puede penalizarlo o pedir una tirada de fatiga (fatigue).",
                        "Used for several rounds, the GM may penalise it or call for a fatigue roll (fatigue)."))
        return Outcome(data, lines)

    actions = p.get("actions") or (actions_per_round(actor) if actor else 1)
    usable = usable_actions(actions, start)
    n = usable if p.get("round") else (p.get("phases") or 1)
    if n > usable:
        raise Refused(tr(lang, f"--phases {n}: con {actions} acción(es) por asalto desde la {L.PHASES[start](lang)} "
                               f"se mueve como mucho {usable} fase(s), una por acción (1..{usable}).",
                         f"--phases {n}: with {actions} action(s) per round from the {L.PHASES[start](lang)} "
                         f"it moves at most {usable} phase(s), one per action (1..{usable})."))
    mv = combat_move(speed, start, n)
    data.update(mv, actions=actions, usable_actions=usable, actions_left=usable - n)
    lines = [who + tr(lang, f"Movimiento de combate (002-R40), {per}: {phase_list(mv['phases'])} → {mv['metres']} m "
                            f"(una acción por fase).",
                      f"Combat movement (002-R40), {per}: {phase_list(mv['phases'])} → {mv['metres']} m "
                      f"(one action per phase).")]
    if mode in UNHURRIED_MODES:
        lines.append(tr(lang, "Velocidad para viajar sin prisa (002-R40), no para cubrir distancia lo antes posible.",
                        "A speed for unhurried travel (002-R40), not for covering ground as fast as possible."))
    try:
        steps = moving_steps("fly" if mode == "glide" else mode, lang)
    except Refused as exc:   # swimming: moving_steps refuses acting while moving (002-R40)
        data.update(act_in_moving_phase=False, act_steps=None)
        lines.append(str(exc)[:1].upper() + str(exc)[1:])
    else:
        data.update(act_in_moving_phase=True, act_steps=steps)
        if mode == "walk":
            lines.append(tr(lang, "En esa misma fase puede hacer otra acción sin penalización (a pie, 002-R40).",
                            "In the same phase it may take another action with no penalty (on foot, 002-R40)."))
        else:
            as_ = "fly" if mode == "glide" else mode
            lines.append(tr(lang, f"En esa misma fase puede hacer otra acción a +{steps} pasos: falta la Tabla P11, "
                                  f"valor del plugin (check --moving {as_}" + (", el planeo como el vuelo" if mode == "glide" else "") + ").",
                            f"In the same phase it may take another action at +{steps} steps: Table P11 is missing, "
                            f"the plugin's value (check --moving {as_}" + (", gliding as flying" if mode == "glide" else "") + ")."))
    lines.append(tr(lang, f"Acciones: {actions} por asalto, {usable} desde la {L.PHASES[start](lang)}; quedan {usable - n} "
                          "para otras fases.",
                    f"Actions: {actions} per round, {usable} from the {L.PHASES[start](lang)}; {usable - n} left "
                    "for other phases."))
    return Outcome(data, lines)


# --- impact (002-R29) ----------------------------------------------------------------

FALL = ("Acrobacias-caída", "Acrobatics-fall")


def do_impact(action: Action, ctx: Context) -> Outcome:
    """002-R29: the category of a fall or collision, the Acrobatics-fall check (a DEX feat
    check without the specialty) and, Table P15 being missing, the GM's damage by degree."""
    p = INFO.params(action)
    lang = ctx.lang
    actor = action.actor
    height, kmh = p.get("height"), p.get("kmh")
    gravity = p.get("gravity") or "normal"
    if (height is None) == (kmh is None):
        raise Refused(tr(lang, "da la altura de la caída (--height, metros) o la velocidad de la colisión (--kmh), una de las dos.",
                         "give the fall's height (--height, metres) or the collision's speed (--kmh), one of the two."))
    if gravity == "zero" and height is not None:
        raise Refused(tr(lang, "en gravedad cero nada cae: una colisión se da con --kmh.",
                         "nothing falls in zero gravity: give a collision with --kmh."))
    entries = D.parse_impact_rating(p["damage"]) if p.get("damage") else None
    cat = D.impact_category(height, kmh, gravity)
    base_cat = D.impact_category(height, kmh)
    if height is not None:
        lines = [tr(lang, f"Caída de {height:g} m (002-R29): categoría {base_cat} ({D.IMPACT_BANDS[base_cat][2](lang)}, "
                          f"{D.IMPACT_BANDS[base_cat][0]}).",
                    f"Fall of {height:g} m (002-R29): category {base_cat} ({D.IMPACT_BANDS[base_cat][2](lang)}, "
                    f"{D.IMPACT_BANDS[base_cat][0]}).")]
        if gravity in ("light", "heavy"):
            es, en = ("Gravedad más ligera: una categoría más corta", "Lighter gravity: one category shorter") \
                if gravity == "light" else ("Gravedad más pesada: una categoría más larga", "Heavier gravity: one category longer")
            if cat == base_cat:
                es, en = es + f" ({cat} ya es la " + ("más corta)" if gravity == "light" else "más larga)"), \
                    en + f" ({cat} is already the " + ("shortest)" if gravity == "light" else "longest)")
            lines.append(tr(lang, f"{es}: {base_cat} → {cat}.", f"{en}: {base_cat} → {cat}."))
    else:
        band = D.IMPACT_BANDS[cat][1]
        lines = [tr(lang, f"Colisión a {kmh:g} km/h (002-R29): categoría {cat} ({band}).",
                    f"Collision at {kmh:g} km/h (002-R29): category {cat} ({band}).")]
        if gravity != "normal":
            lines.append(tr(lang, "La gravedad no cambia la categoría de una colisión (la nota del libro habla de caídas).",
                            "Gravity does not change a collision's category (the book's note speaks of falls)."))
    q = {k: p.get(k) for k in ("steps", "situation", "kind", "base")}
    if gravity in GRAVITY:
        q["gravity"] = gravity          # 002-R43: a physical action in light or zero gravity
    score_text = p.get("score")
    if score_text is None and actor is not None:
        score, kind, name = find_skill(actor, FALL, "DES")
        if kind == "untrained":
            kind = "feat"               # without the fall specialty: a DEX feat check (002-R29)
        if (p.get("kind") or "auto") != "auto":
            kind = p["kind"]
        prep = prepare(q, ctx, actor, str(score), kind=kind)
        prep.name = name
        if name not in FALL:
            lines.append(tr(lang, f"{actor.name} no tiene Acrobacias-caída: tirada de proeza de Destreza (002-R29).",
                            f"{actor.name} has no Acrobatics-fall: a Dexterity feat check (002-R29)."))
    else:
        prep = prepare(q, ctx, actor, score_text)
    res = roll_check(ctx, prep.score, prep.rung, tr(lang, "impacto", "impact"), too_hard=bool(p.get("too_hard")))
    lines += [prep.line(lang), res.line(lang)]
    key, pts, spent_line = spend(p.get("last_resort", "no"), res.degree, actor, lang)
    if spent_line:
        lines.append(spent_line)
    data = prep.as_json() | res.as_json()
    data.update(height=height, kmh=kmh, gravity=gravity, category=cat, degree=key, rolled_degree=res.degree,
                success=RANK[key] >= RANK["ordinary"], last_resorts_spent=pts, damage=None, table="P15 missing")
    out = Outcome(data, lines, success=data["success"])
    if actor is not None and (pts or res.bad_luck):
        out.changes[actor.name] = _spent_state(actor, pts, res.bad_luck)
    deg = L.degree(key, lang)
    if entries is None:
        lines.append(tr(lang, f"Impacto {cat}, grado {deg}. Falta la Tabla P15 (daño por categoría y grado): el DJ da el "
                              "daño con --damage o lo aplica con el verbo damage.",
                        f"Impact {cat}, degree {deg}. Table P15 (damage by category and degree) is missing: the GM gives "
                        "the damage with --damage or applies it with the damage verb."))
        return out
    entry = D.pick_impact(entries, key)
    if entry is None:
        data["damage_missing"] = True
        lines.append(tr(lang, f"Impacto {cat}, grado {deg}: el daño {p['damage']} no da entrada para un {deg} (tres entradas: "
                              "Ordinario/Bueno/Asombroso). Falta la Tabla P15: el DJ decide (da cuatro entradas, "
                              "Fracaso/…, o aplica el daño con damage).",
                        f"Impact {cat}, degree {deg}: the damage {p['damage']} has no entry for a {deg} (three entries: "
                        "Ordinary/Good/Amazing). Table P15 is missing: the GM decides (give four entries, Failure/…, "
                        "or apply the damage with damage)."))
        return out
    amount, values = D.roll_entry(ctx, entry)
    data["damage"] = {"entry": entry.text, "track": entry.track, "amount": amount, "dice": values}
    lines.append(tr(lang, f"Impacto {cat}, grado {deg}; daño del DJ (falta la Tabla P15): {entry.text} = {amount} de "
                          f"{L.track(entry.track, lang)}.",
                    f"Impact {cat}, degree {deg}; the GM's damage (Table P15 is missing): {entry.text} = {amount} "
                    f"{L.track(entry.track, lang)}."))
    if actor is not None:
        base = out.changes.get(actor.name) or state(actor)
        st, rep, more = take_hit(actor, base, entry.track, amount, ctx)
        out.changes[actor.name] = st
        lines.extend(more)
        data["report"], data["state"] = rep, st
    return out


# --- damage, heal, fatigue, breath ----------------------------------------------------


def _resolve_roller(ch: Character, resolve_text: Any, ctx: Context):
    def roll(st_now: dict[str, Any]) -> bool:
        tmp = Character(ch.name, ch.sheet, st_now)
        if resolve_text is not None:
            prep = prepare({}, ctx, tmp, resolve_text, modifiers=False)
        else:
            score, kind, name = find_skill(tmp, RESOLVE, "VOL")
            prep = prepare({}, ctx, tmp, str(score), kind=kind, modifiers=False)
            prep.name = name
        res = roll_check(ctx, prep.score, prep.rung, tr(ctx.lang, "Resolución-resolución física", "Resolve-physical resolve"))
        roll.lines.extend([prep.line(ctx.lang), res.line(ctx.lang)])
        return res.success
    roll.lines = []
    return roll


def take_hit(ch: Character, st: dict[str, Any], track: str, amount: int, ctx: Context, *, spill: str = "overflow",
             resolve: Any = None, queue: bool = False, knock_out: str = "") -> tuple[dict[str, Any], dict[str, Any], list[str]]:
    """The one way damage reaches a character, whatever dealt it (an attack, the GM's
    damage, an impact, fatigue, holding breath, the end of a phase): returns the new
    state, the report and the lines.

    - Who can be hit: a dead character takes nothing more (decision: no track is left
      to fill that changes anything).
    - ``queue``: the hit waits in ``pending`` for the end of the phase (002-R9).
    - Otherwise the tracks take it (002-R21..R25, R28: ``damage.apply``), the full-fatigue
      Resolve roll rolled with ``resolve`` (else the sheet's skill), and ``knock_out``
      names a cause that leaves the character unconscious if the hit did not.
    """
    lang = ctx.lang
    if st["status"] == "dead":
        rep = {"track": track, "amount": amount, "spill": spill, "status": "dead", "already_dead": True,
               "marked": {t: 0 for t in L.TRACKS}, "knocked_out": False, "died": False, "dying": False}
        return st, rep, [tr(lang, f"{ch.name} está muerto: el daño no cambia nada.", f"{ch.name} is dead: the damage changes nothing.")]
    if queue:
        new = dict(st)
        new["pending"] = list(st.get("pending") or []) + [f"{track}:{amount}"]
        return new, {"pending": new["pending"]}, [
            tr(lang, f"El daño a {ch.name} queda pendiente hasta el fin de la fase (002-R9).",
               f"The damage to {ch.name} is pending until the end of the phase (002-R9).")]
    sizes = track_sizes(ch)
    roller = _resolve_roller(ch, resolve, ctx)
    new, rep = D.apply(st, sizes, track, amount, spill=spill, fatigue_check=roller)
    if knock_out and new["status"] == "ok":
        D.knock_out(new, knock_out)
        rep["knocked_out"] = True
    lines = D.report_lines(ch.name, rep, new, sizes, lang)
    if roller.lines:
        lines[-1:-1] = roller.lines
    return new, rep, lines


def do_damage(character: Character, action: Action, ctx: Context) -> Outcome:
    p = INFO.params(action)
    lang = ctx.lang
    name = action.name
    if name == "heal":
        return do_heal(character, p, ctx)
    if name == "fatigue":
        return do_fatigue(character, p, ctx)
    if name == "breath":
        return do_breath(character, p, ctx)
    entries = D.parse_rating(p["damage"])
    entry = D.pick(entries, p.get("degree", "ordinary"))
    amount, values = D.roll_entry(ctx, entry)
    lines = []
    if values or len(entries) > 1:
        lines.append(tr(lang, f"Daño {entry.text} = {amount}", f"Damage {entry.text} = {amount}")
                     + (f" ({'+'.join(map(str, values))})" if values else "") + ".")
    st, rep, more = take_hit(character, state(character), entry.track, amount, ctx, spill=p.get("spill", "overflow"),
                             resolve=p.get("resolve"))
    lines.extend(more)
    data = {"character": character.name, "entry": entry.text, "rolled": values, **rep, "state": st, "tracks": track_sizes(character)}
    return Outcome(data, lines, changes={character.name: st})


def do_heal(ch: Character, p: dict[str, Any], ctx: Context) -> Outcome:
    lang = ctx.lang
    track, amount, method = p.get("track", "wound"), int(p["amount"]), p.get("method", "first_aid")
    st = state(ch)
    sizes = track_sizes(ch)
    if st["status"] == "dead":
        raise Refused(tr(lang, f"{ch.name} está muerto.", f"{ch.name} is dead."))
    if track == "mortal" and method != "surgery":
        raise Refused(tr(lang, "el daño mortal solo se repara con Ciencia Médica-cirugía (--method surgery, 002-R33).",
                         "mortal damage is repaired only by Medical Science-surgery (--method surgery, 002-R33)."))
    healed = min(amount, st[track])
    st[track] -= healed
    lines = [tr(lang, f"{ch.name} cura {healed} de {L.track(track, lang)} ({method}): {st[track]}/{sizes[track]}.",
                f"{ch.name} heals {healed} {L.track(track, lang)} ({method}): {st[track]}/{sizes[track]}.")]
    if method in ("first_aid", "treatment") and st["mortal"] > 0 and not st["treated"]:
        st["treated"] = True
        lines.append(tr(lang, "Moribundo tratado: las tiradas de Resistencia-resistencia pasan a ser diarias.",
                        "Dying and treated: the Stamina-endurance rolls are now daily."))
    if st["mortal"] == 0:
        st["treated"] = False
    if D.wake_if_possible(st, sizes):
        lines.append(tr(lang, f"{ch.name} recupera la conciencia.", f"{ch.name} regains consciousness."))
    return Outcome({"character": ch.name, "track": track, "healed": healed, "state": st}, lines, changes={ch.name: st})


def _stamina_prep(ch: Character, score_text: Any, ctx: Context, extra: list[tuple[int, str]],
                  dazed_optional: bool = True):
    if score_text is not None:
        return prepare({}, ctx, ch, score_text, extra=extra, modifiers=False, dazed_optional=dazed_optional)
    score, kind, name = find_skill(ch, STAMINA, "CON")
    prep = prepare({}, ctx, ch, str(score), kind=kind, extra=extra, modifiers=False, dazed_optional=dazed_optional)
    prep.name = name
    return prep


def do_fatigue(ch: Character, p: dict[str, Any], ctx: Context) -> Outcome:
    """002-R25: Stamina-endurance after a fatiguing activity; each later roll of a continuing
    activity at a cumulative +1 step. Critical Failure 2 fatigue, Failure 1."""
    lang = ctx.lang
    n = int(p.get("roll_number") or 1)
    extra = []
    if n > 1:
        extra.append((n - 1, tr(lang, f"tirada {n} de una actividad continua", f"roll {n} of a continuing activity")))
    if p.get("steps"):
        extra.append((int(p["steps"]), tr(lang, "modificadores", "modifiers")))
    prep = _stamina_prep(ch, p.get("score"), ctx, extra)
    res = roll_check(ctx, prep.score, prep.rung, tr(lang, "fatiga", "fatigue"))
    lines = [prep.line(lang), res.line(lang)]
    points = R.FATIGUE_DAMAGE[res.degree]
    st = state(ch)
    data = prep.as_json() | res.as_json() | {"fatigue": points}
    if points:
        st, rep, more = take_hit(ch, st, "fatigue", points, ctx, resolve=p.get("resolve"))
        lines.extend(more)
        data["report"] = rep
    else:
        lines.append(tr(lang, "Sin daño por fatiga.", "No fatigue damage."))
    data["state"] = st
    return Outcome(data, lines, success=res.success, changes={ch.name: st} if points else {})


def do_breath(ch: Character, p: dict[str, Any], ctx: Context) -> Outcome:
    """002-R28: free for ⌊CON/2⌋ rounds; then a Stamina-endurance roll each round at a
    cumulative +1 step after the first: Critical Failure 4 stun, Failure 3, Ordinary 2,
    Good 1, Amazing 0; points spill 1:1 into wound and mortal; a Failure, a Critical
    Failure or the last stun box leaves the character unconscious and drowning.
    The rolls take the cumulative step and the always-on mortal/fatigue penalties, but
    not the optional stun/wound Dazed step: the book's example (002-T12) rolls at +2
    with 6 of Jack's 8 stun boxes gone."""
    lang = ctx.lang
    rnd = int(p["round"])
    free = ability(ch, "CON") // 2
    st = state(ch)
    if rnd <= free:
        return Outcome({"character": ch.name, "round": rnd, "free_rounds": free, "stun": 0},
                       [tr(lang, f"Asalto {rnd} de {free} sin tirada (⌊CON/2⌋): {ch.name} contiene la respiración.",
                           f"Round {rnd} of {free} free rounds (⌊CON/2⌋): {ch.name} holds the breath.")])
    k = rnd - free
    extra = [(k - 1, tr(lang, f"{k}.ª tirada conteniendo la respiración", f"breath roll {k}"))] if k > 1 else []
    if p.get("steps"):
        extra.append((int(p["steps"]), tr(lang, "modificadores", "modifiers")))
    prep = _stamina_prep(ch, p.get("score"), ctx, extra, dazed_optional=False)
    res = roll_check(ctx, prep.score, prep.rung, tr(lang, "contener la respiración", "holding breath"))
    lines = [prep.line(lang), res.line(lang)]
    loss = R.BREATH[res.degree]
    failed_out = not res.success and ctx.options.get("breath_knockout", "failure") == "failure"
    new, rep, more = take_hit(ch, st, "stun", loss, ctx, spill="drowning", knock_out="drowning" if failed_out else "")
    lines.extend(more)
    if new["status"] == "ko" and new["ko_cause"] == "drowning" and not rep.get("died"):
        lines.append(tr(lang, f"{ch.name} está inconsciente y ahogándose.", f"{ch.name} is unconscious and drowning."))
    data = prep.as_json() | res.as_json() | {"round": rnd, "free_rounds": free, "stun": loss, "report": rep, "state": new}
    return Outcome(data, lines, success=res.success, changes={ch.name: new})


# --- recovery --------------------------------------------------------------------------


def do_recover(ch: Character, event: str, action: Action, ctx: Context) -> Outcome:
    p = INFO.params(action)
    lang = ctx.lang
    st = state(ch)
    sizes = track_sizes(ch)
    lines: list[str] = []
    data: dict[str, Any] = {"character": ch.name, "event": event}
    if st["status"] == "dead" and event != "act":
        return Outcome(data | {"state": st}, [tr(lang, f"{ch.name} está muerto.", f"{ch.name} is dead.")])

    def roll_with(names: tuple[str, ...], fallback: str, given: Any, what: str, extra=()) -> CheckResult:
        tmp = Character(ch.name, ch.sheet, dict(st))
        if given is not None:
            prep = prepare({}, ctx, tmp, given, modifiers=False, extra=list(extra))
        else:
            score, kind, name = find_skill(tmp, names, fallback)
            prep = prepare({}, ctx, tmp, str(score), kind=kind, modifiers=False, extra=list(extra))
            prep.name = name
        res = roll_check(ctx, prep.score, prep.rung, what)
        lines.extend([f"{ch.name}: {prep.line(lang)}", res.line(lang)])
        return res

    stamina = lambda: roll_with(STAMINA, "CON", p.get("stamina"), tr(lang, "moribundo", "dying"))  # noqa: E731
    resolve = lambda what: roll_with(RESOLVE, "VOL", p.get("resolve"), what)  # noqa: E731

    if event == "end_of_scene":
        # GAP-15 order: stun clears, then the dying roll, then the fatigue roll for wounds.
        if st["stun"]:
            lines.append(tr(lang, f"{ch.name}: fin de escena, desaparece todo el aturdimiento ({st['stun']}).",
                            f"{ch.name}: end of scene, all stun vanishes ({st['stun']})."))
        st["stun"] = 0
        if D.wake_if_possible(st, sizes):
            lines.append(tr(lang, f"{ch.name} recupera la conciencia.", f"{ch.name} regains consciousness."))
        if st["mortal"] > 0:
            res, worse = R.dying_roll(st, sizes, stamina)
            data["dying_roll"] = {"degree": res.degree, "mortal": worse}
            lines.append(tr(lang, f"{ch.name}, moribundo: +{worse} mortal ({st['mortal']}/{sizes['mortal']}).",
                            f"{ch.name}, dying: +{worse} mortal ({st['mortal']}/{sizes['mortal']})."))
            if st["status"] == "dead":
                lines.append(tr(lang, f"{ch.name} muere.", f"{ch.name} dies."))
        if st["status"] != "dead" and st["hurt_this_scene"] and ctx.options.get("scene_fatigue", True):
            res = roll_with(STAMINA, "CON", p.get("stamina"), tr(lang, "fatiga por heridas", "fatigue from wounds"))
            pts = R.FATIGUE_DAMAGE[res.degree]
            data["fatigue_roll"] = {"degree": res.degree, "fatigue": pts}
            if pts:
                st, _, more = take_hit(ch, st, "fatigue", pts, ctx, resolve=p.get("resolve"))
                lines.extend(more)
            else:
                lines.append(tr(lang, f"{ch.name}: sin fatiga.", f"{ch.name}: no fatigue."))
        st["hurt_this_scene"] = st["mortal_this_scene"] = False
    elif event == "round":
        if st["out_rounds"] > 0:
            st["out_rounds"] -= 1
        if st["status"] == "ko" and st["ko_cause"] == "stun":
            what, res, back = R.ko_round(st, sizes, lambda: resolve(tr(lang, "despertar", "wake up")))
            data["ko"] = {"result": what, "stun_recovered": back}
            msg = {"waiting": ("sigue inconsciente (aún no puede tirar)", "stays unconscious (no roll yet)"),
                   "still_out": ("sigue inconsciente", "stays unconscious"),
                   "woke": (f"recupera {back} de aturdimiento y despierta, pero no actúa este asalto ni el siguiente",
                            f"recovers {back} stun and wakes, but cannot act this round nor the next")}[what]
            lines.append(f"{ch.name} " + tr(lang, *msg) + ".")
        elif st["status"] == "ko":
            lines.append(tr(lang, f"{ch.name} sigue inconsciente ({st['ko_cause']}).", f"{ch.name} stays unconscious ({st['ko_cause']})."))
        elif st["out_rounds"] > 0:
            lines.append(tr(lang, f"{ch.name} no puede actuar este asalto.", f"{ch.name} cannot act this round."))
        else:
            lines.append(tr(lang, f"{ch.name} puede actuar.", f"{ch.name} can act."))
    elif event == "rest":
        hours = int(p.get("hours") or 1)
        recovered = 0
        worse_total = 0
        for h in range(1, hours + 1):
            if st["fatigue"] > 0:
                res = resolve(tr(lang, f"descanso, hora {h}", f"rest, hour {h}"))
                got = min(st["fatigue"], R.FATIGUE_RECOVERY[res.degree])
                st["fatigue"] -= got
                recovered += got
            if st["mortal"] > 0 and (not st["treated"] or h % 24 == 0):
                _, worse = R.dying_roll(st, sizes, stamina)
                worse_total += worse
                if st["status"] == "dead":
                    lines.append(tr(lang, f"{ch.name} muere.", f"{ch.name} dies."))
                    break
        if st["fatigue"] < sizes["fatigue"]:
            st["fatigue_hold"] = False
            if st["status"] == "ko" and st["ko_cause"] == "fatigue":
                st["status"], st["ko_cause"] = "ok", ""
        data.update(hours=hours, fatigue_recovered=recovered, mortal_added=worse_total)
        lines.append(tr(lang, f"{ch.name}, {hours} h de descanso: recupera {recovered} de fatiga ({st['fatigue']}/{sizes['fatigue']}).",
                        f"{ch.name}, {hours} h of rest: recovers {recovered} fatigue ({st['fatigue']}/{sizes['fatigue']})."))
    elif event == "act":
        lines.append(tr(lang, f"Nuevo Acto: {ch.name} recupera sus puntos de último recurso ({st['last_resorts_spent']} gastados → 0).",
                        f"New Act: {ch.name} regains the last resort points ({st['last_resorts_spent']} spent → 0)."))
        st["last_resorts_spent"] = 0
    elif event == "end_of_phase":
        pending = list(st.get("pending") or [])
        st["pending"] = []
        for item in pending:
            track, _, amount = str(item).partition(":")
            st, _, more = take_hit(ch, st, track, int(amount), ctx, resolve=p.get("resolve"))
            lines.extend(more)
        if not pending:
            lines.append(tr(lang, f"{ch.name}: sin daño pendiente.", f"{ch.name}: no pending damage."))
        data["applied"] = pending
    else:  # start_of_session
        lines.append(tr(lang, f"{ch.name}: AAA no recupera nada al inicio de sesión (la recuperación va por escenas, horas y Actos).",
                        f"{ch.name}: AAA recovers nothing at the start of a session (recovery goes by scene, hour and Act)."))
    if not lines:
        lines.append(tr(lang, f"{ch.name}: nada que recuperar.", f"{ch.name}: nothing to recover."))
    data["state"] = st
    return Outcome(data, lines, changes={ch.name: st})


# --- initiative ------------------------------------------------------------------------


def do_initiative(characters: Sequence[Character], action: Action, ctx: Context) -> Outcome:
    p = INFO.params(action)
    lang = ctx.lang
    delayed = {str(n).strip() for n in p.get("delayed") or ()}
    surprised = {str(n).strip() for n in p.get("surprised") or ()}
    entrants: list[Entrant] = []
    lines: list[str] = []
    changes: dict[str, dict[str, Any]] = {}
    skipped = []
    if characters:
        for i, ch in enumerate(characters):
            st = state(ch)
            # the unconscious roll to wake instead of an action check (002-R31), even if forced in
            out = status(ch, ctx.options)
            if not out.can_act:
                skipped.append(ch.name)
                lines.append(tr(lang, f"{ch.name} no actúa este asalto ({out.why(lang)}).",
                                f"{ch.name} does not act this round ({out.why(lang)})."))
                continue
            score = action_check_score(ch)
            e = Entrant(ch.name, score, "amazing", actions_per_round(ch), i, delayed=ch.name in delayed or bool(st["delayed"]))
            if st["delayed"]:
                st["delayed"] = False
                changes[ch.name] = st
            entrants.append(e)
    else:
        for i, text in enumerate(p.get("entrants") or ()):
            name, _, rest = str(text).partition("=")
            score_s, _, acts = rest.partition(":")
            try:
                score, acts_n = int(score_s), int(acts or 1)
            except ValueError:
                raise Refused(f"entrant {text!r}: write Name=score or Name=score:actions.") from None
            entrants.append(Entrant(name.strip(), score, "amazing", acts_n, i, delayed=name.strip() in delayed))
        if not entrants:
            raise Refused(tr(lang, "nadie para ordenar: nombra personajes de la campaña o usa --entrants Nombre=puntuación.",
                             "nobody to order: name campaign characters or use --entrants Name=score."))
    by_name = {c.name: c for c in characters}
    for e in entrants:
        ch = by_name.get(e.name)
        if e.delayed:
            lines.append(tr(lang, f"{e.name}: esperó el asalto anterior, cuenta como Asombroso y actúa el primero.",
                            f"{e.name}: waited last round, counts as Amazing and acts first."))
            continue
        prep = prepare({}, ctx, ch, str(e.score), kind="action", modifiers=False)
        res = roll_check(ctx, prep.score, prep.rung, tr(lang, f"tirada de acción de {e.name}", f"{e.name}'s action check"),
                         marginal=True)
        e.check = res
        e.degree = res.degree_key()
        lines.append(f"{e.name}: {res.line(lang)} → {L.PHASES[phase_of(e.degree)](lang)}, "
                     + tr(lang, f"{e.actions} acción(es)", f"{e.actions} action(s)"))
    phases = schedule(entrants)
    order = first_order(entrants, phases)
    data: dict[str, Any] = {
        "order": order, "phases": phases, "skipped": skipped,
        "checks": {e.name: {"score": e.score, "degree": e.degree, "actions": e.actions, "delayed": e.delayed,
                            "phases": e.phases, "lost_actions": e.actions - len(e.phases),
                            **({"control": e.check.control, "total": e.check.total} if e.check else {})}
                   for e in entrants},
    }
    if surprised:
        sp = surprise_phase(entrants, surprised)
        data["surprise_phase"] = sp
        lines.append(tr(lang, "Fase de sorpresa (una acción cada uno): ", "Surprise phase (one action each): ")
                     + (", ".join(sp) or "—"))
    for phase in PHASES:
        lines.append(f"{L.PHASES[phase](lang)}: " + (", ".join(phases[phase]) or "—"))
    return Outcome(data, lines, changes=changes)


# --- encumbrance, throwing ---------------------------------------------------------------


def _strength(p: dict[str, Any], actor: Character | None, lang: str) -> int:
    if p.get("strength") is not None:
        value, _, _ = resolve_rating(actor, p["strength"])
        return value
    if actor is None:
        raise Refused(tr(lang, "hace falta --strength (o un personaje).", "--strength (or a character) is needed."))
    return ability(actor, "FUE")


def do_encumbrance(action: Action, ctx: Context) -> Outcome:
    p = INFO.params(action)
    lang = ctx.lang
    strength = _strength(p, action.actor, lang)
    load = float(p["load"])
    enc = encumbrance(load, strength)
    data = {"load": load, "strength": strength, "ratio": float(enc.ratio_text), "steps": enc.steps,
            "speed_percent": enc.speed_percent, "resistance_change": enc.resistance, "free_load": 2 * strength,
            "max_moving_load": 6 * strength}
    lines = [tr(lang, f"Carga {load:g} kg con FUE {strength} = FUE×{enc.ratio_text} (sin efecto hasta {2 * strength} kg).",
                f"Load {load:g} kg with STR {strength} = STR×{enc.ratio_text} (no effect up to {2 * strength} kg).")]
    lines.append(tr(lang, f"Velocidad {enc.speed_percent}%, +{enc.steps} pasos a habilidades de FUE y DES, "
                          f"modificadores de resistencia de FUE y DES {enc.resistance:+d}.",
                    f"Speed {enc.speed_percent}%, +{enc.steps} steps on STR and DEX skills, "
                    f"STR and DEX resistance modifiers {enc.resistance:+d}."))
    if p.get("resistance") is not None:
        data["resistance"] = int(p["resistance"]) + enc.resistance
        lines.append(tr(lang, f"Modificador de resistencia {int(p['resistance']):+d} → {data['resistance']:+d}.",
                        f"Resistance modifier {int(p['resistance']):+d} → {data['resistance']:+d}."))
    if load > 6 * strength:
        lines.append(tr(lang, "Más de FUE×6: no puede moverse a una velocidad apreciable.",
                        "Over STR×6: cannot move at an appreciable speed."))
    return Outcome(data, lines)


def do_throw(action: Action, ctx: Context) -> Outcome:
    """002-R45: short = STR m, medium = 2×STR, long = 4×STR for small light objects; heavy
    objects (> 3 kg, ≤ ⌊STR/2⌋ kg) at +4 steps and short range only."""
    p = INFO.params(action)
    lang = ctx.lang
    strength = _strength(p, action.actor, lang)
    weight = float(p.get("weight") or 0)
    heaviest = strength // 2
    data: dict[str, Any] = {"strength": strength, "weight": weight, "heaviest": heaviest}
    if weight <= 3:
        data.update(ranges={"short": strength, "medium": 2 * strength, "long": 4 * strength}, steps=0, heavy=False)
        lines = [tr(lang, f"Alcances: corto {strength} m, medio {2 * strength} m, largo {4 * strength} m.",
                    f"Ranges: short {strength} m, medium {2 * strength} m, long {4 * strength} m.")]
    elif weight <= heaviest:
        data.update(ranges={"short": strength}, steps=4, heavy=True)
        lines = [tr(lang, f"Objeto pesado ({weight:g} kg ≤ {heaviest} kg): +4 pasos, solo alcance corto ({strength} m).",
                    f"Heavy object ({weight:g} kg ≤ {heaviest} kg): +4 steps, short range only ({strength} m).")]
    else:
        raise Refused(tr(lang, f"{weight:g} kg es demasiado: FUE {strength} lanza como mucho {heaviest} kg.",
                         f"{weight:g} kg is too heavy: STR {strength} throws at most {heaviest} kg."))
    return Outcome(data, lines)
