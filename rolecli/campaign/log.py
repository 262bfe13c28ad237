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
import itertools
import json
import os
import re
import shlex
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Iterator

from rolecli.campaign import files
from rolecli.campaign.files import append_lines
from rolecli.campaign.operations import shape_problem
from rolecli.campaign.paths import LOG_FILE, display_path
from rolecli.campaign.validate import Where
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
    fractions = sys.modules.get("fractions")  # (no Fraction without it: importing it, with decimal, is 1% of a start-up)
    if fractions is not None and isinstance(value, fractions.Fraction):
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
    if not _whole(seq) or seq < 1:
        return f"seq = {json.dumps(seq)} should be a whole number from 1"
    first, last = entry.get("commit", seq), entry.get("commit_end", seq)
    if not _whole(first) or not 1 <= first <= seq:
        return f"commit = {json.dumps(first)} should be the seq of the first entry of its commit (1..{seq})"
    if not _whole(last) or last < seq or ("commit_end" in entry and "commit" not in entry):
        return f"commit_end = {json.dumps(last)} should be the seq of the last entry of its commit, with commit"
    if entry.get("kind") not in KINDS:
        return f"kind = {json.dumps(entry.get('kind'))} should be one of: {', '.join(KINDS)}"
    return shape_problem(entry)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _bad_line(path: Path, number: int, problem: ValueError) -> CampaignError:
    return CampaignError(f"{display_path(path)} line {number}: {problem}; fix or remove that line.")


def _out_of_order(path: Path, first: tuple[int, int], then: tuple[int, int]) -> CampaignError:
    """Two entries, (line, seq) each, the later in the file not numbered after the earlier."""
    return CampaignError(f"{display_path(path)} line {first[0]}: seq = {first[1]} is followed by seq = {then[1]} "
                         f"on line {then[0]}, but entries are numbered in the order they were written; fix or "
                         "remove the line out of order.")


def read_numbered(folder: Path) -> list[tuple[int, dict[str, Any]]]:
    """Every entry of the log with its line number, oldest first. An unfinished
    last line (an append cut short by a crash) is left out; any other bad line,
    or a ``seq`` not above the one before it, is an error naming the file and
    the line. Read a line at a time: only the entries are kept in memory."""
    path = log_path(folder)
    numbered: list[tuple[int, dict[str, Any]]] = []
    try:
        with open(path, "rb") as handle:
            for number, raw in enumerate(handle, start=1):
                if not raw.endswith(b"\n"):
                    break  # the unfinished last line
                if not raw.strip():
                    continue
                try:
                    entry = _entry(raw)
                except ValueError as exc:
                    raise _bad_line(path, number, exc) from None
                if numbered and entry["seq"] <= numbered[-1][1]["seq"]:
                    raise _out_of_order(path, (numbered[-1][0], numbered[-1][1]["seq"]), (number, entry["seq"]))
                numbered.append((number, entry))
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise CampaignError(f"cannot read {display_path(path)}: {exc.strerror or exc}.") from None
    return numbered


def read_entries(folder: Path) -> list[dict[str, Any]]:
    """Every entry of the log, oldest first (see :func:`read_numbered`)."""
    return [entry for _, entry in read_numbered(folder)]


def line_of(folder: Path, offset: int) -> int:
    """The line number of the line that starts at byte ``offset`` of the log,
    counted a chunk at a time (only messages need it)."""
    count = 1
    with open(log_path(folder), "rb") as handle:
        while offset > 0:
            chunk = handle.read(min(offset, 1 << 20))
            if not chunk:
                break
            count += chunk.count(b"\n")
            offset -= len(chunk)
    return count


class EntryWhere(Where):
    """Where the values of the log entry at byte ``offset`` came from, for
    messages: ``<prefix>campaigns/demo/log.jsonl line N``, the line counted
    only when a message is written (counting reads the log up to there)."""

    def __init__(self, folder: Path, offset: int, prefix: str = ""):
        super().__init__()
        self._folder, self._offset, self._prefix = folder, offset, prefix

    @property  # type: ignore[override]
    def label(self) -> str:
        return f"{self._prefix}{display_path(log_path(self._folder))} line {line_of(self._folder, self._offset)}"

    @label.setter
    def label(self, value: str | None) -> None:  # Where.__init__ sets it; this label is computed instead
        pass


def entries_backwards(folder: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """The log's entries newest first, each with the byte offset of its line,
    read a chunk at a time from the end: the newest entries cost the same in a
    log of any size. The unfinished last line a crash may leave is left out.
    Every line read is checked (a bad one, or a ``seq`` not below the one
    after it, is an error naming the file and the line); reading stops where
    the caller stops."""
    path = log_path(folder)
    try:
        handle = open(path, "rb")
    except FileNotFoundError:
        return
    except OSError as exc:
        raise CampaignError(f"cannot read {display_path(path)}: {exc.strerror or exc}.") from None
    with handle:
        after: tuple[int, int] | None = None  # (offset, seq) of the entry read before, the next in the file
        for offset, raw in _lines_backwards(handle, _whole_end(handle)):
            try:
                entry = _entry(raw)
            except ValueError as exc:
                raise _bad_line(path, line_of(folder, offset), exc) from None
            if after is not None and entry["seq"] >= after[1]:
                raise _out_of_order(path, (line_of(folder, offset), entry["seq"]),
                                    (line_of(folder, after[0]), after[1]))
            after = (offset, entry["seq"])
            yield offset, entry


def _whole_end(handle) -> int:
    """The offset just after the log's last newline: where its whole lines end."""
    size = handle.seek(0, os.SEEK_END)
    pos = size
    while pos > 0:
        step = min(pos, _TAIL)
        pos -= step
        handle.seek(pos)
        at = handle.read(step).rfind(b"\n")
        if at >= 0:
            return pos + at + 1
    return 0


def _lines_backwards(handle, end: int) -> Iterator[tuple[int, bytes]]:
    """(offset, line) for the lines of the file before ``end`` (just after a
    newline), newest first, blank lines left out; read a chunk at a time."""
    pos, carry = end, b""  # carry: the bytes from pos up to the oldest line given so far
    while pos > 0:
        step = min(pos, max(_TAIL, len(carry)))  # a line longer than a chunk: double the reads
        pos -= step
        handle.seek(pos)
        carry = handle.read(step) + carry
        cut = carry.find(b"\n") + 1 if pos > 0 else 0  # before cut: maybe part of a line
        if pos > 0 and cut == 0:
            continue
        lines, offsets, at = carry[cut:-1].split(b"\n"), [], pos + cut
        for raw in lines:
            offsets.append(at)
            at += len(raw) + 1
        yield from ((o, raw) for o, raw in zip(reversed(offsets), reversed(lines)) if raw.strip())
        carry = carry[:cut]


class Tail:
    """The end of the log, as recovery reads it."""

    __slots__ = ("commit", "cut", "cut_what")  # (no dataclass, made at import: icount, start-up 0.25% less)

    def __init__(self, commit: list[tuple[int, dict[str, Any]]], cut: int | None = None, cut_what: str = ""):
        self.commit = commit  # the newest whole commit, oldest first, each with its offset
        self.cut = cut  # where the log must be cut: what follows was never committed
        self.cut_what = cut_what  # what is cut, for the message


def tail(folder: Path) -> Tail:
    """The newest whole commit, and where to cut what a crash (or a copy made
    mid-write) left after it: an unfinished last line, and the lines of a
    commit whose last lines are missing (the entries appended together carry
    ``commit`` and ``commit_end``, the ``seq`` of the first and of the last),
    so a commit is taken whole or not at all."""
    path = log_path(folder)
    try:
        with open(path, "rb") as handle:
            size = handle.seek(0, os.SEEK_END)
            end = _whole_end(handle)
    except FileNotFoundError:
        return Tail([])
    except OSError as exc:
        raise CampaignError(f"cannot read {display_path(path)}: {exc.strerror or exc}.") from None
    found = Tail([], end, f"an unfinished last line ({size - end} bytes)") if size > end else Tail([])
    skipping: int | None = None  # the first seq of a commit cut short, while its lines are read
    for number, (offset, entry) in enumerate(entries_backwards(folder)):
        seq = entry["seq"]
        if number == 0 and entry.get("commit_end", seq) > seq:  # the last lines of its commit are missing
            skipping = entry["commit"]
            found.cut_what = f"the lines of commit #{skipping}, whose last lines are missing"
        if skipping is not None and seq >= skipping:
            found.cut = offset
            continue
        found.commit.append((offset, entry))
        if entry.get("commit", seq) >= seq:
            break
    found.commit.reverse()
    return found


def last_seq(folder: Path) -> int:
    """The ``seq`` of the newest whole entry of the log (0 for none)."""
    return next((entry["seq"] for _, entry in entries_backwards(folder)), 0)


def cut(folder: Path, offset: int) -> None:
    """Cut the log at byte ``offset`` (what follows was never committed); call
    it under the campaign lock."""
    files.cut(log_path(folder), offset)


def append_entries(folder: Path, entries: list[dict[str, Any]], last_seq: int) -> list[dict[str, Any]]:
    """Append ``entries`` in one write, numbered after ``last_seq`` (call under
    the campaign lock). Entries appended together are one commit: each carries
    ``commit`` and ``commit_end``, the ``seq`` of the first and of the last, so
    that a commit cut short is known to be one."""
    for number, entry in enumerate(entries, start=last_seq + 1):
        entry["seq"] = number
        if len(entries) > 1:
            entry["commit"], entry["commit_end"] = last_seq + 1, last_seq + len(entries)
    append_lines(log_path(folder), [json.dumps(e, ensure_ascii=False, separators=(",", ":")) for e in entries])
    return entries


def read_log(root: Path, name: str, limit: int | None = None, since: Since | None = None) -> list[dict[str, Any]]:
    """The log of campaign ``name``, oldest first; ``limit`` keeps the newest
    ``limit`` entries and ``since`` those from a point on, both read from the
    end of the file (so they cost what they keep, on a log of any size)."""
    from rolecli.campaign.paths import existing_campaign

    from rolecli.campaign.files import flush_held

    folder = existing_campaign(root, name)
    flush_held(folder)  # a batch's changes held for a group commit are in the log first
    if limit is None and since is None:
        return read_entries(folder)
    newest = (entry for _, entry in entries_backwards(folder))
    if since is not None:
        newest = itertools.takewhile(since.holds, newest)
    if limit is not None:
        newest = itertools.islice(newest, max(limit, 0))
    return list(newest)[::-1]


class Since:
    """Where ``log --since``/``--last`` starts: an entry's ``seq``, or a moment.
    Read from the end, the log is kept back to the first entry before it (a
    clock set back by hand shows as the end of what is kept)."""

    __slots__ = ("seq", "moment")  # (no NamedTuple, made at import: icount, start-up 0.12% less)

    def __init__(self, seq: int | None = None, moment: datetime | None = None):
        self.seq, self.moment = seq, moment

    def holds(self, entry: dict[str, Any]) -> bool:
        if self.seq is not None:
            return entry["seq"] >= self.seq
        try:
            when = datetime.fromisoformat(entry.get("time", ""))
        except (TypeError, ValueError):
            return True  # a time written by hand that is no time: kept, not a reason to stop
        if when.tzinfo is None:
            when = when.astimezone()
        return when >= self.moment


_SPAN = r"(\d{1,6})\s*(m|min|h|d|w)"  # compiled by re when a span is read
_UNITS = {"m": "minutes", "min": "minutes", "h": "hours", "d": "days", "w": "weeks"}


def since_option(since: str | None, last: str | None) -> Since | None:
    """``--since`` (an entry's number, ``12`` or ``#12``, or a date and time in
    ISO form, local time unless it gives its offset) and ``--last`` (a span back
    from now: ``90m``, ``3h``, ``2d``, ``1w``) as a :class:`Since`; both: the later."""
    points: list[Since] = []
    if since is not None:
        text = since.strip().removeprefix("#")
        if text.isdigit():
            points.append(Since(seq=int(text)))
        else:
            try:
                moment = datetime.fromisoformat(since.strip())
            except ValueError:
                raise CampaignError(f"--since {since!r}: give a log entry's number (12 or #12) or a date and time "
                                    "(2026-11-29 or 2026-11-29T18:00).") from None
            points.append(Since(moment=moment if moment.tzinfo else moment.astimezone()))
    if last is not None:
        match = re.fullmatch(_SPAN, last.strip(), re.IGNORECASE)
        if not match:
            raise CampaignError(f"--last {last!r}: give a span of time back from now: a number and m, h, d or w "
                                "(90m, 3h, 2d, 1w).")
        span = timedelta(**{_UNITS[match.group(2).lower()]: int(match.group(1))})
        try:
            points.append(Since(moment=datetime.now().astimezone() - span))
        except OverflowError:  # further back than a calendar goes: the whole log
            points.append(Since(moment=datetime.min.replace(tzinfo=timezone.utc)))
    if len(points) == 2 and points[0].seq is not None:
        raise CampaignError("--since an entry's number and --last together: give one of them.")
    return max(points, key=lambda p: p.moment) if points else None
