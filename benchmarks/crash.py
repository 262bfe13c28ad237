"""Crash figures: a write-heavy `rolecli batch` (damage, healing, recovery,
sheet changes, undo) on one campaign, killed with SIGKILL 200 times at random
moments, each time a new `python -m rolecli` process; and after the first 100
kills, the log's last line torn at a random byte.

    .venv/bin/python benchmarks/crash.py [KILLS [TEARS]]

After every kill it checks what the crash guarantee promises (the checks of
tests/test_campaign_crash.py, which runs 30 kills): every file parses, the
next command leaves no temporary file and no unfinished log line, the state
equals the replay of the log entry by entry, and `undo` works. It prints how
many kills caught a commit half done, and how each ended. After each tear
(the checks of tests/test_campaign_crash.py's tear_and_check) the next two
commands must cut the torn line off, say so once, and rewrite no file: no
change an undo took back is ever applied again.
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))

from test_campaign_crash import (Found, check_after_kill, kill_batch, make_campaign, tear_and_check,  # noqa: E402
                                 write_script)

SEED = 20261202


def main() -> None:
    kills = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    tears = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    rng = random.Random(SEED)
    os.environ["ROLECLI_LANG"] = "en"
    with tempfile.TemporaryDirectory(prefix="rolecli-crash-") as tmp:
        os.chdir(tmp)
        root = Path(tmp) / "campaigns"
        sheets = make_campaign(root)
        script = Path(tmp) / "writes.rolecli"
        found = Found()
        start = time.perf_counter()
        for number in range(1, kills + 1):
            write_script(script, rng)
            kill_batch(root, script, rng.uniform(0, 0.05), fork=False)
            check_after_kill(root, sheets, found)  # raises at the first broken promise
            if number <= tears:
                tear_and_check(root, rng, found)  # the last line is often the undo the check just made
            if number % 20 == 0:
                print(f"  {number} kills, all consistent", flush=True)
        entries = (root / "crash" / "log.jsonl").read_text(encoding="utf-8").count("\n")
    print(f"{found.kills} SIGKILLs in {time.perf_counter() - start:.0f} s, {entries} log entries written:")
    print(f"  before the next command: {found.behind} with the files one commit behind the log "
          f"(killed between append and replace), {found.temps} with a temporary file left, "
          f"{found.torn} with an unfinished last log line")
    print(f"  after it: {found.kills} of {found.kills} consistent (files = replay of the log, no temporary file, "
          f"no unfinished line); undo worked {found.undone} times, and refused only an empty history")
    print(f"  {found.tears} last log lines torn at a random byte: each cut off and reported once by the next "
          "command, no file rewritten by it or the one after, no undone change applied again")


if __name__ == "__main__":
    main()
