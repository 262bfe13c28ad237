"""Which language to print in, and the core's own labels.

``--lang`` wins, then ``ROLECLI_LANG``, then ``LANG`` (``es_ES.UTF-8`` → Spanish);
anything else prints English. Systems carry their own labels as
:class:`rolecli.contract.Label`.
"""

from __future__ import annotations

import os

from rolecli.contract import Label, Lang
from rolecli.errors import RoleError

LANGS = ("es", "en")


def choose_lang(option: str | None = None) -> Lang:
    if option:
        if option not in LANGS:
            raise RoleError(f"--lang {option!r} is not a language rolecli speaks; use es or en.")
        return option  # type: ignore[return-value]
    env = os.environ.get("ROLECLI_LANG")
    if env:
        if env not in LANGS:
            raise RoleError(f"ROLECLI_LANG={env!r} is not a language rolecli speaks; set it to es or en.")
        return env  # type: ignore[return-value]
    return "es" if os.environ.get("LANG", "").lower().startswith("es") else "en"


CORE = {
    "total": Label("total", "total"),
    "dice": Label("dados", "dice"),
    "rolled": Label("tirados", "rolled"),
    "given": Label("leídos de --dice", "read from --dice"),
    "success": Label("éxito", "success"),
    "failure": Label("fallo", "failure"),
    "value": Label("valor", "value"),
    "probability": Label("probabilidad", "probability"),
    "at_least": Label("al menos", "at least"),
    "at_most": Label("como mucho", "at most"),
    "mean": Label("media", "mean"),
    "sd": Label("desviación típica", "standard deviation"),
    "outcome": Label("resultado", "outcome"),
    "campaign": Label("campaña", "campaign"),
    "system": Label("sistema", "system"),
    "characters": Label("personajes", "characters"),
    "rules": Label("reglas", "rules"),
    "current": Label("actual", "current"),
    "undone": Label("deshecho", "undone"),
    "no_campaigns": Label("No hay campañas en", "No campaigns in"),
}


def t(key: str, lang: str) -> str:
    return CORE[key](lang)
