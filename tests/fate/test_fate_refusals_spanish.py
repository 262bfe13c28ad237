"""The Caminantes (fate) plugin's refusals speak the player's language: a
Spanish table reads them in the book's Spanish and an English one reads the very
words it always has (that every refusal is a Label of both: tests/test_refusals_spanish.py)."""

from __future__ import annotations

import pytest
from rolecli.testing import campaign, run
from rolecli_testing import refused_in_each_language

CASES = [
    (("fate", "concede"),
     "concede necesita el personaje que concede (un personaje de la campaña).",
     "concede needs the conceding character (a campaign character)."),
    (("fate", "defend"),
     "defend declara la Defensa Total de un personaje de la campaña: nombra al personaje (en una tirada rápida, "
     "da en su lugar +2 con --full-defence en la tirada de defensa).",
     "defend declares a campaign character's full defence: name the character (a quick roll gives +2 with "
     "--full-defence on the defence roll instead)."),
    (("fate", "maneuver", "3", "--aspect", " "),
     "una maniobra necesita --aspect NOMBRE: el aspecto temporal que coloca.",
     "a maneuver needs --aspect NAME: the temporary aspect it places."),
    (("odds", "fate", "attack", "3", "2", "--block", "1"),
     "no se calculan las probabilidades de un ataque contra un blanco protegido (el máximo de defensa y bloqueo); "
     "quita --block.",
     "odds of an attack on a protected target (max of defence and block) are not computed; drop --block."),
    (("-C", "caminantes", "check", "Lucía", "Atletismo", "--invoke", "Niebla espesaa", "--seed", "1"),
     "no hay ningún aspecto 'Niebla espesaa' en Lucía, Escena. ¿Querías decir 'Niebla espesa'? Aspectos: "
     "Ladrona de guante blanco, Conozco cada azotea, Niebla espesa, Coches abandonados.",
     "no aspect 'Niebla espesaa' on Lucía, Escena. Did you mean 'Niebla espesa'? Aspects: "
     "Ladrona de guante blanco, Conozco cada azotea, Niebla espesa, Coches abandonados."),
    (("-C", "caminantes", "damage", "Lucía", "3", "--consequences", "foo"),
     "la consecuencia 'foo' no existe; usa auto, none o una lista de menor, mayor, severa, extrema, companero.",
     "consequence 'foo' is unknown; use auto, none or a list of menor, mayor, severa, extrema, companero."),
    (("-C", "caminantes", "damage", "Tomás", "4", "--consequences", "companero,companero"),
     "Tomás no tiene ningún compañero más que perder como consecuencia (companeros = 1).",
     "Tomás has no companion left to lose as a consequence (companeros = 1)."),
    (("-C", "caminantes", "concede", "Lucía"),
     "Lucía no ha tomado ninguna consecuencia en este conflicto, y la concesión se ofrece al tomar una "
     "(000-R36): usa 'damage Lucía N --concede yes', o concede tras un golpe que haya dado una consecuencia.",
     "Lucía has taken no consequence in this conflict, and a concession is offered when taking one "
     "(000-R36): use 'damage Lucía N --concede yes', or concede after a hit that gave a consequence."),
]


@pytest.mark.parametrize(("args", "spanish", "english"), CASES, ids=[" ".join(c[0][:4]) for c in CASES])
def test_a_refusal_is_one_line_in_the_language_asked_for(cli, args, spanish, english):
    refused_in_each_language(cli, args, spanish, english)


def test_a_character_without_fate_points_is_refused_in_either_language():
    sheets = {"Ana": {"puntos_destino": 0, "aspectos": ["Terca"]}}
    expected = {
        ("compel", "Ana", "Terca", "--reply", "refuse"): (
            "Ana tiene 0 puntos de destino y no puede rechazar el forzado (cuesta 1).",
            "Ana has 0 Fate points and cannot refuse the compel (it costs 1)."),
        ("check", "Ana", "2", "--invoke", "Terca", "--seed", "1"): (
            "Ana tiene 0 puntos de destino; invocar 'Terca' cuesta 1.",
            "Ana has 0 Fate points; invoking 'Terca' costs 1."),
    }
    with campaign({"system": "fate", "characters": sheets}):
        for args, (spanish, english) in expected.items():
            refused_in_each_language(run, args, spanish, english)
