"""The ``dice`` system's refusals speak the table's language, which the command
line says in ``--lang``; the English stays as it was (that every refusal is a
Label of both: tests/test_refusals_spanish.py)."""

from __future__ import annotations

from rolecli_testing import refused_in_each_language


def test_a_bonus_naming_traits_without_a_character_is_refused_in_each_language(cli):
    refused_in_each_language(cli, ("dice", "check", "1d20", "--target", "10", "--bonus", "Fuerza", "--seed", "1"),
                             "--bonus 'Fuerza' nombra rasgos, y eso necesita un personaje de campaña; da un número.",
                             "--bonus 'Fuerza' names traits, which needs a campaign character; give a number.")
