"""What strength carries and throws: encumbrance (002-R42) and thrown objects (002-R45)."""

from __future__ import annotations

from typing import Any

from rolecli.contract import Action, Character, Context, Label, Outcome, Refused, check_range

from .sheet import ABILITY_MAX, ABILITY_MIN, ability, resolve_rating
from .steps import encumbrance


def _strength(p: dict[str, Any], actor: Character | None) -> int:
    if p.get("strength") is not None:
        value, _, _ = resolve_rating(actor, p["strength"])
        check_range("--strength", value, ABILITY_MIN, ABILITY_MAX)  # a STR of 400 digits overflows a float
        return value
    if actor is None:
        raise Refused(Label("hace falta --strength (o un personaje).", "--strength (or a character) is needed."))
    return ability(actor, "FUE")


def do_encumbrance(action: Action, ctx: Context) -> Outcome:
    p = action.params
    lang = ctx.lang
    strength = _strength(p, action.actor)
    load = float(p["load"])
    enc = encumbrance(load, strength)
    data = {"load": load, "strength": strength, "ratio": float(enc.ratio_text), "steps": enc.steps,
            "speed_percent": enc.speed_percent, "resistance_change": enc.resistance, "free_load": 2 * strength,
            "max_moving_load": 6 * strength}
    lines = [Label(f"Carga {load:g} kg con FUE {strength} = FUE×{enc.ratio_text} (sin efecto hasta {2 * strength} kg).",
                   f"Load {load:g} kg with STR {strength} = STR×{enc.ratio_text} (no effect up to {2 * strength} kg).")(lang)]
    lines.append(Label(f"Velocidad {enc.speed_percent}%, +{enc.steps} pasos a habilidades de FUE y DES, "
                          f"modificadores de resistencia de FUE y DES {enc.resistance:+d}.",
                       f"Speed {enc.speed_percent}%, +{enc.steps} steps on STR and DEX skills, "
                    f"STR and DEX resistance modifiers {enc.resistance:+d}.")(lang))
    if p.get("resistance") is not None:
        data["resistance"] = int(p["resistance"]) + enc.resistance
        lines.append(Label(f"Modificador de resistencia {int(p['resistance']):+d} → {data['resistance']:+d}.",
                           f"Resistance modifier {int(p['resistance']):+d} → {data['resistance']:+d}.")(lang))
    if load > 6 * strength:
        lines.append(Label("Más de FUE×6: no puede moverse a una velocidad apreciable.",
                           "Over STR×6: cannot move at an appreciable speed.")(lang))
    return Outcome(data, lines)


def do_throw(action: Action, ctx: Context) -> Outcome:
    """002-R45: short = STR m, medium = 2×STR, long = 4×STR for small light objects; heavy
    objects (> 3 kg, ≤ ⌊STR/2⌋ kg) at +4 steps and short range only."""
    p = action.params
    lang = ctx.lang
    strength = _strength(p, action.actor)
    weight = float(p.get("weight") or 0)
    heaviest = strength // 2
    data: dict[str, Any] = {"strength": strength, "weight": weight, "heaviest": heaviest}
    if weight <= 3:
        data.update(ranges={"short": strength, "medium": 2 * strength, "long": 4 * strength}, steps=0, heavy=False)
        lines = [Label(f"Alcances: corto {strength} m, medio {2 * strength} m, largo {4 * strength} m.",
                       f"Ranges: short {strength} m, medium {2 * strength} m, long {4 * strength} m.")(lang)]
    elif weight <= heaviest:
        data.update(ranges={"short": strength}, steps=4, heavy=True)
        lines = [Label(f"Objeto pesado ({weight:g} kg ≤ {heaviest} kg): +4 pasos, solo alcance corto ({strength} m).",
                       f"Heavy object ({weight:g} kg ≤ {heaviest} kg): +4 steps, short range only ({strength} m).")(lang)]
    else:
        raise Refused(Label(f"{weight:g} kg es demasiado: FUE {strength} lanza como mucho {heaviest} kg.",
                            f"{weight:g} kg is too heavy: STR {strength} throws at most {heaviest} kg."))
    return Outcome(data, lines)
