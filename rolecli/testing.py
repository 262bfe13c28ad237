"""A test kit for rule-system plugins: rolecli without a terminal.

Everything runs in the test's own process, fast, with no terminal and nothing
left behind::

    from rolecli.testing import campaign, context, run

    def test_a_check_on_a_campaign():
        with campaign({"system": "blades", "characters": {"Ana": {"skills": {"Prowl": 2}}}}):
            result = run("check", "Ana", "Prowl", "--dice", "6,2", "--json")
        assert result.code == 0 and result.json["success"] is True

    def test_the_hook_itself():
        ctx = context(INFO, dice=[6, 2])
        outcome = hooks(blades).rolecli_resolve(action=Action("check", {"skill": "2"}), ctx=ctx)

- :func:`run` runs one command line as the ``rolecli`` executable would, and
  returns its exit code, stdout, stderr and the JSON it printed.
- :func:`campaign` makes a throw-away campaign from a dict (what campaign.toml
  would hold) and makes it the current one for the block.
- :func:`context` makes the :class:`~rolecli.contract.Context` a hook gets,
  with the dice it will read, to call a hook directly.
- :func:`hooks` gives a plugin's hooks as the core calls them: its own
  implementations and the functions its verbs name (``ActionSpec(run=...)``),
  each verb's parameters and the rule options filled in; :func:`call` plays
  an Action through the hook its verb names.
- :func:`plugins` loads extra plugin modules into this process for the block,
  to test one before it is packaged.

The plugins are those installed (entry points), loaded once per process, so
``ROLECLI_LOAD_PLUGINS`` and the like set inside a test do not apply: use
:func:`plugins`, or run ``python -m rolecli`` as a process for those.

This module is an entry point, like ``python -m rolecli``: it sits above the
command line (:func:`run` imports :mod:`rolecli.cli` when it is called), and no
module of rolecli imports it.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator, Mapping, Sequence

from rolecli.contract import Character, Context, SystemInfo

__all__ = ["Result", "call", "campaign", "character", "context", "hooks", "plugins", "run"]


@dataclass
class Result:
    """What one command line did: its exit code, and what it printed."""

    code: int
    out: str
    err: str

    @property
    def json(self) -> Any:
        """The JSON printed (with ``--json``): one object, or a list of them for
        JSON lines; ``None`` when what was printed is not JSON (text, or nothing),
        so a test can assert on it without guarding against a failed command."""
        try:
            rows = [json.loads(line) for line in self.out.splitlines() if line.strip()]
        except ValueError:
            return None
        return None if not rows else rows[0] if len(rows) == 1 else rows


def run(*args: Any, stdin: str | None = None, env: Mapping[str, str] | None = None) -> Result:
    """Run ``rolecli ARGS`` in this process: ``run("fate", "check", "3", "--seed", "1")``.

    ``stdin`` feeds standard input (``batch``); ``env`` sets environment
    variables for this call only (``{"ROLECLI_LANG": "en"}``).
    """
    from rolecli.cli import invoke

    out, err = io.StringIO(), io.StringIO()
    with _environment(env or {}), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        old_stdin = sys.stdin
        if stdin is not None:
            sys.stdin = io.StringIO(stdin)
        try:
            code = invoke([str(a) for a in args])
        finally:
            sys.stdin = old_stdin
    return Result(code, out.getvalue(), err.getvalue())


@contextlib.contextmanager
def campaign(data: Mapping[str, Any], name: str = "test") -> Iterator[Path]:
    """A throw-away campaign, current for the block: ``data`` is what its
    ``campaign.toml`` holds (``system``, ``rules``, ``characters``...), checked
    as rolecli checks a campaign. Yields the campaign's folder; the state the
    block's commands keep is in its ``state.toml``, their log in ``log.jsonl``."""
    import tomli_w

    from rolecli import campaign as store
    from rolecli.plugins import system_info

    with tempfile.TemporaryDirectory(prefix="rolecli-test-") as folder:
        root = Path(folder)
        path = root / store.check_name(name, "campaign")
        path.mkdir()
        (path / "campaign.toml").write_text(tomli_w.dumps(dict(data)), encoding="utf-8")
        store.load_campaign(root, name, system_info)  # a campaign rolecli would refuse fails here
        with _environment({"ROLECLI_CAMPAIGNS": str(root)}):
            store.set_current(root, name)
            yield path


def context(info: SystemInfo | None = None, dice: Sequence[int | str] | None = None, seed: int | None = None,
            lang: str = "en", options: Mapping[str, Any] | None = None,
            characters: Sequence[Character] = (), explain: bool = True, record: bool = True) -> Context:
    """The Context a hook gets: ``dice`` are the values it reads, in order (as
    ``--dice`` gives them; a hook reading more is an error), else rolled with
    ``seed``. ``options``: rule options over the defaults ``info`` declares.
    ``explain=False``: as a simulation calls it (no one reads the lines);
    ``record=False``: as its trials call it where no house rule joins (no one
    reads the data, ``Context.record``)."""
    from rolecli.dice.source import DiceSource

    given = [str(d) for d in dice] if dice is not None else None
    return Context(lang, DiceSource(seed, given), info.rule_options(options) if info else dict(options or {}),
                   {c.name: c for c in characters}, explain=explain, record=record)


def hooks(plugin: Any) -> Any:
    """``plugin``'s hooks, called by keyword as the core calls them
    (``hooks(plugin).rolecli_resolve(action=..., ctx=...)``): a pluggy hook
    relay holding only ``plugin`` and, when its verbs name their functions,
    the core's :class:`rolecli.dispatch.Verbs` for them. Results are not
    checked here; :func:`run` goes through everything the core checks."""
    import pluggy

    from rolecli import hookspecs
    from rolecli.declarations import check_system
    from rolecli.dispatch import Verbs, declares_functions

    if id(plugin) in _RELAYS and _RELAYS[id(plugin)][0] is plugin:
        return _RELAYS[id(plugin)][1]
    manager = pluggy.PluginManager("rolecli")
    manager.add_hookspecs(hookspecs)
    manager.register(plugin)
    declare = getattr(plugin, "rolecli_system", None)
    info = declare() if declare is not None else None
    if info is not None and declares_functions(info):
        manager.register(Verbs(check_system(info)))  # the verbs as the core completes them
    _RELAYS[id(plugin)] = (plugin, manager.hook)
    return manager.hook


_RELAYS: dict[int, tuple[Any, Any]] = {}  # hooks(plugin), made once per plugin object


def call(plugin: Any, action: Any, ctx: Context, characters: Sequence[Character] = ()) -> Any:
    """``action`` played through the hook its verb names, with the arguments the
    core gives it (:func:`hooks`): the actor for damage and recovery (with the
    action's ``event``), ``characters`` for initiative. Its Outcome."""
    relay = hooks(plugin)
    hook = plugin.rolecli_system().action(action.name).hook
    if hook == "damage":
        return relay.rolecli_apply_damage(character=action.actor, action=action, ctx=ctx)
    if hook == "recover":
        return relay.rolecli_recover(character=action.actor, event=action.params["event"], action=action, ctx=ctx)
    if hook == "initiative":
        return relay.rolecli_initiative(characters=list(characters), action=action, ctx=ctx)
    return getattr(relay, f"rolecli_{hook}")(action=action, ctx=ctx)


def character(info: SystemInfo, name: str, sheet: Mapping[str, Any] | None = None,
              state: Mapping[str, Any] | None = None) -> Character:
    """A character as a hook sees it: ``info``'s template defaults, with the
    ``sheet`` values a game master would write and the ``state`` rolecli keeps."""
    from rolecli.campaign.snapshot import build_character

    return build_character(info, name, sheet or {}, state or {})


@contextlib.contextmanager
def plugins(*modules: Any) -> Iterator[Any]:
    """The installed plugins plus ``modules`` (plugin modules or objects) for the
    block, as if they were installed; yields the :class:`rolecli.plugins.Plugins`."""
    from rolecli.plugins import Plugins, use_plugins

    loaded = Plugins()
    loaded.load_entry_points()
    for module in modules:
        loaded.register(module, getattr(module, "__name__", type(module).__name__))
    before = use_plugins(loaded)
    try:
        yield loaded
    finally:
        use_plugins(before)


@contextlib.contextmanager
def _environment(values: Mapping[str, str]) -> Iterator[None]:
    saved = {k: os.environ.get(k) for k in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
