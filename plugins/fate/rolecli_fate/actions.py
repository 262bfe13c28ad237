"""Resolving actions: simple actions, contests, attacks, maneuvers, blocks,
sprints, pushes and throws, concessions and compels (000-R2…R22, R40…R49)."""

from __future__ import annotations

from typing import Any, Callable, Hashable

from rolecli.contract import Action, Label, Outcome, Refused, keep_at_most

from . import ladder
from .aspects import Temp, set_temps, temps
from .conflict import check_can_concede, concession
from .lasting import block_left, spin_earned
from .roll import DEFENDED, Side, dice_text, make_side, named, roll_contest, roll_side
from .state import ROSTER, fate_points, work_on
from .stress import apply_stress, hit_choices, track_key
from .words import AGAINST, EFFORT, shifts, verdict


ATTACK_TIE = Label("Empate: ambos tienen éxito con 0 excedentes; el ataque no causa estrés",
                   "Tie: both succeed with 0 shifts; the attack deals no stress")
DEFENDER_SPIN = Label(": Giro para el defensor (+1 o −1 a una tirada de la siguiente acción)",
                      ": Spin for the defender (+1 or −1 to one roll of the next action)")


def shifts_of(effort: int, difficulty: int) -> int:
    """000-R3: no negative shifts."""
    return max(0, effort - difficulty)


def side_line(side: Side, lang: str) -> str:
    return f"{dice_text(side.dice)}; {side.text(lang)} → {EFFORT(lang)} {ladder.describe(side.effort, lang)}"


def _rerolled(side: Side, lang: str) -> list[str]:
    out = list(side.notes)
    if side.first_dice is not None:
        out.insert(0, Label("primera tirada ", "first roll ")(lang) + dice_text(side.first_dice))
    return out


# --- simple actions -----------------------------------------------------------

def check(action: Action, ctx, p: dict) -> Outcome:
    """000-R2/R3/R5: a skill against a difficulty (default Promedio)."""
    lang = ctx.lang
    work = work_on(ctx, action.actor, action.target)
    diff = ladder.parse(p.get("difficulty", "Promedio"))
    made = make_side(work, action.actor, p["skill"], p, lang, target=action.target, plan=action.plan)
    side = roll_side(ctx, work, made, action.actor, p, lang, Label("tirada", "roll")(lang), failed=lambda s: s.effort < diff,
                     target=action.target)
    effort = side.effort
    ok = effort >= diff
    sh = shifts_of(effort, diff)
    line = f"{side_line(side, lang)} {AGAINST(lang)} {ladder.describe(diff, lang)}: {verdict(ok, lang)}"
    line += f" {Label('con', 'with')(lang)} {shifts(sh, lang)}" if ok else ""
    lines = _rerolled(side, lang) + [line]
    if sh >= 3:
        lines.append(Label(f"Éxito significativo ({sh} ≥ 3 excedentes): puede dar un Giro (000-R48).",
                           f"Significant success ({sh} ≥ 3 shifts): may earn a Spin (000-R48).")(lang))
    # "margin": the signed shifts, from the actor's side (000-R3 floors "shifts" at 0)
    data = {"verb": "check", **side.data, "difficulty": diff, "success": ok, "shifts": sh, "margin": effort - diff,
            "significant": sh >= 3}
    return Outcome(data, lines, ok, work.changes())


def block(action: Action, ctx, p: dict) -> Outcome:
    """000-R18: the roll is the block strength."""
    lang = ctx.lang
    work = work_on(ctx, action.actor, action.target)
    made = make_side(work, action.actor, p["skill"], p, lang, target=action.target, plan=action.plan)
    side = roll_side(ctx, work, made, action.actor, p, lang, Label("bloqueo", "block")(lang))
    lines = [*side.notes, f"{side_line(side, lang)}: {Label('fuerza del bloqueo', 'block strength')(lang)} {ladder.signed(side.effort)}"]
    if action.target is not None:
        lines.append(Label(f"Protege a {action.target.name}: su defensa será max(defensa, {side.effort}).",
                           f"Protects {action.target.name}: their defence will be max(defence, {side.effort}).")(lang))
    return Outcome({"verb": "block", **side.data, "block_strength": side.effort}, lines, None, work.changes(),
                   block_left(action, ctx, side.effort))


def overcome(action: Action, ctx, p: dict) -> Outcome:
    """000-R18(b): at least 1 shift against the block strength to get past; a tie fails."""
    lang = ctx.lang
    work = work_on(ctx, action.actor, action.target)
    strength = int(p["block"])
    made = make_side(work, action.actor, p["skill"], p, lang, target=action.target, plan=action.plan)
    side = roll_side(ctx, work, made, action.actor, p, lang, Label("superar bloqueo", "overcome block")(lang),
                     failed=lambda s: s.effort <= strength, target=action.target)
    sh = shifts_of(side.effort, strength)
    ok = sh >= 1
    told = (Label(f"supera el bloqueo con {shifts(sh, lang)}", f"gets past the block with {shifts(sh, lang)}")(lang)
               if ok else Label(f"el bloqueo aguanta ({shifts(sh, lang)}; hace falta al menos 1)",
                                f"the block holds ({shifts(sh, lang)}; at least 1 needed)")(lang))
    lines = _rerolled(side, lang) + [f"{side_line(side, lang)} {Label('contra bloqueo', 'against block')(lang)} {ladder.signed(strength)}: {told}"]
    return Outcome({"verb": "overcome", **side.data, "block_strength": strength, "shifts": sh,
                    "margin": side.effort - strength, "success": ok}, lines, ok, work.changes())


def sprint(action: Action, ctx, p: dict) -> Outcome:
    """000-R20: Atletismo as primary action, zones = shifts − border (never below 0)."""
    lang = ctx.lang
    work = work_on(ctx, action.actor, action.target)
    diff = ladder.parse(p.get("difficulty", "Mediocre"))
    border = int(p.get("border_total", 0) or 0)
    side = roll_side(ctx, work, make_side(work, action.actor, p["skill"], p, lang, plan=action.plan), action.actor, p,
                     lang, Label("carrera", "sprint")(lang), failed=lambda s: s.effort - diff - border < 1)
    sh = shifts_of(side.effort, diff)
    zones = max(0, sh - border)
    lines = _rerolled(side, lang) + [
        f"{side_line(side, lang)} {AGAINST(lang)} {ladder.describe(diff, lang)}: {shifts(sh, lang)}"
        + (f" − {Label('borde', 'border')(lang)} {border}" if border else "")
        + f" → {zones} {Label('zona(s)', 'zone(s)')(lang)}"]
    return Outcome({"verb": "sprint", **side.data, "difficulty": diff, "shifts": sh, "margin": side.effort - diff,
                    "border": border, "zones": zones, "success": zones >= 1}, lines, zones >= 1, work.changes())


# --- contests -----------------------------------------------------------------

def contest(action: Action, ctx, p: dict) -> Outcome:
    lang = ctx.lang
    work = work_on(ctx, action.actor, action.target)
    a, d, _, de, lines, _ = roll_contest(action, ctx, p, work, "opposition", reroll=p.get("reroll"))
    who_a, who_d = named(action, lang)
    lines += _rerolled(a, lang) + _rerolled(d, lang)
    lines.append(f"{who_a}: {side_line(a, lang)}")
    lines.append(f"{who_d}: {side_line(d, lang)}")
    if a.effort > de:
        res, sh = "actor", a.effort - de
        lines.append(Label(f"{who_a} gana con {shifts(sh, lang)} (el más alto vence a una dificultad igual al más bajo)",
                           f"{who_a} wins with {shifts(sh, lang)} (the higher beats a difficulty equal to the lower)")(lang))
    elif a.effort < de:
        res, sh = "opposition", de - a.effort
        lines.append(Label(f"{who_d} gana con {shifts(sh, lang)}", f"{who_d} wins with {shifts(sh, lang)}")(lang))
    else:
        res, sh = "tie", 0
        lines.append(Label("Empate: ambos tienen éxito con 0 excedentes", "Tie: both succeed with 0 shifts")(lang))
    data = {"verb": "contest", "roll": a.data, "opposition": d.data, "result": res, "shifts": sh, "margin": a.effort - de,
            "success": res in ("actor", "tie")}
    return Outcome(data, lines, res in ("actor", "tie"), work.changes())


# What an attack reads of its parameters at every exchange (:func:`_attack_reads`), kept by
# the action's plan (:attr:`~rolecli.contract.Action.plan`: equal plans, equal parameters),
# not read again at each (icount: a fate trial 3.7181M -> 3.7032M, -0.4%).
_ATTACK_READS: dict[Hashable, tuple[int | None, Any, str, dict[str, Any], dict | None, tuple[tuple, bool]]] = {}
_ATTACK_READS_LIMIT = 256


def _attack_reads(p: dict) -> tuple[int | None, Any, str, dict[str, Any], dict | None, tuple[tuple, bool]]:
    """The strength of the block protecting the target (None: none), the aspect the
    attacker invokes to reroll (if any) and the track hit, as the parameters ``p`` give them,
    the attack's data but for what its roll sets (``None`` until then), its keys in order,
    the hits kept by the state they hit for the track and choices (:data:`_KEPT_HITS`; ``None``:
    choices that cannot be a key), and what a hit reads of them (:func:`~rolecli_fate.stress.hit_choices`)."""
    blk = p.get("block")
    track = track_key(p.get("track", "salud"))
    recorded = {"verb": "attack", "roll": None, "opposition": None, "defence": None, "margin": None, "track": track,
                "stress": None, "success": None, "spin": None, "shifts": None}
    choices = hit_choices(p)
    try:
        hits = _KEPT_HITS.get((track, choices))
    except TypeError:  # a list typed among the choices: no hit kept
        hits = None
    else:
        if hits is None:
            hits = keep_at_most(_KEPT_HITS, (track, choices), {}, _KEPT_HITS_LIMIT)
    return None if blk is None else int(blk), p.get("reroll"), track, recorded, hits, choices


# By the track and the choices a hit reads (:func:`_attack_reads`: shared by the plans that give the same,
# those filled in by ``lasting.before`` too), the changes a hit made (:func:`_hit_changes`) by the state it
# hit, held, and the stress.
_KEPT_HITS: dict[tuple, dict[tuple[int, int], tuple]] = {}
_KEPT_HITS_LIMIT = 64
_HITS_BY_STATE_LIMIT = 4096  # (a trial meets new states as it goes; at 1024 emptied every ~400 trials: icount -0.56%)


def _hit_changes(ctx, hits: dict, target, stress: int, track: str, p: dict, lang: str, attacker,
                 choices: tuple[tuple, bool]) -> dict[str, dict[str, Any]]:
    """The changes a hit of ``stress`` makes on ``target``, the roster's own, where no one reads its lines or
    data and its reply refuses no concession (which costs the attacker): a function of the state it hits (the
    core gives a state met before as the very object), its sheet, the roster's groups, the options and the
    language, and where it is or leads a minion group of the sheets and states of those the roster's groups
    relate to it (:func:`_related`), kept in ``hits`` by the states (held) and the stress: no Work made, no
    field read (icount, a fate trial N=400 2.0423M -> 1.9962M, -2.3%; a group's or its leader's too: 1.9851M ->
    1.9531M, -1.6%)."""
    state, options = target.state, ctx.options
    key = (id(state), stress)
    kept = hits.get(key)
    if (kept is not None and kept[0] is state and kept[1] is target and kept[2] is target.sheet
            and kept[3] is ROSTER[2] and kept[4] is options and kept[5] == lang):
        others = kept[7]
        if not others:  # (most: its own state read alone)
            fields = kept[6]
            return {target.name: fields.copy()} if fields else {}
        found = hits.get(_with_states(key, others))
        if found is not None:
            for other, sheet, was in found[0]:
                if other.state is not was or other.sheet is not sheet:
                    break
            else:
                return _copied(found[1])
    work = work_on(ctx)  # (over the roster alone, whose own the kept contest found them: roll_contest)
    apply_stress(work, target, stress, track, p, lang, attacker, choices)
    changes = work.changes() if work.states else {}
    others = _related(work, target)
    fields = changes.get(target.name)
    keep_at_most(hits, key, (state, target, target.sheet, work.groups_found, options, lang,
                             fields.copy() if fields and not others else None, others), _HITS_BY_STATE_LIMIT)
    if others:
        keep_at_most(hits, _with_states(key, others),
                     (tuple([(other, other.sheet, other.state) for other in others]), _copied(changes)),
                     _HITS_BY_STATE_LIMIT)
    return changes


def _copied(changes: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """``changes`` with a table of its own for each character: kept, or given again, none shared."""
    copied = {}
    for name, fields in changes.items():
        copied[name] = fields.copy()
    return copied


def _with_states(key: tuple, others: tuple) -> tuple:
    """``key`` with the states of ``others`` (by their ids: each entry holds them) that a hit reads too."""
    for other in others:  # (a group or two: a loop, for which a comprehension's call costs more)
        key += (id(other.state),)
    return key


def _related(work, target) -> tuple:
    """Those whose sheets and states a hit on ``target`` reads besides its own (``stress.apply_stress``): the
    minion groups it leads, whose minions standing shield it, and the leader each group it is or leads names,
    whom the stress left over hits."""
    group, led = work.group_of(target)
    others = led
    for grp in (target,) if group else led:
        named = grp.value("lider")
        leader = work.char(str(named)) if named else None
        if leader is not None and leader is not target and leader not in others:
            others += (leader,)
    return others


def attack(action: Action, ctx, p: dict) -> Outcome:
    """000-R13/R30: shifts of a won attack become stress on the target; a
    defender winning by 3+ earns a Spin (000-R48); a tie deals nothing. Where no one
    reads its data (``ctx.record`` false), it gives none."""
    lang = ctx.lang
    plan = action.plan
    read = _ATTACK_READS.get(plan)  # (None where there is no plan: none is kept under None)
    if read is None:
        read = _attack_reads(p)
        if plan is not None:
            keep_at_most(_ATTACK_READS, plan, read, _ATTACK_READS_LIMIT)
    blk, reroll, track, recorded, hits, choices = read
    explain = ctx.explain  # the lines are written only for someone to read (Context.explain)
    record = ctx.record
    a, d, effort, de, lines, work = roll_contest(action, ctx, p, None, "defence", blk, reroll, explain or record)
    if explain:
        who_a, who_d = named(action, lang)
        lines += _rerolled(a, lang) + _rerolled(d, lang)
        lines.append(f"{who_a}: {side_line(a, lang)}")
        dl = f"{who_d}: {side_line(d, lang)}"
        if blk is not None:
            dl += Label(f"; bloqueo protector {ladder.signed(blk)} → defiende con {ladder.signed(de)}",
                        f"; protecting block {ladder.signed(blk)} → defends with {ladder.signed(de)}")(lang)
        lines.append(dl)
    stress = 0
    spin = False
    if effort > de:
        stress = effort - de
        if explain:
            lines.append(Label(f"El ataque gana con {shifts(stress, lang)} → {stress} de estrés",
                               f"The attack wins with {shifts(stress, lang)} → {stress} stress")(lang))
        ok = True
    elif effort == de:
        ok = False
        if explain:
            lines.append(ATTACK_TIE(lang))
    else:
        ok = False
        margin = de - effort
        spin = margin >= 3
        if explain:
            lines.append(Label(f"La defensa gana por {margin}", f"The defence wins by {margin}")(lang)
                         + (DEFENDER_SPIN(lang) if spin else ""))
    # (a copy of the data kept, what the roll sets set on it, not a table made at every attack: icount,
    # a fate trial 3.2649M -> 3.2587M, -0.19%.) All of it only records, the sides' records and what
    # happened alike: where no one reads it (Context.record: a simulation's trials with no house rule)
    # none is made (icount, with a full defence's and an initiative's: 2.8539M -> 2.7974M over 400 trials)
    if record:
        data: dict[str, Any] = recorded.copy()
        data["roll"] = a.data
        data["opposition"] = d.data
        data["defence"] = de
        data["margin"] = effort - de
        data["stress"] = data["shifts"] = stress
        data["success"] = ok
        data["spin"] = spin
    else:
        data = {}
    if stress > 0 and action.target is not None:
        if work is None and hits is not None and not (explain or record or choices[1]):
            return Outcome(data, lines, ok, _hit_changes(ctx, hits, action.target, stress, track, p, lang,
                                                         action.actor, choices), [])
        if work is None:  # (made for a hit alone, over the roster whose own the kept contest found them: roll_contest)
            work = work_on(ctx)
        more, dmg = apply_stress(work, action.target, stress, track, p, lang, action.actor, choices)
        if explain:
            lines += more
        if record:
            data["damage"] = dmg
    # (the Spin left where it is earned, not looked for in the data of every attack; the changes asked only where
    # a state was set (Work.states), not of a miss, which sets none: icount N=400 2.4929M -> 2.4890M, -0.16%, twice)
    return Outcome(data, lines, ok, work.changes() if work is not None and work.states else {},
                   spin_earned(action, ctx) if spin else [])


def maneuver(action: Action, ctx, p: dict) -> Outcome:
    """000-R14/R40/R41: place a temporary aspect (fragile unless sticky, first
    tag free). Opposed: ≥1 shift needed; unopposed: a simple action."""
    lang = ctx.lang
    work = work_on(ctx, action.actor, action.target)
    aspect = str(p.get("aspect") or "").strip()
    if not aspect:
        raise Refused(Label("una maniobra necesita --aspect NOMBRE: el aspecto temporal que coloca.",
                            "a maneuver needs --aspect NAME: the temporary aspect it places."))
    opposed = p.get("opposition") not in (None, "")
    lines: list[str] = []
    if opposed:
        a, d, _, de, extra, _ = roll_contest(action, ctx, p, work, "opposition", reroll=p.get("reroll"))
        who_a, who_d = named(action, lang)
        lines += extra + _rerolled(a, lang) + _rerolled(d, lang)
        lines += [f"{who_a}: {side_line(a, lang)}", f"{who_d}: {side_line(d, lang)}"]
        sh = shifts_of(a.effort, de)
        ok = sh >= 1
        data = {"verb": "maneuver", "roll": a.data, "opposition": d.data, "shifts": sh, "margin": a.effort - de}
        lines.append(Label(f"{shifts(sh, lang)} (hace falta al menos 1)",
                           f"{shifts(sh, lang)} (at least 1 needed)")(lang))
    else:
        diff = ladder.parse(p.get("difficulty", "Promedio"))
        made = make_side(work, action.actor, p["skill"], p, lang, target=action.target, reads=DEFENDED, plan=action.plan)
        a = roll_side(ctx, work, made, action.actor, p, lang, Label("maniobra", "maneuver")(lang), failed=lambda s: s.effort < diff,
                      target=action.target)
        sh = shifts_of(a.effort, diff)
        ok = a.effort >= diff
        lines += _rerolled(a, lang) + [f"{side_line(a, lang)} {AGAINST(lang)} {ladder.describe(diff, lang)}: "
                                       + verdict(ok, lang)]
        data = {"verb": "maneuver", **a.data, "difficulty": diff, "shifts": sh, "margin": a.effort - diff}
    sticky = bool(p.get("sticky"))
    kind = Label("pegado", "sticky")(lang) if sticky else Label("frágil", "fragile")(lang)
    placed = False
    if ok:
        tgt = action.target
        avoid = str(p.get("avoid", "accept"))
        if tgt is not None and avoid == "pay" and opposed:
            fp = fate_points(work, tgt)
            if fp >= 1:
                work.set(tgt, "puntos_destino", fp - 1)
                lines.append(Label(f"{tgt.name} gasta 1 PD ({fp - 1}) para evitar «{aspect}»",
                                   f"{tgt.name} spends 1 FP ({fp - 1}) to avoid “{aspect}”")(lang))
                data.update({"success": True, "aspect": aspect, "placed": False, "avoided": True})
                return Outcome(data, lines, True, work.changes())
            lines.append(Label(f"{tgt.name} no tiene PD para evitarlo", f"{tgt.name} has no FP to avoid it")(lang))
        if tgt is not None:
            items = temps(work, tgt)
            items.append(Temp(aspect, sticky, True))
            set_temps(work, tgt, items)
        placed = True
        on = f" {Label('sobre', 'on')(lang)} {tgt.name}" if tgt is not None else ""
        lines.append(Label(f"Aspecto temporal «{aspect}» ({kind}){on}: la primera etiqueta es gratis",
                           f"Temporary aspect “{aspect}” ({kind}){on}: the first tag is free")(lang))
    else:
        lines.append(Label("La maniobra falla: no se coloca el aspecto", "The maneuver fails: no aspect placed")(lang))
    data.update({"success": ok, "aspect": aspect, "sticky": sticky, "placed": placed})
    return Outcome(data, lines, ok, work.changes())


def push_cost(weight: int, zones: int) -> int:
    """The rulings: pushing costs weight + zones (constant per distance)."""
    return weight + zones


def throw_cost(weight: int, zones: int, mode: str = "sum") -> int:
    """000-R42 / the rulings: 1 zone = weight + 1; each extra zone costs the
    previous one plus 1 → Σ(weight + k), k = 1..n. ``threshold``: weight + n."""
    if mode == "threshold":
        return weight + zones
    return sum(weight + k for k in range(1, zones + 1))


def push(action: Action, ctx, p: dict) -> Outcome:
    return _moved(action, ctx, p, "push", Label("empujar", "push"), push_cost)


def throw(action: Action, ctx, p: dict) -> Outcome:
    mode = ctx.options["throw_cost"]
    return _moved(action, ctx, p, "throw", Label("apartar",
                                                 "throw"), lambda weight, zones: throw_cost(weight, zones, mode))


def _moved(action: Action, ctx, p: dict, verb: str, name: Label, cost_of: Callable[[int, int], int]) -> Outcome:
    """A push or a throw: a contest whose shifts must pay ``cost_of(weight, zones)``."""
    lang = ctx.lang
    work = work_on(ctx, action.actor, action.target)
    weight = int(p["weight"])
    zones = int(p["zones"])
    cost = cost_of(weight, zones)
    a, d, _, de, lines, _ = roll_contest(action, ctx, p, work, "opposition", reroll=p.get("reroll"))
    who_a, who_d = named(action, lang)
    lines += _rerolled(a, lang) + _rerolled(d, lang)
    lines += [f"{who_a}: {side_line(a, lang)}", f"{who_d}: {side_line(d, lang)}"]
    sh = shifts_of(a.effort, de)
    ok = sh >= cost
    reach = 0
    while cost_of(weight, reach + 1) <= sh:
        reach += 1
    lines.append(Label(f"{name.es} {zones} zona(s) con peso {weight} cuesta {cost}; {shifts(sh, lang)}: "
                       + ("lo consigue" if ok else "no alcanza") + f" (alcance {reach} zona(s))",
                       f"{name.en} {zones} zone(s) at weight {weight} costs {cost}; {shifts(sh, lang)}: "
                       + ("done" if ok else "not enough") + f" (reach {reach} zone(s))")(lang))
    data = {"verb": verb, "roll": a.data, "opposition": d.data, "shifts": sh, "margin": a.effort - de, "cost": cost,
            "weight": weight, "zones": zones, "reach": reach, "success": ok}
    return Outcome(data, lines, ok, work.changes())


def concede(action: Action, ctx, p: dict) -> Outcome:
    """000-R36: the terms of one's own defeat, offered with a consequence taken in
    this conflict, once (see ``conflict.check_can_concede``)."""
    lang = ctx.lang
    if action.actor is None:
        raise Refused(Label("concede necesita el personaje que concede (un personaje de la campaña).",
                            "concede needs the conceding character (a campaign character)."))
    work = work_on(ctx, action.actor, action.target)
    check_can_concede(work, action.actor, action.target)
    data: dict[str, Any] = {"verb": "concede", "character": action.actor.name}
    lines = concession(work, action.actor, action.target, str(p.get("reply", "accept")), lang, data,
                       reasonable=bool(p.get("reasonable", True)))
    return Outcome(data, lines, None, work.changes())


def compel(action: Action, ctx, p: dict) -> Outcome:
    """SotC compel: accept and gain 1 FP, or pay 1 FP to refuse."""
    lang = ctx.lang
    ch = action.actor
    if ch is None:
        raise Refused(Label("compel necesita un personaje de la campaña.", "compel needs a campaign character."))
    work = work_on(ctx, ch)
    fp = fate_points(work, ch)
    aspect = str(p.get("aspect", ""))
    if str(p.get("reply", "accept")) == "accept":
        work.set(ch, "puntos_destino", fp + 1)
        lines = [Label(f"{ch.name} acepta que fuercen «{aspect}» y gana 1 PD ({fp + 1})",
                       f"{ch.name} accepts the compel of “{aspect}” and gains 1 FP ({fp + 1})")(lang)]
        data = {"accepted": True, "fate_points": fp + 1}
    else:
        if fp < 1:
            raise Refused(Label(f"{ch.name} tiene 0 puntos de destino y no puede rechazar el forzado (cuesta 1).",
                                f"{ch.name} has 0 Fate points and cannot refuse the compel (it costs 1)."))
        work.set(ch, "puntos_destino", fp - 1)
        lines = [Label(f"{ch.name} rechaza el forzado de «{aspect}» pagando 1 PD ({fp - 1})",
                       f"{ch.name} refuses the compel of “{aspect}” paying 1 FP ({fp - 1})")(lang)]
        data = {"accepted": False, "fate_points": fp - 1}
    return Outcome({"verb": "compel", "aspect": aspect, **data}, lines, None, work.changes())
