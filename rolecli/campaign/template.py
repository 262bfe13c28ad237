"""The text of a new campaign.toml: every rule option of the system with its
default and what it does, and a commented example character built from the
system's template, so the GM can start editing without reading the docs."""

from __future__ import annotations

from typing import Any

from rolecli.campaign.locate import format_key, show
from rolecli.campaign.validate import show_range
from rolecli.contract import Field, SystemInfo


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
