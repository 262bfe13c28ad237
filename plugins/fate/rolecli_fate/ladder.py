"""The adjective ladder (the rulings, GAP-2): numbers for the seed's adjectives.

Spanish names are the seed's (and the ruling's); English names are Spirit of the
Century's. Input accepts a number (``2``, ``+2``, ``-1``) or an adjective in
either language, without regard to case or accents.
"""

from __future__ import annotations

import functools

from rolecli import names
from rolecli.contract import Label, Refused

MIN, MAX = -2, 8

# value: (Spanish, English)
LADDER: dict[int, tuple[str, str]] = {
    8: ("Legendario", "Legendary"),
    7: ("Épico", "Epic"),
    6: ("Fantástico", "Fantastic"),
    5: ("Soberbio", "Superb"),
    4: ("Grande", "Great"),
    3: ("Bueno", "Good"),
    2: ("Adecuado", "Fair"),
    1: ("Promedio", "Average"),
    0: ("Mediocre", "Mediocre"),
    -1: ("Pobre", "Poor"),
    -2: ("Terrible", "Terrible"),
}


@functools.lru_cache(maxsize=4096, typed=True)  # the same few skills, aspects and choices at every roll
def fold(text) -> str:
    """The core's loose match (no case, no accents), for any value typed."""
    return names.fold(str(text))


# Every adjective, in both languages, and its value: a skill on the sheet takes them too.
NAMES: dict[str, int] = {name: value for value, pair in LADDER.items() for name in pair}

_BY_NAME: dict[str, int] = {fold(name): value for name, value in NAMES.items()}


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else ("−" + str(-n) if n < 0 else "0")


_ADJECTIVES = {value: Label(*pair) for value, pair in LADDER.items()}  # made once: every roll names a few


def name(n: int, lang: str) -> str | None:
    """The adjective of ``n`` in ``lang``, or ``None`` off the ladder."""
    adjective = _ADJECTIVES.get(n)
    return None if adjective is None else adjective(lang)


def describe(n: int, lang: str) -> str:
    """``Grande (+4)`` on the ladder, the bare signed number off it."""
    adj = name(n, lang)
    return f"{adj} ({signed(n)})" if adj else signed(n)


def is_number(text: str) -> bool:
    t = str(text).strip().replace("−", "-")
    return t.lstrip("+-").isdigit() and t.count("+") + t.count("-") <= 1


def parse(text: str | int, what: str = "difficulty", lo: int = MIN, hi: int = MAX) -> int:
    """A ladder value from a number or an adjective (es/en); refused off ``lo..hi``."""
    if isinstance(text, bool):
        raise Refused(Label(f"{what} {text!r} no es un valor de la escalera.", f"{what} {text!r} is not a ladder value."))
    if isinstance(text, int):
        value = text
    else:
        t = str(text).strip().replace("−", "-")
        if is_number(t):
            value = int(t)
        elif fold(t) in _BY_NAME:
            value = _BY_NAME[fold(t)]
        else:
            import difflib

            close = difflib.get_close_matches(fold(t), list(_BY_NAME), n=1, cutoff=0.6)
            hint = f" Did you mean {close[0]!r}?" if close else ""
            pista = f" ¿Querías decir {close[0]!r}?" if close else ""
            names = ", ".join(f"{es}/{en} {signed(v)}" for v, (es, en) in sorted(LADDER.items(), reverse=True))
            raise Refused(Label(f"{what} {text!r} no es un número ni un adjetivo de la escalera.{pista} "
                                f"Escalera: {names}.",
                                f"{what} {text!r} is neither a number nor a ladder adjective.{hint} Ladder: {names}."))
    if not lo <= value <= hi:
        raise Refused(Label(f"{what} = {value} está fuera del rango {lo}..{hi} "
                            "(la escalera va de Terrible −2 a Legendario +8).",
                            f"{what} = {value} is out of range {lo}..{hi} (the ladder runs Terrible −2 … Legendario +8)."))
    return value
