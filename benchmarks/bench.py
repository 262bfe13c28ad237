"""rolecli's benchmark: every figure is a ratio against a baseline measured
side by side in the same run, because machines are noisy.

    make bench            (or: .venv/bin/python benchmarks/bench.py [--quick] [--start-up])

1. start-up: `rolecli roll 2d6` and campaign verbs (a fate campaign's check, and the
   dice system's), start to finish, against a minimal typer app with the same
   dependencies doing the same job, and against `python -c pass` (goals: a roll
   <= 0.7 of the typer app, a campaign verb <= 1.1, issue 20; the warm-up run
   writes the plugin index a verb then reads, as any earlier command would), each
   also in CPU time, the steadier figure on a shared machine. With them the floor of any
   typer 0.29 app: one command with no parameter, of which `import typer` alone;
   the rest is typer's parameter coercion, which imports pydantic even for --help;
2. batch: 10,000 rolls through `rolecli batch` in one process, against 10,000
   separate `rolecli roll` processes (goal: batch >= 100x faster). The separate
   processes are timed on a sample and scaled to 10,000, said so in the output;
3. in-process: rolls per second of 4d6kh3 with the breakdown kept, against a
   bare random.randint loop doing the same dice (goal: within 3x).
"""

from __future__ import annotations

import compileall
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def _run(cmd: list[str], stdin: str | None = None) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, input=stdin, text=True, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV)
    return time.perf_counter() - start


# The least a typer 0.29 app starts with: one command, no parameter, no completion options.
BARE_TYPER = "import typer\napp = typer.Typer(add_completion=False)\napp.command()(lambda: print(7))\napp()"


def _cpu(cmd: list[str]) -> float:
    """The CPU time (user + system) of one run of ``cmd``: steadier than its wall
    time on a machine shared with other work, which delays a process without
    making it do more."""
    process = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV)
    _, status, usage = os.wait4(process.pid, 0)
    if status:
        raise subprocess.CalledProcessError(status, cmd)
    return usage.ru_utime + usage.ru_stime


def startup(rounds: int, campaigns: Path) -> tuple[dict[str, float], dict[str, float]]:
    """Median start-to-finish time of each command, and its median CPU time, run in
    interleaved rounds (drift hits all alike)."""
    commands = {
        "roll": [sys.executable, "-m", "rolecli", "roll", "2d6"],
        "verb": [sys.executable, "-m", "rolecli", "--campaigns", str(campaigns), "-C", "caminantes",
                 "check", "Lucía", "Atletismo", "--seed", "1"],
        "dice verb": [sys.executable, "-m", "rolecli", "--campaigns", str(campaigns), "-C", "demo",
                      "check", "Ana", "1d20", "--target", "1", "--seed", "1"],
        "typer app": [sys.executable, str(HERE / "minimal_app.py"), "2d6"],
        "bare typer": [sys.executable, "-c", BARE_TYPER],
        "import typer": [sys.executable, "-c", "import typer"],
        "python": [sys.executable, "-c", "pass"],
    }
    for cmd in commands.values():  # warm the page cache and the bytecode
        _run(cmd)
    times: dict[str, list[float]] = {name: [] for name in commands}
    cpu: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(rounds):
        for name, cmd in commands.items():
            times[name].append(_run(cmd))
            cpu[name].append(_cpu(cmd))
    return ({name: statistics.median(t) for name, t in times.items()},
            {name: statistics.median(t) for name, t in cpu.items()})


def batch(lines: int, sample: int) -> tuple[float, float]:
    script = "roll 2d6\n" * lines
    in_batch = _run([sys.executable, "-m", "rolecli", "batch", "-"], stdin=script)
    per_process = statistics.median(_run([sys.executable, "-m", "rolecli", "roll", "2d6"]) for _ in range(sample))
    return in_batch, per_process * lines


def in_process(rolls: int, repeats: int) -> tuple[float, float]:
    from rolecli.dice import parse
    from rolecli.dice.source import DiceSource

    expr = parse("4d6kh3")
    randint = random.Random(1).randint

    def ours() -> float:
        source = DiceSource(1)
        start = time.perf_counter()
        for _ in range(rolls):
            result = expr.roll(source)
            result.total, result.dice  # the breakdown is kept: every die, kept or dropped, with why
        return time.perf_counter() - start

    def bare() -> float:
        start = time.perf_counter()
        for _ in range(rolls):
            dice = [randint(1, 6) for _ in range(4)]
            sum(sorted(dice)[1:])
        return time.perf_counter() - start

    a, b = [], []
    for _ in range(repeats):
        a.append(ours())
        b.append(bare())
    return rolls / min(a), rolls / min(b)


def main() -> None:
    compileall.compile_dir(str(ROOT / "rolecli"), quiet=1)
    compileall.compile_dir(str(ROOT / "plugins"), quiet=1)
    quick = "--quick" in sys.argv
    with tempfile.TemporaryDirectory(dir="/dev/shm" if os.path.isdir("/dev/shm") else None) as scratch:
        # a copy of the sample campaigns (the verb logs its roll), on a RAM disk where there is one
        shutil.copytree(ROOT / "campaigns", Path(scratch) / "campaigns")
        t, cpu = startup(5 if quick else 30, Path(scratch) / "campaigns")
    ms = {name: f"{value * 1000:.1f} ms" for name, value in t.items()}
    print(f"start-up   rolecli roll 2d6 {ms['roll']}   campaign verb (-C caminantes check Lucía Atletismo) "
          f"{ms['verb']}   dice system's (-C demo check Ana) {ms['dice verb']}   minimal typer app {ms['typer app']}   "
          f"python -c pass {ms['python']}")
    print(f"           against the typer app: roll {t['roll'] / t['typer app']:.2f} (goal <= 0.7), verb "
          f"{t['verb'] / t['typer app']:.2f} and {t['dice verb'] / t['typer app']:.2f} (goal <= 1.1)   "
          f"against python -c pass: roll {t['roll'] / t['python']:.1f}, verb {t['verb'] / t['python']:.1f}, "
          f"typer app {t['typer app'] / t['python']:.1f}")
    print(f"           CPU time against the typer app's ({cpu['typer app'] * 1000:.1f} ms): roll "
          f"{cpu['roll'] / cpu['typer app']:.2f}, verb {cpu['verb'] / cpu['typer app']:.2f} and "
          f"{cpu['dice verb'] / cpu['typer app']:.2f}")
    print(f"           floor: a typer app with no parameter {ms['bare typer']} = "
          f"{t['bare typer'] / t['typer app']:.2f} of the typer app; of it import typer "
          f"{(t['import typer'] - t['python']) * 1000:.0f} ms, typer's parameter coercion (pydantic, for --help "
          f"alone) {(t['bare typer'] - t['import typer']) * 1000:.0f} ms")
    if "--start-up" in sys.argv:  # the first figure alone
        return
    sample = 5 if quick else 30
    in_batch, separate = batch(10_000, sample)
    print(f"batch      10,000 rolls in one batch {in_batch:6.2f} s   10,000 processes {separate:7.1f} s "
          f"(median of {sample}, x10,000)   batch {separate / in_batch:6.0f}x faster   (goal >= 100x)")
    ours_rate, bare_rate = in_process(20_000 if quick else 200_000, 3 if quick else 5)
    print(f"in-process 4d6kh3 {ours_rate:10,.0f} rolls/s   bare randint loop {bare_rate:10,.0f} rolls/s"
          f"   {bare_rate / ours_rate:4.2f}x slower   (goal <= 3x)")


if __name__ == "__main__":
    main()
