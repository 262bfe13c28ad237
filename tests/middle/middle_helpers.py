"""Helpers for the middle-of-three tests: the CLI in its quick and campaign
forms (on the test's private copy of campaigns/middle), and the sample
campaign's kept state."""

from __future__ import annotations

import tomllib


def quick(cli, *args):
    """``rolecli middle ARGS --json``."""
    return cli("middle", *map(str, args), "--json")


def camp(cli, *args):
    """``rolecli -C middle ARGS --json``: a verb on the sample campaign's characters."""
    return cli("-C", "middle", *map(str, args), "--json")


def shown(cli, name: str) -> dict:
    """``character show NAME --json``: sheet, state and status."""
    result = cli("-C", "middle", "character", "show", name, "--json")
    assert result.code == 0, result.err
    return result.json


def state(cli, name: str) -> dict:
    return shown(cli, name)["state"]


def kept(campaigns) -> dict:
    """What state.toml holds now (empty before anything changed)."""
    path = campaigns / "middle" / "state.toml"
    return tomllib.loads(path.read_text("utf-8")) if path.exists() else {}


def end_round(cli, *names):
    result = cli("-C", "middle", "recover", "end_of_round", *names)
    assert result.code == 0, result.err


def refused(result, *words):
    """Exit 2, one line on stderr naming ``words``, nothing on stdout."""
    assert result.code == 2, (result.out, result.err)
    assert result.out == "" and result.err.count("\n") == 1, result.err
    for word in words:
        assert word in result.err, result.err


def call(verb: str, *, dice=None, seed=None, options=None, lang="en", actor=None, target=None, characters=(), **params):
    """A verb's hook called as the core calls it (a quick roll unless characters
    are given); every ``dice`` value must be read."""
    import rolecli_middle
    from rolecli.contract import Action, Context
    from rolecli.dice.source import DiceSource
    from rolecli.testing import hooks

    plugin = hooks(rolecli_middle)

    source = DiceSource(seed=seed, given=[str(d) for d in dice] if dice is not None else None)
    known = {c.name: c for c in (*characters, *(c for c in (actor, target) if c is not None))}
    ctx = Context(lang, source, dict(options or {}), known)
    action = Action(verb, params, actor, target)
    hook = rolecli_middle.INFO.action(verb).hook
    if hook == "roll":
        out = plugin.rolecli_roll(action=action, ctx=ctx)
    elif hook == "resolve":
        out = plugin.rolecli_resolve(action=action, ctx=ctx)
    else:
        raise AssertionError(f"call() runs roll and resolve verbs, not {verb}")
    source.finish()
    return out, source


def odds(verb: str, *, options=None, **params):
    import rolecli_middle
    from rolecli.contract import Action, Context
    from rolecli.dice.source import DiceSource
    from rolecli.testing import hooks

    plugin = hooks(rolecli_middle)

    return plugin.rolecli_odds(action=Action(verb, params), ctx=Context("en", DiceSource(0), dict(options or {}), {}))
