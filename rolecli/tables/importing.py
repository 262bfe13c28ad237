"""``table import NAME FILE``: a table from a CSV file (``range,text`` rows, or
one text a row) or a plain-text list (one row a line), appended to the
campaign's campaign.toml as ``[tables.NAME]``.

The new file is checked as a whole (TOML, the campaign validator, the table
itself) before it replaces the old one, under the campaign's lock and by an
atomic write: a bad import writes nothing.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from rolecli.errors import RoleError
from rolecli.tables.book import MAX_ROWS, ROW_RANGE

MAX_FILE = 1_000_000  # bytes
_WHAT = "a table to import"


def read_source(file: str) -> tuple[bytes, str]:
    """The bytes of the file to import (``-``: standard input) and the name it
    is known by in campaign.toml: its name only, as a folder of this machine
    does not belong there. Refused past :data:`MAX_FILE` without reading more."""
    import sys

    from rolecli.campaign.paths import display_named, read_bytes, read_stream

    if file != "-":
        data = read_bytes(file, MAX_FILE, _WHAT)
        if data is None:
            raise RoleError(f"cannot read {display_named(file)}: no such file.")
        return data, Path(file).name
    if sys.stdin is None:  # started with standard input closed (`<&-`)
        raise RoleError("standard input is closed; give the file to import, or its rows on standard input.")
    stream = getattr(sys.stdin, "buffer", None)  # bytes, to check UTF-8; an embedding's stdin may be text
    if stream is None:
        stream = io.BytesIO(sys.stdin.read(MAX_FILE + 1).encode("utf-8"))
    return read_stream(stream, MAX_FILE, "standard input", _WHAT), "standard input"


def read_rows(name: str, data: bytes, csv_file: bool) -> list[tuple[str, str]]:
    """``(range, text)`` pairs from the bytes of a file called ``name``."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise RoleError(f"{name} line {line}: not UTF-8 text; save the file as UTF-8.") from None
    if csv_file:
        items = _csv_rows(name, text)
    else:
        lines = [line.strip() for line in text.splitlines()]
        items = [(None, line) for line in lines if line and not line.startswith("#")]
    if not items:
        raise RoleError(f"{name}: no rows to import.")
    if len(items) > MAX_ROWS:
        raise RoleError(f"{name}: {len(items):,} rows, over the limit of {MAX_ROWS:,} rows per table.")
    return [(key if key is not None else str(i), text) for i, (key, text) in enumerate(items, 1)]


def _csv_rows(name: str, text: str) -> list[tuple[str | None, str]]:
    """``range,text`` or ``text`` rows; a first row whose range is no range (a header) is skipped."""
    items: list[tuple[str | None, str]] = []
    for number, cells in enumerate(csv.reader(io.StringIO(text)), 1):
        cells = [c.strip() for c in cells]
        if not any(cells):
            continue
        if len(cells) == 1:
            items.append((None, cells[0]))
        elif len(cells) == 2:
            if ROW_RANGE.fullmatch(cells[0]) is None:
                if number == 1:
                    continue  # a header such as "roll,result"
                raise RoleError(f"{name} line {number}: {cells[0]!r} is not a range such as 1-3 or 4.")
            items.append((cells[0], cells[1]))
        else:
            raise RoleError(f"{name} line {number}: {len(cells)} columns; a table's CSV has range,text "
                            "(or one text a row).")
    if len({key is None for key, _text in items}) > 1:
        raise RoleError(f"{name}: some rows have a range and some do not; give every row a range, or none.")
    return items


def section(name: str, rows: list[tuple[str, str]], die: str | None, source: str) -> str:
    """The TOML text of ``[tables.NAME]``."""
    from rolecli.campaign.locate import format_key, show

    lines = [f"[tables.{format_key([name])}]", f"# imported from {source} by rolecli table import"]
    if die is not None:
        lines.append(f"die = {show(die)}")
    lines += [f"{show(key)} = {show(text)}" for key, text in rows]
    return "\n".join(lines) + "\n"


def append_table(root: Path, campaign: str, name: str, text: str, systems) -> None:
    """Append the ``[tables.NAME]`` ``text`` to campaign.toml, checked, locked and atomic.

    The campaign store has no public operation for adding a section; this is
    the minimal one, built on the store's own lock and atomic write."""
    from rolecli.campaign.files import atomic_write, campaign_lock, decode
    from rolecli.campaign.paths import CAMPAIGN_FILE, display_path, existing_campaign, read_bytes
    from rolecli.campaign.validate import Where, check_campaign_doc, parse_toml

    folder = existing_campaign(root, campaign)
    path = folder / CAMPAIGN_FILE
    with campaign_lock(folder):
        raw = read_bytes(path)
        if raw is None:
            raise RoleError(f"{display_path(path)} is missing.")
        old = decode(path, raw)
        if name in parse_toml(path, old).get("tables", {}):
            raise RoleError(f"campaign {campaign!r} already has a table {name!r}; choose another name, or remove "
                            "that one from campaign.toml first.")
        newline = "\r\n" if "\r\n" in old else "\n"
        gap = ("" if not old or old.endswith("\n") else "\n") + ("\n" if old.strip() else "")
        data = raw + (gap + text).replace("\n", newline).encode("utf-8")
        new = decode(path, data)
        check_campaign_doc(parse_toml(path, new), Where(path, new), systems)
        atomic_write(path, data)
