"""The middle system's refusals speak the player's language: the command line
prints the one ``--lang`` asks for, with the English kept word for word (that
every refusal is a Label of both: tests/test_refusals_spanish.py)."""

from __future__ import annotations

import pytest
from rolecli.testing import campaign
from rolecli_testing import refused_in_each_language

REFUSALS = [
    (("middle", "parry"),
     "parry se anota en los personajes de una campaña: rolecli parry NOMBRE (y strike --parry N en una tirada rápida).",
     "parry is kept on a campaign's characters: rolecli parry NAME (and strike --parry N for a quick roll)."),
    (("middle", "strike", "1", "--states", "inconsciente", "--seed", "1"),
     "quien actúa está Inconsciente (--states inconsciente): no puede actuar (004-R16).",
     "the one acting is Unconscious (--states inconsciente): it cannot act (004-R16)."),
    (("middle", "roll", "Sigilo", "--seed", "1"),
     "capacidad 'Sigilo' nombra una capacidad, pero una tirada rápida no tiene personaje: da sus marcas, 0..3.",
     "capability 'Sigilo' names a capability, but a quick roll has no character: give its marks, 0..3."),
    (("middle", "contest", "1", "4", "--seed", "1"),
     "oposición = 4 está fuera del rango 0..3 (una capacidad tiene de 0 a 3 marcas).",
     "opposition = 4 is out of range 0..3 (a capability has 0 to 3 marks)."),
    (("middle", "strike-weapon", "1", "--weapon", "small", "--seed", "1"),
     "una tirada rápida necesita --rival-use: el uso de armas de quien lleva el arma golpeada, 0..3.",
     "a quick roll needs --rival-use: the weapon use of the one whose weapon is struck, 0..3."),
    (("middle", "strike", "1", "--target-states", "foo", "--seed", "1"),
     "--target-states 'foo' no es ninguna de estas opciones: acobardado, cegado, inconsciente, irritado, mareado.",
     "--target-states 'foo' is not one of: acobardado, cegado, inconsciente, irritado, mareado."),
    (("middle", "ambush", "1", "--seed", "1"),
     "nombra a las víctimas con --victims A,B (o, en una tirada rápida, su Vigilancia: --victims 0,3).",
     "name the victims with --victims A,B (or, for a quick roll, their Vigilance: --victims 0,3)."),
    (("-C", "middle", "mount", "Aldara"),
     "Aldara no tiene montura: pon montura = \"NOMBRE\" en su ficha (004-R10).",
     "Aldara has no mount: set montura = \"NAME\" on its sheet (004-R10)."),
    (("-C", "middle", "cover", "Aldara"),
     "nombra al aliado que cubrir con --target ALIADO.",
     "name the ally to cover with --target ALLY."),
]


@pytest.mark.parametrize("args, es, en", REFUSALS, ids=[" ".join(a[:3]) for a, _, _ in REFUSALS])
def test_a_refusal_in_each_language(cli, args, es, en):
    refused_in_each_language(cli, args, es, en)


def test_a_second_combat_action_is_refused_with_the_end_of_round_hint(cli):
    assert cli("-C", "middle", "parry", "Aldara").code == 0
    refused_in_each_language(
        cli, ("-C", "middle", "cover", "Aldara", "--target", "Bruno"),
        "Aldara ya ha hecho su Acción de Combate de esta ronda (004-R5); termina antes la ronda con "
        "'rolecli recover end_of_round \"Aldara\"'.",
        "Aldara has already made its combat action this round (004-R5); end the round first with "
        "'rolecli recover end_of_round \"Aldara\"'.")


def test_a_mount_missing_from_the_campaign_is_named_in_each_language(cli):
    rider = {"capacidades": {"domar bestias": 2}, "vida": 8, "vigor": 2, "arma": "mediana", "montura": "Rocín"}
    with campaign({"system": "middle", "characters": {"Jinete": rider}}):
        refused_in_each_language(cli, ("mount", "Jinete"),
                                 "la montura de Jinete 'Rocín' no es un personaje de esta campaña. Personajes: Jinete.",
                                 "Jinete's mount 'Rocín' is not a character of this campaign. Characters: Jinete.")
