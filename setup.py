"""Build rolecli together with every rule system under ``plugins/``.

Each ``plugins/<name>/pyproject.toml`` stays the one place a built-in system
declares its packages and its ``rolecli`` entry points (so that folder can also
be installed on its own, like any third-party plugin). This reads them, so that
``pip install .``, ``pipx install .``, ``uv pip install .`` and a wheel built
from the root ship every system, registered through the same entry-point group.
Everything else about the package is in ``pyproject.toml``.
"""

import tomllib
from pathlib import Path

from setuptools import find_packages, setup

ROOT = Path(__file__).resolve().parent


def plugin_folders():
    for pyproject in sorted((ROOT / "plugins").glob("*/pyproject.toml")):
        yield pyproject.parent, tomllib.loads(pyproject.read_text(encoding="utf-8"))


packages = find_packages(include=["rolecli", "rolecli.*"])
package_dir = {}
entry_points = []
for folder, meta in plugin_folders():
    where = folder.relative_to(ROOT).as_posix()
    for top in meta["tool"]["setuptools"]["packages"]:
        for package in [top] + [f"{top}.{sub}" for sub in find_packages(where=f"{where}/{top}")]:
            packages.append(package)
            package_dir[package] = f"{where}/{package.replace('.', '/')}"
    entry_points += [f"{name} = {value}" for name, value in meta["project"]["entry-points"]["rolecli"].items()]

setup(packages=packages, package_dir=package_dir,
      entry_points={"console_scripts": ["rolecli = rolecli.cli:main"], "rolecli": entry_points})
