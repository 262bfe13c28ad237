"""Telling a Giro de Reloj: the lines a person reads (what was rolled, what was
read and why, in the book's words). The numbers a referee checks (``--json``)
are each Turn's own (``Turn.data``)."""

from __future__ import annotations

from rolecli.contract import Label

from .clock_turn import Read, Side, Turn
from .glossary import (ADJUSTMENT, DAY_DICE, DAY_DIE, DIFFICULTY, FAILURE_FACTOR, LIMIT, NIGHT_DICE, NIGHT_DIE,
                       NIGHT_TURN, OUTCOMES, RANGE, SUCCESS_FACTOR, TEMPT, say)
from .success_range import SuccessRange


def where(value: int, window: SuccessRange, lang: str) -> str:
    if window.holds(value):
        return say(lang, f"dentro del {RANGE.es} {window.text()}", f"within the {RANGE.en} {window.text()}")
    if value < window.difficulty:
        return say(lang, f"por debajo de la {DIFFICULTY.es} {window.difficulty}",
                   f"below the {DIFFICULTY.en} {window.difficulty}")
    return say(lang, f"por encima del {LIMIT.es} {window.limit}", f"above the {LIMIT.en} {window.limit}")


def read_line(read: Read, window: SuccessRange, lang: str) -> str:
    """``Dados Diurnos 2, 9 → 9 -2 (ajuste) = 7: dentro del rango de éxito 3–7``."""
    one, many = (DAY_DIE, DAY_DICE) if read.die == "day" else (NIGHT_DIE, NIGHT_DICE)
    if len(read.dice) > 1:
        if read.die == "night":
            how = say(lang, "el más alto", "the highest")
        elif window.holds(read.value):
            how = say(lang, "se conserva", "keeps")
        else:  # every Day Die failed: the one nearest the range is shown
            how = say(lang, "ninguno en el rango; el más cercano,", "none in range; the nearest,")
        said = f"{many(lang)} {', '.join(map(str, read.dice))} → {how} {read.kept}"
    else:
        said = f"{one(lang)} {read.kept}"
    if read.delta:
        said += f" {read.delta:+d} ({ADJUSTMENT(lang)}) = {read.value}"
    return f"{said}: {where(read.value, window, lang)}"


def setting_line(side: Side, lang: str) -> str:
    """``límite 7 = Ímpetu 4 + Fisicoculturismo 3; dificultad 3 → rango de éxito 3–7``."""
    challenge = side.challenge
    line = (f"{LIMIT(lang)} {challenge.describe(lang)}; {DIFFICULTY(lang)} {side.window.difficulty} → "
            f"{RANGE(lang)} {side.window.text()}")
    if side.window.empty():
        line += say(lang, " (vacío: ningún dado sin ajustar puede entrar)", " (empty: no unadjusted die can land in it)")
    pool = side.pool
    if pool.night_turn:
        why = (say(lang, "habilidad avanzada sin entrenamiento", "an advanced skill used untrained")
               if challenge.untrained_advanced else say(lang, "impuesto por el Cronista", "imposed by the Cronista"))
        line += f"; {NIGHT_TURN(lang)} ({why}): {say(lang, 'solo el Dado Nocturno, una vez', 'the Night Die alone, once')}"
    elif pool.tempt:
        line += f"; {TEMPT(lang)}: {pool.night} {NIGHT_DICE(lang)}, {say(lang, 'se toma el más alto', 'the highest is taken')}"
    return line


def factor_text(label: str, raw: int, mod: int, final: int, lang: str) -> str:
    """``Factor de Éxito 3 -4 (modificador) = 1 (nunca menos de 1)``: a factor and
    the modifier that changed it (001-R9)."""
    said = f"{label} {raw}"
    if mod:
        said += f" {mod:+d} ({say(lang, 'modificador', 'modifier')}) = {final}"
        if raw + mod < 1:
            said += say(lang, " (nunca menos de 1)", " (never below 1)")
    return said


def _factors(turn: Turn, lang: str) -> str:
    said = ""
    if turn.success_factor is not None:
        said += ", " + factor_text(SUCCESS_FACTOR(lang), turn.result, turn.side.success_factor_mod,
                                   turn.success_factor, lang)
    if turn.failure_factor is not None:
        said += ", " + factor_text(FAILURE_FACTOR(lang), turn.standing.value, turn.side.failure_factor_mod,
                                   turn.failure_factor, lang)
    return said


_NIGHT_PROBLEM = Label("el Dado Nocturno trae un problema que narra el Cronista",
                       "the Night Die brings a problem the Cronista narrates")


def verdict(turn: Turn, lang: str) -> str:
    """``Éxito con consecuencias, Factor de Éxito 6: ...``."""
    outcome = turn.outcome
    said = OUTCOMES[outcome](lang) + _factors(turn, lang)
    return said + {
        "success": "",
        "success_with_consequences": say(lang, ": se logra, pero ", ": done, but ") + _NIGHT_PROBLEM(lang),
        "failure": say(lang, ": sin Dado Nocturno, no se logra el objetivo y nada empeora",
                       ": no Night Die, the goal is not reached and nothing gets worse"),
        "fiasco": say(lang, ": peor que antes (cuanto más bajo el factor, más grave)",
                      ": worse off than before (the lower the factor, the worse)"),
    }[outcome]


def contest_verdict(turn: Turn, won: bool, tie: bool, lang: str) -> str:
    """One side's verdict in a contest (001-R18): only the winner overcomes the
    challenge; a side within range that is beaten, or ties, says so (and still
    bears the Night Die's consequences if it rolled it); one out of range is a
    Fallo or a Fracaso as in a test."""
    if won or turn.result is None:
        return verdict(turn, lang)
    if tie:
        said = say(lang, f"Empate con {turn.result}: nadie gana", f"Tied with {turn.result}: nobody wins")
    else:
        said = say(lang, f"Superado con {turn.result} (dentro de su rango): no lo logra",
                   f"Beaten with {turn.result} (within its range): the goal is not reached")
    if turn.consequences:
        said += say(lang, ", y ", ", and ") + _NIGHT_PROBLEM(lang)
    return said


def night_reason(turn_before: Turn, lang: str) -> str:
    """Why a side rolled its Night Die."""
    if turn_before.result is None:
        return say(lang, "falla y tira el Dado Nocturno", "fails and rolls the Night Die")
    return say(lang, "va perdiendo y tira el Dado Nocturno (su resultado queda)",
               "is losing and rolls the Night Die (its result stands)")


def night_line(turn: Turn, lang: str, who: str = "") -> str:
    """The Night Dice read, and why the side rolled them."""
    said = read_line(turn.night, turn.side.window, lang)
    if turn.day is None:  # a Night Turn or tempting fate: the Night Dice are the first roll
        return f"{who}: {said}" if who else said
    reason = night_reason(Turn(turn.side, turn.day), lang)
    return f"{who} {reason}: {said}" if who else f"{reason[0].upper()}{reason[1:]}: {said}"


def turn_lines(turn: Turn, lang: str, who: str = "") -> list[str]:
    """A test's lines: the setting, each die read, the verdict."""
    head = f"{who}: " if who else ""
    lines = [head + setting_line(turn.side, lang)]
    if turn.day is not None:
        lines.append(head + read_line(turn.day, turn.side.window, lang))
    if turn.night is not None:
        lines.append(night_line(turn, lang, who))
    lines.append(head + verdict(turn, lang))
    return lines
