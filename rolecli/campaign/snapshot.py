"""A campaign as read from its folder, checked: :class:`Snapshot`.

Reading a campaign means parsing campaign.toml and state.toml and checking
every sheet and state against the system's template; on a campaign of 2,000
characters that is most of a command's time. So the last snapshots read are
kept, and reused while both files still hold the same bytes (compared in
full: content, unlike a timestamp, cannot be fooled by an edit made within the
same clock tick). A ``batch`` of 500 lines on one campaign reads it once.

A snapshot is never changed: :meth:`Snapshot.with_state` and
:meth:`Snapshot.with_campaign` return new ones, sharing what did not change.
"""

from __future__ import annotations

import copy
import functools
import os
import sys
from collections import OrderedDict
from pathlib import Path
from typing import Any, Callable, Mapping

from rolecli.campaign import log as logbook
from rolecli.campaign.files import decode
from rolecli.campaign.paths import CAMPAIGN_FILE, STATE_FILE, display_path, read_bytes
from rolecli.campaign.locate import show
from rolecli.campaign.validate import Where, check_campaign_doc, check_state, parse_toml
from rolecli.contract import Character, Field, SystemInfo
from rolecli.errors import CampaignError

Systems = Callable[[str], SystemInfo]

STATE_HEADER = ("# Written by rolecli: the state it keeps while you play (damage, stress, points spent).\n"
                "# Sheets and rules are in campaign.toml. rolecli rewrites this file: comments here are lost.\n\n")
_KEPT = 8  # snapshots kept for reuse (one per campaign)
# What state.toml holds. Another key is refused, not dropped at the next write:
# rolecli rewrites the file, and a key it does not know is a typo (or a hand
# edit meant for campaign.toml) that would be lost without a word.
STATE_KEYS = ("characters", "scene")


# --- characters -----------------------------------------------------------------


def normalize(value: Any, where: str = "") -> Any:
    """State as TOML can hold it and JSON can log it: ``None`` in a table means
    "no value" and is dropped, tuples become lists, keys become text, interned
    (:func:`sys.intern`): the rules look a field up by a name written in their
    code, found at once by its identity, not compared by its characters (read
    from a file, a key is a text of its own; icount: a middle trial 1.6% less,
    alternity 1.9%)."""
    value = logbook.jsonable(value)
    return _drop_none(value, where)


def _drop_none(value: Any, where: str) -> Any:
    if isinstance(value, dict):
        return {sys.intern(str(k)): _drop_none(v, where) for k, v in value.items() if v is not None}
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
    any (which the sheet then leaves out), over that what state.toml keeps.
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
            # A value lives in one place: a state field's sheet value is only its starting
            # point, held by the state from then on (v5's Hunger once told two values).
            state[field.key] = merged.pop(field.key)
        if field.aliases and field.key in merged:  # a name written for a number (Pelea = "Bueno"): its number
            value = merged[field.key]
            merged[field.key] = ({k: field.number(v) for k, v in value.items()} if isinstance(value, dict)
                                 else field.number(value))
    state.update(copy.deepcopy(dict(kept)))
    return Character(name, merged, normalize(state, name))


# --- the snapshot ---------------------------------------------------------------


class Snapshot:
    """Everything read from a campaign folder, checked (treat it as read-only)."""

    def __init__(self, folder: Path, raw: bytes, text: str, doc: dict[str, Any], info: SystemInfo,
                 options: dict[str, Any], sheets: dict[str, dict[str, Any]], state_raw: bytes | None,
                 state_doc: dict[str, Any], characters: dict[str, Character] | None = None):
        self.folder = Path(folder)
        self.raw, self.text, self.doc = raw, text, doc  # campaign.toml as on disk, as text, as parsed
        self.info, self.options, self.sheets = info, options, sheets  # sheets: as written in campaign.toml
        self.state_raw, self.state_doc = state_raw, state_doc  # state.toml (None: not written yet)
        self.characters = characters if characters is not None else {
            name: build_character(info, name, sheet, self.kept_state(name) or {}) for name, sheet in sheets.items()}
        self._chunks: dict[str, str] | None = None  # state.toml's text, one piece per character

    @functools.cached_property
    def campaign_file(self) -> Path:
        return self.folder / CAMPAIGN_FILE

    @functools.cached_property
    def state_file(self) -> Path:
        return self.folder / STATE_FILE

    def kept_state(self, name: str) -> dict[str, Any] | None:
        """The table state.toml keeps for ``name``, or None."""
        return self.state_doc.get("characters", {}).get(name)

    @property
    def scene(self) -> dict[str, Any]:
        """state.toml's ``[scene]``: the conflict and the effects (see rolecli.conflict)."""
        return self.state_doc.get("scene", {})

    def with_scene(self, table: dict[str, Any]) -> "Snapshot":
        """This snapshot with state.toml keeping ``table`` as its scene (empty: none)."""
        doc = {k: v for k, v in self.state_doc.items() if k != "scene"}
        if table:
            doc = {"scene": copy.deepcopy(table), **doc}
        new = Snapshot(self.folder, self.raw, self.text, self.doc, self.info, self.options, self.sheets, None,
                       doc, self.characters)
        new._chunks = self._chunks
        return new

    def state_of(self, name: str, sheet: Mapping[str, Any], kept: Mapping[str, Any]) -> dict[str, Any]:
        """The state a character of this sheet would have with this state table."""
        return build_character(self.info, name, sheet, kept).state

    def with_state(self, name: str, table: dict[str, Any] | None) -> "Snapshot":
        """This snapshot with state.toml keeping ``table`` for ``name`` (None: no table)."""
        kept = dict(self.state_doc.get("characters", {}))
        if table is None:
            if name not in kept:
                return self
            del kept[name]
        else:
            kept[name] = copy.deepcopy(table)
        characters = dict(self.characters)
        if name in self.sheets:
            characters[name] = build_character(self.info, name, self.sheets[name], table or {})
        new = Snapshot(self.folder, self.raw, self.text, self.doc, self.info, self.options, self.sheets, None,
                       {**self.state_doc, "characters": kept}, characters)
        if self._chunks is not None:  # only this character's text is rendered again
            new._chunks = dict(self._chunks)
            if table is None:
                del new._chunks[name]
            else:
                new._chunks[name] = _chunk(name, table)
        return new

    def with_campaign(self, new: "_Parsed") -> "Snapshot":
        """``new`` (campaign.toml just parsed) with this snapshot's state, and the
        characters whose sheet did not change kept as they were."""
        characters = {name: self.characters[name] if self.sheets.get(name) == sheet and name in self.characters
                      else build_character(new.info, name, sheet, self.kept_state(name) or {})
                      for name, sheet in new.sheets.items()}
        snap = Snapshot(self.folder, new.raw, new.text, new.doc, new.info, new.options, new.sheets, self.state_raw,
                        self.state_doc, characters)
        snap._chunks = self._chunks
        return snap

    def state_bytes(self) -> bytes:
        """state.toml as rolecli writes it; only the characters changed since the
        last time are rendered again."""
        if self.state_raw is None:
            import tomli_w

            if self._chunks is None:
                self._chunks = {n: _chunk(n, t) for n, t in self.state_doc.get("characters", {}).items()}
            top = {k: v for k, v in self.state_doc.items() if k != "characters"}
            text = STATE_HEADER + (tomli_w.dumps(top) + "\n" if top else "") + "\n".join(self._chunks.values())
            self.state_raw = text.encode("utf-8")
        return self.state_raw


def _chunk(name: str, table: dict[str, Any]) -> str:
    import tomli_w

    return tomli_w.dumps({"characters": {name: table}})


# --- reading ----------------------------------------------------------------------

_kept: OrderedDict[str, Snapshot] = OrderedDict()  # by the campaign folder's real path
# campaign.toml parsed by campaign_doc, by the folder's real path, for the read that follows
_parsed_ahead: dict[str, tuple[bytes, dict[str, Any]]] = {}


def read_snapshot(folder: Path, systems: Systems) -> Snapshot:
    """Read and check the campaign in ``folder`` (reusing the snapshot last
    read or written there while both files hold the same bytes)."""
    folder = Path(folder)
    path = folder / CAMPAIGN_FILE
    raw = read_bytes(path)
    if raw is None:
        raise CampaignError(f"{display_path(path)} is missing.")
    state_raw = read_bytes(folder / STATE_FILE)
    key = os.path.realpath(folder)
    old = _kept.get(key)
    if old is not None and old.raw == raw and old.state_raw == state_raw and _same_system(old, systems):
        _kept.move_to_end(key)
        if old.folder != folder:  # the same folder, named another way (another current folder)
            old = Snapshot(folder, old.raw, old.text, old.doc, old.info, old.options, old.sheets, old.state_raw,
                           old.state_doc, old.characters)
        return old
    campaign = parse_campaign(folder, raw, systems)
    snap = campaign.with_state_file(state_raw)
    remember(snap)
    return snap


def campaign_doc(folder: Path, raw: bytes) -> dict[str, Any]:
    """campaign.toml's bytes ``raw`` parsed, unchecked: what a command reads to
    learn the campaign's system before loading its plugin. The snapshot kept for
    ``folder`` lends its doc when it was read from ``raw``; else the doc parsed
    here is lent, once, to the campaign's read that follows (:func:`parse_campaign`),
    when the file still holds those bytes, so a campaign verb parses the file once."""
    key = os.path.realpath(folder)
    old = _kept.get(key)
    if old is not None and old.raw == raw:
        return old.doc
    path = Path(folder) / CAMPAIGN_FILE
    doc = parse_toml(path, decode(path, raw))
    _parsed_ahead[key] = (raw, doc)
    return doc


def _same_system(snap: Snapshot, systems: Systems) -> bool:
    try:
        return systems(snap.doc["system"]) is snap.info
    except Exception:  # the lookup refuses now: read again, and let it say why
        return False


def remember(snap: Snapshot) -> None:
    """Keep ``snap`` (just read, or just written to disk) for the next read."""
    key = os.path.realpath(snap.folder)
    _kept[key] = snap
    _kept.move_to_end(key)
    while len(_kept) > _KEPT:
        _kept.popitem(last=False)


def parse_campaign(folder: Path, raw: bytes, systems: Systems) -> "_Parsed":
    """campaign.toml's bytes, parsed and checked."""
    path = Path(folder) / CAMPAIGN_FILE
    text = decode(path, raw)
    ahead = _parsed_ahead.pop(os.path.realpath(folder), None)
    doc = ahead[1] if ahead is not None and ahead[0] == raw else parse_toml(path, text)
    info, options, sheets = check_campaign_doc(doc, Where(path, text), systems)
    return _Parsed(Path(folder), raw, text, doc, info, options, sheets)


class _Parsed:
    """campaign.toml parsed and checked, before state.toml is read."""

    def __init__(self, folder, raw, text, doc, info, options, sheets):
        self.folder, self.raw, self.text, self.doc = folder, raw, text, doc
        self.info, self.options, self.sheets = info, options, sheets

    def with_state_file(self, state_raw: bytes | None) -> Snapshot:
        path = self.folder / STATE_FILE
        state_doc: dict[str, Any] = {}
        if state_raw is not None:
            state_text = decode(path, state_raw)
            state_doc = parse_toml(path, state_text)
            where = Where(path, state_text)
            for key in state_doc:
                if key not in STATE_KEYS:
                    raise where.error((key,), f"is not a key of {STATE_FILE}, which holds [characters.NAME] "
                                      "and [scene]; remove it (or move it to campaign.toml).")
            kept = state_doc.get("characters", {})
            if not isinstance(kept, dict):
                raise where.error(("characters",), "should hold one table per character, such as [characters.Ana].")
            for name, values in kept.items():
                if not isinstance(values, dict):
                    raise where.error(("characters", name), f"= {show(values)} should be a table of state values.")
                if name in self.sheets:  # state of a character removed from campaign.toml is kept but unused
                    check_state(self.info, values, where, ("characters", name))
            if "scene" in state_doc:
                from rolecli.conflict import scene_problem

                problem = scene_problem(state_doc["scene"])
                if problem:
                    raise where.error(("scene", *problem[0]), problem[1] + ".")
        return Snapshot(self.folder, self.raw, self.text, self.doc, self.info, self.options, self.sheets,
                        state_raw, state_doc)
