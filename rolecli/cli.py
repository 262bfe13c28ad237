"""The rolecli command line: the root command, and how a command name is found.

Importing this module loads no plugin and no command module: a core command's
module (:mod:`rolecli.commands`) is imported when that command runs, and the
installed systems are looked up only when a command names one (``rolecli fate
check ...``), names a verb of the current campaign's system (``rolecli check Ana
Alerta``), or lists them (``--help``, ``systems``). Exit codes: 0 ok, 1 a check
failed, 2 a usage or data error (one line on stderr), 3 an internal error (a
bug), 141 stdout closed by its reader.
"""

from __future__ import annotations

import errno
import os
import shlex
import sys
from typing import Any, Optional

import typer
from typer import Abort
from typer.core import TyperGroup

from rolecli import __version__
from rolecli.commands import COMMANDS, complete_campaigns, typer_app
from rolecli.errors import RoleError
from rolecli.session import Session, session_of

try:  # typer >= 0.29 vendors click
    from typer._click.exceptions import ClickException, UsageError
except ImportError:  # pragma: no cover - older typer uses click itself
    from click.exceptions import ClickException, UsageError  # type: ignore[no-redef]

_built: dict[str, Any] = {}


class RoleGroup(TyperGroup):
    """The core commands, then each installed system as a group of its verbs,
    then the verbs of the current campaign's system as top-level commands."""

    def get_command(self, ctx, cmd_name):
        if cmd_name in COMMANDS:
            # Built on first use: typer's per-parameter set-up is costly, and
            # `rolecli roll 2d6` should pay for its own command only.
            if cmd_name not in _built:
                _built[cmd_name] = typer.main.get_command(typer_app(cmd_name))
            return _built[cmd_name]
        session = session_of(ctx)
        from rolecli.actions import command_for, system_group
        from rolecli.i18n import choose_lang
        from rolecli.plugins import get_plugins

        lang = choose_lang(session.lang)
        plugins = get_plugins()
        if cmd_name in plugins.systems:
            return system_group(plugins.systems[cmd_name], lang)
        system = _campaign_system(session)
        if system is not None and system.info.action(cmd_name):
            return command_for(system, system.info.action(cmd_name), "campaign", lang)
        return None

    def resolve_command(self, ctx, args):
        try:
            return super().resolve_command(ctx, args)
        except UsageError as exc:  # suggest among the lazily built commands too
            import difflib

            close = difflib.get_close_matches(args[0], self.list_commands(ctx), n=1) if args else []
            if close and "Did you mean" not in exc.message:
                exc.message = f"{exc.message.rstrip('.')}. Did you mean {close[0]!r}?"
            raise

    def list_commands(self, ctx):
        """Core commands, installed systems, then the current campaign's verbs
        (a core command wins over a verb of the same name)."""
        names = sorted(COMMANDS)
        try:
            from rolecli.plugins import get_plugins

            names += list(get_plugins().systems)
            system = _campaign_system(session_of(ctx))
            if system is not None:
                names += [a.name for a in system.info.actions if a.name not in names]
        except Exception:  # listing must survive any plugin or campaign trouble
            pass
        return names


def _campaign_system(session: Session):
    from rolecli import campaign as store
    from rolecli.plugins import get_plugins

    root = store.campaigns_dir(session.campaigns)
    name = session.campaign or store.current_name(root)
    if not name:
        return None
    system_name = store.system_of(root, name)
    return get_plugins().system(system_name)


def _version(value: bool) -> None:
    if value:
        print(f"rolecli {__version__}")
        raise typer.Exit()


app = typer.Typer(cls=RoleGroup, no_args_is_help=True, pretty_exceptions_enable=False,
                  context_settings={"help_option_names": ["-h", "--help"]},
                  help="rolecli: dice, odds and campaigns for tabletop role-playing games.")


@app.callback()
def root(
    campaigns: Optional[str] = typer.Option(None, "--campaigns", help="The campaigns folder (else ROLECLI_CAMPAIGNS, ./campaigns, the user's data folder)."),
    campaign: Optional[str] = typer.Option(None, "--campaign", "-C", help="Use this campaign instead of the current one.",
                                           autocompletion=complete_campaigns),
    lang: Optional[str] = typer.Option(None, "--lang", help="Language: es or en (else ROLECLI_LANG, then LANG)."),
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Print the version."),
) -> None:
    """rolecli: dice, odds and campaigns for tabletop role-playing games."""


def fail(message: str) -> int:
    """Report a user's error as one line on stderr; the exit code for it."""
    print(f"rolecli: {message}", file=sys.stderr)
    return 2


# --- entry point ------------------------------------------------------------

_command = None


def invoke(argv: list[str], where: str = "") -> int:
    """Run one command line in this process and return its exit code."""
    global _command
    if _command is None:
        _command = typer.main.get_command(app)
    try:
        rv = _command.main(args=argv, prog_name="rolecli", standalone_mode=False,
                           obj={"command_line": "rolecli " + shlex.join(argv)})
        sys.stdout.flush()  # a full disk or a closed pipe shows here, while this command is still known
    except RoleError as exc:
        from rolecli.plugins import PluginFailure, debugging

        if isinstance(exc, PluginFailure) and debugging():
            raise exc.original
        fail(where + str(exc))
        return exc.exit_code
    except ClickException as exc:
        if type(exc).__name__ == "NoArgsIsHelpError":
            print(exc.format_message())
            return 0
        path = " ".join(["rolecli", *exc.ctx.command_path.split()[1:]]) if getattr(exc, "ctx", None) else "rolecli"
        hint = f" See '{path} --help'."
        message = " ".join(exc.format_message().split())
        return fail(where + message + ("" if message.endswith((".", "?", "!")) else ".") + hint)
    except (Abort, KeyboardInterrupt):
        fail(where + "interrupted.")
        return 130
    except BrokenPipeError:  # stdout's reader went away (`| head`): a Unix tool's SIGPIPE code
        return 141
    except OSError as exc:
        if exc.errno not in _OUTPUT_ERRORS:
            return _internal(where, exc)
        _silence_stdout()
        return fail(f"{where}cannot write the results: {exc.strerror or exc}; "
                    "what the command recorded in a campaign is kept ('rolecli log' shows it).")
    except SystemExit:
        # typer and rich (help pages) end the process with 1 when stdout's reader goes
        # away while they write; 1 means "a check failed" here, so answer as above.
        if _stdout_gone():
            return 141
        raise
    except Exception as exc:  # a bug: one line, unless asked for the traceback
        return _internal(where, exc)
    return rv if isinstance(rv, int) else 0


# Writing stdout failed for a reason outside rolecli: a full disk, a quota, a device error.
_OUTPUT_ERRORS = {errno.ENOSPC, errno.EDQUOT, errno.EIO, errno.EFBIG, errno.EBADF}


def _internal(where: str, exc: Exception) -> int:
    if os.environ.get("ROLECLI_DEBUG"):
        raise exc
    print(f"rolecli: {where}internal error: {type(exc).__name__}: {exc} "
          "(a bug; ROLECLI_DEBUG=1 shows the traceback)", file=sys.stderr)
    return 3


def _silence_stdout() -> None:
    """Drop what stdout still holds: it cannot be written, and exiting would try again."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def _stdout_gone() -> bool:
    """Whether typer (which wraps stdout) or rich (which points it at /dev/null)
    has already handled a closed stdout."""
    if type(sys.stdout).__name__ == "PacifyFlushWrapper":
        return True
    try:
        return os.path.samestat(os.fstat(1), os.stat(os.devnull))
    except OSError:
        return False


def main(argv: list[str] | None = None) -> None:
    if sys.stdout is None:  # started with stdout closed (`rolecli ... >&-`): run nothing
        if sys.stderr is not None:
            fail("standard output is closed; give rolecli somewhere to write, such as >/dev/null.")
        sys.exit(2)
    code = invoke(sys.argv[1:] if argv is None else list(argv))
    try:
        sys.stdout.flush()
    except BrokenPipeError:  # `rolecli ... | head` closed the pipe
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        code = 141
    sys.exit(code)
