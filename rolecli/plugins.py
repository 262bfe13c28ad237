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
- has a module that is not its own: another distribution ships a package of the
  same name, which Python imports instead (:mod:`rolecli.shadowing`). A built-in
  system then loads its own copy and keeps working;
- has a hook implementation pluggy refuses (a wrong signature).

An exception raised inside a plugin's hook (``sys.exit()`` included), or a
result not of the contract's types (an Outcome whose ``lines`` are not texts...),
is reported as that plugin's failure (:class:`PluginFailure`, exit code 4), never
as a bug of rolecli. A plugin that calls ``sys.exit()`` as it is imported or
declares its system is skipped like one that raises there.

Order of the calls: a system's own plugin is registered before every plugin that
declares no system (house rules), so that house rules always run before the
system's implementation and their wrappers always wrap it, whatever their
entry-point names (pluggy calls the plugins registered last first).

House rules: a plugin that declares no system joins every system's calls
(always on), unless it names itself with ``ROLECLI_HOUSE_RULES = "name"``: it is
then opt-in, and joins the calls of a campaign whose ``[rules]`` say
``house = ["name"]`` (or of a command given ``--rule house=name``) only, through
a subset hook caller of its own. ``ROLECLI_HOUSE_SYSTEMS = ("dice",)`` names
the systems it is written for; a campaign of another system is refused.

Which plugins load: a command that plays one system (a quick roll, a campaign's
verb) loads only that system's, those that declare no system and those skipped
at the last full load, learnt from :mod:`rolecli.plugin_index` (written after a
load of every plugin); one that lists the systems, or finds no index that holds,
loads them all (:func:`get_plugins`).

Three environment variables, read when the plugins are first needed:

- ``ROLECLI_LOAD_PLUGINS=name,...``: load only these outside plugins (entry-point
  or distribution names); set and empty, only the plugins shipped with rolecli.
  The others are not even imported; ``rolecli plugins`` lists them as skipped.
- ``ROLECLI_QUIET_PLUGINS=name,...``: no warning line when these are skipped (a
  plugin known to be broken); ``rolecli plugins`` still says why.
- ``ROLECLI_TRACE_PLUGINS=1``: every hook call on stderr (:mod:`rolecli.tracing`).
"""

from __future__ import annotations

import os
import re
import sys
import time
from dataclasses import dataclass, field, replace
from functools import cache, cached_property
from typing import Any, Callable, Iterable

import pluggy

from rolecli import hookspecs, plugin_index
from rolecli.contract import SUPPORTED_CONTRACTS, Odds, Outcome, SystemInfo
from rolecli.dispatch import KIND_OF, Verbs, complete, declares_functions
from rolecli.errors import PluginError, RoleError
from rolecli.outcomes import checker, problem  # every hook call's result is checked: imported once

ENTRY_POINT_GROUP = "rolecli"
BUILTIN_DISTRIBUTION = "rolecli"  # `pip install .` ships every system under plugins/ in it
hookimpl = pluggy.HookimplMarker("rolecli")

SYSTEM_HOOKS = ("rolecli_roll", "rolecli_resolve", "rolecli_apply_damage", "rolecli_recover",
                "rolecli_initiative", "rolecli_odds", "rolecli_status")
ALL_HOOKS = ("rolecli_system", "rolecli_commands") + SYSTEM_HOOKS
WITNESS = "rolecli-witness"  # the core's own wrapper (_Witness), registered under this name
LOAD_ENV, QUIET_ENV, TRACE_ENV = "ROLECLI_LOAD_PLUGINS", "ROLECLI_QUIET_PLUGINS", "ROLECLI_TRACE_PLUGINS"


def warn(message: str) -> None:
    from rolecli.output import visible

    print(f"rolecli: warning: {visible(message)}", file=sys.stderr)


def canonical(name: str) -> str:
    """A distribution or entry-point name as pip compares them (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name.strip()).lower()


def env_names(variable: str) -> set[str] | None:
    """The names listed in a comma-separated variable; ``None`` when it is unset."""
    text = os.environ.get(variable)
    return None if text is None else {canonical(n) for n in text.split(",") if n.strip()}


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
    house: str | None = None  # ROLECLI_HOUSE_RULES: the name a campaign switches these house rules on by
    house_systems: tuple[str, ...] = ()  # ROLECLI_HOUSE_SYSTEMS: the systems they are written for
    conflict: str | None = None  # skipped: the plugin (or the package) whose name or module it would take
    verbs: Any = field(default=None, repr=False)  # the core's hooks for verbs declared with run= (rolecli.dispatch)

    @property
    def builtin(self) -> bool:
        return self.distribution == BUILTIN_DISTRIBUTION

    @property
    def hooks(self) -> list[str]:
        """The hooks the plugin implements (marked with ``@hookimpl``), itself or
        through the functions its verbs name."""
        return [h for h in ALL_HOOKS if any(getattr(getattr(p, h, None), "rolecli_impl", None) is not None
                                            for p in (self.plugin, self.verbs) if p is not None)]

    def named(self, names: set[str]) -> bool:
        """Whether ``names`` (canonical) lists this plugin by entry point or distribution."""
        return canonical(self.name) in names or bool(self.distribution and canonical(self.distribution) in names)

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


@dataclass(slots=True)
class System:
    """A loaded rule system: what it declared and the hooks of its plugin alone.
    (Its fields in slots, :attr:`alone` kept in one: a cached property wrote
    into the dict of the system, whose every read Python 3.11 then looks up by
    hash, its ``info`` at every change a simulation keeps: icount, an
    alternity trial 0.14% less, middle 0.07%)"""

    info: SystemInfo
    plugin: Any
    hooks: Any  # an object with one guarded subset hook caller per system hook
    record: Record | None = None
    house: tuple[str, ...] = ()  # the opt-in house rules its hooks include
    _alone: bool | None = field(default=None, init=False, repr=False, compare=False)  # see alone

    @property
    def alone(self) -> bool:
        """Whether its plugin alone (with the core's relay of its verbs and the
        core's witness) implements its hooks: no house rule joins them. A house
        rule may change an action's parameters before the system reads them, so
        an encounter gives its actions a plan (:attr:`~rolecli.contract.Action.plan`)
        only where the system is alone: a plan then always promises the parameters
        the system is given, whatever a house rule written before plans does.
        Worked out when first asked, and kept."""
        if self._alone is None:
            own = (self.plugin, self.record.verbs if self.record is not None else None)
            self._alone = all(impl.plugin_name == WITNESS or any(impl.plugin is p for p in own)
                              for hook in SYSTEM_HOOKS for impl in getattr(self.hooks, hook).caller.get_hookimpls())
        return self._alone


class Plugins:
    """The plugin manager, every plugin it was offered, and the systems they declare."""

    def __init__(self) -> None:
        self.pm = pluggy.PluginManager("rolecli")
        self.pm.add_hookspecs(hookspecs)
        self.records: list[Record] = []
        self._offered: list[Record] = []
        self.house_rules: dict[str, Record] = {}  # the opt-in house rules, by name
        self._owners: dict[str, Record] = {}
        self._with_house: dict[tuple, System] = {}
        self._witness: Any = None  # see _Witness
        self.registrations = 0  # plugins registered with pluggy so far (_register)
        self.allowed = env_names(LOAD_ENV)
        self.quiet = env_names(QUIET_ENV) or set()
        self.tracing = os.environ.get(TRACE_ENV, "") not in ("", "0")
        self.only: str | None = None  # loaded for this system's commands alone (load_entry_points)
        self.warned: set[str] = set()  # the warnings given, each once
        self._keys: list[tuple[Any, Record]] = []  # each entry point offered and its record (plugin_index)
        if self.tracing:
            from rolecli.tracing import Tracer

            tracer = Tracer(hidden=frozenset({WITNESS}))  # the core's witness is no plugin
            self.pm.add_hookcall_monitoring(tracer.before, tracer.after)

    # --- offering plugins ---------------------------------------------------

    def load_entry_points(self, entry_points: Iterable[Any] | None = None, system: str | None = None) -> None:
        """Offer every plugin of the entry-point group, each loaded in its own ``try``.
        With ``system`` (and the group's own entry points), only those a command
        playing that system needs, when the plugin index knows them: ``only`` then
        names the system (:mod:`rolecli.plugin_index`)."""
        index = None
        if entry_points is None:
            index = installed_index()
            entry_points = None
            if system is not None and index is not None and system in index.systems():
                entry_points = index.entry_points(index.needed(system, BUILTIN_DISTRIBUTION), ENTRY_POINT_GROUP)
                self.only = system if entry_points is not None else None
            if entry_points is None:
                entry_points = _group()
        # One metadata read per distribution (each is a parse of its whole METADATA), none with an index.
        read: dict[int, tuple[str | None, str | None]] = {}
        about = {}
        for ep in entry_points:
            about[id(ep)] = index.dist(ep) if index is not None else None
            if about[id(ep)] is None:
                dist = id(getattr(ep, "dist", None))
                about[id(ep)] = read[dist] = read[dist] if dist in read else _dist(ep)
        # The built-ins load first, so that their own modules are the ones imported
        # (_foreign); the plugins are then offered in entry-point name order.
        wanted = sorted(entry_points, key=lambda e: (about[id(e)][0] != BUILTIN_DISTRIBUTION, e.name))
        builtins = {ep.value: ep for ep in wanted if about[id(ep)][0] == BUILTIN_DISTRIBUTION}
        # The distributions a module found not its own may belong to: those of every entry point of the
        # group, read only then (the index's reads only the distributions of the plugins it loads).
        dists = cache(lambda: list({id(d): d for d in (getattr(ep, "dist", None) for ep in (
            entry_points if self.only is None else _group())) if d}.values()))
        first = len(self._offered)
        for ep in wanted:
            dist, version = about[id(ep)]
            record = Record(ep.name, ep.value, dist, version)
            same = not record.builtin and ep.value in builtins
            self._keys.append((ep, record))
            if not same and self.allowed is not None and not record.builtin and not record.named(self.allowed):
                record.state, record.why = "skipped", f"not in {LOAD_ENV}"
                self.records.append(record)  # listed, never imported
                continue
            try:
                foreign = self._foreign(ep, record, dists)
                if foreign is not None:
                    self._skip(record, foreign)
                    continue
                if same:
                    continue  # a built-in system's own folder installed beside rolecli: the same plugin
                plugin = ep.load()
            except (Exception, SystemExit) as exc:  # a broken plugin must never take the CLI down (nor end it)
                self._skip(record, f"failed to load: {type(exc).__name__}: {exc}")
                continue
            self.offer(plugin, record)
        self._offered[first:] = sorted(self._offered[first:], key=lambda r: (r.name, not r.builtin))

    def _foreign(self, ep: Any, record: Record, dists: Callable[[], list[Any]]) -> str | None:
        """Why the module of entry point ``ep`` is not the one its distribution
        ships (another distribution's package of the same name is imported
        instead), or ``None``. A built-in's own copy is then imported in its
        place, so the built-in keeps working whatever else is installed."""
        from rolecli import shadowing

        dist = getattr(ep, "dist", None)
        top = ep.value.partition(":")[0].strip().partition(".")[0]
        path = shadowing.origin(top) if dist is not None else None
        if path is None or shadowing.owns(dist, path) is not False:
            return None
        if record.builtin and top not in sys.modules:
            spec = shadowing.own_spec(top, dist)
            if spec is not None:
                shadowing.import_from(spec)
                return None
        owner = next((d for d in dists() if d is not dist and shadowing.owns(d, path)), None)
        record.conflict = shadowing.shown(owner) if owner is not None else path
        whose = f"{shadowing.shown(owner)}'s" if owner is not None else "another copy"
        fix = (f"uninstall {owner.metadata['Name']}, then install rolecli again (its files may have been written over)"
               if record.builtin and owner is not None else
               f"rename its package, or uninstall it ('rolecli plugins uninstall {record.distribution}')")
        return (f"its module {top} is {whose} ({path}), not its own: two distributions ship a package named {top}, "
                f"and Python imports only one; {fix}")

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
                info = self._declare(record, declare)
                if info is not None:
                    from rolecli.declarations import check_system

                    info = check_system(info)
            except (Exception, SystemExit) as exc:
                reason = str(exc) if isinstance(exc, RoleError) else f"{type(exc).__name__}: {exc}"
                self._skip(record, f"cannot declare its system: {reason}", with_plugin=plugin)
                return False
        house = getattr(plugin, "ROLECLI_HOUSE_RULES", None)
        systems = getattr(plugin, "ROLECLI_HOUSE_SYSTEMS", ())
        if house is not None and (info is not None or not _is_name(house) or isinstance(systems, str)
                                  or not all(_is_name(s) for s in systems)):
            self._skip(record, f"declares ROLECLI_HOUSE_RULES = {house!r}; house rules are named by a lower-case "
                       "word, declare no system, and ROLECLI_HOUSE_SYSTEMS is a tuple of system names",
                       with_plugin=plugin)
            return False
        record.plugin, record.info, record.system = plugin, info, info.name if info else None
        if info is not None and declares_functions(info):
            record.verbs = Verbs(info)
        record.house, record.house_systems = house, tuple(systems) if house else ()
        self._offered.append(record)
        self.__dict__.pop("systems", None)  # offered after the systems were read: read them again
        self._with_house.clear()
        return True

    def _declare(self, record: Record, declare: Any, hook: str = "rolecli_system") -> Any:
        """``rolecli_system()`` (or ``rolecli_commands()``), which the core calls on
        each plugin itself, to know which plugin answered (traced here)."""
        start = time.perf_counter()
        info = declare()
        if self.tracing:
            from rolecli import tracing

            tracing.line(hook, [record.name], {}, tracing.short(info), time.perf_counter() - start)
        return info

    @cached_property
    def commands(self) -> list[tuple[Record, Any]]:
        """Each active plugin that adds commands, with what its ``rolecli_commands()``
        returned (the command line checks it, and places the commands); asked
        only when a command line needs them. A hook that raises costs one
        warning line, and that plugin's commands."""
        self.systems  # registers the plugins: only the active ones are asked
        found = []
        for record in sorted(self.records, key=lambda r: (not r.builtin, r.name)):
            add = getattr(record.plugin, "rolecli_commands", None)
            if record.state != "active" or add is None:
                continue
            try:
                added = self._declare(record, add, "rolecli_commands")
            except (Exception, SystemExit) as exc:  # a plugin's sys.exit() ends no command
                self.report(record, f"its rolecli_commands hook raised {type(exc).__name__}: {exc}; "
                                    "its commands are left out")
                continue
            if added is not None:
                found.append((record, added))
        return found

    def report(self, record: Record, message: str) -> None:
        """One warning line about an active plugin (none when ROLECLI_QUIET_PLUGINS names it)."""
        if not record.named(self.quiet):
            warn(f"plugin {record.shown()}: {message}.")

    def _skip(self, record: Record, why: str, with_plugin: Any = None) -> None:
        record.state, record.why, record.plugin = "skipped", why, with_plugin
        self.records.append(record)
        line = f"plugin {record.shown()} is skipped: {why}."
        if not record.named(self.quiet) and line not in self.warned:
            self.warned.add(line)
            warn(line)

    # --- the systems --------------------------------------------------------

    @cached_property
    def systems(self) -> dict[str, System]:
        """The systems of the offered plugins, by name, their plugins registered
        (systems first, then house rules)."""
        owners = self._claim([r for r in self._offered if r.system], "system", "system")
        house = self._claim([r for r in self._offered if r.house], "house", "house rules")
        chosen = [r for r in self._offered if owners.get(r.system) is r or house.get(r.house) is r
                  or not (r.system or r.house)]
        for record in sorted(chosen, key=lambda r: r.system is None):
            if record in self.records:
                continue
            try:
                self._register(record.plugin, record.name)
                if record.verbs is not None:  # registered after the plugin: pluggy asks it first
                    self._register(record.verbs, f"{record.name}:verbs")
            except Exception as exc:  # pluggy refuses a hook implementation (a wrong signature)
                message = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
                self._skip(record, f"cannot be registered: {message}")
                owners.pop(record.system or "", None)
                house.pop(record.house or "", None)
                continue
            self.records.append(record)
        self._owners, self.house_rules = owners, house
        return {name: self._system(record, ()) for name, record in sorted(owners.items())}

    def _register(self, plugin: Any, name: str) -> None:
        """Register ``plugin`` with pluggy, counted: a guarded hook keeps the
        implementations it calls until the next registration (_Guarded)."""
        self.registrations += 1
        self.pm.register(plugin, name=name)

    def _claim(self, records: list[Record], attribute: str, what: str) -> dict[str, Record]:
        """Each name to its first plugin (those shipped with rolecli first); the others are skipped."""
        owners: dict[str, Record] = {}
        for record in sorted(records, key=lambda r: not r.builtin):
            name = getattr(record, attribute)
            taken = owners.get(name)
            if taken is not None:
                record.conflict = taken.shown()
                self._skip(record, f"it declares {what} {name!r}, which plugin {taken.shown()} already provides")
                continue
            owners[name] = record
        return owners

    def _system(self, record: Record, house: tuple[str, ...]) -> System:
        """``record``'s system with hooks that reach its plugin, the house rules
        that are always on and the opt-in ones named in ``house``."""
        remove = [p for r in self._owners.values() if r is not record for p in (r.plugin, r.verbs) if p is not None]
        remove += [r.plugin for name, r in self.house_rules.items() if name not in house]
        return System(record.info, record.plugin, _Hooks(self, remove, record), record, house)

    def system(self, name: str, house: Iterable[str] = ()) -> System:
        """System ``name``, with the opt-in house rules named in ``house`` (a
        campaign's ``[rules] house``) joining its hook calls."""
        try:
            base = self.systems[name]
        except KeyError:
            known = ", ".join(self.systems) or "none installed"
            raise PluginError(f"unknown rule system {name!r}; installed systems: {known}.") from None
        wanted = tuple(dict.fromkeys(house))
        if not wanted:
            return base
        if (name, wanted) not in self._with_house:
            for rules in wanted:
                record = self.house_rules.get(rules)
                if record is None:
                    known = ", ".join(self.house_rules) or "none"
                    raise PluginError(f"house rules {rules!r} are not installed; installed house rules: {known} "
                                      "('rolecli plugins' lists every plugin, and why one is skipped).")
                if record.house_systems and name not in record.house_systems:
                    raise PluginError(f"house rules {rules!r} are written for {', '.join(record.house_systems)}, "
                                      f"not for {name!r}.")
            self._with_house[name, wanted] = self._system(base.record, wanted)
        return self._with_house[name, wanted]

    def wrappers(self, caller: Any) -> list[Record]:
        """The plugins that wrap ``caller``'s hook (house rules), with the core's
        witness registered inside them, so that a bad result is blamed where it arose."""
        by_plugin = {id(r.plugin): r for r in self.records if r.state == "active"}
        found = [by_plugin[id(impl.plugin)] for impl in caller.get_hookimpls()
                 if (impl.wrapper or impl.hookwrapper) and id(impl.plugin) in by_plugin]
        if found and self._witness is None:
            self._witness = _WitnessPlugin()
            self._register(self._witness, WITNESS)
        return found

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


def _is_name(value: Any) -> bool:
    return isinstance(value, str) and value.isidentifier() and value.islower()


def _module_of(plugin: Any) -> str:
    name = getattr(plugin, "__name__", None) if isinstance(plugin, type(sys)) else type(plugin).__module__
    return name or ""


def _result_types() -> dict[str, type]:
    from rolecli.contract import Odds, Outcome, Status

    return {hook: Outcome for hook in SYSTEM_HOOKS} | {"rolecli_odds": Odds, "rolecli_status": Status}


class _Guarded:
    """One system hook: pluggy's subset hook caller, with a plugin's exception,
    or a result the core must not use (:mod:`rolecli.outcomes`), turned into a
    :class:`PluginFailure` naming the plugin at fault: the system's, or a house
    rule that wraps the hook and changed a good result into a bad one."""

    __slots__ = ("plugins", "hook", "caller", "owner", "info", "expected", "check", "wrappers", "plain", "names",
                 "_calls", "_as_of", "_prepared", "_vouched")

    def __init__(self, plugins: Plugins, hook: str, caller: Any, owner: Record | None, expected: type):
        self.plugins, self.hook, self.caller, self.owner, self.expected = plugins, hook, caller, owner, expected
        self.info = owner.info if owner is not None else None
        self.wrappers = plugins.wrappers(caller)
        spec = caller.spec
        self.names = tuple(spec.argnames) if spec is not None else ()  # the hook's arguments, in its spec's order
        # what its result must be, asked by a function made once for the hook (an Outcome's: outcomes.checker)
        self.check = (checker(hook, self.info, len(self.names)) if expected is Outcome
                      else _typed(hook, expected, self.info))
        self.plain = not plugins.tracing and spec is not None and spec.opts.get("firstresult", False)
        self._calls: tuple | None = None  # see _direct
        self._as_of = -1
        self._prepared: dict[str, Callable[..., Any]] = {}  # see prepared
        self._vouched: dict[str, Callable[..., Any]] = {}  # see prepared: those not completing

    def __call__(self, **kwargs: Any) -> Any:
        arguments = tuple(map(kwargs.get, self.names))  # in the spec's order, as the check reads them
        witness = _Witness.watch(self.hook, arguments, self.info) if self.wrappers else None
        try:
            result = self._answer(kwargs)
        except RoleError:
            raise  # a refusal by the rules: the user's error, one line, exit 2
        except (Exception, SystemExit) as exc:  # a plugin's sys.exit() ends no command
            failure = self._failure(exc)
            if failure is None:
                raise  # not in a plugin's code: rolecli's own bug
            raise failure from exc
        finally:
            if witness is not None:
                _Witness.done(witness)
        return self._checked(result, arguments, witness)

    def _failure(self, exc: BaseException, named: bool = False) -> PluginFailure | None:
        """The plugin's failure ``exc`` is, when it arose in a plugin's code or
        in a function one of its verbs names (``named``: ``exc`` came out of
        such a function, called at once); ``None`` in rolecli's own code."""
        record = self.plugins.culprit(exc.__traceback__) or (self.owner if named else self._played(exc.__traceback__))
        return PluginFailure(record, self.hook, exc) if record is not None else None

    def prepared(self, verb: str | None, completing: bool = True) -> Callable[..., Any]:
        """This hook for verb ``verb`` (``None``: a hook no verb plays, the
        status), ready for many calls: a function of the hook's arguments in its
        spec's order (``character``, ``event``..., ``action``, ``ctx``) that gives
        what ``self(**arguments)`` gives, with the action's parameters and the
        rule options completed first (:func:`~rolecli.dispatch.complete`), as
        every caller wants them (:func:`rolecli.play.call` leaves it to this
        call, the one place each call passes). ``completing`` false: the caller
        vouches that each call's parameters and rule options are complete
        already (a conflict's, complete by construction:
        :meth:`rolecli.tracker.Tracker.hook`), and they pass as they are, plain
        dicts the plugins read the quickest. When nothing wraps or traces the hook
        and one implementation alone answers it (:meth:`_alone`), that one is
        called at once, guarded and checked alike: a conflict's thousands of
        calls skip the keywords, pluggy's loop and, for a verb the system's
        relay (:class:`~rolecli.dispatch.Verbs`) plays, the relay's hook, its
        look-ups and its call of the verb's function (about 6 µs a call). Kept
        until pluggy registers another plugin."""
        if self._as_of != self.plugins.registrations:
            self._direct()
        table = self._prepared if completing else self._vouched
        found = table.get(verb)
        if found is None:
            found = table[verb] = self._prepare(verb, completing)
        return found

    def _prepare(self, verb: str | None, completing: bool) -> Callable[..., Any]:
        names = self.names
        keywords = _KEYWORDS.get(names) or (lambda arguments: dict(zip(names, arguments)))
        answer, named = self._alone(verb, names)
        info = self.info
        # every hook but the status has an action and a ctx, last: completed, unless the caller vouches for them
        completes = completing and "action" in names
        if answer is None:
            if not completes:
                return lambda *arguments: self(**keywords(arguments))
            return lambda *arguments: self(**keywords(_completed(info, arguments)))
        # The check of _checked, made once for the hook (its type and what it holds asked in one call);
        # _checked says what is wrong.
        check = self.check if self.owner is not None else None

        def play(*arguments: Any) -> Any:
            try:
                result = answer(*arguments)
            except RoleError:
                raise
            except (Exception, SystemExit) as exc:
                failure = self._failure(exc, named)
                if failure is None:
                    raise
                raise failure from exc
            if check is not None and check(result, arguments):
                self._checked(result, arguments)  # raises: the failure, as any call's
            return result

        if completes:  # (a command's call or two: a conflict's thousands vouch for theirs, and ask nothing here)
            return lambda *arguments: play(*_completed(info, arguments))
        return play

    def _alone(self, verb: str | None, names: tuple[str, ...]) -> tuple[Callable[..., Any] | None, bool]:
        """What answers this hook for ``verb``, called with the hook's arguments
        in its spec's order, when a single implementation does and nothing wraps
        or traces it: the function the verb names, through the system's relay,
        or the plugin's own implementation when it takes every argument, and
        whether it is a function a verb names; ``None``: the hook is called as
        pluggy calls it. (The verb's function itself, not the relay's
        :meth:`~rolecli.dispatch.Verbs.played` around it: the prepared call
        completes what the relay would, or its caller vouches for it, and the action is the caller's for
        this call alone, so the verb has it as it is, without a copy.)"""
        calls = self._calls if self.plain else None
        if calls is None or len(calls) != 1:
            return None, False
        function, wanted = calls[0]
        relay = getattr(function, "__self__", None)
        if isinstance(relay, Verbs):
            run = relay.run_of(KIND_OF[self.hook], verb) if verb is not None else None
            return run, True
        return (function if wanted == names else None), False

    def _checked(self, result: Any, arguments: tuple, witness: "_Witness | None" = None) -> Any:
        """``result``, unless the core must not use it (a :class:`PluginFailure`
        then); ``arguments``: the hook's, in its spec's order (no table of them
        by name is made for a prepared call). A prepared call asks the same
        two questions itself, and calls this only to raise the failure."""
        if self.owner is None or result is None:
            return result
        if not isinstance(result, self.expected):
            raise PluginFailure(self._at_fault(witness), self.hook, TypeError(
                f"it returned {type(result).__name__}, not {self.expected.__name__} or None"))
        wrong = self.check(result, arguments)
        if wrong:
            raise PluginFailure(self._at_fault(witness), self.hook, ValueError(wrong))
        return result

    def _answer(self, kwargs: dict[str, Any]) -> Any:
        """The hook's answer: pluggy's call, or, when no implementation wraps
        the others and no one traces the calls, the implementations called as
        pluggy calls those of a ``firstresult`` hook (the last registered first,
        each with the arguments it names; the first answer not None wins), for
        pluggy's machinery costs as much as a whole verb of some systems."""
        if self.plain:
            calls = self._calls if self._as_of == self.plugins.registrations else self._direct()
            if calls is not None:
                for function, names in calls:
                    result = function(*[kwargs[name] for name in names])
                    if result is not None:
                        return result
                return None
        return self.caller(**kwargs)

    def _direct(self) -> tuple | None:
        """Each implementation's function and the arguments it names, the last
        registered first, as the plugins stand now (kept until another is
        registered: pluggy works out the subset anew at every call); ``None``
        when one of them wraps the others, which pluggy's call then honours."""
        impls = self.caller.get_hookimpls()
        wrapped = any(impl.wrapper or impl.hookwrapper for impl in impls)
        self._calls = None if wrapped else tuple((impl.function, tuple(impl.argnames)) for impl in reversed(impls))
        self._as_of = self.plugins.registrations
        self._prepared.clear()
        self._vouched.clear()
        return self._calls

    def _played(self, tb) -> Record | None:
        """The system's plugin, when the failure arose in a function one of its
        verbs names (which may live outside the plugin's package)."""
        while tb is not None:
            if tb.tb_frame.f_globals.get("__name__") == "rolecli.dispatch":
                return self.owner
            tb = tb.tb_next
        return None

    def _at_fault(self, witness: "_Witness | None") -> Record:
        """The system's plugin, unless its own result was sound and a wrapping
        house rule changed it (the innermost wrapper saw the system's result)."""
        if witness is None or witness.inner_problem or not witness.seen:
            return self.owner  # type: ignore[return-value]
        return self.wrappers[0] if len(self.wrappers) == 1 else Record(
            " or ".join(r.name for r in self.wrappers), distribution=None)


def _typed(hook: str, expected: type, info: Any) -> Callable[[Any, tuple], str | None]:
    """The check of a hook that answers with no Outcome (odds, a status), as
    :func:`rolecli.outcomes.checker` makes an Outcome's: ``None`` for a result
    that is ``None`` or sound, else why it is refused."""

    def check(result: Any, arguments: tuple) -> str | None:
        if result is None:
            return None
        if not isinstance(result, expected):
            return f"it returned {type(result).__name__}, not {expected.__name__}"
        return problem(hook, result, arguments, info)

    return check


def _completed(info: Any, arguments: tuple) -> tuple:
    """A hook's ``arguments`` (its action and its ctx last) with every parameter
    of the action's verb and every rule option, defaults where none was given
    (:func:`~rolecli.dispatch.complete`): what a verb's function gets, and a
    system's own implementation of the hook too."""
    return (*arguments[:-2], *complete(info, arguments[-2], arguments[-1]))


# A hook's arguments by name, from their order (dict(zip(...)) costs as much as a check).
_KEYWORDS: dict[tuple[str, ...], Callable[[tuple], dict[str, Any]]] = {
    ("character", "ctx"): lambda a: {"character": a[0], "ctx": a[1]},
    ("action", "ctx"): lambda a: {"action": a[0], "ctx": a[1]},
    ("character", "action", "ctx"): lambda a: {"character": a[0], "action": a[1], "ctx": a[2]},
    ("character", "event", "action", "ctx"): lambda a: {"character": a[0], "event": a[1], "action": a[2], "ctx": a[3]},
    ("characters", "action", "ctx"): lambda a: {"characters": a[0], "action": a[1], "ctx": a[2]},
}


class _Witness:
    """The innermost wrapper of every system hook (registered when a house rule
    wraps one): it checks the system's own result before any house rule's
    wrapper can change it, so a bad result is blamed on the plugin that made it."""

    _watching: list["_Witness"] = []

    def __init__(self, hook: str, arguments: tuple, info: Any):
        self.hook, self.arguments, self.info = hook, arguments, info
        self.seen, self.inner_problem = False, None

    @classmethod
    def watch(cls, hook: str, arguments: tuple, info: Any) -> "_Witness":
        witness = cls(hook, arguments, info)
        cls._watching.append(witness)
        return witness

    @classmethod
    def done(cls, witness: "_Witness") -> None:
        cls._watching.remove(witness)

    @classmethod
    def saw(cls, result: Any) -> Any:
        if cls._watching:
            witness = cls._watching[-1]
            witness.seen = True
            witness.inner_problem = problem(witness.hook, result, witness.arguments, witness.info)
            if witness.inner_problem is None:
                return _own(result)
        return result


def _own(result: Any) -> Any:
    """A sound result the house rules wrapping its hook may change in place, as
    their doc says they may: its containers copied. A system builds its results
    from values it keeps for the next roll (``worked_out``), which no caller may
    change; a house rule that did would change every later roll of the same dice."""
    import copy

    if isinstance(result, Outcome):
        result = copy.copy(result)  # every field kept, a subclass's too
        result.data, result.changes = copy.deepcopy(result.data), copy.deepcopy(result.changes)
        result.lines, result.used = list(result.lines), list(result.used)
        # an Effect is frozen, but its data is a dict a system may keep too (checked: every one is an Effect)
        result.effects = [replace(e, data=copy.deepcopy(dict(e.data))) for e in result.effects]
    elif isinstance(result, Odds):
        result = copy.copy(result)
        result.outcomes, result.labels, result.lines = dict(result.outcomes), dict(result.labels), list(result.lines)
    return result  # None, or a Status: frozen


def _witnessed():
    """The innermost wrapper of :class:`_Witness`, the same for each hook (pluggy
    passes a wrapper only the arguments it asks for: none)."""
    return _Witness.saw((yield))


# The hooks whose results the core checks: one plugin object answers them all.
_WitnessPlugin = type("_WitnessPlugin", (), dict.fromkeys(
    [h for h in SYSTEM_HOOKS if h != "rolecli_status"], staticmethod(hookimpl(wrapper=True, trylast=True)(_witnessed))))


class _Hooks:
    """One guarded subset hook caller per system hook: the system's plugin plus
    every plugin that declares no system (house rules can wrap the system's hooks)."""

    def __init__(self, plugins: Plugins, remove: list[Any], owner: Record | None):
        expected = _result_types()
        for hook in SYSTEM_HOOKS:
            caller = plugins.pm.subset_hook_caller(hook, remove_plugins=remove)
            setattr(self, hook, _Guarded(plugins, hook, caller, owner, expected[hook]))


_loaded: Plugins | None = None
_index: plugin_index.Index | None = None


def _group() -> list[Any]:
    from importlib.metadata import entry_points

    return list(entry_points(group=ENTRY_POINT_GROUP))


def installed_index() -> plugin_index.Index | None:
    """The plugin index of the installed entry points (read once per process);
    ``None`` under ``ROLECLI_LOAD_PLUGINS``, whose loads say nothing of the others."""
    global _index
    if os.environ.get(LOAD_ENV) is not None:
        return None
    if _index is None:
        _index = plugin_index.Index()
    return _index


def get_plugins(system: str | None = None) -> Plugins:
    """The plugins of this process, loaded on first use: every one, or with
    ``system``, those a command playing it needs (the plugin index permitting).
    Asked for more than it loaded (a batch's next line plays another system), it
    loads every one, each warning said once: at most two loads per process."""
    global _loaded
    if _loaded is None or _loaded.only not in (None, system):
        warned = _loaded.warned if _loaded is not None else set()
        _loaded = _load(system if _loaded is None else None, warned)
        if _loaded.only is not None and system not in _loaded.systems:  # broken since the index was written
            _loaded = _load(None, warned)
        index = installed_index()
        if _loaded.only is None and index is not None:  # (written anew when stale: entry points edited by hand)
            _loaded.systems  # (registering the plugins settles which are active)
            entries = {plugin_index.key(ep): plugin_index.entry(ep, record) for ep, record in _loaded._keys}
            if entries != index.entries:
                index.write(entries)
    return _loaded


def _load(system: str | None, warned: set[str]) -> Plugins:
    plugins = Plugins()
    plugins.warned = warned
    plugins.load_entry_points(system=system)
    return plugins


def system_names() -> Iterable[str]:
    """The installed systems' names: from the plugin index when it holds (no
    plugin imported), else by loading every plugin."""
    if _loaded is None or _loaded.only is not None:
        index = installed_index()
        if index is not None and index.entries is not None:
            return index.systems()
    return get_plugins().systems


def system_info(name: str) -> SystemInfo:
    """The SystemInfo of system ``name`` (loading the plugins on first use): what
    a campaign's loading is given to read its sheets by."""
    return get_plugins(name).system(name).info


def use_plugins(plugins: Plugins | None) -> Plugins | None:
    """Make ``plugins`` this process's plugins (``None``: load them anew on next
    use); returns the ones in use before (:func:`rolecli.testing.plugins`)."""
    global _loaded, _index
    before, _loaded = _loaded, plugins
    if plugins is None:
        _index = None  # the installed plugins may have changed: fingerprint them again
    return before


def debugging() -> bool:
    """``ROLECLI_DEBUG=1``: show tracebacks instead of one-line reports."""
    return bool(os.environ.get("ROLECLI_DEBUG"))
