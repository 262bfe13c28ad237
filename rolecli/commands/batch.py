"""``batch``: many rolecli command lines in one process."""

import contextlib
import io
import os
import shlex
import sys
from typing import Iterator

import typer

from rolecli.commands import core_command
from rolecli.commands.base import fail, language
from rolecli.errors import Interrupted, RoleError
from rolecli.output import note
from rolecli.session import session_of


@core_command()
def batch(ctx: typer.Context,
          file: str = typer.Argument("-", help="A file of rolecli command lines, or - for standard input."),
          keep_going: bool = typer.Option(False, "--keep-going", "-k", help="Go on after a line with an error.")) -> int:
    """Run many rolecli command lines in one process (one per line; # comments)."""
    return run_batch(ctx, file, keep_going)


def run_batch(ctx: typer.Context, file: str, keep_going: bool = False) -> int:
    """Run the command lines of ``file`` (``-``: standard input) as ``batch`` does:
    stop at the first error unless ``keep_going``; exit code 2 after an error,
    1 if a check failed, else 0."""
    from rolecli.campaign.group import grouped

    lang = language(ctx)
    failed = errors = False
    try:
        with grouped():  # consecutive changes to a campaign share commits (rolecli/campaign/group.py)
            for number, line in _lines(file):
                where = f"line {number}: "
                code = fail(where + str(line), lang) if isinstance(line, RoleError) else run_line(ctx, line, where)
                failed |= code == 1
                if code >= 2:
                    errors = True
                    if not keep_going:
                        return code
    except KeyboardInterrupt:
        # Wherever Ctrl-C lands (a line's command, or waiting for the next line), the batch
        # stops here, as one error: click would otherwise print a blank line of its own first.
        raise Interrupted() from None
    return 2 if errors else 1 if failed else 0


# One command line is at most this long: far beyond any real one, and refused
# before shlex (pure Python, seconds on a line of a megabyte) ever sees it.
MAX_LINE = 10_000
_BOM = b"\xef\xbb\xbf"


def _lines(file: str) -> Iterator[tuple[int, str | RoleError]]:
    """The batch's lines as text, numbered from 1; a line that cannot be a
    command (too long, not UTF-8) comes as the error to report for it."""
    if file == "-":
        if sys.stdin is None:  # started with standard input closed (`rolecli batch - <&-`)
            raise RoleError("standard input is closed; give batch a file of command lines, or lines on "
                            "standard input.")
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:  # a text stream with no bytes under it (tests, embedding)
            stream = io.BytesIO(sys.stdin.read().encode("utf-8"))
        else:
            if sys.stdin.isatty():
                note("reading command lines from standard input; end with Ctrl-D.")
            if not stream.seekable():
                from rolecli.campaign.group import commit_all

                stream = _Pipe(stream.fileno(), commit_all)
    else:
        try:
            stream = open(file, "rb")
        except OSError as exc:
            raise RoleError(f"cannot read batch file {file}: {exc.strerror}.") from None
    with contextlib.closing(stream):
        number = 0
        while True:
            raw = stream.readline(MAX_LINE * 4 + 1)  # a UTF-8 character is at most 4 bytes
            if not raw:
                return
            number += 1
            if not raw.endswith(b"\n") and len(raw) > MAX_LINE * 4:
                while raw and not raw.endswith(b"\n"):  # skip the rest of it, a chunk at a time
                    raw = stream.readline(1 << 16)
                yield number, RoleError(f"the line is over {MAX_LINE:,} characters, too long for a command line.")
                continue
            if number == 1 and raw.startswith(_BOM):  # a byte-order mark some editors write
                raw = raw[len(_BOM):]
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                yield number, RoleError("the line is not UTF-8 text; save the batch file as UTF-8.")
                continue
            if len(text) > MAX_LINE:
                yield number, RoleError(f"the line is {len(text):,} characters, over the limit of {MAX_LINE:,} "
                                        "for a command line.")
                continue
            yield number, text


class _Pipe:
    """Lines from a pipe or a terminal, read with os.read so that what is
    buffered is known: before it would wait for more, :meth:`readline` calls
    ``waiting`` (the batch then commits what it holds: a GM typing lines, or a
    slow producer, must not keep a campaign locked and its changes unwritten)."""

    def __init__(self, fd: int, waiting):
        self.fd, self.waiting, self.buffer, self.eof = fd, waiting, b"", False

    def readline(self, limit: int) -> bytes:
        import select

        while b"\n" not in self.buffer[:limit] and len(self.buffer) < limit and not self.eof:
            if not select.select([self.fd], [], [], 0)[0]:
                self.waiting()
            chunk = os.read(self.fd, 1 << 16)
            self.eof = not chunk
            self.buffer += chunk
        cut = self.buffer.find(b"\n", 0, limit)
        cut = limit if cut < 0 else cut + 1
        line, self.buffer = self.buffer[:cut], self.buffer[cut:]
        return line

    def close(self) -> None:
        pass


def run_line(ctx: typer.Context, line: str, where: str, inside: str = "batch") -> int:
    """Run one command line in this process, as the command line running
    ``ctx`` (``inside``: ``batch``, or ``shell``) would with its root options;
    its exit code (0 for a blank or comment line). ``where`` starts its error
    lines. A line cannot run the command running it, nor a shell (which would
    read the lines meant for the batch)."""
    # The lines run as the command line running the batch runs them (rolecli.cli.invoke,
    # which hands itself down), so that this module, which it loads, need not import it.
    invoke = ctx.find_root().obj["invoke"]
    try:
        args = shlex.split(line, comments=True)
    except ValueError as exc:
        return fail(f"{where}{exc}", language(ctx))
    if args[:1] == ["rolecli"]:
        args = args[1:]
    if not args:
        return 0
    if args[0] in (inside, "shell"):
        return fail(f"{where}{inside} cannot run {args[0]}", language(ctx))
    code = invoke(root_options(ctx) + args, where=where)
    from rolecli.campaign.group import check_failures

    try:
        check_failures()  # a group commit its timer made while this line ran, and could not
    except RoleError as exc:
        code = max(code, fail(str(exc), language(ctx)))
    return code


def root_options(ctx: typer.Context) -> list[str]:
    """The root options the command line running ``ctx`` was given (``--campaigns``,
    ``-C``, ``--lang``), for the lines it runs."""
    session = session_of(ctx)
    return [a for k, v in (("--campaigns", session.campaigns), ("--campaign", session.campaign),
                           ("--lang", session.lang)) if v for a in (k, v)]
