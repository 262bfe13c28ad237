"""The book's words, in its Spanish and in English (docs/systems/giro.md).

Every line the system prints is built from these, so ``--lang es`` reads like
the book: Dado Diurno, Dado Nocturno, Rango de Éxito, Fallo, Fracaso...
"""

from __future__ import annotations

from rolecli.contract import Label

L = Label

SYSTEM = L("Giro de Reloj", "Giro de Reloj (Clock Turn)")
DAY_DIE = L("Dado Diurno", "Day Die")
DAY_DICE = L("Dados Diurnos", "Day Dice")
NIGHT_DIE = L("Dado Nocturno", "Night Die")
NIGHT_DICE = L("Dados Nocturnos", "Night Dice")
NIGHT_TURN = L("Giro Nocturno", "Night Turn")
TEMPT = L("tentar al destino", "tempting fate")
LIMIT = L("límite", "limit")
DIFFICULTY = L("dificultad", "difficulty")
RANGE = L("rango de éxito", "success range")
QUALITY = L("Calidad", "Quality")
ADJUSTMENT = L("ajuste", "adjustment")
SUCCESS_FACTOR = L("Factor de Éxito", "Success Factor")
FAILURE_FACTOR = L("Factor de Fracaso", "Failure Factor")
MOTIVATION = L("motivación", "motivation")
ASSIST = L("asistencia", "assistance")
EXTRA = L("adicional", "extra")
FLEXIBLE = L("Desafío Flexible", "flexible challenge")
CHAINED = L("Desafío Encadenado", "chained challenge")
ACTOR = L("Actor", "Actor")
OPPOSITION = L("Oposición", "Opposition")
SALUD = L("Salud", "Health")

OUTCOMES = {
    "success": L("Éxito", "Success"),
    "success_with_consequences": L("Éxito con consecuencias", "Success with consequences"),
    "failure": L("Fallo", "Failure"),
    "fiasco": L("Fracaso", "Fiasco"),
}


def say(lang: str, es: str, en: str) -> str:
    """A sentence of the system's own, in the language asked for, as
    ``Label(es, en)(lang)`` answers (Spanish for ``es``, else English) without
    making a Label for each sentence."""
    return es if lang == "es" else en
