"""Group commit: the changes consecutive lines of a ``batch`` make to one
campaign share one commit, as a database groups transactions.

A commit costs three fsyncs (the log entry, the state file, the folder: see
:mod:`.commit`), which on a real disk cost far more than the change itself.
Inside :func:`grouped`, a transaction on a campaign keeps its lock and its
:class:`~.commit.Draft` open after it ends: the next transaction on it works on
the same draft, and their log entries are appended together — one commit, so a
crash leaves all of them or none — with the files written once after them.

What this gives up, and what it does not:

- consistency is kept: the entries are the commit point as ever, and they are
  never on disk after the files they change, so the next command finishes or
  rolls back a crash exactly as for one change;
- a crash loses the changes of a group not yet committed, although their lines
  printed their results: at most :data:`MAX_ENTRIES` changes, or
  :data:`MAX_SECONDS` of them;
- other processes wait for the lock at most that long: a group is committed
  and its lock released when it reaches either bound, when a command touches
  another campaign (one lock at a time, so two batches never wait on each
  other), before any other kind of command locks or reads the campaign
  (``undo``, ``log``, ``character show``...: :func:`.files.flush_held`), before
  the batch waits for its next line, and when the batch ends.
"""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path
from typing import Any, Iterator

from rolecli.campaign.commit import Draft, open_locked
from rolecli.campaign.files import campaign_lock, held_changes
from rolecli.campaign.snapshot import Systems

MAX_ENTRIES = 100
MAX_SECONDS = 0.25


class Group:
    """One campaign's open group: its lock, its draft, the entries not yet committed."""

    def __init__(self, folder: Path, systems: Systems):
        self.folder, self.key, self.systems = Path(folder), os.path.realpath(folder), systems
        self._lock = campaign_lock(self.folder)
        self._lock.__enter__()
        try:
            self._draft: Draft | None = open_locked(self.folder, systems)
        except BaseException:
            self._lock.__exit__(None, None, None)
            raise
        self.pending: list[dict[str, Any]] = []
        self.started = time.monotonic()

    @property
    def draft(self) -> Draft:
        if self._draft is None:  # other code changed the files since: read them again (the lock is ours)
            self._draft = open_locked(self.folder, self.systems)
        return self._draft

    def add(self, entries: list[dict[str, Any]]) -> None:
        for entry in entries:  # numbered now, as their commit will number them, so the command can say which
            entry["seq"] = self.draft.last_seq + len(self.pending) + 1
            self.pending.append(entry)
        held_changes[self.key] = self._flush_for_others

    def full(self) -> bool:
        return len(self.pending) >= MAX_ENTRIES or time.monotonic() - self.started >= MAX_SECONDS

    def commit(self) -> None:
        held_changes.pop(self.key, None)
        if self.pending:
            entries, self.pending = self.pending, []
            self.draft.commit(entries)

    def _flush_for_others(self) -> None:
        self.commit()
        self._draft = None

    def close(self) -> None:
        try:
            self.commit()
        finally:
            self._lock.__exit__(None, None, None)


_open: dict[str, Group] | None = None  # None: not grouping


@contextlib.contextmanager
def grouped() -> Iterator[None]:
    """Within the block, transactions on a campaign are committed in groups."""
    global _open
    if _open is not None:  # already grouping
        yield
        return
    _open = {}
    try:
        yield
    finally:
        try:
            commit_all()
        finally:
            _open = None


def commit_all() -> None:
    """Commit every open group and release its lock (the batch waits for input, or ends)."""
    if not _open:
        return
    groups = list(_open.values())
    _open.clear()
    failure: BaseException | None = None
    for group in groups:
        try:
            group.close()
        except BaseException as exc:  # close every group, then report the first failure
            failure = failure or exc
    if failure is not None:
        raise failure


def group_for(folder: Path, systems: Systems) -> Group | None:
    """The open group of the campaign in ``folder`` (opened now if need be), or
    None when not grouping. Every other campaign's group is committed first."""
    if _open is None:
        return None
    key = os.path.realpath(folder)
    for other in [k for k in _open if k != key]:
        _open.pop(other).close()
    if key not in _open:
        _open[key] = Group(folder, systems)
    return _open[key]


def added(group: Group, entries: list[dict[str, Any]]) -> None:
    """A transaction's entries joined ``group``; commit it if it is full."""
    group.add(entries)
    if group.full() and _open is not None:
        _open.pop(group.key, None)
        group.close()
