"""The rolecli command line: the root command, and how a command name is found.

Importing this module loads no plugin and no command module: a core command's
module (:mod:`rolecli.commands`) is imported when that command runs, and the
installed systems are looked up only when a command names one (``rolecli fate
check ...``), names a verb of the current campaign's system (``rolecli check Ana
Alerta``), or lists them (``--help``, ``systems``). Exit codes: 0 ok, 1 a check
failed, 2 a usage or data error (one line on stderr), 3 an internal error (a
bug), 4 a plugin's failure, 130 interrupted, 141 stdout closed by its reader.
"""

from __future__ import annotations

import errno
import functools
import inspect
import os
import re
import shlex
import sys
import typing
import weakref
from pathlib import Path
from typing import Any, Optional

import typer
from typer import Abort
from typer.core import TyperCommand, TyperGroup

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
        command = self._lookup(ctx, cmd_name)
        if command is not None:
            for_people(command, ctx)
        return command

    def _lookup(self, ctx, cmd_name):
        if cmd_name in COMMANDS:
            # Built on first use: typer's per-parameter set-up is costly, and
            # `rolecli roll 2d6` should pay for its own command only.
            if cmd_name not in _built:
                _built[cmd_name] = typer.main.get_command(_prepared(typer_app(cmd_name)))
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

    def format_help(self, ctx, formatter):
        for_people(self, ctx)
        return super().format_help(ctx, formatter)

    def resolve_command(self, ctx, args):
        try:
            return super().resolve_command(ctx, args)
        except UsageError as exc:  # suggest among the lazily built commands too
            import difflib

            verb = _not_a_verb_here(ctx, args[0]) if args else None
            if verb:
                exc.message = verb
                raise
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


# A negative number as Python writes one: -1, -2.5, -.5, -1e-05 (Fate's Poor, a penalty, a modifier).
_NUMBER = re.compile(r"-(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?", re.I)


class RoleCommand(TyperCommand):
    """A rolecli command (a core one or a system's verb), whose command line
    reads a word that looks like an option but is a number (``-1``) as an
    argument, as the player means it: click alone would refuse it as the option
    ``-1``. A value of an option (``--modifier -2``) is the option's, as before,
    and an option the command declares under such a name stays that option."""

    def reads_as_argument(self, arg: str) -> bool:
        """Whether ``arg``, which starts with a minus sign, is an argument."""
        return _NUMBER.fullmatch(arg) is not None

    def make_parser(self, ctx):
        parser = super().make_parser(ctx)
        if not parser.allow_interspersed_args:  # a group: its next word is a command's name
            return parser
        # click's parser has no public hook for this; _process_opts (every click 8, and the click
        # typer vendors) is where a word that starts with "-" is taken for options.
        process = parser._process_opts

        def process_opts(arg, state):
            declared = arg.split("=", 1)[0] in parser._long_opt or arg[:2] in parser._short_opt
            if not declared and self.reads_as_argument(arg):
                state.largs.append(arg)
            else:
                process(arg, state)

        parser._process_opts = process_opts
        return parser


QUIET_OPTION = typer.Option(False, "--quiet", "-q", help="Results only: no explanation lines (the dice read, notes).")
_prepared_apps: "weakref.WeakSet" = weakref.WeakSet()


def _prepared(app: typer.Typer) -> typer.Typer:
    """``app`` (a core command, or a group of them) with what every command has,
    given once here rather than in each: its words read as :class:`RoleCommand`
    reads them, and ``--quiet``."""
    if app not in _prepared_apps:
        _prepared_apps.add(app)
        for info in app.registered_commands:
            info.cls = RoleCommand if info.cls in (None, TyperCommand) else info.cls
        for info in [*app.registered_commands, *filter(None, [app.registered_callback])]:
            info.callback = quietly(info.callback) if info.callback else None
        for group in app.registered_groups:
            _prepared(group.typer_instance)
    return app


def quietly(function):
    """``function`` (a command's callback) with a ``--quiet`` parameter, held in
    :data:`rolecli.output.QUIET` while it runs."""
    from rolecli.output import QUIET

    @functools.wraps(function)
    def command(*args, quiet: bool = False, **kwargs):
        token = QUIET.set(quiet or QUIET.get())  # a batch run with --quiet keeps its lines quiet
        try:
            return function(*args, **kwargs)
        finally:
            QUIET.reset(token)

    signature = inspect.signature(function, eval_str=True)
    command.__signature__ = signature.replace(parameters=[*signature.parameters.values(), inspect.Parameter(
        "quiet", inspect.Parameter.KEYWORD_ONLY, default=QUIET_OPTION, annotation=bool)])
    return command


def _session_lang(ctx: typer.Context, value: Optional[str]) -> Optional[str]:
    """``rolecli COMMAND --lang es`` means what ``rolecli --lang es COMMAND`` does."""
    if value is not None:
        from rolecli.i18n import choose_lang

        session_of(ctx).lang = choose_lang(value)  # a bad value is refused, as at the top
    return value


@functools.cache
def _lang_option():
    """The ``--lang`` of a command or group that declares none (made by typer, once)."""

    def command(lang: Optional[str] = typer.Option(None, "--lang", metavar="[es|en]", callback=_session_lang,
                                                   expose_value=False, help="Language: es or en.")) -> None:
        """A command to take the option from."""

    single = typer.Typer(add_completion=False)
    single.command()(command)
    return typer.main.get_command(single).params[0]


# What an option takes, as help pages say it. typer 0.29 shows a parameter's
# Python type there (`--seed <int>`, even `--json <bool>` on a flag, `FILE <str>`
# beside an argument's name); rolecli shows nothing on a flag or an argument
# (its name says what it is) and what to type on an option.
_TAKES = {"--lang": "[es|en]", "--dice": "A,B,...", "--rule": "KEY=VALUE", "--with": "KEY=VALUE"}
_BY_TYPE = {int: "N", float: "X", Path: "FILE"}
_named: "weakref.WeakSet" = weakref.WeakSet()


def for_people(command, ctx) -> None:
    """Give each flag of ``command`` and of its subcommands (``--help`` too) no
    metavar, each option whose declaration gave none a name for what it takes,
    and each argument no type beside its name; and ``--lang`` to each that has
    none, so that it is taken at every level of a command line."""
    if command in _named:
        return
    _named.add(command)
    if not any("--lang" in param.opts for param in command.params):
        command.params.append(_lang_option())
    help_option = command.get_help_option(ctx)
    for param in [*command.params, *([help_option] if help_option else [])]:
        if param.param_type_name == "argument":  # typer has no setting for an argument's type column
            param.display_type_rich = _no_type
            continue
        if param.param_type_name != "option" or param.metavar is not None:
            continue
        if param.is_flag:
            param.metavar = ""
            continue
        annotation = getattr(getattr(param, "type_descriptor", None), "annotation", None)
        annotation = next((a for a in typing.get_args(annotation) if a is not type(None)), annotation)
        param.metavar = (next((_TAKES[o] for o in param.opts if o in _TAKES), None)
                         or _BY_TYPE.get(annotation) or param.name.upper().strip("_").replace("_", "-"))
    for sub in getattr(command, "commands", {}).values():
        for_people(sub, ctx)


def _no_type(ctx) -> None:
    return None


def _not_a_verb_here(ctx, word: str) -> str | None:
    """Why ``word``, a verb of some installed system, is no command here: verbs
    come from the current campaign's system; how to choose one, and the quick
    rolls that have it. None when no system has such a verb."""
    from rolecli import campaign as store
    from rolecli.plugins import get_plugins

    try:
        having = [name for name, system in get_plugins().systems.items() if system.info.action(word)]
        session = session_of(ctx)
        campaign = session.campaign or store.current_name(store.campaigns_dir(session.campaigns))
        system = _campaign_system(session) if campaign else None
    except RoleError:  # a broken campaign or plugin is reported by the commands that use it
        return None
    if not having:
        return None
    quick = ", ".join(f"rolecli {name} {word} ..." for name in having)
    where = (f"campaign {campaign!r} plays {system.info.name!r}, which has no verb {word!r}" if system
             else "there is no current campaign")
    return (f"{word!r} is a verb of a rule system, and verbs come from the current campaign's system: {where}. "
            f"Choose a campaign with 'rolecli campaign use NAME' or 'rolecli -C NAME {word} ...', or roll it "
            f"without one, with raw numbers: {quick}")


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
    campaigns: Optional[str] = typer.Option(None, "--campaigns", metavar="FOLDER", help="The campaigns folder (else ROLECLI_CAMPAIGNS, ./campaigns, the user's data folder)."),
    campaign: Optional[str] = typer.Option(None, "--campaign", "-C", metavar="NAME", help="Use this campaign instead of the current one.",
                                           autocompletion=complete_campaigns),
    lang: Optional[str] = typer.Option(None, "--lang", metavar="[es|en]", help="Language: es or en (else ROLECLI_LANG, then the locale)."),
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Print the version."),
) -> None:
    """rolecli: dice, odds and campaigns for tabletop role-playing games."""
    if lang is not None:  # refused whatever the command, even one that prints no words
        from rolecli.i18n import choose_lang

        choose_lang(lang)


def fail(message: str) -> int:
    """Report a user's error as one line on stderr; the exit code for it."""
    from rolecli.output import visible

    print(f"rolecli: {visible(message)}", file=sys.stderr)
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
        if rv == 130:  # typer turns Ctrl-C into exit code 130 and says nothing; no command returns 130
            raise KeyboardInterrupt
        sys.stdout.flush()  # a full disk or a closed pipe shows here, while this command is still known
    except RoleError as exc:
        from rolecli.plugins import PluginFailure, debugging

        if isinstance(exc, PluginFailure) and debugging():
            raise exc.original
        fail(where + str(exc))
        return exc.exit_code
    except ClickException as exc:
        if type(exc).__name__ == "NoArgsIsHelpError":
            print(exc.format_message())  # a help page, whose words are ours
            return 0
        path = " ".join(["rolecli", *exc.ctx.command_path.split()[1:]]) if getattr(exc, "ctx", None) else "rolecli"
        hint = f" See '{path} --help'."
        message = " ".join(exc.format_message().split())
        return fail(where + message + ("" if message.endswith((".", "?", "!")) else ".") + hint)
    except (Abort, KeyboardInterrupt):
        if where:  # a line of a batch: the whole batch stops, and says so once
            raise KeyboardInterrupt from None
        fail("interrupted.")
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
    from rolecli.output import visible

    print(f"rolecli: {where}internal error: {type(exc).__name__}: {visible(str(exc))} "
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
    if sys.stderr is None:  # started with stderr closed (`2>&-`): its lines go nowhere, not into stdout
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # (print(file=None) writes to stdout)
    code = invoke(sys.argv[1:] if argv is None else list(argv))
    try:
        sys.stdout.flush()
    except BrokenPipeError:  # `rolecli ... | head` closed the pipe
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        code = 141
    sys.exit(code)
