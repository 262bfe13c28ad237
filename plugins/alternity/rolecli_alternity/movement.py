"""The ``move`` verb: combat movement and all-out movement (002-R40, R41)."""

from __future__ import annotations

from typing import Any

from rolecli.contract import Action, Character, Context, Label, Outcome, Refused

from . import labels as L
from .combat import ALL_OUT_MODES, PHASES, UNHURRIED_MODES, all_out_move, combat_move, phases_left, usable_actions
from .sheet import actions_per_round
from .steps import moving_steps


MODE_NAMES = {
    "walk": L.Label("a pie", "walk"), "run": L.Label("corriendo", "run"), "sprint": L.Label("sprint", "sprint"),
    "swim": L.Label("nado", "swim"), "easy_swim": L.Label("nado fácil", "easy swim"), "fly": L.Label("vuelo", "fly"),
    "glide": L.Label("planeo", "glide"),
}


def _speed(p: dict[str, Any], actor: Character | None, mode: str) -> tuple[int, str]:
    """The speed in metres per phase and where it came from: ``--speed``, else the sheet's
    ``speed_<mode>``."""
    if p.get("speed") is not None:
        return int(p["speed"]), "speed"
    key = f"speed_{mode}"
    if actor is None:
        raise Refused(Label("sin personaje hace falta --speed (metros por fase).",
                            "without a character --speed (metres per phase) is needed."))
    val = actor.sheet.get(key)
    name = MODE_NAMES[mode]
    if val is None:
        raise Refused(Label(f"{actor.name} no tiene velocidad {name.es} en la hoja ({key}): "
                               "da --speed (metros por fase).",
                            f"{actor.name} has no {name.en} speed on the sheet ({key}): "
                         "give --speed (metres per phase)."))
    if int(val) <= 0:
        raise Refused(Label(f"{actor.name} tiene velocidad {name.es} {val} ({key}): no puede moverse así.",
                            f"{actor.name} has a {name.en} speed of {val} ({key}): it cannot move that way."))
    return int(val), key


def do_move(action: Action, ctx: Context) -> Outcome:
    """002-R40 combat movement (one phase per action, perhaps acting too) and 002-R41
    all-out movement (every phase, nothing else). No dice: the rules roll none."""
    p = action.params
    lang = ctx.lang
    actor = action.actor
    all_out = bool(p.get("all_out"))
    mode = p.get("mode") or "auto"
    if mode == "auto":
        mode = "sprint" if all_out else "walk"
    if all_out and mode not in ALL_OUT_MODES:
        raise Refused(Label(f"el movimiento total usa la velocidad de sprint (en tierra), nado (en el agua) o vuelo "
                               f"(en el aire), no {mode} (002-R41).",
                            f"all-out movement uses the sprint (land), swim (water) or fly (air) speed, not {mode} (002-R41)."))
    start = p["phase"]
    if p.get("phases") and p.get("round"):
        raise Refused(Label("--phases o --round, no los dos.", "--phases or --round, not both."))
    speed, source = _speed(p, actor, mode)
    left = phases_left(start)
    who = f"{actor.name}: " if actor else ""
    mname = MODE_NAMES[mode](lang)
    per = Label(f"{mname} {speed} m por fase", f"{mname} {speed} m per phase")(lang)
    if source != "speed":
        per += Label(f" (hoja: {source})", f" (sheet: {source})")(lang)
    data: dict[str, Any] = {"mode": mode, "all_out": all_out, "speed": speed, "speed_from": source, "first_phase": start}

    def phase_list(phases: list[str]) -> str:
        return ", ".join(L.PHASES[ph](lang) for ph in phases)

    if all_out:
        n = p.get("phases") or left
        if n > left:
            raise Refused(Label(f"--phases {n}: desde la {L.PHASES[start].es} quedan {left} fase(s) en el asalto (1..{left}).",
                                f"--phases {n}: from the {L.PHASES[start].en} {left} phase(s) are left in the round (1..{left})."))
        mv = all_out_move(speed, start, n)
        data.update(mv, actions_left=0, act_in_moving_phase=False, act_steps=None)
        lines = [who + Label(f"Movimiento total (002-R41), {per}: {phase_list(mv['phases'])} → {mv['metres']} m.",
                             f"All-out movement (002-R41), {per}: {phase_list(mv['phases'])} → {mv['metres']} m.")(lang),
                 Label("Se mueve en cada fase y no hace nada más; puede detenerse o ponerse a cubierto en un lugar adecuado.",
                       "Moves every phase and does nothing else; it may stop or take cover at a suitable place.")(lang)]
        if n < left:
            rest = PHASES[PHASES.index(start) + n:]
            data["idle_phases"] = list(rest)
            lines.append(Label(f"Se detiene tras {n} fase(s): no puede hacer nada más este asalto ({phase_list(rest)}).",
                               f"Stops after {n} phase(s): it can do nothing more this round ({phase_list(rest)}).")(lang))
        else:
            lines.append(Label("Después de detenerse no puede hacer nada más en lo que quede del asalto.",
                               "Once it stops it can do nothing more for the rest of the round.")(lang))
        lines.append(Label("Usado durante varios asaltos, el DJ puede penalizarlo o pedir una tirada de fatiga (fatigue).",
                           "Used for several rounds, the GM may penalise it or call for a fatigue roll (fatigue).")(lang))
        return Outcome(data, lines)

    actions = p.get("actions") or (actions_per_round(actor) if actor else 1)
    usable = usable_actions(actions, start)
    n = usable if p.get("round") else (p.get("phases") or 1)
    if n > usable:
        raise Refused(Label(f"--phases {n}: con {actions} acción(es) por asalto desde la {L.PHASES[start].es} "
                               f"se mueve como mucho {usable} fase(s), una por acción (1..{usable}).",
                            f"--phases {n}: with {actions} action(s) per round from the {L.PHASES[start].en} "
                         f"it moves at most {usable} phase(s), one per action (1..{usable})."))
    mv = combat_move(speed, start, n)
    data.update(mv, actions=actions, usable_actions=usable, actions_left=usable - n)
    lines = [who + Label(f"Movimiento de combate (002-R40), {per}: {phase_list(mv['phases'])} → {mv['metres']} m "
                            f"(una acción por fase).",
                         f"Combat movement (002-R40), {per}: {phase_list(mv['phases'])} → {mv['metres']} m "
                      f"(one action per phase).")(lang)]
    if mode in UNHURRIED_MODES:
        lines.append(Label("Velocidad para viajar sin prisa (002-R40), no para cubrir distancia lo antes posible.",
                           "A speed for unhurried travel (002-R40), not for covering ground as fast as possible.")(lang))
    try:
        steps = moving_steps("fly" if mode == "glide" else mode)
    except Refused as exc:   # swimming: moving_steps refuses acting while moving (002-R40)
        data.update(act_in_moving_phase=False, act_steps=None)
        said = exc.text(lang)
        lines.append(said[:1].upper() + said[1:])
    else:
        data.update(act_in_moving_phase=True, act_steps=steps)
        if mode == "walk":
            lines.append(Label("En esa misma fase puede hacer otra acción sin penalización (a pie, 002-R40).",
                               "In the same phase it may take another action with no penalty (on foot, 002-R40).")(lang))
        else:
            as_ = "fly" if mode == "glide" else mode
            lines.append(Label(f"En esa misma fase puede hacer otra acción a +{steps} pasos: falta la Tabla P11, "
                                  f"valor del plugin (check --moving {as_}" + (", el planeo como el vuelo" if mode == "glide" else "") + ").",
                               f"In the same phase it may take another action at +{steps} steps: Table P11 is missing, "
                            f"the plugin's value (check --moving {as_}" + (", gliding as flying" if mode == "glide" else "") + ").")(lang))
    lines.append(Label(f"Acciones: {actions} por asalto, {usable} desde la {L.PHASES[start](lang)}; quedan {usable - n} "
                          "para otras fases.",
                       f"Actions: {actions} per round, {usable} from the {L.PHASES[start](lang)}; {usable - n} left "
                    "for other phases.")(lang))
    return Outcome(data, lines)
