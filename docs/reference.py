"""The reference part of docs/plugins.md, written from the contract's own docstrings.

    python docs/reference.py          rewrite it in docs/plugins.md
    python docs/reference.py --check  exit 1 if docs/plugins.md is not up to date

Every hook of :mod:`rolecli.hookspecs`, every public class and function of
:mod:`rolecli.contract` with its fields, and ``ctx.dice``
(:class:`rolecli.dice.source.DiceSource`). :func:`undocumented` names what has
no docstring, or a field its class's docstring does not mention; the test suite
(tests/test_plugin_docs.py) fails on either.
"""

from __future__ import annotations

import dataclasses
import inspect
import re
import sys
import typing
from pathlib import Path

PAGE = Path(__file__).resolve().parent / "plugins.md"
BEGIN = "<!-- reference: written by docs/reference.py from the docstrings; do not edit by hand -->"
END = "<!-- end of reference -->"


def hooks() -> list:
    from rolecli import hookspecs

    return [f for name, f in vars(hookspecs).items() if name.startswith("rolecli_") and callable(f)]


def classes() -> list:
    from rolecli import contract

    return [c for name, c in vars(contract).items()
            if inspect.isclass(c) and c.__module__ == contract.__name__ and not name.startswith("_")]


def functions() -> list:
    from rolecli import contract

    return [f for name, f in vars(contract).items()
            if inspect.isfunction(f) and f.__module__ == contract.__name__ and not name.startswith("_")]


def given(cls) -> list:
    """The fields a plugin gives (those the class works out itself, ``init=False``, are not its)."""
    return [f for f in dataclasses.fields(cls) if f.init] if dataclasses.is_dataclass(cls) else []


def fields(cls) -> list[str]:
    return [f.name for f in given(cls)]


def methods(cls) -> list:
    return [m for name, m in vars(cls).items() if not name.startswith("_") and name not in fields(cls)
            and (inspect.isfunction(m) or isinstance(m, (classmethod, property)))]


def undocumented() -> list[str]:
    """What the reference would leave out: a hook, class, function or method
    without a docstring, a field or parameter kind its class's docstring does not name."""
    from rolecli.contract import Param, ParamKind

    missing = [f"hook {f.__name__}" for f in hooks() if not inspect.getdoc(f)]
    missing += [f"{c.__name__}" for c in classes() if not inspect.getdoc(c)]
    missing += [f"{f.__name__}()" for f in functions() if not inspect.getdoc(f)]
    for cls in classes():
        doc = inspect.getdoc(cls) or ""
        missing += [f"{cls.__name__}.{name}" for name in fields(cls) if not re.search(f"``{name}(=[^`]*)?``", doc)]
        missing += [f"{cls.__name__}.{_name(m)}()" for m in methods(cls) if not inspect.getdoc(_function(m))]
    missing += [f"Param kind {kind!r}" for kind in typing.get_args(ParamKind)
                if f"``{kind}``" not in (inspect.getdoc(Param) or "")]
    return missing


def _function(member):
    return member.fget if isinstance(member, property) else getattr(member, "__func__", member)


def _name(member) -> str:
    return _function(member).__name__


# --- from docstrings to Markdown --------------------------------------------------

# A role's target without its module: `rolecli.contract.Outcome` -> `Outcome`, `Action.params` stays.
_ROLE = re.compile(r":(?:class|func|meth|attr|data|mod):`~?(?:rolecli(?:\.[a-z_]+)*\.)?([\w.]+)`")


def markdown(doc: str) -> str:
    """A reST docstring as Markdown: roles and ``code`` to `code`, :param: and
    :return: fields to a list."""
    text = _ROLE.sub(lambda m: f"`{m.group(1)}`", doc)
    text = re.sub(r"``([^`]+)``", r"`\1`", text)
    text = re.sub(r"^:param (\w+):", r"- `\1`:", text, flags=re.M)
    text = re.sub(r"^:return:", "- returns:", text, flags=re.M)
    text = re.sub(r"` s\b", "`s", text)  # ":class:`Effect` s" reads "`Effect`s"
    return text


def _signature(f, owner: str = "") -> str:
    """``name(a: int, b: str = 'x') -> R``: annotations as written (they are strings here), defaults as values."""
    def one(p: inspect.Parameter) -> str:
        said = ("**" if p.kind is p.VAR_KEYWORD else "*" if p.kind is p.VAR_POSITIONAL else "") + p.name
        if p.annotation is not p.empty:
            said += f": {str(p.annotation).strip(chr(39))}"
        return said + ("" if p.default is p.empty else f" = {p.default!r}")

    sig = inspect.signature(f)
    params = [one(p) for p in sig.parameters.values() if p.name not in ("self", "cls")]
    returns = "" if sig.return_annotation is sig.empty else f" -> {str(sig.return_annotation).strip(chr(39))}"
    return f"{owner}{f.__name__}({', '.join(params)}){returns}"


def _aliases() -> dict[str, str]:
    """The contract's names for sets of words (``ParamKind``), as the words."""
    from rolecli import contract

    return {name: " \\| ".join(map(repr, typing.get_args(value))) for name, value in vars(contract).items()
            if typing.get_origin(value) is typing.Literal}


def _fields_table(cls) -> list[str]:
    aliases = _aliases()
    rows = ["| field | type | default |", "|---|---|---|"]
    for f in given(cls):
        if f.default is not dataclasses.MISSING:
            default = f"`{f.default!r}`"
        elif f.default_factory is not dataclasses.MISSING:
            default = f"`{f.default_factory()!r}`"
        else:
            default = "required"
        kind = str(f.type).strip('"').replace("|", "\\|")
        rows.append(f"| `{f.name}` | `{aliases.get(kind, kind)}` | {default} |")
    return rows


def _member(cls, member) -> list[str]:
    function = _function(member)
    if isinstance(member, property):
        head = f"`{cls.__name__}.{function.__name__}` (property)"
    else:
        head = f"`{_signature(function, cls.__name__ + '.')}`"
    return [f"- {head}: " + markdown(inspect.getdoc(function) or "").replace("\n", "\n  ")]


def reference() -> str:
    from rolecli.contract import CONTRACT_VERSION, SUPPORTED_CONTRACTS
    from rolecli.dice.source import DiceSource, DieRead

    out = [BEGIN, "", "## Reference", "",
           f"Contract version {CONTRACT_VERSION} (this rolecli loads plugins written for "
           f"{', '.join(map(str, SUPPORTED_CONTRACTS))}).", "", "### Hooks", ""]
    for f in hooks():
        out += [f"#### `{_signature(f)}`", "", markdown(inspect.getdoc(f)), ""]
    out += ["### Classes and functions of `rolecli.contract`", ""]
    for cls in classes():
        if dataclasses.is_dataclass(cls):
            head = cls.__name__
        elif issubclass(cls, Exception):
            head = f"{cls.__name__}(message)  # an exception: {cls.__mro__[1].__name__}"
        else:
            head = _signature(cls.__init__).replace("__init__", cls.__name__).removesuffix(" -> None")
        out += [f"#### `{head}`", "", markdown(inspect.getdoc(cls)), ""]
        if dataclasses.is_dataclass(cls):
            out += _fields_table(cls) + [""]
        members = methods(cls)
        if members:
            out += [line for m in members for line in _member(cls, m)] + [""]
    for f in functions():
        out += [f"#### `{_signature(f)}`", "", markdown(inspect.getdoc(f)), ""]
    out += ["### `ctx.dice`: the dice source", "", markdown(inspect.getdoc(DiceSource)), ""]
    out += [line for name in ("roll", "roll_many", "fudge", "fudge_many", "custom", "reads", "physical")
            for line in _member(DiceSource, vars(DiceSource)[name])]
    out += ["", "#### `DieRead`", "", markdown(inspect.getdoc(DieRead)), ""] + _fields_table(DieRead)
    return "\n".join(out + ["", END])


def page_with_reference(page: str) -> str:
    start, end = page.index(BEGIN), page.index(END) + len(END)
    return page[:start] + reference() + page[end:]


def main(argv: list[str]) -> int:
    page = PAGE.read_text(encoding="utf-8")
    fresh = page_with_reference(page)
    if "--check" in argv:
        if fresh != page:
            print(f"{PAGE.name} is out of date: run python docs/reference.py", file=sys.stderr)
            return 1
        return 0
    PAGE.write_text(fresh, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
