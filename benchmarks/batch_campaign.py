"""A batch line costs the same on a big campaign: 500 `damage` lines in one
`rolecli batch` on a campaign of 50 characters and on one of 2,000 (generated
in a temporary folder), against 500 plain `roll` lines, side by side in one run.

    .venv/bin/python benchmarks/batch_campaign.py [ROUNDS] [--in DIR]

Goals: a damage line at most 3x a roll line on the 50-character campaign, and
the 2,000-character campaign at most 2x the 50-character one.

Each batch runs as its own process, in interleaved rounds (the median is
kept), on campaigns made afresh for every round. A line's cost is given two
ways: the whole batch over its 500 lines (start-up included, as a GM running
a script sees it), and the cost of one more line (a batch of 501 lines minus a
batch of 1: start-up and the first read of the campaign left out). A commit
costs three fsyncs (the log, state.toml, the folder); inside a batch, the
changes of consecutive lines on one campaign share one commit of up to 100
changes (rolecli/campaign/group.py), so a line pays a small share of them. The
run also times those three writes alone (rolecli's own append and atomic
write, in the same folder), to show what each line would pay without the
group; ``--in DIR`` runs it all in another folder, such as a RAM disk
(``/dev/shm`` on Linux), where an fsync costs next to nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LINES = 500
ENV = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "ROLECLI_CAMPAIGNS")}


def make_campaign(folder: Path, characters: int) -> None:
    folder.mkdir(parents=True)
    text = 'system = "dice"\ntitle = "benchmark"\n' + "".join(
        f'\n[characters."Foe {i}"]\nhp = 1000000\ninitiative = {i % 7}\ntraits = {{ Fuerza = {i % 5}, Pelea = 2 }}\n'
        for i in range(characters))
    (folder / "campaign.toml").write_text(text, encoding="utf-8")


def scripts(tmp: Path) -> dict[str, list[str]]:
    damage = [f'-C big{n} damage "Foe {i * 37 % n}" 1' for n in (50, 2000) for i in range(LINES + 1)]
    return {"roll": [f"roll 1d20+{i % 9}" for i in range(LINES + 1)],
            "damage, 50 characters": damage[: LINES + 1],
            "damage, 2,000 characters": damage[LINES + 1:]}


def timed(root: Path, lines: list[str], tmp: Path) -> float:
    path = tmp / "lines.rolecli"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "rolecli", "--campaigns", str(root), "batch", str(path)],
                   check=True, stdout=subprocess.DEVNULL, env=ENV)
    return time.perf_counter() - start


def durable_writes(folder: Path, state_size: int) -> float:
    """What the three fsyncs of one commit cost here: a log line appended,
    state.toml replaced, the folder synced, with rolecli's own functions."""
    from rolecli.campaign.files import append_lines, atomic_write, sync_folder

    folder.mkdir(parents=True, exist_ok=True)
    line, state = "x" * 300, b"# state\n" + b"x" * state_size
    start = time.perf_counter()
    for _ in range(LINES):
        append_lines(folder / "log.jsonl", [line])
        atomic_write(folder / "state.toml", state, sync=False)
        sync_folder(folder)
    return (time.perf_counter() - start) / LINES


def main() -> None:
    parser = argparse.ArgumentParser(description="Batch lines on big campaigns against roll lines.")
    parser.add_argument("rounds", nargs="?", type=int, default=5)
    parser.add_argument("--in", dest="where", help="the folder to run in (default: the temporary folder)")
    args = parser.parse_args()
    rounds, where = args.rounds, args.where
    whole: dict[str, list[float]] = {}
    extra: dict[str, list[float]] = {}
    floor: list[float] = []
    with tempfile.TemporaryDirectory(prefix="rolecli-bench-", dir=where) as tmp:
        tmp_path = Path(tmp)
        for number in range(rounds + 1):  # round 0 warms the page cache and the bytecode
            root = tmp_path / f"campaigns{number}"
            for n in (50, 2000):
                make_campaign(root / f"big{n}", n)
            for name, lines in scripts(tmp_path).items():
                one, full = timed(root, lines[:1], tmp_path), timed(root, lines, tmp_path)
                if number:
                    whole.setdefault(name, []).append(full / (LINES + 1))
                    extra.setdefault(name, []).append((full - one) / LINES)
            if number:
                floor.append(durable_writes(tmp_path / f"writes{number}", 2000))
    per_line = {name: statistics.median(times) for name, times in whole.items()}
    one_more = {name: statistics.median(times) for name, times in extra.items()}
    print(f"{LINES} lines in one batch, median of {rounds} rounds, in {where or tempfile.gettempdir()}:")
    for name in per_line:
        print(f"  {name:26} {per_line[name] * 1000:7.2f} ms a line with start-up, "
              f"{one_more[name] * 1000:7.2f} ms one more line")
    fsyncs = statistics.median(floor)
    print(f"  the three fsync'd writes of one commit: {fsyncs * 1000:.2f} ms, paid once a group of up to 100 lines")
    for label, costs in (("with start-up", per_line), ("one more line", one_more)):
        small = costs["damage, 50 characters"] / costs["roll"]
        big = costs["damage, 2,000 characters"] / costs["damage, 50 characters"]
        print(f"  {label:14} damage on 50 / roll {small:5.2f} (goal <= 3)   "
              f"damage on 2,000 / on 50 {big:5.2f} (goal <= 2)")
    alone = (one_more["damage, 50 characters"] + fsyncs) / one_more["roll"]
    print(f"  one more line, were each line its own commit: damage on 50 / roll {alone:5.2f}")


if __name__ == "__main__":
    main()
