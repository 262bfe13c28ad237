"""Simulated encounters: how fast each system's sample encounter plays, what one
exchange costs against rolling the same dice in a bare Python loop, and
``--workers 2`` against ``--workers 1``, side by side in one run.

    .venv/bin/python benchmarks/encounter.py [--trials N] [--workers-trials N] [--systems a,b]

Goals (issue 12): a simulated exchange at most 10x the bare dice it rolls;
10,000 trials of each sample encounter in under 10 s on one core; ``--workers
2`` at least 1.7x faster than ``--workers 1`` on 20,000 trials, with the same
bytes of ``--json``.

Everything runs in this process (start-up, about 0.3 s a command, is left
out), on a scratch copy of the sample campaigns. For each system:

- the trials are timed as ``encounter simulate`` plays them (one core);
- one trial in ten is played again, instrumented: the time spent inside the
  system's hooks (its verbs, status, initiative, recovery, all called through
  pluggy) is the floor of an exchange, what the plugin costs whatever the
  encounter code around it does; and every die read is kept, so that the
  bare loop rolls the very same dice (a d20 as ``randrange(20)``, a fudge die
  as ``randrange(3)``) with nothing else;
- an exchange is one turn's verb; its cost is a trial's time over its exchanges
  (initiative, recovery and the scene's bookkeeping included).
"""

from __future__ import annotations

import argparse
import random
import shutil
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SAMPLES = {"dice": "demo", "fate": "caminantes", "alternity": "aaa", "giro": "giro", "v5": "v5", "middle": "middle"}
SEED = 3


def job(root: Path, camp: str):
    from rolecli import campaign as store
    from rolecli.plugins import system_info
    from rolecli.encounter.engine import rehearse, scene_of
    from rolecli.encounter.file import EncounterFile
    from rolecli.encounter.simulate import Job, Reload

    path = root / camp / "encounter.toml"
    loaded = store.load_campaign(root, camp, system_info)
    enc = EncounterFile(path).encounter(loaded)
    rehearse(enc)
    return Job(enc, scene_of(loaded, keep_conflict=False), SEED), Reload(str(path), str(root), camp, SEED)


def timed_trials(the_job, trials: int, workers: int = 1, load=None) -> tuple[float, object]:
    from rolecli.encounter.simulate import simulate

    start = time.perf_counter()
    tally = simulate(the_job, trials, workers, load=load)
    return time.perf_counter() - start, tally


def instrumented(the_job, trials: int) -> tuple[float, int, list]:
    """Time inside the system's hooks, the exchanges, and every die's size, over ``trials`` plays."""
    import rolecli.play as verbs
    import rolecli.status as status
    from rolecli.conflict import Scene
    from rolecli.encounter.engine import Play
    from rolecli.encounter.simulate import trial_seed

    inside = [0.0]
    call, status_of = verbs.call, status.status_of

    def timing(function):
        def timed(*args, **kwargs):
            start = time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                inside[0] += time.perf_counter() - start
        return timed

    verbs.call, status.status_of = timing(call), timing(status_of)
    exchanges, sizes = 0, []
    try:
        for index in range(trials):
            play = Play(the_job.enc, trial_seed(SEED, index), scene=Scene.load(the_job.scene))
            exchanges += play.play().exchanges
            sizes += [3 if r.sides == "F" else r.sides if isinstance(r.sides, int) else 6 for r in play.source.reads]
    finally:
        verbs.call, status.status_of = call, status_of
    return inside[0], exchanges, sizes


def bare_dice(sizes: list[int], repeat: int = 5) -> float:
    """The best of ``repeat`` bare loops rolling ``sizes``: seconds for all of them."""
    best = float("inf")
    for _ in range(repeat):
        rng = random.Random(1)
        below = rng.randrange
        start = time.perf_counter()
        for sides in sizes:
            below(sides)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description="Simulated encounters against bare dice, and workers.")
    parser.add_argument("--trials", type=int, default=10_000, help="trials of each sample encounter")
    parser.add_argument("--workers-trials", type=int, default=20_000, help="trials of the workers comparison")
    parser.add_argument("--workers-system", default="dice", help="the system whose sample the workers play")
    parser.add_argument("--systems", default=",".join(SAMPLES), help="the systems to measure")
    args = parser.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="rolecli-bench-"))
    root = scratch / "campaigns"
    shutil.copytree(REPO / "campaigns", root, ignore=shutil.ignore_patterns(".lock", ".current", "log.jsonl",
                                                                           "state.toml"))
    try:
        rows = []
        for system in args.systems.split(","):
            the_job, _ = job(root, SAMPLES[system])
            seconds, tally = timed_trials(the_job, args.trials)
            played = max(args.trials // 10, 50)
            hooks, exchanges, sizes = instrumented(the_job, played)
            exchange = seconds / tally.exchanges
            dice = bare_dice(sizes) / exchanges
            rows.append((system, args.trials / seconds, seconds * 10_000 / args.trials, hooks * 10_000 / played,
                         tally.exchanges / tally.trials, len(sizes) / exchanges, dice * 1e6, exchange * 1e6,
                         exchange / dice, hooks / exchanges * 1e6, hooks / exchanges / dice))
            print(f"  {system}: {args.trials} trials in {seconds:.1f} s", flush=True)
        print(f"\nSample encounters, {args.trials} trials each, one core (seed {SEED}):")
        print("| system | encounters/s | 10,000 trials (goal < 10 s) | its hooks alone (the floor) | exchanges a "
              "trial | dice an exchange | bare dice µs | exchange µs | exchange / bare dice (goal ≤ 10) | "
              "the system's hooks µs (the floor) | floor / bare dice |")
        print("|---|---|---|---|---|---|---|---|---|---|---|")
        for r in rows:
            print(f"| {r[0]} | {r[1]:,.0f} | {r[2]:.1f} s | {r[3]:.1f} s | {r[4]:.1f} | {r[5]:.1f} | {r[6]:.2f} | "
                  f"{r[7]:.0f} | {r[8]:,.0f} | {r[9]:.0f} | {r[10]:,.0f} |")
        the_job, load = job(root, SAMPLES[args.workers_system])
        one, tally_one = timed_trials(the_job, args.workers_trials, 1, load)
        two, tally_two = timed_trials(the_job, args.workers_trials, 2, load)
        from rolecli.output import dumps

        same = dumps(tally_one.summary(the_job.enc, SEED, None)) == dumps(tally_two.summary(the_job.enc, SEED, None))
        print(f"\n{args.workers_system}'s sample, {args.workers_trials} trials: "
              f"--workers 1 {one:.1f} s, --workers 2 {two:.1f} s: {one / two:.2f}x faster (goal ≥ 1.7); "
              f"the same --json bytes: {'yes' if same else 'NO'}")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
