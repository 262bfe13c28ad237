"""Which language rolecli prints in: --lang, ROLECLI_LANG, then the locale in
the order a shell user expects (LC_ALL, LC_MESSAGES, LANGUAGE, LANG)."""

from __future__ import annotations

import pytest

from rolecli.i18n import LOCALE_VARIABLES, choose_lang


@pytest.fixture
def env(monkeypatch):
    for name in ("ROLECLI_LANG",) + LOCALE_VARIABLES:
        monkeypatch.delenv(name, raising=False)

    def set_(**values):
        for key, value in values.items():
            monkeypatch.setenv(key, value)

    return set_


@pytest.mark.parametrize("values, expected", [
    ({}, "en"),
    ({"LANG": "es_ES.UTF-8"}, "es"),
    ({"LANG": "es_ES.UTF-8", "LANGUAGE": "en_GB:en"}, "en"),       # LANGUAGE before LANG
    ({"LANG": "en_US.UTF-8", "LANGUAGE": "fr:es:en"}, "es"),       # LANGUAGE's first language spoken
    ({"LANGUAGE": "es", "LC_MESSAGES": "en_US.UTF-8"}, "en"),      # LC_MESSAGES before LANGUAGE
    ({"LC_MESSAGES": "en_US", "LC_ALL": "es_MX.UTF-8"}, "es"),     # LC_ALL first of all
    ({"LC_ALL": "C", "LANG": "es_ES.UTF-8"}, "en"),                # the C locale is English
    ({"LC_ALL": "fr_FR.UTF-8", "LANG": "es_ES.UTF-8"}, "en"),      # a locale not spoken: English
    ({"LANG": "es_ES@euro"}, "es"),
    ({"LANG": "es", "ROLECLI_LANG": "en"}, "en"),                   # rolecli's own variable first
])
def test_locale_precedence(env, values, expected):
    env(**values)
    assert choose_lang() == expected


def test_the_option_wins_over_everything(env):
    env(ROLECLI_LANG="en", LC_ALL="en_US.UTF-8")
    assert choose_lang("es") == "es"


def test_it_reaches_the_output(env, run_process):
    env(LC_ALL="es_ES.UTF-8")
    result = run_process("fate", "check", "3", "--dice", "+,+,0,0", env={"ROLECLI_LANG": "", "LC_ALL": "es_ES.UTF-8"})
    assert "habilidad Bueno" in result.out
