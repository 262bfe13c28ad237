"""The Python environment rolecli runs in, and the plugins installed into it.

``rolecli plugins install`` runs pip as ``sys.executable -m pip``, so a plugin
lands beside this very rolecli however it was installed: with pip into a
virtual environment, with pipx (whose environments have pip), or with uv, whose
environments may have no pip: then ``uv pip ... --python sys.executable`` does
the same, when ``uv`` is on PATH.

rolecli's own version never changes: every install runs with the constraint
``rolecli==<this version>``, so a plugin that needs another rolecli is refused
by pip rather than replacing it, and a spec naming rolecli itself is refused here.

A name is taken once: an install that would shadow an installed plugin (its
package, its system or house rules name) is refused, and undone if pip ran
already (:func:`install`).

Nothing here imports a plugin: a broken one cannot stop its own uninstall.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Iterable

from rolecli import __version__, shadowing
from rolecli.errors import RoleError
from rolecli.plugins import BUILTIN_DISTRIBUTION, ENTRY_POINT_GROUP, canonical
from rolecli.shadowing import shipped


def installer() -> list[str]:
    """The command that installs into this environment: its pip, else uv's."""
    if importlib.util.find_spec("pip") is not None:
        return [sys.executable, "-m", "pip"]
    uv = shutil.which("uv")
    if uv:
        return [uv, "pip"]
    raise RoleError(f"the Python environment rolecli runs in ({sys.prefix}) has no pip, and uv is not on PATH; "
                    f"add pip with '{sys.executable} -m ensurepip', or put uv on PATH.")


def _pip(command: str, args: list[str], pip_only: tuple[str, ...] = ()) -> None:
    """Run ``pip COMMAND ARGS`` (or ``uv pip``) on this environment, its output on
    stderr; ``pip_only``: options uv does not take (it never asks before uninstalling)."""
    base = installer()
    pip = base[1:] == ["-m", "pip"]
    where = ["--disable-pip-version-check", *pip_only] if pip else ["--python", sys.executable]
    process = subprocess.Popen([*base, command, *where, *args], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True, errors="replace")
    assert process.stdout is not None
    for line in process.stdout:  # streamed: a git clone can take a while
        sys.stderr.write(line)
    if process.wait():
        raise RoleError(f"{Path(base[0]).name} {' '.join(base[1:])} {command} failed (exit {process.returncode}); "
                        "its messages are above.")


# --- what is installed --------------------------------------------------------


def distributions() -> dict[str, Any]:
    """The installed distributions with entry points in the ``rolecli`` group, by canonical name."""
    from importlib import metadata

    importlib.invalidate_caches()
    found: dict[str, Any] = {}
    for dist in metadata.distributions():
        name = dist.metadata["Name"]
        if name and any(ep.group == ENTRY_POINT_GROUP for ep in dist.entry_points):
            found.setdefault(canonical(name), dist)  # the first on sys.path is the one Python imports
    return found


def outside() -> dict[str, Any]:
    """The installed plugins not shipped with rolecli, by canonical name."""
    return {k: d for k, d in distributions().items() if k != BUILTIN_DISTRIBUTION}


def requirement(dist: Any) -> str:
    """A requirement line that installs ``dist`` again as it is installed now:
    from where it came (a folder, a git commit, a wheel) or by its version."""
    name = dist.metadata["Name"]
    text = dist.read_text("direct_url.json")
    if text:
        origin = json.loads(text)
        url = origin["url"]
        if "vcs_info" in origin:
            vcs = origin["vcs_info"]
            sub = f"#subdirectory={origin['subdirectory']}" if origin.get("subdirectory") else ""
            return f"{name} @ {vcs['vcs']}+{url}@{vcs['commit_id']}{sub}"
        if origin.get("dir_info", {}).get("editable"):
            return f"-e {url}"
        return f"{name} @ {url}"
    return f"{name}=={dist.version}"


# --- changing it ----------------------------------------------------------------


def install(specs: list[str], requirements: str | None = None, upgrade: bool = False,
            editable: str | None = None) -> list[tuple[str, str, list[dict[str, Any]]]]:
    """Install plugins into this environment; the name and version of each plugin
    distribution installed or changed, with its plugins as a fresh process loads
    them (``rolecli plugins --json``).

    A name is taken once: a distribution that ships a package an installed plugin
    ships (built-in or not), or whose plugin's system or house rules name is
    taken, is refused. Before pip runs, for a folder or a wheel (what it ships is
    read from it); else after, and then what pip installed is uninstalled and
    every file of the plugins installed before is as it was."""
    for spec in specs:
        name = _named(spec)
        if name == BUILTIN_DISTRIBUTION:
            raise RoleError(f"{spec!r} is rolecli itself, which 'rolecli plugins install' never changes; upgrade it "
                            "with the tool that installed it (pip install -U rolecli, pipx upgrade rolecli, "
                            "uv tool upgrade rolecli), then 'rolecli plugins install -r' what 'freeze' saved.")
    if requirements is not None and not Path(requirements).is_file():
        raise RoleError(f"-r {requirements}: no such file.")
    if not (specs or requirements or editable):
        raise RoleError("name a plugin to install: a package name, a folder, a git URL (git+https://...), a wheel, "
                        "or -r FILE.")
    installed = distributions()
    for spec in [*specs, *([editable] if editable else [])]:
        incoming = _ships(spec)
        shadows = _shadows(*incoming, installed) if incoming is not None else None
        if shadows:
            raise RoleError(f"{shadows}.")
    before = {canonical(d.metadata["Name"] or ""): d.version for d in _all()}
    kept, was = _files(installed.values()), _conflicts(loaded())
    args = [*(["-U"] if upgrade else []), *(["-r", requirements] if requirements else []),
            *(["-e", editable] if editable else []), *specs]
    with tempfile.TemporaryDirectory(prefix="rolecli-") as folder:
        pin = Path(folder) / "constraints.txt"
        pin.write_text(f"{BUILTIN_DISTRIBUTION}=={__version__}\n", encoding="utf-8")
        _pip("install", ["--quiet", "-c", str(pin), *args])
    changed = {k: d for k, d in sorted(outside().items()) if before.get(k) != d.version}
    plugins = loaded()
    try:
        for dist in _all():
            shadows = before.get(canonical(dist.metadata["Name"] or "")) != dist.version and _shadows(
                dist.metadata["Name"], shipped(dist), installed)
            if shadows:
                raise RoleError(shadows)
        for key, plugin in _conflicts(plugins).items():
            if key not in was:  # a plugin of what was installed, or one that was active, loses a name
                names = ", ".join(shadowing.shown(d) for d in changed.values()) or "this"
                raise RoleError(f"{names} cannot be installed: plugin {plugin['name']!r} ({plugin['distribution']}) "
                                f"would be skipped: {plugin['why']}; a name is taken once: rename the new one")
    except RoleError as refused:
        _roll_back(before, kept, installed)
        raise RoleError(f"{refused} (nothing was installed).") from None
    return [(d.metadata["Name"], d.version, [p for p in plugins if canonical(p["distribution"] or "") == k])
            for k, d in changed.items()]


def _conflicts(plugins: list[dict[str, Any]]) -> dict[tuple[str, str], dict[str, Any]]:
    """The plugins skipped for a name or a package another one has, by entry point and distribution."""
    return {(p["name"], p["distribution"]): p for p in plugins if p["conflict"]}


def loaded() -> list[dict[str, Any]]:
    """Every plugin as a fresh rolecli process loads it (``rolecli plugins --json``):
    this process imported the plugins installed before."""
    listed = subprocess.run([sys.executable, "-m", "rolecli", "plugins", "--json"], capture_output=True, text=True)
    return [json.loads(line) for line in listed.stdout.splitlines() if line.strip()]


def _all() -> list[Any]:
    from importlib import metadata

    importlib.invalidate_caches()
    return list(metadata.distributions())


def _shown(dists: dict[str, Any], name: str) -> str:
    return shadowing.shown(dists[canonical(name)])


def _ships(spec: str) -> tuple[str, set[str]] | None:
    """The distribution a folder or a wheel holds and the import names it ships,
    read from it; ``None`` when it cannot say before it is built (pip will)."""
    path = Path(spec.split("[")[0])  # ./rolecli-blades[test]: the folder, without its extras
    if path.suffix == ".whl" and path.is_file():
        import zipfile

        with zipfile.ZipFile(path) as wheel:
            names = wheel.namelist()
            metadata = next((n for n in names if n.count("/") == 1 and n.endswith(".dist-info/METADATA")), None)
            text = wheel.read(metadata).decode("utf-8", "replace") if metadata else ""
        name = re.search(r"^Name:\s*(\S+)", text, re.M)
        return (name.group(1), set(shadowing.tops(names))) if name else None
    if not (path / "pyproject.toml").is_file():
        return None
    import tomllib

    try:
        meta = tomllib.loads((path / "pyproject.toml").read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None  # pip says what is wrong with it
    tool = meta.get("tool", {}).get("setuptools", {})
    packages, modules = tool.get("packages"), tool.get("py-modules", [])
    name = meta.get("project", {}).get("name")
    if not isinstance(name, str) or not isinstance(packages, list) or not isinstance(modules, list):
        return None  # found or built at build time
    return name, {str(p).split(".")[0] for p in packages} | {str(m) for m in modules}


def _shadows(name: str, ships: set[str], installed: dict[str, Any]) -> str | None:
    """Why distribution ``name`` is refused when it ships a package an installed
    plugin's distribution (another one) ships: Python would import only one of the two."""
    for key, dist in installed.items():
        common = sorted(ships & shipped(dist)) if key != canonical(name) else []
        if common:
            what = "ships with rolecli" if key == BUILTIN_DISTRIBUTION else "is installed"
            return (f"{name} cannot be installed: its package {common[0]} would shadow the package of "
                    f"{shadowing.shown(dist)}, which {what} (Python imports only one of two packages of one name); "
                    "rename its package")
    return None


def _files(dists: Iterable[Any]) -> dict[Path, bytes]:
    """The content of every file the plugins installed now ship, to put back
    should an install be refused after pip wrote over some of them."""
    kept = {}
    for dist in dists:
        for file in dist.files or ():
            path = Path(dist.locate_file(file))
            if "__pycache__" not in file.parts and path.is_file():
                kept[path] = path.read_bytes()
    return kept


def _roll_back(before: dict[str, str], kept: dict[Path, bytes], installed: dict[str, Any]) -> None:
    """Uninstall what pip installed since ``before`` (and the plugins it
    changed), then put back the files of the plugins installed before as they
    were. A library pip upgraded on the way stays upgraded."""
    added = [d.metadata["Name"] for d in _all() if (key := canonical(d.metadata["Name"] or "")) not in before
             or key in installed and before[key] != d.version]
    if added:
        _pip("uninstall", ["--quiet", *added], pip_only=("--yes",))
    for path, content in kept.items():
        if not path.is_file() or path.read_bytes() != content:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(content)


def uninstall(names: Iterable[str]) -> list[tuple[str, str]]:
    """Uninstall plugins (by distribution or entry-point name); refuse rolecli,
    its built-in plugins and anything that is not a rolecli plugin."""
    installed = distributions()
    builtin = installed.get(BUILTIN_DISTRIBUTION)
    builtins = {canonical(ep.name) for ep in builtin.entry_points if ep.group == ENTRY_POINT_GROUP} if builtin else set()
    by_entry_point = {canonical(ep.name): key for key, dist in installed.items() if key != BUILTIN_DISTRIBUTION
                      for ep in dist.entry_points if ep.group == ENTRY_POINT_GROUP}
    chosen: dict[str, Any] = {}
    for name in names:
        key = canonical(name)
        if key == BUILTIN_DISTRIBUTION:
            raise RoleError("'rolecli plugins uninstall' does not uninstall rolecli itself; use the tool that "
                            "installed it (pip, pipx, uv).")
        if key in builtins:
            raise RoleError(f"{name!r} ships with rolecli and cannot be uninstalled.")
        key = key if key in installed else by_entry_point.get(key, key)
        if key not in installed:
            known = ", ".join(sorted(d.metadata["Name"] for k, d in installed.items() if k != BUILTIN_DISTRIBUTION))
            raise RoleError(f"{name!r} is not an installed rolecli plugin; installed plugins: {known or 'none'}.")
        chosen[key] = installed[key]
    if not chosen:
        raise RoleError("name a plugin to uninstall (see 'rolecli plugins').")
    removed = [(d.metadata["Name"], d.version) for d in chosen.values()]  # read while the metadata is there
    _pip("uninstall", ["--quiet", *(name for name, _ in removed)], pip_only=("--yes",))
    return removed


def _named(spec: str) -> str | None:
    """The distribution a spec names, when it names one (``name``, ``name==1.0``,
    ``name @ url``); ``None`` for a path or a bare URL."""
    if os.path.exists(spec) or "://" in spec.split("@")[0]:
        return None
    match = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(\[[^\]]*\])?\s*(==|>=|<=|~=|!=|<|>|@|;|$)", spec)
    return canonical(match.group(1)) if match else None
