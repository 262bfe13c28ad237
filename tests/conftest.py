"""Shared fixtures: run rolecli in-process (fast) or as a real process.

``cli(*args)`` runs one command line through the same entry point as the
``rolecli`` executable and returns its exit code, stdout, stderr and the JSON
it printed. Every test runs with its own copy of the bundled campaigns, so no
test can change the repository's files.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings


def _ram_disk() -> str | None:
    """/dev/shm, when the machine offers one that is writable, lets scripts run
    (a test's editor is a script in its folder) and has 2 GB free. The suite
    writes some 20,000 small files a run and syncs each campaign change to disk;
    on a RAM disk that costs next to nothing, where a disk with slow unlinks took
    a quarter of `make check`'s time (README, "Two commands")."""
    try:
        disk = os.statvfs("/dev/shm")
    except OSError:
        return None
    refused = disk.f_flag & (os.ST_RDONLY | getattr(os, "ST_NOEXEC", 0))
    room = disk.f_bavail * disk.f_frsize
    return "/dev/shm" if not refused and room >= 2 << 30 and os.access("/dev/shm", os.W_OK) else None


# Tests' folders (tmp_path) go to a RAM disk unless TMPDIR says where; set before
# pytest makes its first folder (xdist's workers take theirs inside this process's).
if "TMPDIR" not in os.environ:
    tempfile.tempdir = _ram_disk()  # None: pytest's own choice, as before

# Every property test draws the same examples on every run, so CI is deterministic.
settings.register_profile("rolecli", derandomize=True, deadline=None, print_blob=True)
settings.load_profile("rolecli")

from rolecli_testing import NOT_SHIPPED, REPO, Result, quick_tier, run_inprocess  # noqa: F401  (Result: for type hints in tests)


def pytest_collection_modifyitems(config, items):
    """A test that starts rolecli as a real process (a fresh interpreter for every
    call) is slow: `make check` leaves it to `make test`."""
    for item in items:
        if "run_process" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.slow)
    if quick_tier(config):
        _fewer_examples(items)
    _longest_first(items)


def _longest_first(items) -> None:
    """The modules that build a fresh virtual environment first, then those with
    a slow test (more of them first), then the rest, each module's tests in their
    order: xdist (--dist loadscope --no-loadscope-reorder) deals whole modules to
    the workers in this order, and the longest dealt first leave no worker with a
    long module at the end while the other idles (the longest-processing-time
    rule). xdist's own order, by the count of tests, dealt the one module that
    builds a venv (8 tests, a minute) last: the other worker idled half a minute."""
    def weight(item) -> int:
        if "fresh_venv" in getattr(item, "fixturenames", ()):
            return 0
        return 1 if item.get_closest_marker("slow") else 2

    heaviest: dict[str, int] = {}
    slow: dict[str, int] = {}  # among modules alike, the one with more slow tests first,
    tests: dict[str, int] = {}  # then the one with more tests
    for item in items:
        module = item.nodeid.split("::")[0]
        heaviest[module] = min(heaviest.get(module, 2), weight(item))
        slow[module] = slow.get(module, 0) + (weight(item) < 2)
        tests[module] = tests.get(module, 0) + 1
    items.sort(key=lambda item: (heaviest[module := item.nodeid.split("::")[0]], -slow[module], -tests[module]))


def _fewer_examples(items) -> None:
    """The quick tier (`make check`, ``-m "not slow"``) draws an eighth of each
    property test's examples, at least 10; `make test` draws them all. Property
    tests were a sixth of the quick tier's time, and the examples stay the same
    on every run (derandomized). The settings are rewritten where hypothesis's own
    pytest plugin rewrites them; should it stop keeping them there, every count
    stays whole."""
    done = set()
    for item in items:
        test = getattr(item, "obj", None)
        test = getattr(test, "__func__", test)
        current = getattr(test, "_hypothesis_internal_use_settings", None)
        if current is not None and id(test) not in done:  # once per function, however parametrized
            done.add(id(test))
            test._hypothesis_internal_use_settings = settings(current, max_examples=max(10, current.max_examples // 8))


@pytest.fixture(scope="session", autouse=True)
def _private_cache(tmp_path_factory):
    """rolecli's plugin index (rolecli.plugin_index) is written under a folder
    of the test session, never into the real home: in this process and in every
    rolecli process a test starts (they inherit the environment)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))
        yield


@pytest.fixture(autouse=True)
def _sheets_memo_from_empty():
    """Every test starts with the core's per-sheet memo empty
    (``rolecli.contract.worked_out``). The memo is emptied whole when it holds
    its most sheets, so a test asserting that something is kept for a sheet
    (the same object given again) would fail now and then, when the tests its
    worker ran before it happened to fill the memo to the brim as it began:
    which tests those are depends on how xdist deals them out."""
    import rolecli.contract

    rolecli.contract._WORKED.clear()


@pytest.fixture(scope="session")
def _bundled_campaigns() -> list[tuple[str, bytes]]:
    """The bundled campaigns' files as the repository ships them, read once a
    session: a third of the quick tier's tests take a copy, and writing the bytes
    out costs a fraction of copytree's copy of each file's metadata. What play
    leaves beside them (rolecli_testing.NOT_SHIPPED) is left out, or the tests
    would start from that play."""
    from fnmatch import fnmatch

    source = REPO / "campaigns"
    return [(path.relative_to(source).as_posix(), path.read_bytes()) for path in sorted(source.rglob("*"))
            if path.is_file() and not any(fnmatch(path.name, pattern) for pattern in NOT_SHIPPED)]


@pytest.fixture
def campaigns(tmp_path, monkeypatch, _bundled_campaigns) -> Path:
    """A private copy of the bundled campaigns, made the campaigns folder."""
    target = tmp_path / "campaigns"
    for name, data in _bundled_campaigns:
        path = target / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    monkeypatch.setenv("ROLECLI_CAMPAIGNS", str(target))
    monkeypatch.setenv("ROLECLI_LANG", "en")
    monkeypatch.chdir(tmp_path)
    return target


@pytest.fixture
def cli(campaigns):
    """Run ``rolecli ARGS`` in this process, against a private campaigns folder."""
    return run_inprocess


@pytest.fixture
def run_process(campaigns):
    """Run ``rolecli ARGS`` as a real process (for exit codes, start-up, concurrency)."""

    def run(*args: str, stdin: str | None = None, env: dict | None = None, timeout: float = 60) -> Result:
        full_env = {**os.environ, **(env or {})}
        proc = subprocess.run([sys.executable, "-m", "rolecli", *map(str, args)], input=stdin, text=True,
                              capture_output=True, env=full_env, timeout=timeout)
        return Result(proc.returncode, proc.stdout, proc.stderr)

    return run


@pytest.fixture
def fake_campaigns(tmp_path, monkeypatch) -> Path:
    """A campaigns folder holding "demo", a hand-written campaign of the fake
    system of test_campaign_fakes (for the store's own tests)."""
    from test_campaign_fakes import FAKE, HAND_WRITTEN

    from rolecli.campaign import create_campaign

    monkeypatch.chdir(tmp_path)
    root = tmp_path / "campaigns"
    create_campaign(root, "demo", FAKE)
    (root / "demo" / "campaign.toml").write_text(HAND_WRITTEN, encoding="utf-8")
    return root


@pytest.fixture
def new_plugin(tmp_path, monkeypatch):
    """``new_plugin("blades")``: the package ``rolecli plugins new blades`` writes
    (into the test's folder), imported afresh, as an editable install would be;
    forgotten after the test (a package left importable would take the name)."""
    import importlib

    from rolecli.scaffold import write

    made: list[str] = []

    def mine(module: str) -> bool:
        return any(module == package or module.startswith(package + ".") for package in made)

    def make(name: str):
        package = f"rolecli_{name}"
        made.append(package)
        write(tmp_path / f"rolecli-{name}", name)
        monkeypatch.syspath_prepend(str(tmp_path / f"rolecli-{name}"))
        for module in [m for m in sys.modules if mine(m)]:
            monkeypatch.delitem(sys.modules, module)  # another test's package of the same name
        return importlib.import_module(package)

    yield make
    for module in [m for m in sys.modules if mine(m)]:
        del sys.modules[module]
