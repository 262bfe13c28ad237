"""``plugins``: the plugins rolecli found, and installing, removing, saving and making them.

``rolecli plugins`` lists every plugin of the ``rolecli`` entry-point group, the
active and the skipped (and why); ``install``, ``uninstall`` and ``freeze`` change
or save the set installed in the environment rolecli runs in
(:mod:`rolecli.environment`), so it can be restored after an upgrade; ``new``
writes a plugin package to start from (:mod:`rolecli.scaffold`). None of them
needs a working plugin: a broken one is listed, and can be uninstalled.
"""

from pathlib import Path
from typing import Any, Optional

import typer

from rolecli.commands import JSON, REGISTRY
from rolecli.output import Printer, note

plugins_app = typer.Typer(name="plugins", invoke_without_command=True, add_completion=False,
                          help="List the plugins (rule systems, house rules), install, uninstall, freeze or make one.")
REGISTRY["plugins"] = plugins_app


def describe(record, commands: list[dict[str, Any]]) -> dict[str, Any]:
    """One plugin as ``rolecli plugins --json`` shows it, with the ``commands`` it adds."""
    return {"name": record.name, "entry_point": record.value, "distribution": record.distribution,
            "version": record.version,
            "origin": "built-in" if record.builtin else "installed" if record.distribution else "registered",
            "system": record.system, "house": record.house, "house_systems": list(record.house_systems),
            "hooks": record.hooks, "state": record.state, "why": record.why, "conflict": record.conflict,
            "commands": commands}


def _provides(plugin: dict[str, Any]) -> str:
    if plugin["system"]:
        return f"system {plugin['system']}"
    if plugin["house"]:
        systems = f", for {', '.join(plugin['house_systems'])}" if plugin["house_systems"] else ""
        return f"house rules {plugin['house']} (opt-in{systems})"
    return "house rules (always on)" if plugin["state"] == "active" else "-"


def _lines(plugin: dict[str, Any]) -> list[str]:
    dist = " ".join(filter(None, (plugin["distribution"], plugin["version"]))) or "-"
    state = plugin["state"] + (f": {plugin['why']}" if plugin["why"] else "")
    hooks = ", ".join(h.removeprefix("rolecli_") for h in plugin["hooks"]) or "none"
    commands = ", ".join(f"rolecli {c['command']}" + (f" (or rolecli {c['name']})" if c["top_level"] else "")
                         for c in plugin["commands"])
    return [f"{plugin['name']}\t{dist}\t{plugin['origin']}\t{_provides(plugin)}\t{state}", f"  hooks: {hooks}",
            *([f"  commands: {commands}"] if commands else [])]


@plugins_app.callback()
def plugins_list(ctx: typer.Context, json_: bool = JSON) -> int:
    """List every plugin: distribution, version, entry point, what it provides, the hooks
    it implements, and whether it is active or skipped (and why)."""
    if ctx.invoked_subcommand is not None:
        return 0
    from rolecli.plugins import get_plugins

    from rolecli.commands.plugin_commands import placed

    plugins = get_plugins()
    plugins.systems  # registers the plugins: a clash or a refused hook shows as skipped
    added = placed(plugins)
    printer = Printer(json_)
    for record in sorted(plugins.records, key=lambda r: (not r.builtin, r.name)):
        plugin = describe(record, added.listed(record))
        printer.result(plugin, _lines(plugin))
    return 0


def _installed(changed: list[tuple[str, str, list[dict[str, Any]]]], printer: Printer) -> None:
    """Say what each installed distribution brings, as a fresh rolecli process loads it."""
    for dist, version, found in changed:
        said = "; ".join(f"plugin {p['name']!r}: {_provides(p)}, {p['state']}" + (f" ({p['why']})" if p["why"] else "")
                         for p in found) or "no plugin rolecli can load"
        printer.result({"distribution": dist, "version": version, "plugins": found},
                       [f"installed {dist} {version}: {said}"])


@plugins_app.command("install")
def plugins_install(
    specs: Optional[list[str]] = typer.Argument(None, help="Package names, folders, git URLs (git+https://...) "
                                                           "or wheels, as pip takes them.", metavar="SPEC"),
    requirements: Optional[Path] = typer.Option(None, "-r", "--requirement",
                                                help="Install the plugins this file lists ('rolecli plugins freeze')."),
    editable: Optional[str] = typer.Option(None, "-e", "--editable",
                                           help="Install this folder editable (while you write the plugin)."),
    upgrade: bool = typer.Option(False, "-U", "--upgrade", help="Upgrade the plugins named to their newest version."),
    json_: bool = JSON,
) -> int:
    """Install plugins into the Python environment rolecli runs in (rolecli itself is never changed)."""
    from rolecli import environment

    changed = environment.install(list(specs or ()), str(requirements) if requirements else None, upgrade, editable)
    if changed:
        _installed(changed, Printer(json_))
    else:
        note("no plugin was installed or changed: what was asked for is installed already, or holds no plugin.")
    return 0


@plugins_app.command("uninstall")
def plugins_uninstall(
    names: list[str] = typer.Argument(..., help="Plugins, by distribution or entry-point name."),
    json_: bool = JSON,
) -> int:
    """Uninstall plugins (never rolecli itself, nor a plugin that ships with it)."""
    from rolecli import environment

    printer = Printer(json_)
    for dist, version in environment.uninstall(names):
        printer.result({"distribution": dist, "version": version}, [f"uninstalled {dist} {version}"])
    return 0


@plugins_app.command("freeze")
def plugins_freeze() -> int:
    """Print the installed plugins (those not shipped with rolecli) as requirement lines:
    'rolecli plugins freeze > plugins.txt', upgrade rolecli, 'rolecli plugins install -r plugins.txt'."""
    from rolecli import environment

    for dist in sorted(environment.outside().values(), key=lambda d: d.metadata["Name"].lower()):
        print(environment.requirement(dist))
    return 0


@plugins_app.command("new")
def plugins_new(
    name: str = typer.Argument(..., help="The rule system's name: a lower-case word, such as 'blades'."),
    json_: bool = JSON,
) -> int:
    """Write a plugin package for a new rule system in ./rolecli-NAME: every hook with a
    trivial working rule, its tests and a README; it installs and passes its tests as written."""
    from rolecli import scaffold

    folder = scaffold.create(Path.cwd(), name)
    Printer(json_).result({"name": name, "path": str(folder)}, [
        f"created {folder}",
        f"  try it:  rolecli plugins install ./{folder.name} && rolecli {name} check 2 --seed 1",
        f"  test it: pip install -e './{folder.name}[test]' && python -m pytest {folder.name}"])
    return 0
