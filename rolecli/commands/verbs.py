"""A system's verbs as commands, one for each form a verb is played in
(:data:`rolecli.play.Mode`), built from its ActionSpec; :mod:`rolecli.play`
plays them.

The common options (``--seed --dice -n --json --lang --rule --quiet``) are added
here once, so no plugin handles them.
"""

import inspect
from typing import Any

import typer

from rolecli.commands.base import RoleCommand, SpokenGroup, UsageError, for_people, quietly
from rolecli.contract import ActionSpec, Param
from rolecli.errors import RoleError
from rolecli.play import Mode, campaign_system, find_character, run
from rolecli.session import session_of

def _option_names(param: Param) -> list[str]:
    long = "--" + param.name.replace("_", "-")
    if param.kind == "bool":
        long = f"{long}/--no-{param.name.replace('_', '-')}"
    return [long] + ([f"-{param.short}"] if param.short else [])


_ANNOTATION = {"int": int, "float": float, "bool": bool}


def _parameter(param: Param, lang: str) -> inspect.Parameter:
    annotation = str if param.dice else _ANNOTATION.get(param.kind, str)  # dice: convert() reads the text
    help_text = param.help(lang)
    if param.dice:
        help_text += " (o dados: 1d6+1)" if lang == "es" else " (or dice: 1d6+1)"
    if param.policy:  # a choice the player makes mid-roll: scripts get the default, never a prompt
        help_text += " (elección del jugador)" if lang == "es" else " (the player's choice)"
    if param.minimum is not None or param.maximum is not None:
        help_text += f" [{param.minimum if param.minimum is not None else ''}..{param.maximum if param.maximum is not None else ''}]"
    default: Any = ... if param.required else param.default
    if param.kind == "list" and not param.positional:
        # repeatable, each time one item or several by commas: `--invoke A --invoke B` keeps both
        annotation = list[str]
        default = list(default) if isinstance(default, (list, tuple)) else default
    elif param.kind == "list" and isinstance(default, (list, tuple)):
        default = ",".join(map(str, default))
    shown: dict[str, Any] = {"help": help_text, "show_default": not param.required}
    if not param.positional or param.choices:  # an argument is shown by its name, unless it has choices
        shown["metavar"] = _metavar(param)
    if param.choices:  # the shell completes them
        shown["autocompletion"] = _complete_choices(param)
    if param.positional:
        info = typer.Argument(default, **shown)
    else:
        info = typer.Option(default, *_option_names(param), **shown)
    if not param.required and default is None:
        annotation = annotation | None
    return inspect.Parameter(param.name, inspect.Parameter.KEYWORD_ONLY, default=info, annotation=annotation)


def _metavar(param: Param) -> str:
    """What the help page says a parameter takes: its choices (``[controlled|risky|desperate]``),
    ``N`` for a number, the parameter's name for a text, nothing for a flag; never its Python type."""
    if param.kind == "bool":
        return ""
    name = param.name.upper().replace("_", "-")
    single = (f"[{'|'.join(param.choices)}]" if param.choices else "N" if param.kind == "int"
              else "X" if param.kind == "float" else name)
    return single + ",..." if param.kind == "list" else single


def _complete_choices(param: Param):
    """Shell completion of a parameter's choices (the last item of a list)."""

    def complete(incomplete: str) -> list[str]:
        done, _, last = incomplete.rpartition(",") if param.kind == "list" else ("", "", incomplete)
        prefix = done + "," if done else ""
        return [prefix + c for c in param.choices if c.casefold().startswith(last.casefold())]

    return complete


def _complete_characters(ctx: typer.Context, incomplete: str) -> list[str]:
    """Shell completion: the character names of the campaign the command line chose."""
    try:
        from rolecli import campaign as store
        from rolecli.plugins import system_info

        session = session_of(ctx)
        root, name = store.chosen_campaign(session.campaigns, session.campaign, required=False)
        camp = store.load_campaign(root, name, system_info) if name else None
    except Exception:  # completion must never print an error into the shell
        return []
    return [c for c in (camp.characters if camp else {}) if c.lower().startswith(incomplete.lower())]


def _common(spec: ActionSpec, mode: Mode, lang: str) -> list[inspect.Parameter]:
    def opt(name: str, annotation: Any, default: Any, *decls: str, help: str, metavar: str = "") -> inspect.Parameter:
        return inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, annotation=annotation,
                                 default=typer.Option(default, *decls, help=help, metavar=metavar))

    common = [opt("json_", bool, False, "--json", help="Print JSON (one object per result)."),
              opt("lang", str | None, None, "--lang", help="Language: es or en.", metavar="[es|en]"),
              opt("rule", list[str] | None, None, "--rule", help="A rule option, key=value (repeatable).",
                  metavar="KEY=VALUE")]
    if mode in ("odds", "campaign_odds"):
        return common
    if mode == "campaign" and (spec.hook in ("resolve", "roll", "initiative")):
        common.append(opt("force", bool, False, "--force",
                          help="Let a character the rules have taken out of play act anyway (logged as forced)."))
    common += [opt("seed", int | None, None, "--seed", help="Seed for repeatable rolls.", metavar="N"),
               opt("dice", str | None, None, "--dice", help="The dice rolled at the table, in order: a,b,c.",
                   metavar="A,B,..."),
               opt("n", int, 1, "-n", "--repeat", help="Repeat N times (JSON lines with --json).", metavar="N")]
    if mode == "quick" and spec.hook in ("damage", "recover"):
        common.append(opt("with_", list[str] | None, None, "--with",
                          help="A value of the character's sheet or state, key=value (repeatable).", metavar="KEY=VALUE"))
    return common


def _subjects(spec: ActionSpec, mode: Mode) -> list[inspect.Parameter]:
    """The character arguments of the campaign forms."""
    if mode not in ("campaign", "campaign_odds"):
        return []
    positional = inspect.Parameter.KEYWORD_ONLY
    if spec.hook in ("recover", "initiative") and mode == "campaign":
        return [inspect.Parameter("subject_names", positional, annotation=list[str] | None, default=typer.Argument(
            None, help="Characters (all of the campaign's when none are named).", metavar="NAMES",
            autocompletion=_complete_characters))]
    params = []
    if spec.actor != "none" or spec.hook == "damage":
        params.append(inspect.Parameter("subject_actor", positional, annotation=str, default=typer.Argument(
            ..., help="The character acting (or hit).", metavar="CHARACTER", autocompletion=_complete_characters)))
    if spec.target:
        params.append(inspect.Parameter("subject_target", positional, annotation=str | None, default=typer.Option(
            None, "--target", "-t", help="The other character.", metavar="CHARACTER",
            autocompletion=_complete_characters)))
    return params


def build_command(system, spec: ActionSpec, mode: Mode, lang: str):
    """A click command for one verb of ``system`` in the given form."""
    from rolecli.declarations import check_action, complete_action

    check_action(system.info, spec)
    spec = complete_action(system.info, spec)  # a system registered by hand is completed here
    declared = [_parameter(p, lang) for p in spec.params]
    positional = [p for p, d in zip(declared, spec.params) if d.positional]
    options = [p for p, d in zip(declared, spec.params) if not d.positional]
    subjects = _subjects(spec, mode)
    # Arguments in order: the acting character, the verb's own arguments, then
    # the variadic list of characters (which must come last).
    variadic = [p for p in subjects if p.name == "subject_names"]
    context = inspect.Parameter("ctx", inspect.Parameter.KEYWORD_ONLY, annotation=typer.Context)
    signature = inspect.Signature([context] + [p for p in subjects if p.name != "subject_names"] + positional
                                  + variadic + options + _common(spec, mode, lang))

    def callback(ctx: typer.Context, **kw: Any) -> int:
        return run(system, spec, mode, session_of(ctx), kw)

    callback.__signature__ = signature  # type: ignore[attr-defined]
    app = typer.Typer(add_completion=False)
    app.command(name=spec.name, help=spec.help(lang), cls=RoleCommand)(quietly(callback))
    return typer.main.get_command(app)


# Keyed by the System object, whose hooks the command calls (the command keeps it
# alive, so its id is never reused): a process may load its plugins anew (tests).
_built: dict[tuple, Any] = {}


def command_for(system, spec: ActionSpec, mode: Mode, lang: str):
    """The command of one verb in one form, built once per process (batch runs thousands of lines)."""
    key = (id(system), spec.name, mode, lang)
    if key not in _built:
        _built[key] = build_command(system, spec, mode, lang)
    return _built[key]


def system_group(system, lang: str):
    """``rolecli <system>``: the group of a system's verbs as quick rolls."""
    class QuickRolls(SpokenGroup):
        def parse_args(self, ctx, args):
            ctx.meta["rolecli.words"] = list(args)  # the verb and its arguments, as typed
            return super().parse_args(ctx, args)

        def invoke(self, ctx):
            try:
                return super().invoke(ctx)
            except Exception as exc:
                hint = _campaign_form(system, ctx, ctx.meta.get("rolecli.words", []), exc)
                if hint is None:
                    raise
                raise RoleError(hint) from None

    key = (id(system), lang)
    if key not in _built:
        group = QuickRolls(name=system.info.name, help=f"{system.info.names(lang)}.", no_args_is_help=True)
        for spec in system.info.actions:
            group.add_command(command_for(system, spec, "quick", lang), spec.name)
        _built[key] = group
    return _built[key]


def _campaign_form(system, ctx, words: list[str], exc: Exception) -> str | None:
    """When a quick roll failed on a character's name (``rolecli -C caminantes
    fate check Lucía Atletismo``): that the system-prefixed form takes raw
    numbers, and the campaign form that rolls for the character."""
    from rolecli import campaign as store
    from rolecli.plugins import PluginFailure, system_info

    if isinstance(exc, PluginFailure) or not isinstance(exc, (UsageError, RoleError)) or len(words) < 2:
        return None
    session = session_of(ctx)
    try:
        root, name = store.chosen_campaign(session.campaigns, session.campaign, required=False)
        if not name or store.system_of(root, name) != system.info.name:
            return None
        who = find_character(store.load_campaign(root, name, system_info).characters, words[1], name).name
    except RoleError:  # no such character (or no campaign to look in): the quick roll's own error stands
        return None
    import re
    import shlex

    verb = system.info.action(words[0])
    if verb is None or (verb.actor == "none" and verb.hook != "damage"):
        return None
    chosen = ["-C", name] if session.campaign else []  # else the current campaign, as now
    form = " ".join(w if re.fullmatch(r"[\w@%+=:,./-]+", w) else shlex.quote(w)  # Lucía needs no quotes
                    for w in ["rolecli", *chosen, words[0], who, *words[2:]])
    return (f"'rolecli {system.info.name} {words[0]}' is the quick roll, with raw numbers and no campaign; "
            f"to roll for {who} of campaign {name!r}, leave out the system: {form}")


def odds_of_verb(ctx, args: list[str], json_: bool, lang: str) -> int:
    """``rolecli odds SYSTEM VERB ...`` (a quick form) or ``rolecli odds VERB ACTOR
    ...`` (the current campaign's system, on its characters); ``ctx`` is the
    ``odds`` command's context, whose root holds the session."""
    from rolecli.plugins import get_plugins

    plugins = get_plugins()
    if args[0] in plugins.systems:
        system, verb, rest, mode = plugins.systems[args[0]], args[1:2], args[2:], "odds"
    else:
        system = campaign_system(session_of(ctx))
        if system is None:
            plugins.system(args[0])  # no campaign: the word was meant as a system, which is unknown
        verb, rest, mode = args[:1], args[1:], "campaign_odds"
    spec = system.info.action(verb[0]) if verb else None
    if spec is None or not spec.odds:
        verbs = ", ".join(a.name for a in system.info.actions if a.odds) or "none"
        if mode == "odds" or not verb:
            raise RoleError(f"odds {system.info.name} needs one of its verbs with odds: {verbs}.")
        raise RoleError(f"{verb[0]!r} is neither a rule system nor a verb with odds of the current campaign's system "
                        f"{system.info.name!r} (verbs with odds: {verbs}); installed systems: "
                        f"{', '.join(plugins.systems)}.")
    command = command_for(system, spec, mode, lang)
    for_people(command, ctx)
    name = f"odds {args[0]} {spec.name}" if mode == "odds" else f"odds {spec.name}"
    # A child of the root (not of `odds`, whose arguments would show in its usage lines). What
    # `odds` was given goes first: a `--` among the verb's words ends its options, and the
    # verb's own --lang, after, wins.
    with command.make_context(name, (["--json"] if json_ else []) + ["--lang", lang] + rest,
                              parent=ctx.find_root()) as sub:
        return command.invoke(sub)
