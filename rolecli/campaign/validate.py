"""Checking campaign data against a system's template and rule options.

Every check raises a one-line :class:`CampaignError`. When the data came from
a file, the message names the file, the line and the dotted key::

    campaigns/demo/campaign.toml line 12: characters.Ana.hp = -3 is out of range 0..999.

Values typed on the command line (``hp=10``, ``skills.Alerta=3``) are turned
into data by :func:`parse_assignments` and checked by the same rules.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path
from typing import Any, Callable, Mapping

from rolecli.campaign.locate import Key, format_key, locate, show
from rolecli.campaign.paths import check_name, display_path
from rolecli.contract import Field, RuleOption, SystemInfo
from rolecli.house_rules import HOUSE_KEY, HOUSE_OPTION
from rolecli.names import closest
from rolecli.errors import CampaignError

TOP_KEYS = ("system", "title", "rules", "characters", "rolls", "tables")
_TOML_POSITION = r"^(.*) \(at line (\d+), column (\d+)\)$"  # compiled by re when a syntax error is read


# --- showing values and choices ----------------------------------------------


def dotted(values: Mapping[str, Any]) -> str:
    """``hp=10, skills.Alerta=3``: sheet values as ``character set`` takes them,
    keys and values as campaign.toml writes them (a table entry by entry)."""
    pairs = []
    for key, value in values.items():
        if isinstance(value, dict):
            pairs += [(format_key([key, str(entry)]), v) for entry, v in value.items()]
        else:
            pairs.append((format_key([key]), value))
    return ", ".join(f"{key}={show(value)}" for key, value in pairs)


def show_range(minimum: Any, maximum: Any) -> str:
    lo = "" if minimum is None else f"{minimum:g}" if isinstance(minimum, float) else str(minimum)
    hi = "" if maximum is None else f"{maximum:g}" if isinstance(maximum, float) else str(maximum)
    return f"{lo}..{hi}"


# --- reading TOML with positions ---------------------------------------------


def parse_toml(path: Path, text: str) -> dict[str, Any]:
    """Parse ``text`` read from ``path``; a syntax error names file, line and
    column. A table over its row limit is refused before the parse (which it
    would make slow), a whole number beyond 64 bits after it. Its texts are
    interned (:func:`_interned`)."""
    from rolecli.tables.book import check_row_counts

    check_row_counts(path, text)
    try:
        doc = tomllib.loads(text)
    except RecursionError:  # tomllib recurses once per level of nesting
        raise CampaignError(f"{display_path(path)} line {_deep_line(text)}: arrays or inline tables nested more "
                            f"than {_DEEP} levels deep; no campaign value needs more than two.") from None
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        m = re.match(_TOML_POSITION, message)
        end = message.endswith(" (at end of document)")
        if m or end:
            if m:
                what, line, column = m.groups()
            else:
                lines = text.split("\n")
                what, line, column = message[: -len(" (at end of document)")], len(lines), len(lines[-1]) + 1
            raise CampaignError(f"{display_path(path)} line {line}, column {column}: "
                                f"TOML syntax error: {_lower_first(what)}.") from None
        raise CampaignError(f"{display_path(path)}: TOML syntax error: {_lower_first(message)}.") from None
    if _LONG_NUMBER.search(text):  # only then can a number be too large: the walk is skipped
        _check_64_bits(doc, Where(path, text), ())
    return _interned(doc)


def _interned(value: Any) -> Any:
    """``value`` with every text in it interned (:func:`sys.intern`), keys and values: a
    name read from a file (a sheet's skill, a character named in an encounter) is looked up
    in tables whose keys were read from another file, or compared with a rule's own
    words, and is found by identity, not by its characters (icount N=400, with states'
    keys interned: a dice trial 0.78% less, v5 0.69%, fate 0.59%, giro 0.57%, alternity
    0.50%, middle 0.39%)."""
    if type(value) is str:
        return sys.intern(value)
    if type(value) is dict:
        return {sys.intern(k): _interned(v) for k, v in value.items()}
    if type(value) is list:
        return [_interned(v) for v in value]
    return value


# TOML readers hold whole numbers in 64 bits (the TOML spec asks for them, and
# tomli_w writes whatever Python holds): a larger one written back would make
# the file unreadable to them, and to rolecli's own checks of ranges.
INT_MIN, INT_MAX = -(2**63), 2**63 - 1
# Digits enough for a number beyond 64 bits (19 decimal, 16 hex, 22 octal, 64
# binary), underscores allowed: found in a string too, which merely costs a walk.
_LONG_NUMBER = re.compile(r"\d[\d_]{18,}|0x[\dA-Fa-f_]{16,}|0o[0-7_]{21,}|0b[01_]{64,}")


def _check_64_bits(value: Any, where: "Where", key: Key) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            _check_64_bits(v, where, key + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _check_64_bits(v, where, key + (str(i),))
    elif isinstance(value, int) and not INT_MIN <= value <= INT_MAX:
        raise where.error(key, f"= {value} is out of range {INT_MIN}..{INT_MAX}, the whole numbers "
                               "(of 64 bits) a TOML file holds.")


_DEEP = 100


def _deep_line(text: str) -> int:
    """The line where brackets first nest more than :data:`_DEEP` levels deep
    (strings and comments are not looked into: this only runs on text that
    tomllib could not read for its depth)."""
    depth, line, quote, i = 0, 1, "", 0
    while i < len(text):
        c = text[i]
        if c == "\n":
            line += 1
        elif quote:
            if c == "\\" and quote == '"':
                i += 1
            elif c == quote:
                quote = ""
        elif c in "\"'":
            quote = c
        elif c == "#":
            end = text.find("\n", i)
            i = len(text) if end < 0 else end
            continue
        elif c in "[{":
            depth += 1
            if depth > _DEEP:
                return line
        elif c in "]}":
            depth -= 1
        i += 1
    return line


def _lower_first(text: str) -> str:
    text = text.rstrip(".")
    return text[:1].lower() + text[1:] if text[1:2].islower() else text


class Where:
    """Where data came from, to prefix messages: a file and its text (the line
    is looked up only when a message needs it), or a plain label."""

    def __init__(self, path: Path | None = None, text: str | None = None, label: str | None = None):
        self.path = path
        self.text = text
        self.label = label

    def error(self, key: Key, message: str, show_key: bool = True) -> CampaignError:
        name = format_key(key)
        body = f"{name} {message}" if show_key else message
        if self.path is None:
            prefix = f"{self.label}: " if self.label else ""
            return CampaignError(f"{prefix}{body}")
        line = locate(self.text or "", key)
        at = f" line {line}" if line else ""
        return CampaignError(f"{display_path(self.path)}{at}: {body}")


# --- single values -----------------------------------------------------------


def field_problem(field: Field, value: Any) -> str | None:
    """Why ``value`` does not fit ``field`` (text after ``key = value``), or None.
    For a table, only the table's shape is checked here; see :func:`entry_problem`."""
    kind = field.kind
    if kind == "int":
        return entry_problem(field, value)
    if kind == "bool":
        return None if isinstance(value, bool) else "should be true or false"
    if kind == "str":
        if not isinstance(value, str):
            return "should be a text in quotes"
        if not _utf8(value):
            return _NOT_UTF8
        if field.choices and value not in field.choices:
            return f"is not one of: {', '.join(field.choices)}"
        return None
    if kind == "list":
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            return 'should be a list of texts, such as ["a", "b"]'
        if not all(_utf8(v) for v in value):
            return _NOT_UTF8
        if field.choices:
            bad = [v for v in value if v not in field.choices]
            if bad:
                return f"has {show(bad[0])}, which is not one of: {', '.join(field.choices)}"
        return None
    if kind == "table":
        return None if isinstance(value, dict) else "should be a table of names and whole numbers"
    return None  # pragma: no cover - unknown kinds are the plugin's business


_NOT_UTF8 = "is not valid UTF-8 text; type it again in UTF-8"


def _utf8(text: str) -> bool:
    """Whether ``text`` can be written as UTF-8: not so when it holds bytes that were
    not UTF-8, as Python passes them on in sys.argv (``profession=caf\\xe9`` typed in Latin-1)."""
    return not any("\ud800" <= c <= "\udfff" for c in text)


def entry_problem(field: Field, value: Any) -> str | None:
    """Why a number of a field (an ``int``, or one entry of a ``table``) does not
    fit it, or None; a name of the field's aliases stands for its number."""
    value = field.number(value)
    if not _is_int(value):
        return f"should be a whole number{_range_hint(field)}{_names_hint(field)}"
    return _range_problem(value, field.minimum, field.maximum)


def _names_hint(field: Field) -> str:
    return f" or one of its names: {', '.join(field.aliases)}" if field.aliases else ""


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _range_hint(field: Field | RuleOption) -> str:
    if field.minimum is None and field.maximum is None:
        return ""
    return f" in {show_range(field.minimum, field.maximum)}"


def _range_problem(value: Any, minimum: Any, maximum: Any) -> str | None:
    if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
        return f"is out of range {show_range(minimum, maximum)}"
    return None


def option_problem(option: RuleOption, value: Any) -> str | None:
    """Why ``value`` is not allowed for a rule option, or None."""
    if option.choices:
        if value not in option.choices or type(value) is not type(_match(option.choices, value)):
            return f"is not one of: {', '.join(show(c) for c in option.choices)}"
        return None
    default = option.default
    if isinstance(default, bool):
        if not isinstance(value, bool):
            return "should be true or false"
    elif isinstance(default, int):
        if not _is_int(value):
            return f"should be a whole number{_range_hint(option)}"
    elif isinstance(default, float):
        if not (isinstance(value, (int, float)) and not isinstance(value, bool)):
            return f"should be a number{_range_hint(option)}"
    elif isinstance(default, str):
        if not isinstance(value, str):
            return "should be a text in quotes"
        if option.dice:
            from rolecli.dice import DiceError, parse

            try:
                parse(value)
            except DiceError as exc:
                return f"is not a dice expression: {str(exc).rstrip('.')}"
    elif isinstance(default, (list, tuple)):
        if not isinstance(value, list):
            return "should be a list"
    if _is_int(value) or isinstance(value, float):
        return _range_problem(value, option.minimum, option.maximum)
    return None


def _match(choices: tuple[Any, ...], value: Any) -> Any:
    return next(c for c in choices if c == value)


def rule_option(info: SystemInfo, key: str) -> RuleOption | None:
    """The rule option ``key`` of ``info`` (``house`` is the core's), or None."""
    return next((o for o in info.options if o.key == key), None) or (HOUSE_OPTION if key == HOUSE_KEY else None)


def read_rule_value(key: str, raw: str) -> Any:
    """A rule option's value as typed (``--rule key=value``, ``campaign rule set
    key value``): a TOML value (``true``, ``3``, ``"sotc"``), else the bare text
    (``sotc``); ``house`` takes names separated by commas. Check it with
    :func:`option_problem`."""
    try:
        value = tomllib.loads(f"v = {raw}")["v"]
    except (tomllib.TOMLDecodeError, RecursionError):  # (arrays nested a thousand deep: tomllib recurses)
        value = raw
    if key == HOUSE_KEY and isinstance(value, str):  # house=a,b
        value = [name.strip() for name in value.split(",") if name.strip()]
    return value


# --- whole documents ---------------------------------------------------------


def fields_by_key(info: SystemInfo) -> dict[str, Field]:
    return {f.key: f for f in info.template}


def check_sheet(info: SystemInfo, values: Mapping[str, Any], where: Where, base: Key) -> None:
    """Check the values of one character (sheet or state) against the template.

    ``base`` is the dotted key of the character (``("characters", "Ana")``).
    Keys that are not in the template are refused (they are usually typos).
    """
    fields = fields_by_key(info)
    for key, value in values.items():
        field = fields.get(key)
        if field is None:
            raise where.error(base + (key,), "is not a key of the character template of "
                              f"{info.name!r}." + closest(key, list(fields), "Keys"))
        check_value(field, value, where, base + (key,))


def check_value(field: Field, value: Any, where: Where, key: Key) -> None:
    problem = field_problem(field, value)
    if problem:
        raise where.error(key, f"= {show(value)} {problem}.")
    if field.kind == "table":
        for entry, number in value.items():
            problem = entry_problem(field, number)
            if problem:
                raise where.error(key + (entry,), f"= {show(number)} {problem}.")


def check_state(info: SystemInfo, values: Mapping[str, Any], where: Where, base: Key) -> None:
    """Check kept state: template keys are checked, other keys (a plugin's own
    bookkeeping) are allowed."""
    fields = fields_by_key(info)
    for key, value in values.items():
        field = fields.get(key)
        if field is not None:
            check_value(field, value, where, base + (key,))


def check_rules(info: SystemInfo, rules: Any, where: Where) -> dict[str, Any]:
    """The campaign's rule options, every key present (defaults filled in)."""
    if not isinstance(rules, dict):
        raise where.error(("rules",), "should be a table: write [rules] on a line of its own.")
    for key, value in rules.items():
        option = rule_option(info, key)
        if option is None:
            raise where.error(("rules", key), f"is not a rule option of {info.name!r}."
                              + closest(key, [o.key for o in info.options], "Options"))
        problem = option_problem(option, value)
        if problem:
            raise where.error(("rules", key), f"= {show(value)} {problem}.")
    house = {HOUSE_KEY: rules[HOUSE_KEY]} if HOUSE_KEY in rules else {}
    return {o.key: rules.get(o.key, o.default) for o in info.options} | house


def check_campaign_doc(doc: dict[str, Any], where: Where,
                       systems: Callable[[str], SystemInfo]) -> tuple[SystemInfo, dict[str, Any], dict[str, dict]]:
    """Check a parsed campaign.toml; return its system, rule options (defaults
    filled) and the characters' sheets as written."""
    if "system" not in doc:
        raise where.error(("system",), 'no rule system given: add a line such as system = "dice" '
                          "before the first [table].", show_key=False)
    system = doc["system"]
    if not isinstance(system, str):
        raise where.error(("system",), f'= {show(system)} should be the name of a rule system in quotes.')
    info = systems(system)
    for key in doc:
        if key not in TOP_KEYS:
            raise where.error((key,), "is not a campaign setting." + closest(key, TOP_KEYS, "Settings"))
    title = doc.get("title")
    if title is not None and not isinstance(title, str):
        raise where.error(("title",), f"= {show(title)} should be a text in quotes.")
    from rolecli.tables.book import check_sections  # [rolls] and [tables]: checked by their own module

    check_sections(doc, where)
    options = check_rules(info, doc.get("rules", {}), where)
    characters = doc.get("characters", {})
    if not isinstance(characters, dict):
        raise where.error(("characters",), "should hold one table per character, such as [characters.Ana].")
    for name, sheet in characters.items():
        try:
            check_name(name, "character")
        except CampaignError as exc:
            raise where.error(("characters", name), str(exc), show_key=False) from None
        if not isinstance(sheet, dict):
            raise where.error(("characters", name), f"= {show(sheet)} should be a table of sheet values, "
                              f"such as [characters.{format_key([name])}].")
        check_sheet(info, sheet, where, ("characters", name))
    return info, options, characters


# --- values typed on the command line ----------------------------------------

_TRUE = {"true", "yes", "y", "1", "on", "sí", "si"}
_FALSE = {"false", "no", "n", "0", "off"}


def parse_assignments(info: SystemInfo, items: list[str] | tuple[str, ...]) -> dict[str, Any]:
    """Turn ``["hp=10", "skills.Alerta=3", "tags=a,b"]`` into checked sheet values
    ``{"hp": 10, "skills": {"Alerta": 3}, "tags": ["a", "b"]}``. Keys and texts
    may be quoted as TOML quotes them (``skills."Armas cuerpo a cuerpo"=4``,
    ``title="La cripta"``, ``tags=["a", "b"]``)."""
    fields = fields_by_key(info)
    values: dict[str, Any] = {}
    for item in items:
        parts, text = _assignment(item)
        key, name = item.partition("=")[0].strip(), parts[0]
        field = fields.get(name)
        if field is None:
            raise CampaignError(f"{key!r} is not a key of the character template of {info.name!r}."
                                + closest(name, list(fields), "Keys"))
        if field.kind == "table":
            if len(parts) != 2 or not parts[1].strip():
                raise CampaignError(f"{key} is a table; set one entry at a time, such as {name}.Name=3.")
            entry = parts[1].strip()
            check_name(entry, f"{name} entry")
            values.setdefault(name, {})[entry] = _parse_int(item, text, field)
            continue
        if len(parts) > 1:
            raise CampaignError(f"{key!r}: {name} is not a table, so it has no entries; write {name}=value.")
        if field.kind == "int":
            value: Any = _parse_int(item, text, field)
        elif field.kind == "bool":
            low = text.casefold()
            if low not in _TRUE | _FALSE:
                raise CampaignError(f"{item!r}: {name} takes true or false.")
            value = low in _TRUE
        elif field.kind == "list":
            value = _toml(item, text, list) if text.startswith("[") else [v.strip() for v in text.split(",") if v.strip()]
        else:
            value = _toml(item, text, str) if text[:1] in ("'", '"') else text
        problem = field_problem(field, value)
        if problem:
            raise CampaignError(f"{name} = {show(value)} {problem}.")
        values[name] = value
    return values


# One part of a typed dotted key, and what follows it (a dot, or the "=").
# A bare part is any text without dots, quotes or "=" (accents are fine:
# skills.Resolución); a quoted one is a TOML string ("Armas cuerpo a cuerpo").
# Compiled by re when a command first reads an assignment, not by every campaign read.
_KEY_PART = r"""\s*("(?:[^"\\]|\\.)*"|'[^']*'|[^."'=]*?)\s*([.=])"""


def _assignment(item: str) -> tuple[list[str], str]:
    """``skills."Armas cuerpo a cuerpo"=4`` → ``(["skills", "Armas cuerpo a cuerpo"], "4")``."""
    parts: list[str] = []
    at = 0
    while True:
        m = re.compile(_KEY_PART).match(item, at)
        if m is None and "=" in item:
            raise CampaignError(f"{item!r}: cannot read the key; quote a name that holds dots, quotes or '=' as "
                                'TOML does: skills."Armas cuerpo a cuerpo"=4.')
        if m is None or not (parts or m.group(1)):
            raise CampaignError(f"{item!r}: write sheet values as key=value, such as hp=10 or skills.Alerta=3.")
        part = m.group(1)
        parts.append(part[1:-1] if part[:1] == "'" else _toml(item, part, str) if part[:1] == '"' else part)
        at = m.end()
        if m.group(2) == "=":
            return parts, item[at:].strip()


def _toml(item: str, text: str, kind: type) -> Any:
    """``text`` read as a TOML value of ``kind`` (a quoted text, an array of texts)."""
    try:
        value = tomllib.loads(f"v = {text}")["v"]
    except (tomllib.TOMLDecodeError, RecursionError):  # (arrays nested a thousand deep: tomllib recurses)
        value = None
    if not isinstance(value, kind) or (kind is list and not all(isinstance(v, str) for v in value)):
        what = "a text in TOML quotes" if kind is str else 'a TOML array of texts, such as ["a", "b"]'
        raise CampaignError(f"{item!r}: {text} is not {what}.")
    return value


def _parse_int(item: str, text: str, field: Field) -> int:
    try:
        value = int(text)
    except ValueError:
        value = field.number(text)
        if not _is_int(value):
            raise CampaignError(f"{item!r}: {item.partition('=')[0].strip()} takes a whole number"
                                f"{_range_hint(field)}{_names_hint(field)}.") from None
    problem = entry_problem(field, value)
    if problem:
        raise CampaignError(f"{item.partition('=')[0].strip()} = {value} {problem}.")
    return value
