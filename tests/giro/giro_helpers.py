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
    """One verb through the system's hook, called as the core calls it (its
    subjects: the actor, or ``chars`` for initiative); every --dice value must
    be read. Returns the Outcome."""
    from rolecli.play import call
    from rolecli.plugins import get_plugins

    src = DiceSource(seed=seed, given=[str(d) for d in dice] if dice is not None else None)
    known = {c.name: c for c in (*chars, actor, target) if c is not None}
    ctx = Context(lang, src, {o.key: o.default for o in giro_plugin.INFO.options} | dict(options or {}), known)
    spec = giro_plugin.INFO.action(verb)
    subjects = list(chars) if spec.hook == "initiative" else [actor] if actor is not None else []
    out = call(get_plugins().system("giro"), spec, Action(verb, params, actor, target), ctx, subjects)
    src.finish()
    return out
