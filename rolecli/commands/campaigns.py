"""``campaign`` and ``character``: create, list, choose, show and edit campaigns and their characters."""

from typing import Optional

import typer

from rolecli.campaign.locate import show
from rolecli.campaign.validate import dotted, read_rule_value, rule_option
from rolecli.commands import (JSON, LANG, REGISTRY, campaign_store, complete_campaigns, current_campaign,
                              systems_lookup)
from rolecli.commands.base import language
from rolecli.errors import RoleError
from rolecli.i18n import say
from rolecli.output import Printer, note
from rolecli.session import session_of

campaign_app = typer.Typer(name="campaign", help="Create, list, show and choose campaigns.", no_args_is_help=True)
character_app = typer.Typer(name="character", help="Add, show, edit, remove and rename a campaign's characters.",
                            no_args_is_help=True)
REGISTRY.update(campaign=campaign_app, character=character_app)


@campaign_app.command("new")
def campaign_new(ctx: typer.Context, name: str = typer.Argument(..., help="Folder name of the campaign."),
                 system: str = typer.Option("dice", "--system", "-s", help="Its rule system (see 'rolecli systems')."),
                 title: Optional[str] = typer.Option(None, "--title", help="A title to show."),
                 json_: bool = JSON) -> int:
    """Create a campaign (and make it current if there is none)."""
    store, root, _ = campaign_store(ctx)
    path = store.create_campaign(root, name, systems_lookup(system), title)
    if not store.current_name(root):
        store.set_current(root, name)
    Printer(json_).result({"name": name, "system": system, "path": str(path)}, [f"created {path}"])
    return 0


@campaign_app.command("list")
def campaign_list(ctx: typer.Context, json_: bool = JSON) -> int:
    """List the campaigns of the campaigns folder; * marks the current one."""
    store, root, _ = campaign_store(ctx)
    current = store.current_name(root)
    printer = Printer(json_)
    names = store.list_campaigns(root)
    if not names and not json_:
        note(say(f"no campaigns in {root}; create one with 'rolecli campaign new NAME --system SYSTEM'.", language(ctx)))
    for name in names:
        try:
            system = store.system_of(root, name)
        except RoleError as exc:  # one broken campaign must not hide the others
            note(say(exc.text(language(ctx)), language(ctx)))
            system = "?"
        printer.result({"name": name, "system": system, "current": name == current},
                       [f"{'*' if name == current else ' '} {name}\t{system}"])
    return 0


@campaign_app.command("use")
def campaign_use(ctx: typer.Context, name: str = typer.Argument(..., autocompletion=complete_campaigns),
                 json_: bool = JSON) -> int:
    """Make a campaign the current one."""
    store, root, _ = campaign_store(ctx)
    store.set_current(root, name)
    if json_:
        Printer(True).result({"current": name}, [])
    else:
        note(say(f"current campaign: {name}", language(ctx)))
    return 0


@campaign_app.command("show")
def campaign_show(ctx: typer.Context,
                  name: Optional[str] = typer.Argument(None, autocompletion=complete_campaigns),
                  json_: bool = JSON) -> int:
    """Show a campaign: its system, rule options and characters."""
    store, root, name = current_campaign(ctx, name)
    camp = store.load_campaign(root, name, systems_lookup)
    payload = {"name": camp.name, "title": camp.title, "system": camp.system, "rules": camp.options,
               "characters": {n: {"sheet": c.sheet, "state": c.state} for n, c in camp.characters.items()}}
    lines = [f"{camp.name}: {camp.title} [{camp.system}]" if camp.title else f"{camp.name} [{camp.system}]"]
    lines += [f"rules: {dotted(camp.options)}"] if camp.options else []
    lines += [_character_line(c) for c in camp.characters.values()]
    Printer(json_).result(payload, lines)
    return 0


def _character_line(c) -> str:
    """``  Ana: hp=10, traits={Fuerza = 3} | damage=2``: the sheet, then the state, values as campaign.toml writes them."""
    def pairs(values: dict) -> str:
        return ", ".join(f"{key}={show(value)}" for key, value in values.items())

    return f"  {c.name}" + (f": {pairs(c.sheet)}" if c.sheet else "") + (f" | {pairs(c.state)}" if c.state else "")


rule_app = typer.Typer(name="rule", help="Show, set and unset the campaign's rule options (\\[rules] of campaign.toml).",
                       no_args_is_help=True)
campaign_app.add_typer(rule_app)


@rule_app.command("show")
def rule_show(ctx: typer.Context, json_: bool = JSON, lang: Optional[str] = LANG) -> int:
    """Every rule option in force: its value, whether campaign.toml sets it, what it changes."""
    from rolecli.house_rules import HOUSE_KEY
    from rolecli.i18n import choose_lang

    lang_ = choose_lang(lang or session_of(ctx).lang)
    store, root, name = current_campaign(ctx)
    camp = store.load_campaign(root, name, systems_lookup)
    printer = Printer(json_)
    for key in [o.key for o in camp.info.options] + [HOUSE_KEY]:
        option, written = rule_option(camp.info, key), key in camp.written_rules
        value = camp.options.get(key, option.default)
        printer.result({"campaign": name, "key": key, "value": value, "default": option.default, "written": written,
                        "choices": list(option.choices), "help": option.help(lang_)},
                       [f"{key} = {show(value)}{'' if written else '  (default)'}  {option.help(lang_)}"])
    return 0


@rule_app.command("set")
def rule_set(ctx: typer.Context, key: str = typer.Argument(..., metavar="KEY", help="The rule option."),
             value: str = typer.Argument(..., metavar="VALUE", help="Its value, as in \\[rules] or --rule: sotc, 3, true."),
             json_: bool = JSON) -> int:
    """Set a rule option in campaign.toml, checked as \\[rules] is; the file's comments stay, and undo puts it back."""
    return _rule_changed(ctx, key, read_rule_value(key, value), json_)


@rule_app.command("unset")
def rule_unset(ctx: typer.Context, key: str = typer.Argument(..., metavar="KEY", help="The rule option."),
               json_: bool = JSON) -> int:
    """Remove a rule option from campaign.toml, so its default applies; undo puts it back."""
    return _rule_changed(ctx, key, None, json_)


def _rule_changed(ctx: typer.Context, key: str, value, json_: bool) -> int:
    store, root, name = current_campaign(ctx)
    camp = store.set_rule(root, name, key, value, systems_lookup, command=session_of(ctx).command_line)
    now = camp.options.get(key, rule_option(camp.info, key).default)
    said = f"{name}: rules.{key} = {show(now)}" + ("" if value is not None else " (its default)")
    Printer(json_).result({"campaign": name, "key": key, "value": now, "written": value is not None}, [said])
    return 0


@campaign_app.command("edit")
def campaign_edit(ctx: typer.Context, name: Optional[str] = typer.Argument(None, autocompletion=complete_campaigns)) -> int:
    """Open campaign.toml in $EDITOR; the edit is kept only if it is valid."""
    store, root, name = current_campaign(ctx, name)
    store.edit_in_editor(root, name, systems_lookup, command=session_of(ctx).command_line)
    return 0


@character_app.command("add")
def character_add(ctx: typer.Context, name: str = typer.Argument(..., help="The character's name."),
                  values: Optional[list[str]] = typer.Argument(None, help="Sheet values, key=value (skills.Alerta=3)."),
                  count: Optional[int] = typer.Option(None, "--count", "-c", min=1, max=100,
                                                      help="Make this many from one stat block: NAME 1, NAME 2..."),
                  json_: bool = JSON) -> int:
    """Add a character from the system's template (or a group of them with --count)."""
    store, root, camp = current_campaign(ctx)
    chars = store.add_characters(root, camp, name, store.parse_assignments(
        systems_lookup(store.system_of(root, camp)), values or []), systems_lookup, count=count,
        command=session_of(ctx).command_line)
    printer = Printer(json_)
    for char in chars:
        printer.result({"name": char.name, "sheet": char.sheet, "state": char.state}, [_character_line(char)])
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
    store, root, camp_name = current_campaign(ctx)
    camp = store.load_campaign(root, camp_name, systems_lookup)
    chars = [camp.character(name)] if name else list(camp.characters.values())
    from rolecli.play import with_house

    system = with_house(get_plugins(camp.system).system(camp.system), dict(camp.options))
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
    store, root, camp = current_campaign(ctx)
    info = systems_lookup(store.system_of(root, camp))
    store.set_sheet_values(root, camp, name, store.parse_assignments(info, values), systems_lookup,
                           command=session_of(ctx).command_line)
    return character_show(ctx, name, json_, None)


@character_app.command("edit")
def character_edit(ctx: typer.Context, name: str = typer.Argument(...)) -> int:
    """Open the campaign file in $EDITOR at this character's sheet."""
    store, root, camp = current_campaign(ctx)
    store.edit_in_editor(root, camp, systems_lookup, character=name, command=session_of(ctx).command_line)
    return 0


@character_app.command("remove")
def character_remove(ctx: typer.Context, name: str = typer.Argument(...), json_: bool = JSON) -> int:
    """Remove a character: its sheet (and the comments right above it) and its state; undo puts it back."""
    store, root, camp = current_campaign(ctx)
    char = store.remove_character(root, camp, name, systems_lookup, command=session_of(ctx).command_line)
    Printer(json_).result({"removed": char.name}, [f"removed {char.name}"])
    return 0


@character_app.command("rename")
def character_rename(ctx: typer.Context, old: str = typer.Argument(..., metavar="OLD"),
                     new: str = typer.Argument(..., metavar="NEW"), json_: bool = JSON) -> int:
    """Rename a character, in its sheet and its state (a name in use is refused)."""
    store, root, camp = current_campaign(ctx)
    char = store.rename_character(root, camp, old, new, systems_lookup, command=session_of(ctx).command_line)
    Printer(json_).result({"name": char.name, "sheet": char.sheet, "state": char.state}, [_character_line(char)])
    return 0
