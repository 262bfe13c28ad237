"""``shell``: a rolecli prompt for the table, on the engine of ``batch``.

On a terminal (standard input and output both), it reads one command line at a
time with line editing (the standard library's :mod:`readline`), history kept
between sessions (:func:`history_file`) and TAB completion of commands, verbs,
campaigns, characters and choices (the same completions the commands declare for
the system shell, asked of click); the prompt names the current campaign. Each
line runs as a line of ``batch`` runs (:func:`rolecli.commands.batch.run_line`):
in this process, with the shell's own root options; its change is committed and
its campaign unlocked before the prompt waits for the next line. ``exit`` (or Ctrl-D) leaves with exit code 0, Ctrl-C drops the line
being typed or stops the command running, and an error is its one line: the
shell goes on.

Not on a terminal (``printf 'roll 1d6\\n' | rolecli shell``) it is ``batch -``,
with the same output and the same exit codes.
"""

import os
import shlex
import sys
from pathlib import Path
from typing import Any

import typer

from rolecli.commands import core_command
from rolecli.commands.base import fail, language
from rolecli.commands.batch import root_options, run_batch, run_line
from rolecli.errors import RoleError
from rolecli.output import note, visible
from rolecli.session import session_of

HISTORY_ENV = "ROLECLI_HISTORY"
HISTORY_LENGTH = 1000  # lines kept between sessions
# A history file above this is not one rolecli wrote (1,000 lines of at most 10,000
# characters, and most are short): it is neither read nor written over.
MAX_HISTORY_FILE = 4 * 2**20
LEAVE = ("exit", "quit")


@core_command()
def shell(ctx: typer.Context) -> int:
    """An interactive prompt with history and TAB completion ('exit' leaves); fed from a pipe, 'batch -'."""
    if not (sys.stdin is not None and sys.stdin.isatty() and sys.stdout.isatty()):
        return run_batch(ctx, "-")
    Prompt(ctx).run()
    return 0


class Prompt:
    """One interactive session: reading lines, running them, and what readline keeps."""

    def __init__(self, ctx: typer.Context):
        self.ctx, self.session = ctx, session_of(ctx)
        self.history = history_file()
        self.matches: list[str] = []
        try:
            import readline
        except ImportError:  # a Python built without it: a plain prompt, still usable
            self.readline = None
        else:
            self.readline = readline

    def run(self) -> None:
        self._start_editing()
        note("type a command (roll 1d20, help, help roll...); TAB completes, the arrows recall past lines, "
             "'exit' or Ctrl-D leaves.")
        try:
            # Lines are not grouped as a batch's are: each command commits its change and
            # releases the campaign's lock before the prompt waits for the game master.
            while True:
                try:
                    line = input(self.prompt())
                except EOFError:  # Ctrl-D
                    print()
                    return
                except KeyboardInterrupt:  # Ctrl-C drops the line being typed
                    print()
                    continue
                words = _words(line)
                if words[:1] and words[0] in LEAVE:
                    return
                if words[:1] == ["help"]:  # `help roll` is `roll --help`
                    line = shlex.join(words[1:] + ["--help"])
                try:
                    run_line(self.ctx, line, where="", inside="shell")  # `batch FILE` runs the evening's script
                except KeyboardInterrupt:  # landed between commands: only that line is stopped
                    fail("interrupted.", language(self.ctx))
        finally:
            self._save_history()

    def prompt(self) -> str:
        """``rolecli:demo> ``, or ``rolecli> `` with no current campaign."""
        from rolecli import campaign as store

        try:
            name = store.chosen_campaign(self.session.campaigns, self.session.campaign, required=False)[1]
        except RoleError:  # a broken campaigns folder: the commands that use it say why
            name = None
        return f"rolecli:{visible(name)}> " if name else "rolecli> "

    # --- readline -------------------------------------------------------------

    def _start_editing(self) -> None:
        readline = self.readline
        if readline is None:
            return
        readline.set_completer(self.complete)
        readline.set_completer_delims(" \t\n")  # a word is what the command line splits on
        if "libedit" in (readline.__doc__ or ""):  # macOS's Python links libedit, which binds keys its own way
            readline.parse_and_bind("bind ^I rl_complete")
        else:
            readline.parse_and_bind("tab: complete")
        readline.set_history_length(HISTORY_LENGTH)
        if self.history is None:
            return
        why = _unusable(self.history)
        if why is None and self.history.exists():
            try:
                readline.read_history_file(self.history)
            except OSError as exc:
                why = f"it cannot be read: {exc.strerror or exc}"
        if why is not None:
            note(f"the history is not kept: {self.history} {why}; set {HISTORY_ENV} to another file "
                 f"(or to nothing, {HISTORY_ENV}=, to keep none).")
            self.history = None

    def _save_history(self) -> None:
        if self.readline is None or self.history is None:
            return
        import tempfile

        try:
            self.history.parent.mkdir(parents=True, exist_ok=True)
            fd, temporary = tempfile.mkstemp(prefix=".history-", dir=self.history.parent)
            os.close(fd)
            try:
                self.readline.write_history_file(temporary)
                os.replace(temporary, self.history)  # whole or not at all, never half-written
            finally:
                if os.path.exists(temporary):
                    os.unlink(temporary)
        except OSError as exc:
            note(f"cannot save the history in {self.history}: {exc.strerror or exc}.")

    def complete(self, text: str, state: int) -> str | None:
        """readline's completer: the ``state``-th completion of ``text``, the word before the cursor."""
        if state == 0:
            readline = self.readline
            line, begin, end = readline.get_line_buffer(), readline.get_begidx(), readline.get_endidx()
            raw = line.encode("utf-8", "surrogateescape")
            # readline counts bytes where Python counts characters: take the text before the word either way
            before = (raw[:begin].decode("utf-8", "replace") if raw[begin:end] == text.encode("utf-8", "replace")
                      else line[:begin])
            try:  # Python's readline appends nothing to a word it completes: the space is ours
                self.matches = [match + " " for match in completions(self.ctx, before, text)]
            except Exception:  # completion must never print an error into the line being typed
                self.matches = []
        return self.matches[state] if state < len(self.matches) else None


def completions(ctx: typer.Context, before: str, text: str) -> list[str]:
    """What the word ``text`` may become, after the words of ``before``, on
    the shell's command line: a command, or what click completes for the
    parameter (verbs of a system, campaigns, characters, choices, options)."""
    quote = text[:1] if text[:1] in ("'", '"') else ""
    incomplete = text[len(quote):]
    try:
        words = shlex.split(before)
    except ValueError:  # an open quote before the word: nothing sensible to offer
        return []
    if words[:1] == ["rolecli"]:
        words = words[1:]
    if words[:1] == ["help"]:
        words = words[1:]
    root, prefix = ctx.find_root(), root_options(ctx)
    if not words and not incomplete.startswith("-"):
        found = _command_names(root.command, prefix) + ([] if before.strip() else ["help", *LEAVE])
    else:
        found = [item.value for item in _Completion(root.command, {"obj": {}}, "rolecli", "").get_completions(
            prefix + words, incomplete)]
    chosen = sorted({str(f) for f in found if str(f).startswith(incomplete)})
    if quote:
        return [f"{quote}{f}{quote}" for f in chosen]
    return [shlex.quote(f) for f in chosen]  # "El Coronel" is one word


def _command_names(command: Any, prefix: list[str]) -> list[str]:
    """Every command the root command has here: core commands, systems, plugins'
    commands and the current campaign's verbs."""
    with command.make_context("rolecli", list(prefix), resilient_parsing=True, obj={}) as ctx:
        return command.list_commands(ctx)


try:  # typer >= 0.29 vendors click
    from typer._click.shell_completion import ShellComplete
except ImportError:  # pragma: no cover - older typer uses click itself
    from click.shell_completion import ShellComplete  # type: ignore[no-redef]


class _Completion(ShellComplete):
    """click's shell completion, asked directly: the completions of a command
    line's last word, which the system shells' scripts would otherwise fetch."""

    name, source_template = "rolecli-shell", ""

    def source_vars(self) -> dict[str, Any]:
        return {}

    def get_completion_args(self) -> tuple[list[str], str]:
        return [], ""

    def format_completion(self, item: Any) -> str:
        return item.value


def _words(line: str) -> list[str]:
    try:
        return shlex.split(line, comments=True)
    except ValueError:  # run_line reports it
        return []


def history_file() -> Path | None:
    """Where the shell keeps its history: ``$ROLECLI_HISTORY`` (set and empty:
    nowhere), else ``history`` in the user's state folder (``~/.local/state/rolecli/``
    on Linux), beside no campaign: one history for every campaigns folder."""
    given = os.environ.get(HISTORY_ENV)
    if given is not None:
        return Path(given).expanduser() if given else None
    import platformdirs

    return Path(platformdirs.user_state_dir("rolecli")) / "history"


def _unusable(path: Path) -> str | None:
    """Why ``path`` cannot be the history file (which need not exist yet), or ``None``."""
    import stat

    try:
        info = path.stat()
    except FileNotFoundError:
        return None
    except OSError as exc:
        return f"cannot be read: {exc.strerror or exc}"
    if not stat.S_ISREG(info.st_mode):  # a pipe would be waited on, a device read without end
        return "is not a plain file"
    if info.st_size > MAX_HISTORY_FILE:
        return f"is {info.st_size:,} bytes, too big for a history rolecli wrote"
    return None
