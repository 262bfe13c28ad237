"""The words the AAA plugin prints in many places, in Spanish (the book's
language) and English; a sentence said once is a ``Label`` where it is said."""

from __future__ import annotations

from rolecli.contract import Label

# Degrees of a check, worst to best (their rank: see check.py).
DEGREES = {
    "critical_failure": Label("Fallo Crítico", "Critical Failure"),
    "failure": Label("Fracaso", "Failure"),
    "marginal": Label("Marginal", "Marginal"),
    "ordinary": Label("Ordinario", "Ordinary"),
    "good": Label("Bueno", "Good"),
    "amazing": Label("Asombroso", "Amazing"),
}

TRACKS = {
    "stun": Label("aturdimiento", "stun"),
    "wound": Label("herida", "wound"),
    "mortal": Label("mortal", "mortal"),
    "fatigue": Label("fatiga", "fatigue"),
}

PHASES = {
    "amazing": Label("fase Asombrosa", "Amazing phase"),
    "good": Label("fase Buena", "Good phase"),
    "ordinary": Label("fase Ordinaria", "Ordinary phase"),
    "marginal": Label("fase Marginal", "Marginal phase"),
}

CONTROL = Label("Dado de control", "Control die")
SITUATION = Label("dado de situación", "situation die")
BAD_LUCK = Label("mala suerte: una complicación llegará más adelante",
                 "bad luck: a complication will come later")
AUTO_SUCCESS = Label("el 1 en el dado de control convierte el Fracaso en éxito Ordinario",
                     "a 1 on the control die turns the Failure into an Ordinary success")
NO_AUTO = Label("el 1 no salva: dado de situación +d20 o peor",
                "the 1 does not save it: situation die +d20 or worse")
NO_AUTO_GM = Label("el 1 no salva: el DJ declara la tarea demasiado difícil",
                   "the 1 does not save it: the GM declared the task too hard")
CANNOT_FAIL = Label("la acción no puede fallar", "the action cannot fail")
CRIT_20 = Label("un 20 en el dado de control es un Fallo Crítico", "a 20 on the control die is a Critical Failure")


def degree(key: str, lang: str) -> str:
    return DEGREES[key](lang)


def a_degree_result(key: str) -> Label:
    """"un resultado Bueno" / "a Good result": a degree named as a result, in both languages."""
    name = DEGREES[key]
    return Label(f"un resultado {name.es}", f"{'an' if name.en[0] in 'AEIOU' else 'a'} {name.en} result")


def track(key: str, lang: str) -> str:
    return TRACKS[key](lang)
