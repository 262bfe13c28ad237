"""Matching the names people type (traits, characters, keys) to the real ones:
without regard to case or accents, and with the closest match when none fits."""

from __future__ import annotations

import difflib
import functools
import unicodedata


@functools.lru_cache(maxsize=4096)  # the same few trait names are folded at every roll of a simulation
def fold(text: str) -> str:
    """``text`` without case or accents, to match names loosely."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).strip()


def closest(word: str, known: list[str] | tuple[str, ...], what: str, lang: str = "en") -> str:
    """`` Did you mean 'x'? <What>: a, b, c.`` for a message about an unknown
    ``word``, in ``lang`` (``what`` is already in it)."""
    names = list(known)
    folded = {fold(n): n for n in names}
    close = difflib.get_close_matches(fold(word), list(folded), n=1, cutoff=0.5)
    if lang == "es":
        hint = f" ¿Querías decir {folded[close[0]]!r}?" if close else ""
        return f"{hint} {what}: {', '.join(names) if names else 'ninguno'}."
    hint = f" Did you mean {folded[close[0]]!r}?" if close else ""
    return f"{hint} {what}: {', '.join(names) if names else 'none'}."
