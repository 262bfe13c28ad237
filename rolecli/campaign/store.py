"""Campaigns on disk: create, load, record changes, edit sheets, undo.

Who owns which file:

- ``campaign.toml`` belongs to the GM. rolecli reads it on every command and
  writes it only when asked to add a character (appended as text, the
  existing bytes kept verbatim) or to change sheet values (edited with
  tomlkit, which keeps comments and layout).
- ``state.toml`` belongs to rolecli: the state it keeps while playing.
- ``log.jsonl``: every roll and change, appended.

Every write is atomic (:func:`.files.atomic_write`) and happens under the
campaign's exclusive lock, held for the whole read-modify-write.
"""

from __future__ import annotations

import contextlib
import copy
import tomllib
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Iterator, Mapping

from rolecli.campaign import log as logbook
from rolecli.campaign.files import atomic_write, campaign_lock, decode, read_bytes
from rolecli.campaign.locate import Key, format_key
from rolecli.campaign.paths import (CAMPAIGN_FILE, STATE_FILE, campaign_path, check_name, display_path,
                                    existing_campaign)
from rolecli.campaign.validate import (Where, check_campaign_doc, check_sheet, check_state,
                                       parse_toml, show, show_range)
from rolecli.contract import Character, Field, Outcome, SystemInfo
from rolecli.errors import CampaignError
from rolecli.names import closest, fold

Systems = Callable[[str], SystemInfo]

STATE_HEADER = ("# Written by rolecli: the state it keeps while you play (damage, stress, points spent).\n"
                "# Sheets and rules are in campaign.toml. rolecli rewrites this file: comments here are lost.\n\n")


# --- reading -----------------------------------------------------------------


@dataclass
class _Snapshot:
    """Everything read from a campaign folder, checked."""

    folder: Path
    raw: bytes  # campaign.toml as it is on disk
    text: str
    doc: dict[str, Any]
    info: SystemInfo
    options: dict[str, Any]
    sheets: dict[str, dict[str, Any]]  # as written in campaign.toml
    state_doc: dict[str, Any]  # state.toml as parsed

    @property
    def campaign_file(self) -> Path:
        return self.folder / CAMPAIGN_FILE

    def kept_state(self, name: str) -> dict[str, Any]:
        return self.state_doc.get("characters", {}).get(name, {})


def _read(folder: Path, systems: Systems) -> _Snapshot:
    path = folder / CAMPAIGN_FILE
    raw = read_bytes(path)
    if raw is None:
        raise CampaignError(f"{display_path(path)} is missing.")
    text = decode(path, raw)
    doc = parse_toml(path, text)
    info, options, sheets = check_campaign_doc(doc, Where(path, text), systems)
    state_path = folder / STATE_FILE
    state_raw = read_bytes(state_path)
    state_doc: dict[str, Any] = {}
    if state_raw is not None:
        state_text = decode(state_path, state_raw)
        state_doc = parse_toml(state_path, state_text)
        where = Where(state_path, state_text)
        kept = state_doc.get("characters", {})
        if not isinstance(kept, dict):
            raise where.error(("characters",), "should hold one table per character, such as [characters.Ana].")
        for name, values in kept.items():
            if not isinstance(values, dict):
                raise where.error(("characters", name), f"= {show(values)} should be a table of state values.")
            if name in sheets:  # state of a character removed from campaign.toml is kept but unused
                check_state(info, values, where, ("characters", name))
    return _Snapshot(folder, raw, text, doc, info, options, sheets, state_doc)


def normalize(value: Any, where: str = "") -> Any:
    """State as TOML can hold it and JSON can log it: ``None`` in a table means
    "no value" and is dropped, tuples become lists, keys become text."""
    value = logbook.jsonable(value)
    return _drop_none(value, where)


def _drop_none(value: Any, where: str) -> Any:
    if isinstance(value, dict):
        return {str(k): _drop_none(v, where) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        if any(v is None for v in value):
            raise CampaignError(f"{where}: a list holds an empty value (None), which a TOML file cannot store.")
        return [_drop_none(v, where) for v in value]
    return value


def _empty(field: Field) -> Any:
    if field.default is not None:
        return copy.deepcopy(field.default)
    return {} if field.kind == "table" else [] if field.kind == "list" else None


def build_character(info: SystemInfo, name: str, sheet: Mapping[str, Any], kept: Mapping[str, Any]) -> Character:
    """A character as plugins see it.

    ``sheet``: the template's defaults of sheet fields, with what the GM wrote
    over them (a table field merges entry by entry). ``state``: the defaults of
    state fields, over them the starting value the GM wrote in the sheet if
    any, over that what state.toml keeps.
    """
    merged: dict[str, Any] = {}
    state: dict[str, Any] = {}
    for field in info.template:
        target = state if field.state else merged
        value = _empty(field)
        if value is not None:
            target[field.key] = value
    for key, value in copy.deepcopy(dict(sheet)).items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = {**merged[key], **value}
        else:
            merged[key] = value
    for field in info.template:
        if field.state and field.key in sheet:
            state[field.key] = copy.deepcopy(sheet[field.key])
    state.update(copy.deepcopy(dict(kept)))
    return Character(name, merged, normalize(state, name))


def find_character(names: list[str] | Mapping[str, Any], wanted: str, campaign: str) -> str:
    """The name of the character ``wanted`` refers to: exact, else the only one
    equal without regard to case or accents; else a CampaignError."""
    names = list(names)
    if wanted in names:
        return wanted
    matches = [n for n in names if fold(n) == fold(wanted)]
    if len(matches) == 1:
        return matches[0]
    raise CampaignError(f"campaign {campaign!r} has no character {wanted!r}."
                        + closest(wanted, names, "Characters"))


class Campaign:
    """A read-only snapshot of a campaign, as :func:`load_campaign` returns it."""

    def __init__(self, root: Path, name: str, snap: _Snapshot):
        self.root = Path(root)
        self.name = name
        self.dir = snap.folder
        self.system: str = snap.doc["system"]
        self.info = snap.info
        self.title: str | None = snap.doc.get("title")
        self.options: Mapping[str, Any] = MappingProxyType(dict(snap.options))
        self._characters = {n: build_character(snap.info, n, sheet, snap.kept_state(n))
                            for n, sheet in snap.sheets.items()}
        self.characters: Mapping[str, Character] = MappingProxyType(self._characters)

    @property
    def campaign_file(self) -> Path:
        return self.dir / CAMPAIGN_FILE

    @property
    def state_file(self) -> Path:
        return self.dir / STATE_FILE

    @property
    def log_file(self) -> Path:
        return logbook.log_path(self.dir)

    def character(self, name: str) -> Character:
        """A character by name (case and accents ignored when unambiguous);
        an unknown name lists the characters and the closest match."""
        return self._characters[find_character(self._characters, name, self.name)]

    def __repr__(self) -> str:
        return f"<Campaign {self.name!r} system={self.system!r} characters={list(self._characters)}>"


def system_of(root: Path, name: str) -> str:
    """The rule system campaign ``name`` names, read without checking the rest
    (to know which plugin to load before loading the campaign)."""
    path = existing_campaign(root, name) / CAMPAIGN_FILE
    raw = read_bytes(path)
    if raw is None:  # pragma: no cover - removed in between
        raise CampaignError(f"{display_path(path)} is missing.")
    text = decode(path, raw)
    doc = parse_toml(path, text)
    where = Where(path, text)
    if "system" not in doc:
        raise where.error(("system",), 'no rule system given: add a line such as system = "dice" '
                          "before the first [table].", show_key=False)
    if not isinstance(doc["system"], str):
        raise where.error(("system",), f'= {show(doc["system"])} should be the name of a rule system in quotes.')
    return doc["system"]


def load_campaign(root: Path, name: str, systems: Systems) -> Campaign:
    """Read and check campaign ``name``; ``systems(name)`` returns a system's
    SystemInfo and raises for an unknown one."""
    return Campaign(root, name, _read(existing_campaign(root, name), systems))


# --- recording what happens --------------------------------------------------


class Transaction(Campaign):
    """The campaign inside ``with transaction(...)``: a snapshot plus
    :meth:`record`. Nothing is written until the block ends without an error."""

    def __init__(self, root: Path, name: str, snap: _Snapshot, command: str | None):
        super().__init__(root, name, snap)
        self._snap = snap
        self._command = command
        self._state = {n: copy.deepcopy(c.state) for n, c in self._characters.items()}
        self._pending: list[dict[str, Any]] = []
        self._dirty: set[str] = set()
        self._closed = False

    def record(self, outcome: Outcome, kind: str = "change", summary: str = "") -> dict[str, Any]:
        """Apply ``outcome.changes`` (the new state of each character named) and log it.

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
            before = self._state[name]
            kept = {f.key: before[f.key] for f in self.info.template if f.state and f.key in before}
            after = normalize({**kept, **new}, f"new state of {name}")
            check_state(self.info, after, Where(label=f"new state of {name}"), ())
            changes[name] = {"before": copy.deepcopy(before), "after": after}
        if changes:
            kind = "change"
        extra = {"changes": changes} if changes else {}
        entry = logbook.make_entry(kind, self._command, summary, outcome.data, **extra)
        for name, change in changes.items():
            self._state[name] = change["after"]
            self._dirty.add(name)
            old = self._characters[name]
            self._characters[name] = Character(name, old.sheet, copy.deepcopy(change["after"]))
        self._pending.append(entry)
        return entry

    def _commit(self) -> None:
        self._closed = True
        if self._dirty:
            doc = copy.deepcopy(self._snap.state_doc)
            kept = doc.setdefault("characters", {})
            for name in sorted(self._dirty):
                kept[name] = self._state[name]
            write_state(self.dir, doc)
        if self._pending:
            logbook.append_entries(self.dir, self._pending)


@contextlib.contextmanager
def transaction(root: Path, name: str, systems: Systems, command: str | None = None) -> Iterator[Transaction]:
    """Lock campaign ``name`` for a whole read-modify-write.

    The block gets a :class:`Transaction`; what it records is written when the
    block ends (state.toml atomically, then the log). An exception inside the
    block writes nothing. ``command`` is the command line logged (default: this
    process's arguments).
    """
    folder = existing_campaign(root, name)
    with campaign_lock(folder):
        txn = Transaction(root, name, _read(folder, systems), command)
        try:
            yield txn
        except BaseException:
            txn._closed = True
            raise
        txn._commit()


def write_state(folder: Path, doc: dict[str, Any]) -> None:
    import tomli_w

    text = STATE_HEADER + tomli_w.dumps(doc)
    atomic_write(Path(folder) / STATE_FILE, text.encode("utf-8"))


# --- creating ----------------------------------------------------------------


def create_campaign(root: Path, name: str, info: SystemInfo, title: str | None = None) -> Path:
    """Create campaign ``name`` with a commented campaign.toml (every rule
    option with its default and help, an example character); refuse a name in
    use. Returns the campaign's folder."""
    folder = campaign_path(root, name)
    try:
        Path(root).mkdir(parents=True, exist_ok=True)
        folder.mkdir(exist_ok=True)
    except OSError as exc:
        raise CampaignError(f"cannot create {display_path(folder)}: {exc.strerror or exc}.") from None
    taken = CampaignError(f"campaign {name!r} already exists in {display_path(root)}; choose another name.")
    if any(p.name != ".lock" for p in folder.iterdir()):
        raise taken
    text = campaign_template(name, info, title)
    check_campaign_doc(tomllib.loads(text), Where(label="new campaign.toml"), lambda _: info)
    with campaign_lock(folder):
        if (folder / CAMPAIGN_FILE).exists():
            raise taken
        atomic_write(folder / CAMPAIGN_FILE, text.encode("utf-8"))
    return folder


def _comment(text: str) -> list[str]:
    return [("# " + line).rstrip() for line in text.splitlines()] or ["#"]


def _describe(field: Field) -> str:
    rng = "" if field.minimum is None and field.maximum is None else f" {show_range(field.minimum, field.maximum)}"
    if field.kind == "int":
        what = f"whole number{rng}"
    elif field.kind == "bool":
        what = "true or false"
    elif field.kind == "str":
        what = f"one of: {', '.join(field.choices)}" if field.choices else "text"
    elif field.kind == "list":
        what = "list of texts" + (f" from: {', '.join(field.choices)}" if field.choices else "")
    else:
        what = f"table of names and whole numbers{rng}"
    return f"{field.label.en}: {what}"


def _example(field: Field) -> Any:
    if field.default not in (None, {}, []):
        return field.default
    low = field.minimum if field.minimum is not None else 0
    if field.kind == "int":
        return max(low, min(1, field.maximum if field.maximum is not None else 1))
    if field.kind == "bool":
        return False
    if field.kind == "str":
        return field.choices[0] if field.choices else ""
    if field.kind == "list":
        return list(field.choices[:1])
    return {"Example": max(low, min(1, field.maximum if field.maximum is not None else 1))}


def campaign_template(name: str, info: SystemInfo, title: str | None = None) -> str:
    """The text of a new campaign.toml."""
    out = [
        f"# Campaign {show(name)}, played with rolecli: {info.names.en} ({info.name}).",
        "#",
        "# This file is yours: edit it with any text editor. rolecli reads it on",
        "# every command and writes to it only when asked to add a character or to",
        "# change sheet values, keeping your comments and layout. What changes in play",
        "# (damage, stress, points spent) goes to state.toml, every roll and change",
        "# to log.jsonl. See docs/campaigns.md in rolecli.",
        "",
        f"system = {show(info.name)}",
        f"title = {show(title)}" if title is not None else '# title = "A title for listings"',
        "",
    ]
    if info.options:
        out += ["# Rule options. Each is written with its default; change a value to play",
                "# with another rule, or delete the line to go back to the default.",
                "[rules]"]
        for option in info.options:
            out += [""] + _comment(option.help.en)
            allowed = []
            if option.choices:
                allowed.append(f"choices: {', '.join(show(c) for c in option.choices)}")
            if option.minimum is not None or option.maximum is not None:
                allowed.append(f"range: {show_range(option.minimum, option.maximum)}")
            default = "none" if option.default is None else show(option.default)
            out.append(f"# Default: {default}." + (f" {'; '.join(allowed).capitalize()}." if allowed else ""))
            line = f"{format_key([option.key])} = {show(option.default)}"
            out.append(line if option.default is not None else f"# {format_key([option.key])} = ...")
        out.append("")
    else:
        out += [f"# {info.names.en} has no rule options.", ""]
    sheet_fields = [f for f in info.template if not f.state]
    state_fields = [f for f in info.template if f.state]
    out += ["# Characters: one table per character. Quote a name with spaces or accents:",
            '# [characters."Ana María"]. A value left out takes the template default.']
    if state_fields:
        out += ["# rolecli keeps these values in state.toml while you play; a value written",
                "# here is only the starting one: " + ", ".join(f.key for f in state_fields) + "."]
    if sheet_fields:
        out += ["# An example to copy (remove the leading '# '):", "#", "# [characters.Example]"]
        tables = []
        for field in sheet_fields:
            if field.kind == "table":
                tables.append(field)
                continue
            out.append(f"# {format_key([field.key])} = {show(_example(field))}  # {_describe(field)}")
        for field in tables:
            out += ["#", f"# [characters.Example.{format_key([field.key])}]  # {_describe(field)}"]
            out += [f"# {format_key([str(k)])} = {show(v)}" for k, v in _example(field).items()]
    return "\n".join(out) + "\n"


# --- editing sheets ----------------------------------------------------------


def _newline(text: str) -> str:
    return "\r\n" if "\r\n" in text else "\n"


def render_character(name: str, values: Mapping[str, Any], newline: str = "\n") -> str:
    """A ``[characters."Name"]`` table (and one sub-table per table field) as TOML text."""
    head = f"characters.{format_key([name])}"
    lines = [f"[{head}]"]
    lines += [f"{format_key([k])} = {show(v)}" for k, v in values.items() if not isinstance(v, dict)]
    for key, table in values.items():
        if isinstance(table, dict):
            lines += ["", f"[{head}.{format_key([key])}]"]
            lines += [f"{format_key([str(e)])} = {show(v)}" for e, v in table.items()]
    return newline.join(lines) + newline


def _sheet_values(info: SystemInfo, values: Mapping[str, Any], label: str) -> dict[str, Any]:
    if not isinstance(values, Mapping):
        raise CampaignError(f"{label}: sheet values must be a table of key = value.")
    values = normalize(dict(values), label)
    check_sheet(info, values, Where(label=label), ())
    return values


def _write_campaign(snap: _Snapshot, data: bytes, systems: Systems, expect: tuple[str, Any]) -> _Snapshot:
    """Check the new campaign.toml bytes before they replace the old ones:
    it must parse, pass every check, and hold what was meant for the character."""
    path = snap.campaign_file
    text = decode(path, data)
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CampaignError(f"cannot change {display_path(path)} without breaking it ({exc}); "
                            "make the change by hand.") from None
    info, options, sheets = check_campaign_doc(doc, Where(path, text), systems)
    name, sheet = expect
    if sheets.get(name) != sheet:
        raise CampaignError(f"cannot change {display_path(path)} safely: after the edit the sheet of "
                            f"{name!r} would not be what was asked; make the change by hand.")
    atomic_write(path, data)
    return _Snapshot(snap.folder, data, text, doc, info, options, sheets, snap.state_doc)


def add_character(root: Path, name: str, character_name: str, values: Mapping[str, Any], systems: Systems,
                  command: str | None = None) -> Character:
    """Add a character to campaign ``name``: its table is appended to the end of
    campaign.toml as text (the existing bytes are kept verbatim). Checked
    against the template, atomic, locked and logged (kind ``sheet``)."""
    check_name(character_name, "character")
    folder = existing_campaign(root, name)
    with campaign_lock(folder):
        snap = _read(folder, systems)
        same = [n for n in snap.sheets if fold(n) == fold(character_name)]
        if same:
            raise CampaignError(f"campaign {name!r} already has a character {same[0]!r}; "
                                "choose another name or change that one's sheet.")
        values = _sheet_values(snap.info, values, character_name)
        nl = _newline(snap.text)
        text = snap.text
        gap = "" if not text or text.endswith("\n") else nl
        if text.strip():
            gap += nl
        data = snap.raw + (gap + render_character(character_name, values, nl)).encode("utf-8")
        _write_campaign(snap, data, systems, (character_name, values))
        entry = logbook.make_entry("sheet", command, f"added character {character_name}",
                                   {"character": character_name, "values": values},
                                   changes={character_name: {"before": None, "after": values}})
        logbook.append_entries(folder, [entry])
        return build_character(snap.info, character_name, values, snap.kept_state(character_name))


def _edit(snap: _Snapshot, name: str, sets: Mapping[str, Any], deletes: list[Key], remove: bool = False) -> bytes:
    """campaign.toml with the sheet of ``name`` edited through tomlkit, which
    keeps comments and layout: ``sets`` values (tables merged entry by entry),
    ``deletes`` keys removed, or the whole character removed."""
    import tomlkit

    path = snap.campaign_file
    try:
        doc = tomlkit.parse(snap.text)
        characters = doc["characters"]
        if remove:
            del characters[name]
        else:
            table = characters[name]
            for key, value in sets.items():
                if isinstance(value, dict):
                    if key not in table:
                        table[key] = tomlkit.table()
                    for entry, number in value.items():
                        _set(table[key], entry, number)
                else:
                    _set(table, key, value)
            for key in deletes:
                if len(key) == 1:
                    del table[key[0]]
                else:
                    del table[key[0]][key[1]]
        text = doc.as_string()
        nl = _newline(snap.text)
        if remove and text.endswith(nl * 2):  # the blank line that separated the removed table
            text = text.rstrip("\r\n") + nl
    except Exception as exc:  # tomlkit cannot edit every layout TOML allows
        raise CampaignError(f"cannot edit the sheet of {name!r} in {display_path(path)} ({exc}); "
                            "make the change by hand.") from None
    return _with_bom(snap.raw, text)


def _set(table: Any, key: str, value: Any) -> None:
    """``table[key] = value`` in a tomlkit table; a new key goes right after the
    table's last key, not after the blank lines and comments that end it
    (which belong to what follows)."""
    if key not in table:
        container = getattr(table, "value", None)
        body = getattr(container, "body", None)
        if body and hasattr(container, "_insert_after"):
            from tomlkit.items import AoT, Table

            last = max((i for i, (k, item) in enumerate(body)
                        if k is not None and not isinstance(item, (Table, AoT))), default=None)
            after = body[last + 1:] if last is not None else []
            if after and all(k is None for k, _ in after):
                try:
                    container._insert_after(body[last][0].key, key, value)
                    return
                except Exception:  # pragma: no cover - a tomlkit without it: plain assignment
                    pass
    table[key] = value


def _with_bom(original: bytes, text: str) -> bytes:
    bom = b"\xef\xbb\xbf" if original.startswith(b"\xef\xbb\xbf") else b""
    return bom + text.encode("utf-8")


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


def _merged(raw: Mapping[str, Any], values: Mapping[str, Any]) -> dict[str, Any]:
    sheet = copy.deepcopy(dict(raw))
    for key, value in values.items():
        if isinstance(value, dict) and isinstance(sheet.get(key), dict):
            sheet[key] = {**sheet[key], **value}
        else:
            sheet[key] = copy.deepcopy(value)
    return sheet


def set_sheet_values(root: Path, name: str, character_name: str, values: Mapping[str, Any], systems: Systems,
                     command: str | None = None) -> Character:
    """Change sheet values of a character in campaign.toml, keeping comments
    and layout. A table field's entries are set one by one (other entries
    stay). Checked, atomic, locked, logged (kind ``sheet``) with before/after.
    Returns the character as it is now."""
    folder = existing_campaign(root, name)
    with campaign_lock(folder):
        snap = _read(folder, systems)
        who = find_character(snap.sheets, character_name, name)
        values = _sheet_values(snap.info, values, who)
        raw = snap.sheets[who]
        before, after = _touched(raw, values)
        sheet = _merged(raw, values)
        new = _write_campaign(snap, _edit(snap, who, values, []), systems, (who, sheet))
        shown = ", ".join(f"{k}={show(v)}" for k, v in _flat(after))
        entry = logbook.make_entry("sheet", command, f"set {who}: {shown}", {"character": who, "values": values},
                                   changes={who: {"before": before, "after": after}})
        logbook.append_entries(folder, [entry])
        return build_character(new.info, who, new.sheets[who], new.kept_state(who))


def _flat(values: Mapping[str, Any]) -> list[tuple[str, Any]]:
    out = []
    for key, value in values.items():
        if isinstance(value, dict):
            out += [(format_key([key, str(e)]), v) for e, v in value.items()]
        else:
            out.append((format_key([key]), value))
    return out


# --- undo --------------------------------------------------------------------


def _difference(current: Mapping[str, Any], expected: Mapping[str, Any], strict: bool) -> tuple[str, Any, Any] | None:
    """The first key where ``current`` differs from ``expected`` (``strict``:
    keys only in ``current`` count too; else only ``expected``'s keys, and a
    table's entries, are compared)."""
    missing = object()
    for key, want in expected.items():
        have = current.get(key, missing)
        if isinstance(want, dict) and isinstance(have, dict) and not strict:
            for entry, number in want.items():
                got = have.get(entry, missing)
                if got != number or type(got) is not type(number):
                    return format_key([key, entry]), got, number
        elif have != want or type(have) is not type(want):
            return format_key([key]), have, want
    if strict:
        for key in current:
            if key not in expected:
                return format_key([key]), current[key], missing
    return None


def _show_or_missing(value: Any) -> str:
    return show(value) if isinstance(value, (str, int, float, bool, list, dict)) else "missing"


def _refuse(entry: dict[str, Any], who: str, diff: tuple[str, Any, Any], file: Path) -> CampaignError:
    key, have, want = diff
    return CampaignError(
        f"cannot undo #{entry.get('seq')} ({entry.get('summary') or entry.get('command')}): {who}'s {key} is "
        f"{_show_or_missing(have)} in {display_path(file)} but the log says {_show_or_missing(want)} after it, "
        "so it was changed since by hand; fix the file by hand instead.")


def undo_last(root: Path, name: str, systems: Systems, command: str | None = None) -> dict[str, Any]:
    """Revert the newest ``change`` or ``sheet`` entry not yet undone, if the
    files still hold what it wrote; log an ``undo`` entry naming it. Returns
    the entry undone."""
    folder = existing_campaign(root, name)
    with campaign_lock(folder):
        entries = logbook.read_entries(folder)
        undone = {e.get("undoes") for e in entries if e.get("kind") == "undo"}
        target = next((e for e in reversed(entries) if e.get("kind") in logbook.UNDOABLE and e.get("changes")
                       and e.get("seq") not in undone), None)
        if target is None:
            raise CampaignError(f"nothing to undo in campaign {name!r}.")
        snap = _read(folder, systems)
        changes = target["changes"]
        if target["kind"] == "change":
            _undo_state(name, snap, target)
        else:
            _undo_sheet(name, snap, target, systems)
        reverted = {who: {"before": c["after"], "after": c["before"]} for who, c in changes.items()}
        entry = logbook.make_entry("undo", command, f"undid #{target['seq']}: {target.get('summary', '')}",
                                   {"undoes": target["seq"], "kind": target["kind"]},
                                   undoes=target["seq"], changes=reverted)
        logbook.append_entries(folder, [entry])
        return target


def _undo_state(name: str, snap: _Snapshot, target: dict[str, Any]) -> None:
    doc = copy.deepcopy(snap.state_doc)
    kept = doc.setdefault("characters", {})
    for who, change in target["changes"].items():
        if who not in snap.sheets:
            raise CampaignError(f"cannot undo #{target['seq']}: {who!r} is no longer a character of campaign "
                                f"{name!r}.")
        current = build_character(snap.info, who, snap.sheets[who], snap.kept_state(who)).state
        diff = _difference(current, change["after"], strict=True)
        if diff:
            raise _refuse(target, who, diff, snap.folder / STATE_FILE)
        kept[who] = change["before"]
    write_state(snap.folder, doc)


def _undo_sheet(name: str, snap: _Snapshot, target: dict[str, Any], systems: Systems) -> None:
    for who, change in target["changes"].items():
        raw = snap.sheets.get(who)
        if raw is None:
            raise CampaignError(f"cannot undo #{target['seq']}: {who!r} is no longer a character of campaign "
                                f"{name!r}.")
        diff = _difference(raw, change["after"], strict=change["before"] is None)
        if diff:
            raise _refuse(target, who, diff, snap.campaign_file)
    for who, change in target["changes"].items():
        before, after = change["before"], change["after"]
        if before is None:  # undo an added character
            data = _edit(snap, who, {}, [], remove=True)
            snap = _write_campaign_removed(snap, data, systems, who)
            if who in snap.state_doc.get("characters", {}):
                doc = copy.deepcopy(snap.state_doc)
                del doc["characters"][who]
                write_state(snap.folder, doc)
            continue
        sets: dict[str, Any] = {}
        deletes: list[Key] = []
        raw = snap.sheets[who]
        sheet = copy.deepcopy(raw)
        for key, value in after.items():
            if isinstance(value, dict):
                old = before.get(key)
                for entry in value:
                    if isinstance(old, dict) and entry in old:
                        sets.setdefault(key, {})[entry] = old[entry]
                        sheet[key][entry] = old[entry]
                    else:
                        deletes.append((key, entry))
                        del sheet[key][entry]
                if key not in before and not sheet[key]:
                    deletes.append((key,))
                    del sheet[key]
            elif key in before:
                sets[key] = before[key]
                sheet[key] = before[key]
            else:
                deletes.append((key,))
                del sheet[key]
        snap = _write_campaign(snap, _edit(snap, who, sets, deletes), systems, (who, sheet))


def _write_campaign_removed(snap: _Snapshot, data: bytes, systems: Systems, who: str) -> _Snapshot:
    path = snap.campaign_file
    text = decode(path, data)
    doc = tomllib.loads(text)
    info, options, sheets = check_campaign_doc(doc, Where(path, text), systems)
    if who in sheets:  # pragma: no cover - tomlkit removed it above
        raise CampaignError(f"cannot remove {who!r} from {display_path(path)} safely; remove it by hand.")
    atomic_write(path, data)
    return _Snapshot(snap.folder, data, text, doc, info, options, sheets, snap.state_doc)
