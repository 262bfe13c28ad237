"""One install with every built-in system: `pip install .` from the root, in a
fresh virtual environment, gives rolecli with every system under plugins/,
registered through the `rolecli` entry-point group like any third-party plugin;
installing one plugin folder on top of it still works."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib

import pytest

from rolecli_testing import REPO

pytestmark = pytest.mark.slow  # builds a fresh virtual environment, once for the module (make's --dist loadscope)


def _declared_systems() -> set[str]:
    names = set()
    for pyproject in (REPO / "plugins").glob("*/pyproject.toml"):
        names |= set(tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["entry-points"]["rolecli"])
    return names


def _run(*args, **kw):
    return subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=600, **kw)


@pytest.fixture(scope="module")
def fresh_venv(tmp_path_factory):
    """A fresh virtual environment with `pip install .` done from a copy of the
    repository (pip builds in the source folder, which must stay as it is)."""
    where = tmp_path_factory.mktemp("fresh")
    source = where / "source"
    shutil.copytree(REPO, source, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "*.egg-info", "__pycache__", ".hypothesis", "campaigns", "tests", "benchmarks"))
    venv = where / "venv"
    _run(sys.executable, "-m", "venv", venv).check_returncode()
    pip = [venv / "bin" / "python", "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    done = _run(*pip, source)
    assert done.returncode == 0, done.stderr[-2000:]
    return venv, pip, source


def _systems(venv, tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "ROLECLI", "VIRTUAL_ENV"))}
    result = _run(venv / "bin" / "rolecli", "systems", "--json", cwd=tmp_path, env=env)
    return result, [json.loads(line)["name"] for line in result.stdout.splitlines()]


def test_pip_install_of_the_root_brings_every_system(fresh_venv, tmp_path):
    venv, _, _ = fresh_venv
    result, names = _systems(venv, tmp_path)
    assert result.returncode == 0 and result.stderr == ""
    assert {"dice", "fate", "alternity"} <= set(names)
    shown = _run(venv / "bin" / "rolecli", "plugins", "--json", cwd=tmp_path, env={"PATH": os.environ["PATH"]})
    plugins = [json.loads(line) for line in shown.stdout.splitlines()]
    assert {p["name"] for p in plugins if p["state"] == "active" and p["origin"] == "built-in"} == _declared_systems()
    assert set(names) == {p["system"] for p in plugins if p["system"]}  # a house-rules plugin declares no system
    listed = _run(venv / "bin" / "python", "-c",
                  "from importlib.metadata import entry_points; "
                  "print(sorted({ep.dist.name for ep in entry_points(group='rolecli')}))")
    assert listed.stdout.strip() == "['rolecli']"  # the one distribution, no plugin installed apart


def test_a_plugin_folder_installed_on_top_is_the_same_system_once(fresh_venv, tmp_path):
    venv, pip, source = fresh_venv
    done = _run(*pip, "--no-deps", source / "plugins" / "fate")
    assert done.returncode == 0, done.stderr[-2000:]
    result, names = _systems(venv, tmp_path)
    assert result.returncode == 0 and result.stderr == ""  # no clash warning: it is the same module
    assert names.count("fate") == 1
