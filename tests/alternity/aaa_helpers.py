"""Helpers for the AAA (alternity) tests: quick commands through the CLI, and the
hooks called directly with campaign characters (sheets from campaigns/aaa)."""

from __future__ import annotations

import tomllib
from pathlib import Path

from rolecli.contract import Action, Character, Context
from rolecli.dice.source import DiceSource

REPO = Path(__file__).resolve().parents[2]


def aaa_cli(cli, *args):
    """``rolecli alternity ARGS --json``."""
    return cli("alternity", *map(str, args), "--json")


def on_campaign(cli, *args):
    """``rolecli -C aaa ARGS``: a verb on the sample campaign's characters."""
    return cli("-C", "aaa", *map(str, args))


def kept(cli, name: str) -> dict:
    """The state the campaign keeps for ``name``."""
    return on_campaign(cli, "character", "show", name, "--json").json["state"]


def options(**over):
    from rolecli_alternity.system import OPTIONS

    opts = {o.key: o.default for o in OPTIONS}
    opts.update(over)
    return opts


def sheet_defaults() -> dict:
    from rolecli_alternity.system import TEMPLATE

    return {f.key: f.default for f in TEMPLATE if not f.state and f.default is not None}


def character(name: str, state: dict | None = None, **sheet) -> Character:
    """A character of the sample campaign (campaigns/aaa), or a custom one."""
    data = tomllib.loads((REPO / "campaigns" / "aaa" / "campaign.toml").read_text("utf-8"))
    base = sheet_defaults()
    base.update(data["characters"].get(name, {}))
    base.update(sheet)
    return Character(name, base, dict(state or {}))


def after(ch: Character, out) -> dict:
    """``ch``'s state once the core keeps what ``out`` changed of it: a hook may return only
    the fields it sets (the contract), over the state the character had."""
    from rolecli_alternity.sheet import kept_state

    return {**kept_state(ch), **out.changes[ch.name]}


def call(verb: str, *, dice=(), lang: str = "en", actor=None, target=None, chars=(), rules=None, event=None, **params):
    """Call the hook of ``verb`` as the core would (``rolecli.testing.hooks``: the
    verb's parameters and the rule options completed); every --dice value must be read."""
    import rolecli_alternity as plugin
    from rolecli.testing import hooks

    spec = plugin.INFO.action(verb)
    if event is not None:
        params["event"] = event
    src = DiceSource(given=[str(d) for d in dice])
    ctx = Context(lang, src, options(**(rules or {})), {c.name: c for c in chars})
    action = Action(verb, params, actor, target)
    aaa = hooks(plugin)
    if spec.hook == "roll":
        out = aaa.rolecli_roll(action=action, ctx=ctx)
    elif spec.hook == "resolve":
        out = aaa.rolecli_resolve(action=action, ctx=ctx)
    elif spec.hook == "damage":
        out = aaa.rolecli_apply_damage(character=actor, action=action, ctx=ctx)
    elif spec.hook == "recover":
        out = aaa.rolecli_recover(character=actor, event=params["event"], action=action, ctx=ctx)
    else:
        out = aaa.rolecli_initiative(characters=list(chars), action=action, ctx=ctx)
    src.finish()
    out.dice = src.reads
    return out
