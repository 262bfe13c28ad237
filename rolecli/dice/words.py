"""The dice layer's own words in both languages: its errors, and the reasons a
die was read (``1d20 die 1``, ``4d6r1 die 3 reroll``).

The language is :func:`rolecli.i18n.choose_lang`'s (``ROLECLI_LANG``, then the
locale): an error is raised deep inside the parser, far from any command's
``--lang``. The reasons are recorded in English (the JSON's ``reason``, which
scripts read, stays the same in every language) and put into words when shown.
"""

from __future__ import annotations

import re

# compiled by re when a reason is first put into Spanish words
_REASON = r"(\S+) die (\d+)((?: (?:reroll|explosion|compounding)(?: \d+)?)*)"
_REASON_WORDS = {"reroll": "repetición", "explosion": "explosión", "compounding": "acumulado"}


def lang() -> str:
    from rolecli.errors import RoleError
    from rolecli.i18n import choose_lang

    try:
        return choose_lang()
    except RoleError:  # a bad ROLECLI_LANG is refused by the command itself; here, English
        return "en"


def say(es: str, en: str) -> str:
    """``es`` under a Spanish locale, else ``en``."""
    return es if lang() == "es" else en


def quoted(text: str) -> str:
    """An expression as typed, quoted for a message: the arguments of ``roll``
    (one a line to the parser) are joined by spaces again, as the shell showed
    them, never as an escape sequence (the output layer makes control
    characters visible)."""
    return "'" + text.strip().replace("\n", " ").replace("\t", " ") + "'"


def reason(text: str, lang_: str) -> str:
    """A reason the dice layer records (``4d6r1 die 3 reroll``) in ``lang_``;
    any other text (a system's own reason) as it is."""
    if lang_ != "es":
        return text
    found = re.fullmatch(_REASON, text)
    if found is None:
        return text
    term, number, rest = found.groups()
    words = [_REASON_WORDS.get(word, word) for word in rest.split()]
    return " ".join([term, "dado", number, *words])
