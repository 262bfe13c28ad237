"""The rolecli command line: the root command, and how a command name is found.

Importing this module loads no plugin and no command module: a core command's
module (:mod:`rolecli.commands`) is imported when that command runs, and the
installed systems are looked up only when a command names one (``rolecli fate
check ...``), names a verb of the current campaign's system (``rolecli check Ana
Alerta``), or lists them (``--help``, ``systems``). Exit codes: 0 ok, 1 a check
failed, 2 a usage or data error (one line on stderr), 3 an internal error (a
bug), 4 a plugin's failure, 130 interrupted, 141 stdout closed by its reader.
"""

import errno
import gc
import importlib
import os
import shlex
import sys
import weakref
from typing import Any, Optional

import typer
from typer import Abort
from typer.core import TyperCommand
from typer.models import DefaultPlaceholder

from rolecli import __version__
from rolecli.commands import REGISTRY, complete_campaigns
from rolecli.commands.base import (ClickException, RoleCommand, SpokenGroup, UsageError, fail, for_people, language,
                                   quietly)
from rolecli.core_commands import COMMANDS
from rolecli.errors import RoleError
from rolecli.session import session_of

_built: dict[tuple[str, str], Any] = {}  # (command, language): a command's help is in one language


class RoleGroup(SpokenGroup):
    """The core commands, then each installed system as a group of its verbs,
    then the verbs of the current campaign's system as top-level commands."""

    def get_command(self, ctx, cmd_name):
        command = self._lookup(ctx, cmd_name)
        if command is not None:
            for_people(command, ctx)
        return command

    def _lookup(self, ctx, cmd_name):
        lang = language(ctx)
        if cmd_name in COMMANDS:
            # Built on first use: typer's per-parameter set-up is costly, and
            # `rolecli roll 2d6` should pay for its own command only.
            if (cmd_name, lang) not in _built:
                _built[cmd_name, lang] = typer.main.get_command(_prepared(typer_app(cmd_name)))
            return _built[cmd_name, lang]
        session = session_of(ctx)
        from rolecli.commands.verbs import command_for, system_group
        from rolecli.play import campaign_system
        from rolecli.plugins import get_plugins, system_names

        if cmd_name in system_names():  # a quick roll: `rolecli fate check 3`, its plugin's commands beside
            from rolecli.commands.plugin_commands import placed

            plugins = get_plugins(cmd_name)
            group = system_group(plugins.system(cmd_name), lang)
            for name, command in getattr(placed(plugins).groups.get(cmd_name), "commands", {}).items():
                if name not in group.commands:
                    for_people(command, ctx)
                    group.add_command(command, name)
            return group
        system = campaign_system(session)  # loads only the campaign's system, the plugin index permitting
        if system is not None and system.info.action(cmd_name):
            return command_for(system, system.info.action(cmd_name), "campaign", lang)
        # A plugin's command: every plugin is asked (no plugin's command is named like any
        # system's verb, so looking for the campaign's verb first changes nothing).
        from rolecli.commands.plugin_commands import placed

        added = placed(get_plugins())
        return added.groups.get(cmd_name) or added.top.get(cmd_name)

    def parse_args(self, ctx, args):
        for_people(self, ctx)  # before --help, which is read first
        return super().parse_args(ctx, args)

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
        """Core commands, installed systems, the plugins' commands, then the current
        campaign's verbs (a core command wins over a verb of the same name)."""
        names = sorted(COMMANDS)
        try:
            from rolecli.commands.plugin_commands import placed
            from rolecli.play import campaign_system
            from rolecli.plugins import get_plugins

            names += list(get_plugins().systems)
            added = placed(get_plugins())
            names += sorted(added.groups.keys() - set(names)) + sorted(added.top)
            system = campaign_system(session_of(ctx))
            if system is not None:
                names += [a.name for a in system.info.actions if a.name not in names]
        except Exception:  # listing must survive any plugin or campaign trouble
            pass
        return names


_prepared_apps: "weakref.WeakSet" = weakref.WeakSet()


def _prepared(app: typer.Typer) -> typer.Typer:
    """``app`` (a core command, or a group of them) with what every command has,
    given once here rather than in each: its words read as :class:`RoleCommand`
    reads them, ``--quiet``, and a group's page in the command line's language
    (:class:`SpokenGroup`)."""
    if app not in _prepared_apps:
        _prepared_apps.add(app)
        if isinstance(app.info.cls, DefaultPlaceholder):
            app.info.cls = SpokenGroup
        for info in app.registered_commands:
            info.cls = RoleCommand if info.cls in (None, TyperCommand) else info.cls
        for info in [*app.registered_commands, *filter(None, [app.registered_callback])]:
            info.callback = quietly(info.callback) if info.callback else None
        for group in app.registered_groups:
            _prepared(group.typer_instance)
    return app


def _not_a_verb_here(ctx, word: str) -> str | None:
    """Why ``word``, a verb of some installed system, is no command here: verbs
    come from the current campaign's system; how to choose one, and the quick
    rolls that have it. None when no system has such a verb."""
    from rolecli.campaign import chosen_campaign
    from rolecli.play import campaign_system
    from rolecli.plugins import get_plugins

    try:
        having = [name for name, system in get_plugins().systems.items() if system.info.action(word)]
        session = session_of(ctx)
        campaign = chosen_campaign(session.campaigns, session.campaign, required=False)[1]
        system = campaign_system(session) if campaign else None
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


def typer_app(name: str) -> typer.Typer:
    """The typer app of core command ``name``, importing its module: the command
    line loads the command modules (which import :mod:`rolecli.commands`), so
    that no module of the command layer imports one above it."""
    importlib.import_module(f"rolecli.commands.{COMMANDS[name]}")
    return REGISTRY[name]


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


# --- entry point ------------------------------------------------------------

_commands: dict[str, Any] = {}  # the root command, in each language its help is shown in


def spoken(argv: list[str]) -> str:
    """The language of a command line's help pages and messages: its last
    ``--lang`` (at any level, as every command takes it), else ROLECLI_LANG and
    the locale. Read from the words, before click parses them: a usage error
    comes before any option is read. A bad value is the command's to refuse."""
    from rolecli.i18n import choose_lang, locale_lang

    try:
        return choose_lang(_lang_word(argv))
    except RoleError:  # a bad ROLECLI_LANG: refused by the command that reads it, in the locale's language
        return locale_lang()


def _lang_word(argv: list[str]) -> str | None:
    """The last ``--lang`` of a command line, at any level (every command takes it)."""
    from rolecli.i18n import LANGS

    given = None
    for word, after in zip(argv, [*argv[1:], None]):
        if word == "--lang" and after in LANGS:
            given = after
        elif word.startswith("--lang=") and word[7:] in LANGS:
            given = word[7:]
    return given


def invoke(argv: list[str], where: str = "") -> int:
    """Run one command line in this process and return its exit code."""
    from rolecli.i18n import SPOKEN

    lang = spoken(argv)
    if lang not in _commands:
        from rolecli.commands.coercion import install

        install()  # plain values coerced without importing pydantic
        _commands[lang] = typer.main.get_command(app)
    # A --lang given holds for code that has no session to ask (the dice layer's messages);
    # without one, each reader chooses as ever (and refuses a bad ROLECLI_LANG).
    token = SPOKEN.set(_lang_word(argv) or SPOKEN.get())
    try:
        return _invoke(argv, where, lang)
    finally:
        SPOKEN.reset(token)


def _invoke(argv: list[str], where: str, lang: str) -> int:
    from rolecli.i18n import say

    try:
        rv = _commands[lang].main(args=argv, prog_name="rolecli", standalone_mode=False,
                                  obj={"command_line": "rolecli " + shlex.join(argv), "invoke": invoke, "lang": lang})
        if rv == 130:  # typer turns Ctrl-C into exit code 130 and says nothing; no command returns 130
            raise KeyboardInterrupt
        sys.stdout.flush()  # a full disk or a closed pipe shows here, while this command is still known
    except RoleError as exc:
        from rolecli.plugins import PluginFailure, debugging

        if isinstance(exc, PluginFailure) and debugging():
            raise exc.original
        fail(where + exc.text(lang), lang)
        return exc.exit_code
    except ClickException as exc:
        if type(exc).__name__ == "NoArgsIsHelpError":
            print(exc.format_message())  # a help page (SpokenGroup drew it in the command line's language)
            return 0
        path = " ".join(["rolecli", *exc.ctx.command_path.split()[1:]]) if getattr(exc, "ctx", None) else "rolecli"
        hint = f" See '{path} --help'."
        message = say(" ".join(exc.format_message().split()), lang)  # before its full stop is added
        return fail(where + message + ("" if message.endswith((".", "?", "!")) else ".") + hint, lang)
    except (Abort, KeyboardInterrupt):
        if where:  # a line of a batch: the whole batch stops, and says so once
            raise KeyboardInterrupt from None
        fail("interrupted.", lang)
        return 130
    except BrokenPipeError:  # stdout's reader went away (`| head`): a Unix tool's SIGPIPE code
        return 141
    except OSError as exc:
        if exc.errno not in _OUTPUT_ERRORS:
            return _internal(where, exc)
        _silence_stdout()
        return fail(f"{where}cannot write the results: {exc.strerror or exc}; "
                    "what the command recorded in a campaign is kept ('rolecli log' shows it).", lang)
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
            fail("standard output is closed; give rolecli somewhere to write, such as >/dev/null.", spoken(sys.argv[1:]))
        sys.exit(2)
    if sys.stderr is None:  # started with stderr closed (`2>&-`): its lines go nowhere, not into stdout
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # (print(file=None) writes to stdout)
    code = invoke(sys.argv[1:] if argv is None else list(argv))
    try:
        sys.stdout.flush()
    except BrokenPipeError:  # `rolecli ... | head` closed the pipe
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        code = 141
    gc.freeze()  # all dies with the process: the collector's passes at exit would walk it for nothing (icount: start-up 5% less)
    sys.exit(code)
