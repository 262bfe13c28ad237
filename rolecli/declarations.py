"""Checking what a system declares, when its plugin is loaded.

A system's :class:`~rolecli.contract.SystemInfo` becomes commands, campaign
validation and help pages. A declaration the core cannot use (a parameter the
core reserves, a verb that would hide behind a core command, a malformed
template...) is found here, once, when the plugin loads: the plugin is then
skipped with one warning line, and every other command keeps working. The same
checks guard a verb when its command is built, for plugins registered by hand.

What the core adds: a recovery verb (``hook="recover"``) that declares no
``event`` parameter gets one, a choice among the system's events, as the
first argument (:func:`complete_action`).

Verbs and core commands: on a campaign, ``rolecli <verb> CHARACTER ...`` would
run the core command of that name instead, so a verb with an actor may not be
named like one (``roll``, ``odds``, ``plugins``...). A verb without an actor
may: it is reached as ``rolecli <system> <verb>`` (the ``dice`` system's ``roll``).
"""

from __future__ import annotations

import dataclasses
import keyword
from typing import Any, get_args

from rolecli.contract import ActionSpec, Field, HookName, Label, Param, ParamKind, RuleOption, SystemInfo
from rolecli.dispatch import REFERENCE
from rolecli.errors import RoleError
from rolecli.house_rules import HOUSE_KEY

# Names the core gives the options of every verb (commands/verbs.py), and the names of
# its own arguments: a parameter named so would never reach the plugin.
RESERVED_PARAMS = frozenset({"ctx", "json", "lang", "rule", "seed", "dice", "n", "repeat", "with", "force", "quiet"})
RESERVED_SHORT = frozenset({"n", "q", "h"})  # -n (repeat), -q (quiet), -h (help)
FIELD_KINDS = ("int", "str", "bool", "table", "list")
REQUIRED_EVENTS = ("end_of_scene", "start_of_session", "rest")


class DeclarationError(RoleError):
    """A system declares something the core cannot build."""


def check_system(info: Any) -> SystemInfo:
    """``info``, completed by the core (:func:`complete_action`), if it is a
    usable SystemInfo, else a DeclarationError saying what is wrong in one sentence."""
    from rolecli.core_commands import COMMANDS

    if not isinstance(info, SystemInfo):
        raise DeclarationError(f"rolecli_system() returned {type(info).__name__}, not a SystemInfo or None")
    name = info.name
    if not isinstance(name, str) or not name.isidentifier() or keyword.iskeyword(name) or not name.islower():
        raise DeclarationError(f"system name {name!r} is not a lower-case word usable as a command")
    if name in COMMANDS:
        raise DeclarationError(f"system name {name!r} is a core command of rolecli")
    _label(info.names, f"system {name!r} names")
    keys = [_field(name, f) for f in info.template]
    _unique(name, "template key", keys)
    _unique(name, "rule option", [_option(name, o) for o in info.options])
    events = []
    for event in info.events:
        if not (isinstance(event, tuple) and len(event) == 2 and isinstance(event[0], str)):
            raise DeclarationError(f"system {name!r} declares event {event!r}; write (name, Label(...))")
        _label(event[1], f"event {event[0]!r}")
        events.append(event[0])
    _unique(name, "event", events)
    missing = [e for e in REQUIRED_EVENTS if e not in events]
    if missing:
        raise DeclarationError(f"system {name!r} declares no {', '.join(missing)} event; every system has them")
    verbs = []
    for spec in info.actions:
        if not isinstance(spec, ActionSpec):
            raise DeclarationError(f"system {name!r} declares a verb that is a {type(spec).__name__}, not an ActionSpec")
        check_action(info, spec)
        if spec.name in COMMANDS and spec.actor != "none":
            # `rolecli <verb> CHARACTER` would run the core command instead.
            raise DeclarationError(f"system {name!r} declares verb {spec.name!r} with an actor, but {spec.name!r} "
                                   "is a core command; rename the verb")
        verbs.append(spec.name)
    _unique(name, "verb", verbs)
    for flag in ("status_from_state", "recovery_from_state"):
        if not isinstance(getattr(info, flag), bool):
            raise DeclarationError(f"system {name!r} declares {flag} = {getattr(info, flag)!r}; write True or False")
    return dataclasses.replace(info, actions=tuple(complete_action(info, spec) for spec in info.actions))


def complete_action(info: SystemInfo, spec: ActionSpec) -> ActionSpec:
    """``spec`` with what the core gives every verb of its hook: a recovery
    verb's ``event``, when the plugin does not declare it itself."""
    if spec.hook != "recover" or any(p.name == "event" for p in spec.params):
        return spec
    event = Param("event", "choice", Label("El evento de recuperación.", "The recovery event."), required=True,
                  positional=True, choices=tuple(e for e, _ in info.events))
    return dataclasses.replace(spec, params=(event, *spec.params))


def check_action(info: SystemInfo, spec: ActionSpec) -> None:
    """Refuse a verb the core cannot build (also called when a command is built)."""
    system = info.name
    if not isinstance(spec.name, str) or not spec.name or spec.name.startswith("-") or " " in spec.name:
        raise DeclarationError(f"system {system!r} declares verb {spec.name!r}, which is not a command name")
    if spec.hook not in get_args(HookName):
        raise DeclarationError(f"verb {spec.name!r} of system {system!r} names hook {spec.hook!r}; "
                               f"hooks: {', '.join(get_args(HookName))}")
    _label(spec.help, f"verb {spec.name!r} help")
    if not isinstance(spec.from_state, bool):
        raise DeclarationError(f"verb {spec.name!r} of system {system!r} declares from_state = {spec.from_state!r}; "
                               "write True or False")
    for what, ref in (("run", spec.run), ("odds", None if isinstance(spec.odds, bool) else spec.odds)):
        if ref is not None and not callable(ref) and not (isinstance(ref, str) and REFERENCE.fullmatch(ref)):
            raise DeclarationError(f"verb {spec.name!r} of system {system!r} declares {what}={ref!r}; "
                                   "give a function or 'package.module:function'")
    params = list(spec.params)
    for p in params:
        if not isinstance(p, Param):
            raise DeclarationError(f"verb {spec.name!r} of system {system!r} declares a {type(p).__name__}, not a Param")
        if p.kind not in get_args(ParamKind):
            raise DeclarationError(f"parameter {p.name!r} of {spec.name!r} has kind {p.kind!r}; "
                                   f"kinds: {', '.join(get_args(ParamKind))}")
        if not isinstance(p.name, str) or not p.name.isidentifier():
            raise DeclarationError(f"verb {spec.name!r} of system {system!r} declares parameter {p.name!r}, "
                                   "which is not a name")
        _label(p.help, f"parameter {p.name!r} of {spec.name!r}")
        if p.kind == "choice" and not p.choices:
            raise DeclarationError(f"parameter {p.name!r} of {spec.name!r} is a choice with no choices")
        if p.dice and p.kind not in ("int", "float"):
            raise DeclarationError(f"parameter {p.name!r} of {spec.name!r} is a {p.kind} declared dice=True; "
                                   "only an int or float may be rolled")
    clash = [p.name for p in params if p.name in RESERVED_PARAMS or p.name.startswith("subject_")
             or (spec.target and p.name == "target") or p.short in RESERVED_SHORT or (spec.target and p.short == "t")]
    if clash:
        raise DeclarationError(f"system {system!r} declares parameter(s) {', '.join(clash)} of {spec.name!r}, "
                               "which the core reserves; the plugin must rename them")
    undecided = [p.name for p in params if p.policy and (p.required or p.default is None)]
    if undecided:  # a script must never be stopped by a question
        raise DeclarationError(f"system {system!r} declares player's choice(s) {', '.join(undecided)} of "
                               f"{spec.name!r} without a default policy; the plugin must give one")
    _unique(system, f"parameter of {spec.name!r}", [p.name for p in params])


def _field(system: str, f: Any) -> str:
    if not isinstance(f, Field):
        raise DeclarationError(f"system {system!r} has a template entry that is a {type(f).__name__}, not a Field")
    if not isinstance(f.key, str) or not f.key or "." in f.key:
        raise DeclarationError(f"system {system!r} has template key {f.key!r}; keys are names without dots")
    if f.kind not in FIELD_KINDS:
        raise DeclarationError(f"template key {f.key!r} of {system!r} has kind {f.kind!r}; kinds: {', '.join(FIELD_KINDS)}")
    _label(f.label, f"template key {f.key!r}")
    return f.key


def _option(system: str, o: Any) -> str:
    if not isinstance(o, RuleOption) or not isinstance(o.key, str) or not o.key:
        raise DeclarationError(f"system {system!r} declares a rule option {o!r} that is not a RuleOption with a key")
    if o.key == HOUSE_KEY:
        raise DeclarationError(f"system {system!r} declares rule option {HOUSE_KEY!r}, which the core reserves for "
                               "the house rules a campaign switches on; rename it")
    if o.choices and o.default not in o.choices:
        raise DeclarationError(f"rule option {o.key!r} of {system!r} defaults to {o.default!r}, not one of its choices")
    if o.dice:
        from rolecli.campaign.validate import option_problem

        problem = option_problem(o, o.default)
        if problem:
            raise DeclarationError(f"rule option {o.key!r} of {system!r} defaults to {o.default!r}, which {problem}")
    _label(o.help, f"rule option {o.key!r}")
    return o.key


def _label(label: Any, what: str) -> None:
    if not isinstance(label, Label):
        raise DeclarationError(f"{what} is a {type(label).__name__}, not a Label")


def _unique(system: str, what: str, names: list[str]) -> None:
    seen = set()
    for name in names:
        if name in seen:
            raise DeclarationError(f"system {system!r} declares {what} {name!r} twice")
        seen.add(name)
