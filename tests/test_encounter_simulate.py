"""encounter simulate: in memory only (the campaign byte-identical), the same
figures whatever the number of workers, --until-ci, and win rates that agree
with the exact odds of a one-exchange contest. Small trial counts: the
10,000-trial figures are benchmarks/encounter.py's."""

from __future__ import annotations

import contextlib
import functools
import signal
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rolecli import campaign as store
from rolecli.contract import Action, Status
from rolecli.conflict import Scene
from rolecli.encounter.engine import Play
from rolecli.encounter.file import EncounterFile
from rolecli.encounter.simulate import anew
from rolecli.plugins import system_info
from rolecli_testing import REPO
from test_encounter_run import SAMPLES, _files


def _simulate(cli, path, *args):
    result = cli("encounter", "simulate", path, "--json", *args)
    assert result.code == 0, result.err
    return result


@pytest.mark.parametrize("camp", SAMPLES)
def test_each_sample_simulates_without_touching_its_campaign(cli, campaigns, camp):
    before = _files(campaigns, camp)
    summary = _simulate(cli, campaigns / camp / "encounter.toml", "--trials", "12", "--seed", "3").json
    assert summary["trials"] == 12 and summary["seed"] == 3 and summary["campaign"] == camp
    wins = sum(s["wins"] for s in summary["sides"].values())
    assert wins + summary["draws"]["count"] == 12 == sum(summary["endings"].values())
    assert sum(summary["rounds"]["distribution"].values()) == 12
    for side in summary["sides"].values():
        assert side["ci95"][0] <= side["rate"] <= side["ci95"][1]
    assert any(p["changes"] for p in summary["participants"].values())  # the fights hurt someone
    assert _files(campaigns, camp) == before


# Two samples in `make check` (those whose verbs share the most they keep); every sample in `make test`.
@pytest.mark.parametrize("camp", [c if c in ("giro", "v5") else pytest.param(c, marks=pytest.mark.slow)
                                  for c in SAMPLES])
def test_no_verb_result_is_changed_after_the_verb_gave_it(cli, campaigns, monkeypatch, camp):
    """The systems keep what their verbs come to and give the same objects again (a
    v5 contest's changes, an alternity roll's table, giro's hit): sound only while the
    core reads a hook's result and changes none of it. Every result a trial's verbs
    give is, after the trials, its data and changes as given."""
    import copy

    import rolecli.tracker as tracker

    given, prepared = [], tracker.prepared

    def watching(system, spec, **how):  # every hook a trial calls, as the tracker prepares it
        hook = prepared(system, spec, **how)

        def watched(*arguments):
            outcome = hook(*arguments)
            given.append((outcome, copy.deepcopy(outcome.data), copy.deepcopy(outcome.changes)))
            return outcome
        return watched

    monkeypatch.setattr(tracker, "prepared", watching)
    _simulate(cli, campaigns / camp / "encounter.toml", "--trials", "60", "--seed", "3", "--workers", "1")
    assert len(given) > 60
    for outcome, data, changes in given:
        assert outcome.data == data and outcome.changes == changes


@pytest.mark.parametrize("camp", ["giro", "caminantes"])
def test_an_exchange_is_given_the_action_a_new_one_would_be(cli, campaigns, monkeypatch, camp):
    """The exchanges of one call and target share an Action, every field set
    anew before each (Play.act): a hook that changes its own in place (fate
    sets its plan) or keeps changing it after it returned changes no other
    exchange's, and the figures are those of a new Action at every exchange."""
    import rolecli.tracker as tracker

    path = campaigns / camp / "encounter.toml"
    fresh = _simulate(cli, path, "--trials", "60", "--seed", "3", "--workers", "1").out
    given, prepared = [], tracker.prepared

    def spoiling(system, spec, **how):  # every hook a trial calls, its action spoiled once it returned
        hook = prepared(system, spec, **how)

        def spoils(*arguments):
            action = next(a for a in arguments if isinstance(a, Action))
            given.append((action.name, action.plan))
            try:
                return hook(*arguments)
            finally:
                action.params, action.actor, action.target, action.plan = {"spoiled": True}, None, None, "spoiled"
        return spoils

    monkeypatch.setattr(tracker, "prepared", spoiling)
    assert _simulate(cli, path, "--trials", "60", "--seed", "3", "--workers", "1").out == fresh
    assert len(given) > 60 and all(plan != "spoiled" for _, plan in given)


# Two samples in `make check` (the cheapest systems' and the one with the most lines and
# records to leave out); every sample in `make test`.
@pytest.mark.parametrize("camp", [c if c in ("demo", "v5") else pytest.param(c, marks=pytest.mark.slow)
                                  for c in SAMPLES])
@pytest.mark.parametrize("flag", ["explain", "record"])
def test_trials_leave_out_what_nobody_reads_and_give_the_same_figures(cli, campaigns, monkeypatch, camp, flag):
    """A trial's hooks are told no one reads their lines (Context.explain is
    False), nor, where no house rule joins, their data (Context.record is False),
    and the figures are byte for byte those of trials told someone does."""
    import rolecli.tracker as tracker
    from rolecli.encounter import simulate

    told, prepared, play_trials = [], tracker.prepared, simulate.play_trials

    def watching(system, spec, **how):  # every hook a trial calls, as the tracker prepares it (its ctx last)
        hook = prepared(system, spec, **how)
        return lambda *arguments: told.append(getattr(arguments[-1], flag)) or hook(*arguments)

    monkeypatch.setattr(tracker, "prepared", watching)

    def trials(read=None):  # the hooks' flag in the trials alone (not in the rehearsal before them)
        def played(*args):
            told.clear()
            return play_trials(*args) if read is None else play_trials(*args, **{flag: read})
        monkeypatch.setattr(simulate, "play_trials", played)
        return _simulate(cli, campaigns / camp / "encounter.toml", "--trials", "30", "--seed", "7").out

    unread = trials()
    assert set(told) == {False}
    assert trials(read=True) == unread
    assert set(told) == {True}


def test_a_house_rule_reading_a_v5_attacks_data_in_the_trials_sees_it_whole(cli, campaigns):
    """Where a house rule joins the system, the trials record (Context.record is
    True): a wrapper reading an attack's data finds its dice and degrees."""
    import types

    from rolecli import hookimpl
    from rolecli.testing import plugins

    seen = []

    @hookimpl(wrapper=True)
    def rolecli_resolve(action, ctx):
        outcome = yield
        seen.append((ctx.record, outcome.data))
        return outcome

    peek = types.ModuleType("rolecli_peek")
    peek.ROLECLI_CONTRACT, peek.ROLECLI_HOUSE_RULES, peek.ROLECLI_HOUSE_SYSTEMS = 3, "peek", ("v5",)
    peek.rolecli_resolve = rolecli_resolve
    sheets = campaigns / "v5" / "campaign.toml"
    sheets.write_text(sheets.read_text("utf-8").replace("[rules]\n", '[rules]\nhouse = ["peek"]\n', 1), "utf-8")
    with plugins(peek):
        _simulate(cli, campaigns / "v5" / "encounter.toml", "--trials", "20", "--seed", "3", "--workers", "1")
    assert len(seen) > 20 and {record for record, _ in seen} == {True}
    for _, data in seen:
        assert data["mode"] == "contest" and None not in (data["roll"], data["opposition"], data["degree"],
                                                          data["opposition_degree"])


def test_trials_copy_no_character(cli, campaigns, monkeypatch):
    """A trial shares the encounter's sheets and states (a hook never changes
    them in place: a new state is a new table), so more trials copy nothing more."""
    import copy
    import types

    from rolecli.campaign import store

    copied = []
    monkeypatch.setattr(store, "copy", types.SimpleNamespace(deepcopy=lambda value: copied.append(value)
                                                             or copy.deepcopy(value)))
    counts = []
    for trials in ("10", "40"):
        copied.clear()
        _simulate(cli, campaigns / "v5" / "encounter.toml", "--trials", trials, "--seed", "3")
        counts.append(len(copied))
    assert counts[0] == counts[1]


def test_an_in_place_edit_is_undone_before_the_next_trial():
    """A hook that edits a shared sheet or state in place, against the
    contract, reaches no other trial: the same tables are refilled as they were."""
    from rolecli.campaign.store import SharedCharacters
    from rolecli.contract import Character

    ana = Character("Ana", {"hp": 5, "traits": {"Fuerza": 1}}, {"marks": [1]})
    shared = SharedCharacters({"Ana": ana})
    first = shared.copies()["Ana"]
    assert first is not ana and first.sheet is ana.sheet and first.state is ana.state
    first.sheet["traits"]["Fuerza"] = 9
    first.state["marks"].append(42)
    shared.restore()
    assert ana == Character("Ana", {"hp": 5, "traits": {"Fuerza": 1}}, {"marks": [1]})
    again = shared.copies()["Ana"]
    assert again.sheet is ana.sheet and again.state is ana.state
    again.state["marks"].append(7)  # the kept copy is not what it refilled with
    shared.restore()
    assert ana.state == {"marks": [1]}


def test_a_trials_copy_is_the_character_its_init_would_make():
    """SharedCharacters.copies sets a copy's fields without Character's
    __init__: each copy holds what that __init__ would set, and nothing else
    (a field the contract adds to Character must be set there too)."""
    from rolecli.campaign.store import SharedCharacters
    from rolecli.contract import Character

    ana, bruno = Character("Ana", {"hp": 5}, {"damage": 2}), Character("Bruno", {"hp": 7})
    copies = SharedCharacters({"Ana": ana, "Bruno": bruno}).copies()
    assert list(copies) == ["Ana", "Bruno"]
    for name, original in (("Ana", ana), ("Bruno", bruno)):
        copied = copies[name]
        assert type(copied) is Character and copied is not original
        assert vars(copied) == vars(Character(original.name, original.sheet, original.state))
        assert copied == original and copied.sheet is original.sheet and copied.state is original.state


def test_a_trials_copies_start_as_their_originals_stand():
    """The same copies serve one play after another: each is set again as its
    original stands, whatever the play before made of it, in a dict of its own."""
    from rolecli.campaign.store import SharedCharacters
    from rolecli.contract import Character

    ana = Character("Ana", {"hp": 5}, {"damage": 2})
    shared = SharedCharacters({"Ana": ana})
    first = shared.copies()
    first["Ana"].state = {"damage": 4}  # as a play sets each new state
    first["Bruno"] = Character("Bruno", {"hp": 7})
    shared.restore()
    again = shared.copies()
    assert again is not first and list(again) == ["Ana"]
    assert again["Ana"] == ana and again["Ana"].state is ana.state and again["Ana"] is not ana


@pytest.mark.slow  # worker processes
def test_the_same_seed_gives_the_same_bytes_whatever_the_workers(cli, campaigns):
    path = campaigns / "caminantes" / "encounter.toml"
    one = _simulate(cli, path, "--trials", "250", "--seed", "3", "--workers", "1")
    two = _simulate(cli, path, "--trials", "250", "--seed", "3", "--workers", "2")
    assert one.out == two.out
    other = _simulate(cli, path, "--trials", "250", "--seed", "4")
    assert other.out != one.out


@pytest.mark.slow  # worker processes
@pytest.mark.parametrize("cores", [1, 2])
def test_workers_beyond_the_cores_are_clamped_to_them_with_a_note(cli, campaigns, monkeypatch, cores):
    """--workers 64 on 2 cores would start 64 processes for 2 cores' work: as
    many as the cores play, and the figures are the same."""
    import os

    from rolecli.encounter import simulate

    started = []
    real = simulate.simulate
    monkeypatch.setattr(simulate, "simulate", lambda job, trials, workers, *rest: started.append(workers)
                        or real(job, trials, workers, *rest))
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: set(range(cores)), raising=False)
    path = campaigns / "demo" / "encounter.toml"
    many = _simulate(cli, path, "--trials", "40", "--seed", "3", "--workers", "64")
    assert many.err == (f"rolecli: --workers 64: this machine gives rolecli {cores} core(s), so {cores} worker(s) "
                        "share the trials (the figures are the same whatever the workers).\n")
    assert started == [cores]
    assert _simulate(cli, path, "--trials", "40", "--seed", "3", "--workers", "64", "--lang", "es").err == (
        f"rolecli: --workers 64: esta máquina da a rolecli {cores} núcleo(s), así que {cores} proceso(s) se reparten "
        "las partidas (las cifras son las mismas con cualquier número de procesos).\n")
    assert many.out == _simulate(cli, path, "--trials", "40", "--seed", "3").out
    assert _simulate(cli, path, "--trials", "40", "--seed", "3", "--workers", str(cores)).err == ""


@pytest.mark.slow  # worker processes
def test_until_ci_stops_at_the_same_trial_whatever_the_workers(cli, campaigns):
    path = campaigns / "demo" / "encounter.toml"
    one = _simulate(cli, path, "--until-ci", "0.08", "--seed", "3", "--workers", "1")
    two = _simulate(cli, path, "--until-ci", "0.08", "--seed", "3", "--workers", "2")
    assert one.out == two.out
    summary = one.json
    assert summary["trials"] % 500 == 0 and summary["until_ci"] == 0.08
    assert all(s["ci95"][1] - s["ci95"][0] < 0.08 for s in summary["sides"].values())
    capped = _simulate(cli, path, "--until-ci", "0.001", "--trials", "300", "--seed", "3").json
    assert capped["trials"] == 300  # --trials is the most it plays


def test_until_ci_alone_asks_for_about_two_points_either_side(cli, campaigns):
    path = campaigns / "demo" / "encounter.toml"
    alone = _simulate(cli, path, "--seed", "3", "--trials", "100", "--until-ci")
    assert alone.json["until_ci"] == 0.04
    assert alone.out == _simulate(cli, path, "--seed", "3", "--trials", "100", "--until-ci", "0.04").out
    before_the_file = cli("encounter", "simulate", "--until-ci", path, "--json", "--seed", "3", "--trials", "100")
    assert before_the_file.code == 0 and before_the_file.out == alone.out


@given(trials=st.integers(0, 30_000), workers=st.integers(1, 8))
def test_blocks_deal_every_trial_once_in_order_and_the_last_smaller_where_workers_share_them(trials, workers):
    from rolecli.encounter.simulate import BLOCK, CHECK, LAST_BLOCK, blocks

    spans = blocks(trials, workers)
    assert [i for span in spans for i in range(*span)] == list(range(trials))
    assert all(start < stop for start, stop in spans)
    ends = {stop for _, stop in spans}
    assert all(k in ends for k in range(CHECK, trials + 1, CHECK))  # --until-ci's looks fall between blocks
    sizes = [stop - start for start, stop in spans]
    if workers == 1:  # one process: whole blocks, as few as can be
        assert sizes == [BLOCK] * (trials // BLOCK) + ([trials % BLOCK] if trials % BLOCK else [])
    else:  # the last workers' blocks' worth (and at most one more) smaller, so the workers end close together
        small = [start for start, stop in spans if stop - start <= LAST_BLOCK]
        tail = trials - (small[0] if small else trials)
        assert min(trials, workers * BLOCK) <= tail < workers * BLOCK + BLOCK
        assert all(size == BLOCK for size in sizes[:len(sizes) - len(small)])


@pytest.mark.parametrize("trials, cores, forks, workers", [
    (1000, 2, True, 2),  # the default trials keep two cores busy
    (999, 2, True, 1),  # fewer than 500 a worker: one process plays them, with no pool to start
    (20, 8, True, 1),
    (100_000, 4, True, 4),  # never more than the cores
    (1500, 8, True, 3),  # nor more than the trials keep busy
    (1000, 1, True, 1),
    (1000, 2, False, 1),  # a worker started anew (no fork) reads the campaign again: 4000 trials at least
    (8000, 2, False, 2),
])
@pytest.mark.parametrize("given", [None, "auto", "AUTO"])
def test_workers_left_to_choose_are_one_per_core_the_trials_keep_busy(cli, campaigns, monkeypatch, given, trials,
                                                                       cores, forks, workers):
    import os

    from rolecli.encounter import simulate

    started, real = [], simulate.simulate
    monkeypatch.setattr(simulate, "simulate", lambda job, trials, workers, *rest: started.append(workers)
                        or real(job, 1, 1, *rest))
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: set(range(cores)), raising=False)
    monkeypatch.setattr(simulate, "fork_starts", lambda: forks)
    chosen = () if given is None else ("--workers", given)
    done = _simulate(cli, campaigns / "demo" / "encounter.toml", "--trials", str(trials), "--seed", "3", *chosen)
    assert started == [workers] and done.err == ""  # (no note: nothing asked was lowered)


@contextlib.contextmanager
def _within(seconds: int):
    """The block ends within ``seconds``: past them, an error in it (the
    command then reports an internal error, and the test fails rather than hangs)."""
    def late(signum, frame):
        raise TimeoutError(f"still running after {seconds} s")

    before = signal.signal(signal.SIGALRM, late)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, before)


def _failing_after(calls: int, error):
    """A stand-in for the dice plugin's ``worked_out`` (its bonus, at every
    check) that raises ``error`` from its ``calls``-th call on, in whichever
    process plays: past the rehearsal, in a trial of the first block."""
    from rolecli.contract import worked_out

    made = [0]

    def failing(*args, **kwargs):
        made[0] += 1
        if made[0] >= calls:
            raise error
        return worked_out(*args, **kwargs)

    return failing


@pytest.mark.slow  # worker processes
@pytest.mark.parametrize("error, code, line", [
    (ZeroDivisionError("boom"), 4, "plugin 'dice' (rolecli 0.1.0) failed in rolecli_resolve: ZeroDivisionError: boom"),
    ("refused", 2, "round "),
])
def test_an_error_a_worker_meets_is_reported_as_one_process_reports_it(cli, campaigns, monkeypatch, error, code,
                                                                     line):
    """A plugin's failure holds what cannot pass between processes (its
    record, the exception it raised): a worker passes on its message and exit
    code, one line, no traceback, the same whatever the workers."""
    import rolecli_dice.verbs

    from rolecli.contract import Label, Refused

    if error == "refused":
        error = Refused(Label("nada de bonos hoy", "no bonus today"))
    path = campaigns / "demo" / "encounter.toml"
    told = {}
    for workers in ("1", "2"):
        monkeypatch.setattr(rolecli_dice.verbs, "worked_out", _failing_after(200, error))
        with _within(60):  # a refusal that could not cross used to leave the command waiting forever
            told[workers] = cli("encounter", "simulate", path, "--trials", "1000", "--seed", "3", "--workers", workers)
    assert told["1"].code == told["2"].code == code
    assert told["1"].err == told["2"].err
    assert told["2"].err.startswith("rolecli: " + line) and told["2"].err.count("\n") == 1
    assert told["2"].out == ""


@pytest.mark.slow  # a process and its workers
@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="the workers are found in /proc")
def test_ctrl_c_stops_the_workers_with_one_line(campaigns):
    """Ctrl-C reaches every process of the terminal's: the command alone
    answers it, in one line, exit 130; its workers say nothing."""
    import os
    import time

    path = campaigns / "demo" / "encounter.toml"
    command = [sys.executable, "-m", "rolecli", "--campaigns", str(campaigns), "encounter", "simulate", str(path),
               "--trials", "200000", "--seed", "3", "--workers", "2"]
    env = {k: v for k, v in os.environ.items() if not k.startswith("ROLECLI_")}
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                            start_new_session=True,  # a process group of its own, as a terminal's job is
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children")
        deadline = time.monotonic() + 60
        while len(children.read_text().split()) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(children.read_text().split()) >= 2, "the workers never started"
        os.killpg(proc.pid, signal.SIGINT)  # as Ctrl-C does
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert (proc.returncode, out, err.decode()) == (130, b"", "rolecli: interrupted.\n")


def test_a_label_crosses_between_processes_in_every_language():
    import pickle

    from rolecli.contract import Label

    label = Label("nada de bonos hoy", "no bonus today", fr="pas de bonus")
    again = pickle.loads(pickle.dumps(label))
    assert again == label and again("es") == "nada de bonos hoy" and again("fr") == "pas de bonus"


def _exact(cli, *odds) -> Fraction:
    shown = cli(*odds, "--json")
    assert shown.code == 0, shown.err
    return Fraction(shown.json["outcomes"]["success"]["p"])


# One exchange: the hero acts first (its initiative is far ahead), hits or not
# (a hit takes the one-hit foe out), and the foe cannot take the hero out in
# the one round there is; so the hero's side wins exactly when its roll succeeds.
ONE_EXCHANGE_FILE = """\
campaign = "{camp}"
[end]
rounds = 1
[sides.hero]
characters = ["{hero}"]
behaviour = {{ verb = "{verb}", params = {{ {params} }}{then} }}
[sides.foe.stat_blocks.{foe}]
sheet = {{ {sheet} }}
behaviour = {{ verb = "{verb}", params = {{ {foe_params} }} }}
"""
ONE_EXCHANGE = {
    "demo": (dict(hero="Ana", verb="check", params='expression = "1d20", bonus = "Fuerza+Pelea", target = 15',
                  then=', on_success = { verb = "damage", params = { amount = 1 } }', foe="Rata",
                  sheet="hp = 1, initiative = -100", foe_params='expression = "1d20", target = 1000'),
             ("-C", "demo", "odds", "check", "Ana", "1d20", "--bonus", "Fuerza+Pelea", "--target", "15")),
    "caminantes": (dict(hero="Tomás", verb="attack", params='skill = "Armas cuerpo a cuerpo", defence = "calidad"',
                        then="", foe="Recluta", sheet="calidad = 1, cantidad = 1",
                        foe_params='skill = "calidad", defence = "Atletismo"'),
                   ("odds", "fate", "attack", "4", "1")),
}


@pytest.mark.slow  # 1,500 simulated trials per campaign
@pytest.mark.parametrize("camp", list(ONE_EXCHANGE))
def test_simulated_win_rates_agree_with_the_exact_odds(cli, tmp_path, camp):
    values, odds = ONE_EXCHANGE[camp]
    path = tmp_path / "one.toml"
    path.write_text(ONE_EXCHANGE_FILE.format(camp=camp, **values), encoding="utf-8")
    summary = _simulate(cli, path, "--trials", "1500", "--seed", "7").json
    hero = summary["sides"]["hero"]
    exact = _exact(cli, *odds)
    assert hero["ci95"][0] <= float(exact) <= hero["ci95"][1], (exact, hero)
    assert summary["sides"]["foe"]["wins"] == 0 and summary["endings"]["round_limit"] == summary["draws"]["count"]
    assert summary["exchanges"]["total"] == 1500 + summary["draws"]["count"]  # the foe acts only after a miss


def test_the_figures_as_text(cli, campaigns):
    result = cli("encounter", "simulate", campaigns / "demo" / "encounter.toml", "--trials", "40", "--seed", "3")
    lines = result.out.splitlines()
    assert lines[0] == "La cripta (demo, dice): 40 trials, seed 3"
    assert lines[1] == "side\twins\t%\t95% interval"
    assert lines[2].startswith("héroes\t") and lines[4].startswith("draws\t")
    assert lines[5].startswith("No winner: ") and lines[6].startswith("Rounds: mean ")
    assert lines[7] == "Per participant" and lines[8] == "participant\tside\ttaken out\tmean change of its state"
    assert lines[9].startswith("Ana\théroes\t") and "damage +" in lines[9]
    assert result.err == ""  # no progress bar when stderr is not a terminal


@pytest.mark.parametrize("args, said", [
    (["--trials", "0"], "--trials 0 is out of range 1..1000000."),
    (["--workers", "0"], "--workers 0 is out of range 1..64 (or auto: one per core the trials keep busy)."),
    (["--workers", "many"], "--workers 'many' is not a number: give one from 1 to 64, or auto (one per core the trials keep busy)."),
    (["--until-ci", "2"], "--until-ci 2 is out of range: give a width between 0 and 1, such as 0.05."),
])
def test_bad_options_are_one_line(cli, campaigns, args, said):
    result = cli("encounter", "simulate", campaigns / "demo" / "encounter.toml", *args)
    assert result.code == 2 and result.err == f"rolecli: {said}\n"


@pytest.mark.slow  # starts the benchmark, which starts a simulation of its own
def test_the_benchmark_leaves_the_workers_out_at_zero_trials():
    done = subprocess.run([sys.executable, "benchmarks/encounter.py", "--systems", "dice", "--trials", "20",
                           "--workers-trials", "0"], capture_output=True, text=True, cwd=REPO)
    assert done.returncode == 0, done.stderr
    assert "| dice |" in done.stdout and "--workers 2" not in done.stdout
    header, row = (next(line for line in done.stdout.splitlines() if line.startswith(start))
                   for start in ("| system |", "| dice |"))
    # the last column: the hooks alone over what the 8x goal allows an exchange (near 0 at 20 trials)
    assert header.endswith("| its hooks alone ÷ that |") and row.count("|") == header.count("|")
    assert float(row.split("|")[-2]) >= 0


@pytest.mark.slow  # starts the benchmark
def test_the_benchmark_times_the_hooks_of_a_system_whose_verbs_are_called():
    """Giro's attacks are called at every exchange (none is kept): the share of its
    trials inside its hooks is more than nothing, the engine's less than all."""
    done = subprocess.run([sys.executable, "benchmarks/encounter.py", "--systems", "giro", "--trials", "50",
                           "--workers-trials", "0"], capture_output=True, text=True, cwd=REPO)
    assert done.returncode == 0, done.stderr
    header, row = ([cell.strip() for cell in next(line for line in done.stdout.splitlines()
                                                  if line.startswith(start)).split("|")]
                   for start in ("| system |", "| giro |"))
    hooks, engine = row[header.index("system's hooks")], row[header.index("engine (goal ≤ 25%)")]
    assert int(hooks.rstrip("%")) > 0 and int(engine.rstrip("%")) < 100
    # the dice it reads are counted, though a trial keeps no record of a die nobody reads (reads_dice_records): a
    # giro exchange rolls a Day Die and a Night Die or two
    assert float(row[header.index("dice an exchange")]) >= 2


@pytest.mark.parametrize("args, said", [
    (["--systems", "dice,nope"], "no sample encounter of system 'nope': choose among dice, fate, alternity"),
    (["--trials", "0"], "--trials 0 must be at least 1."),
    (["--workers-trials", "-1"], "--workers-trials -1 must be 0 (none) or more."),
])
def test_the_benchmark_refuses_what_it_cannot_measure_in_one_line(args, said):
    done = subprocess.run([sys.executable, "benchmarks/encounter.py", *args], capture_output=True, text=True,
                          cwd=REPO)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"benchmarks/encounter.py: {said}") and done.stderr.count("\n") == 1


def test_who_fights_is_worked_out_again_only_when_someone_falls_or_rises(campaigns):
    """A play keeps each side's fighters until one of them can act no longer,
    or again: a hit that leaves the foe standing changes nothing of it."""
    enc = EncounterFile(campaigns / "demo" / "encounter.toml").encounter(
        store.load_campaign(campaigns, "demo", system_info))
    play = Play(enc, seed=1)
    play.start(list(enc.participants))
    skeleton = play.characters["Esqueleto"]

    def hit(verb: str, amount: int) -> None:
        spec = enc.info.action(verb)
        play.hook(spec, Action(verb, {"amount": amount}, skeleton), [skeleton])

    foes = play.foes("héroes")
    assert "Esqueleto" in foes
    hit("damage", 1)
    assert play.foes("héroes") is foes
    hit("damage", 100)
    assert "Esqueleto" not in play.foes("héroes") and "Esqueleto" not in play.friends("cripta")
    hit("heal", 100)
    assert "Esqueleto" in play.foes("héroes") and "Esqueleto" in play.friends("cripta")


def test_one_who_falls_or_rises_changes_only_its_side_s_fighters_and_the_other_sides_foes(campaigns):
    """When one participant can act no longer (or again), the other sides'
    fighters and its own side's foes are kept as they were, and the sides
    standing while its side has someone left who can act; a side fleeing
    has everything worked out again."""
    enc = EncounterFile(campaigns / "demo" / "encounter.toml").encounter(
        store.load_campaign(campaigns, "demo", system_info))
    play = Play(enc, seed=1)
    play.start(list(enc.participants))
    skeleton = play.characters["Esqueleto"]
    heroes, crypt = play.friends("héroes"), play.foes("cripta")
    assert play.verdict() is None and "Esqueleto" in play.friends("cripta") and "Esqueleto" in play.foes("héroes")
    spec = enc.info.action("damage")
    play.hook(spec, Action("damage", {"amount": 100}, skeleton), [skeleton])
    assert play.friends("héroes") is heroes and play.foes("cripta") is crypt  # the other side, and its foes, kept
    assert "Esqueleto" not in play.friends("cripta") and "Esqueleto" not in play.foes("héroes")
    assert play.standing == ["héroes", "cripta"]  # its side still fights: the sides standing kept, no verdict asked
    fallen = play.statuses["Esqueleto"]
    play.settled("Esqueleto", Status())  # it can act again: asked again
    assert play.standing is None and play.verdict() is None and "Esqueleto" in play.friends("cripta")
    play.settled("Esqueleto", fallen)
    assert play.standing == ["héroes", "cripta"] and "Esqueleto" not in play.friends("cripta")
    for name in play.friends("cripta"):
        play.hook(spec, Action("damage", {"amount": 100}, play.characters[name]), [play.characters[name]])
    assert play.standing is None and play.verdict() == ("héroes", "side_out")  # its side has nobody left: asked again
    play.routed.add("cripta")
    play.regroup()  # a side fled: everyone's worked out again
    assert play.friends("héroes") is not heroes and play.foes("cripta") is not crypt


def test_a_trial_measures_each_state_value_against_the_start_whether_or_not_a_hook_replaced_it(campaigns):
    """A value a hook gave again (an equal, new object) is no change, one it
    changed is measured by its amount, one no hook touched is the start's."""
    from rolecli.encounter.engine import Ending
    from rolecli.encounter.simulate import measure, starting

    enc = EncounterFile(campaigns / "demo" / "encounter.toml").encounter(
        store.load_campaign(campaigns, "demo", system_info))
    start = starting(enc)
    play = Play(enc, seed=1)
    skeleton, ana = play.characters["Esqueleto"], play.characters["Ana"]
    skeleton.state = {**skeleton.state, "damage": float(skeleton.state["damage"])}  # equal, not the same
    ana.state = {**ana.state, "damage": ana.state["damage"] + 3}
    changes = measure(play, Ending(None, "nobody", 1, 0), start)[4]
    fields = [(name, key) for name in enc.participants for key in enc.state_keys]
    assert ("Esqueleto", "damage") in fields and dict(zip(fields, changes))[("Ana", "damage")] == 3.0
    assert all(change == 0 for field, change in zip(fields, changes) if field != ("Ana", "damage"))


def test_a_trial_s_last_state_is_measured_once_by_its_number_and_a_new_one_anew(campaigns):
    """The trials share what they measured, by participant and state
    number: a state met again (a new table, the same values) gives
    what it gave, a state with another value is measured anew."""
    from rolecli.encounter.engine import Ending
    from rolecli.encounter.simulate import measure, starting

    enc = EncounterFile(campaigns / "middle" / "encounter.toml").encounter(
        store.load_campaign(campaigns, "middle", system_info))
    start, measured = starting(enc), {}
    fields = [(name, key) for name in enc.participants for key in enc.state_keys]
    name = next(iter(enc.participants))
    key = next(k for k in enc.state_keys if isinstance(enc.characters[name].state.get(k), int)
               and not isinstance(enc.characters[name].state.get(k), bool))

    def ended_with(value: int) -> float:
        play = Play(enc, seed=1)
        who = play.characters[name]
        who.state = {**who.state, key: value}
        changes = measure(play, Ending(None, "nobody", 1, 0), start, measured)[4]
        assert changes == measure(play, Ending(None, "nobody", 1, 0), start)[4]  # as measured field by field
        return dict(zip(fields, changes))[(name, key)]

    def states() -> int:
        return sum(1 for who, _ in measured if who == name)

    was = enc.characters[name].state[key]
    assert ended_with(was + 3) == 3.0 and states() == 1
    assert ended_with(was + 3) == 3.0 and states() == 1  # the same state again: looked up
    assert ended_with(was + 5) == 5.0 and states() == 2  # another state: measured anew


def test_the_blocks_of_trials_share_what_their_last_states_measured_and_give_the_same_figures(campaigns):
    """What a trial's last states measured is the encounter's, for every
    block of trials: a block after another looks up the states the first
    measured, and gives what one block playing all the trials gives."""
    from rolecli.encounter.engine import scene_of
    from rolecli.encounter.simulate import play_trials

    def encounter():
        camp = store.load_campaign(campaigns, "middle", system_info)
        return EncounterFile(campaigns / "middle" / "encounter.toml").encounter(camp), scene_of(camp, False)

    enc, scene = encounter()
    first = play_trials(enc, scene, 3, 0, 40)
    measured = dict(enc.measured)
    assert measured  # the first block's last states, kept for the next
    second = play_trials(enc, scene, 3, 40, 80)
    assert enc.measured.items() >= measured.items()
    whole, whole_scene = encounter()
    assert first + second == play_trials(whole, whole_scene, 3, 0, 80)


def test_the_trials_ask_the_statuses_they_start_with_once(campaigns, monkeypatch):
    """Every trial starts alike (the same states, scene and rules): the
    participants' statuses as it starts are asked in the first trial only."""
    from rolecli.encounter.simulate import play_trials
    from rolecli.tracker import Tracker

    enc = EncounterFile(campaigns / "demo" / "encounter.toml").encounter(
        store.load_campaign(campaigns, "demo", system_info))
    asked, status = [], Tracker.status
    monkeypatch.setattr(Tracker, "status", lambda self, name: asked.append(
        (name, self.characters[name].state is enc.characters[name].state)) or status(self, name))
    play_trials(enc, {}, 7, 0, 10)
    assert [name for name, starting in asked if starting] == list(enc.participants)
    assert len(asked) > len(enc.participants)  # those a trial hurt are asked again


def test_an_encounter_prepares_each_verbs_hook_once_for_all_its_plays(campaigns, monkeypatch):
    """A conflict keeps each verb's hook as prepared for it (``play.prepared``)
    for all its calls, and an encounter's plays share what they prepared (its
    system and rules are theirs): its trials prepare its check and its damage
    once each, not at every exchange nor at every trial; and the hook kept for
    one verb is never used for another."""
    import rolecli.tracker as tracker
    from rolecli.encounter.simulate import play_trials

    enc = EncounterFile(campaigns / "demo" / "encounter.toml").encounter(
        store.load_campaign(campaigns, "demo", system_info))
    asked, prepared = [], tracker.prepared
    monkeypatch.setattr(tracker, "prepared",
                        lambda system, spec, **how: asked.append(spec.name) or prepared(system, spec, **how))
    results = play_trials(enc, {}, 7, 0, 20)
    assert sum(r[3] for r in results) > 200  # exchanges, each a check and, on a hit, a damage
    assert sorted(asked) == ["check", "damage", "initiative"]
    play = Play(enc, seed=1)
    assert play.prepared_hooks is enc.prepared_hooks and play.recovering is enc.recovering
    check, damage = enc.info.action("check"), enc.info.action("damage")
    play.prepared_hooks[check.name] = lambda *a: pytest.fail("the hook kept for another verb")
    ana = play.characters["Ana"]
    outcome, moved = play.hook(damage, Action("damage", {"amount": 2}, ana), [ana])
    assert moved == ["Ana"] and outcome.changes["Ana"]["damage"] == 2
    # a recovery at every round's end too (middle's, the ones no memo answers): once for all the trials,
    # its parameters by event likewise
    middle = EncounterFile(campaigns / "middle" / "encounter.toml").encounter(
        store.load_campaign(campaigns, "middle", system_info))
    asked.clear()
    play_trials(middle, {}, 7, 0, 10)
    assert asked.count("recover") == 1 and "end_of_round" in middle.recovering


def test_each_trial_plays_in_a_scene_of_its_own():
    """A trial's scene is the encounter's, loaded once, made anew: the same
    effects, conflict and next effect's id as loading the table again gives,
    but its list of effects and its conflict its own, which that trial alone
    adds to and moves."""
    table = {"effects": [{"on": "Ana", "text": "bendecida", "until": "rounds", "rounds": 2, "id": 4}],
             "conflict": {"round": 2, "turn": 0, "turns": ["Ana", "Bruno"]}, "next_effect": 5}
    loaded = Scene.load(table)
    one, two = anew(loaded), anew(loaded)
    assert one == Scene.load(table) == two
    one.effects.append(one.effects[0])
    one.conflict["round"] += 1
    assert two == loaded == Scene.load(table)


def _sample_trials(campaigns, camp: str):
    """A function playing trials ``start`` to ``stop`` of the sample ``camp``."""
    from rolecli.encounter.engine import scene_of
    from rolecli.encounter.simulate import play_trials

    loaded = store.load_campaign(campaigns, camp, system_info)
    enc = EncounterFile(campaigns / camp / "encounter.toml").encounter(loaded)
    scene = scene_of(loaded, keep_conflict=False)
    return lambda start, stop: play_trials(enc, scene, 3, start, stop)


@pytest.mark.parametrize("camp", SAMPLES)
def test_a_sample_s_trials_leave_no_reference_cycle(campaigns, camp):
    """Why the trials pause Python's cyclic collector: all a trial makes is freed
    by its count, so a collection over a block of trials would find nothing."""
    import gc

    trials = _sample_trials(campaigns, camp)
    gc.disable()
    try:
        trials(0, 1)  # (the first imports the modules its verbs use: a slotted dataclass leaves its first class)
        gc.collect()
        assert len(trials(1, 41)) == 40
        assert not gc.isenabled()  # (left as the trials found it)
        assert gc.collect() == 0
    finally:
        gc.enable()


def test_the_collector_is_paused_over_the_trials_and_runs_again_after_them(campaigns, monkeypatch):
    """Paused while the trials play, the collector runs again after them, also
    after a trial that fails: what a plugin's own cycles hold is collected then."""
    import gc

    from rolecli.tracker import Tracker

    seen, hook = [], Tracker.hook

    def watched(*args):
        seen.append(gc.isenabled())
        if len(seen) == 30:
            raise RuntimeError("a plugin's bug")
        return hook(*args)

    monkeypatch.setattr(Tracker, "hook", watched)
    assert gc.isenabled()
    with pytest.raises(RuntimeError, match="a plugin's bug"):
        _sample_trials(campaigns, "caminantes")(0, 20)
    assert len(seen) == 30 and not any(seen)
    assert gc.isenabled()


@functools.cache
def _demo():
    return EncounterFile(REPO / "campaigns" / "demo" / "encounter.toml").encounter(
        store.load_campaign(REPO / "campaigns", "demo", system_info))


@given(st.integers(1, 1_400), st.data())
def test_the_trials_summed_in_pieces_give_the_same_sums_to_the_bit_whatever_the_workers(trials, data):
    """Each block of trials is summed where it is played, in pieces counted
    from the first trial, and the pieces added in their order: the figures,
    fractional changes included (whose sum depends on its order), are the
    same bits however ``blocks`` deals the trials to the workers; and where
    every change is whole they are those of adding the trials one by one."""
    from rolecli.encounter.simulate import PIECE, Tally, blocks, summed

    enc = _demo()  # (only read)
    width, names = len(enc.participants) * len(enc.state_keys), len(enc.participants)
    fractions = data.draw(st.booleans())
    change = st.floats(-9, 9, allow_nan=False) if fractions else st.integers(-9, 9).map(float)
    seeds = data.draw(st.lists(st.tuples(st.integers(-1, len(enc.sides) - 1), st.integers(0, 2),
                                         st.integers(1, 9), st.integers(0, 30), st.tuples(*[change] * width),
                                         st.tuples(*[st.booleans()] * names)), min_size=1, max_size=8))
    results = [(*seeds[i % len(seeds)], tuple([False] * names)) for i in range(trials)]

    def tallied(workers: int) -> tuple:
        tally = Tally(enc)
        for start, stop in blocks(trials, workers):
            pieces = summed(enc, results[start:stop], start)
            assert len(pieces) == -(-stop // PIECE) - start // PIECE  # whole pieces, counted from the first trial
            for sums in pieces:
                tally.merge(sums)
        return tally.sums()

    one = tallied(1)
    assert all(tallied(workers) == one for workers in (2, 3, 4))
    if not fractions:
        by_one = Tally(enc)
        for result in results:
            by_one.add(result)
        assert by_one.sums() == one
