"""The situation-die ladder (002-R3, the rulings) and every source of steps.

A *rung* is a position on the ladder counted from +d0: rung 0 = +d0,
rung 1 = +d4 … rung 7 = +3d20, rung 8 = +4d20 (each step beyond +3d20 adds a
+d20), rung −1 = −d4 … rung −5 = −d20 (the best bonus the GM should allow).
Penalties are positive steps, bonuses negative (002-R3 glossary).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from rolecli import names
from rolecli.contract import Label, Refused, check_range


# rung -> die size, for the ladder below +2d20
_SIZES = {-5: 20, -4: 12, -3: 8, -2: 6, -1: 4, 0: 0, 1: 4, 2: 6, 3: 8, 4: 12, 5: 20}
MIN_RUNG = -5          # −d20: the bonus end of the ladder
MAX_RUNG = 24          # +20d20: a practical limit (the text sets none)
D20_RUNG = 5           # +d20: from here on the control die's 1 no longer saves (002-R5)


@dataclass(frozen=True)
class SituationDie:
    """The dice a rung rolls: ``sign`` × ``count`` d``sides`` (count 0 for +d0)."""

    rung: int
    sign: int
    count: int
    sides: int

    @property
    def text(self) -> str:
        return rung_text(self.rung)


@functools.lru_cache(maxsize=None)  # a few rungs, read at every check
def dice(rung: int) -> SituationDie:
    """The situation die of a rung (002-R3, the rulings' ladder)."""
    check_rung(rung)
    if rung <= 5:
        sides = _SIZES[rung]
        return SituationDie(rung, -1 if rung < 0 else 1, 0 if sides == 0 else 1, sides)
    return SituationDie(rung, 1, rung - 4, 20)


@functools.lru_cache(maxsize=64)  # a few rungs, written in every check's JSON
def rung_text(rung: int) -> str:
    if rung == 0:
        return "+d0"
    if rung < 0:
        return f"−d{_SIZES[rung]}"
    if rung <= 5:
        return f"+d{_SIZES[rung]}"
    return f"+{rung - 4}d20"


def ladder_range_text() -> str:
    return f"{rung_text(MIN_RUNG)}..{rung_text(MAX_RUNG)}"


def check_rung(rung: int) -> None:
    if rung < MIN_RUNG or rung > MAX_RUNG:
        span = ladder_range_text()
        raise Refused(Label(
            f"el dado de situación a {rung:+d} pasos de +d0 está fuera de la escala {span} "
            "(−d20 es la mayor bonificación que permiten las reglas).",
            f"situation die at {rung:+d} steps from +d0 is out of the ladder's range "
            f"{span} (−d20 is the best bonus the rules allow)."
        ))


def parse_rung(text: str) -> int:
    """``+d4`` → 1, ``−d20`` → −5, ``+4d20`` → 8, ``d0``/``0`` → 0."""
    raw = str(text).strip().replace("−", "-").replace("–", "-").lower().replace(" ", "")
    sign = -1 if raw.startswith("-") else 1
    body = raw.lstrip("+-")
    if body in ("0", "d0"):
        return 0
    count, _, sides = body.partition("d")
    try:
        n = int(count) if count else 1
        s = int(sides)
    except ValueError:
        n, s = 0, 0
    if n == 1 and sign > 0 and s in (4, 6, 8, 12, 20):
        return {4: 1, 6: 2, 8: 3, 12: 4, 20: 5}[s]
    if n == 1 and sign < 0 and s in (4, 6, 8, 12, 20):
        return {4: -1, 6: -2, 8: -3, 12: -4, 20: -5}[s]
    if sign > 0 and s == 20 and n >= 2:
        rung = n + 4
        check_rung(rung)
        return rung
    choices = "−d20, −d12, −d8, −d6, −d4, +d0, +d4, +d6, +d8, +d12, +d20, +2d20, +3d20, +4d20…"
    span = ladder_range_text()
    raise Refused(Label(
        f"{text!r} no es un dado de situación de la escala; usa uno de {choices} (rango {span}).",
        f"{text!r} is not a situation die of the ladder; use one of {choices} (range {span})."
    ))


def final_rung(base: int, steps: int, clamp: bool = False) -> int:
    """Move ``steps`` from the base rung; below −d20 is refused (or clamped with the
    ``clamp_bonus`` rule option)."""
    rung = base + steps
    if rung < MIN_RUNG and clamp:
        return MIN_RUNG
    if rung < MIN_RUNG or rung > MAX_RUNG:
        base_, span = rung_text(base), ladder_range_text()
        raise Refused(Label(
            f"la base {base_} con {steps:+d} pasos cae fuera de la escala {span}: "
            "−d20 es el dado de situación más favorable que debería permitir el DJ.",
            f"base {base_} with {steps:+d} steps lands outside the ladder's range "
            f"{span}: −d20 is the most favourable situation die the GM should allow."
        ))
    return rung


# --- the eyeball approach: descriptive situations (a step modifier each) ----

SITUATIONS: tuple[tuple[int, Label], ...] = (
    (-5, Label("Sin Esfuerzo", "No Sweat")),
    (-4, Label("Coser y Cantar", "Cakewalk")),
    (-3, Label("Extremadamente Fácil", "Extremely Easy")),
    (-2, Label("Muy Fácil", "Very Easy")),
    (-1, Label("Fácil", "Easy")),
    (0, Label("Normal", "Average")),
    (1, Label("Duro", "Tough")),
    (2, Label("Difícil", "Hard")),
    (3, Label("Desafiante", "Challenging")),
    (4, Label("Formidable", "Formidable")),
    (5, Label("Agotador", "Grueling")),
    (6, Label("Titánico", "Gargantuan")),
    (7, Label("Casi Imposible", "Nearly Impossible")),
)


def fold(text) -> str:
    """The core's loose match, with hyphens and underscores read as spaces."""
    return " ".join(names.fold(str(text)).replace("-", " ").replace("_", " ").split())


def situation_steps(text: str) -> tuple[int, Label]:
    """The step modifier of a descriptive label ("Casi Imposible" → +7), in either language."""
    wanted = fold(text)
    for steps, label in SITUATIONS:
        if wanted in (fold(label.es), fold(label.en)):
            return steps, label
    known = ", ".join(f"{lab.es} / {lab.en} ({s:+d})" for s, lab in SITUATIONS)
    raise Refused(Label(f"situación desconocida {text!r}; usa una de: {known}.",
                        f"unknown situation {text!r}; use one of: {known}."))


# --- other sources of steps ---------------------------------------------------

HELP_STEPS = {"critical_failure": 2, "failure": 1, "ordinary": -1, "good": -2, "amazing": -3}   # 002-R12
_DEGREE_WORDS = {
    "critical_failure": ("cf", "fc", "critical failure", "critical", "fallo critico", "critico"),
    "failure": ("f", "failure", "fail", "fracaso", "fallo"),
    "marginal": ("marginal", "m"),
    "ordinary": ("o", "ordinary", "ordinario"),
    "good": ("g", "b", "good", "bueno"),
    "amazing": ("a", "amazing", "asombroso"),
}


def parse_degree(text: str) -> str:
    wanted = fold(text)
    for key, words in _DEGREE_WORDS.items():
        if wanted == fold(key) or wanted in words:
            return key
    raise Refused(Label(f"grado desconocido {text!r}; usa fallo_crítico (fc), fracaso (f), ordinario (o), bueno (b) "
                        "o asombroso (a), en español o en inglés.",
                        f"unknown degree {text!r}; use critical_failure (cf), failure (f), ordinary (o), good (g) "
                        "or amazing (a), in English or Spanish."))


def help_steps(degrees: list[str] | tuple[str, ...], stack: str = "sum") -> int:
    """Helpers' degrees → steps on the lead's roll (002-R12). Several helpers:
    ``sum`` (default) adds them up; ``best`` keeps the single best one (GAP-19)."""
    values = [HELP_STEPS["failure" if d == "marginal" else d] for d in (parse_degree(x) for x in degrees)]
    if not values:
        return 0
    return sum(values) if stack == "sum" else min(values)


TWO_ACTIONS = {"none": 0, "primary": 2, "secondary": 4}            # 002-R14
TWO_WEAPONS = {"none": 0, "main": 2, "off": 4}                     # 002-R15
GRAVITY = {"normal": 0, "light": 1, "zero": 3}                     # 002-R43
MOVING = {"none": 0, "walk": 0, "run": 1, "fly": 1, "sprint": 3}   # 002-R40 (Table P11 missing: our values)
AIM_STEPS = -1                                                     # 002-R16


def two_weapon_steps(hand: str, ambidextrous: bool) -> int:
    """Off hand +4, main hand +2; an Ambidextrous character has no off hand: +2 for both
    (the book only says Ambidextrous reduces the penalties)."""
    if hand == "off" and ambidextrous:
        return TWO_WEAPONS["main"]
    return TWO_WEAPONS[hand]


@dataclass(frozen=True)
class Encumbrance:
    ratio_text: str
    steps: int
    speed_percent: int
    resistance: int   # change to the STR/DEX resistance modifiers


def encumbrance(load_kg: float, strength: int) -> Encumbrance:
    """002-R42. Up to 2×STR kg: no effect. Table P12 is missing; bands chosen to fit
    the book's two data points (4×STR → 75 % speed, +1 step, −1 resistance; 5×STR →
    resistance −2): over 2× to 4× +1 step / 75 %; to 5× +2 / 50 %; to 6× +3 / 25 %;
    over 6× (no appreciable movement) +4 / 0 %."""
    check_range(Label("FUE", "STR"), strength, 1, 25)  # (an ability's range, as a sheet takes it)
    check_range(Label("carga", "load"), load_kg, 0, None, "kg")
    ratio = load_kg / strength
    if ratio <= 2:
        steps, speed = 0, 100
    elif ratio <= 4:
        steps, speed = 1, 75
    elif ratio <= 5:
        steps, speed = 2, 50
    elif ratio <= 6:
        steps, speed = 3, 25
    else:
        steps, speed = 4, 0
    return Encumbrance(f"{ratio:.2f}", steps, speed, -steps)


def moving_steps(how: str) -> int:
    if how in ("swim", "easy_swim"):
        raise Refused(Label("nadando no se puede mover y actuar en la misma fase (002-R40).",
                            "a swimming character cannot move and act in the same phase (002-R40)."))
    return MOVING[how]
