"""The v5 plugin's refusals speak the player's language: a Spanish table reads
them in Spanish and an English one reads the very words it always has (that
every refusal is a Label of both: tests/test_refusals_spanish.py)."""

from __future__ import annotations

import pytest
from rolecli.testing import campaign, run
from rolecli_testing import refused_in_each_language

CASES = [
    (("v5", "attack", "3"),
     "un ataque necesita la reserva de defensa (un número, o Atributo+Habilidad del objetivo), "
     "o --difficulty N contra un objetivo que no se defiende.",
     "an attack needs the defence pool (a number, or the target's Attribute+Skill), "
     "or --difficulty N against a target that does not defend."),
    (("v5", "attack", "3", "2", "--cover", "none"),
     "--cover cuenta contra los disparos (003-R7): añade --ranged o quita --cover.",
     "--cover counts against shots (003-R7): add --ranged, or drop --cover."),
    (("v5", "attack", "4", "2", "--split", "4"),
     "--split 4 está fuera del rango 1..3: al dividir una reserva de 4 dados ha de quedar al menos un dado "
     "para cada objetivo (003-R9).",
     "--split 4 is out of range 1..3: splitting a pool of 4 dice leaves at least one die for each target "
     "(003-R9)."),
    (("v5", "check", "3", "--difficulty", "2", "--reroll", "9", "--dice", "6,6,6"),
     "--reroll '9': el dado 9 está fuera del rango 1..3 (solo se vuelven a tirar dados normales, "
     "nunca dados de Ansia).",
     "--reroll '9': die 9 is out of range 1..3 (only regular dice can be rerolled, never Hunger dice)."),
    (("v5", "damage", "3", "--tracker", "willpower", "--source", "fire"),
     "--source fire daña la Salud, no la Fuerza de Voluntad: elige una fuente de daño para ese registro "
     "o deja que --source auto la escoja.",
     "--source fire hurts Health, not Willpower: choose a source for that tracker or let --source auto pick it."),
    (("v5", "roll", "3+"),
     "reserva '3+' tiene un término vacío; escribe un número o Atributo+Habilidad.",
     "pool '3+' has an empty term; write a number or Attribute+Skill."),
    (("odds", "v5", "contest", "3", "2", "--target-reroll", "failures"),
     "no se calculan las probabilidades de una contienda con --target-reroll failures; son para pruebas "
     "(check, attack --difficulty).",
     "odds of a contest with --target-reroll failures are not computed; they are for tests "
     "(check, attack --difficulty)."),
    (("-C", "v5", "check", "Tracy", "Destreza+Atletsmo", "--difficulty", "2", "--seed", "1"),
     "Tracy no tiene el rasgo 'Atletsmo'. ¿Querías decir 'Atletismo'? Rasgos: Fuerza, Destreza, Resistencia, "
     "Carisma, Manipulación, Compostura, Inteligencia, Astucia, Resolución, Armas de Fuego, Atletismo, Pelea, "
     "Sigilo.",
     "Tracy has no trait 'Atletsmo'. Did you mean 'Atletismo'? Traits: Fuerza, Destreza, Resistencia, Carisma, "
     "Manipulación, Compostura, Inteligencia, Astucia, Resolución, Armas de Fuego, Atletismo, Pelea, Sigilo."),
    (("-C", "v5", "rouse", "Policía"),
     "Policía es mortal: solo los vampiros Enardecen la Sangre.",
     "Policía is mortal: only vampires Rouse the Blood."),
    (("-C", "v5", "attack", "Clara", "Destreza+Armas de Fuego", "Policía", "--weapon", "Rifle", "--ranged",
      "--seed", "1"),
     "Clara no tiene el arma 'Rifle'. Armas: Escopeta.",
     "Clara has no weapon 'Rifle'. Weapons: Escopeta."),
    (("-C", "v5", "initiative", "--declare", "Tracy=flies"),
     "--declare 'Tracy=flies': escribe Nombre=acción[:habilidad][>objetivo], con la acción una de "
     "surprise, ongoing, ranged, new, other.",
     "--declare 'Tracy=flies': write Name=action[:skill][>target], the action one of "
     "surprise, ongoing, ranged, new, other."),
]


@pytest.mark.parametrize(("args", "spanish", "english"), CASES, ids=[" ".join(c[0][:4]) for c in CASES])
def test_a_refusal_is_one_line_in_the_language_asked_for(cli, args, spanish, english):
    refused_in_each_language(cli, args, spanish, english)


def test_refusals_read_from_the_state_on_a_campaign_of_ones_own():
    sheets = {"Ana": {"creature": "vampire", "hunger": 5, "attributes": {"Fuerza": 2}},
              "Bea": {"creature": "mortal", "health_superficial": 9, "attributes": {"Fuerza": 2}}}
    expected = {
        ("rouse", "Ana"): (
            "Ana tiene Ansia 5: un vampiro no puede Enardecer la Sangre a voluntad; pasa --forced si algo ajeno "
            "fuerza el control de Enardecimiento (pide una prueba de Frenesí de hambre).",
            "Ana is at Hunger 5: a vampire cannot Rouse the Blood on purpose; pass --forced for a Rouse check "
            "something else forces (it calls for a hunger frenzy test)."),
        ("damage", "Bea", "1"): (
            "el registro de Salud de Bea marca 9 de daño superficial y 0 de agravado, más que sus 4 casillas; "
            "baja health_superficial/health_aggravated o pon health_max en la hoja.",
            "Bea's health marks 9 superficial and 0 aggravated, more than its 4 boxes; "
            "lower health_superficial/health_aggravated or set health_max on the sheet."),
    }
    with campaign({"system": "v5", "characters": sheets}):
        for args, (spanish, english) in expected.items():
            refused_in_each_language(run, args, spanish, english)
