"""The Python environment rolecli runs in, and the plugins installed into it.

``rolecli plugins install`` runs pip as ``sys.executable -m pip``, so a plugin
lands beside this very rolecli however it was installed: with pip into a
virtual environment, with pipx (whose environments have pip), or with uv, whose
environments may have no pip: then ``uv pip ... --python sys.executable`` does
the same, when ``uv`` is on PATH.

rolecli's own version never changes: every install runs with the constraint
``rolecli==<this version>``, so a plugin that needs another rolecli is refused
by pip rather than replacing it, and a spec naming rolecli itself is refused here.

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

from rolecli import __version__
from rolecli.errors import RoleError
from rolecli.plugins import BUILTIN_DISTRIBUTION, ENTRY_POINT_GROUP, canonical


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
            editable: str | None = None) -> list[tuple[str, str]]:
    """Install plugins into this environment; the (name, version) of each plugin
    distribution installed or changed."""
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
    before = {k: d.version for k, d in outside().items()}
    args = [*(["-U"] if upgrade else []), *(["-r", requirements] if requirements else []),
            *(["-e", editable] if editable else []), *specs]
    with tempfile.TemporaryDirectory(prefix="rolecli-") as folder:
        pin = Path(folder) / "constraints.txt"
        pin.write_text(f"{BUILTIN_DISTRIBUTION}=={__version__}\n", encoding="utf-8")
        _pip("install", ["--quiet", "-c", str(pin), *args])
    return [(d.metadata["Name"], d.version) for k, d in sorted(outside().items()) if before.get(k) != d.version]


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
