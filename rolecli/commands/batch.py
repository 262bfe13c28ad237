"""``batch``: many rolecli command lines in one process."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import typer

from rolecli.commands import core_command
from rolecli.errors import RoleError
from rolecli.session import session_of


@core_command()
def batch(ctx: typer.Context,
          file: str = typer.Argument("-", help="A file of rolecli command lines, or - for standard input."),
          keep_going: bool = typer.Option(False, "--keep-going", "-k", help="Go on after a line with an error.")) -> int:
    """Run many rolecli command lines in one process (one per line; # comments)."""
    from rolecli import cli

    session = session_of(ctx)
    if file == "-":
        lines = sys.stdin
    else:
        try:
            lines = Path(file).read_text(encoding="utf-8").splitlines()
        except OSError as exc:
            raise RoleError(f"cannot read batch file {file}: {exc.strerror}.") from None
    prefix = [a for k, v in (("--campaigns", session.campaigns), ("--campaign", session.campaign),
                             ("--lang", session.lang)) if v for a in (k, v)]
    failed = errors = False
    for number, line in enumerate(lines, 1):
        try:
            args = shlex.split(line, comments=True)
        except ValueError as exc:
            args, code = None, cli.fail(f"line {number}: {exc}")
        else:
            if not args:
                continue
            if args[0] == "rolecli":
                args = args[1:]
            code = cli.fail(f"line {number}: batch cannot run batch") if args[:1] == ["batch"] else \
                cli.invoke(prefix + args, where=f"line {number}: ")
        failed |= code == 1
        if code >= 2:
            errors = True
            if not keep_going:
                return code
    return 2 if errors else 1 if failed else 0
