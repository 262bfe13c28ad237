"""Helpers for the v5 tests: the hooks called as the core calls them, quick commands
through the command line, and characters built from the sample campaign's sheets."""

from __future__ import annotations

import itertools
import tomllib
from collections import Counter
from functools import cache
from pathlib import Path

from rolecli.contract import Action, Character, Context
from rolecli.dice.source import DiceSource

REPO = Path(__file__).resolve().parents[2]


def v5(cli, *args):
    """``rolecli v5 ARGS --json``."""
    return cli("v5", *map(str, args), "--json")


def camp(cli, *args):
    """``rolecli -C v5 ARGS --json`` on the sample campaign."""
    return cli("-C", "v5", *map(str, args), "--json")


def sheet(name: str) -> dict:
    data = tomllib.loads((REPO / "campaigns" / "v5" / "campaign.toml").read_text("utf-8"))
    return dict(data["characters"][name])


def character(name: str, state: dict | None = None, **over) -> Character:
    """A character of the sample campaign (state fields written on its sheet start its
    state), or a custom one from ``over`` alone."""
    from rolecli_v5.system import TEMPLATE

    try:
        base = sheet(name)
    except KeyError:
        base = {}
    base.update(over)
    kept = {f.key: base.pop(f.key) for f in TEMPLATE if f.state and f.key in base}
    kept.update(state or {})
    return Character(name, base, kept)


def call(verb: str, *, dice=None, seed=None, lang="en", actor=None, target=None, chars=(), rules=None, **params):
    """Run one verb through its hook as the core does; every --dice value must be read."""
    import rolecli_v5
    from rolecli.testing import hooks

    spec, plugin = rolecli_v5.INFO.action(verb), hooks(rolecli_v5)
    source = DiceSource(seed, [str(d) for d in dice] if dice is not None else None)
    known = {c.name: c for c in (*chars, actor, target) if c is not None}
    ctx = Context(lang, source, dict(rules or {}), known)
    action = Action(verb, params, actor, target)
    if spec.hook == "roll":
        out = plugin.rolecli_roll(action=action, ctx=ctx)
    elif spec.hook == "resolve":
        out = plugin.rolecli_resolve(action=action, ctx=ctx)
    elif spec.hook == "damage":
        out = plugin.rolecli_apply_damage(character=actor, action=action, ctx=ctx)
    elif spec.hook == "recover":
        out = plugin.rolecli_recover(character=actor, event=params["event"], action=action, ctx=ctx)
    else:
        out = plugin.rolecli_initiative(characters=list(chars), action=action, ctx=ctx)
    source.finish()
    out.reads = source.reads
    return out


@cache
def reroll_faces(k: int) -> Counter:
    """Every face of ``k`` rerolled regular dice, by what the rulings read of a regular
    die (a 10, another 6+, or a failure): a stand-in roll for each kind, with how many of
    the 10**k faces give it. Exact odds then sum a few stand-ins instead of every face."""
    return Counter(tuple(sorted((10 if d == 10 else 6 if d >= 6 else 1 for d in faces), reverse=True))
                   for faces in itertools.product(range(1, 11), repeat=k))


def after(character: Character, outcome) -> Character:
    """The character with the state the outcome gives it: the fields it sets over the
    others, which a change may leave out (Outcome.changes), as the core keeps them."""
    return Character(character.name, character.sheet, {**character.state, **outcome.changes.get(character.name, {})})
