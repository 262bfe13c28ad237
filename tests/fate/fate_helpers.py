"""Helpers for the Caminantes (fate) tests: call the plugin's hooks the way the
core does (``rolecli.testing.hooks``), with a DiceSource reading the dice given
(or a seed)."""

from __future__ import annotations

import rolecli_fate as fate
from rolecli.contract import Action, Character, Context
from rolecli.dice.source import DiceSource
from rolecli.testing import hooks

FATE = hooks(fate)  # the plugin's hooks as the core calls them: parameters and rule options complete


def on_campaign(cli, *args):
    """``rolecli -C caminantes ARGS``: a verb on the sample campaign's characters."""
    return cli("-C", "caminantes", *map(str, args))


def char(name: str, skills: dict | None = None, state: dict | None = None, **sheet) -> Character:
    sheet = {"habilidades": dict(skills or {}), **sheet}
    return Character(name, sheet, dict(state or {}))


def run(verb: str, *, actor=None, target=None, dice=None, seed=None, options=None, lang="es",
        chars=(), characters=None, **params):
    """Run one verb through its hook; returns (Outcome, DiceSource)."""
    given = dice.split(",") if isinstance(dice, str) else dice
    src = DiceSource(seed=seed, given=given)
    known = {c.name: c for c in chars}
    for c in (actor, target):
        if c is not None:
            known.setdefault(c.name, c)
    ctx = Context(lang=lang, dice=src, options=dict(options or {}), characters=known)
    spec = fate.INFO.action(verb)
    assert spec is not None, verb
    action = Action(verb, params, actor, target)
    if spec.hook == "resolve":
        out = FATE.rolecli_resolve(action=action, ctx=ctx)
    elif spec.hook == "damage":
        out = FATE.rolecli_apply_damage(character=actor, action=action, ctx=ctx)
    elif spec.hook == "recover":
        out = FATE.rolecli_recover(character=actor, event=params["event"], action=action, ctx=ctx)
    elif spec.hook == "initiative":
        out = FATE.rolecli_initiative(characters=list(characters or chars), action=action, ctx=ctx)
    else:
        out = FATE.rolecli_roll(action=action, ctx=ctx)
    src.finish()
    return out


def odds(verb: str, *, actor=None, target=None, options=None, lang="es", **params):
    ctx = Context(lang=lang, dice=DiceSource(given=[]), options=dict(options or {}), characters={})
    return FATE.rolecli_odds(action=Action(verb, params, actor, target), ctx=ctx)


def applied(ch: Character, out) -> Character:
    """The character with the outcome's new state."""
    return Character(ch.name, ch.sheet, out.changes.get(ch.name, ch.state))
