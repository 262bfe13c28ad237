"""The ``[rolls]`` and ``[tables]`` sections of one file, checked.

::

    [rolls]
    fireball = "8d6"
    attack = "1d20 + @Fuerza"        # a trait of the character named after the roll

    [tables.encounters]
    die = "1d6"                      # optional: else 1dN, N the rows' total weight
    "1-3" = "{1d4+1} goblins"        # {…}: a roll inside the row
    "4-5" = "a patrol of {2t[guards]}" # {Nt[name]}: N rows of another table
    "6" = "nothing"

    [tables]
    guards = ["a sergeant", "a recruit", "two veterans"]   # a plain list: one row each

Every problem is reported like any campaign error: one line naming the file,
the line and the key (:class:`~rolecli.campaign.validate.Where`).
"""

from __future__ import annotations

import re
import unicodedata
from typing import TYPE_CHECKING, Any

from rolecli.errors import RoleError

if TYPE_CHECKING:  # pragma: no cover - import for type checkers only
    from fractions import Fraction

MAX_NAME = 64
MAX_ROWS = 10_000
MAX_ROW_LENGTH = 1_000
MAX_RANGE = 1_000_000
#: Rows drawn at once from one table by ``{Nt[name]}``.
MAX_DRAW_COUNT = 100
#: ``{…}`` rolls in one table (each is parsed when the table is shown or rolled).
MAX_INLINE = 1_000

#: A row's key: a range of totals (``1-3``, ``4..6``, ``5``, ``7+``); CSV import reads its first column so.
ROW_RANGE = re.compile(r"\s*(-?\d+)\s*(?:(?:-|–|\.\.)\s*(-?\d+)\s*|(\+)\s*)?")
_DRAW = re.compile(r"\s*(\d*)\s*[tT]\s*\[\s*(.*?)\s*\]\s*")
_NAME_RULE = f"a name of at most {MAX_NAME} characters, without control characters, braces, brackets or '@'"


class Row:
    """One row: the totals ``lo..hi`` it covers, its key and text as written,
    and the text cut into parts: plain text, ``("roll", expression)`` and
    ``("draw", count, table)``."""

    __slots__ = ("lo", "hi", "key", "text", "parts")

    def __init__(self, lo: int, hi: int, key: str, text: str, parts: tuple):
        self.lo, self.hi, self.key, self.text, self.parts = lo, hi, key, text, parts

    @property
    def weight(self) -> int:
        return self.hi - self.lo + 1


class Table:
    """A random table: its ``rows`` in order, the ``die`` rolled on it, and the
    :class:`Book` it comes from (for messages that name file and line)."""

    __slots__ = ("name", "rows", "die", "written_die", "book", "_starts")

    def __init__(self, name: str, rows: list[Row], written_die: str | None, book: "Book"):
        self.name = name
        self.rows = sorted(rows, key=lambda r: r.lo)
        self.written_die = written_die
        self.die = written_die or f"1d{sum(r.weight for r in rows)}"
        self.book = book
        self._starts = [r.lo for r in self.rows]

    def row_for(self, total: int) -> Row | None:
        import bisect

        i = bisect.bisect_right(self._starts, total) - 1
        return self.rows[i] if i >= 0 and self.rows[i].hi >= total else None

    def error(self, message: str, key: str | None = None) -> RoleError:
        return self.book.error(("tables", self.name) + ((key,) if key else ()), message)

    def check_rolls(self) -> None:
        """Parse every roll ``{…}`` of the rows, so a mistake is reported before any is rolled."""
        for row in self.rows:
            for part in row.parts:
                if not isinstance(part, str) and part[0] == "roll":
                    self.book.expression(("tables", self.name, row.key), part[1], inline=True)

    def chances(self, refs) -> tuple[list[Fraction], list[tuple[int, Fraction]]]:
        """The exact chance of each row, and the totals the die can give that no
        row covers, with theirs. The default die needs no odds: a row's chance
        is its weight out of the total."""
        from fractions import Fraction  # (here: fractions imports decimal, 1% of a campaign verb's start-up)

        if self.written_die is None:
            total = sum(r.weight for r in self.rows)
            return [Fraction(r.weight, total) for r in self.rows], []
        from rolecli.dice import parse
        from rolecli.dice.odds import distribution

        dist = distribution(parse(self.die, refs))
        chances = [Fraction(dist.ways(r.lo, r.hi), dist.ways_total) for r in self.rows]
        return chances, [(v, p) for v, p in dist.outcomes if self.row_for(v) is None]


class Book:
    """The checked ``[rolls]`` and ``[tables]`` of one file, ``label`` saying
    which (``"campaign demo"``, ``"your rolls file"``)."""

    def __init__(self, doc: dict[str, Any], where, label: str):
        self.where = where
        self.label = label
        self.rolls: dict[str, str] = {}
        self.tables: dict[str, Table] = {}
        self._parsed: dict[str, object] = {}  # a row's "{1d6}" written a thousand times is parsed once
        self._read(doc)

    def error(self, key: tuple, message: str, show_key: bool = True) -> RoleError:
        return self.where.error(key, message, show_key)

    def _read(self, doc: dict[str, Any]) -> None:
        rolls = doc.get("rolls", {})
        if not isinstance(rolls, dict):
            raise self.error(("rolls",), 'should be a table of named rolls: [rolls] then lines such as fireball = "8d6".')
        for name, text in rolls.items():
            self._name(("rolls", name), name, "roll")
            if not isinstance(text, str):
                raise self.error(("rolls", name), "should be a dice expression in quotes, such as \"8d6\".")
        self.rolls = dict(rolls)
        for name, text in rolls.items():
            self.expression(("rolls", name), text)
        tables = doc.get("tables", {})
        if not isinstance(tables, dict):
            raise self.error(("tables",), "should hold one table per random table, such as [tables.encounters].")
        for name, body in tables.items():
            self._name(("tables", name), name, "table")
            self.tables[name] = self._table(name, body)

    def _name(self, key: tuple, name: str, what: str) -> None:
        bad = (not name or len(name) > MAX_NAME or name != name.strip() or any(c in name for c in "{}[]@")
               or any(unicodedata.category(c)[0] == "C" for c in name))
        if bad:
            raise self.error(key, f"is not a usable {what} name: {_NAME_RULE}.")

    def expression(self, key: tuple, text: str, inline: bool = False):
        """``text`` parsed as a dice expression (``inline``: a ``{…}`` of a row);
        a named roll of this file is read in place (so a cycle shows here), any
        other ``@name`` stands for 1."""
        from rolecli.dice import parse

        if len(text) > MAX_ROW_LENGTH:
            raise self.error(key, f"is {len(text):,} characters long, over the limit of {MAX_ROW_LENGTH:,}.")
        try:
            if text not in self._parsed:
                self._parsed[text] = parse(text, lambda name: self.rolls.get(name, 1))
            return self._parsed[text]
        except RoleError as exc:
            shown = f"{{{text}}}" if inline else f"= {_quoted(text)}"
            raise self.error(key, f"{shown} is not a dice expression: {exc}") from None

    def _table(self, name: str, body: Any) -> Table:
        key = ("tables", name)
        if isinstance(body, list):
            if not body or not all(isinstance(text, str) for text in body):
                raise self.error(key, 'should be a list of texts, such as ["a sergeant", "a recruit"], or a table '
                                 'of rows such as "1-3" = "goblins".')
            items = [(str(i), text) for i, text in enumerate(body, 1)]
            die = None
        elif isinstance(body, dict):
            die = body.get("die")
            if die is not None and not isinstance(die, str):
                raise self.error(key + ("die",), 'should be a dice expression in quotes, such as "2d6".')
            items = [(k, v) for k, v in body.items() if k != "die"]
        else:
            raise self.error(key, 'should be a table of rows, such as [tables.encounters] then "1-3" = "goblins".')
        if not items:
            raise self.error(key, 'has no rows; add some such as "1-3" = "goblins".')
        if len(items) > MAX_ROWS:
            raise self.error(key, f"has {len(items):,} rows, over the limit of {MAX_ROWS:,}.")
        bounds = self.expression(key + ("die",), die).bounds if die is not None else None
        rows, rolls = [], 0
        for range_key, text in items:
            rows.append(self._row(key, range_key, text, bounds))
            rolls += sum(not isinstance(part, str) and part[0] == "roll" for part in rows[-1].parts)
            if rolls > MAX_INLINE:
                raise self.error(key, f"holds more than {MAX_INLINE:,} rolls {{…}} in its rows; split it.")
        _check_coverage(self, key, sorted(rows, key=lambda r: r.lo), die)
        return Table(name, rows, die, self)

    def _row(self, key: tuple, range_key: str, text: Any, bounds: tuple | None) -> Row:
        key = key + (range_key,)
        m = ROW_RANGE.fullmatch(range_key)
        if m is None:
            raise self.error(key, 'is not a range of totals such as "1-3", "4" or "10+" (nor die = "…").')
        lo = int(m.group(1))
        hi = lo if m.group(2) is None and not m.group(3) else None if m.group(3) else int(m.group(2))
        if hi is None:
            if bounds is None:
                raise self.error(key, 'is open-ended, which needs a die: add die = "2d6" (or write "10-12").')
            hi = bounds[1]
        if max(abs(lo), abs(hi)) > MAX_RANGE or lo > hi:
            raise self.error(key, f"should run from its lower to its higher total, within ±{MAX_RANGE:,}.")
        if bounds is not None and (lo < bounds[0] or hi > bounds[1]):
            raise self.error(key, f"lies outside {bounds[0]}..{bounds[1]}, the totals the table's die can give.")
        if not isinstance(text, str):
            raise self.error(key, "should be a text in quotes.")
        if len(text) > MAX_ROW_LENGTH:
            raise self.error(key, f"is {len(text):,} characters long, over the limit of {MAX_ROW_LENGTH:,}.")
        return Row(lo, hi, range_key, text, self._parts(key, text))

    def _parts(self, key: tuple, text: str) -> tuple:
        parts: list = []
        i = 0
        while i < len(text):
            start = text.find("{", i)
            stray = text.find("}", i)
            if stray >= 0 and (start < 0 or stray < start):
                raise self.error(key, f"= {_quoted(text)} has a '}}' without its '{{'.")
            if start < 0:
                parts.append(text[i:])
                break
            parts.append(text[i:start])
            end, depth = start + 1, 1
            while end < len(text) and depth:
                depth += {"{": 1, "}": -1}.get(text[end], 0)
                end += 1
            if depth:
                raise self.error(key, f"= {_quoted(text)} has a '{{' without its '}}'.")
            parts.append(self._inline(key, text[start + 1 : end - 1]))
            i = end
        return tuple(p for p in parts if p != "")

    def _inline(self, key: tuple, inner: str) -> tuple:
        """``{1d4+1}`` or ``{2t[guards]}``. A roll is parsed when its table is
        shown or rolled, not whenever the file is read: a file may hold many
        tables, and every command reads the campaign's."""
        draw = _DRAW.fullmatch(inner)
        if draw is None:
            if not inner.strip():
                raise self.error(key, "has an empty {}; write a roll inside, as in {1d4}.")
            return ("roll", inner.strip())
        count = int(draw.group(1) or 1)
        if not 1 <= count <= MAX_DRAW_COUNT or not draw.group(2):
            raise self.error(key, f"= {{{inner}}} should draw 1 to {MAX_DRAW_COUNT} rows of a named table, "
                             "as in {2t[guards]}.")
        return ("draw", count, draw.group(2))


def _check_coverage(book: Book, key: tuple, rows: list[Row], die: str | None) -> None:
    for before, after in zip(rows, rows[1:]):
        if after.lo <= before.hi:
            raise book.error(key + (after.key,), f"overlaps the row {before.key!r}; a total belongs to one row.")
    if die is not None:
        return
    expected = 1
    for row in rows:
        if row.lo != expected:
            raise book.error(key + (row.key,), f"starts at {row.lo}, but with no die the rows must cover 1, 2, 3… "
                             f"without a gap, and {expected} is missing; add it, or give the table a die.")
        expected = row.hi + 1
    if expected - 1 > MAX_RANGE:
        raise book.error(key, f"weighs {expected - 1:,} in all, over the limit of {MAX_RANGE:,}.")


def _quoted(text: str) -> str:
    from rolecli.campaign.locate import show

    return show(text)


# --- counting rows before parsing --------------------------------------------
#
# A table over MAX_ROWS is refused; but parsing a file that holds one (100,000
# rows) costs seconds, and every command reads the campaign's file. So the
# rows are counted on the text first, by regular expressions (no parse): a
# [tables.NAME] section's row keys, each list or inline table of [tables].
# One row a line, as rolecli writes and as a GM writes, counts exactly. The
# expressions are compiled when a file is long enough to need them (re keeps
# them): compiling them is a campaign command's cost otherwise.

_HEADER = r"^[ \t]*\[(?!\[)([^\n]*?)\][ \t]*(?:#[^\n]*)?$"
_ROW_KEY = r"""^[ \t]*(?:"[^"\n]*"|'[^'\n]*'|\d[-\d+.–]*)[ \t]*="""
_KEY_LINE = r"""^[ \t]*("[^"\n]*"|'[^'\n]*'|[A-Za-z0-9_-]+)[ \t]*=[ \t]*([\[{]?)"""
# Inside a list or an inline table: a key (before its "="), a text, or a comment.
_STRING = r'"(?:[^"\\\n]|\\.)*"' + r"|'[^'\n]*'"
_TOKEN = rf"(?P<key>{_STRING}|[\w-]+)[ \t]*=|(?P<text>{_STRING})|#[^\n]*"


def count_rows(text: str) -> tuple[str, int, int] | None:
    """The first table of ``text`` over :data:`MAX_ROWS` rows, counted without
    parsing, as ``(name, line, rows)``; None when none is."""
    if text.count("\n") < MAX_ROWS and text.count('"') + text.count("'") <= 2 * MAX_ROWS:
        return None  # a row takes a line of its own, or two quotes of a list or an inline table
    headers = list(re.finditer(_HEADER, text, re.M))
    for header, following in zip(headers, headers[1:] + [None]):
        key = re.sub(r"\s*\.\s*", ".", header.group(1).strip())
        start, end = header.end(), following.start() if following else len(text)
        if key.startswith("tables."):
            rows = len(re.compile(_ROW_KEY, re.M).findall(text, start, end))
            if rows > MAX_ROWS:
                return key[len("tables."):].strip("\"'"), text.count("\n", 0, header.start()) + 1, rows
        elif key == "tables":
            lines = list(re.compile(_KEY_LINE, re.M).finditer(text, start, end))
            for line, after in zip(lines, lines[1:] + [None]):
                stop = after.start() if after else end
                if not line.group(2):
                    continue
                tokens = re.compile(_TOKEN).finditer(text, line.end(), stop)
                if line.group(2) == "[":  # a list: a row a text
                    rows = sum(1 for t in tokens if t.group("text"))
                else:  # an inline table: a row a key, die aside
                    rows = sum(1 for t in tokens if t.group("key") and t.group("key").strip("\"'") != "die")
                if rows > MAX_ROWS:
                    return line.group(1).strip("\"'"), text.count("\n", 0, line.start()) + 1, rows
    return None


def check_row_counts(path, text: str) -> None:
    """Refuse a table of ``text`` (read from ``path``) over :data:`MAX_ROWS`
    rows before the text is parsed (see :func:`count_rows`)."""
    found = count_rows(text) if "tables" in text else None
    if found is not None:
        from rolecli.campaign.locate import format_key
        from rolecli.campaign.paths import display_path

        name, line, rows = found
        raise RoleError(f"{display_path(path)} line {line}: {format_key(['tables', name])} has {rows:,} rows, "
                        f"over the limit of {MAX_ROWS:,}.")


def check_sections(doc: dict[str, Any], where) -> None:
    """The campaign validator's hook: refuse bad ``[rolls]`` and ``[tables]``."""
    if "rolls" in doc or "tables" in doc:
        Book(doc, where, "campaign")
