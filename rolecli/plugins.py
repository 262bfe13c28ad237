"""Finding, checking and loading plugins.

Every rule system, built-in or not, is a plugin found through the ``rolecli``
entry-point group. Nothing here runs when the CLI module is imported: commands
call :func:`get_plugins` when they need a system.

What a broken plugin costs: one warning line naming it and its distribution,
and every other command keeps working. Each plugin loads in its own ``try``,
and is skipped when it

- fails to import, or declares no contract version or one this rolecli does not speak;
- returns from ``rolecli_system()`` anything but a SystemInfo or ``None``, or
  declarations the core cannot build (:mod:`rolecli.declarations`);
- declares a system name already taken: the systems shipped with rolecli win a
  clash, and between two outside plugins the first by entry-point name wins;
- has a hook implementation pluggy refuses (a wrong signature).

An exception raised inside a plugin's hook is reported as that plugin's failure
(:class:`PluginFailure`, exit code 4), never as a bug of rolecli.

Order of the calls: a system's own plugin is registered before every plugin that
declares no system (house rules), so that house rules always run before the
system's implementation and their wrappers always wrap it, whatever their
entry-point names (pluggy calls the plugins registered last first).
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Iterable

import pluggy

from rolecli import hookspecs
from rolecli.contract import SUPPORTED_CONTRACTS, SystemInfo
from rolecli.errors import PluginError, RoleError

ENTRY_POINT_GROUP = "rolecli"
BUILTIN_DISTRIBUTION = "rolecli"  # `pip install .` ships every system under plugins/ in it
hookimpl = pluggy.HookimplMarker("rolecli")

SYSTEM_HOOKS = ("rolecli_roll", "rolecli_resolve", "rolecli_apply_damage", "rolecli_recover",
                "rolecli_initiative", "rolecli_odds", "rolecli_status")


def warn(message: str) -> None:
    print(f"rolecli: warning: {message}", file=sys.stderr)


@dataclass
class Record:
    """What rolecli knows of one plugin: where it comes from and what became of it."""

    name: str  # the entry-point name
    value: str = ""  # the entry point's "module:attribute"
    distribution: str | None = None
    version: str | None = None
    plugin: Any = None
    system: str | None = None  # the system it declares, if any
    state: str = "active"  # or "skipped"
    why: str | None = None
    info: SystemInfo | None = field(default=None, repr=False)

    @property
    def builtin(self) -> bool:
        return self.distribution == BUILTIN_DISTRIBUTION

    def shown(self) -> str:
        """``'fate' (rolecli-fate 0.1.0)``: the plugin as warnings and errors name it."""
        dist = f" ({self.distribution}{' ' + self.version if self.version else ''})" if self.distribution else ""
        return f"{self.name!r}{dist}"


class PluginFailure(RoleError):
    """A plugin's hook raised an exception: a bug in that plugin, reported in one
    line naming it, its distribution, the hook and the exception."""

    exit_code = 4

    def __init__(self, record: Record, hook: str, exc: BaseException):
        super().__init__(f"plugin {record.shown()} failed in {hook}: {type(exc).__name__}: {exc} "
                         "(a bug in that plugin: report it to its authors; ROLECLI_DEBUG=1 shows the traceback)")
        self.record, self.hook, self.original = record, hook, exc


@dataclass
class System:
    """A loaded rule system: what it declared and the hooks of its plugin alone."""

    info: SystemInfo
    plugin: Any
    hooks: Any  # an object with one guarded subset hook caller per system hook
    record: Record | None = None


class Plugins:
    """The plugin manager, every plugin it was offered, and the systems they declare."""

    def __init__(self) -> None:
        self.pm = pluggy.PluginManager("rolecli")
        self.pm.add_hookspecs(hookspecs)
        self.records: list[Record] = []
        self._offered: list[Record] = []

    # --- offering plugins ---------------------------------------------------

    def load_entry_points(self, entry_points: Iterable[Any] | None = None) -> None:
        """Offer every plugin of the entry-point group, each loaded in its own ``try``."""
        if entry_points is None:
            from importlib.metadata import entry_points as all_entry_points

            entry_points = all_entry_points(group=ENTRY_POINT_GROUP)
        for ep in sorted(entry_points, key=lambda e: (e.name, _dist(e)[0] != BUILTIN_DISTRIBUTION)):
            dist, version = _dist(ep)
            record = Record(ep.name, ep.value, dist, version)
            try:
                plugin = ep.load()
            except Exception as exc:  # a broken plugin must never take the CLI down
                self._skip(record, f"failed to load: {type(exc).__name__}: {exc}")
                continue
            self.offer(plugin, record)

    def register(self, plugin: Any, name: str) -> bool:
        """Offer one plugin by hand (tests, embedding); ``True`` unless refused at once."""
        return self.offer(plugin, Record(name))

    def offer(self, plugin: Any, record: Record) -> bool:
        """Check a plugin's contract version and its declarations; it is
        registered with pluggy when the systems are first needed."""
        if any(r.plugin is plugin for r in self._offered):
            return True  # the same module reached twice (a plugin folder installed beside rolecli)
        version = getattr(plugin, "ROLECLI_CONTRACT", None)
        if version not in SUPPORTED_CONTRACTS:
            said = "declares no ROLECLI_CONTRACT" if version is None else f"was written for contract {version}"
            speaks = " and ".join(map(str, SUPPORTED_CONTRACTS))
            self._skip(record, f"{said}, and this rolecli speaks plugin contract {speaks}; "
                       "upgrade the plugin or rolecli", with_plugin=plugin)
            return False
        declare = getattr(plugin, "rolecli_system", None)
        info = None
        if declare is not None:
            try:
                info = declare()
                if info is not None:
                    from rolecli.declarations import check_system

                    check_system(info)
            except Exception as exc:
                reason = str(exc) if isinstance(exc, RoleError) else f"{type(exc).__name__}: {exc}"
                self._skip(record, f"cannot declare its system: {reason}", with_plugin=plugin)
                return False
        record.plugin, record.info, record.system = plugin, info, info.name if info else None
        self._offered.append(record)
        self.__dict__.pop("systems", None)  # offered after the systems were read: read them again
        return True

    def _skip(self, record: Record, why: str, with_plugin: Any = None) -> None:
        record.state, record.why, record.plugin = "skipped", why, with_plugin
        self.records.append(record)
        warn(f"plugin {record.shown()} is skipped: {why}.")

    # --- the systems --------------------------------------------------------

    @cached_property
    def systems(self) -> dict[str, System]:
        """The systems of the offered plugins, by name, their plugins registered
        (systems first, then house rules)."""
        owners: dict[str, Record] = {}
        for record in sorted((r for r in self._offered if r.system), key=lambda r: not r.builtin):
            taken = owners.get(record.system)
            if taken is not None:
                self._skip(record, f"it declares system {record.system!r}, which plugin {taken.shown()} "
                           "already provides")
                continue
            owners[record.system] = record
        house = [r for r in self._offered if not r.system]
        for record in [r for r in self._offered if r.system and owners.get(r.system) is r] + house:
            if record in self.records:
                continue
            try:
                self.pm.register(record.plugin, name=record.name)
            except Exception as exc:  # pluggy refuses a hook implementation (a wrong signature)
                message = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
                self._skip(record, f"cannot be registered: {message}")
                owners.pop(record.system or "", None)
                continue
            self.records.append(record)
        systems = {r.plugin for r in owners.values()}
        return {name: System(record.info, record.plugin,
                             _Hooks(self, [p for p in systems if p is not record.plugin], record), record)
                for name, record in sorted(owners.items())}

    def system(self, name: str) -> System:
        try:
            return self.systems[name]
        except KeyError:
            known = ", ".join(self.systems) or "none installed"
            raise PluginError(f"unknown rule system {name!r}; installed systems: {known}.") from None

    def culprit(self, tb) -> Record | None:
        """The plugin whose code raised: the innermost frame of a plugin's module."""
        modules = {_module_of(r.plugin): r for r in self.records if r.state == "active"}
        found = None
        while tb is not None:
            module = tb.tb_frame.f_globals.get("__name__", "")
            for prefix, record in modules.items():
                if prefix and (module == prefix or module.startswith(prefix + ".")):
                    found = record
            tb = tb.tb_next
        return found


def _dist(ep: Any) -> tuple[str | None, str | None]:
    dist = getattr(ep, "dist", None)
    if dist is None:
        return None, None
    try:
        return dist.name, dist.version
    except Exception:  # pragma: no cover - broken metadata
        return None, None


def _module_of(plugin: Any) -> str:
    name = getattr(plugin, "__name__", None) if isinstance(plugin, type(sys)) else type(plugin).__module__
    return name or ""


def _result_types() -> dict[str, type]:
    from rolecli.contract import Odds, Outcome, Status

    return {hook: Outcome for hook in SYSTEM_HOOKS} | {"rolecli_odds": Odds, "rolecli_status": Status}


class _Guarded:
    """One system hook: pluggy's subset hook caller, with a plugin's exception,
    or a result of the wrong type, turned into a :class:`PluginFailure` naming it."""

    __slots__ = ("plugins", "hook", "caller", "owner", "expected")

    def __init__(self, plugins: Plugins, hook: str, caller: Any, owner: Record | None, expected: type):
        self.plugins, self.hook, self.caller, self.owner, self.expected = plugins, hook, caller, owner, expected

    def __call__(self, **kwargs: Any) -> Any:
        try:
            result = self.caller(**kwargs)
        except RoleError:
            raise  # a refusal by the rules: the user's error, one line, exit 2
        except Exception as exc:
            record = self.plugins.culprit(exc.__traceback__)
            if record is None:
                raise  # not in a plugin's code: rolecli's own bug
            raise PluginFailure(record, self.hook, exc) from exc
        if result is not None and not isinstance(result, self.expected) and self.owner is not None:
            raise PluginFailure(self.owner, self.hook, TypeError(
                f"it returned {type(result).__name__}, not {self.expected.__name__} or None"))
        return result


class _Hooks:
    """One guarded subset hook caller per system hook: the system's plugin plus
    every plugin that declares no system (house rules can wrap the system's hooks)."""

    def __init__(self, plugins: Plugins, remove: list[Any], owner: Record | None):
        expected = _result_types()
        for hook in SYSTEM_HOOKS:
            caller = plugins.pm.subset_hook_caller(hook, remove_plugins=remove)
            setattr(self, hook, _Guarded(plugins, hook, caller, owner, expected[hook]))


_loaded: Plugins | None = None


def get_plugins() -> Plugins:
    """The plugins of this process, loaded on first use."""
    global _loaded
    if _loaded is None:
        _loaded = Plugins()
        _loaded.load_entry_points()
    return _loaded


def debugging() -> bool:
    """``ROLECLI_DEBUG=1``: show tracebacks instead of one-line reports."""
    return bool(os.environ.get("ROLECLI_DEBUG"))
