"""Rolling on a table: the die picks a row, and the row's ``{rolls}`` and
``{Nt[tables]}`` are rolled in the order they are written, every die read from
the same :class:`~rolecli.dice.source.DiceSource` (so ``--seed`` repeats a
draw and ``--dice`` gives its dice in the order the output lists them).

Rows that draw on tables are followed at most :data:`MAX_TABLE_DEPTH` deep,
and one command draws at most :data:`MAX_DRAWS` rows in all: a table that
rolls on itself ("roll twice more") ends, one way or the other, in a one-line
error instead of running away.
"""

from __future__ import annotations

from rolecli.errors import RoleError
from rolecli.tables.book import Row, Table

MAX_TABLE_DEPTH = 10
MAX_DRAWS = 10_000


class TableRoll:
    """One draw: the ``table``, the ``roll`` of its die, the ``row`` it picked,
    the row's ``result`` text with its rolls done, and the ``inner`` rolls and
    draws in order (:class:`~rolecli.dice.roller.RollResult` or TableRoll)."""

    __slots__ = ("table", "roll", "row", "result", "inner")

    def __init__(self, table: Table, roll, row: Row, result: str, inner: list):
        self.table, self.roll, self.row, self.result, self.inner = table, roll, row, result, inner

    def lines(self, lang: str, depth: int = 0) -> list[str]:
        """``encounters: 1d6 [4] = 4 → 3 goblins``, then each roll inside, indented."""
        indent = "  " * depth
        out = [f"{indent}{self.table.name}: {self.roll.text(lang)} → {self.result}"]
        for inner in self.inner:
            if isinstance(inner, TableRoll):
                out += inner.lines(lang, depth + 1)
            else:
                out.append(f"{indent}  {{{inner.expression}}}: {inner.text(lang)}")
        return out

    def as_json(self) -> dict:
        return {"table": self.table.name, "roll": self.roll.as_json(), "row": self.row.key, "text": self.row.text,
                "result": self.result, "inner": [inner.as_json() for inner in self.inner]}


class Drawer:
    """Draws on the tables of a :class:`~rolecli.tables.library.Library` for one
    command, parsing each expression once."""

    def __init__(self, library, source):
        self.library = library
        self.source = source
        self.refs = library.refs()
        self.draws = 0
        self._parsed: dict[str, object] = {}

    def expression(self, text: str, table: Table, row: Row | None):
        if text not in self._parsed:
            from rolecli.dice import parse

            try:
                self._parsed[text] = parse(text, self.refs)
            except RoleError as exc:
                raise table.error(f"{{{text}}} is not a dice expression: {exc}", row.key if row else "die") from None
        return self._parsed[text]

    def draw(self, table: Table, path: tuple[str, ...] = ()) -> TableRoll:
        path = path + (table.name,)
        if len(path) > MAX_TABLE_DEPTH:
            raise table.error(f"draws on tables more than {MAX_TABLE_DEPTH} deep ({' → '.join(path)}); a table that "
                              "rolls on itself must reach a row that does not, sooner.")
        self.draws += 1
        if self.draws > MAX_DRAWS:
            raise table.error(f"this command drew more than {MAX_DRAWS:,} rows in all (limit {MAX_DRAWS:,}); "
                              "draw fewer rows at once.")
        roll = self.expression(table.die, table, None).roll(self.source)
        row = table.row_for(roll.total)
        if row is None:
            raise table.error(f"has no row for {roll.total} ({table.die} rolled it); add a row that covers it.")
        text, inner = [], []
        for part in row.parts:
            if isinstance(part, str):
                text.append(part)
            elif part[0] == "roll":
                result = self.expression(part[1], table, row).roll(self.source)
                inner.append(result)
                text.append(str(result.total))
            else:
                _draw, count, name = part
                try:
                    other = self.library.table(name)
                except RoleError as exc:
                    raise table.error(f"{{{count}t[{name}]}}: {exc}", row.key) from None
                drawn = [self.draw(other, path) for _ in range(count)]
                inner += drawn
                text.append(", ".join(d.result for d in drawn))
        return TableRoll(table, roll, row, "".join(text), inner)
