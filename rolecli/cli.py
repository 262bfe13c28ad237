"""The rolecli command line.

Importing this module loads no plugin: the installed systems are looked up
only when a command names one (``rolecli fate check ...``), names a verb of the
current campaign's system (``rolecli check Ana Alerta``), or lists them
(``--help``, ``systems``). Exit codes: 0 ok, 1 a check failed, 2 a usage or
data error (one line on stderr), 3 an internal error (a bug), 141 stdout closed by its reader.
"""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path
from typing import Any, Optional

import typer
from typer import Abort
from typer.core import TyperGroup

from rolecli import __version__
from rolecli.errors import RoleError
from rolecli.output import Printer, note

try:  # typer >= 0.29 vendors click
    from typer._click.exceptions import ClickException, UsageError
except ImportError:  # pragma: no cover - older typer uses click itself
    from click.exceptions import ClickException, UsageError  # type: ignore[no-redef]


class Session:
    """What the root command's options say, for every command of one invocation."""

    __slots__ = ("campaigns", "campaign", "lang", "command_line")

    def __init__(self, campaigns: str | None, campaign: str | None, lang: str | None, command_line: str):
        self.campaigns, self.campaign, self.lang, self.command_line = campaigns, campaign, lang, command_line


def session_of(ctx: typer.Context) -> Session:
    """The session of this invocation, made from the root command's options."""
    root = ctx.find_root()
    if "rolecli.session" not in root.meta:
        p = root.params
        root.meta["rolecli.session"] = Session(p.get("campaigns"), p.get("campaign"), p.get("lang"),
                                               (root.obj or {}).get("command_line", ""))
    return root.meta["rolecli.session"]


_built: dict[Any, Any] = {}
_core: dict[str, typer.Typer] = {}


def core_command(name: str | None = None, **settings: Any):
    """Register a core command, built into a click command only when used."""

    def register(function):
        single = typer.Typer(add_completion=False)
        single.command(name or function.__name__, **settings)(function)
        _core[name or function.__name__] = single
        return function

    return register


class RoleGroup(TyperGroup):
    """The core commands, then each installed system as a group of its verbs,
    then the verbs of the current campaign's system as top-level commands."""

    def get_command(self, ctx, cmd_name):
        if cmd_name in _core:
            # Built on first use: typer's per-parameter set-up is costly, and
            # `rolecli roll 2d6` should pay for its own command only.
            if cmd_name not in _built:
                _built[cmd_name] = typer.main.get_command(_core[cmd_name])
            return _built[cmd_name]
        session = session_of(ctx)
        from rolecli.i18n import choose_lang
        from rolecli.plugins import get_plugins

        lang = choose_lang(session.lang)
        plugins = get_plugins()
        if cmd_name in plugins.systems:
            return system_group(plugins.systems[cmd_name], lang)
        system = _campaign_system(session)
        if system is not None and system.info.action(cmd_name):
            return _cached(system, system.info.action(cmd_name), "campaign", lang)
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
        names = sorted(_core)
        try:
            from rolecli.plugins import get_plugins

            names += list(get_plugins().systems)
            system = _campaign_system(session_of(ctx))
            if system is not None:
                names += [a.name for a in system.info.actions if a.name not in names]
        except Exception:  # listing must survive any plugin or campaign trouble
            pass
        return names


def _cached(system, spec, mode, lang):
    """Commands are built once per process: batch runs thousands of lines."""
    from rolecli.actions import build_command

    key = (system.info.name, spec.name, mode, lang)
    if key not in _built:
        _built[key] = build_command(system, spec, mode, lang)
    return _built[key]


def system_group(system, lang: str):
    key = (system.info.name, lang)
    if key not in _built:
        group = TyperGroup(name=system.info.name, help=f"{system.info.names(lang)}.", no_args_is_help=True)
        for spec in system.info.actions:
            group.add_command(_cached(system, spec, "quick", lang), spec.name)
        _built[key] = group
    return _built[key]


def _campaign_system(session: Session):
    from rolecli import campaign as store
    from rolecli.plugins import get_plugins

    root = store.campaigns_dir(session.campaigns)
    name = session.campaign or store.current_name(root)
    if not name:
        return None
    system_name = store.system_of(root, name)
    return get_plugins().system(system_name)


def _complete_campaigns(incomplete: str) -> list[str]:
    try:
        from rolecli import campaign as store

        return [n for n in store.list_campaigns(store.campaigns_dir(None)) if n.startswith(incomplete)]
    except Exception:
        return []


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
                                           autocompletion=_complete_campaigns),
    lang: Optional[str] = typer.Option(None, "--lang", help="Language: es or en (else ROLECLI_LANG, then LANG)."),
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Print the version."),
) -> None:
    """rolecli: dice, odds and campaigns for tabletop role-playing games."""


# --- dice -------------------------------------------------------------------

JSON = typer.Option(False, "--json", help="Print JSON (one object per result).")
LANG = typer.Option(None, "--lang", help="Language: es or en.")


@core_command()
def roll(
    ctx: typer.Context,
    expression: list[str] = typer.Argument(..., help="A dice expression, e.g. 4d6kh3, 2d20kl1+5, 8d10>=6."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed for repeatable rolls."),
    dice: Optional[str] = typer.Option(None, "--dice", help="The dice rolled at the table, in order: a,b,c."),
    n: int = typer.Option(1, "-n", "--repeat", help="Roll N times (JSON lines with --json)."),
    json_: bool = JSON,
    lang: Optional[str] = LANG,
) -> int:
    """Roll a dice expression."""
    from rolecli.dice import parse
    from rolecli.dice.source import DiceSource, parse_given
    from rolecli.i18n import choose_lang
    from rolecli.output import dice_lines

    lang_ = choose_lang(lang or session_of(ctx).lang)  # refuse a bad --lang before rolling

    expr = parse(" ".join(expression))
    if not 1 <= n <= 100_000:
        raise RoleError(f"-n {n} is out of range 1..100000.")
    source = DiceSource(seed, parse_given(dice))
    results = [expr.roll(source) for _ in range(n)]
    source.finish()
    printer = Printer(json_)
    for result in results:
        # Dice typed at the table are echoed, so a typo shows; rolled ones are all in the breakdown.
        shown = dice_lines(result.dice, lang_) if source.physical else []
        printer.result(result.as_json(), [result.breakdown, *shown])
    return 0


@core_command(context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
def odds(
    ctx: typer.Context,
    args: list[str] = typer.Argument(..., help="A dice expression (odds 3d6), or a system and a verb (odds fate check 3 --difficulty 2)."),
    json_: bool = JSON,
    lang: Optional[str] = LANG,
) -> int:
    """Exact odds of a dice expression, or of a system's check."""
    from rolecli.i18n import choose_lang, t

    session = session_of(ctx)
    lang_ = choose_lang(lang or session.lang)
    if args[0].isalpha() and not args[0].lower().startswith("d"):
        from rolecli.plugins import get_plugins

        system = get_plugins().system(args[0])
        if len(args) < 2 or not system.info.action(args[1]) or not system.info.action(args[1]).odds:
            verbs = ", ".join(a.name for a in system.info.actions if a.odds) or "none"
            raise RoleError(f"odds {args[0]} needs one of its verbs with odds: {verbs}.")
        command = _cached(system, system.info.action(args[1]), "odds", lang_)
        extra = args[2:] + (["--json"] if json_ else []) + ["--lang", lang_]
        return command.main(args=extra, prog_name=f"rolecli odds {args[0]} {args[1]}", standalone_mode=False)
    from rolecli.dice.odds import distribution

    dist = distribution(" ".join(args))
    peak = max(p for _, p in dist.outcomes)
    rows = [[str(v), f"{float(p):.4%}", f"{float(dist.at_least(v)):.4%}", f"{float(dist.at_most(v)):.4%}",
             "█" * max(1, round(30 * p / peak)) if p else ""] for v, p in dist.outcomes]
    footer = [f"{t('mean', lang_)} {float(dist.mean):.4f}   {t('sd', lang_)} {float(dist.sd):.4f}", *dist.notes]
    columns = [t("value", lang_), t("probability", lang_), t("at_least", lang_), t("at_most", lang_), ""]
    Printer(json_).table(dist.as_json(), " ".join(args), columns, rows, footer)
    return 0


# --- systems ----------------------------------------------------------------


@core_command()
def systems(
    ctx: typer.Context,
    name: Optional[str] = typer.Argument(None, help="Show this system's template, rule options and verbs."),
    json_: bool = JSON,
    lang: Optional[str] = LANG,
) -> int:
    """List the installed rule systems, or describe one."""
    from rolecli.i18n import choose_lang, t
    from rolecli.plugins import get_plugins

    lang_ = choose_lang(lang or session_of(ctx).lang)
    printer = Printer(json_)
    plugins = get_plugins()
    if name is None:
        for system in plugins.systems.values():
            info = system.info
            printer.result({"name": info.name, "es": info.names.es, "en": info.names.en},
                           [f"{info.name}\t{info.names(lang_)}"])
        return 0
    info = plugins.system(name).info
    payload = {
        "name": info.name, "names": {"es": info.names.es, "en": info.names.en},
        "template": [{"key": f.key, "kind": f.kind, "default": f.default, "min": f.minimum, "max": f.maximum,
                      "state": f.state, "label": f.label(lang_)} for f in info.template],
        "rules": [{"key": o.key, "default": o.default, "choices": list(o.choices), "help": o.help(lang_)}
                  for o in info.options],
        "verbs": [{"name": a.name, "hook": a.hook, "help": a.help(lang_)} for a in info.actions],
        "events": [e for e, _ in info.events],
    }
    lines = [f"{info.name}: {info.names(lang_)}", f"{t('template', lang_)}:"]
    lines += [f"  {f.key} ({f.kind}{', ' + t('state', lang_) if f.state else ''}) = {f.default!r}  {f.label(lang_)}"
              for f in info.template]
    lines += [f"{t('rules', lang_)}:"] + [f"  {o.key} = {o.default!r}  {o.help(lang_)}" for o in info.options]
    lines += [f"{t('verbs', lang_)}:"] + [f"  {a.name}  {a.help(lang_)}" for a in info.actions]
    lines += [f"{t('events', lang_)}: " + ", ".join(f"{e} ({label(lang_)})" for e, label in info.events)]
    printer.result(payload, lines)
    return 0


# --- campaigns --------------------------------------------------------------

campaign_app = typer.Typer(name="campaign", help="Create, list, show and choose campaigns.", no_args_is_help=True)
character_app = typer.Typer(name="character", help="Add, show and edit a campaign's characters.", no_args_is_help=True)
_core.update(campaign=campaign_app, character=character_app)


def _store(ctx: typer.Context):
    from rolecli import campaign as store

    session = session_of(ctx)
    return store, store.campaigns_dir(session.campaigns), session


def _current(ctx: typer.Context, name: str | None = None) -> tuple[Any, Path, str]:
    store, root, session = _store(ctx)
    name = name or session.campaign or store.current_name(root)
    if not name:
        raise RoleError("no current campaign: choose one with 'rolecli campaign use NAME' or pass --campaign NAME.")
    return store, root, name


def _systems_lookup(name: str):
    from rolecli.plugins import get_plugins

    return get_plugins().system(name).info


@campaign_app.command("new")
def campaign_new(ctx: typer.Context, name: str = typer.Argument(..., help="Folder name of the campaign."),
                 system: str = typer.Option("dice", "--system", "-s", help="Its rule system (see 'rolecli systems')."),
                 title: Optional[str] = typer.Option(None, "--title", help="A title to show."),
                 json_: bool = JSON) -> int:
    """Create a campaign (and make it current if there is none)."""
    store, root, _ = _store(ctx)
    path = store.create_campaign(root, name, _systems_lookup(system), title)
    if not store.current_name(root):
        store.set_current(root, name)
    Printer(json_).result({"name": name, "system": system, "path": str(path)}, [f"created {path}"])
    return 0


@campaign_app.command("list")
def campaign_list(ctx: typer.Context, json_: bool = JSON) -> int:
    """List the campaigns of the campaigns folder; * marks the current one."""
    store, root, _ = _store(ctx)
    current = store.current_name(root)
    printer = Printer(json_)
    names = store.list_campaigns(root)
    if not names and not json_:
        note(f"no campaigns in {root}; create one with 'rolecli campaign new NAME --system SYSTEM'.")
    for name in names:
        try:
            system = store.system_of(root, name)
        except RoleError as exc:  # one broken campaign must not hide the others
            note(str(exc))
            system = "?"
        printer.result({"name": name, "system": system, "current": name == current},
                       [f"{'*' if name == current else ' '} {name}\t{system}"])
    return 0


@campaign_app.command("use")
def campaign_use(ctx: typer.Context, name: str = typer.Argument(..., autocompletion=_complete_campaigns),
                 json_: bool = JSON) -> int:
    """Make a campaign the current one."""
    store, root, _ = _store(ctx)
    store.set_current(root, name)
    if json_:
        Printer(True).result({"current": name}, [])
    else:
        note(f"current campaign: {name}")
    return 0


@campaign_app.command("show")
def campaign_show(ctx: typer.Context,
                  name: Optional[str] = typer.Argument(None, autocompletion=_complete_campaigns),
                  json_: bool = JSON) -> int:
    """Show a campaign: its system, rule options and characters."""
    store, root, name = _current(ctx, name)
    camp = store.load_campaign(root, name, _systems_lookup)
    payload = {"name": camp.name, "title": camp.title, "system": camp.system, "rules": camp.options,
               "characters": {n: {"sheet": c.sheet, "state": c.state} for n, c in camp.characters.items()}}
    lines = [f"{camp.name}: {camp.title or ''} [{camp.system}]",
             "rules: " + ", ".join(f"{k}={v!r}" for k, v in camp.options.items())]
    lines += [_character_line(c) for c in camp.characters.values()]
    Printer(json_).result(payload, lines)
    return 0


def _character_line(c) -> str:
    def flat(d: dict) -> str:
        return ", ".join(f"{k}={flat(v) if isinstance(v, dict) else v}" for k, v in d.items())

    return f"  {c.name}: {flat(c.sheet)}" + (f" | {flat(c.state)}" if c.state else "")


@campaign_app.command("edit")
def campaign_edit(ctx: typer.Context, name: Optional[str] = typer.Argument(None, autocompletion=_complete_campaigns)) -> int:
    """Open campaign.toml in $EDITOR; the edit is kept only if it is valid."""
    store, root, name = _current(ctx, name)
    store.edit_in_editor(root, name, _systems_lookup)
    return 0


@character_app.command("add")
def character_add(ctx: typer.Context, name: str = typer.Argument(..., help="The character's name."),
                  values: Optional[list[str]] = typer.Argument(None, help="Sheet values, key=value (skills.Alerta=3)."),
                  json_: bool = JSON) -> int:
    """Add a character from the system's template."""
    store, root, camp = _current(ctx)
    char = store.add_character(root, camp, name, store.parse_assignments(
        _systems_lookup(store.system_of(root, camp)), values or []), _systems_lookup)
    Printer(json_).result({"name": char.name, "sheet": char.sheet, "state": char.state}, [_character_line(char)])
    return 0


@character_app.command("show")
def character_show(ctx: typer.Context, name: Optional[str] = typer.Argument(None), json_: bool = JSON,
                   lang: Optional[str] = LANG) -> int:
    """Show one character (or all), with whether it can act and its conditions."""
    from rolecli.contract import Context
    from rolecli.dice.source import DiceSource
    from rolecli.i18n import choose_lang
    from rolecli.plugins import get_plugins
    from rolecli.status import status_of

    lang_ = choose_lang(lang or session_of(ctx).lang)
    store, root, camp_name = _current(ctx)
    camp = store.load_campaign(root, camp_name, _systems_lookup)
    chars = [camp.character(name)] if name else list(camp.characters.values())
    system = get_plugins().system(camp.system)
    asking = Context(lang_, DiceSource(0), dict(camp.options), dict(camp.characters))
    printer = Printer(json_)
    for c in chars:
        status = status_of(system, c, asking)
        said = [label(lang_) for _, label in status.conditions]
        if not status.can_act:
            said.insert(0, status.why(lang_) if status.why else status.key)
        printer.result({"name": c.name, "sheet": c.sheet, "state": c.state, "status": status.as_json(lang_)},
                       [_character_line(c) + (f"  [{'; '.join(said)}]" if said else "")])
    return 0


@character_app.command("set")
def character_set(ctx: typer.Context, name: str = typer.Argument(...),
                  values: list[str] = typer.Argument(..., help="Sheet values, key=value."),
                  json_: bool = JSON) -> int:
    """Change sheet values (comments and layout of campaign.toml are kept)."""
    store, root, camp = _current(ctx)
    info = _systems_lookup(store.system_of(root, camp))
    store.set_sheet_values(root, camp, name, store.parse_assignments(info, values), _systems_lookup)
    return character_show(ctx, name, json_, None)


@character_app.command("edit")
def character_edit(ctx: typer.Context, name: str = typer.Argument(...)) -> int:
    """Open the campaign file in $EDITOR at this character's sheet."""
    store, root, camp = _current(ctx)
    store.edit_in_editor(root, camp, _systems_lookup, character=name)
    return 0


@core_command("log")
def log(ctx: typer.Context, limit: int = typer.Option(20, "-n", help="How many entries, newest last."),
        json_: bool = JSON) -> int:
    """The campaign's log of rolls and changes."""
    store, root, camp = _current(ctx)
    printer = Printer(json_)
    for entry in store.read_log(root, camp, limit):
        printer.result(entry, [f"#{entry['seq']} {entry['time']} {entry['kind']}: {entry.get('summary', '')}"
                               f"  ({entry.get('command', '')})"])
    return 0


@core_command()
def undo(ctx: typer.Context, json_: bool = JSON) -> int:
    """Undo the newest change of the campaign (the log keeps both)."""
    store, root, camp = _current(ctx)
    entry = store.undo_last(root, camp, _systems_lookup)
    Printer(json_).result(entry, [f"undone #{entry['seq']}: {entry.get('summary', '')}"])
    return 0


# --- batch ------------------------------------------------------------------


@core_command()
def batch(ctx: typer.Context,
          file: str = typer.Argument("-", help="A file of rolecli command lines, or - for standard input."),
          keep_going: bool = typer.Option(False, "--keep-going", "-k", help="Go on after a line with an error.")) -> int:
    """Run many rolecli command lines in one process (one per line; # comments)."""
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
            args, code = None, _fail(f"line {number}: {exc}")
        else:
            if not args:
                continue
            if args[0] == "rolecli":
                args = args[1:]
            code = _fail(f"line {number}: batch cannot run batch") if args[:1] == ["batch"] else \
                invoke(prefix + args, where=f"line {number}: ")
        failed |= code == 1
        if code >= 2:
            errors = True
            if not keep_going:
                return code
    return 2 if errors else 1 if failed else 0


def _fail(message: str) -> int:
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
    except RoleError as exc:
        return _fail(where + str(exc))
    except ClickException as exc:
        if type(exc).__name__ == "NoArgsIsHelpError":
            print(exc.format_message())
            return 0
        path = " ".join(["rolecli", *exc.ctx.command_path.split()[1:]]) if getattr(exc, "ctx", None) else "rolecli"
        hint = f" See '{path} --help'."
        message = " ".join(exc.format_message().split())
        return _fail(where + message + ("" if message.endswith((".", "?", "!")) else ".") + hint)
    except (Abort, KeyboardInterrupt):
        _fail(where + "interrupted.")
        return 130
    except BrokenPipeError:  # stdout's reader went away (`| head`): a Unix tool's SIGPIPE code
        return 141
    except SystemExit:
        # typer and rich (help pages) end the process with 1 when stdout's reader goes
        # away while they write; 1 means "a check failed" here, so answer as above.
        if _stdout_gone():
            return 141
        raise
    except Exception as exc:  # a bug: one line, unless asked for the traceback
        if os.environ.get("ROLECLI_DEBUG"):
            raise
        print(f"rolecli: {where}internal error: {type(exc).__name__}: {exc} "
              "(a bug; ROLECLI_DEBUG=1 shows the traceback)", file=sys.stderr)
        return 3
    return rv if isinstance(rv, int) else 0


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
    code = invoke(sys.argv[1:] if argv is None else list(argv))
    try:
        sys.stdout.flush()
    except BrokenPipeError:  # `rolecli ... | head` closed the pipe
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        code = 141
    sys.exit(code)
