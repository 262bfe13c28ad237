"""Finding and loading plugins.

Every rule system, built-in or not, is a plugin found through the ``rolecli``
entry-point group. Each one loads in its own ``try``: a plugin that fails to
import, declares no contract version or the wrong one, costs one warning line
naming it, and every other command keeps working. Nothing here runs when the
CLI module is imported: commands call :func:`get_plugins` when they need a system.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Iterable

import pluggy

from rolecli import hookspecs
from rolecli.contract import SUPPORTED_CONTRACTS, SystemInfo
from rolecli.errors import PluginError

ENTRY_POINT_GROUP = "rolecli"
hookimpl = pluggy.HookimplMarker("rolecli")

_SYSTEM_HOOKS = ("rolecli_roll", "rolecli_resolve", "rolecli_apply_damage", "rolecli_recover",
                 "rolecli_initiative", "rolecli_odds", "rolecli_status")


def warn(message: str) -> None:
    print(f"rolecli: warning: {message}", file=sys.stderr)


@dataclass
class System:
    """A loaded rule system: what it declared and the hooks of its plugin alone."""

    info: SystemInfo
    plugin: Any
    hooks: Any  # an object with one subset hook caller per system hook


class Plugins:
    """The plugin manager and the systems its plugins declared."""

    def __init__(self) -> None:
        self.pm = pluggy.PluginManager("rolecli")
        self.pm.add_hookspecs(hookspecs)

    def load_entry_points(self, entry_points: Iterable[Any] | None = None) -> None:
        """Load every plugin of the entry-point group, each in its own ``try``."""
        if entry_points is None:
            from importlib.metadata import entry_points as all_entry_points

            entry_points = all_entry_points(group=ENTRY_POINT_GROUP)
        for ep in sorted(entry_points, key=lambda e: e.name):
            try:
                plugin = ep.load()
            except Exception as exc:  # a broken plugin must never take the CLI down
                warn(f"plugin {ep.name!r} ({ep.value}) failed to load and is skipped: "
                     f"{type(exc).__name__}: {exc}")
                continue
            self.register(plugin, ep.name)

    def register(self, plugin: Any, name: str) -> bool:
        """Register one plugin after checking the contract version it declares."""
        version = getattr(plugin, "ROLECLI_CONTRACT", None)
        if version not in SUPPORTED_CONTRACTS:
            said = "declares no ROLECLI_CONTRACT" if version is None else f"was written for contract {version}"
            speaks = " and ".join(map(str, SUPPORTED_CONTRACTS))
            warn(f"plugin {name!r} {said}, and this rolecli speaks plugin contract {speaks}; "
                 "it is skipped: upgrade the plugin or rolecli.")
            return False
        try:
            self.pm.register(plugin, name=name)
        except Exception as exc:
            warn(f"plugin {name!r} could not be registered and is skipped: {type(exc).__name__}: {exc}")
            return False
        return True

    @cached_property
    def systems(self) -> dict[str, System]:
        """The systems declared by the registered plugins, by name."""
        found: dict[str, tuple[SystemInfo, Any, str]] = {}
        for name, plugin in self.pm.list_name_plugin():
            impl = getattr(plugin, "rolecli_system", None)
            if impl is None:
                continue
            try:
                info = impl()
            except Exception as exc:
                warn(f"plugin {name!r} failed to declare its system and is skipped: {type(exc).__name__}: {exc}")
                continue
            if info is None:
                continue
            if info.name in found:
                warn(f"plugins {found[info.name][2]!r} and {name!r} both declare system "
                     f"{info.name!r}; the first is kept.")
                continue
            found[info.name] = (info, plugin, name)
        others = [p for _, p, _ in found.values()]
        return {name: System(info, plugin, _Hooks(self.pm, [p for p in others if p is not plugin]))
                for name, (info, plugin, _) in sorted(found.items())}

    def system(self, name: str) -> System:
        try:
            return self.systems[name]
        except KeyError:
            known = ", ".join(self.systems) or "none installed"
            raise PluginError(f"unknown rule system {name!r}; installed systems: {known}.") from None


class _Hooks:
    """One subset hook caller per system hook: the system's plugin plus every
    plugin that declares no system (house rules can wrap the system's hooks)."""

    def __init__(self, pm: pluggy.PluginManager, remove: list[Any]):
        for hook in _SYSTEM_HOOKS:
            setattr(self, hook, pm.subset_hook_caller(hook, remove_plugins=remove))


_loaded: Plugins | None = None


def get_plugins() -> Plugins:
    """The plugins of this process, loaded on first use."""
    global _loaded
    if _loaded is None:
        _loaded = Plugins()
        _loaded.load_entry_points()
    return _loaded
