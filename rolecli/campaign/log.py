"""The campaign log: ``log.jsonl``, one JSON object per line, append-only.

Every entry has ``seq`` (1, 2, 3... in file order), ``time`` (local ISO time
with its UTC offset), ``command`` (the command line as text), ``kind``
(``roll``, ``change``, ``undo`` or ``sheet``), ``summary`` and ``data``. An
entry that changed something also names its operation (``op``) and holds what
it changed (see :mod:`.operations`). Entries are appended under the campaign
lock (see :mod:`.files`), and an entry is on disk before the files it changes
are replaced: the log is the campaign's write-ahead log.

Every line is checked when it is read, like a hand-edited file: a line that is
not a well-formed entry is one error naming the file and the line. The only
line forgiven is an unfinished last one (no final newline): an append that a
crash cut short, which never took effect.
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

from rolecli.campaign.files import append_lines, read_bytes
from rolecli.campaign.operations import shape_problem
from rolecli.campaign.paths import LOG_FILE, display_path
from rolecli.errors import CampaignError
from rolecli.output import visible

KINDS = ("roll", "change", "undo", "sheet")
_TAIL = 8192  # bytes read at a time from the end of the log


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
    entry = {"seq": None, "time": now(), "command": _utf8(default_command() if command is None else command),
             "kind": kind, "summary": visible(summary)}  # a plugin's line, shown by `log` and `undo`
    entry.update(jsonable({"data": {} if data is None else data, **extra}))
    return entry


def _utf8(text: str) -> str:
    """``text`` with the bytes that were not UTF-8 (a folder's name on the command
    line, as Python passes it on in sys.argv) as ``\\xNN`` escapes: the log is UTF-8 text."""
    try:
        return text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    except UnicodeEncodeError:  # a lone surrogate that stands for no byte
        return text.encode("utf-8", "backslashreplace").decode("utf-8")


def log_path(folder: Path) -> Path:
    return Path(folder) / LOG_FILE


def _entry(raw: bytes) -> dict[str, Any]:
    """One line of the log as an entry, checked; else a ValueError saying what is wrong."""
    try:
        entry = json.loads(raw.decode("utf-8"))
    except (ValueError, UnicodeDecodeError) as exc:
        raise ValueError(f"not a log entry ({exc})") from None
    except RecursionError:
        raise ValueError("not a log entry (nested too deeply)") from None
    problem = _problem(entry)
    if problem:
        raise ValueError(problem)
    return entry


def _problem(entry: Any) -> str | None:
    if not isinstance(entry, dict):
        return "not a log entry (not an object)"
    seq = entry.get("seq")
    if not isinstance(seq, int) or isinstance(seq, bool) or seq < 1:
        return f"seq = {json.dumps(seq)} should be a whole number from 1"
    if entry.get("kind") not in KINDS:
        return f"kind = {json.dumps(entry.get('kind'))} should be one of: {', '.join(KINDS)}"
    return shape_problem(entry)


def _bad_line(path: Path, number: int, problem: ValueError) -> CampaignError:
    return CampaignError(f"{display_path(path)} line {number}: {problem}; fix or remove that line.")


def read_numbered(folder: Path) -> list[tuple[int, dict[str, Any]]]:
    """Every entry of the log with its line number, oldest first. An unfinished
    last line (an append cut short by a crash) is left out; any other bad line
    is an error naming the file and the line."""
    path = log_path(folder)
    data = read_bytes(path)
    if not data:
        return []
    numbered = []
    for number, raw in enumerate(data[: data.rfind(b"\n") + 1].split(b"\n")[:-1], start=1):
        if raw.strip():
            try:
                numbered.append((number, _entry(raw)))
            except ValueError as exc:
                raise _bad_line(path, number, exc) from None
    return numbered


def read_entries(folder: Path) -> list[dict[str, Any]]:
    """Every entry of the log, oldest first (see :func:`read_numbered`)."""
    return [entry for _, entry in read_numbered(folder)]


def newest_commit(folder: Path) -> list[dict[str, Any]]:
    """The entries of the newest commit, oldest first, read from the end of the
    file: usually one; the entries one command appended together carry
    ``commit``, the ``seq`` of the first. Empty for an empty log."""
    path = log_path(folder)
    group: list[dict[str, Any]] = []
    try:
        with open(path, "rb") as handle:
            for raw in _lines_backwards(handle):
                try:
                    entry = _entry(raw)
                except ValueError:
                    read_numbered(folder)  # reads it all, to name the line (or an earlier bad one)
                    raise  # pragma: no cover - read_numbered raised
                group.append(entry)
                if entry.get("commit", entry["seq"]) >= entry["seq"]:
                    break
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise CampaignError(f"cannot read {display_path(path)}: {exc.strerror or exc}.") from None
    return group[::-1]


def _lines_backwards(handle):
    """The whole lines of the file, newest first, without blank lines and
    without the unfinished line a crash may have left at the end; read a chunk
    at a time from the end, so the newest entries cost the same in any log."""
    pos = handle.seek(0, os.SEEK_END)
    rest, seeking_end = b"", True
    while pos > 0:
        step = min(pos, max(_TAIL, len(rest)))
        pos -= step
        handle.seek(pos)
        parts = (handle.read(step) + rest).split(b"\n")
        if seeking_end:
            parts.pop()  # what follows the last newline: nothing, or an unfinished line
            if not parts:
                rest = b""
                continue
            seeking_end = False
        rest = parts.pop(0) if pos > 0 else b""
        yield from (raw for raw in reversed(parts) if raw.strip())


def append_entries(folder: Path, entries: list[dict[str, Any]], last_seq: int) -> list[dict[str, Any]]:
    """Append ``entries`` in one write, numbered after ``last_seq`` (call under
    the campaign lock). Entries appended together are one commit: each carries
    ``commit``, the ``seq`` of the first."""
    for number, entry in enumerate(entries, start=last_seq + 1):
        entry["seq"] = number
        if len(entries) > 1:
            entry["commit"] = last_seq + 1
    append_lines(log_path(folder), [json.dumps(e, ensure_ascii=False, separators=(",", ":")) for e in entries])
    return entries


def read_log(root: Path, name: str, limit: int | None = None) -> list[dict[str, Any]]:
    """The log of campaign ``name``, oldest first; ``limit`` keeps the newest ``limit`` entries."""
    from rolecli.campaign.paths import existing_campaign

    from rolecli.campaign.files import flush_held

    folder = existing_campaign(root, name)
    flush_held(folder)  # a batch's changes held for a group commit are in the log first
    entries = read_entries(folder)
    if limit is not None:
        entries = entries[-limit:] if limit > 0 else []
    return entries
