"""The campaign log: ``log.jsonl``, one JSON object per line, append-only.

Every entry has ``seq`` (1, 2, 3... in file order), ``time`` (local ISO time
with its UTC offset), ``command`` (the command line as text), ``kind``
(``roll``, ``change``, ``undo`` or ``sheet``), ``summary`` and ``data``.
``change`` and ``sheet`` entries add ``changes``: ``{character: {"before":
..., "after": ...}}``; an ``undo`` entry adds ``undoes``: the ``seq`` it undid.
Entries are appended under the campaign lock (see :mod:`.files`).
"""

from __future__ import annotations

import dataclasses
import json
import os
import shlex
import sys
from datetime import datetime
from fractions import Fraction
from pathlib import Path
from typing import Any

from rolecli.campaign.files import append_line, read_bytes
from rolecli.campaign.paths import LOG_FILE, display_path
from rolecli.errors import CampaignError

KINDS = ("roll", "change", "undo", "sheet")
UNDOABLE = ("change", "sheet")


def default_command() -> str:
    """The command line of this process as text (``rolecli damage Ana 1``)."""
    return shlex.join(["rolecli", *sys.argv[1:]])


def now() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")


def jsonable(value: Any) -> Any:
    """``value`` as plain JSON data: tuples become lists, fractions and other
    objects become text, dataclasses become objects."""
    return json.loads(json.dumps(value, ensure_ascii=False, default=_default))


def _default(value: Any) -> Any:
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}" if value.denominator != 1 else value.numerator
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=repr)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.asdict(value)
    if isinstance(value, os.PathLike):
        return Path(value).as_posix()
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return str(value)


def make_entry(kind: str, command: str | None, summary: str, data: Any = None, **extra: Any) -> dict[str, Any]:
    """A new entry; its ``seq`` is given when it is appended."""
    if kind not in KINDS:
        raise ValueError(f"log kind must be one of {KINDS}, not {kind!r}")
    entry = {"seq": None, "time": now(), "command": default_command() if command is None else command,
             "kind": kind, "summary": summary, "data": jsonable({} if data is None else data)}
    entry.update(jsonable(extra))
    return entry


def log_path(folder: Path) -> Path:
    return Path(folder) / LOG_FILE


def read_entries(folder: Path) -> list[dict[str, Any]]:
    """Every entry of the log, oldest first. A last line cut short by a crash
    (no final newline, not valid JSON) is ignored; any other bad line is an error."""
    path = log_path(folder)
    data = read_bytes(path)
    if not data:
        return []
    lines = data.split(b"\n")
    entries = []
    for number, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        try:
            entry = json.loads(raw.decode("utf-8"))
            if not isinstance(entry, dict):
                raise ValueError("not an object")
        except (ValueError, UnicodeDecodeError) as exc:
            if number == len(lines):  # unfinished last line: an interrupted append
                break
            raise CampaignError(f"{display_path(path)} line {number}: not a log entry ({exc}); "
                                "fix or remove that line.") from None
        entries.append(entry)
    return entries


def last_seq(folder: Path) -> int:
    """The ``seq`` of the newest entry (0 for an empty log), reading only the
    end of the file when it can."""
    path = log_path(folder)
    try:
        with open(path, "rb") as handle:
            size = handle.seek(0, os.SEEK_END)
            chunk = min(size, 65536)
            handle.seek(size - chunk)
            tail = handle.read(chunk)
    except FileNotFoundError:
        return 0
    except OSError as exc:
        raise CampaignError(f"cannot read {display_path(path)}: {exc.strerror or exc}.") from None
    complete = tail[: tail.rfind(b"\n") + 1]
    lines = complete.split(b"\n")
    if chunk < size:
        lines = lines[1:]  # the first line of the chunk may be the end of a longer one
    for raw in reversed(lines):
        if not raw.strip():
            continue
        try:
            seq = json.loads(raw.decode("utf-8")).get("seq")
        except (ValueError, UnicodeDecodeError, AttributeError):
            break
        if isinstance(seq, int):
            return seq
        break
    entries = read_entries(folder)  # a huge last entry or a damaged tail: read it all
    return max((e.get("seq") for e in entries if isinstance(e.get("seq"), int)), default=0)


def append_entries(folder: Path, entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Append ``entries`` (call under the campaign lock), numbering them."""
    seq = last_seq(folder)
    for entry in entries:
        seq += 1
        entry["seq"] = seq
        append_line(log_path(folder), json.dumps(entry, ensure_ascii=False, separators=(",", ":")))
    return entries


def read_log(root: Path, name: str, limit: int | None = None) -> list[dict[str, Any]]:
    """The log of campaign ``name``, oldest first; ``limit`` keeps the newest ``limit`` entries."""
    from rolecli.campaign.paths import existing_campaign

    entries = read_entries(existing_campaign(root, name))
    if limit is not None:
        entries = entries[-limit:] if limit > 0 else []
    return entries
