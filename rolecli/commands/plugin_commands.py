"""The commands plugins add (:func:`rolecli.hookspecs.rolecli_commands`): where
each goes, checked and built once per process, and contained.

A plugin's commands are ``rolecli <plugin> <command>``: beside the verbs of its
system for a plugin that declares one (``rolecli blades chart``), else in a
group named by its entry point. Each is also ``rolecli <command>`` when that
name is free: no core command, system, plugin group, verb of an installed
system or another plugin's command has it (the first plugin wins, those
shipped with rolecli first, then by entry-point name), so that which command a
word means never depends on the current campaign.

What a plugin got wrong costs one warning line and only the commands concerned:
a hook that raised (:attr:`rolecli.plugins.Plugins.commands`), a result that is
not a typer app, commands typer cannot build, a group name already taken, a
name that is no command word, a command named like one of its own verbs. An
exception raised while a plugin's command runs is that plugin's failure (exit 4).
"""

import functools
import re
import weakref
from dataclasses import dataclass, field
from typing import Any

import typer

from rolecli.commands.base import ClickException
from rolecli.core_commands import COMMANDS
from rolecli.errors import RoleError

_WORD = re.compile(r"[a-z0-9][a-z0-9_-]*")


@dataclass
class Placed:
    """The plugins' commands of one set of plugins, where each goes."""

    groups: dict[str, Any] = field(default_factory=dict)  # `rolecli GROUP ...`: each plugin's typer group
    owners: dict[str, Any] = field(default_factory=dict)  # group -> the plugin's Record
    top: dict[str, Any] = field(default_factory=dict)  # `rolecli NAME`: the command

    def listed(self, record) -> list[dict[str, Any]]:
        """``record``'s commands as ``rolecli plugins`` lists them."""
        found = []
        for where, owner in self.owners.items():
            if owner is record:
                found += [{"name": name, "command": f"{where} {name}", "top_level": self.top.get(name) is command}
                          for name, command in self.groups[where].commands.items()]
        return found


_placed: "weakref.WeakKeyDictionary[Any, Placed]" = weakref.WeakKeyDictionary()


def placed(plugins) -> Placed:
    """The commands ``plugins`` (a :class:`rolecli.plugins.Plugins`) add, placed
    on first use: a command line that names only core commands never asks."""
    if plugins not in _placed:
        _placed[plugins] = _place(plugins)
    return _placed[plugins]


def _place(plugins) -> Placed:
    systems = plugins.systems
    verbs = {spec.name for system in systems.values() for spec in system.info.actions}
    done = Placed()
    for record, app in plugins.commands:
        where = record.system or record.name
        if not isinstance(app, typer.Typer):
            plugins.report(record, f"its rolecli_commands hook returned {type(app).__name__}, not a typer.Typer or "
                                   "None; its commands are left out")
            continue
        if record.system is None and (where in COMMANDS or where in systems or where in verbs or where in done.groups):
            plugins.report(record, f"its commands would be 'rolecli {where} ...', and {where!r} is a command, a "
                                   "system or a verb already; its commands are left out (rename its entry point)")
            continue
        try:
            group = typer.main.get_group(app)
        except Exception as exc:  # a parameter typer cannot make, a name used twice...
            plugins.report(record, f"typer cannot build its commands ({type(exc).__name__}: {exc}); "
                                   "its commands are left out")
            continue
        own = {spec.name for spec in record.info.actions} if record.info else set()
        kept = {}
        for name, command in group.commands.items():
            if not (isinstance(name, str) and _WORD.fullmatch(name)) or name in own:
                why = "is named like one of its verbs" if name in own else \
                    "is no command word (lower-case letters, digits, - and _)"
                plugins.report(record, f"its command {name!r} {why}; that command is left out")
                continue
            kept[name] = _contained(record, command, f"{where} {name}")
        group.commands, group.name = kept, where
        done.groups[where], done.owners[where] = group, record
    taken = set(COMMANDS) | set(systems) | verbs | set(done.groups)
    for group in done.groups.values():
        for name, command in group.commands.items():
            if name not in taken:
                done.top[name] = command
                taken.add(name)
    return done


def _contained(record, command, path: str):
    """``command`` (and its subcommands), whose exceptions are ``record``'s failure."""
    if command.callback is not None:
        command.callback = _guarded(record, path, command.callback)
    for name, sub in getattr(command, "commands", {}).items():
        _contained(record, sub, f"{path} {name}")
    return command


def _guarded(record, path: str, callback):
    from rolecli.plugins import PluginFailure

    @functools.wraps(callback)
    def run(*args, **kwargs):
        try:
            return callback(*args, **kwargs)
        except (RoleError, ClickException, typer.Exit, typer.Abort):
            raise  # a refusal (exit 2), a usage error, an exit code: the command's own ways out
        except (Exception, SystemExit) as exc:  # a plugin's sys.exit() ends no batch or shell
            raise PluginFailure(record, f"its command 'rolecli {path}'", exc) from exc

    return run
