"""The book's words in Spanish, with their English, and how numbers are printed.

The command line and the JSON use language-neutral English keys (``head``,
``medium``, ``edged``); the character sheet uses the book's Spanish words
(``arma = "mediana"``). Both meet here, once."""

from __future__ import annotations

from rolecli.contract import Label

L = Label


def tr(lang: str, es: str, en: str) -> str:
    """A one-off text in the reader's language, as ``Label(es, en)(lang)`` answers
    (English for any language but Spanish) without building the Label."""
    return es if lang == "es" else en


def both(part: str | Label) -> tuple[str, str]:
    """A part of a message in Spanish and in English: a Label's two texts, or a
    flag or name typed by the user (``--by``, ``rival``), the same in both."""
    return (part.es, part.en) if isinstance(part, Label) else (part, part)


def signed(n: int) -> str:
    """An ND as the book writes it: +1, 0, −2 (with a real minus sign)."""
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")


def number(n: int) -> str:
    """A result, with a real minus sign when below 0 (the literal ND −2 reading)."""
    return f"−{-n}" if n < 0 else str(n)


def verdict(ok: bool, lang: str) -> str:
    return tr(lang, "éxito", "success") if ok else tr(lang, "fallo", "failure")


# Weapon sizes and kinds: the sheet's word -> the command line's key.
SIZES = {"ninguna": "none", "pequeña": "small", "mediana": "medium", "grande": "large"}
KINDS = {"filo": "edged", "punzante": "piercing", "contundente": "blunt"}
TEMPERAMENTS = {"normal": "normal", "combativa": "combative", "pacífica": "peaceful"}

# The called-shot locations of 004-R7 (the weak point's ND is a rule option).
LOCATIONS = {
    "body": L("el cuerpo", "the body"),
    "legs": L("las piernas", "the legs"),
    "hands": L("las manos", "the hands"),
    "weak-point": L("el punto débil", "the weak point"),
    "head": L("la cabeza", "the head"),
    "eye": L("un ojo", "an eye"),
}
