"""Write-ahead commits, and finishing the one a crash interrupted.

A change is committed when its log entry is on disk. Every command that
writes does it in this order, under the campaign lock:

1. compute and check everything (new state, new campaign.toml text), in memory;
2. append the entry to log.jsonl, flush and fsync: **the commit point**;
3. replace campaign.toml, then state.toml, each atomically (temporary file,
   fsync, rename);
4. fsync the campaign folder.

Opening a campaign under its lock (:func:`open_locked`) first finishes what a
crash left half done, with the same table of operations ``undo`` uses
(:mod:`.operations`): for each file the newest commit changes, if the file
still holds the entry's ``before`` — and was not written after the entry, so
it is not a hand edit — it is given the entry's ``after``. It then removes
stale temporary files. Whatever instant a crash hits, the next command finds
a campaign equal to the replay of its log.

A torn end of the log (an unfinished last line, or a commit of several entries
whose last lines are missing: see :func:`.log.tail`) is cut off and reported,
and nothing is rolled forward then: an append starts only once the commit
before it is written, so the files hold that commit already, or something
newer — an undo whose line was torn, which rolling forward would take back.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Iterator, Mapping

from rolecli.campaign import log as logbook
from rolecli.campaign import sheets
from rolecli.campaign.files import atomic_write, has_stale_temps, remove_stale_temps, sync_folder
from rolecli.campaign.operations import steps
from rolecli.campaign.paths import display_path
from rolecli.campaign.snapshot import Snapshot, Systems, parse_campaign, read_snapshot, remember
from rolecli.errors import CampaignError


class Draft:
    """A campaign's files as one commit will leave them: a snapshot changed in
    memory, then written by :meth:`commit`. Use it under the campaign lock."""

    def __init__(self, snap: Snapshot, last_seq: int, systems: Systems):
        self.snap = snap
        self.last_seq = last_seq  # the newest entry of the log
        self.systems = systems
        self._campaign = self._state = False  # which files to write

    @property
    def folder(self) -> Path:
        return self.snap.folder

    def checkpoint(self) -> tuple[Snapshot, bool, bool]:
        """What :meth:`rollback` brings the draft back to (snapshots never change in place)."""
        return self.snap, self._campaign, self._state

    def rollback(self, kept: tuple[Snapshot, bool, bool]) -> None:
        self.snap, self._campaign, self._state = kept

    # --- state.toml -------------------------------------------------------------

    def set_state(self, name: str, table: dict[str, Any] | None) -> None:
        """Keep ``table`` as the state of ``name`` (None: no table, so a new
        character's state)."""
        new = self.snap.with_state(name, table)
        if new is not self.snap:
            self.snap, self._state = new, True

    def set_scene(self, table: dict[str, Any]) -> None:
        """Keep ``table`` as the campaign's scene (its conflict and effects)."""
        if table != self.snap.scene:
            self.snap, self._state = self.snap.with_scene(table), True

    # --- campaign.toml ----------------------------------------------------------

    def edit_sheet(self, name: str, sets: Mapping[str, Any], deletes: list, sheet: dict[str, Any]) -> None:
        """Set and delete sheet values of ``name``, which must then be ``sheet``."""
        text = self._edited(lambda t: sheets.set_values(t, name, sets, deletes), f"change the sheet of {name!r}")
        self._replace_text(text, {name: sheet}, f"change the sheet of {name!r}")

    def insert_character(self, name: str, sheet: dict[str, Any], block: str | None, at: int | None) -> None:
        """Add character ``name``: its table ``block`` put back where it was
        removed from when that still fits, else rendered and appended."""
        if block is not None and at is not None:
            try:
                self._replace_text(sheets.insert(self.snap.text, block, at), {name: sheet}, f"add {name!r}")
                return
            except (CampaignError, ValueError):  # the file around it changed: at the end instead
                pass
        block = sheets.render_character(name, sheet, sheets.newline(self.snap.text))
        self._replace_text(sheets.append(self.snap.text, block), {name: sheet}, f"add {name!r}")

    def remove_character(self, name: str) -> None:
        """Remove character ``name``'s tables, with the comments right above them."""
        text = sheets.remove_tables(self.snap.text, sheets.character_key(name))[0]
        self._replace_text(text, {name: None}, f"remove {name!r}")

    def rename_character(self, old: str, new: str) -> None:
        sheet = self.snap.sheets.get(old)
        text = self._edited(lambda t: sheets.rename_character(t, old, new), f"rename {old!r}")
        self._replace_text(text, {old: None, new: sheet}, f"rename {old!r}")

    def set_rule(self, key: str, value: Any) -> None:
        """Set rule option ``key`` in campaign.toml's [rules] (None: remove it, so its default applies)."""
        rules = {k: v for k, v in self.snap.doc.get("rules", {}).items() if k != key}
        if value is not None:
            rules[key] = value
        text = self._edited(lambda t: sheets.set_rule(t, key, value), f"set rule {key!r}")
        self._replace_text(text, {}, f"set rule {key!r}", {"rules": rules})

    def replace_campaign(self, data: bytes) -> None:
        """campaign.toml becomes ``data`` (a hand edit, already checked)."""
        self.snap = self.snap.with_campaign(parse_campaign(self.folder, data, self.systems))
        self._campaign = True

    def _edited(self, edit, what: str) -> str:
        try:
            return edit(self.snap.text)
        except Exception as exc:  # tomlkit cannot edit every layout TOML allows
            raise CampaignError(f"cannot {what} in {display_path(self.snap.campaign_file)} ({exc}); "
                                "make the change by hand.") from None

    def _replace_text(self, text: str, meant: Mapping[str, dict[str, Any] | None], what: str,
                      settings_meant: Mapping[str, Any] = MappingProxyType({})) -> None:
        """campaign.toml becomes ``text`` if it parses, passes every check, gives
        each character of ``meant`` exactly that sheet (None: no such character),
        each top-level setting of ``settings_meant`` exactly that value, and
        leaves everything else as it was."""
        path = self.snap.campaign_file
        data = sheets.encode(self.snap.raw, text)
        try:
            new = parse_campaign(self.folder, data, self.systems)
        except CampaignError as exc:
            raise CampaignError(f"cannot {what} in {display_path(path)} without breaking it ({exc}); "
                                "make the change by hand.") from None
        old = self.snap
        others = {n: s for n, s in old.sheets.items() if n not in meant}
        settings = {k: v for k, v in old.doc.items() if k != "characters"} | dict(settings_meant)
        if ({n: s for n, s in new.sheets.items() if n not in meant} != others
                or any(new.sheets.get(n) != s for n, s in meant.items())
                or {k: v for k, v in new.doc.items() if k != "characters"} != settings):
            raise CampaignError(f"cannot {what} in {display_path(path)} safely: the result would not be exactly "
                                "what was asked; make the change by hand.")
        self.snap = old.with_campaign(new)
        self._campaign = True

    # --- writing ----------------------------------------------------------------

    def commit(self, entries: list[dict[str, Any]]) -> Snapshot:
        """Append ``entries`` (the commit point), then write the files they change."""
        if not entries:
            return self.snap
        newest = logbook.last_seq(self.folder)
        if newest != self.last_seq:  # a bug, or the log edited meanwhile: never number two entries alike
            raise CampaignError(f"{display_path(logbook.log_path(self.folder))} changed while this command held the "
                                f"campaign (its newest entry is #{newest}, not #{self.last_seq}); nothing was "
                                "written: run the command again.")
        logbook.append_entries(self.folder, entries, self.last_seq)
        self.last_seq = entries[-1]["seq"]
        try:
            self.write()
        except CampaignError as exc:
            raise CampaignError(f"{exc} The change is in the log (#{self.last_seq}): the next rolecli command "
                                "on this campaign finishes writing it.") from None
        return self.snap

    def write(self) -> None:
        """Replace the files changed (campaign.toml first), then fsync the folder."""
        if self._campaign:
            atomic_write(self.snap.campaign_file, self.snap.raw, sync=False)
        if self._state:
            atomic_write(self.snap.state_file, self.snap.state_bytes(), sync=False)
        if self._campaign or self._state:
            sync_folder(self.folder)
        self._campaign = self._state = False
        remember(self.snap)


def open_locked(folder: Path, systems: Systems) -> Draft:
    """The campaign in ``folder``, read and checked, with any commit a crash
    interrupted finished. Call it holding the campaign lock."""
    snap = read_snapshot(folder, systems)
    end = logbook.tail(folder)
    draft = Draft(snap, end.commit[-1][1]["seq"] if end.commit else 0, systems)
    if end.cut is not None:
        _cut_off(folder, end)
    for (offset, _), part, who, change in _unfinished(folder, end, lambda: draft.snap):
        part.apply(draft, who, change, "after", logbook.EntryWhere(folder, offset))
    draft.write()
    remove_stale_temps(folder)
    return Draft(draft.snap, draft.last_seq, systems)


def _cut_off(folder: Path, end: logbook.Tail) -> None:
    """Cut off what follows the newest whole commit, and say so: it was never
    committed. Nothing older is rolled forward: an append starts only once the
    commit before it is written, so whatever the files hold of it (the undo
    whose line was torn, say) is newer than the log, not older."""
    from rolecli.output import note

    line = logbook.line_of(folder, end.cut)
    log = logbook.log_path(folder)
    logbook.cut(folder, end.cut)
    # The cut makes the log newer than the files, which is how a commit interrupted
    # before its files were written looks: the log's time goes back to before the
    # files' of the newest whole commit, so no later command rolls that commit forward.
    written = [_mtime(folder / part.file) for _, entry in end.commit for part, _, _ in steps(entry)]
    written = [t for t in written if t]
    if written and min(written) <= _mtime(log):
        os.utime(log, ns=(time.time_ns(), min(written) - 1))
    note(f"{display_path(logbook.log_path(folder))} line {line}: removed {end.cut_what}, a write cut short "
         "(by a crash, a full disk or a copy made mid-write); it was never committed, and no older change is "
         "applied again.")


def settled(folder: Path, snap: Snapshot) -> bool:
    """Whether ``snap``'s files hold all of the newest commit and no crash left
    a temporary file or an unfinished commit in the log; else (a crash, or a
    command writing right now) open the campaign under its lock."""
    end = logbook.tail(folder)
    return not (has_stale_temps(folder) or end.cut is not None or any(_unfinished(folder, end, lambda: snap)))


def _unfinished(folder: Path, end: logbook.Tail,
                current: Callable[[], Snapshot]) -> Iterator[tuple[tuple[int, dict], Any, str, dict]]:
    """The parts of the newest commit the files do not hold yet, provably: the
    commit is whole and nothing was cut after it, and the file still holds the
    entry's ``before`` and was not written after it. Yields ((offset, entry),
    part, character, change); ``current()`` is the snapshot to compare with (a
    caller that applies each part as it comes gets the next one compared with
    the result: the entries of one commit follow each other)."""
    if end.cut is not None:
        return
    log_time = _mtime(logbook.log_path(folder))
    for at, entry in end.commit:
        for part, who, change in steps(entry):
            if part.differs(current(), who, change, "after") is None:
                continue
            if part.differs(current(), who, change, "before"):
                continue  # neither side: changed by hand since, and the hand edit stands
            if _mtime(folder / part.file) > log_time:
                continue  # written after the entry: the GM put the old value back by hand
            yield (at, entry), part, who, change
def _mtime(path: Path) -> int:
    try:
        return os.stat(path).st_mtime_ns
    except OSError:
        return 0
