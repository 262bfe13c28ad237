"""What a simulated exchange costs, counted rather than timed: the bytecodes it runs, by part.

    .venv/bin/python benchmarks/bytecodes.py [--trials N] [--systems a,b] [--top K] [--json]

A timing moves with the machine (the shared 2-core machine of docs/speed.md
drifted by a third within minutes); the bytecodes Python runs for the same
trials, seed and Python version do not. This plays each system's sample
encounter (``campaigns/*/encounter.toml``) as ``encounter simulate`` plays its
trials, after as many untraced trials to warm its memos, with every bytecode
counted (``sys.settrace`` with ``f_trace_opcodes``), and gives them per
exchange (one turn's verb), split by where they run:

- **engine**: ``rolecli/encounter`` (turn order, targets, statuses kept,
  recovery kept, the trial's measure);
- **core**: the rest of ``rolecli`` but the dice (the conflict tracker, the
  call path, the check of a hook's result, keeping what it changed);
- **dice**: ``rolecli/dice`` and the ``random`` module;
- **system**: the system's plugin, its rules and verbs;
- **other**: the rest of the standard library and pluggy.

A dataclass's generated ``__init__`` counts for the part that made the object
(an ``Outcome`` built by a verb is the system's). A call into C (a ``dict``
look-up, ``sorted``) is one bytecode whatever it does there, so this is a
proxy for time, not a measure of it: use it to compare two versions of the
code on one Python version, a change at a time (``--top`` names the functions
that cost the most), and ``benchmarks/encounter.py`` for what a game master
waits. Counting makes a trial some 20 times slower.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType

from encounter import SAMPLES, SEED, job, scratch_copy, unknown_sample

PARTS = ("engine", "core", "dice", "system", "other")


def part_of(filename: str, core: str, plugin: str) -> str:
    """The part (:data:`PARTS`) that code of ``filename`` belongs to: ``core``
    is the ``rolecli`` package's directory, ``plugin`` the system's."""
    if filename.startswith(plugin + os.sep):
        return "system"
    if filename.startswith(core + os.sep):  # (the folder itself: an installed rolecli_dice is not the core)
        rest = filename[len(core) + 1:]
        return "engine" if rest.startswith("encounter") else "dice" if rest.startswith("dice") else "core"
    return "dice" if filename == random.__file__ else "other"


def count(the_job, trials: int) -> tuple[Counter, Counter, int]:
    """The bytecodes of ``trials`` trials, by part and by (part, function), and their exchanges."""
    import rolecli
    from rolecli.encounter.simulate import play_trials

    core = str(Path(rolecli.__file__).parent)
    given = the_job.enc.system.plugin  # a module, or an object of a class of the plugin's
    plugin = str(Path((given if isinstance(given, ModuleType) else sys.modules[type(given).__module__]).__file__).parent)
    play_trials(the_job.enc, the_job.scene, the_job.seed, 0, trials)  # the memos warmed, as a long run has them
    parts: dict = {}  # by code object: its part and its name
    by_part: Counter = Counter()
    by_function: Counter = Counter()

    def where(frame) -> tuple[str, str]:
        code = frame.f_code
        found = parts.get(code)
        if found is None:
            if code.co_filename.startswith("<"):  # a dataclass's __init__: the part of who made the object
                caller = frame.f_back
                return (where(caller)[0] if caller is not None else "other"), code.co_name
            found = parts[code] = (part_of(code.co_filename, core, plugin),
                                   f"{Path(code.co_filename).name}:{code.co_name}" + (f"@{code.co_firstlineno}" if code.co_name.startswith("<") else ""))
        return found

    def trace(frame, event, arg):
        frame.f_trace_opcodes = True
        if event == "opcode":
            found = where(frame)
            by_part[found[0]] += 1
            by_function[found] += 1
        return trace

    sys.settrace(trace)
    try:
        results = play_trials(the_job.enc, the_job.scene, the_job.seed, trials, 2 * trials)
    finally:
        sys.settrace(None)
    return by_part, by_function, sum(r[3] for r in results)


def main() -> None:
    parser = argparse.ArgumentParser(description="Bytecodes of a simulated exchange, by part.")
    parser.add_argument("--trials", type=int, default=100, help="trials counted (after as many to warm up)")
    parser.add_argument("--systems", default=",".join(SAMPLES), help="the systems to count")
    parser.add_argument("--top", type=int, default=0, help="also the K functions that cost the most")
    parser.add_argument("--json", action="store_true", help="the counts as one JSON object, for a script")
    args = parser.parse_args()
    systems = args.systems.split(",")
    wrong = (unknown_sample(systems)
             or (f"--trials {args.trials} must be at least 1" if args.trials < 1
                 else f"--top {args.top} must be 0 (none) or more" if args.top < 0 else None))
    if wrong:
        print(f"benchmarks/bytecodes.py: {wrong}.", file=sys.stderr)
        raise SystemExit(2)
    scratch, root = scratch_copy("rolecli-bytecodes-")
    try:
        counted = {}
        for system in systems:
            the_job, _ = job(root, SAMPLES[system])
            by_part, by_function, exchanges = count(the_job, args.trials)
            counted[system] = {"exchanges": exchanges, "bytecodes": sum(by_part.values()),
                               "parts": {p: by_part[p] for p in PARTS},
                               "top": [{"part": part, "function": name, "bytecodes": n}
                                       for (part, name), n in by_function.most_common(args.top)]}
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    python = sys.version.split()[0]
    if args.json:
        print(json.dumps({"python": python, "seed": SEED, "trials": args.trials, "systems": counted}))
        return
    print(f"Bytecodes an exchange, sample encounters, seed {SEED}, {args.trials} trials after {args.trials}, "
          f"Python {python}:")
    print("| system | an exchange | " + " | ".join(PARTS) + " | engine and core |")
    print("|---|---|" + "---|" * len(PARTS) + "---|")
    for system, c in counted.items():
        each, parts = c["exchanges"], c["parts"]
        print(f"| {system} | {c['bytecodes'] / each:,.0f} | " + " | ".join(f"{parts[p] / each:,.0f}" for p in PARTS)
              + f" | {(parts['engine'] + parts['core']) / c['bytecodes']:.0%} |")
    for system, c in counted.items() if args.top else ():
        print(f"\n{system}: the {args.top} functions that cost the most, bytecodes an exchange")
        for f in c["top"]:
            print(f"  {f['bytecodes'] / c['exchanges']:7,.0f}  {f['part']:6}  {f['function']}")


if __name__ == "__main__":
    main()
