"""Managing plugins (issue 13): `rolecli plugins` lists them; ROLECLI_LOAD_PLUGINS,
ROLECLI_QUIET_PLUGINS and ROLECLI_TRACE_PLUGINS; the refusals of `install`,
`uninstall` and `new`, pip or uv, and `freeze`'s lines. The real installs into a
fresh virtual environment are in test_install."""

from __future__ import annotations

import json
import os
import sys
from types import SimpleNamespace

import pytest

from rolecli_testing import fake_distribution

SYSTEM = """
from rolecli import hookimpl
from rolecli.contract import *
ROLECLI_CONTRACT = 2

@hookimpl
def rolecli_system():
    return SystemInfo(name="outside", names=Label("fuera", "outside"))
"""
BROKEN = "raise ImportError('broken on purpose')\n"


@pytest.fixture
def site(tmp_path):
    """Two outside plugins installed the way pip would: one that works, one that does not."""
    folder = tmp_path / "site"
    folder.mkdir()
    fake_distribution(folder, "outside_plugin", SYSTEM, entry_point="outside", dist="rolecli-outside")
    fake_distribution(folder, "broken_plugin", BROKEN)
    return {"PYTHONPATH": str(folder)}


def _listed(result):
    return {p["name"]: p for p in map(json.loads, result.out.splitlines())}


def test_plugins_lists_each_plugin_with_where_it_comes_from(run_process, site):
    result = run_process("plugins", "--json", env=site)
    assert result.code == 0
    listed = _listed(result)
    assert listed["fate"] == {
        "name": "fate", "entry_point": "rolecli_fate", "distribution": "rolecli", "version": "0.1.0",
        "origin": "built-in", "system": "fate", "house": None, "house_systems": [],
        "hooks": ["rolecli_system", "rolecli_roll", "rolecli_resolve", "rolecli_apply_damage", "rolecli_recover",
                  "rolecli_initiative", "rolecli_odds", "rolecli_status"],
        "state": "active", "why": None, "conflict": None, "commands": []}
    assert listed["outside"] | {"hooks": None} == {
        "name": "outside", "entry_point": "outside_plugin", "distribution": "rolecli-outside", "version": "0.1",
        "origin": "installed", "system": "outside", "house": None, "house_systems": [], "hooks": None,
        "state": "active", "why": None, "conflict": None, "commands": []}
    assert listed["outside"]["hooks"] == ["rolecli_system"]
    assert listed["broken_plugin"]["state"] == "skipped"
    assert listed["broken_plugin"]["why"] == "failed to load: ImportError: broken on purpose"
    assert listed["natural20"]["house"] == "natural20" and listed["natural20"]["house_systems"] == ["dice"]
    assert result.err.count("\n") == 1 and "broken_plugin" in result.err  # the one warning, as for any command


def test_plugins_as_text_one_line_each_and_its_hooks(run_process, site):
    lines = run_process("plugins", env=site).out.splitlines()
    assert "outside\trolecli-outside 0.1\tinstalled\tsystem outside\tactive" in lines
    assert "broken_plugin\tbroken_plugin 0.1\tinstalled\t-\tskipped: failed to load: ImportError: broken on purpose" \
        in lines
    assert lines[lines.index("outside\trolecli-outside 0.1\tinstalled\tsystem outside\tactive") + 1] == \
        "  hooks: system"
    assert any(line.startswith("natural20\t") and "house rules natural20 (opt-in, for dice)" in line
               for line in lines)


def test_load_plugins_empty_starts_with_the_built_in_systems_only(run_process, site):
    result = run_process("systems", "--json", env={**site, "ROLECLI_LOAD_PLUGINS": ""})
    assert result.code == 0 and result.err == ""  # the broken plugin is not even imported
    names = {json.loads(line)["name"] for line in result.out.splitlines()}
    assert "outside" not in names and {"dice", "fate", "alternity"} <= names
    listed = _listed(run_process("plugins", "--json", env={**site, "ROLECLI_LOAD_PLUGINS": ""}))
    assert {n: p["why"] for n, p in listed.items() if p["state"] == "skipped"} == {
        "outside": "not in ROLECLI_LOAD_PLUGINS", "broken_plugin": "not in ROLECLI_LOAD_PLUGINS"} | (
        {"natural20": "not in ROLECLI_LOAD_PLUGINS"} if listed["natural20"]["origin"] == "installed" else {})
    assert all(p["origin"] == "built-in" for p in listed.values() if p["state"] == "active")


@pytest.mark.parametrize("allowed", ["outside", "rolecli-outside", "rolecli_outside, nothing"])
def test_load_plugins_allows_by_entry_point_or_distribution(run_process, site, allowed):
    result = run_process("systems", env={**site, "ROLECLI_LOAD_PLUGINS": allowed})
    assert result.code == 0 and result.err == "" and "outside\toutside" in result.out


def test_quiet_plugins_silences_a_known_broken_plugin(run_process, site):
    env = {**site, "ROLECLI_QUIET_PLUGINS": "broken-plugin"}
    assert run_process("fate", "check", "3", "--seed", "1", "-q", env=env).err == ""  # -q: no dice lines
    listed = _listed(run_process("plugins", "--json", env=env))
    assert listed["broken_plugin"]["state"] == "skipped"  # still listed, with why


def test_trace_plugins_shows_the_hook_calls_of_a_fate_check(run_process):
    result = run_process("fate", "check", "3", "--difficulty", "2", "--seed", "1", "-q",  # -q: no dice lines
                         env={"ROLECLI_TRACE_PLUGINS": "1"})
    assert result.code == 0 and result.out.startswith("4dF")
    traced = [line for line in result.err.splitlines() if line.startswith("rolecli: trace: ")]
    assert len(traced) == len(result.err.splitlines())
    assert any(line.startswith("rolecli: trace: rolecli_system [fate] -> SystemInfo(fate, ") for line in traced)
    resolve = [line for line in traced if line.startswith("rolecli: trace: rolecli_resolve ")]
    assert len(resolve) == 1
    assert resolve[0].startswith("rolecli: trace: rolecli_resolve [fate] action=check(skill='3', difficulty='2'")
    assert " ctx=en -> Outcome(success=True, 1 lines) " in resolve[0] and resolve[0].endswith(" ms")
    assert run_process("fate", "check", "3", "--seed", "1", "-q", env={"ROLECLI_TRACE_PLUGINS": "0"}).err == ""


def test_trace_names_house_rules_first_and_shows_an_exception(run_process):
    result = run_process("dice", "check", "d20", "--target", "5", "--dice", "20", "--rule", "house=natural20",
                         env={"ROLECLI_TRACE_PLUGINS": "1"})
    assert "rolecli: trace: rolecli_resolve [natural20, dice] action=check(" in result.err
    failed = run_process("dice", "check", "d20", "--target", "5", "--dice", "0", env={"ROLECLI_TRACE_PLUGINS": "1"})
    assert "rolecli: trace: rolecli_resolve [dice] " in failed.err and " -> raised DiceError(" in failed.err


# --- install, uninstall, new: what is refused before pip runs ------------------


@pytest.mark.parametrize("args, said", [
    (["install", "rolecli==9.0"], "'rolecli==9.0' is rolecli itself, which 'rolecli plugins install' never changes"),
    (["install", "RoleCLI"], "'RoleCLI' is rolecli itself"),
    (["install"], "name a plugin to install: a package name, a folder, a git URL"),
    (["install", "-r", "no-such-file.txt"], "-r no-such-file.txt: no such file."),
    (["uninstall", "rolecli"], "'rolecli plugins uninstall' does not uninstall rolecli itself"),
    (["uninstall", "fate"], "'fate' ships with rolecli and cannot be uninstalled."),
    (["uninstall", "typer"], "'typer' is not an installed rolecli plugin; installed plugins:"),
    (["new", "Blades"], "'Blades' cannot name a rule system: use a lower-case word"),
    (["new", "roll"], "'roll' cannot name a rule system"),
])
def test_what_is_refused_is_one_line_and_exit_2(cli, args, said):
    result = cli("plugins", *args)
    assert result.code == 2 and result.out == "" and result.err.count("\n") == 1
    assert said in result.err, result.err


def test_new_refuses_a_folder_that_exists(cli, tmp_path):
    (tmp_path / "rolecli-blades").mkdir()
    result = cli("plugins", "new", "blades")
    assert result.code == 2 and "rolecli-blades already exists" in result.err


def test_new_writes_a_package(cli, tmp_path):
    result = cli("plugins", "new", "blades", "--json")
    assert result.code == 0 and result.json["path"] == str(tmp_path / "rolecli-blades")
    made = sorted(p.relative_to(tmp_path).as_posix() for p in (tmp_path / "rolecli-blades").rglob("*"))
    assert made == ["rolecli-blades/README.md", "rolecli-blades/pyproject.toml", "rolecli-blades/rolecli_blades",
                    "rolecli-blades/rolecli_blades/__init__.py", "rolecli-blades/rolecli_blades/system.py",
                    "rolecli-blades/rolecli_blades/verbs.py", "rolecli-blades/tests",
                    "rolecli-blades/tests/test_blades.py"]
    pyproject = (tmp_path / "rolecli-blades" / "pyproject.toml").read_text(encoding="utf-8")
    assert "[build-system]" in pyproject and '[project.entry-points.rolecli]\nblades = "rolecli_blades"' in pyproject


def test_the_new_package_is_clean_python(cli, tmp_path):
    import subprocess

    cli("plugins", "new", "blades")
    lint = subprocess.run([sys.executable, "-m", "ruff", "check", "--quiet", "--select", "F,E9",
                           str(tmp_path / "rolecli-blades")], capture_output=True, text=True)
    assert lint.returncode == 0, lint.stdout


# --- pip, or uv when the environment has none ---------------------------------


@pytest.fixture
def no_pip(monkeypatch):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "pip" else real(name, *a))


@pytest.fixture
def unlisted(monkeypatch):
    """No fresh `rolecli plugins --json` process around the install (a second or
    two): these installs change nothing, so the plugins listed would not differ."""
    from rolecli import environment

    monkeypatch.setattr(environment, "loaded", lambda: [])


def test_without_pip_uv_installs_into_this_very_python(cli, no_pip, unlisted, tmp_path, monkeypatch):
    bin_ = tmp_path / "bin"
    bin_.mkdir()
    uv = bin_ / "uv"
    uv.write_text(f"#!{sys.executable}\nimport json, sys\nopen({str(tmp_path / 'uv.json')!r}, 'a').write("
                  "json.dumps(sys.argv[1:]) + '\\n')\n", encoding="utf-8")
    uv.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_}{os.pathsep}{os.environ['PATH']}")
    result = cli("plugins", "install", "rolecli-blades")
    assert result.code == 0, result.err
    called = json.loads((tmp_path / "uv.json").read_text())
    assert called[:4] == ["pip", "install", "--python", sys.executable]
    assert called[4:6] == ["--quiet", "-c"] and called[-1] == "rolecli-blades"


def test_without_pip_or_uv_it_says_how(cli, no_pip, unlisted, monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))
    result = cli("plugins", "install", "rolecli-blades")
    assert result.code == 2 and result.err.count("\n") == 1
    assert "has no pip, and uv is not on PATH; add pip with" in result.err and "-m ensurepip" in result.err


def test_a_failing_pip_is_one_line_after_its_own(cli, unlisted, monkeypatch):
    from rolecli import environment

    monkeypatch.setattr(environment, "installer", lambda: [sys.executable, "-c", "import sys; print('no!'); "
                                                                                 "sys.exit(3)"])
    result = cli("plugins", "install", "rolecli-blades")
    assert result.code == 2 and result.err.splitlines()[-1].endswith("failed (exit 3); its messages are above.")


# --- freeze -----------------------------------------------------------------


def _dist(direct_url=None):
    return SimpleNamespace(metadata={"Name": "rolecli-blades"}, version="0.3",
                           read_text=lambda name: json.dumps(direct_url) if direct_url else None)


@pytest.mark.parametrize("direct_url, line", [
    (None, "rolecli-blades==0.3"),
    ({"url": "https://github.com/x/blades", "vcs_info": {"vcs": "git", "commit_id": "abc123"}},
     "rolecli-blades @ git+https://github.com/x/blades@abc123"),
    ({"url": "https://github.com/x/all", "subdirectory": "blades", "vcs_info": {"vcs": "git", "commit_id": "abc"}},
     "rolecli-blades @ git+https://github.com/x/all@abc#subdirectory=blades"),
    ({"url": "file:///src/blades", "dir_info": {"editable": True}}, "-e file:///src/blades"),
    ({"url": "file:///src/blades", "dir_info": {}}, "rolecli-blades @ file:///src/blades"),
    ({"url": "file:///w/rolecli_blades-0.3-py3-none-any.whl", "archive_info": {}},
     "rolecli-blades @ file:///w/rolecli_blades-0.3-py3-none-any.whl"),
])
def test_freeze_writes_where_each_plugin_came_from(direct_url, line):
    from rolecli.environment import requirement

    assert requirement(_dist(direct_url)) == line


def test_freeze_lists_the_outside_plugins_only_beside_a_broken_one(run_process, site):
    result = run_process("plugins", "freeze", env=site)
    assert result.code == 0 and result.err == ""  # no plugin is imported
    lines = result.out.splitlines()
    assert "rolecli-outside==0.1" in lines and "broken_plugin==0.1" in lines
    assert not any(line.startswith("rolecli==") for line in lines)


def test_the_new_systems_initiative_is_logged_naming_everyone(new_plugin):
    """The scaffolded system's initiative, on a campaign: its log entry names the
    order, not only its last line ("3. Raider 2")."""
    from rolecli.testing import campaign, plugins, run

    module = new_plugin("blades")
    people = {"Ana": {"edge": 1}, "Bo": {}, "Raider": {}}
    with plugins(module), campaign({"system": "blades", "characters": people}):
        rolled = run("initiative", "--dice", "2,4,2")
        assert rolled.code == 0, rolled.err
        assert rolled.out.startswith("1. Bo: 4 (1d6 4 + edge 0)\n2. Ana: 3 (1d6 2 + edge 1)\n3. Raider: 2 (1d6 2 + edge 0)\n")
        logged = run("log", "-n", "1").out
    assert "roll: initiative: Bo, Ana, Raider  (rolecli initiative --dice 2,4,2)" in logged
