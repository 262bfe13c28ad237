"""What every rolecli command has, a core command or a system's verb: its
words read as a player means them (:class:`RoleCommand`), ``--quiet``
(:func:`quietly`), and help pages that say what each option takes, with
``--lang`` at every level (:func:`for_people`)."""

import contextlib
import functools
import inspect
import re
import sys
import typing
import weakref
from pathlib import Path
from typing import Optional

import typer
from typer.core import TyperCommand, TyperGroup

from rolecli.session import session_of

__all__ = ["ClickException", "QUIET_OPTION", "RoleCommand", "SpokenGroup", "UsageError", "fail", "for_people", "help_in",
           "language", "quietly"]

try:  # typer >= 0.29 vendors click
    from typer._click.exceptions import ClickException, UsageError
    from typer._click.formatting import HelpFormatter
except ImportError:  # pragma: no cover - older typer uses click itself
    from click.exceptions import ClickException, UsageError  # type: ignore[no-redef]
    from click.formatting import HelpFormatter  # type: ignore[no-redef]


# A negative number as Python writes one: -1, -2.5, -.5, -1e-05 (Fate's Poor, a penalty, a
# modifier); compiled by re when a command line first holds a word that starts with "-".
_NUMBER = r"-(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?"


class RoleCommand(TyperCommand):
    """A rolecli command (a core one or a system's verb), whose command line
    reads a word that looks like an option but is a number (``-1``) as an
    argument, as the player means it: click alone would refuse it as the option
    ``-1``. A value of an option (``--modifier -2``) is the option's, as before,
    and an option the command declares under such a name stays that option."""

    def reads_as_argument(self, arg: str) -> bool:
        """Whether ``arg``, which starts with a minus sign, is an argument."""
        return re.fullmatch(_NUMBER, arg, re.I) is not None

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


class SpokenGroup(TyperGroup):
    """A group of commands whose help page, shown when it is given no command
    (``rolecli campaign``), is in the command line's language: typer draws that
    page as it refuses the empty command line, before rolecli sees the refusal."""

    def parse_args(self, ctx, args):
        if args or not self.no_args_is_help:
            return super().parse_args(ctx, args)
        with help_in(ctx, language(ctx)):
            return super().parse_args(ctx, args)


QUIET_OPTION = typer.Option(False, "--quiet", "-q", help="Results only: no explanation lines (the dice read, notes).")


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
    and each argument no type beside its name; ``--lang`` to each that has
    none, so that it is taken at every level of a command line; and ``--help``
    that draws the page in the command line's :func:`language`."""
    if command in _named:
        return
    _named.add(command)
    lang = language(ctx)
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
    if lang != "en" and help_option:
        help_option.callback = _help_in(help_option.callback)
    for sub in getattr(command, "commands", {}).values():
        for_people(sub, ctx)


def language(ctx) -> str:
    """The language of this command line's help pages and messages, which
    :func:`rolecli.cli.invoke` chose before reading it."""
    obj = ctx.find_root().obj
    return obj.get("lang", "en") if isinstance(obj, dict) else "en"


# The words typer's help pages draw around ours (panel titles, [default: ...]):
# public constants of typer.rich_utils, read each time a page is drawn.
_RICH_WORDS = ("ARGUMENTS_PANEL_TITLE", "OPTIONS_PANEL_TITLE", "COMMANDS_PANEL_TITLE", "DEFAULT_STRING",
               "ENVVAR_STRING", "REQUIRED_LONG_STRING", "DEPRECATED_STRING")


@contextlib.contextmanager
def help_in(ctx, lang: str):
    """Help pages drawn in ``ctx`` speak ``lang`` for the block: typer's words
    around the page, and click's "Usage:" (the prefix of its usage line)."""
    if lang == "en":
        yield
        return
    from typer import rich_utils

    from rolecli.i18n import say

    command = ctx.command
    for sub in [command, *filter(None, (command.get_command(ctx, name) for name in getattr(
            command, "list_commands", lambda ctx: [])(ctx)))]:  # the page's, and those its Commands panel lists
        _in_words(sub, ctx, lang)
    english = {name: getattr(rich_utils, name) for name in _RICH_WORDS}
    ctx.formatter_class = functools.partial(_Formatter, say("Usage: ", lang))
    try:
        for name, text in english.items():
            setattr(rich_utils, name, say(text, lang))
        yield
    finally:
        for name, text in english.items():
            setattr(rich_utils, name, text)


_spoken: "weakref.WeakSet" = weakref.WeakSet()


def _in_words(command, ctx, lang: str) -> None:
    """Give ``command``'s help texts (its own, its options', ``--help``'s) in
    ``lang``, once: a command is built for one language (rolecli.cli), and
    its words are read in it only when a help page shows them."""
    if command in _spoken:
        return
    _spoken.add(command)
    from rolecli.i18n import say

    for thing in [command, *command.get_params(ctx)]:
        for attribute in ("help", "short_help", "epilog"):
            if getattr(thing, attribute, None):
                setattr(thing, attribute, say(getattr(thing, attribute), lang))


class _Formatter(HelpFormatter):
    """click's formatter with the usage line's prefix in the page's language."""

    def __init__(self, usage: str, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.usage = usage

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, args, self.usage if prefix is None else prefix)


def _help_in(show_help):
    """``--help``'s callback, drawing the page in the command line's language."""

    def callback(ctx, param, value):
        if not value or ctx.resilient_parsing:  # called for every command line: only --help draws a page
            return show_help(ctx, param, value)
        with help_in(ctx, language(ctx)):
            return show_help(ctx, param, value)

    return callback


def _no_type(ctx) -> None:
    return None


def fail(message: str, lang: str = "en") -> int:
    """Report a user's error as one line on stderr, in ``lang`` (``message`` is
    written in English); the exit code for it."""
    from rolecli.i18n import say
    from rolecli.output import visible

    print(f"rolecli: {visible(say(message, lang))}", file=sys.stderr)
    return 2
