"""docs/plugins.md is the plugin author's reference (issue 13): its reference part
is the contract's docstrings, up to date, and names every hook, class, field and
parameter kind; its worked example, built from the page's own code blocks, passes
its own tests and prints what the page shows."""

from __future__ import annotations

import importlib.util
import re
import shlex
import subprocess
import sys

import pytest

from rolecli_testing import REPO
from test_readme import _examples

PAGE = REPO / "docs" / "plugins.md"


def _reference():
    spec = importlib.util.spec_from_file_location("plugin_reference", REPO / "docs" / "reference.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_reference_is_written_from_the_docstrings_as_they_are():
    assert _reference().main(["--check"]) == 0, "run: python docs/reference.py"


def test_every_hook_class_field_and_parameter_kind_is_documented():
    assert _reference().undocumented() == []


def test_every_hook_and_public_class_has_its_heading():
    reference = _reference()
    page = PAGE.read_text(encoding="utf-8")
    for hook in reference.hooks():
        assert f"#### `{hook.__name__}(" in page
    for cls in reference.classes():
        assert re.search(rf"^#### `{cls.__name__}\b", page, re.M), cls.__name__


def test_an_undocumented_field_is_found(monkeypatch):
    from rolecli import contract

    reference = _reference()
    monkeypatch.setattr(contract.Turn, "__doc__", "Where a conflict stands: ``round`` and ``actor``.")
    assert reference.undocumented() == ["Turn.order", "Turn.kind"]


# --- the worked example ------------------------------------------------------


def _files() -> dict[str, str]:
    blocks = re.findall(r"^```\w+ file=(\S+)\n(.*?)^```", PAGE.read_text(encoding="utf-8"), re.S | re.M)
    return dict(blocks)


@pytest.fixture(scope="module")
def heist(tmp_path_factory):
    """The example as pip would install it: its package and a .dist-info naming its entry point."""
    import tomllib

    files = _files()
    assert set(files) == {"pyproject.toml", "rolecli_heist/__init__.py", "tests/test_heist.py"}
    where = tmp_path_factory.mktemp("heist")
    for name, text in files.items():
        (where / name).parent.mkdir(parents=True, exist_ok=True)
        (where / name).write_text(text, encoding="utf-8")
    project = tomllib.loads(files["pyproject.toml"])["project"]
    site = where / "site"
    (site / "rolecli_heist").mkdir(parents=True)
    (site / "rolecli_heist" / "__init__.py").write_text(files["rolecli_heist/__init__.py"], encoding="utf-8")
    info = site / "rolecli_heist-0.1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n",
                                   encoding="utf-8")
    points = "".join(f"{k} = {v}\n" for k, v in project["entry-points"]["rolecli"].items())
    (info / "entry_points.txt").write_text("[rolecli]\n" + points, encoding="utf-8")
    return where, site


@pytest.mark.slow  # a pytest run of its own, as a process
def test_the_worked_example_passes_its_own_tests(heist):
    where, site = heist
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"], cwd=where,
                          capture_output=True, text=True, timeout=300,
                          env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(site), "HOME": str(where)})
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "6 passed" in done.stdout


def test_the_worked_example_prints_what_the_page_shows(heist, tmp_path, monkeypatch):
    from rolecli.testing import plugins, run

    _, site = heist
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "campaigns").mkdir()
    monkeypatch.delenv("ROLECLI_CAMPAIGNS", raising=False)
    monkeypatch.setenv("ROLECLI_LANG", "en")
    import rolecli_heist

    examples = list(_examples("docs/plugins.md"))
    assert len(examples) >= 8
    with plugins(rolecli_heist):
        for command, shown in examples:
            code = int(shown.pop()[6:-1]) if shown and shown[-1].startswith("[exit ") else 0
            result = run(*shlex.split(command)[1:])
            assert (result.out + result.err).splitlines() == shown, command
            assert result.code == code, command
