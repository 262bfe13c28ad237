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
  :data:`MAX_SECONDS` of them.

The rules that keep a group from going stale or holding on:

- a line that fails leaves the draft as it was before it (a group it opened,
  holding nothing, is closed at once);
- any other code that locks or reads the campaign (``undo``, ``log``,
  ``character show``, ``character set``... :func:`.files.flush_held`) first has
  the group committed and closed, lock and all; the next grouped change opens
  a new group, on the files as they are then;
- a group is committed and closed when it reaches :data:`MAX_ENTRIES` changes,
  or when it is :data:`MAX_SECONDS` old: a timer thread sees to that while the
  batch runs a long line (a big roll, odds...), so another terminal waits for
  the lock at most that long (plus the one change being computed, as it would
  for any single command); also when a command touches another campaign (one
  lock at a time, so two batches never wait on each other), before the batch
  waits for its next line, and when the batch ends.

Every change to a group (opening it, adding a change, committing it) happens
under one mutex, which the timer thread takes too; a change being computed
(the transaction's body) runs outside it, on the draft as the group's last
change left it, so the timer may commit the group meanwhile.
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from pathlib import Path
from typing import Any, Callable, Iterator

from rolecli.campaign.commit import Draft, open_locked
from rolecli.campaign.files import campaign_lock, held_changes
from rolecli.campaign.snapshot import Systems

MAX_ENTRIES = 100
MAX_SECONDS = 0.25

_mutex = threading.RLock()
_open: dict[str, "Group"] | None = None  # None: not grouping
_failures: list[BaseException] = []  # a commit the timer thread could not make, for the batch to report


class Group:
    """One campaign's open group: its lock, its draft, the entries not yet committed."""

    def __init__(self, folder: Path, systems: Systems):
        self.folder, self.key = Path(folder), os.path.realpath(folder)
        self._lock = campaign_lock(self.folder)
        self._lock.__enter__()
        try:
            self.draft: Draft = open_locked(self.folder, systems)
        except BaseException:
            self._lock.__exit__(None, None, None)
            raise
        self.pending: list[dict[str, Any]] = []
        self.busy = False  # a change is being computed on the draft
        self.closed = False
        self.started = time.monotonic()
        held_changes[self.key] = self._flush_for_others
        self._timer = threading.Timer(MAX_SECONDS, self._due)
        self._timer.daemon = True
        self._timer.start()

    def add(self, apply: Callable[[], None], entries: list[dict[str, Any]]) -> None:
        """Make the draft hold a change (``apply``) and keep its entries; a
        failure leaves the draft as it was."""
        with _mutex:
            kept = self.draft.checkpoint()
            try:
                apply()
            except BaseException:
                self.draft.rollback(kept)
                raise
            for entry in entries:  # numbered now, as their commit will number them, so the command can say which
                entry["seq"] = self.draft.last_seq + len(self.pending) + 1
                self.pending.append(entry)

    def due(self) -> bool:
        return len(self.pending) >= MAX_ENTRIES or time.monotonic() - self.started >= MAX_SECONDS

    def commit(self) -> None:
        with _mutex:
            if self.pending:
                entries, self.pending = self.pending, []
                self.draft.commit(entries)

    def close(self) -> None:
        """Commit, release the lock; the group is done."""
        with _mutex:
            if self.closed:
                return
            self.closed = True
            if _open is not None and _open.get(self.key) is self:
                del _open[self.key]
            self._timer.cancel()
            try:
                self.commit()
            finally:
                self._lock.__exit__(None, None, None)
                if held_changes.get(self.key) == self._flush_for_others:  # after the release: see flush_held
                    del held_changes[self.key]

    def _flush_for_others(self) -> None:
        """Other code is about to lock or read the campaign: commit, and close
        unless a change on the draft is being computed (by the same command)."""
        with _mutex:
            if self.busy:
                self.commit()
            else:
                self.close()

    def _due(self) -> None:
        """The timer: the group is MAX_SECONDS old."""
        with _mutex:
            if self.closed:
                return
            try:
                if self.busy:
                    self.commit()  # closed when the change being computed joins (see joined)
                else:
                    self.close()
            except BaseException as exc:  # the batch reports it (see check_failures)
                _failures.append(exc)


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
            with _mutex:
                _open = None
                _failures.clear()


def commit_all() -> None:
    """Commit every open group and release its lock (the batch waits for input,
    or ends); then report a commit the timer could not make."""
    with _mutex:
        failure: BaseException | None = None
        for group in list((_open or {}).values()):
            try:
                group.close()
            except BaseException as exc:  # close every group, then report the first failure
                failure = failure or exc
        if failure is not None:
            raise failure
    check_failures()


def check_failures() -> None:
    """Raise the first failure of a commit the timer made, if any."""
    with _mutex:
        if _failures:
            failure = _failures.pop(0)
            _failures.clear()
            raise failure


@contextlib.contextmanager
def joined(folder: Path, systems: Systems) -> Iterator[Group | None]:
    """Inside :func:`grouped`, the open group of the campaign in ``folder``
    (opened now if need be; every other campaign's group is committed first)
    for the block to compute one change on; None when not grouping. A block
    that fails leaves nothing held that it brought in."""
    if _open is None:
        yield None
        return
    with _mutex:
        check_failures()
        key = os.path.realpath(folder)
        for other in [g for k, g in _open.items() if k != key]:
            other.close()
        if key not in _open:
            _open[key] = Group(folder, systems)
        group = _open[key]
        group.busy = True
    try:
        yield group
    finally:
        with _mutex:
            group.busy = False
            if _open is not None and _open.get(key) is group and (group.due() or not group.pending):
                group.close()  # full, old, or holding nothing (the line failed): free the lock now
