"""Helpers for the Giro de Reloj (giro) tests: a side built from plain numbers,
the plugin's hooks called the way the core calls them, and the sample
campaign's characters (campaigns/giro)."""

from __future__ import annotations

import tomllib

import rolecli_giro as giro_plugin
from rolecli.contract import Action, Character, Context
from rolecli.dice.source import DiceSource
from rolecli_giro.adjustment import AdjustPlan
from rolecli_giro.clock_turn import Side, pool
from rolecli_giro.success_range import SuccessRange

from rolecli_testing import REPO


def side(limit: int, difficulty: int = 1, *, who: str = "", adjust: int = 0, day: int | None = None,
         night_points: int | None = None, night: str = "on-failure", keep: int | None = None, extra_day: int = 0,
         assistants: tuple[str, ...] = (), extra_night: int = 0, tempt: bool = False, night_turn: bool = False,
         success_factor_mod: int = 0, failure_factor_mod: int = 0) -> Side:
    return Side(who, SuccessRange(difficulty, limit),
                pool(extra_day, assistants, extra_night, tempt=tempt, night_turn=night_turn),
                AdjustPlan(adjust, day, night_points), night, keep, success_factor_mod, failure_factor_mod)


def giro(cli, *args):
    """``rolecli giro ARGS --json``."""
    return cli("giro", *map(str, args), "--json")


def character(name: str, state: dict | None = None) -> Character:
    """A character of the sample campaign, with the template's defaults."""
    doc = tomllib.loads((REPO / "campaigns" / "giro" / "campaign.toml").read_text("utf-8"))
    sheet = {f.key: f.default for f in giro_plugin.INFO.template if not f.state}
    sheet.update(doc["characters"][name])
    return Character(name, sheet, dict(state or {}))


def run(verb: str, *, actor=None, target=None, dice=None, seed=None, options=None, lang="en", chars=(), **params):
    """One verb through its hook, every --dice value read; returns the Outcome."""
    given = [str(d) for d in dice] if dice is not None else None
    src = DiceSource(seed=seed, given=given)
    known = {c.name: c for c in (*chars, actor, target) if c is not None}
    ctx = Context(lang, src, {o.key: o.default for o in giro_plugin.INFO.options} | dict(options or {}), known)
    spec = giro_plugin.INFO.action(verb)
    action = Action(verb, params, actor, target)
    if spec.hook == "resolve":
        out = giro_plugin.rolecli_resolve(action=action, ctx=ctx)
    elif spec.hook == "damage":
        out = giro_plugin.rolecli_apply_damage(character=actor, action=action, ctx=ctx)
    elif spec.hook == "recover":
        out = giro_plugin.rolecli_recover(character=actor, event=params["event"], action=action, ctx=ctx)
    elif spec.hook == "initiative":
        out = giro_plugin.rolecli_initiative(characters=list(chars), action=action, ctx=ctx)
    else:
        out = giro_plugin.rolecli_roll(action=action, ctx=ctx)
    src.finish()
    return out
