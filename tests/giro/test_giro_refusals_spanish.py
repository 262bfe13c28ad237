"""The giro system's refusals speak the player's language: the command line
prints the one ``--lang`` asks for, with the English kept word for word (that
every refusal is a Label of both: tests/test_refusals_spanish.py)."""

from __future__ import annotations

import pytest
from rolecli_testing import refused_in_each_language

REFUSALS = [
    (("giro", "check", "Ímpetu + Pilotar", "--seed", "1"),
     "'Ímpetu' nombra un rasgo, pero una tirada rápida no tiene personaje: da números (Atributo + Habilidad, "
     "como 4+3, o solo el límite), o nombra a un personaje de la campaña.",
     "'Ímpetu' names a trait, but a quick roll has no character: give numbers (Attribute + Skill, such as 4+3, "
     "or the limit alone), or name a campaign character."),
    (("giro", "check", "4+3", "--keep-day", "13", "--seed", "1"),
     "--keep-day '13': escribe best, o el valor 1..12 del Dado Diurno que se guarda.",
     "--keep-day '13': write best, or the value 1..12 of the Day Die kept."),
    (("giro", "check", "4+3", "--adjust", "1", "--adjust-day", "2", "--seed", "1"),
     "el ajuste gasta 2 punto(s), pero solo es de 1: un ajuste de N cambia tus dados como mucho N en total "
     "(001-R14); sube --adjust o baja --adjust-day/--adjust-night.",
     "the adjustment spends 2 point(s) but it is only 1: an adjustment of N changes your dice by at most N in all "
     "(001-R14); raise --adjust or lower --adjust-day/--adjust-night."),
    (("giro", "check", "4+3", "--night-turn", "--extra-day", "1", "--seed", "1"),
     "un Giro Nocturno tira el Dado Nocturno solo, y una vez: sin dados adicionales (nuestra decisión sobre "
     "001-R12, en docs/systems/giro.md); quita --extra-day.",
     "a Night Turn rolls the Night Die alone, once: no extra dice (our ruling on 001-R12, in docs/systems/giro.md); "
     "drop --extra-day."),
    (("giro", "check", "4 y 3 o 2", "--seed", "1"),
     "desafío '4 y 3 o 2': '4 y 3 o 2' mezcla y/e (cuentan todas) con o/u (se elige una); un solo tipo de lista "
     "por atributo o habilidad.",
     "challenge '4 y 3 o 2': '4 y 3 o 2' mixes y/e (all count) with o/u (choose one); one kind of list per "
     "attribute or skill."),
    (("giro", "check", "4+3", "--pick", "2", "--seed", "1"),
     "--pick 2 no es una opción de un Desafío Flexible aquí; opciones: ninguna (el desafío no tiene o/u).",
     "--pick 2 is not an option of a flexible challenge here; options: none (no o/u in the challenge)."),
    (("giro", "initiative", "--entrants", "Ana=x"),
     "--entrants 'Ana=x': escribe Nombre=límite, con un límite 0..24.",
     "--entrants 'Ana=x': write Name=limit, with a limit 0..24."),
    (("-C", "giro", "check", "Berthold", "Ímpetu + Gracia", "--seed", "1"),
     "el desafío 'Ímpetu + Gracia' suma dos atributos; un desafío suma un atributo y una habilidad "
     "(001-R15: nunca dos del mismo tipo).",
     "challenge 'Ímpetu + Gracia' adds two attributes; a challenge adds one attribute and one skill "
     "(001-R15: never two of the same kind)."),
    (("-C", "giro", "check", "Berthold", "Ímpetu + Pilotar", "--assist", "Nadie", "--seed", "1"),
     "--assist: no hay ningún personaje 'Nadie' en la campaña. Personajes: Berthold, Nathaniel Pennrock, "
     "Maurice Chevallier, Wilhelmina Beckett, Clovis Lenoir.",
     "--assist: no character 'Nadie' in the campaign. Characters: Berthold, Nathaniel Pennrock, "
     "Maurice Chevallier, Wilhelmina Beckett, Clovis Lenoir."),
    (("-C", "giro", "contest", "Berthold", "Ímpetu + Pilotar", "Gracia + Percepción", "--seed", "1"),
     "la oposición 'Gracia + Percepción' nombra rasgos pero ningún personaje: da --target NOMBRE, el personaje "
     "de esos rasgos, o números (4+3, o el límite 7).",
     "the opposition 'Gracia + Percepción' names traits but no character: give --target NAME, whose traits "
     "they are, or numbers (4+3, or the limit 7)."),
    # a refusal that wraps another: each language wraps its own
    (("-C", "giro", "check", "Nathaniel Pennrock", "Genio + Mecanología", "--extra-day", "1", "--seed", "1"),
     "Nathaniel Pennrock no está entrenado en una habilidad avanzada, así que es un Giro Nocturno (001-R12); "
     "un Giro Nocturno tira el Dado Nocturno solo, y una vez: sin dados adicionales (nuestra decisión sobre "
     "001-R12, en docs/systems/giro.md); quita --extra-day.",
     "Nathaniel Pennrock is untrained in an advanced skill, so this is a Night Turn (001-R12); a Night Turn "
     "rolls the Night Die alone, once: no extra dice (our ruling on 001-R12, in docs/systems/giro.md); "
     "drop --extra-day."),
]


@pytest.mark.parametrize("args, es, en", REFUSALS, ids=[" ".join(a[:4]) for a, _, _ in REFUSALS])
def test_a_refusal_in_each_language(cli, args, es, en):
    refused_in_each_language(cli, args, es, en)
