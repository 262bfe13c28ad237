"""Simulated encounters against bare dice, and ``--workers``, side by side in one run.

    .venv/bin/python benchmarks/encounter.py [--trials N] [--systems a,b] [--workers-trials N (0: none)]

Goals (issue 20), for each system's sample encounter (``campaigns/*/encounter.toml``):

- N (5,000) trials on one core, start-up included (``rolecli encounter simulate``
  run as a process), within 8x a bare Python loop rolling 500,000 d10 with
  ``random.randrange`` in this run, timed again right before each command (a
  shared machine's speed drifts within minutes);
- an exchange at most 25x the bare dice it rolls: a trial's time over its
  exchanges (one turn's verb; initiative, recovery and the bookkeeping
  included), against a bare loop rolling the very dice the trials read (a d20
  as ``randrange(20)``, a fudge die as ``randrange(3)``) and nothing else,
  timed right before the trials it is compared with: of five such pairs, the
  one whose ratio is the median;
- the encounter engine's own cost at most a quarter of a trial: everything but
  the system's hooks as the core calls them (pluggy, the plugin and the check
  of its result); that is turn order, statuses kept, effects, recovery, the
  verbs' parameters and changes, and measuring the trial. The hooks are timed
  in a second pass over the same trials, each call between two clock readings;
  the share is that time, less what the timing itself adds inside a call
  (measured on a call that does nothing), over the untimed pass's (the least
  of five of each, taken in turn). Timing every call makes a trial 5-17%
  slower, all of it outside the hooks: a share of the timed pass's own total
  would count that as the engine's;
- ``--workers 2`` at least 1.8x ``--workers 1``, with the same ``--json`` bytes.

The last two columns put the first goal in the second's terms: the time an
exchange may take for N trials to fit in 8x the d10 loop (start-up left out),
and that time over the exchange's bare dice. Where it is a few times the bare
dice (a v5 exchange reads ten d10, a fate one eight fudge dice), the first goal
asks far more than the second. Then the time the system's hooks alone take in
an exchange (as the core calls them, the check of their results included) over
that allowance: above 1, the first goal cannot be met by any engine, however
lean, without making the system's own verbs faster.

Every time is CPU time (``time.process_time``; a process's own and its
children's) beside wall time: on a shared, loaded machine wall time also counts
what other processes ran meanwhile, and CPU time is what this code costs. The
trials/s, the exchange and the shares are measured in this process on a tenth
of the trials (start-up left out), the shares with every system hook timed
(which adds a little to both sides). Everything plays on a scratch copy of the
sample campaigns.
"""

from __future__ import annotations

import argparse
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SAMPLES = {"dice": "demo", "fate": "caminantes", "alternity": "aaa", "giro": "giro", "v5": "v5", "middle": "middle"}
SEED = 3
D10S = 500_000


def unknown_sample(systems: list[str]) -> str | None:
    """What is wrong with ``systems`` as a benchmark's ``--systems``: the first with no
    sample encounter, said for the command's error line; ``None`` when all have one."""
    unknown = [s for s in systems if s not in SAMPLES]
    return f"no sample encounter of system {unknown[0]!r}: choose among {', '.join(SAMPLES)}" if unknown else None


def scratch_copy(prefix: str) -> tuple[Path, Path]:
    """A scratch folder, and in it a copy of the sample campaigns as the repository
    holds them (no lock, log or kept state) to play on: the folder is the caller's to remove."""
    scratch = Path(tempfile.mkdtemp(prefix=prefix))
    root = scratch / "campaigns"
    shutil.copytree(REPO / "campaigns", root, ignore=shutil.ignore_patterns(".lock", ".current", "log.jsonl",
                                                                           "state.toml"))
    return scratch, root


def job(root: Path, camp: str):
    from rolecli import campaign as store
    from rolecli.encounter.engine import rehearse, scene_of
    from rolecli.encounter.file import EncounterFile
    from rolecli.encounter.simulate import Job, Reload
    from rolecli.plugins import system_info

    path = root / camp / "encounter.toml"
    loaded = store.load_campaign(root, camp, system_info)
    enc = EncounterFile(path).encounter(loaded)
    rehearse(enc)
    return Job(enc, scene_of(loaded, keep_conflict=False), SEED), Reload(str(path), str(root), camp, SEED)


def children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def bare_d10s(repeat: int = 3) -> tuple[float, float]:
    """The best (CPU, wall) seconds of a bare loop rolling :data:`D10S` d10 with ``random.randrange``."""
    cpu = wall = float("inf")
    for _ in range(repeat):
        rng = random.Random(1)
        c, w = time.process_time(), time.perf_counter()
        for _ in range(D10S):
            rng.randrange(10)
        cpu, wall = min(cpu, time.process_time() - c), min(wall, time.perf_counter() - w)
    return cpu, wall


def command(root: Path, camp: str, trials: int) -> tuple[float, float]:
    """(CPU, wall) seconds of ``rolecli encounter simulate`` playing ``trials`` on one core (the goal's;
    left to choose, it takes every core), start to finish."""
    c, w = children_cpu(), time.perf_counter()
    subprocess.run([sys.executable, "-m", "rolecli", "--campaigns", str(root), "encounter", "simulate",
                    str(root / camp / "encounter.toml"), "--trials", str(trials), "--seed", str(SEED), "--json",
                    "--workers", "1"],
                   check=True, stdout=subprocess.DEVNULL)
    return children_cpu() - c, time.perf_counter() - w


def timed(the_job, trials: int, workers: int = 1, load=None):
    """(CPU of this process, CPU of its children, wall) seconds of ``trials`` simulated, and the tally."""
    from rolecli.encounter.simulate import simulate

    c, k, w = time.process_time(), children_cpu(), time.perf_counter()
    tally = simulate(the_job, trials, workers, load=load)
    return time.process_time() - c, children_cpu() - k, time.perf_counter() - w, tally


def instrumented(the_job, trials: int, repeat: int = 5) -> tuple[float, float, list[int], tuple[float, float]]:
    """CPU seconds of ``trials`` played as a simulation plays them, of which
    inside the system's hooks, the size of every die they read, and a pass of
    the trials with the bare loop of those dice timed right before it: the
    trials played with every hook call timed (less what timing a call adds
    inside it) and every die read kept, then the bare dice, then the trials
    untimed for the total, taken in turn ``repeat`` times; the least total and
    the least time inside the hooks are kept, and the pair (trials, their bare
    dice) whose ratio is the median of the ``repeat`` pairs (a shared
    machine's speed drifts from one second to the next: a ratio holds against
    a baseline taken beside it, and the median of several is not the luckiest)."""
    from rolecli.encounter.engine import Play
    from rolecli.encounter.simulate import play_trials
    from rolecli.plugins import SYSTEM_HOOKS

    hooks, inside, calls, sizes = the_job.enc.system.hooks, [0.0], [0], []
    guarded = {name: getattr(hooks, name) for name in SYSTEM_HOOKS}

    def timed(call):
        def timed_call(*args, **kwargs):
            calls[0] += 1
            start = time.process_time()
            try:
                return call(*args, **kwargs)
            finally:
                inside[0] += time.process_time() - start
        return timed_call

    class timing:
        """A guarded hook, timed whether it is called or prepared for a verb first (play.call)."""

        def __init__(self, hook):
            self.call, self.hook, self.verbs = timed(hook), hook, {}

        def __call__(self, **kwargs):
            return self.call(**kwargs)

        def prepared(self, verb, completing=True):
            key = (verb, completing)
            if key not in self.verbs:
                self.verbs[key] = timed(self.hook.prepared(verb, completing))
            return self.verbs[key]

    def reading(play):  # every die a trial read, by size (the trials read the same dice at every pass)
        if first:  # (told, as `encounter run` plays: a trial keeps no record of a die nobody reads, and here one does;
            play.ctx.explain = True  # the same dice, every exchange played by its hook; its hooks, slower, never the least)
        ending = real(play)
        if first:
            sizes.extend(3 if r.sides == "F" else r.sides if isinstance(r.sides, int) else 6
                         for r in play.source.reads)
        return ending

    real, total, inner, pairs = Play.play, float("inf"), float("inf"), []
    nothing = timed(lambda: None)  # what timing adds inside a call: the same wrapper round no work
    for first in [True] + [False] * (repeat - 1):
        inside[0], calls[0] = 0.0, 0
        for name, hook in guarded.items():
            setattr(hooks, name, timing(hook))
        # (an encounter's plays share each verb's hook as prepared for them: prepared again from the timed
        # hooks for this pass, and from the system's own after it)
        the_job.enc.prepared_hooks.clear()
        Play.play = reading
        try:
            play_trials(the_job.enc, the_job.scene, SEED, 0, trials)
        finally:
            Play.play = real
            for name, hook in guarded.items():
                setattr(hooks, name, hook)
            the_job.enc.prepared_hooks.clear()
        measured, made = inside[0], calls[0]
        inside[0] = 0.0
        for _ in range(made):
            nothing()
        inner = min(inner, max(0.0, measured - inside[0]))
        bare = bare_dice(sizes)
        start = time.process_time()
        play_trials(the_job.enc, the_job.scene, SEED, 0, trials)
        played = time.process_time() - start
        total = min(total, played)
        pairs.append((played, bare))
    pairs.sort(key=lambda pair: pair[0] / pair[1])
    return total, inner, sizes, pairs[len(pairs) // 2]


def bare_dice(sizes: list[int], repeat: int = 3) -> float:
    """The best CPU seconds of ``repeat`` bare loops rolling ``sizes``."""
    best = float("inf")
    for _ in range(repeat):
        rng = random.Random(1)
        below = rng.randrange
        start = time.process_time()
        for sides in sizes:
            below(sides)
        best = min(best, time.process_time() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description="Simulated encounters against bare dice, and workers.")
    parser.add_argument("--trials", type=int, default=5_000, help="trials of each sample encounter as a command")
    parser.add_argument("--systems", default=",".join(SAMPLES), help="the systems to measure")
    parser.add_argument("--workers-trials", type=int, default=10_000, help="trials of the workers comparison (0 leaves it out)")
    parser.add_argument("--workers-system", default="dice", help="the system whose sample the workers play")
    args = parser.parse_args()
    systems = args.systems.split(",")
    wrong = (unknown_sample(systems + [args.workers_system])
             or (f"--trials {args.trials} must be at least 1" if args.trials < 1
                 else f"--workers-trials {args.workers_trials} must be 0 (none) or more"
                 if args.workers_trials < 0 else None))
    if wrong:
        print(f"benchmarks/encounter.py: {wrong}.", file=sys.stderr)
        raise SystemExit(2)
    scratch, root = scratch_copy("rolecli-bench-")
    try:
        rows, d10s = [], []
        for system in systems:
            camp = SAMPLES[system]
            # the d10 loop again right before each command: a shared machine's speed drifts by tens
            # of per cent within minutes, and a ratio holds only against a baseline taken beside it
            d10_cpu, d10_wall = bare_d10s()
            d10s.append(d10_cpu)
            run_cpu, run_wall = command(root, camp, args.trials)
            the_job, _ = job(root, camp)
            played = max(args.trials // 10, 100)
            cpu, _, wall, tally = timed(the_job, played)
            total, hooks, sizes, (paired, bare) = instrumented(the_job, played)
            exchange, dice = paired / tally.exchanges, bare / tally.exchanges
            # what the 8x goal leaves each exchange of the command's trials (start-up aside)
            allowed = 8 * d10_cpu / (args.trials * tally.exchanges / played)
            rows.append((system, played / cpu, played / wall, run_cpu, run_cpu / d10_cpu, run_wall / d10_wall,
                         tally.exchanges / played, len(sizes) / tally.exchanges, exchange * 1e6, dice * 1e6,
                         exchange / dice, hooks / total, 1 - hooks / total, allowed * 1e6, allowed / dice,
                         exchange * hooks / total / allowed))
            print(f"  {system}: {args.trials} trials as a command in {run_cpu:.1f} s CPU ({run_wall:.1f} s wall); "
                  f"bare loop, {D10S:,} d10, just before: {d10_cpu:.2f} s CPU, {d10_wall:.2f} s wall", flush=True)
        print(f"\nSample encounters, seed {SEED}; CPU time (wall time in brackets); {args.trials:,} trials as a "
              f"command, start-up included, against {D10S:,} bare d10 taken just before it "
              f"({min(d10s):.2f} to {max(d10s):.2f} s CPU):")
        print(f"| system | trials/s | {args.trials:,} trials | ÷ {D10S:,} d10 (goal ≤ 8) | exchanges a trial | "
              "dice an exchange | exchange | its dice, bare | exchange ÷ bare dice (goal ≤ 25) | "
              "system's hooks | engine (goal ≤ 25%) | the 8x goal allows an exchange of | "
              "its hooks alone ÷ that |")
        print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
        for r in rows:
            print(f"| {r[0]} | {r[1]:,.0f} ({r[2]:,.0f}) | {r[3]:.1f} s | {r[4]:.1f} ({r[5]:.1f}) | {r[6]:.1f} | "
                  f"{r[7]:.1f} | {r[8]:.0f} µs | {r[9]:.2f} µs | {r[10]:,.0f} | {r[11]:.0%} | {r[12]:.0%} | "
                  f"{r[13]:.1f} µs ({r[14]:.1f}x its bare dice) | {r[15]:.1f} |")
        if args.workers_trials > 0:
            workers(root, args.workers_system, args.workers_trials)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def workers(root: Path, system: str, trials: int, repeat: int = 3) -> None:
    """``--workers 2`` against ``--workers 1``: on a loaded machine the wall
    times say little, so the CPU time of every process says what two idle cores
    could do at best (the CPU time of one worker's trials, against that of
    both workers and of the process that deals them out and tallies them, over two).
    Each taken ``repeat`` times in turn, the least of each kept: one pass of
    either moved by a tenth from one run to the next."""
    from rolecli.output import dumps

    the_job, load = job(root, SAMPLES[system])
    one_cpu = one_wall = two_wall = own = kids = float("inf")
    for _ in range(repeat):
        cpu, _, wall, tally_one = timed(the_job, trials, 1, load)
        one_cpu, one_wall = min(one_cpu, cpu), min(one_wall, wall)
        parent, children, wall, tally_two = timed(the_job, trials, 2, load)
        if parent + children < own + kids:
            own, kids = parent, children
        two_wall = min(two_wall, wall)
    same = dumps(tally_one.summary(the_job.enc, SEED, None)) == dumps(tally_two.summary(the_job.enc, SEED, None))
    print(f"\n{system}'s sample, {trials:,} trials: --workers 1 {one_cpu:.1f} s CPU ({one_wall:.1f} s wall); "
          f"--workers 2 {kids:.1f} s CPU in the workers + {own:.2f} s in the parent ({two_wall:.1f} s wall): "
          f"on two idle cores at best {2 * one_cpu / (kids + own):.2f}x faster (goal ≥ 1.8; measured wall "
          f"{one_wall / two_wall:.2f}x); the same --json bytes: {'yes' if same else 'NO'}")


if __name__ == "__main__":
    main()
