"""What each logged change does to the files: one table, used by ``undo`` and
by crash recovery alike.

Every log entry that changed something names its operation (``op``) and holds,
for each character (for ``rule``, each rule option), the change:
``{"before": ..., "after": ...}``. What the two sides hold depends on the operation:

==========  ==============================================  ========================
``op``      ``before`` / ``after``                          files
==========  ==============================================  ========================
``state``   the character's whole state                     state.toml
``sheet``   the sheet keys set (a key missing from a side   campaign.toml
            did not exist on that side)
``add``     ``null`` / the new sheet                        campaign.toml, state.toml
``remove``  the sheet (with ``state``, its state, ``text``  campaign.toml, state.toml
            and ``at``, its table as written and where) /
            ``null``
``rename``  the old name / the new name                     campaign.toml, state.toml
``edit``    SHA-256 of campaign.toml / of the new text,     campaign.toml
            ``text`` (in ``edit``, not ``changes``)
``rule``    a rule option's value in ``[rules]``, by key    campaign.toml
            (``null``: not written, so its default)
``undo``    the change it undid, sides swapped; ``reverts``  as ``reverts``
            names that change's operation
``group``   in ``steps``, not ``changes``: several of the    as its steps
            above, applied in order (``undo --to``, and
            undoing or redoing one)
==========  ==============================================  ========================

A ``state`` entry may also change the campaign's scene (its conflict and the
effects in force, state.toml's ``[scene]``): then it holds ``scene``, with
``before`` and ``after`` the whole scene table, applied after the characters.

An operation is made of parts, one per file it touches. A part can tell
whether the files hold one side of a change, and can make them hold it:

- ``undo`` checks that the files hold ``after`` (else they were changed by
  hand since, and it refuses), then makes them hold ``before``;
- crash recovery makes the files hold ``after`` when they still hold
  ``before``, part by part, so a crash between two files is finished too.

A ``group`` entry (``undo --to``: every change after a point of the log
reverted as one change) holds ``steps``, a list of entries of the operations
above (``op``, ``changes``, maybe ``scene``), applied in order; the undo of a
group holds the steps that revert it (``reverts = "group"``). A group's steps
never nest: reverting one gives a flat list again.

Entries written before operations were named (no ``op``) are read through
:func:`op_of`, the one place that derives an operation from an entry's shape.
A new operation is a new row of :data:`OPERATIONS`.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any, Iterator, NamedTuple, Protocol

from rolecli.campaign.locate import format_key, show
from rolecli.campaign.paths import CAMPAIGN_FILE, STATE_FILE, check_name, display_path
from rolecli.campaign.validate import Where, check_sheet, check_state, option_problem, rule_option
from rolecli.errors import CampaignError

MISSING: Any = type("Missing", (), {"__repr__": lambda self: "MISSING"})()
SIDES = ("before", "after")


def other(side: str) -> str:
    return "after" if side == "before" else "before"


def digest(data: bytes) -> str:
    """How an ``edit`` entry names a version of campaign.toml."""
    import hashlib  # (here: loading OpenSSL is some 2% of a campaign verb's start-up, which writes no edit entry)

    return hashlib.sha256(data).hexdigest()


class Difference(NamedTuple):
    """Where the files do not hold one side of a change."""

    who: str
    key: str  # dotted key inside the character; "" for the character itself
    have: Any
    want: Any
    file: Path

    def __str__(self) -> str:
        where = display_path(self.file)
        if not self.key:
            if self.have is MISSING:
                return f"{self.who} is not a character in {where} but the log says it is"
            return f"{self.who} is a character in {where} but the log says it is not"
        return (f"{self.who}'s {self.key} is {_shown(self.have)} in {where} "
                f"but the log says {_shown(self.want)}")


def _shown(value: Any) -> str:
    return "missing" if value is MISSING else show(value)


def difference(who: str, have: Any, want: Any, file: Path, strict: bool = True) -> Difference | None:
    """The first key where the table ``have`` differs from ``want`` (``strict``:
    keys only in ``have`` count too; else only ``want``'s keys, and a table's
    entries, are compared). Values must also have the same type (1 is not true)."""
    for key, value in want.items():
        got = have.get(key, MISSING)
        if isinstance(value, dict) and isinstance(got, dict) and not strict:
            for entry, number in value.items():
                seen = got.get(entry, MISSING)
                if not _same(seen, number):
                    return Difference(who, format_key([key, entry]), seen, number, file)
        elif not _same(got, value):
            return Difference(who, format_key([key]), got, value, file)
    if strict:
        for key in have:
            if key not in want:
                return Difference(who, format_key([key]), have[key], MISSING, file)
    return None


def _same(a: Any, b: Any) -> bool:
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return a == b


class Part(Protocol):
    """What an operation does to one file."""

    file: str

    def differs(self, snap: Any, who: str, change: dict, side: str) -> Difference | None:
        """Where ``snap``'s files do not hold ``side`` of ``change``; None if they do."""

    def apply(self, draft: Any, who: str, change: dict, side: str, where: Where) -> None:
        """Make ``draft`` hold ``side`` of ``change``; ``where`` names the change in
        messages about its values (a log line, or the command's values)."""


# --- the parts ----------------------------------------------------------------


def _key(who: str, side: str) -> tuple[str, ...]:
    return ("changes", who, side)


class _State:
    """state.toml: the character's whole state."""

    file = STATE_FILE

    def differs(self, snap, who, change, side):
        if who not in snap.sheets:
            return Difference(who, "", MISSING, True, snap.campaign_file)
        return difference(who, snap.characters[who].state, change[side], snap.state_file)

    def apply(self, draft, who, change, side, where):
        check_state(draft.snap.info, change[side], where, _key(who, side))
        draft.set_state(who, change[side])


class _SheetKeys:
    """campaign.toml: the sheet keys a ``character set`` changed. A key (or a
    table's entry) only the other side has did not exist on this side."""

    file = CAMPAIGN_FILE

    def differs(self, snap, who, change, side):
        raw = snap.sheets.get(who)
        if raw is None:
            return Difference(who, "", MISSING, True, snap.campaign_file)
        want, drop = change[side], change[other(side)]
        found = difference(who, raw, want, snap.campaign_file, strict=False)
        if found:
            return found
        for key, value in drop.items():
            if isinstance(value, dict):
                kept = want.get(key, {})
                for entry in value:
                    if entry not in kept and entry in raw.get(key, {}):
                        return Difference(who, format_key([key, entry]), raw[key][entry], MISSING, snap.campaign_file)
            elif key not in want and key in raw:
                return Difference(who, format_key([key]), raw[key], MISSING, snap.campaign_file)
        return None

    def apply(self, draft, who, change, side, where):
        want, drop = change[side], change[other(side)]
        check_sheet(draft.snap.info, want, where, _key(who, side))
        sheet = copy.deepcopy(draft.snap.sheets.get(who, {}))
        deletes: list[tuple[str, ...]] = []
        for key, value in drop.items():
            if isinstance(value, dict):
                kept = want.get(key, {})
                gone = [entry for entry in value if entry not in kept and entry in sheet.get(key, {})]
                for entry in gone:
                    del sheet[key][entry]
                if key not in want and key in sheet and not sheet[key]:  # a table the change made
                    del sheet[key]
                    deletes.append((key,))
                else:
                    deletes += [(key, entry) for entry in gone]
            elif key not in want and key in sheet:
                del sheet[key]
                deletes.append((key,))
        for key, value in want.items():
            if isinstance(value, dict) and isinstance(sheet.get(key), dict):
                sheet[key] = {**sheet[key], **value}
            else:
                sheet[key] = copy.deepcopy(value)
        draft.edit_sheet(who, want, deletes, sheet)


class _Table:
    """campaign.toml: a character's whole table (``null``: no such character)."""

    file = CAMPAIGN_FILE

    def differs(self, snap, who, change, side):
        want, have = change[side], snap.sheets.get(who)
        if want is None or have is None:
            return None if want is have else Difference(who, "", MISSING if have is None else True,
                                                        MISSING if want is None else True, snap.campaign_file)
        return difference(who, have, want, snap.campaign_file)

    def apply(self, draft, who, change, side, where):
        if change[side] is None:
            draft.remove_character(who)
        else:
            check_sheet(draft.snap.info, change[side], where, _key(who, side))
            draft.insert_character(who, change[side], change.get("text"), change.get("at"))


class _TableState:
    """state.toml: the state that goes with a whole table. Where the character
    exists, its state is ``state`` when given, else a new character's (the
    template's defaults and the sheet's starting values); where it does not,
    it has no state table."""

    file = STATE_FILE

    def differs(self, snap, who, change, side):
        sheet, table = change[side], snap.kept_state(who)
        if sheet is None:
            return None if table is None else Difference(who, "state", table, MISSING, snap.state_file)
        have = snap.state_of(who, sheet, table or {})
        want = change["state"] if "state" in change else snap.state_of(who, sheet, {})
        return difference(who, have, want, snap.state_file)

    def apply(self, draft, who, change, side, where):
        if change[side] is not None and "state" in change:
            check_state(draft.snap.info, change["state"], where, ("changes", who, "state"))
            draft.set_state(who, change["state"])
        else:
            draft.set_state(who, None)


class _Rename:
    """campaign.toml: a character's name (its table headers)."""

    file = CAMPAIGN_FILE

    def differs(self, snap, who, change, side):
        name, gone = change[side], change[other(side)]
        if name not in snap.sheets:
            return Difference(name, "", MISSING, True, snap.campaign_file)
        if gone in snap.sheets:
            return Difference(gone, "", True, MISSING, snap.campaign_file)
        return None

    def apply(self, draft, who, change, side, where):
        try:
            check_name(change[side], "character")
        except CampaignError as exc:
            raise where.error(_key(who, side), str(exc), show_key=False) from None
        draft.rename_character(change[other(side)], change[side])


class _RenameState:
    """state.toml: a character's state table follows its name, and so do the
    scene's turns and effects."""

    file = STATE_FILE

    def differs(self, snap, who, change, side):
        gone = change[other(side)]
        table = snap.kept_state(gone)
        return None if table is None else Difference(gone, "state", table, MISSING, snap.state_file)

    def apply(self, draft, who, change, side, where):
        name, gone = change[side], change[other(side)]
        draft.set_state(name, draft.snap.kept_state(gone))
        draft.set_state(gone, None)
        if draft.snap.scene:  # the conflict's turns and the effects follow the name too
            from rolecli.conflict import Scene

            scene = Scene.load(draft.snap.scene)
            scene.rename(gone, name)
            draft.set_scene(scene.dump())


class _Scene:
    """state.toml: the campaign's scene (the conflict and the effects), the
    entry's ``scene`` change rather than one per character."""

    file = STATE_FILE

    def differs(self, snap, who, change, side):
        return difference("the scene", snap.scene, change[side], snap.state_file)

    def apply(self, draft, who, change, side, where):
        from rolecli.conflict import scene_problem

        problem = scene_problem(change[side])
        if problem:
            raise where.error(("scene", side, *problem[0]), problem[1] + ".")
        draft.set_scene(change[side])


class _Rule:
    """campaign.toml: one rule option of ``[rules]``, by key (``null``: not
    written, so its default applies)."""

    file = CAMPAIGN_FILE

    def differs(self, snap, who, change, side):
        have = snap.doc.get("rules", {}).get(who, MISSING)
        want = MISSING if change[side] is None else change[side]
        if _same(have, want):
            return None
        return Difference("the campaign", format_key(["rules", who]), have, want, snap.campaign_file)

    def apply(self, draft, who, change, side, where):
        value = change[side]
        if value is not None:
            option = rule_option(draft.snap.info, who)
            problem = (f"is not a rule option of {draft.snap.info.name!r}" if option is None
                       else option_problem(option, value))
            if problem:
                raise where.error(_key(who, side), f"= {show(value)} {problem}.")
        draft.set_rule(who, value)


class _WholeFile:
    """campaign.toml as the GM's editor left it: only rolled forward (a hand edit is not undone)."""

    file = CAMPAIGN_FILE

    def differs(self, snap, who, change, side):
        if digest(snap.raw) == change[side]:
            return None
        return Difference(CAMPAIGN_FILE, "SHA-256", digest(snap.raw), change[side], snap.campaign_file)

    def apply(self, draft, who, change, side, where):  # only ever to "after": edits are not undoable
        draft.replace_campaign(change["text"].encode("utf-8"))


# --- the table ------------------------------------------------------------------


class Operation:
    """A kind of logged change: the parts it is made of (in the order they are
    written), the JSON types its sides hold, and whether ``undo`` reverts it."""

    __slots__ = ("parts", "sides", "undoable")  # (no NamedTuple, made at import: icount, start-up 0.12% less)

    def __init__(self, parts: tuple[Part, ...], sides: tuple[type, ...], undoable: bool = True):
        self.parts = parts
        self.sides = sides  # the types ``before`` and ``after`` may have
        self.undoable = undoable


_TABLE = _Table()
SCENE = _Scene()
OPERATIONS: dict[str, Operation] = {
    "state": Operation((_State(),), (dict,)),
    "sheet": Operation((_SheetKeys(),), (dict,)),
    "add": Operation((_TABLE, _TableState()), (dict, type(None))),
    "remove": Operation((_TABLE, _TableState()), (dict, type(None))),
    "rename": Operation((_Rename(), _RenameState()), (str,)),
    "edit": Operation((_WholeFile(),), (str,), undoable=False),
    "rule": Operation((_Rule(),), (str, int, float, bool, list, type(None))),
}
UNDO = "undo"
GROUP = "group"
MAX_STEPS = 100_000  # steps of one group: what a log line may hold, far above any session


def op_of(entry: dict[str, Any]) -> str | None:
    """The operation of a log entry; ``None`` for a roll. The one place that
    reads the entries of old logs, written before ``op`` existed."""
    if "op" in entry:
        return entry["op"]
    kind, changes = entry.get("kind"), entry.get("changes")
    if kind == "change":
        return "state"
    if kind == "undo":
        return UNDO
    if kind != "sheet":
        return None
    if not changes:  # an edit in the editor: logged without what it changed
        return "edit"
    return "add" if any(isinstance(c, dict) and c.get("before") is None for c in changes.values()) else "sheet"


def reverted_op(entry: dict[str, Any]) -> str:
    """The operation an ``undo`` entry reverted (old logs: from the kind it
    undid, and from its swapped sides: an undone add has no ``after``)."""
    if "reverts" in entry:
        return entry["reverts"]
    data, changes = entry.get("data") or {}, entry.get("changes") or {}
    if data.get("kind") == "change":
        return "state"
    return "add" if any(isinstance(c, dict) and c.get("after") is None for c in changes.values()) else "sheet"


def changes_of(entry: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """What an entry changed, by character (``edit``: by file)."""
    if op_of(entry) == "edit":
        return {CAMPAIGN_FILE: entry["edit"]} if "edit" in entry else {}  # old edits did not say
    return entry.get("changes") or {}


def operation_of(entry: dict[str, Any]) -> Operation | None:
    """The row of :data:`OPERATIONS` whose parts apply an entry's changes:
    an undo's changes are those of the operation it reverted, sides swapped.
    None for a roll, and for a group (its steps each have their own)."""
    op = op_of(entry)
    if op == UNDO:
        op = reverted_op(entry)
    return OPERATIONS.get(op) if op else None


def grouped(entry: dict[str, Any]) -> bool:
    """Whether an entry holds ``steps`` (a group, or the undo of one) rather than ``changes``."""
    op = op_of(entry)
    return op == GROUP or (op == UNDO and reverted_op(entry) == GROUP)


def forward(entry: dict[str, Any]) -> list[dict[str, Any]]:
    """What an entry did, as steps (entries of one operation each: ``op``,
    ``changes``, maybe ``scene``) in the order they were applied; none for a roll.
    The steps hold the entry's own values (read them; a new entry is made of
    them through JSON, which copies them)."""
    if grouped(entry):
        return list(entry["steps"])
    op = op_of(entry)
    if op == UNDO:
        op = reverted_op(entry)
    if op is None:
        return []
    step: dict[str, Any] = {"op": op, "changes": changes_of(entry)}
    if "scene" in entry:
        step["scene"] = entry["scene"]
    return [step]


def reverting(entry: dict[str, Any]) -> list[dict[str, Any]]:
    """The steps that revert an entry: its steps newest first, each with its sides swapped."""
    return [{**step, "changes": swapped(step["changes"]),
             **({"scene": swapped({"": step["scene"]})[""]} if "scene" in step else {})}
            for step in reversed(forward(entry))]


def written_as(op: str, done: list[dict[str, Any]]) -> dict[str, Any]:
    """The fields of an entry of operation ``op`` that makes the steps ``done``:
    a group's ``steps``, else the one step's ``changes`` (and ``scene``)."""
    if op == GROUP:
        return {"steps": done}
    (step,) = done
    return {key: step[key] for key in ("changes", "scene") if key in step}


def steps(entry: dict[str, Any]) -> Iterator[tuple[Part, str, dict[str, Any]]]:
    """Every (part, character, change) of an entry, in the order they are written
    (a group's: its steps', one after the other)."""
    if grouped(entry):
        for step in entry["steps"]:
            yield from steps(step)
        return
    operation = operation_of(entry)
    if operation is None:
        return
    changes = changes_of(entry)
    for part in operation.parts:
        for who, change in changes.items():
            yield part, who, change
    if "scene" in entry:
        yield SCENE, "", entry["scene"]


def swapped(changes: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The changes that undo ``changes``: the same, sides swapped."""
    return {who: {**change, "before": change["after"], "after": change["before"]} for who, change in changes.items()}


# --- the shape of entries (checked whenever the log is read) --------------------


def shape_problem(entry: dict[str, Any]) -> str | None:
    """What is wrong with the shape of an entry's operation and changes, or None."""
    op = op_of(entry)
    if op is None:
        return "op = null should name an operation" if "op" in entry else None
    if op not in (*OPERATIONS, UNDO, GROUP):
        return f"op = {show(op)} is not one of: {', '.join([*OPERATIONS, UNDO, GROUP])}"
    if "redoes" in entry and not _whole(entry["redoes"]):
        return f"redoes = {_json(entry['redoes'])} should be the seq of the undo it redid"
    if op == UNDO:
        if not _whole(entry.get("undoes")):
            return f"undoes = {_json(entry.get('undoes'))} should be the seq of the entry undone"
        reverts = reverted_op(entry)
        if reverts != GROUP and not (isinstance(reverts, str) and reverts in OPERATIONS
                                     and OPERATIONS[reverts].undoable):
            return f"reverts = {show(reverts)} is not an operation undo can revert"
    if grouped(entry):
        return _steps_problem(entry.get("steps"))
    operation = operation_of(entry)
    if "scene" in entry:
        scene = entry["scene"]
        if (op if op != UNDO else reverted_op(entry)) != "state":
            return "scene goes only with op = \"state\""
        if not isinstance(scene, dict) or not all(isinstance(scene.get(side), dict) for side in SIDES):
            return "scene should be an object with before and after tables"
    field = "edit" if op == "edit" else "changes"
    changes = entry.get(field)
    if changes is None:
        return None if op == "edit" or "scene" in entry else f"{field} is missing"
    if op == "edit":
        changes = {CAMPAIGN_FILE: changes}
    if not isinstance(changes, dict):
        return f"{field} should be an object"
    for who, change in changes.items():
        where = field if op == "edit" else f"{field}.{format_key([who])}"
        if not isinstance(change, dict) or not all(side in change for side in SIDES):
            return f"{where} should be an object with before and after"
        for side in SIDES:
            if not isinstance(change[side], operation.sides):
                return f"{where}.{side} = {_json(change[side])} is not what {op} entries hold there"
        if dict in operation.sides and type(None) in operation.sides and (change["before"] is None) == (
                change["after"] is None):
            return f"{where} should have exactly one of before and after null"
        if op == "edit" and not isinstance(change.get("text"), str):
            return f"{where}.text should be the new text of {CAMPAIGN_FILE}"
        for key, kind in (("state", dict), ("text", str), ("at", int)):
            if key in change and (not isinstance(change[key], kind) or isinstance(change[key], bool)):
                return f"{where}.{key} = {_json(change[key])} should be {kind.__name__}"
    return None


def _steps_problem(steps: Any) -> str | None:
    """What is wrong with a group's ``steps``, or None: each must be an entry of
    an operation undo can revert (never a group, an undo or an edit)."""
    if not isinstance(steps, list) or not 1 <= len(steps) <= MAX_STEPS:
        return f"steps should be a list of 1 to {MAX_STEPS:,} changes"
    for number, step in enumerate(steps):
        op = step.get("op") if isinstance(step, dict) else None
        if not (isinstance(op, str) and op in OPERATIONS and OPERATIONS[op].undoable) or "steps" in step:
            return f"steps[{number}] should be a change with op one of: " + \
                ", ".join(k for k, o in OPERATIONS.items() if o.undoable)
        problem = shape_problem(step)
        if problem:
            return f"steps[{number}].{problem}"
    return None


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _json(value: Any) -> str:
    try:
        return json.dumps(value, ensure_ascii=False)[:60]
    except (TypeError, ValueError, RecursionError):  # pragma: no cover - read from JSON
        return repr(value)[:60]
