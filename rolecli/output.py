"""Printing results: JSON for scripts, plain text when piped, rich on a terminal.

Results go to stdout; errors and notes go to stderr. ``--json`` prints one
object per result on its own line, so one result is one JSON object and many
(``-n``, ``batch``) are JSON lines. rich is imported only when stdout is a
terminal and something is printed there.

An :class:`Explanation` line says how a result came about (the dice read from
``--dice`` or rolled, and why). On a terminal it follows its result; when
stdout is piped or redirected it goes to stderr, so that stdout holds results
only; with ``--json`` it is not printed (the JSON holds the dice). ``--quiet``
(:data:`QUIET`) prints results only: no explanation, no note.
"""

from __future__ import annotations

import functools
import json
import re
import sys
from contextvars import ContextVar
from typing import Any, Iterable

# --quiet, for the command running now (and the lines of a batch run with it).
QUIET: ContextVar[bool] = ContextVar("rolecli_quiet", default=False)


class Explanation(str):
    """A line that explains a result rather than being one (see the module's doc)."""


def _default(value: Any) -> Any:
    """JSON for what json cannot write itself. Anything else is refused rather
    than written as its Python repr, which no script could read."""
    import os
    from collections.abc import Mapping
    from fractions import Fraction

    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    if hasattr(value, "as_json"):
        return value.as_json()
    if isinstance(value, Mapping):  # a campaign's rule options are a read-only mapping
        return dict(value)
    if isinstance(value, (set, frozenset, tuple)):
        return list(value)
    if isinstance(value, os.PathLike):
        return os.fspath(value)
    raise TypeError(f"{type(value).__name__} is not a JSON value: {value!r}")


_ENCODER = json.JSONEncoder(ensure_ascii=False, default=_default)  # made once: json.dumps(**options) makes one a call


def dumps(payload: Any) -> str:
    # json escapes C0 controls itself; DEL, C1 (0x9b is a CSI on some terminals) and
    # direction overrides it leaves raw, so they are written as \u escapes (the same JSON).
    text = _ENCODER.encode(payload)
    if text.isprintable():  # (the common case: see _compiled)
        return text
    json_unsafe = _compiled(_JSON_UNSAFE)
    return json_unsafe.sub(_json_escape, text) if json_unsafe.search(text) else text


# --- text that cannot drive the terminal -------------------------------------

# Control characters (C0 but tab and newline, DEL, C1) and the invisible characters that
# reorder or hide text (bidi overrides and isolates, zero-width marks): a campaign's text,
# a table's rows, a comment or a plugin's line could otherwise set the terminal's title,
# clear the screen or disguise what it shows.
_UNSAFE = [c for c in range(0x20) if c not in (0x09, 0x0A)] + list(range(0x7F, 0xA0)) + \
    [0x200B, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A), 0xFEFF]
_VISIBLE = "[" + "".join(map(chr, _UNSAFE)) + "]"
_JSON_UNSAFE = "[" + "".join(chr(c) for c in _UNSAFE if c >= 0x7F) + "]"


@functools.cache
def _compiled(pattern: str) -> re.Pattern:
    """``pattern`` compiled, when a text first needs it. Each of those characters is a
    control or format character, which ``str.isprintable`` refuses: a printable
    text (most are) holds none, and is passed without it. Compiling both sets, of
    characters beyond Latin-1, was 1% of a quick dice simulation's start-up (5.5M
    of its ~559M instructions)."""
    return re.compile(pattern)


def visible(text: str) -> str:
    """``text`` with every character that could drive or fool a terminal written as
    a visible escape (``\\x1b``, ``\\u202e``), as a Python literal would show it."""
    if text.isprintable():
        return text
    unsafe = _compiled(_VISIBLE)
    return unsafe.sub(_escape, text) if unsafe.search(text) else text  # a search is the cheap common case


def _escape(match: re.Match) -> str:
    c = ord(match.group())
    return f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}"


def _json_escape(match: re.Match) -> str:
    return f"\\u{ord(match.group()):04x}"


class Printer:
    """Where one command's results go, in the format the user chose."""

    def __init__(self, as_json: bool = False, stream=None):
        self.stream = stream or sys.stdout
        self.as_json = as_json
        self.rich = not as_json and self.stream.isatty()
        self.quiet = QUIET.get()

    def result(self, payload: dict[str, Any], lines: Iterable[str]) -> None:
        """One result: its JSON object, or its human lines (its explanation
        lines where the module's doc says)."""
        if self.as_json:
            self.stream.write(dumps(payload) + "\n")
            return
        lines = list(lines)
        shown = [visible(line) for line in lines if not isinstance(line, Explanation)]
        said = [] if self.quiet else [visible(line) for line in lines if isinstance(line, Explanation)]
        if self.rich:
            self.console().print(*[_markup(line) for line in shown + said], sep="\n")
            return
        self.stream.write("\n".join(shown) + "\n")
        if said:
            self.stream.flush()  # a result before the lines that explain it, where both reach one screen
            sys.stderr.write("\n".join(said) + "\n")

    def table(self, payload: dict[str, Any], title: str, columns: list[str], rows: list[list[str]],
              footer: Iterable[str] = ()) -> None:
        """A table: a rich table on a terminal, tab-separated text when piped."""
        if self.as_json:
            self.stream.write(dumps(payload) + "\n")
            return
        title, footer = visible(title), [visible(line) for line in footer]
        rows = [[visible(cell) for cell in row] for row in rows]
        if self.rich:
            from rich.table import Table
            from rich.text import Text

            # Text, not str: rich would read a table row's "[bold]" as its own markup.
            table = Table(title=Text(title), title_justify="left")
            for col in columns:
                table.add_column(Text(col), justify="right" if col != columns[-1] else "left")
            for row in rows:
                table.add_row(*map(Text, row))
            console = self.console()
            console.print(table)
            for line in footer:
                console.print(Text(line))
            return
        out = [title, "\t".join(columns)] + ["\t".join(row) for row in rows] + footer
        self.stream.write("\n".join(out) + "\n")

    def console(self):
        from rich.console import Console

        return Console(file=self.stream, highlight=False)


_GOOD = ("success", "éxito")
_BAD = ("failure", "fallo", "fracaso", "taken out", "fuera de combate", "down")


def _styles_shown() -> bool:
    """Whether a dropped die may be drawn struck through instead of marked ``~~x~~``:
    not on ``TERM=dumb``, which draws no styles, nor with ``NO_COLOR``
    (https://no-color.org), whose users ask for plain text; there the marker stays,
    or nothing would tell a dropped die from a kept one."""
    import os

    return not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"


def _markup(line: str):
    """A result line for the terminal: dropped dice struck through, verdicts in colour,
    the list of dice read dimmed. The words come from the core's and systems' labels."""
    import re

    from rich.text import Text

    if line.startswith("  "):
        return Text(line, style="dim")
    text = Text()
    strike = _styles_shown()
    for part in re.split(r"(~~[^~]+~~)", line):
        if part.startswith("~~") and strike:
            text.append(part[2:-2], style="strike dim")
        else:
            text.append(part)
    text.highlight_words(_GOOD, style="bold green", case_sensitive=False)
    text.highlight_words(_BAD, style="bold red", case_sensitive=False)
    return text


def dice_lines(reads, lang: str | None) -> list[str]:
    """Which dice were rolled and which were read from ``--dice``, and why."""
    from rolecli.dice.words import reason
    from rolecli.i18n import choose_lang, t

    lang = choose_lang(lang)
    if not reads:
        return []

    def face(r) -> str:
        value = {1: "+", 0: "0", -1: "−"}[r.value] if r.sides == "F" else str(r.value)
        why = ", ".join(reason(t(part, lang), lang) for part in r.why.split(", ")) if r.why else ""
        return f"d{r.sides}={value}" + (f" ({why})" if why else "")

    how = t("given" if reads[0].how == "given" else "rolled", lang)
    return [Explanation(f"  {t('dice', lang)} {how}: " + "; ".join(face(r) for r in reads))]


def note(message: str) -> None:
    """A note for the user on stderr (never mixed into results; none with --quiet)."""
    if not QUIET.get():
        print(f"rolecli: {visible(message)}", file=sys.stderr)
