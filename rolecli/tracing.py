"""``ROLECLI_TRACE_PLUGINS=1``: every hook call on stderr, for plugin authors.

One line per call, after it returns: the hook, the plugins that answer it (in
the order pluggy calls them: house rules first), the arguments and the result
in short, and the time it took::

    rolecli: trace: rolecli_resolve [fate] action=check(skill='3') ctx=en -> Outcome(success=True) 0.21 ms

pluggy's own hook-call monitoring feeds it, so subset hook callers, wrappers
and house rules are all seen; ``rolecli_system``, which the core calls on each
plugin directly, is traced by :mod:`rolecli.plugins`.
"""

from __future__ import annotations

import reprlib
import sys
import time
from typing import Any

_WIDTH = 80  # a short form longer than this is cut: the line is for reading, not for parsing
_repr = reprlib.Repr()
_repr.maxstring = _repr.maxother = 40


def short(value: Any) -> str:
    """A value of the contract in a few words; never an error, whatever a plugin
    returned (an Outcome whose ``lines`` are a number is its failure to report, not the tracer's)."""
    try:
        said = _said(value)
    except Exception:
        said = f"<{type(value).__name__}>"
    return said if len(said) <= _WIDTH else said[: _WIDTH - 1] + "…"


def _said(value: Any) -> str:
    from rolecli.contract import Action, Character, Context, Odds, Outcome, Status, SystemInfo

    if isinstance(value, Action):
        params = [f"{k}={v!r}" for k, v in value.params.items() if v is not None]
        params += [f"{who}={c.name}" for who, c in (("actor", value.actor), ("target", value.target)) if c]
        said = f"{value.name}({', '.join(params)})"
    elif isinstance(value, Character):
        said = value.name
    elif isinstance(value, Context):
        said = value.lang + (f" {len(value.characters)} characters" if value.characters else "")
    elif isinstance(value, (list, tuple)) and value and all(isinstance(v, Character) for v in value):
        said = "[" + ", ".join(c.name for c in value) + "]"
    elif isinstance(value, Outcome):
        changed = f", changes={','.join(value.changes)}" if value.changes else ""
        said = f"Outcome(success={value.success}{changed}, {len(value.lines)} lines)"
    elif isinstance(value, Odds):
        said = "Odds(" + ", ".join(f"{k}={p}" for k, p in value.outcomes.items()) + ")"
    elif isinstance(value, Status):
        said = f"Status(can_act={value.can_act}, key={value.key})"
    elif isinstance(value, SystemInfo):
        said = f"SystemInfo({value.name}, {len(value.actions)} verbs)"
    else:
        said = _repr.repr(value)
    return said


def line(hook: str, plugins: list[str], kwargs: dict[str, Any], result: str, seconds: float) -> None:
    said = [f"{k}={short(v)}" for k, v in kwargs.items()]
    print(" ".join(["rolecli: trace:", hook, f"[{', '.join(plugins)}]", *said, "->", result, f"{seconds * 1000:.2f} ms"]),
          file=sys.stderr)


class Tracer:
    """The before/after pair pluggy's ``add_hookcall_monitoring`` takes; calls
    may nest (a hook calling another), so start times are a stack. ``hidden``:
    the names of registered plugins that are the core's, not a plugin (its
    witness), left out of the lines."""

    def __init__(self, hidden: frozenset[str] = frozenset()) -> None:
        self.started: list[float] = []
        self.hidden = hidden

    def before(self, hook: str, impls: Any, kwargs: Any) -> None:
        self.started.append(time.perf_counter())

    def after(self, outcome: Any, hook: str, impls: Any, kwargs: Any) -> None:
        seconds = time.perf_counter() - self.started.pop()
        failed = outcome.exception
        result = f"raised {short(failed)}" if failed else short(outcome.get_result())
        # pluggy calls the implementations registered last first; the core's hooks for
        # a plugin's declared verbs ("dice:verbs") are that plugin's, named once.
        names = [impl.plugin_name.partition(":")[0] for impl in reversed(impls) if impl.plugin_name not in self.hidden]
        line(hook, list(dict.fromkeys(names)), dict(kwargs), result, seconds)
