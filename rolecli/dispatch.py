"""A system's verbs answered from their declarations: the hooks the core adds
for a system whose :class:`~rolecli.contract.ActionSpec` s name the function
that plays them (``run=`` and ``odds=``).

A verb is declared once: ``ActionSpec("check", "resolve", ..., run="rolecli_giro.verbs:check")``
says its name, its parameters and the function that plays it. The loader
registers one :class:`Verbs` beside such a system's plugin, as part of it, so
the verb is still reached through pluggy: house rules wrap it, and a result is
checked and contained, exactly as when the plugin implements the hook itself.
A plugin may mix both ways: a verb without ``run`` goes to the plugin's own
hook implementation.

The function gets the hook's arguments (``run(action, ctx)`` for ``roll`` and
``resolve``, ``run(character, action, ctx)`` for ``damage``,
``run(character, event, action, ctx)`` for ``recover``,
``run(characters, action, ctx)`` for ``initiative``, ``odds(action, ctx)``),
with the verb's parameters complete (every declared parameter, its default
where none was given) and every rule option of the system in ``ctx.options``,
so it never fills them in again.
"""

from __future__ import annotations

import pkgutil
import re
from dataclasses import replace
from functools import cache
from typing import Any, Callable

import pluggy

from rolecli.contract import Action, ActionSpec, Context, SystemInfo

hookimpl = pluggy.HookimplMarker("rolecli")

# Each kind of verb (ActionSpec.hook) and the hook that plays it.
HOOK_OF = {
    "roll": "rolecli_roll",
    "resolve": "rolecli_resolve",
    "damage": "rolecli_apply_damage",
    "recover": "rolecli_recover",
    "initiative": "rolecli_initiative",
}
KIND_OF = {hook: kind for kind, hook in HOOK_OF.items()}

# "package.module:function": where a verb's function is, imported when first played.
REFERENCE = re.compile(r"[A-Za-z_][\w.]*:[A-Za-z_]\w*")


def declares_functions(info: SystemInfo) -> bool:
    """Whether any verb of ``info`` names the function that plays it or its odds."""
    return any(spec.run is not None or _odds_function(spec) is not None for spec in info.actions)


def function(ref: str | Callable[..., Any]) -> Callable[..., Any]:
    """The function ``ref`` names (``"module:function"``), or ``ref`` itself."""
    return ref if callable(ref) else _imported(ref)


@cache
def _imported(ref: str) -> Callable[..., Any]:
    return pkgutil.resolve_name(ref)  # a plugin's module, which the core does not know by name


def _odds_function(spec: ActionSpec) -> str | Callable[..., Any] | None:
    return None if isinstance(spec.odds, bool) else spec.odds


class Completed(dict):
    """A verb's parameters with every declared one, as :func:`complete` makes
    them: completing them again leaves them as they are. (A conflict's calls
    are complete by construction and vouched for by the hook it prepares,
    :meth:`rolecli.plugins._Guarded.prepared`: their parameters are plain
    dicts, read the quickest by the plugins.)"""


class Options(dict):
    """A system's rule options with every one it declares and more (a
    campaign's house rules), as its ``rule_options`` gives them (a
    conflict's, completed once for all its calls): completing them again
    leaves them as they are. Options holding just the declared keys need
    no mark, their keys say it (:func:`completed_options`)."""


def completed_options(info: SystemInfo, given: dict[str, Any] | None) -> dict[str, Any]:
    """Every rule option of ``info``, ``given``'s over the defaults, made
    once for many calls (a conflict's), as :func:`complete` leaves them: a
    plain dict, the quickest read by the plugins, unless it holds more than
    the declared ones (house rules), which an :class:`Options` marks."""
    options = info.rule_options(given)
    return options if options.keys() == info.option_keys else Options(options)


def complete(info: SystemInfo, action: Action, ctx: Context) -> tuple[Action, Context]:
    """``action`` with every parameter its verb declares and ``ctx`` with every
    rule option, defaults where none was given: what a verb's function gets
    whoever calls it (the command line, a test, another plugin; a conflict's
    and an encounter's calls are complete already: the same, without this)."""
    if type(action.params) is not Completed:  # a new Action: the caller's is left as it was
        action = Action(action.name, Completed(info.params(action)), action.actor, action.target)
    if type(ctx.options) is not Options and ctx.options.keys() != info.option_keys:
        ctx = replace(ctx, options=info.rule_options(ctx.options))
    return action, ctx


def own(action: Action) -> Action:
    """``action`` with parameters of its own, which the verb may change without
    changing what its caller (or a house rule wrapping the hook) holds."""
    return Action(action.name, Completed(action.params), action.actor, action.target)


class Verbs:
    """The hooks of one system whose verbs name their functions: each call goes
    to the function of the verb it is for (``action.name``), or answers
    ``None`` (the plugin's own implementation, if any, answers instead)."""

    def __init__(self, info: SystemInfo) -> None:
        self.info = info
        self._runs: dict[tuple[str, str], Callable[..., Any] | None] = {}  # see _run

    def _play(self, hook: str, action: Action, ctx: Context, *first: Any) -> Any:
        run = self.run_of(hook, action.name)
        if run is None:
            return None
        return self.played(run, *first, action, ctx)

    def played(self, run: Callable[..., Any], *arguments: Any) -> Any:
        """``run`` (a verb's function) called with the hook's ``arguments`` in
        its order (the action and the context last), the action with the verb's
        own complete parameters (a house rule wrapping the hook may read the
        caller's after it), the context with every rule option. (A hook that
        nothing wraps is prepared to call ``run`` itself:
        :meth:`rolecli.plugins._Guarded.prepared`.)"""
        action, ctx = complete(self.info, arguments[-2], arguments[-1])
        return run(*arguments[:-2], own(action), ctx)

    def run_of(self, hook: str, verb: str) -> Callable[..., Any] | None:
        """The function that plays ``verb`` through the hook of kind ``hook``
        (``None``: the plugin's own implementation answers)."""
        key = (hook, verb)
        return self._runs[key] if key in self._runs else self._run(key)

    def _run(self, key: tuple[str, str]) -> Callable[..., Any] | None:
        """The function that plays verb ``key[1]`` through hook ``key[0]``
        (``None``: the plugin's own implementation answers), looked up once:
        a simulation calls the same few verbs thousands of times."""
        spec = self.info.action(key[1])
        run = self._runs[key] = None if spec is None or spec.hook != key[0] or spec.run is None else function(spec.run)
        return run

    @hookimpl
    def rolecli_roll(self, action: Action, ctx: Context) -> Any:
        return self._play("roll", action, ctx)

    @hookimpl
    def rolecli_resolve(self, action: Action, ctx: Context) -> Any:
        return self._play("resolve", action, ctx)

    @hookimpl
    def rolecli_apply_damage(self, character: Any, action: Action, ctx: Context) -> Any:
        return self._play("damage", action, ctx, character)

    @hookimpl
    def rolecli_recover(self, character: Any, event: str, action: Action, ctx: Context) -> Any:
        return self._play("recover", action, ctx, character, event)

    @hookimpl
    def rolecli_initiative(self, characters: Any, action: Action, ctx: Context) -> Any:
        return self._play("initiative", action, ctx, characters)

    @hookimpl
    def rolecli_odds(self, action: Action, ctx: Context) -> Any:
        spec = self.info.action(action.name)
        odds = _odds_function(spec) if spec is not None else None
        if odds is None:
            return None
        action, ctx = complete(self.info, action, ctx)
        return function(odds)(own(action), ctx)
