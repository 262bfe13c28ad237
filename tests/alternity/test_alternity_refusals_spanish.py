"""AAA's refusals speak the table's language, which the command line says in
``--lang``; the English stays as scripts have always read it (that every
refusal is a Label of both: tests/test_refusals_spanish.py)."""

from __future__ import annotations

import pytest
from rolecli.contract import Refused
from rolecli_testing import refused_in_each_language

# (command line, Spanish, English): each refusal as the command line says it, exit code 2
CASES = [
    (("alternity", "check", "41"),
     "puntuación = 41 está fuera del rango 0..40.",
     "score = 41 is out of range 0..40."),
    (("alternity", "check", "13", "--steps", "-9"),
     "la base +d0 con -9 pasos cae fuera de la escala −d20..+20d20: "
     "−d20 es el dado de situación más favorable que debería permitir el DJ.",
     "base +d0 with -9 steps lands outside the ladder's range −d20..+20d20: "
     "−d20 is the most favourable situation die the GM should allow."),
    (("alternity", "check", "13", "--base", "+5d7"),
     "'+5d7' no es un dado de situación de la escala; usa uno de −d20, −d12, −d8, −d6, −d4, +d0, +d4, +d6, +d8, "
     "+d12, +d20, +2d20, +3d20, +4d20… (rango −d20..+20d20).",
     "'+5d7' is not a situation die of the ladder; use one of −d20, −d12, −d8, −d6, −d4, +d0, +d4, +d6, +d8, "
     "+d12, +d20, +2d20, +3d20, +4d20… (range −d20..+20d20)."),
    (("alternity", "check", "13", "--helpers", "zz"),
     "grado desconocido 'zz'; usa fallo_crítico (fc), fracaso (f), ordinario (o), bueno (b) o asombroso (a), "
     "en español o en inglés.",
     "unknown degree 'zz'; use critical_failure (cf), failure (f), ordinary (o), good (g) or amazing (a), "
     "in English or Spanish."),
    (("alternity", "check", "Athletics"),
     "'Athletics' no es un número; los nombres de rasgos necesitan un personaje de campaña.",
     "'Athletics' is not a number; trait names need a campaign character."),
    (("alternity", "damage", "d4s/d6w", "--degree", "good"),
     "la clasificación de daño 'd4s/d6w' necesita una entrada o tres (Ordinario/Bueno/Asombroso): d4s/d6w/d4m.",
     "damage rating 'd4s/d6w' needs one entry or three (Ordinary/Good/Amazing): d4s/d6w/d4m."),
    (("alternity", "impact", "--height", "5", "--damage", "a/b"),
     "el daño de impacto 'a/b' necesita 1 entrada, o una por grado con el mejor al final: 3 (Ordinario/Bueno/Asombroso), "
     "4 (Fracaso/…) o 5 (Fallo Crítico/Fracaso/…): d6w/d4w/d6s.",
     "impact damage 'a/b' needs 1 entry, or one per degree with the best last: 3 (Ordinary/Good/Amazing), "
     "4 (Failure/…) or 5 (Critical Failure/Failure/…): d6w/d4w/d6s."),
    (("alternity", "initiative", "--entrants", "foo"),
     "participante 'foo': escribe Nombre=puntuación o Nombre=puntuación:acciones.",
     "entrant 'foo': write Name=score or Name=score:actions."),
    (("alternity", "move", "good", "--phases", "4", "--speed", "5"),
     "--phases 4: con 1 acción(es) por asalto desde la fase Buena se mueve como mucho 1 fase(s), "
     "una por acción (1..1).",
     "--phases 4: with 1 action(s) per round from the Good phase it moves at most 1 phase(s), "
     "one per action (1..1)."),
    (("alternity", "action-check", "13", "--delay", "next_round", "--dice", "20,4"),
     "para esperar al asalto siguiente hace falta una tirada de acción de al menos Ordinario (002-R13).",
     "waiting for the next round needs an action check of at least Ordinary (002-R13)."),
    (("-C", "aaa", "move", "Zug", "good", "--mode", "fly"),
     "Zug no tiene velocidad vuelo en la hoja (speed_fly): da --speed (metros por fase).",
     "Zug has no fly speed on the sheet (speed_fly): give --speed (metres per phase)."),
    (("-C", "aaa", "heal", "Zug", "2", "--track", "mortal"),
     "el daño mortal solo se repara con Ciencia Médica-cirugía (--method surgery, 002-R33).",
     "mortal damage is repaired only by Medical Science-surgery (--method surgery, 002-R33)."),
]


@pytest.mark.parametrize(("args", "es", "en"), CASES, ids=[" ".join(c[0][:3]) for c in CASES])
def test_a_refusal_in_each_language(cli, args, es, en):
    refused_in_each_language(cli, (*args, "--seed", "1"), es, en)


def test_the_swimming_note_of_move_is_said_in_the_command_language(cli):
    """``move`` tells the refusal of acting while swimming as a line of its own."""
    es = cli("--lang", "es", "alternity", "move", "good", "--mode", "swim", "--speed", "5")
    en = cli("--lang", "en", "alternity", "move", "good", "--mode", "swim", "--speed", "5")
    assert es.code == en.code == 0
    assert "Nadando no se puede mover y actuar en la misma fase (002-R40)." in es.out.splitlines()
    assert "A swimming character cannot move and act in the same phase (002-R40)." in en.out.splitlines()


def test_the_helpers_refuse_in_both_languages():
    """Refusals that no command line reaches today (the verbs check first) still carry both."""
    from rolecli_alternity import damage as D
    from rolecli_alternity.check import shift_against, shift_own
    from rolecli_alternity.steps import encumbrance

    cases = [
        (lambda: encumbrance(10, 0), "FUE = 0 está fuera del rango 1..25.", "STR = 0 is out of range 1..25."),
        (lambda: D.impact_category(), "un impacto necesita la altura de la caída (m) o la velocidad de la colisión (km/h).",
         "an impact needs a fall height (m) or a collision speed (km/h)."),
        (lambda: D.impact_category(kmh=-2), "velocidad = -2 km/h está fuera del rango 0...",
         "speed = -2 km/h is out of range 0..."),  # (the core's check_range: a range open above ends "0..")
        (lambda: D.impact_category(metres=-2.5), "altura = -2.5 m está fuera del rango 0...",
         "height = -2.5 m is out of range 0..."),
        (lambda: encumbrance(-1.5, 10), "carga = -1.5 kg está fuera del rango 0...", "load = -1.5 kg is out of range 0..."),
        (lambda: encumbrance(10, 26), "FUE = 26 está fuera del rango 1..25.", "STR = 26 is out of range 1..25."),
        (lambda: shift_own("good", 2), "un resultado Bueno no se puede mejorar con 2 punto(s) de último recurso: "
         "Asombroso es el mejor grado.",
         "a Good result cannot be raised by 2 last resort point(s): Amazing is the best degree."),
        (lambda: shift_own("amazing", 1), "un resultado Asombroso no se puede mejorar con 1 punto(s) de último "
         "recurso: Asombroso es el mejor grado.",
         "an Amazing result cannot be raised by 1 last resort point(s): Amazing is the best degree."),
        (lambda: shift_against("failure", 1), "una tirada fallida no puede empeorar más con puntos de último recurso.",
         "a failed roll cannot be lowered further with last resort points."),
        (lambda: D.pick(D.parse_rating("d4s/d6w/d4m"), "failure"),
         "un resultado Fracaso no causa daño; las entradas de la clasificación son para Ordinario, Bueno y Asombroso.",
         "a Failure result deals no damage; the rating's entries are for Ordinary, Good, Amazing."),
    ]
    for refuse, es, en in cases:
        with pytest.raises(Refused) as caught:
            refuse()
        assert (caught.value.text("es"), caught.value.text("en"), str(caught.value)) == (es, en, en)


def test_a_refused_call_of_an_encounter_file_gives_the_rules_words_in_each_language(cli, campaigns):
    """A rehearsal says the plugin's own Spanish: the refusal is a Label, not a text
    said in the language of the (English) rehearsal that met it."""
    path = campaigns / "aaa" / "encounter.toml"
    text = path.read_text("utf-8")
    spent = 'choices = { last_resort = "if-failed" }'
    assert spent in text
    path.write_text(text.replace(spent, 'choices = { last_resort = "1", target_last_resort = "1" }'), "utf-8")
    es = cli("--lang", "es", "encounter", "check", "campaigns/aaa/encounter.toml")
    en = cli("--lang", "en", "encounter", "check", "campaigns/aaa/encounter.toml")
    assert (es.code, es.out, en.code, en.out) == (2, "", 2, "")
    assert es.err == ("rolecli: campaigns/aaa/encounter.toml línea 15: sides.agentes.behaviour: 'alternity' no lo admite "
                      "(attack contra Sor Deskul): los últimos recursos no se contrarrestan: solo un bando puede "
                      "gastarlos en una acción (002-R44).\n")
    assert en.err == ("rolecli: campaigns/aaa/encounter.toml line 15: sides.agentes.behaviour is refused by 'alternity' "
                      "(attack against Sor Deskul): last resorts cannot counter each other: only one side may spend "
                      "them on an action (002-R44).\n")
