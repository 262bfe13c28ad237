"""Campaigns on disk: create, load, record changes, add, change, remove and
rename characters, undo.

Who owns which file:

- ``campaign.toml`` belongs to the GM. rolecli reads it on every command and
  writes it only when asked to (add, set, remove or rename a character, undo
  one of those, or an edit in the GM's editor), keeping every other byte
  (see :mod:`.sheets`).
- ``state.toml`` belongs to rolecli: the state it keeps while playing.
- ``log.jsonl``: every roll and change, appended.

Every command that writes holds the campaign's exclusive lock for its whole
read-modify-write, opens the campaign with :func:`.commit.open_locked` (which
finishes a commit a crash interrupted), makes its change through the table of
operations (:mod:`.operations`) in a :class:`.commit.Draft`, and commits it
write-ahead: the log entry first, then the files.
"""

from __future__ import annotations

import contextlib
import copy
import re
import tomllib
from pathlib import Path
from types import MappingProxyType
from typing import Any, Iterator, Mapping

from rolecli.campaign import log as logbook
from rolecli.campaign import sheets as sheet_text
from rolecli.campaign.commit import Draft, open_locked, settled
from rolecli.campaign.files import atomic_write, campaign_lock, decode, flush_held, read_bytes
from rolecli.campaign.locate import format_key
from rolecli.campaign.operations import (GROUP, UNDO, changes_of, forward, grouped, op_of, operation_of,
                                         reverted_op, reverting, steps, written_as)
from rolecli.campaign.paths import (CAMPAIGN_FILE, CURRENT_FILE, LOCK_FILE, STATE_FILE, campaign_path, check_name,
                                    display_path, existing_campaign)
from rolecli.campaign.snapshot import Snapshot, Systems, campaign_doc, normalize, read_snapshot
from rolecli.campaign.validate import (Where, check_campaign_doc, check_sheet, check_state, dotted, option_problem,
                                      rule_option, show)
from rolecli.contract import Character, Outcome
from rolecli.errors import CampaignError
from rolecli.names import closest, fold

MAX_COUNT = 100  # characters one ``character add --count`` makes


# --- reading -----------------------------------------------------------------


def find_character(names: list[str] | Mapping[str, Any], wanted: str, campaign: str) -> str:
    """The name of the character ``wanted`` refers to: exact, else the only one
    equal without regard to case or accents; else a CampaignError."""
    if wanted in names:
        return wanted
    names = list(names)
    matches = [n for n in names if fold(n) == fold(wanted)]
    if len(matches) == 1:
        return matches[0]
    raise CampaignError(f"campaign {campaign!r} has no character {wanted!r}."
                        + closest(wanted, names, "Characters"))


class Campaign:
    """A read-only snapshot of a campaign, as :func:`load_campaign` returns it."""

    def __init__(self, root: Path, name: str, snap: Snapshot):
        self.root = Path(root)
        self.name = name
        self.dir = snap.folder
        self.system: str = snap.doc["system"]
        self.info = snap.info
        self.title: str | None = snap.doc.get("title")
        self.options: Mapping[str, Any] = MappingProxyType(dict(snap.options))
        self.written_rules: Mapping[str, Any] = MappingProxyType(dict(snap.doc.get("rules", {})))  # [rules] as written
        self._characters = snap.characters
        self.characters: Mapping[str, Character] = MappingProxyType(self._characters)
        self.campaign_file, self.state_file = snap.campaign_file, snap.state_file
        self.log_file = logbook.log_path(self.dir)
        self._scene = copy.deepcopy(snap.scene)

    @property
    def scene(self) -> dict[str, Any]:
        """The campaign's scene (a copy): state.toml's ``[scene]``, its conflict
        and the effects in force (see :mod:`rolecli.conflict`)."""
        return copy.deepcopy(self._scene)

    def character(self, name: str) -> Character:
        """A character by name (case and accents ignored when unambiguous);
        an unknown name lists the characters and the closest match."""
        return self._characters[find_character(self._characters, name, self.name)]

    def __repr__(self) -> str:
        return f"<Campaign {self.name!r} system={self.system!r} characters={list(self._characters)}>"


def system_of(root: Path, name: str) -> str:
    """The rule system campaign ``name`` names, read without checking the rest
    (to know which plugin to load before loading the campaign)."""
    folder = existing_campaign(root, name)
    path = folder / CAMPAIGN_FILE
    raw = read_bytes(path)
    if raw is None:  # pragma: no cover - removed in between
        raise CampaignError(f"{display_path(path)} is missing.")
    doc = campaign_doc(folder, raw)
    if not isinstance(doc.get("system"), str):
        where = Where(path, decode(path, raw))
        if "system" not in doc:
            raise where.error(("system",), 'no rule system given: add a line such as system = "dice" '
                              "before the first [table].", show_key=False)
        raise where.error(("system",), f'= {show(doc["system"])} should be the name of a rule system in quotes.')
    return doc["system"]


def load_campaign(root: Path, name: str, systems: Systems) -> Campaign:
    """Read and check campaign ``name``; ``systems(name)`` returns a system's
    SystemInfo and raises for an unknown one. Reading takes no lock, unless a
    crash left something to finish or clean (or a writer is at work): then it
    waits for the lock and finishes it first."""
    folder = existing_campaign(root, name)
    flush_held(folder)  # a batch's changes still held for a group commit are written first
    snap = read_snapshot(folder, systems)
    if not settled(folder, snap):
        with campaign_lock(folder):
            snap = open_locked(folder, systems).snap
    return Campaign(root, name, snap)


@contextlib.contextmanager
def _opened(root: Path, name: str, systems: Systems) -> Iterator[Draft]:
    """Campaign ``name`` locked and opened for a change."""
    folder = existing_campaign(root, name)
    with campaign_lock(folder):
        yield open_locked(folder, systems)


def _perform(draft: Draft, entry: dict[str, Any], where: Where) -> Snapshot:
    """Make ``entry``'s changes (through the table of operations), then commit it."""
    for part, who, change in steps(entry):
        part.apply(draft, who, change, "after", where)
    return draft.commit([entry])


# --- recording what happens --------------------------------------------------


class WorkingCopies(Mapping[str, Character]):
    """The characters a verb works on, each copied the first time it is looked
    at: on a campaign of 2,000 characters a verb copies the few it touches.
    What is written is what the verb's outcomes name, never a copy a hook edited in place."""

    def __init__(self, characters: Mapping[str, Character]):
        self._source = characters
        self._copies: dict[str, Character] = {}

    def __getitem__(self, name: str) -> Character:
        copied = self._copies.get(name)
        if copied is None:
            original = self._source[name]
            copied = Character(original.name, copy.deepcopy(original.sheet), copy.deepcopy(original.state))
            self._copies[name] = copied
        return copied

    def __iter__(self) -> Iterator[str]:
        return iter(self._source)

    def __len__(self) -> int:
        return len(self._source)

    def __contains__(self, name: object) -> bool:
        return name in self._source

    def looked_at(self) -> set[str]:
        """The characters a verb has looked at so far: the only ones it may change."""
        return set(self._copies)


_bare = object.__new__  # an object of a class, none of its fields set


class SharedCharacters:
    """Characters that many plays in memory start from, none of them written (a
    simulation's trials): each play's :meth:`copies` share their sheets and
    states, so that a trial copies nothing and what a system works out from a
    sheet once holds for every trial. A hook that breaks the contract and edits
    one of them in place has that edit undone by :meth:`restore` after each
    play, so no play sees another's, as on copies of its own."""

    def __init__(self, characters: Mapping[str, Character]):
        self.characters = characters
        self._tables = [c.sheet for c in characters.values()] + [c.state for c in characters.values()]
        self._kept = copy.deepcopy(self._tables)  # as they were, each table in its place
        # each character with its copy, made once, its fields set by copies
        self._copies = [(c, _bare(Character)) for c in characters.values()]
        self._by_name = {name: copied for name, (_, copied) in zip(characters, self._copies)}

    def copies(self) -> dict[str, Character]:
        """Copies for one play, each sharing its original's sheet and state: a
        hook never changes a character in place, and the new state an outcome
        gives is set as a new table (:func:`rolecli.play.apply_changes`), so
        nothing needs copying. A plain dict, not :class:`WorkingCopies`: a
        trial looks its characters up some twenty times an exchange, and
        nothing it changes is written, so what a verb looked at is not kept (a
        hook may change any of the encounter's characters, as it may those of
        the conflict's order). The same copies for every play, one play after
        another (a simulation's trials): each set again as its original stands
        (the play before is over, its states dropped), in a dict of its own; no
        object made and freed for each character at every trial (icount: a
        dice trial 0.8% less, giro 0.6%, middle and alternity 0.25%)."""
        for c, copied in self._copies:
            # its fields set as Character's __init__ sets them, without the call of that __init__ (a test holds
            # each copy equal to the Character made by its __init__, should the contract give it another field)
            copied.name, copied.sheet, copied.state = c.name, c.sheet, c.state
        return dict(self._by_name)

    def restore(self) -> None:
        """Every shared sheet and state as it was (the same tables: a system may
        key what it worked out by them). All compared at once, in one
        comparison of two lists, before any is walked on its own: a trial
        changes none of them (icount: a dice trial 0.15% less)."""
        if self._tables == self._kept:
            return
        for table, kept in zip(self._tables, self._kept):
            if table != kept:
                table.clear()
                table.update(copy.deepcopy(kept))


class Transaction(Campaign):
    """The campaign inside ``with transaction(...)``: a snapshot plus
    :meth:`record`. Nothing is written until the block ends without an error."""

    def __init__(self, root: Path, name: str, draft: Draft, command: str | None):
        super().__init__(root, name, draft.snap)
        self._draft = draft
        self._command = command
        self._characters = dict(draft.snap.characters)  # record() replaces the ones it changes
        self.characters = MappingProxyType(self._characters)
        self._pending: list[dict[str, Any]] = []
        self._closed = False

    def working_copies(self) -> WorkingCopies:
        """Copies of the characters for a verb to change (see :class:`WorkingCopies`)."""
        return WorkingCopies(self.characters)

    def record(self, outcome: Outcome, kind: str = "change", summary: str = "",
               scene: dict[str, Any] | None = None) -> dict[str, Any]:
        """Apply ``outcome.changes`` (the new state of each character named) and log it.
        ``scene``: the campaign's new scene (its conflict and effects), if it changed.

        A state field of the template that the new state leaves out keeps its
        current value (a plugin may return only what changed); any other key
        left out, or set to ``None``, is removed.

        ``kind`` is ``"change"`` or ``"roll"``; an outcome with changes is
        logged as ``"change"`` either way, so that it can be undone. Returns
        the log entry (its ``seq`` is set when the block ends).
        """
        if self._closed:
            raise RuntimeError("record() called after the transaction ended")
        if kind not in ("roll", "change"):
            raise ValueError(f"record kind must be 'roll' or 'change', not {kind!r}")
        changes: dict[str, dict[str, Any]] = {}
        for name, new in (outcome.changes or {}).items():
            if name not in self._characters:
                raise CampaignError(f"the outcome changes {name!r}, who is not a character of campaign "
                                    f"{self.name!r}." + closest(name, list(self._characters), "Characters"))
            if not isinstance(new, Mapping):
                raise CampaignError(f"the outcome's new state of {name!r} is not a table: {new!r}.")
            before = self._characters[name].state
            kept = {f.key: before[f.key] for f in self.info.template if f.state and f.key in before}
            after = normalize({**kept, **new}, f"new state of {name}")
            check_state(self.info, after, Where(label=f"new state of {name}"), ())
            changes[name] = {"before": copy.deepcopy(before), "after": after}
        extra: dict[str, Any] = {"op": "state", "changes": changes} if changes else {}
        if scene is not None:
            scene = normalize(scene, "the scene")
            if scene != self._scene:
                extra.update(op="state", scene={"before": self._scene, "after": scene})
                self._scene = copy.deepcopy(scene)
        entry = logbook.make_entry("change" if extra else kind, self._command, summary, outcome.data, **extra)
        for name, change in changes.items():
            old = self._characters[name]
            self._characters[name] = Character(name, old.sheet, copy.deepcopy(change["after"]))
        self._pending.append(entry)
        return entry

    def _apply(self) -> None:
        """Make the draft hold what was recorded (the files are written by its commit)."""
        self._closed = True
        for entry in self._pending:
            for part, who, change in steps(entry):
                part.apply(self._draft, who, change, "after", Where(label=f"new state of {who}"))


@contextlib.contextmanager
def transaction(root: Path, name: str, systems: Systems, command: str | None = None) -> Iterator[Transaction]:
    """Lock campaign ``name`` for a whole read-modify-write.

    The block gets a :class:`Transaction`; what it records is committed when
    the block ends (the log entries, then state.toml). An exception inside the
    block writes nothing. ``command`` is the command line logged (default: this
    process's arguments).
    """
    from rolecli.campaign.group import joined  # (here: a command that only reads a campaign needs no batch's group)

    folder = existing_campaign(root, name)
    with joined(folder, systems) as group:  # inside a batch: changes share commits (see .group)
        with contextlib.nullcontext(group.draft) if group else _opened(root, name, systems) as draft:
            txn = Transaction(root, name, draft, command)
            try:
                yield txn
            finally:
                txn._closed = True
            if group is None:
                txn._apply()
                draft.commit(txn._pending)
            else:
                group.add(txn._apply, txn._pending)


# --- creating and choosing ------------------------------------------------------


def create_campaign(root: Path, name: str, info, title: str | None = None) -> Path:
    """Create campaign ``name`` with a commented campaign.toml (every rule
    option with its default and help, an example character); refuse a name in
    use. Returns the campaign's folder. A failure leaves no folder behind."""
    from rolecli.campaign.template import campaign_template

    folder = campaign_path(root, name)
    text = campaign_template(name, info, title)
    check_campaign_doc(tomllib.loads(text), Where(label="new campaign.toml"), lambda _: info)
    taken = CampaignError(f"campaign {name!r} already exists in {display_path(root)}; choose another name.")
    created = not folder.exists()
    try:
        Path(root).mkdir(parents=True, exist_ok=True)
        folder.mkdir(exist_ok=True)
    except OSError as exc:
        raise CampaignError(f"cannot create {display_path(folder)}: {exc.strerror or exc}.") from None
    try:
        if any(p.name != LOCK_FILE for p in folder.iterdir()):
            raise taken
        with campaign_lock(folder):
            if (folder / CAMPAIGN_FILE).exists():
                raise taken
            atomic_write(folder / CAMPAIGN_FILE, text.encode("utf-8"))
    except BaseException:
        if created:
            with contextlib.suppress(OSError):
                (folder / LOCK_FILE).unlink(missing_ok=True)
                folder.rmdir()
        raise
    return folder


def set_current(root: Path, name: str) -> None:
    """Make ``name`` (an existing campaign) the current one."""
    existing_campaign(root, name)
    atomic_write(Path(root) / CURRENT_FILE, (name + "\n").encode("utf-8"))


# --- characters -------------------------------------------------------------------


def _sheet_values(info, values: Mapping[str, Any], label: str) -> dict[str, Any]:
    if not isinstance(values, Mapping):
        raise CampaignError(f"{label}: sheet values must be a table of key = value.")
    values = normalize(dict(values), label)
    check_sheet(info, values, Where(label=label), ())
    return values


def _taken(snap: Snapshot, name: str, campaign: str, but: str | None = None) -> None:
    same = [n for n in snap.sheets if fold(n) == fold(name) and n != but]
    if same:
        raise CampaignError(f"campaign {campaign!r} already has a character {same[0]!r}; "
                            "choose another name or change that one's sheet.")


def _numbered(snap: Snapshot, base: str, count: int) -> list[str]:
    """``count`` names ``base 1``, ``base 2``... after the highest number already used."""
    if not 1 <= count <= MAX_COUNT:
        raise CampaignError(f"--count {count} is out of range 1..{MAX_COUNT}.")
    pattern = re.compile(rf"{re.escape(fold(base))} (\d+)")
    used = [int(m.group(1)) for n in snap.sheets if (m := pattern.fullmatch(fold(n)))]
    first = max(used, default=0) + 1
    return [f"{base} {number}" for number in range(first, first + count)]


def add_characters(root: Path, name: str, character_name: str, values: Mapping[str, Any], systems: Systems,
                   count: int | None = None, command: str | None = None) -> list[Character]:
    """Add a character to campaign ``name`` — or, with ``count``, that many
    numbered after the highest number in use (``Goblin 1``...``Goblin 4``) from
    one stat block. Each table is appended to campaign.toml as text (the
    existing bytes are kept verbatim). One log entry (op ``add``), undone by
    one undo."""
    check_name(character_name, "character")
    with _opened(root, name, systems) as draft:
        snap = draft.snap
        names = _numbered(snap, character_name, count) if count is not None else [character_name]
        for new in names:
            check_name(new, "character")
            _taken(snap, new, name)
        values = _sheet_values(snap.info, values, character_name)
        summary = f"added character {names[0]}" if len(names) == 1 else \
            f"added {len(names)} characters: {names[0]} … {names[-1]}"
        data = {"character": names[0], "values": values} if count is None else {"characters": names, "values": values}
        entry = logbook.make_entry("sheet", command, summary, data, op="add",
                                   changes={new: {"before": None, "after": values} for new in names})
        snap = _perform(draft, entry, Where(label=character_name))
        return [snap.characters[new] for new in names]


def add_character(root: Path, name: str, character_name: str, values: Mapping[str, Any], systems: Systems,
                  command: str | None = None) -> Character:
    """Add one character (see :func:`add_characters`)."""
    return add_characters(root, name, character_name, values, systems, command=command)[0]


def _touched(raw: Mapping[str, Any], values: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """``before`` and ``after`` of the keys ``values`` sets (table fields entry by
    entry); a key absent from ``before`` did not exist."""
    before: dict[str, Any] = {}
    after: dict[str, Any] = {}
    for key, value in values.items():
        after[key] = copy.deepcopy(value)
        current = raw.get(key)
        if isinstance(value, dict) and isinstance(current, dict):
            before[key] = {e: current[e] for e in value if e in current}
        elif key in raw:
            before[key] = copy.deepcopy(current)
    return before, after


def set_sheet_values(root: Path, name: str, character_name: str, values: Mapping[str, Any], systems: Systems,
                     command: str | None = None) -> Character:
    """Change sheet values of a character in campaign.toml, keeping comments
    and layout. A table field's entries are set one by one (other entries
    stay). Logged (op ``sheet``) with before/after. Returns the character as it is now."""
    with _opened(root, name, systems) as draft:
        who = find_character(draft.snap.sheets, character_name, name)
        values = _sheet_values(draft.snap.info, values, who)
        _not_kept(draft.snap, who, values)
        before, after = _touched(draft.snap.sheets[who], values)
        shown = dotted(after)
        entry = logbook.make_entry("sheet", command, f"set {who}: {shown}", {"character": who, "values": values},
                                   op="sheet", changes={who: {"before": before, "after": after}})
        return _perform(draft, entry, Where(label=who)).characters[who]


def _not_kept(snap: Snapshot, who: str, values: Mapping[str, Any]) -> None:
    """Refuse to set in a sheet a state value that state.toml keeps for ``who``:
    a sheet's state value is only where play starts, and the kept one wins, so
    the change would show nowhere."""
    kept = snap.state_doc.get("characters", {}).get(who, {})
    held = next((k for k in values if k in snap.info.state_keys and k in kept), None)
    if held is not None:
        raise CampaignError(f"{who}'s {held} is state that play keeps in {STATE_FILE} ({show(kept[held])} now), "
                            f"not a sheet value: a sheet's {held} is only where play starts. Change it by playing "
                            "(a verb such as damage, heal or recover), or take back the play that set it with "
                            "'rolecli undo'.")


def remove_character(root: Path, name: str, character_name: str, systems: Systems,
                     command: str | None = None) -> Character:
    """Remove a character: its tables leave campaign.toml (with the comments
    right above them; every other byte stays) and its state leaves
    state.toml. The log keeps the sheet, the state and the removed text, so
    undo puts it back as it was. Returns the character as it was."""
    with _opened(root, name, systems) as draft:
        snap = draft.snap
        who = find_character(snap.sheets, character_name, name)
        change: dict[str, Any] = {"before": copy.deepcopy(snap.sheets[who]), "after": None}
        state = snap.characters[who].state
        if state != snap.state_of(who, snap.sheets[who], {}):
            change["state"] = copy.deepcopy(state)
        _, block, at = sheet_text.remove_tables(snap.text, sheet_text.character_key(who))
        if block is not None:
            change.update(text=block, at=at)
        entry = logbook.make_entry("sheet", command, f"removed character {who}", {"character": who},
                                   op="remove", changes={who: change})
        _perform(draft, entry, Where(label=who))
        return snap.characters[who]


def rename_character(root: Path, name: str, old: str, new: str, systems: Systems,
                     command: str | None = None) -> Character:
    """Rename a character: its table headers in campaign.toml and its table
    in state.toml. A name in use is refused. Entries logged before keep the
    old name (the log is history); this one links the two. Returns the
    character under its new name."""
    check_name(new, "character")
    with _opened(root, name, systems) as draft:
        who = find_character(draft.snap.sheets, old, name)
        _taken(draft.snap, new, name, but=who)
        if new == who:
            raise CampaignError(f"{who!r} is already called {new!r}; give another name.")
        entry = logbook.make_entry("sheet", command, f"renamed {who} to {new}", {"character": who, "name": new},
                                   op="rename", changes={who: {"before": who, "after": new}})
        return _perform(draft, entry, Where(label=new)).characters[new]


# --- rule options -------------------------------------------------------------


def set_rule(root: Path, name: str, key: str, value: Any, systems: Systems, command: str | None = None) -> Campaign:
    """Set rule option ``key`` in campaign.toml's ``[rules]`` to ``value`` (None:
    remove it, so its default applies), checked as the file's ``[rules]`` is and
    keeping the file's comments. Logged (op ``rule``), so undo puts it back.
    Returns the campaign as it is now."""
    with _opened(root, name, systems) as draft:
        info, written = draft.snap.info, draft.snap.doc.get("rules", {})
        option = rule_option(info, key)
        if option is None:
            raise CampaignError(f"{key!r} is not a rule option of {info.name!r}."
                                + closest(key, [o.key for o in info.options], "Options"))
        problem = option_problem(option, value) if value is not None else None
        if problem:
            raise CampaignError(f"rules.{format_key([key])} = {show(value)} {problem}.")
        if value is None and key not in written:
            raise CampaignError(f"rule {key} is not set in {display_path(draft.snap.campaign_file)}, "
                                f"so it has its default, {show(option.default)}, already.")
        if key in written and value is not None and show(written[key]) == show(value):
            raise CampaignError(f"rule {key} is {show(value)} already.")
        said = f"set rule {key} = {show(value)}" if value is not None else f"unset rule {key}"
        entry = logbook.make_entry("sheet", command, said, {"rule": key, "value": value}, op="rule",
                                   changes={key: {"before": written.get(key), "after": value}})
        return Campaign(root, name, _perform(draft, entry, Where(label=f"rule {key}")))


# --- undo and redo ------------------------------------------------------------------
#
# Each reverts log entries through the table of operations, step by step: it checks
# that the files hold what a step wrote (else they were changed by hand since, and it
# refuses), makes them hold what the step found, and logs what it did as one entry.
# ``undo`` reverts the newest change not undone (undo entries are never undone
# themselves: running it again goes further back). ``redo`` reverts the newest undo
# not redone yet, and logs an ordinary change (so ``undo`` takes it back again), as
# long as nothing else changed the campaign since. ``undo --to`` reverts every change
# after an entry as one ``group`` entry, itself undone and redone as one.


def undo_last(root: Path, name: str, systems: Systems, command: str | None = None) -> dict[str, Any]:
    """Revert the newest change not yet undone, if the files still hold what it
    wrote, and if what it would write back passes the campaign's checks; log an
    ``undo`` entry naming it. Returns the entry undone."""
    with _opened(root, name, systems) as draft:
        undone: set[int] = set()  # read from the end: an undo comes after the entry it undoes
        for offset, target in logbook.entries_backwards(draft.folder):
            if op_of(target) == UNDO:
                undone.add(target.get("undoes"))
            elif _undoable(target) and target["seq"] not in undone:
                break
        else:
            raise CampaignError(f"nothing to undo in campaign {name!r}.")
        done = _revert(draft, offset, target, f"cannot undo #{target['seq']}")
        op = op_of(target)
        entry = logbook.make_entry("undo", command, f"undid #{target['seq']}: {target.get('summary', '')}",
                                   {"undoes": target["seq"], "kind": target["kind"]}, undoes=target["seq"],
                                   op=UNDO, reverts=op, **written_as(op, done))
        draft.commit([entry])
        return target


def undo_to(root: Path, name: str, seq: int, systems: Systems, command: str | None = None) -> dict[str, Any]:
    """Make campaign ``name`` as it stood right after log entry ``seq``: revert
    every change after it, newest first, as one ``group`` entry (one ``undo``
    reverts it, one ``redo`` re-applies it). Returns that entry; its ``data``
    holds ``to`` and ``undid``, the changes reverted (seq and summary), newest first."""
    with _opened(root, name, systems) as draft:
        newest = draft.last_seq
        if not 1 <= seq <= newest:
            raise CampaignError(f"undo --to {seq}: campaign {name!r} has no log entry #{seq}; give the seq of an "
                                f"entry, 1..{newest} ('rolecli log' lists them)." if newest else
                                f"undo --to {seq}: campaign {name!r} has no log entries yet, so nothing to undo.")
        cancelled: set[int] = set()  # changes undone after the point, with their undo: together they did nothing
        skip_to = None  # an undo --to a point after this one: what it went back over did nothing, with it
        targets: list[tuple[int, dict[str, Any]]] = []
        reached = 0  # the seq of the entry the reading stopped at
        for offset, older in logbook.entries_backwards(draft.folder):
            if older["seq"] <= seq:
                reached = older["seq"]
                break
            if older["seq"] in cancelled or op_of(older) is None or (skip_to is not None and older["seq"] > skip_to):
                continue
            if op_of(older) == UNDO and older["undoes"] > seq:
                cancelled.add(older["undoes"])
                continue
            went_to = _data(older).get("to") if older["kind"] == "undo" and op_of(older) == GROUP else None
            if isinstance(went_to, int) and went_to >= seq:
                skip_to = went_to
                continue
            if not _revertible(older):
                raise CampaignError(f"cannot undo back to #{seq}: #{older['seq']} ({_label(older)}) cannot be "
                                    "undone; undo to an entry after it, or change the files by hand.")
            targets.append((offset, older))
        if reached != seq:
            raise CampaignError(f"undo --to {seq}: campaign {name!r} has no log entry #{seq} (its line was removed "
                                "by hand); give the seq of an entry ('rolecli log' lists them).")
        if not targets:
            raise CampaignError(f"nothing to undo in campaign {name!r}: it is as it stood after #{seq} already.")
        done: list[dict[str, Any]] = []
        undid: list[dict[str, Any]] = []
        for offset, target in targets:
            done += _revert(draft, offset, target, f"cannot undo back to #{seq}: #{target['seq']}")
            undid += _told(target)
        shown = ", ".join(f"#{u['seq']}" for u in undid[:5]) + (f" … #{undid[-1]['seq']}" if len(undid) > 5 else "")
        entry = logbook.make_entry("undo", command, f"undid back to #{seq}: {shown}", {"to": seq, "undid": undid},
                                   op=GROUP, steps=done)
        draft.commit([entry])
        return entry


def redo_last(root: Path, name: str, systems: Systems, command: str | None = None) -> dict[str, Any]:
    """Re-apply what the newest undo not yet redone took back, if nothing else
    changed the campaign after it; log it as a change of its own (``redoes``
    names the undo), which ``undo`` takes back again. Returns that entry; its
    ``data`` holds ``redid``, the changes brought back (seq and summary), oldest first."""
    with _opened(root, name, systems) as draft:
        redone, unmatched = False, 0  # whether a redo was read, and how many still want their undo
        entries = logbook.entries_backwards(draft.folder)
        for offset, undo in entries:
            if op_of(undo) is None:
                continue  # a roll changes nothing
            if "redoes" in undo:
                redone, unmatched = True, unmatched + 1
            elif undo["kind"] == "undo" and unmatched:
                unmatched -= 1
            elif undo["kind"] == "undo":
                break
            elif redone:
                raise CampaignError(f"nothing to redo in campaign {name!r}: every undo after #{undo['seq']} was "
                                    "redone already.")
            else:
                raise CampaignError(f"nothing to redo in campaign {name!r}: its newest change, #{undo['seq']} "
                                    f"({_label(undo)}), is not an undo; redo re-applies what undo took back, until "
                                    "something else changes the campaign.")
        else:
            raise CampaignError(f"nothing to redo in campaign {name!r}: no undo to redo.")
        if op_of(undo) == GROUP:  # an undo --to: what it undid, oldest first
            redid = [u for u in reversed(_data(undo).get("undid") or []) if isinstance(u, dict)]
        else:
            original = next((e for _, e in entries if e["seq"] <= undo["undoes"]), None)
            redid = _told(original) if original and original["seq"] == undo["undoes"] else \
                [{"seq": undo["undoes"], "summary": undo.get("summary", "")}]
        done = _revert(draft, offset, undo, f"cannot redo #{undo['seq']}")
        op = GROUP if grouped(undo) else reverted_op(undo)
        kind = "change" if all(step["op"] == "state" for step in done) else "sheet"
        shown = "; ".join(f"#{r.get('seq')}: {r.get('summary', '')}" for r in redid) or f"what #{undo['seq']} undid"
        entry = logbook.make_entry(kind, command, f"redid {shown}", {"redoes": undo["seq"], "redid": redid},
                                   redoes=undo["seq"], op=op, **written_as(op, done))
        draft.commit([entry])
        return entry


def _revert(draft: Draft, offset: int, target: dict[str, Any], refusal: str) -> list[dict[str, Any]]:
    """Make ``draft`` hold what it held before ``target`` (the log entry at byte
    ``offset``), step by step: each step only if the files hold what it wrote,
    and only with values the campaign's checks take. Returns the steps done."""
    where = logbook.EntryWhere(draft.folder, offset, prefix=f"{refusal}: ")
    for step in reversed(forward(target)):  # each side named as the log's line names it, for messages
        for part, who, change in steps(step):
            diff = part.differs(draft.snap, who, change, "after")
            if diff:
                raise CampaignError(f"{refusal} ({_label(target)}): {diff} after it, so it was changed since by "
                                    "hand; fix the file by hand instead.")
        for part, who, change in steps(step):
            part.apply(draft, who, change, "before", where)
    return reverting(target)


def _label(entry: dict[str, Any]) -> str:
    return entry.get("summary") or entry.get("command") or f"#{entry['seq']}"


def _told(entry: dict[str, Any]) -> list[dict[str, Any]]:
    """The changes an entry stands for, as ``{seq, summary}``: a redo's are the
    ones it brought back, any other entry's is itself."""
    redid = _data(entry).get("redid") if "redoes" in entry else None
    redid = [r for r in redid if isinstance(r, dict)] if isinstance(redid, list) else []
    if redid:
        return redid
    return [{"seq": entry["seq"], "summary": entry.get("summary", "")}]


def _data(entry: dict[str, Any]) -> dict[str, Any]:
    data = entry.get("data")
    return data if isinstance(data, dict) else {}


def _revertible(entry: dict[str, Any]) -> bool:
    """Whether an entry's change can be reverted (an edit in the editor cannot)."""
    if grouped(entry):
        return bool(entry.get("steps"))
    operation = operation_of(entry)
    return operation is not None and operation.undoable and bool(changes_of(entry) or "scene" in entry)


def _undoable(entry: dict[str, Any]) -> bool:
    """Whether ``undo`` may pick an entry (undo entries are never undone)."""
    return op_of(entry) != UNDO and _revertible(entry)
