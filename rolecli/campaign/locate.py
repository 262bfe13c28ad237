"""Find the line of a dotted key in TOML text, for error messages; and write
keys and values as TOML writes them (:func:`format_key`, :func:`show`).

:mod:`tomllib` returns values without positions, so this is a small scanner
of its own: it walks the text statement by statement, keeps track of the
current table header (``[characters."Ana María"]``), reads every key (bare,
quoted, dotted) and skips over values (strings of every kind, multi-line
arrays and inline tables), so that a line inside a multi-line string is
never taken for a key. It is only run on text that :mod:`tomllib` already
accepted.
"""

from __future__ import annotations

import bisect
import json
import re
import tomllib
from typing import Any

Key = tuple[str, ...]  # an entry of an array of tables is its number, from 1: ("rules", 2, "when")

_BARE = r"[A-Za-z0-9_-]+"  # a bare key; compiled by re when a key is first written or located


def format_key(parts: Key | list[str]) -> str:
    """A dotted key as written in TOML: ``characters."Ana María".hp``; an
    entry of an array of tables by its number: ``rules[2].when``."""
    text = ""
    for p in parts:
        if isinstance(p, int):
            text += f"[{p}]"
        else:
            text += ("." if text else "") + (p if re.fullmatch(_BARE, p) else
                                             json.dumps(p, ensure_ascii=False).replace("\x7f", "\\u007f"))
    return text


def show(value: Any) -> str:
    """A value as it would be written in TOML (:func:`format_key` writes a key)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(show(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{format_key([str(k)])} = {show(v)}" for k, v in value.items()) + "}"
    return str(value)


def key_lines(text: str) -> list[tuple[Key, int]]:
    """Every table header and key of ``text`` as ``(full dotted key, line)``."""
    return _Scanner(text).scan()


class Header:
    """A table header of TOML text: its dotted key and where it is written,
    from its ``[`` to just after its ``]`` (``[[``/``]]`` for an array of tables)."""

    __slots__ = ("key", "start", "end", "array")  # (no NamedTuple, made at import: icount, start-up 0.12% less)

    def __init__(self, key: Key, start: int, end: int, array: bool):
        self.key, self.start, self.end, self.array = key, start, end, array


def headers(text: str) -> list[Header]:
    """Every table header of ``text``, in order."""
    scanner = _Scanner(text)
    scanner.scan()
    return scanner.headers


def locate(text: str, key: Key | list[str]) -> int | None:
    """The line (1-based) where ``key`` is defined in ``text``: the key itself,
    else the deepest table or key that contains it (an inline table, a header);
    ``None`` if nothing in the text contains it."""
    key = tuple(key)
    best: tuple[int, int] | None = None  # (depth, line)
    for found, line in key_lines(text):
        if len(found) <= len(key) and key[: len(found)] == found:
            if best is None or len(found) > best[0]:
                best = (len(found), line)
    return None if best is None else best[1]


class _Scanner:
    def __init__(self, text: str):
        self.text = text
        self.i = 0
        self.n = len(text)
        self._newlines = [m.start() for m in re.finditer("\n", text)]
        self.headers: list[Header] = []
        self.arrays: dict[Key, int] = {}  # each array of tables, by its key, and its entries so far

    def line(self, pos: int) -> int:
        return bisect.bisect_left(self._newlines, pos) + 1

    def peek(self, k: int = 1) -> str:
        return self.text[self.i: self.i + k]

    def scan(self) -> list[tuple[Key, int]]:
        found: list[tuple[Key, int]] = []
        prefix: Key = ()
        while True:
            self.skip_blank(newlines=True)
            if self.i >= self.n:
                return found
            start = self.i
            try:
                if self.peek() == "[":
                    double = self.peek(2) == "[["
                    self.i += 2 if double else 1
                    written = self.key()
                    prefix = self.numbered(written, double)
                    found.append((prefix, self.line(start)))
                    if double:  # the array's key too, at its first entry
                        found.append((prefix[:-1], self.line(start)))
                    close = "]]" if double else "]"
                    if self.peek(len(close)) == close:
                        self.headers.append(Header(written, start, self.i + len(close), double))
                else:
                    parts = self.key()
                    if self.peek() != "=":
                        raise ValueError("expected '='")
                    self.i += 1
                    found.append((prefix + parts, self.line(start)))
                    self.skip_blank()
                    self.value()
            except (ValueError, IndexError):
                pass  # not valid TOML here: give up on this line and go on
            self.skip_line()

    def numbered(self, key: Key, entry: bool) -> Key:
        """A header's key with the number of the current entry of each array
        of tables it lies in (``[[a]]`` then ``[a.b]``: ``("a", 1, "b")``);
        ``entry``: it opens a new entry of its own array."""
        out: list[str | int] = []
        for part in key[:-1]:
            out.append(part)
            if tuple(out) in self.arrays:
                out.append(self.arrays[tuple(out)])
        out.append(key[-1])
        if entry:
            self.arrays[tuple(out)] = self.arrays.get(tuple(out), 0) + 1
            out.append(self.arrays[tuple(out)])
        return tuple(out)

    # --- pieces -------------------------------------------------------------

    def skip_blank(self, newlines: bool = False) -> None:
        while self.i < self.n:
            c = self.text[self.i]
            if c in " \t" or (newlines and c in "\r\n"):
                self.i += 1
            elif c == "#" and newlines:
                self.skip_line()
            else:
                return

    def skip_line(self) -> None:
        end = self.text.find("\n", self.i)
        self.i = self.n if end < 0 else end + 1

    def key(self) -> Key:
        parts: list[str] = []
        while True:
            self.skip_blank()
            c = self.peek()
            if c == '"':
                start = self.i
                self.basic_string()
                parts.append(tomllib.loads("k = " + self.text[start: self.i])["k"])
            elif c == "'":
                end = self.text.index("'", self.i + 1)
                parts.append(self.text[self.i + 1: end])
                self.i = end + 1
            else:
                m = re.compile(_BARE).match(self.text, self.i)
                if not m:
                    raise ValueError("expected a key")
                parts.append(m.group())
                self.i = m.end()
            self.skip_blank()
            if self.peek() != ".":
                return tuple(parts)
            self.i += 1

    def basic_string(self) -> None:
        """Skip a one-line basic string starting at the opening quote."""
        self.i += 1
        while True:
            c = self.text[self.i]
            if c == "\\":
                self.i += 2
            elif c == '"':
                self.i += 1
                return
            elif c == "\n":
                raise ValueError("unterminated string")
            else:
                self.i += 1

    def multiline_string(self, quote: str) -> None:
        """Skip a multi-line string starting at its opening triple quote."""
        self.i += 3
        while True:
            c = self.text[self.i]
            if c == "\\" and quote == '"':
                self.i += 2
            elif self.text.startswith(quote * 3, self.i):
                self.i += 3
                while self.peek() == quote:  # up to two quotes may end the content
                    self.i += 1
                return
            else:
                self.i += 1

    def value(self) -> None:
        c = self.peek()
        if self.peek(3) in ('"""', "'''"):
            self.multiline_string(c)
        elif c == '"':
            self.basic_string()
        elif c == "'":
            self.i = self.text.index("'", self.i + 1) + 1
        elif c in "[{":
            self.nested()
        # anything else (numbers, booleans, dates) ends with the line

    def nested(self) -> None:
        """Skip an array or inline table, which may span lines."""
        depth = 0
        while True:
            c = self.peek()
            if not c:
                raise ValueError("unterminated array")
            if c in "[{":
                depth += 1
                self.i += 1
            elif c in "]}":
                depth -= 1
                self.i += 1
                if depth == 0:
                    return
            elif c in "\"'":
                self.value()
            elif c == "#":
                self.skip_line()
            else:
                self.i += 1
