"""Installing rolecli, and a plugin's whole life, in one fresh virtual
environment (built once for the module: make's --dist loadscope keeps the
module on one worker; pip's cache is warm, so each install takes seconds).

`pip install .` from the root gives rolecli with every system under plugins/,
registered through the `rolecli` entry-point group like any third-party
plugin. Then a plugin's life as a new user lives it (issue 13): `rolecli
plugins new` writes a package, `rolecli plugins install` puts it into the
environment, its system plays through the CLI (a campaign, a check, damage,
recovery, odds), its own tests pass, `plugins --json` lists it, `uninstall`
removes it. Beside it, a broken plugin (frozen, removed and restored with
`install -r`) and one that asks for another rolecli. Last, one plugin folder
installed on top of rolecli is still the same system once."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
import zipfile

import pytest

from rolecli_testing import REPO

pytestmark = pytest.mark.slow  # builds a fresh virtual environment


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


@pytest.fixture(scope="module")
def user(fresh_venv, tmp_path_factory):
    """`rolecli ARGS` of a fresh virtual environment where `pip install rolecli`
    was done (from a copy of this repository), run in the user's own folder."""
    venv, _, _ = fresh_venv
    where = tmp_path_factory.mktemp("lifecycle")
    home = where / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "ROLECLI", "VIRTUAL_ENV"))}
    env |= {"ROLECLI_CAMPAIGNS": str(home / "campaigns"), "ROLECLI_LANG": "en"}

    def rolecli(*args, code=0):
        result = _run(venv / "bin" / "rolecli", *args, cwd=home, env=env)
        assert result.returncode == code, (args, result.stdout, result.stderr)
        return result

    rolecli.home, rolecli.venv, rolecli.env = home, venv, env
    return rolecli


def _plugins(rolecli):
    return {p["name"]: p for p in map(json.loads, rolecli("plugins", "--json").stdout.splitlines())}


def _wheel(folder, dist, source, requires=()):
    """A wheel of a one-module plugin, as a build backend would write it."""
    module = dist.replace("-", "_")
    info = f"{module}-0.1.dist-info"
    files = {f"{module}.py": source,
             f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {dist}\nVersion: 0.1\n"
                                 + "".join(f"Requires-Dist: {r}\n" for r in requires),
             f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
             f"{info}/entry_points.txt": f"[rolecli]\n{module} = {module}\n"}
    path = folder / f"{module}-0.1-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as wheel:
        for name, text in files.items():
            wheel.writestr(name, text)
        wheel.writestr(f"{info}/RECORD", "".join(f"{name},,\n" for name in [*files, f"{info}/RECORD"]))
    return path


def test_new_install_play_list_freeze_restore_uninstall(user):
    made = user("plugins", "new", "blades")
    assert made.stdout.startswith(f"created {user.home / 'rolecli-blades'}")

    # The [test] extra brings pytest, for the package's own tests below.
    installed = user("plugins", "install", "./rolecli-blades[test]")
    assert installed.stdout == "installed rolecli-blades 0.1.0: plugin 'blades': system blades, active\n"

    listed = _plugins(user)["blades"]
    assert (listed["distribution"], listed["version"], listed["origin"], listed["state"]) == (
        "rolecli-blades", "0.1.0", "installed", "active")
    assert listed["system"] == "blades" and len(listed["hooks"]) == 9 and listed["entry_point"] == "rolecli_blades"
    assert listed["commands"] == [{"name": "chart", "command": "blades chart", "top_level": True}]
    assert user("chart", "-d", "7").stdout.startswith("skill 0: 58%\n")  # the plugin's own command

    user("campaign", "new", "heist", "--system", "blades")
    user("character", "add", "Ana", "skills.Fight=2", "edge=1")
    user("character", "add", "Bo")
    check = json.loads(user("check", "Ana", "Fight", "--dice", "3,4", "--json").stdout)
    assert (check["total"], check["success"]) == (9, True)
    assert "2d6 [1, 2] + 2 = 5 against 8: failure" in user("blades", "check", "2", "--dice", "1,2", code=1).stdout
    assert user("harm", "Ana", "3").stdout.startswith("Ana: harm [X][X][X][ ]")
    assert user("recover", "patched_up", "Ana").stdout.startswith("Ana: harm [X][X][ ][ ]")
    order = json.loads(user("initiative", "--dice", "2,4", "--json").stdout)["order"]
    assert order == ["Bo", "Ana"]
    odds = json.loads(user("odds", "check", "Ana", "Fight", "--difficulty", "9", "--json").stdout)
    assert odds["outcomes"]["success"]["p"] == "7/12"  # 2d6 >= 7
    assert "roll: 2d6 [3, 4] + Fight 2 = 9 against 8: success  (rolecli check Ana Fight --dice 3,4 --json)" \
        in user("log").stdout

    tests = _run(user.venv / "bin" / "python", "-m", "pytest", "-q", "-p", "no:cacheprovider",
                 cwd=user.home / "rolecli-blades", env=user.env)
    assert tests.returncode == 0 and " passed" in tests.stdout, tests.stdout[-2000:]

    assert user("plugins", "freeze").stdout == f"rolecli-blades @ {(user.home / 'rolecli-blades').as_uri()}\n"
    assert user("plugins", "uninstall", "blades").stdout == "uninstalled rolecli-blades 0.1.0\n"
    assert "blades" not in _plugins(user)
    assert "unknown rule system 'blades'" in user("-C", "heist", "check", "Ana", "Fight", code=2).stderr


def test_a_plugin_asking_for_another_rolecli_is_refused_and_rolecli_stays(user):
    wheel = _wheel(user.home, "rolecli-future", "ROLECLI_CONTRACT = 2\n", requires=["rolecli>=99"])
    refused = user("plugins", "install", wheel, code=2)
    assert refused.stderr.splitlines()[-1].endswith("failed (exit 1); its messages are above.")
    assert user("--version").stdout == "rolecli 0.1.0\n"
    assert "rolecli_future" not in _plugins(user)
    assert "'rolecli==2.0' is rolecli itself" in user("plugins", "install", "rolecli==2.0", code=2).stderr


def test_a_broken_plugin_costs_one_line_and_is_frozen_removed_and_restored(user):
    wheel = _wheel(user.home, "rolecli-broken", "raise ImportError('broken on purpose')\n")
    installed = user("plugins", "install", wheel)
    assert installed.stdout == ("installed rolecli-broken 0.1: plugin 'rolecli_broken': -, skipped "
                                "(failed to load: ImportError: broken on purpose)\n")
    assert user("fate", "check", "3", "--seed", "1", "-q").stderr.count("\n") == 1  # -q: the warning, no dice lines
    quiet = {**user.env, "ROLECLI_QUIET_PLUGINS": "rolecli-broken"}
    assert _run(user.venv / "bin" / "rolecli", "systems", cwd=user.home, env=quiet).stderr == ""

    frozen = user("plugins", "freeze").stdout
    assert frozen == f"rolecli-broken @ {wheel.as_uri()}\n"
    (user.home / "plugins.txt").write_text(frozen, encoding="utf-8")
    assert user("plugins", "uninstall", "rolecli_broken").stdout == "uninstalled rolecli-broken 0.1\n"
    assert user("fate", "check", "3", "--seed", "1", "-q").stderr == "" and user("plugins", "freeze").stdout == ""
    assert user("plugins", "install", "-r", "plugins.txt").stdout.startswith("installed rolecli-broken 0.1: ")
    assert user("plugins", "freeze").stdout == frozen
    user("plugins", "uninstall", "rolecli-broken")


# --- a name is taken once (issue 17) ---------------------------------------------

BUILTINS = {"dice": "demo", "fate": "caminantes", "alternity": "aaa", "giro": "giro", "v5": "v5", "middle": "middle"}


def _builtins_play(user):
    """Every built-in system plays its sample campaign, and nothing is installed beside rolecli."""
    for name, sample in BUILTINS.items():
        played = user("-C", sample, "initiative", "--seed", "1", "-q")
        assert played.stderr == "", (name, played.stderr)
    assert user("fate", "check", "2", "--seed", "1", "-q").stdout.startswith("4dF ")
    assert user("plugins", "freeze").stdout == ""
    assert {p["distribution"] for p in _plugins(user).values()} == {"rolecli"}


@pytest.fixture(scope="module")
def samples(user):
    from rolecli_testing import NOT_SHIPPED, REPO

    shutil.copytree(REPO / "campaigns", user.home / "campaigns", dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns(*NOT_SHIPPED))


def test_a_plugin_named_after_a_builtin_is_refused_before_pip_runs(user, samples):
    from rolecli import scaffold

    for name in BUILTINS:
        taken = user("plugins", "new", name, code=2)
        assert taken.stderr == (f"rolecli: {name!r} is taken: plugin {name!r} (rolecli 0.1.0) is installed; choose "
                                f"another name for the new system, such as 'my_{name}'.\n")
        scaffold.write(user.home / f"rolecli-{name}", name)  # as another rolecli (or an older one) made it
        refused = user("plugins", "install", f"./rolecli-{name}", code=2)
        assert refused.stderr == (
            f"rolecli: rolecli-{name} cannot be installed: its package rolecli_{name} would shadow the package of "
            "rolecli 0.1.0, which ships with rolecli (Python imports only one of two packages of one name); rename "
            "its package.\n")
    _builtins_play(user)


def test_a_plugin_whose_system_is_taken_is_uninstalled_again(user, samples):
    source = ("from rolecli import hookimpl\nfrom rolecli.contract import *\nROLECLI_CONTRACT = 2\n\n"
              "@hookimpl\ndef rolecli_system():\n    return SystemInfo(name='fate', names=Label(en='fake fate'))\n")
    refused = user("plugins", "install", _wheel(user.home, "rolecli-afate", source), code=2)
    assert refused.stderr.splitlines()[-1] == (
        "rolecli: rolecli-afate 0.1 cannot be installed: plugin 'rolecli_afate' (rolecli-afate) would be skipped: "
        "it declares system 'fate', which plugin 'fate' (rolecli 0.1.0) already provides; a name is taken once: "
        "rename the new one (nothing was installed).")
    _builtins_play(user)


def test_a_package_pip_wrote_over_a_builtins_is_put_back(user, samples):
    """What it ships is known only once built (setuptools finds the packages):
    pip installs it, writing over the built-in's files, and all is undone."""
    folder = user.home / "sneaky"
    (folder / "rolecli_fate").mkdir(parents=True)
    (folder / "rolecli_fate" / "__init__.py").write_text("ROLECLI_CONTRACT = 2\n", encoding="utf-8")
    (folder / "pyproject.toml").write_text(
        '[build-system]\nrequires = ["setuptools>=68"]\nbuild-backend = "setuptools.build_meta"\n\n'
        '[project]\nname = "rolecli-sneaky"\nversion = "0.1"\n\n[project.entry-points.rolecli]\n'
        'sneaky = "rolecli_fate"\n', encoding="utf-8")
    refused = user("plugins", "install", "./sneaky", code=2)
    assert refused.stderr.splitlines()[-1] == (
        "rolecli: rolecli-sneaky cannot be installed: its package rolecli_fate would shadow the package of rolecli "
        "0.1.0, which ships with rolecli (Python imports only one of two packages of one name); rename its package "
        "(nothing was installed).")
    _builtins_play(user)


# Last: it leaves a plugin folder installed on top of rolecli, which no test before expects.
def test_a_plugin_folder_installed_on_top_is_the_same_system_once(fresh_venv, tmp_path):
    venv, pip, source = fresh_venv
    done = _run(*pip, "--no-deps", source / "plugins" / "fate")
    assert done.returncode == 0, done.stderr[-2000:]
    result, names = _systems(venv, tmp_path)
    assert result.returncode == 0 and result.stderr == ""  # no clash warning: it is the same module
    assert names.count("fate") == 1
