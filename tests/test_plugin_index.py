"""The plugin index (issue 20): a campaign verb imports only the plugins its
system needs, learnt from an index of the installed entry points that is made
anew when they change, and that is only ever a shortcut (a corrupt or
unwritable one costs nothing but the time)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from test_plugin_names import scaffolded

from rolecli.plugin_index import FORMAT
from rolecli_testing import fake_distribution

VERB = ("-C", "caminantes", "check", "Lucía", "Atletismo", "--seed", "1", "-q")  # a fate campaign's verb
PLAYED = "4dF [− + − 0] = −1; Atletismo Good (+3) → effort Fair (+2) against Average (+1): success with 1 shift\n"


def _marking(name: str, source: str | dict[str, str]) -> str | dict[str, str]:
    """A plugin (a module, or a package's files) that leaves a file named after it when it is imported."""
    mark = f"\nimport os, pathlib\npathlib.Path(os.environ['IMPORTED'], {name!r}).touch()\n"
    if isinstance(source, str):
        return source + mark
    return {**source, "__init__.py": source["__init__.py"] + mark}


@pytest.fixture
def site(tmp_path, run_process):
    """Outside plugins on the import path, a private cache folder, and ``run``:
    rolecli in a new process that answers which of the plugins it imported."""
    site, imported = tmp_path / "site", tmp_path / "imported"
    site.mkdir()
    imported.mkdir()
    env = {"PYTHONPATH": str(site), "IMPORTED": str(imported), "XDG_CACHE_HOME": str(tmp_path / "cache")}

    def run(*args, code=0, stdin=None):
        for mark in imported.iterdir():
            mark.unlink()
        result = run_process(*args, env=env, stdin=stdin)
        assert result.code == code, result.err
        return SimpleNamespace(out=result.out, err=result.err, imported={mark.name for mark in imported.iterdir()})

    return SimpleNamespace(folder=site, run=run, index=tmp_path / "cache" / "rolecli" / "plugins.json")


def _install(site, name: str, system: str | None = None, source: str | None = None) -> None:
    fake_distribution(site.folder, f"rolecli_{name}", _marking(name, source or scaffolded(system or name)),
                      entry_point=name, dist=f"rolecli-{name}")


def _uninstall(site, name: str) -> None:
    module = site.folder / f"rolecli_{name}.py"
    module.unlink() if module.exists() else shutil.rmtree(site.folder / f"rolecli_{name}")
    shutil.rmtree(site.folder / f"rolecli_{name}-0.1.dist-info")


def test_once_indexed_a_campaign_verb_imports_no_plugin_of_another_system(site):
    _install(site, "blades")
    first = site.run(*VERB)  # no index yet: every plugin is imported, and the index written
    assert (first.out, first.err, first.imported) == (PLAYED, "", {"blades"})
    assert site.index.is_file()
    again = site.run(*VERB)
    assert (again.out, again.err, again.imported) == (PLAYED, "", set())
    # what lists the systems still loads every plugin
    listed = site.run("systems")
    assert "blades" in listed.out and listed.imported == {"blades"}
    played = site.run("blades", "check", "3", "--seed", "1")  # its own quick roll imports it
    assert played.imported == {"blades"}


def test_the_index_is_made_anew_when_a_plugin_is_installed_or_removed(site):
    _install(site, "blades")
    site.run(*VERB)
    assert site.run(*VERB).imported == set()
    _install(site, "court")  # installed: the index no longer holds, every plugin is imported once
    assert site.run(*VERB).imported == {"blades", "court"}
    assert site.run(*VERB).imported == set()
    assert site.run("court", "check", "3", "--seed", "1").imported == {"court"}  # found, and played
    _uninstall(site, "blades")  # removed: the same
    assert site.run(*VERB).imported == {"court"}
    assert site.run(*VERB).imported == set()
    assert "blades" not in site.run("systems").out
    assert len(json.loads(site.index.read_text())["indexes"]) == 3  # one per set of installed plugins


@pytest.mark.parametrize("content", [b"{not json", b"\xff\xfe", b'{"format": %d, "indexes": {"x": 3}}' % FORMAT, b"[]",
                                     b'{"format": 99, "indexes": {}}', b" " * (4 << 20) + b"{}"],
                         ids=["not json", "not utf-8", "not indexes", "not an object", "another format", "too large"])
def test_a_corrupt_index_is_ignored_and_written_anew(site, content):
    _install(site, "blades")
    site.run(*VERB)
    site.index.write_bytes(content)
    result = site.run(*VERB)
    assert (result.out, result.err, result.imported) == (PLAYED, "", {"blades"})  # as without an index
    assert json.loads(site.index.read_text())["format"] == FORMAT
    assert site.run(*VERB).imported == set()


def test_a_corrupt_entry_in_the_index_is_ignored(site):
    _install(site, "blades")
    site.run(*VERB)
    data = json.loads(site.index.read_text())
    for entries in data["indexes"].values():
        for entry in entries.values():
            entry["active"] = "yes"
    site.index.write_text(json.dumps(data))
    assert site.run(*VERB).imported == {"blades"}


def test_entry_points_edited_in_place_cost_only_the_shortcut(site):
    """The index is keyed by the distributions' folders, whose modification time
    an entry point edited in place leaves as it was: a command that finds an
    entry point it needs gone loads every plugin, as without the index, and
    writes the index anew."""
    _install(site, "house", source="ROLECLI_CONTRACT = 3\n")  # house rules: every system's commands load them
    site.run(*VERB)
    assert site.run(*VERB).imported == {"house"}
    info = site.folder / "rolecli_house-0.1.dist-info"
    kept = info.stat()
    (info / "entry_points.txt").write_text("[rolecli]\nhouse_rules = rolecli_house\n", encoding="utf-8")
    os.utime(info, ns=(kept.st_atime_ns, kept.st_mtime_ns))
    result = site.run(*VERB)
    assert (result.out, result.err, result.imported) == (PLAYED, "", {"house"})
    assert "house_rules = rolecli_house" in site.index.read_text()
    assert site.run(*VERB).imported == {"house"}


def _add_by_hand(site, dist: str, name: str) -> None:
    """House rules ``name`` written into installed distribution ``dist`` by hand (its
    entry point and its RECORD line), the folders' modification times left as they were."""
    info = site.folder / f"rolecli_{dist}-0.1.dist-info"
    kept = info.stat()
    (site.folder / f"rolecli_{name}.py").write_text(_marking(name, "ROLECLI_CONTRACT = 3\n"), encoding="utf-8")
    for file, line in (("entry_points.txt", f"{name} = rolecli_{name}"), ("RECORD", f"rolecli_{name}.py,,")):
        with open(info / file, "a", encoding="utf-8") as written:
            written.write(line + "\n")
    for folder in (info, site.folder):
        os.utime(folder, ns=(kept.st_atime_ns, kept.st_mtime_ns))


def test_an_entry_point_added_by_hand_is_seen_once_its_distribution_is_read(site):
    """An entry point written into a distribution a command reads (one of the
    plugins it loads) is seen at once; one written into another (another system's
    plugin) once the systems are listed, which reads every one and writes the
    index anew."""
    _install(site, "house", source="ROLECLI_CONTRACT = 3\n")
    _install(site, "blades")
    site.run(*VERB)
    _add_by_hand(site, "house", "more")
    assert site.run(*VERB).imported == {"house", "more", "blades"}  # every plugin, as without the index
    assert site.run(*VERB).imported == {"house", "more"}
    _add_by_hand(site, "blades", "late")
    assert site.run(*VERB).imported == {"house", "more"}  # (blades' metadata is not read for a fate verb)
    assert site.run("systems").imported == {"house", "more", "blades", "late"}
    assert site.run(*VERB).imported == {"house", "more", "late"}  # house rules join every system's calls


def test_a_campaign_verb_reads_the_entry_points_of_its_plugins_distributions_alone(campaigns):
    """Answering for the entry-point group reads every installed distribution's
    metadata; under the index a campaign verb reads only its plugins'."""
    code = ("import contextlib, io, importlib.metadata\nfrom rolecli.cli import invoke\nfrom rolecli.plugins import use_plugins\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n    assert invoke(['systems']) == 0\n"
            "use_plugins(None)\n"
            "def every(**kw):\n    raise AssertionError('every distribution read')\n"
            "importlib.metadata.entry_points = every\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            "    assert invoke(['-C', 'caminantes', 'check', 'Lucía', 'Atletismo', '--seed', '1']) == 0\n")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=campaigns)


def test_an_unwritable_cache_folder_costs_only_the_shortcut(site, tmp_path):
    _install(site, "blades")
    (tmp_path / "cache").write_text("a file where the cache folder would be")
    for _ in range(2):
        result = site.run(*VERB)
        assert (result.out, result.err, result.imported) == (PLAYED, "", {"blades"})


def test_skipped_plugins_warn_under_the_index_as_without_it(site):
    _install(site, "broken", source="raise ImportError('broken on purpose')\n")
    _install(site, "blades")
    _install(site, "blades_too", system="blades")  # the same system: skipped, naming the first
    listed = site.run("systems")
    assert len(listed.err.splitlines()) == 2
    assert "'broken'" in listed.err and "'blades_too'" in listed.err
    for _ in range(2):  # once writing the index, once reading it
        result = site.run(*VERB)
        assert (result.out, result.err) == (PLAYED, listed.err)
    assert result.imported == {"blades", "blades_too"}  # skipped at the last load, and what it clashed with


def test_a_plugin_broken_since_it_was_indexed_is_reported_by_its_own_commands(site):
    _install(site, "blades")
    site.run("systems")
    (site.folder / "rolecli_blades" / "__init__.py").write_text("raise ImportError('broken since')\n")  # edited in place
    assert site.run(*VERB).err == ""  # not its system: not imported
    result = site.run("blades", "check", "3", code=2)
    assert result.err.splitlines()[0].startswith("rolecli: warning: plugin 'blades' (rolecli-blades 0.1) is skipped")
    assert "unknown" in result.err.splitlines()[-1] and "Traceback" not in result.err


def test_a_batch_playing_several_systems_loads_every_plugin_once_more_and_warns_once(site):
    _install(site, "broken", source="raise ImportError('broken on purpose')\n")
    _install(site, "blades")
    site.run("systems")
    lines = [" ".join(VERB), "-C demo check Ana 1d20 --target 1 --seed 1 -q", " ".join(VERB)]
    result = site.run("batch", "-", stdin="\n".join(lines) + "\n")
    assert result.out.splitlines() == [PLAYED.strip(), "1d20 [5] = 5 ≥ 1: success", PLAYED.strip()]
    assert len(result.err.splitlines()) == 1 and "'broken'" in result.err
    assert result.imported == {"blades"}  # the second line's system was not loaded: every plugin was


@pytest.mark.parametrize("xdg", [None, "", "  ", "/somewhere/cache"])
def test_the_index_lives_where_platformdirs_puts_the_users_cache(monkeypatch, xdg):
    import platformdirs

    from rolecli.plugin_index import FILE_NAME, location

    if xdg is None:
        monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_CACHE_HOME", xdg)
    assert location() == Path(platformdirs.user_cache_dir("rolecli")) / FILE_NAME


def test_no_index_holds_where_another_finder_provides_distributions(monkeypatch):
    """What a finder other than the path's provides cannot be told from folders:
    there every plugin is loaded, as without the index."""
    from rolecli.plugin_index import Index, fingerprint

    assert fingerprint() is not None
    monkeypatch.setattr(sys, "meta_path", [*sys.meta_path, SimpleNamespace(find_distributions=lambda context: [])])
    assert fingerprint() is None and Index().entries is None


@pytest.mark.parametrize("argv", [
    ["encounter", "simulate", "{campaigns}/demo/encounter.toml", "--trials", "1", "--seed", "1", "--workers", "1"],
    ["-C", "caminantes", "check", "Lucía", "Atletismo", "--seed", "1"],
])
def test_under_the_index_a_command_imports_no_importlib_metadata(campaigns, argv):
    """Where its entry points files are as the index found them, a command
    playing one system takes its plugins' entry points from the index:
    importing importlib.metadata (with the email package) was 5% of a quick
    simulation's start-up (33M of 636M instructions)."""
    args = ["--campaigns", str(campaigns), *(a.format(campaigns=campaigns) for a in argv)]
    code = ("from rolecli.cli import invoke\nimport contextlib, io, sys\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            f"    assert invoke({args!r}) == 0\n"
            "print('importlib.metadata' in sys.modules)")
    for _ in range(2):  # (the first command of a fresh cache loads every plugin, and writes the index)
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=campaigns)
    assert out.stdout.splitlines()[-1] == "False"


def test_the_indexed_entry_points_are_the_ones_importlib_metadata_reads():
    """What the loader asks of an entry point and its distribution answers the
    same from the index as from importlib.metadata; a value importlib.metadata
    reads otherwise than as dotted names is read from the files."""
    from importlib.metadata import entry_points

    from rolecli.plugin_index import Folder, Indexed, entry

    read = list(entry_points(group="rolecli"))
    assert read
    for ep in read:
        record = SimpleNamespace(distribution=None, version=None, system=None, state="active")
        indexed = Indexed(entry(ep, record), "rolecli", Folder(str(ep.dist._path)))
        assert (indexed.name, indexed.value, indexed.group) == (ep.name, ep.value, ep.group)
        assert Indexed.loadable(ep.value) and indexed.load() is ep.load()
        for name in ("RECORD", "entry_points.txt", "direct_url.json", "missing.txt", "."):
            assert indexed.dist.read_text(name) == ep.dist.read_text(name)
        assert indexed.dist.locate_file("x/y.py") == ep.dist.locate_file("x/y.py")
        assert (indexed.dist.metadata["Name"], indexed.dist.version) == (ep.dist.metadata["Name"], ep.dist.version)
    assert Indexed(dict(name="x", value="os.path:join", folder=""), "g", Folder("")).load() is os.path.join
    assert [Indexed.loadable(v) for v in ("a.b:c.d", "a", "a:b [extra]", "a : b", "a:", "1a:b")] == [
        True, True, False, False, False, False]
