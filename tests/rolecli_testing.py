"""Running rolecli from tests: in this process (fast) with its output captured.
A module of its own (not conftest) so any test can import it by a unique name."""

from __future__ import annotations

import contextlib
import io
import json
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


@dataclass
class Result:
    code: int
    out: str
    err: str

    @property
    def json(self):
        """The JSON printed: one object, or a list for JSON lines."""
        rows = [json.loads(line) for line in self.out.splitlines() if line.strip()]
        return rows[0] if len(rows) == 1 else rows


def run_inprocess(*args: str, stdin: str | None = None) -> Result:
    from rolecli.cli import invoke

    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    if stdin is not None:
        sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = invoke([str(a) for a in args])
    finally:
        sys.stdin = old_stdin
    return Result(code, out.getvalue(), err.getvalue())




def fake_distribution(site: Path, name: str, module_source: str, entry_point: str | None = None,
                      dist: str | None = None) -> Path:
    """A plugin installed the way pip would: a module plus a .dist-info folder
    whose entry_points.txt names it in the rolecli group (put ``site`` on PYTHONPATH)."""
    (site / f"{name}.py").write_text(textwrap.dedent(module_source), encoding="utf-8")
    dist = dist or name
    info = site / f"{dist}-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 0.1\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[rolecli]\n{entry_point or name} = {name}\n", encoding="utf-8")
    return site
