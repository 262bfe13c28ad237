"""The Caminantes (fate) plugin's refusals speak the player's language: every
``Refused`` in its source is given a Label (Spanish first, then English), so a
Spanish table reads them in the book's Spanish and an English one reads the
very words it always has."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
import rolecli_fate
from rolecli.testing import campaign, run

PACKAGE = Path(rolecli_fate.__file__).parent
ERRORS = {"Refused", "RoleError", "DiceError", "CampaignError", "PluginError"}
LABELS = {"Label", "L"}  # Label as the modules import it, and words.L


def refusals() -> list[tuple[str, ast.Call]]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"), str(path))):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
                if name in ERRORS:
                    found.append((f"{path.name}:{node.lineno}", node))
    return found


def test_every_refusal_of_the_package_is_a_label_in_spanish_and_english():
    found = refusals()
    assert len(found) >= 25, "the walk should see every refusal of the plugin"
    english_only = []
    for where, call in found:
        given = call.args[0] if len(call.args) == 1 and not call.keywords else None
        ok = (isinstance(given, ast.Call) and isinstance(given.func, ast.Name) and given.func.id in LABELS
              and len(given.args) == 2 and not given.keywords
              and ast.dump(given.args[0]) != ast.dump(given.args[1]))  # Spanish, then English, not one twice
        if not ok:
            english_only.append(where)
    assert english_only == [], "refusals not given as Label(spanish, english)"


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
    for lang, text in (("es", spanish), ("en", english)):
        r = cli(*args, "--lang", lang)
        assert (r.code, r.out, r.err) == (2, "", f"rolecli: {text}\n"), lang


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
        for args, texts in expected.items():
            for lang, text in zip(("es", "en"), texts):
                r = run(*args, "--lang", lang)
                assert (r.code, r.out, r.err) == (2, "", f"rolecli: {text}\n"), (args, lang)
