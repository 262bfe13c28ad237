"""A name is taken once (issue 17): a plugin package named like a built-in one
(`rolecli plugins new fate` wrote `rolecli_fate`) no longer takes the built-in's
place. `plugins new` refuses a taken name; at load, a plugin whose module is
another distribution's is skipped in one line and the built-in keeps working.
What `plugins install` refuses is in test_install (with pip, in a fresh
virtual environment), and at the end of this file (pip stood in for)."""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
from importlib.metadata import PathDistribution
from string import Template

import pytest

from rolecli_testing import fake_distribution

# Every built-in system, and its sample campaign.
BUILTINS = {"dice": "demo", "fate": "caminantes", "alternity": "aaa", "giro": "giro", "v5": "v5",
            "middle": "middle"}


def scaffolded(name: str) -> dict[str, str]:
    """The files of the package `rolecli plugins new NAME` writes, by their name in it."""
    from rolecli import __version__, scaffold

    values = {"name": name, "title": name.title(), "version": __version__}
    package = f"rolecli_{name}/"
    return {path.removeprefix(package): Template(text).substitute(values)
            for path, text in ((Template(p).substitute(values), t) for p, t in scaffold.FILES.items())
            if path.startswith(package)}


def _listed(result):
    return {(p["name"], p["distribution"]): p for p in map(json.loads, result.out.splitlines())}


@pytest.mark.parametrize("name", BUILTINS)
def test_a_plugin_shipping_a_builtins_package_is_skipped_and_the_builtin_plays(run_process, tmp_path, name):
    # The scaffold of NAME installed the way pip would, ahead of rolecli on the import path.
    site = fake_distribution(tmp_path, f"rolecli_{name}", scaffolded(name), entry_point=name, dist=f"rolecli-{name}")
    env = {"PYTHONPATH": str(site)}
    listed = _listed(run_process("plugins", "--json", env=env))
    builtin, outside = listed[name, "rolecli"], listed[name, f"rolecli-{name}"]
    assert (builtin["state"], builtin["system"]) == ("active", name)
    assert (outside["state"], outside["conflict"]) == ("skipped", "rolecli 0.1.0")
    assert outside["why"].startswith(f"its module rolecli_{name} is rolecli 0.1.0's (")
    assert outside["why"].endswith(f"rename its package, or uninstall it ('rolecli plugins uninstall rolecli-{name}')")
    # The sample campaign's sheets and rules are the built-in's: the scaffold's code would refuse them.
    played = run_process("-C", BUILTINS[name], "initiative", "--seed", "1", "-q", "--json", env=env)
    assert played.code == 0, played.err
    assert played.err.splitlines() == [
        f"rolecli: warning: plugin '{name}' (rolecli-{name} 0.1) is skipped: {outside['why']}."]


def test_the_builtin_fate_and_caminantes_play_as_before_beside_a_scaffold_named_fate(run_process, tmp_path):
    env = {"PYTHONPATH": str(fake_distribution(tmp_path, "rolecli_fate", scaffolded("fate"), entry_point="fate",
                                               dist="rolecli-fate"))}
    checked = run_process("fate", "check", "2", "--seed", "1", "-q", env=env)
    assert checked.code == 0 and checked.out.startswith("4dF ") and "2d6" not in checked.out  # not the placeholder
    hit = run_process("-C", "caminantes", "damage", "Lucía", "2", env=env)
    assert hit.code == 0 and "Health marks" in hit.out, hit.err
    assert "rules.stress is not a rule option" not in hit.err


def test_a_stray_module_named_like_a_builtin_is_passed_over_silently(run_process, tmp_path):
    (tmp_path / "rolecli_fate.py").write_text("raise ImportError('not the built-in')\n", encoding="utf-8")
    result = run_process("fate", "check", "2", "--seed", "1", "-q", env={"PYTHONPATH": str(tmp_path)})
    assert result.code == 0 and result.out.startswith("4dF ") and result.err == ""


# --- whose file is it (rolecli.shadowing) --------------------------------------


def _hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def _dist(site, name, files: dict[str, bytes], editable=None):
    info = site / f"{name}-0.1.dist-info"
    info.mkdir(parents=True)
    for path, data in files.items():
        (site / path).parent.mkdir(parents=True, exist_ok=True)
        (site / path).write_bytes(data)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.1\n", encoding="utf-8")
    (info / "RECORD").write_text("".join(f"{p},{_hash(d)},{len(d)}\n" for p, d in files.items()), encoding="utf-8")
    if editable:
        (info / "direct_url.json").write_text(json.dumps({"url": editable.as_uri(), "dir_info": {"editable": True}}),
                                              encoding="utf-8")
    return PathDistribution(info)


def test_a_file_is_its_distributions_as_shipped_and_not_once_written_over(tmp_path):
    from rolecli.shadowing import owns, shipped

    dist = _dist(tmp_path, "blades", {"blades/__init__.py": b"A = 1\n", "blades/rules.py": b"", "extra.py": b""})
    assert shipped(dist) == {"blades", "extra"}
    assert owns(dist, str(tmp_path / "blades" / "__init__.py")) is True
    assert owns(dist, str(tmp_path / "other.py")) is False
    (tmp_path / "blades" / "__init__.py").write_bytes(b"A = 2\n")  # another distribution wrote over it
    assert owns(PathDistribution(dist._path), str(tmp_path / "blades" / "__init__.py")) is False


def test_an_editable_install_owns_its_folder_and_no_record_says_nothing(tmp_path):
    from rolecli.shadowing import owns

    source = tmp_path / "src"
    (source / "blades").mkdir(parents=True)
    (source / "blades" / "__init__.py").write_text("", encoding="utf-8")
    dist = _dist(tmp_path / "site", "blades", {}, editable=source)
    assert owns(dist, str(source / "blades" / "__init__.py")) is True
    assert owns(dist, str(tmp_path / "elsewhere.py")) is False
    (dist._path / "RECORD").unlink()
    assert owns(PathDistribution(dist._path), str(source / "blades" / "__init__.py")) is None


# --- plugins new ------------------------------------------------------------------


@pytest.mark.parametrize("name", [*BUILTINS, "natural20"])
def test_new_refuses_the_name_of_a_builtin_in_one_line(cli, tmp_path, name):
    result = cli("plugins", "new", name)
    assert result.code == 2 and result.out == "" and not (tmp_path / f"rolecli-{name}").exists()
    assert result.err == (f"rolecli: {name!r} is taken: plugin {name!r} (rolecli 0.1.0) is installed; choose another "
                          f"name for the new system, such as 'my_{name}'.\n")


@pytest.mark.parametrize("made, said", [
    # a distribution rolecli-blades, whatever its package
    (lambda site: fake_distribution(site, "blades_rules", "", dist="rolecli-blades"),
     "'blades' is taken: distribution rolecli-blades 0.1 is installed; "),
    # a package rolecli_blades, whatever its distribution
    (lambda site: (site / "rolecli_blades.py").write_text("", encoding="utf-8"),
     "'blades' is taken: a package named rolecli_blades is installed ("),
], ids=["distribution", "package"])
def test_new_refuses_a_name_whose_distribution_or_package_is_installed(cli, tmp_path, monkeypatch, made, said):
    site = tmp_path / "site"
    site.mkdir()
    made(site)
    monkeypatch.syspath_prepend(str(site))
    result = cli("plugins", "new", "blades")
    assert result.code == 2 and result.err.count("\n") == 1 and said in result.err
    assert result.err.endswith("such as 'my_blades'.\n") and not (tmp_path / "rolecli-blades").exists()


def test_the_name_suggested_is_free(cli, tmp_path, monkeypatch):
    site = tmp_path / "site"
    site.mkdir()
    for taken in ("rolecli_blades.py", "rolecli_my_blades.py", "rolecli_blades2.py"):
        (site / taken).write_text("", encoding="utf-8")
    monkeypatch.syspath_prepend(str(site))
    assert cli("plugins", "new", "blades").err.endswith("such as 'blades3'.\n")
    assert cli("plugins", "new", "blades3").code == 0


def test_a_builtin_whose_file_was_written_over_is_skipped_naming_the_other(tmp_path, monkeypatch, capsys):
    """pip wrote another distribution's rolecli_zz over the built-in's (as plain
    `pip install` of a package named like a built-in does): no copy of the
    built-in's is left to load, and the warning says what to do."""
    from rolecli.plugins import Plugins

    ours = _dist(tmp_path, "rolecli", {"rolecli_zz/__init__.py": b"ROLECLI_CONTRACT = 2\n"})
    theirs = _dist(tmp_path, "rolecli-zz", {"rolecli_zz/__init__.py": b"raise SystemExit('not the built-in')\n"})
    for dist in (ours, theirs):
        (dist._path / "entry_points.txt").write_text("[rolecli]\nzz = rolecli_zz\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    plugins = Plugins()
    plugins.load_entry_points([*ours.entry_points, *theirs.entry_points])
    assert "zz" not in plugins.systems and [(r.name, r.distribution, r.state) for r in plugins.records] == [
        ("zz", "rolecli", "skipped")]
    assert plugins.records[0].conflict == "rolecli-zz 0.1"
    assert capsys.readouterr().err == (
        f"rolecli: warning: plugin 'zz' (rolecli 0.1) is skipped: its module rolecli_zz is rolecli-zz 0.1's "
        f"({tmp_path / 'rolecli_zz' / '__init__.py'}), not its own: two distributions ship a package named rolecli_zz, "
        "and Python imports only one; uninstall rolecli-zz, then install rolecli again (its files may have been "
        "written over).\n")


# --- plugins install: a name taken from an active plugin (pip stood in for) ----

BLADES = """
from rolecli import hookimpl
from rolecli.contract import *
ROLECLI_CONTRACT = 2

@hookimpl
def rolecli_system():
    return SystemInfo(name="blades", names=Label(en="blades"))
"""


@pytest.mark.slow  # two processes list the plugins, before and after the install
def test_an_install_that_would_take_an_active_plugins_system_is_undone(cli, tmp_path, monkeypatch):
    from rolecli import environment

    site = tmp_path / "site"
    site.mkdir()
    fake_distribution(site, "zblades", BLADES, dist="rolecli-zblades")  # installed before: system blades, active
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.setenv("PYTHONPATH", str(site))  # for the fresh process that lists the plugins
    calls = []

    def pip(command, args, pip_only=()):  # installs, then uninstalls, rolecli-ablades as pip would
        calls.append((command, args[-1]))
        if command == "install":
            fake_distribution(site, "ablades", BLADES, dist="rolecli-ablades")
        else:
            (site / "ablades.py").unlink()
            shutil.rmtree(site / "rolecli_ablades-0.1.dist-info")

    monkeypatch.setattr(environment, "_pip", pip)
    result = cli("plugins", "install", "rolecli-ablades")
    assert result.code == 2 and result.out == ""
    assert result.err == (
        "rolecli: rolecli-ablades 0.1 cannot be installed: plugin 'zblades' (rolecli-zblades) would be skipped: it "
        "declares system 'blades', which plugin 'ablades' (rolecli-ablades 0.1) already provides; a name is taken "
        "once: rename the new one (nothing was installed).\n")
    assert calls == [("install", "rolecli-ablades"), ("uninstall", "rolecli-ablades")]
