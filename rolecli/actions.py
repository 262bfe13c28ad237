"""A system's verbs as commands: built from its ActionSpecs, run through its hooks.

Every verb exists in up to four forms, built from the same declaration:

- ``quick``: ``rolecli <system> <verb> ...`` with raw numbers, no campaign;
- ``campaign``: ``rolecli <verb> ACTOR ...`` on the current campaign's characters,
  logged, with state changes written under the campaign's lock;
- ``odds``: ``rolecli odds <system> <verb> ...``, exact odds without rolling;
- ``campaign_odds``: ``rolecli odds <verb> ACTOR ...``, the same on the current
  campaign's characters and rule options (nothing written, nothing logged).

A campaign's house rules (``[rules] house``) join the hook calls of its forms;
``--rule house=name`` switches them on for one command.

The common options (``--seed --dice -n --json --lang --rule --quiet``) are added
here once, so no plugin handles them.
"""

from __future__ import annotations

import copy
import inspect
from dataclasses import dataclass, field, replace
from typing import Any, Literal

import typer

from rolecli.contract import Action, ActionSpec, Character, Context, Outcome, Param, SystemInfo, check_range
from rolecli.dice.amount import Rolled
from rolecli.dice.source import DiceSource, parse_given
from rolecli.errors import RoleError
from rolecli.i18n import choose_lang
from rolecli.output import Printer, dice_lines, note
from rolecli.session import session_of
from rolecli.status import able, refuse_unless_able

Mode = Literal["quick", "campaign", "odds", "campaign_odds"]

_HOOKS = {
    "roll": "rolecli_roll",
    "resolve": "rolecli_resolve",
    "damage": "rolecli_apply_damage",
    "recover": "rolecli_recover",
    "initiative": "rolecli_initiative",
}


# --- building the command ---------------------------------------------------


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
    if param.kind == "list" and isinstance(default, (list, tuple)):
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


def _complete_characters(incomplete: str) -> list[str]:
    """Shell completion: the current campaign's character names."""
    try:
        from rolecli import campaign as store

        root = store.campaigns_dir(None)
        name = store.current_name(root)
        camp = store.load_campaign(root, name, _system_info) if name else None
    except Exception:  # completion must never print an error into the shell
        return []
    return [c for c in (camp.characters if camp else {}) if c.lower().startswith(incomplete.lower())]


def _system_info(name: str) -> SystemInfo:
    from rolecli.plugins import get_plugins

    return get_plugins().system(name).info


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
    from rolecli.cli import RoleCommand, quietly

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
    from typer.core import TyperGroup

    class QuickRolls(TyperGroup):
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
    from rolecli.cli import UsageError
    from rolecli.plugins import PluginFailure

    if isinstance(exc, PluginFailure) or not isinstance(exc, (UsageError, RoleError)) or len(words) < 2:
        return None
    session = session_of(ctx)
    try:
        root = store.campaigns_dir(session.campaigns)
        name = session.campaign or store.current_name(root)
        if not name or store.system_of(root, name) != system.info.name:
            return None
        who = find_character(store.load_campaign(root, name, _system_info).characters, words[1], name).name
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


# --- running it -------------------------------------------------------------


def convert(spec: ActionSpec, kw: dict[str, Any]) -> dict[str, Any]:
    """The verb's parameters, checked against their declared choices and ranges."""
    params: dict[str, Any] = {}
    for p in spec.params:
        value = kw.get(p.name)
        flag = p.name if p.positional else "--" + p.name.replace("_", "-")
        if value is None:
            params[p.name] = None
            continue
        if p.kind == "list":
            value = tuple(v.strip() for v in str(value).split(",") if v.strip())
        if p.kind == "choice" or (p.choices and p.kind == "str"):
            match = next((c for c in p.choices if c.casefold() == str(value).casefold()), None)
            if match is None:
                raise RoleError(f"{flag} {value!r} is not one of: {', '.join(p.choices)}.")
            value = match
        if p.kind in ("int", "float"):
            if p.dice:
                value = _number_or_dice(p, flag, value)
            if not isinstance(value, Rolled):
                check_range(flag, value, p.minimum, p.maximum)
        params[p.name] = value
    return params


def _number_or_dice(p: Param, flag: str, value: Any) -> Any:
    """A rollable parameter's value as typed: a plain number, or the dice to
    roll for it (:class:`~rolecli.dice.amount.Rolled`, checked as an encounter
    file's: an expression, whose range lies within the parameter's)."""
    if not isinstance(value, str):
        return value
    text = value.strip()
    try:
        return int(text) if p.kind == "int" else float(text)
    except ValueError:
        pass
    from rolecli.dice.amount import rolled

    try:
        return rolled(p, text)
    except RoleError as exc:
        shown = text if len(text) <= 40 else text[:39] + "…"  # the error says why; a page of digits says nothing
        raise RoleError(f"{flag} {shown!r} {exc}") from None


def rule_options(info: SystemInfo, given: dict[str, Any], overrides: list[str] | None) -> dict[str, Any]:
    """The rule options in force: defaults, then the campaign's, then ``--rule key=value``
    (read as ``campaign rule set`` reads a value: ``true``, ``3`` and ``"sotc"`` or bare ``sotc`` all work)."""
    from rolecli.campaign.validate import option_problem, read_rule_value, rule_option
    from rolecli.names import closest

    options = info.rule_options(given)
    for text in overrides or ():
        key, sep, raw = (part.strip() for part in text.partition("="))
        option = rule_option(info, key)
        if not sep or option is None:
            raise RoleError(f"--rule {text!r}: write key=value with a rule option of {info.name}."
                            + closest(key, [o.key for o in info.options], "Options"))
        value = read_rule_value(key, raw)
        problem = option_problem(option, value)
        if problem:
            raise RoleError(f"--rule {key}={raw} {problem}.")
        options[key] = value
    return options


def find_character(characters: dict[str, Character], name: str, campaign: str) -> Character:
    """A campaign character by name, ignoring case and accents."""
    from rolecli.campaign.store import find_character as find

    return characters[find(characters, name, campaign)]


def call(system, spec: ActionSpec, action: Action, ctx: Context, subjects: list[Character]) -> Outcome:
    hook = getattr(system.hooks, _HOOKS[spec.hook])
    if spec.hook == "damage":
        result = hook(character=subjects[0], action=action, ctx=ctx)
    elif spec.hook == "recover":
        outcomes = [hook(character=c, event=action.params.get("event"), action=action, ctx=ctx) for c in subjects]
        outcomes = [o for o in outcomes if o is not None]
        result = _merge(outcomes) if outcomes else None
    elif spec.hook == "initiative":
        result = hook(characters=subjects, action=action, ctx=ctx)
    else:
        result = hook(action=action, ctx=ctx)
    if result is None:
        raise RoleError(f"system {system.info.name!r} gave no result for {spec.name!r}; the plugin does not implement it.")
    return result


@dataclass
class _Merged(Outcome):
    """The outcomes of a verb called once per character (recovery), as one;
    ``summaries``: each call's summary (its last line), for the log."""

    summaries: list[str] = field(default_factory=list)


def _merge(outcomes: list[Outcome]) -> Outcome:
    merged = _Merged(data={"results": [o.data for o in outcomes]}, lines=[], success=None)
    for o in outcomes:
        merged.lines += o.lines
        merged.changes.update(o.changes)
        merged.summaries += o.lines[-1:]
    return merged


def summary_of(spec: ActionSpec, outcome: Outcome) -> str:
    """The log's summary of a verb: its outcome's last line, except that a verb
    on several characters names each of them: a recovery joins each one's
    summary, an initiative gives its order (whose last line is only the last
    character's). Numbers given as dice come first, as an encounter tells
    them: ``damage 1d6 = 4 — Ana: 8/12 HP``."""
    order = outcome.data.get("order") if spec.hook == "initiative" else None
    if isinstance(outcome, _Merged) and outcome.summaries:
        said = "; ".join(line.rstrip(".") for line in outcome.summaries)  # one sentence
    elif isinstance(order, (list, tuple)) and order:
        said = f"{spec.name}: {', '.join(dict.fromkeys(map(str, order)))}"
    else:
        said = outcome.lines[-1] if outcome.lines else spec.name
    amounts = outcome.data.get("amounts") if any(p.dice for p in spec.params) else None  # the core's key
    if isinstance(amounts, dict) and amounts:
        rolled = ", ".join(f"{a['expression']} = {a['total']}" for a in amounts.values())
        said = f"{spec.name} {rolled} — {said}"
    return said


def blank_character(info: SystemInfo, name: str, values: list[str] | None) -> Character:
    """A throw-away character for quick damage and recovery: the template's
    defaults, with ``--with key=value`` values set (as a sheet would set them)."""
    from rolecli.campaign import parse_assignments
    from rolecli.campaign.snapshot import build_character

    return build_character(info, name, parse_assignments(info, list(values or ())), {})


def with_house(system, options: dict[str, Any]):
    """``system`` with the house rules ``options`` switch on joining its hook calls."""
    from rolecli.declarations import HOUSE_KEY

    if not options.get(HOUSE_KEY):
        return system
    from rolecli.plugins import get_plugins

    return get_plugins().system(system.info.name, options[HOUSE_KEY])


def run(system, spec: ActionSpec, mode: Mode, session, kw: dict[str, Any]) -> int:
    lang = choose_lang(kw.pop("lang", None) or session.lang)
    printer = Printer(kw.pop("json_", False))
    rules = kw.pop("rule", None)
    if mode == "odds":
        ctx = Context(lang, DiceSource(0), rule_options(system.info, {}, rules), {})
        return _run_odds(with_house(system, ctx.options), spec, ctx, printer, Action(spec.name, convert(spec, kw)), kw)
    if mode == "campaign_odds":
        return _run_campaign_odds(system, spec, session, lang, printer, rules, kw)
    repeat = kw.pop("n", 1)
    if repeat < 1 or repeat > 100_000:
        raise RoleError(f"-n {repeat} is out of range 1..100000.")
    source = DiceSource(kw.pop("seed", None), parse_given(kw.pop("dice", None)))
    if mode == "quick":
        subject = None
        if spec.hook in ("damage", "recover"):
            from rolecli.i18n import t

            subject = blank_character(system.info, t("character", lang), kw.pop("with_", None))
        ctx = Context(lang, source, rule_options(system.info, {}, rules), {})
        system = with_house(system, ctx.options)
        action = Action(spec.name, convert(spec, kw))
        results = _repeat(system, spec, action, ctx, [subject] if subject else [], repeat, source)
        return _print(system, spec, results, printer, lang)
    from rolecli import campaign as store

    root = store.campaigns_dir(session.campaigns)
    name = session.campaign or store.current_name(root)
    if not name:
        raise RoleError("no current campaign: choose one with 'rolecli campaign use NAME' or pass --campaign NAME.")
    from rolecli.conflict import Scene

    with store.transaction(root, name, _system_info, command=session.command_line) as camp:
        characters = camp.working_copies()  # a character is copied when the verb first looks at it
        scene = Scene.load(camp.scene)
        ctx = Context(lang, source, rule_options(camp.info, camp.options, rules), characters,
                      tuple(scene.effects), scene.turn)
        system = with_house(system, ctx.options)
        actor, target, names = kw.pop("subject_actor", None), kw.pop("subject_target", None), kw.pop("subject_names", None)
        actor = find_character(characters, actor, name) if actor else None
        target = find_character(characters, target, name) if target else None
        force = kw.pop("force", False)
        forced: list[str] = []
        if spec.hook in ("recover", "initiative"):
            subjects = [find_character(characters, n, name) for n in names] if names else list(characters.values())
            if spec.hook == "initiative" and not force:
                subjects, left = able(system, subjects, ctx)
                for who, status in left:
                    note(f"{who.name} {'queda fuera' if lang == 'es' else 'is left out'}: "
                         f"{status.why(lang) if status.why else status.key}.")
        else:
            subjects = [actor] if actor else []
        if actor is not None and spec.hook in ("resolve", "roll"):
            if not refuse_unless_able(system, actor, ctx, force).can_act:
                forced.append(actor.name)
        action = Action(spec.name, convert(spec, kw), actor, target)
        results = _repeat(system, spec, action, ctx, subjects, repeat, source, scene)
        if spec.hook == "recover" and action.params.get("event") == "end_of_scene":
            results[-1][0].lines += _expired(scene.end_scene(), lang)  # the scene's effects end with it
        # Only what the outcomes name: a hook's in-place edit of another character is not written.
        touched = {n for outcome, _ in results for n in outcome.changes if n in characters}
        changed = {n: characters[n].state for n in touched if characters[n].state != camp.characters[n].state}
        summary = summary_of(spec, results[-1][0])
        data = {"action": spec.name, "results": [o.data for o, _ in results]}
        if forced:  # the game master overrode the rules: the log says so
            data["forced"] = forced
            summary = f"[forced: {', '.join(forced)}] {summary}"
        camp.record(Outcome(data=data, lines=[], success=results[-1][0].success, changes=changed),
                    kind="change" if changed else "roll", summary=summary, scene=scene.dump())
    return _print(system, spec, results, printer, lang)


def _repeat(system, spec, action, ctx, subjects, repeat, source, scene=None) -> list[tuple[Outcome, list]]:
    results = []
    live = {name: value for name, value in action.params.items() if isinstance(value, Rolled)}
    for _ in range(repeat):
        start = len(source.reads)
        if live:  # rolled anew at every repetition, as an encounter file's dice at every call
            outcome = _rolling(system, spec, action, ctx, subjects, live, source)
        else:
            outcome = call(system, spec, action, ctx, subjects)
        keys = system.info.state_keys
        for name, state in outcome.changes.items():
            for who in [ctx.characters.get(name), *subjects]:
                if who is not None and who.name == name:  # as a campaign keeps it: a state field left out stays
                    who.state = {**{k: who.state[k] for k in keys if k in who.state}, **state}
        if scene is not None:
            _lasting(system, outcome, ctx, scene)
        results.append((outcome, source.reads[start:]))
    source.finish()  # leftover --dice values are an error, before anything is written
    return results


def _rolling(system, spec, action, ctx, subjects, live: dict[str, Rolled], source) -> Outcome:
    """The verb with its numbers given as dice rolled first: the hook gets the
    totals; the outcome says what was rolled, first among its lines and under
    ``amounts`` (expression, total and the dice read, which the log keeps)."""
    params, amounts, lines = dict(action.params), {}, []
    for name, value in live.items():
        start = len(source.reads)
        result = value.roll(source)
        params[name] = result.total
        amounts[name] = {"expression": str(value), "total": result.total,
                         "dice": [r.as_json() for r in source.reads[start:]]}
        lines.append(f"{name}: {result.breakdown}")
    outcome = call(system, spec, replace(action, params=params), ctx, subjects)
    outcome.lines = lines + outcome.lines
    outcome.data = {**outcome.data, "amounts": amounts}
    return outcome


def _lasting(system, outcome: Outcome, ctx: Context, scene) -> None:
    """The effects a verb leaves and uses up, kept in the campaign's scene, so
    that the next command (or repetition) finds them in ``ctx.effects``."""
    from rolecli.contract import Effect
    from rolecli.plugins import PluginFailure

    for effect in outcome.effects:
        if not isinstance(effect, Effect) or effect.on not in ctx.characters:
            what = effect.on if isinstance(effect, Effect) else type(effect).__name__
            raise PluginFailure(system.record, "its verb", TypeError(
                f"it left an effect on {what!r}, which is not an Effect on a character of the campaign"))
    outcome.effects = [scene.add(effect) for effect in outcome.effects]
    scene.remove(outcome.used)
    ctx.effects = tuple(scene.effects)


def _expired(events, lang: str) -> list[str]:
    return [(f"Expira #{e.effect.id} sobre {e.name}: {e.effect.text}." if lang == "es"
             else f"Expires: #{e.effect.id} on {e.name}: {e.effect.text}.") for e in events]


def _print(system, spec, results, printer: Printer, lang: str) -> int:
    failed = False
    for outcome, reads in results:
        payload = {"system": system.info.name, "action": spec.name, **outcome.data}
        payload.update(system=system.info.name, action=spec.name, success=outcome.success,  # the core's keys win
                       dice=[r.as_json() for r in reads], explanation=outcome.lines)
        if outcome.changes:
            payload["changes"] = outcome.changes
        if outcome.effects:
            payload["effects"] = [e.as_json() for e in outcome.effects]
        printer.result(payload, outcome.lines + dice_lines(reads, lang))
        failed |= outcome.success is False
    return 1 if failed else 0


def _run_campaign_odds(system, spec: ActionSpec, session, lang: str, printer: Printer, rules, kw) -> int:
    """``rolecli odds VERB ACTOR ...``: the odds on the current campaign's characters, with its rule options."""
    from rolecli import campaign as store

    root = store.campaigns_dir(session.campaigns)
    name = session.campaign or store.current_name(root)
    camp = store.load_campaign(root, name, _system_info)
    characters = {k: copy.deepcopy(v) for k, v in camp.characters.items()}
    ctx = Context(lang, DiceSource(0), rule_options(camp.info, camp.options, rules), characters)
    actor, target = kw.pop("subject_actor", None), kw.pop("subject_target", None)
    action = Action(spec.name, convert(spec, kw), find_character(characters, actor, name) if actor else None,
                    find_character(characters, target, name) if target else None)
    return _run_odds(with_house(system, ctx.options), spec, ctx, printer, action, kw)


def _run_odds(system, spec: ActionSpec, ctx: Context, printer: Printer, action: Action, kw) -> int:
    from rolecli.i18n import t

    lang = ctx.lang
    for name, value in action.params.items():
        if isinstance(value, Rolled):
            raise RoleError(f"{name} {value}: exact odds take a plain number here, not dice; give the number to "
                            "reckon with (each of its values has its own odds).")
    odds = system.hooks.rolecli_odds(action=action, ctx=ctx)
    if odds is None:
        raise RoleError(f"system {system.info.name!r} cannot compute odds for {spec.name!r}.")
    exact = {k: f"{p.numerator}/{p.denominator}" for k, p in odds.outcomes.items()}
    payload = {"system": system.info.name, "action": spec.name,
               "outcomes": {k: {"p": exact[k], "p_float": float(p)} for k, p in odds.outcomes.items()}}
    rows = [[f"{float(p):.4%}", exact[k], odds.labels[k](lang) if k in odds.labels else k]
            for k, p in odds.outcomes.items()]
    who = [c.name for c in (action.actor, action.target) if c is not None]
    given = " ".join(who + [f"{k}={v}" for k, v in kw.items() if v not in (None, False, "", ())])
    printer.table(payload, f"{system.info.names(lang)}: {spec.name} {given}",
                  ["%", t("exact", lang), t("outcome", lang)], rows, odds.lines)
    return 0


def odds_of_verb(ctx, args: list[str], json_: bool, lang: str) -> int:
    """``rolecli odds SYSTEM VERB ...`` (a quick form) or ``rolecli odds VERB ACTOR
    ...`` (the current campaign's system, on its characters); ``ctx`` is the
    ``odds`` command's context, whose root holds the session."""
    from rolecli.plugins import get_plugins

    plugins = get_plugins()
    if args[0] in plugins.systems:
        system, verb, rest, mode = plugins.systems[args[0]], args[1:2], args[2:], "odds"
    else:
        from rolecli.cli import _campaign_system

        system = _campaign_system(session_of(ctx))
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
    from rolecli.cli import for_people

    for_people(command, ctx)
    name = f"odds {args[0]} {spec.name}" if mode == "odds" else f"odds {spec.name}"
    # A child of the root (not of `odds`, whose arguments would show in its usage lines). What
    # `odds` was given goes first: a `--` among the verb's words ends its options, and the
    # verb's own --lang, after, wins.
    with command.make_context(name, (["--json"] if json_ else []) + ["--lang", lang] + rest,
                              parent=ctx.find_root()) as sub:
        return command.invoke(sub)
