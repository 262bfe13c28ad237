# Two commands do all set-up on a fresh machine:
#   make demo   - install into .venv, then run the sample campaign's encounter batch
#   make test   - install into .venv (with test tools), then run the whole test suite
# and one for the edit-test loop:
#   make check  - the same, without the tests marked slow (processes, fresh venvs, long sampling)
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
PLUGINS := $(wildcard plugins/*/pyproject.toml)
DEMO_DIR := build/demo-campaigns

.PHONY: demo test check bench install clean

# One install brings rolecli and every system under plugins/ (setup.py reads their pyprojects).
$(VENV)/.installed: pyproject.toml setup.py $(PLUGINS)
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[test]'
	touch $@

# An editable install compiles nothing, and where the shell sets PYTHONDONTWRITEBYTECODE (as
# container images often do) Python keeps no bytecode of its own: every command compiled rolecli
# and its plugins again, 0.18 s of the 0.38 s `encounter simulate` took to start (0.04 s of a quick
# roll's 0.12 s). compileall writes it whatever that variable says, and passes over what is up to date.
install: $(VENV)/.installed
	@$(PY) -m compileall -q rolecli plugins benchmarks

demo: install
	rm -rf $(DEMO_DIR) && mkdir -p $(dir $(DEMO_DIR)) && cp -r campaigns $(DEMO_DIR)
	@# exit code 1 only means some check of the evening failed: that is play, not an error
	$(VENV)/bin/rolecli --campaigns $(DEMO_DIR) batch campaigns/demo/evening.rolecli || [ $$? -eq 1 ]

# Tests run over every core (xdist); loadscope keeps each test module on one worker, so a
# module-scoped fixture (a fresh venv, the bad-input corpus's processes) is made once a run,
# and deals the modules in the order tests/conftest.py gives them (the longest first).
# (loadgroup's xdist_group marks group nothing under pytest 9.2: xdist 3.8 renames an item
# through `_nodeid`, which pytest 9.2 no longer reads.)
# check's -m "not slow" also has each hypothesis test draw an eighth of its examples
# (tests/conftest.py) and walks a share of the long walks over many cases
# (tests/rolecli_testing.py, in_quick_share); test draws and walks them all.
# PYTHONDONTWRITEBYTECODE is emptied for the run: where the shell sets it, pytest can
# keep no rewritten test module in __pycache__ and each worker would re-rewrite every
# one on each run (collection 12 s instead of 5 s on 2 cores).
PYTEST := PYTHONDONTWRITEBYTECODE= $(PY) -m pytest -n auto --dist loadscope --no-loadscope-reorder
LINT := $(PY) -m ruff check --quiet rolecli plugins tests benchmarks

test: install
	$(LINT)
	$(PYTEST)

check: install
	$(LINT)
	$(PYTEST) -m "not slow"

# Start-up and rolls (bench.py), then simulated encounters against bare dice (encounter.py, some minutes).
bench: install
	$(PY) benchmarks/bench.py
	$(PY) benchmarks/encounter.py

clean:
	rm -rf $(VENV) build
