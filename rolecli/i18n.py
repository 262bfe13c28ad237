"""Which language to print in, and the core's own labels.

``--lang`` wins, then ``ROLECLI_LANG``, then the locale as a shell user sets it:
the first of ``LC_ALL``, ``LC_MESSAGES``, ``LANGUAGE`` and ``LANG`` that is set
decides (``es_ES.UTF-8`` → Spanish; ``LANGUAGE`` is a list, ``fr:es:en``, and
its first language rolecli speaks counts). A locale rolecli does not speak, or
``C``/``POSIX``, prints English. Systems carry their own labels as
:class:`rolecli.contract.Label`; the core's are (Spanish, English) pairs here,
so that printing a roll does not need the plugin contract.

The command layer's own words (help pages, click's and typer's messages, the
errors rolecli raises) are written in English where they are used, and
:func:`say` gives them in the language chosen: their Spanish is in
:mod:`rolecli.spanish`, imported only when Spanish text is to be printed, so
that a quick roll loads no catalog.
"""

from __future__ import annotations

import os
from contextvars import ContextVar

from rolecli.errors import RoleError

LANGS = ("es", "en")

# The --lang of the command line running (read before click reads it), if it has one:
# what code that is given no language of its own speaks (the dice layer's messages).
SPOKEN: ContextVar[str | None] = ContextVar("rolecli_spoken", default=None)


def choose_lang(option: str | None = None) -> str:
    if option:
        if option not in LANGS:
            raise RoleError(f"--lang {option!r} is not a language rolecli speaks; use es or en.")
        return option
    spoken = SPOKEN.get()
    if spoken:
        return spoken
    env = os.environ.get("ROLECLI_LANG")
    if env:
        if env not in LANGS:
            raise RoleError(f"ROLECLI_LANG={env!r} is not a language rolecli speaks; set it to es or en.")
        return env
    return locale_lang()


LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANGUAGE", "LANG")


def locale_lang() -> str:
    """The language of the user's locale (see the module's docstring)."""
    for variable in LOCALE_VARIABLES:
        value = os.environ.get(variable, "")
        if not value:
            continue
        names = value.split(":") if variable == "LANGUAGE" else [value]
        for name in names:
            code = name.split(".")[0].split("@")[0].split("_")[0].lower()
            if code in LANGS:
                return code
        return "en"
    return "en"


CORE = {
    "dice": ("dados", "dice"),
    "rolled": ("tirados", "rolled"),
    "given": ("leídos de --dice", "read from --dice"),
    "value": ("valor", "value"),
    "probability": ("probabilidad", "probability"),
    "at_least": ("al menos", "at least"),
    "at_most": ("como mucho", "at most"),
    "mean": ("media", "mean"),
    "sd": ("desviación típica", "standard deviation"),
    "outcome": ("resultado", "outcome"),
    "exact": ("exacta", "exact"),
    "character": ("Personaje", "Character"),
    "template": ("ficha", "template"),
    "rules": ("reglas", "rules"),
    "verbs": ("verbos", "verbs"),
    "events": ("eventos", "events"),
    "state": ("estado", "state"),
    # Why a die of a dice expression counts as it does (rolecli.dice).
    "kept": ("conservado", "kept"),
    "rerolled": ("repetido", "rerolled"),
    "exploded": ("explota", "exploded"),
    "compounded": ("acumulado", "compounded"),
    "dropped (lowest)": ("descartado (el menor)", "dropped (lowest)"),
    "dropped (highest)": ("descartado (el mayor)", "dropped (highest)"),
    "double success": ("éxito doble", "double success"),
    "success": ("éxito", "success"),
    "failure": ("fallo", "failure"),
    "raised to the minimum": ("subido al mínimo", "raised to the minimum"),
    "lowered to the maximum": ("bajado al máximo", "lowered to the maximum"),
    "penetrating": ("penetrante (uno menos)", "penetrating"),
    "critical success": ("éxito crítico", "critical success"),
    "critical failure": ("pifia", "critical failure"),
    # Random tables (rolecli.tables).
    "range": ("tirada", "range"),
    "row": ("fila", "row"),
    # A session recap's headings (rolecli.campaign.recap).
    "Session recap": ("Resumen de la sesión", "Session recap"),
    "Session": ("Sesión", "Session"),
    "Scene": ("Escena", "Scene"),
    "Conflict": ("Conflicto", "Conflict"),
    "Round": ("Asalto", "Round"),
    "falls": ("cae", "falls"),
    "nobody yet": ("nadie aún", "nobody yet"),
    "nobody": ("nadie", "nobody"),
    "The conflict goes on; fell so far": ("El conflicto sigue; han caído hasta ahora",
                                          "The conflict goes on; fell so far"),
    "Fell in this conflict": ("Cayeron en este conflicto", "Fell in this conflict"),
    "Nothing was logged in this span.": ("No se registró nada en este intervalo.", "Nothing was logged in this span."),
}


def t(key: str, lang: str) -> str:
    """The core's label ``key`` in ``lang``; a text that is no label stays as it is."""
    pair = CORE.get(key)
    if pair is None:
        return key
    return pair[0] if lang == "es" else pair[1]


def say(text: str, lang: str) -> str:
    """``text``, written in English (a help text, a message), in ``lang``; a text
    the catalog does not know stays as it is (a name, a text already Spanish)."""
    if lang != "es" or not text:
        return text
    from rolecli.spanish import translate

    return translate(text)
