"""A campaign's history: the ``log`` of rolls and changes, ``undo`` and ``redo``."""

from typing import Optional

import typer

from rolecli.commands import JSON, core_command, current_campaign, systems_lookup
from rolecli.output import Printer
from rolecli.session import session_of


@core_command("log")
def log(ctx: typer.Context,
        limit: Optional[int] = typer.Option(None, "-n", help="How many entries, newest last (default 20, or every "
                                                             "one with --since, --last or --format markdown)."),
        since: Optional[str] = typer.Option(None, "--since", metavar="WHEN",
                                            help="From log entry WHEN (12 or #12) or a date and time "
                                                 "(2026-11-29, 2026-11-29T18:00) on."),
        last: Optional[str] = typer.Option(None, "--last", metavar="SPAN",
                                           help="Only the last SPAN of time: 90m, 3h, 2d, 1w."),
        format_: str = typer.Option("text", "--format", metavar="FORMAT",
                                    help="text, or markdown: a session recap to paste into the group's notes."),
        json_: bool = JSON) -> int:
    """The campaign's log of rolls and changes, or a session recap (--format markdown)."""
    from rolecli.campaign.log import since_option
    from rolecli.errors import RoleError

    if format_ not in ("text", "markdown"):
        raise RoleError(f"--format {format_!r}: give text or markdown (--json for JSON).")
    if format_ == "markdown" and json_:
        raise RoleError("--format markdown and --json are two formats; give one of them.")
    store, root, camp = current_campaign(ctx)
    start = since_option(since, last)
    if limit is None and start is None and format_ == "text":
        limit = 20
    entries = store.read_log(root, camp, limit, start)
    if format_ == "markdown":
        return _recap(ctx, store, root, camp, entries)
    printer = Printer(json_)
    for entry in entries:
        printer.result(entry, [f"#{entry['seq']} {entry['time']} {entry['kind']}: {entry.get('summary', '')}"
                               f"  ({entry.get('command', '')})"])
    return 0


def _recap(ctx: typer.Context, store, root, name: str, entries: list) -> int:
    """Print ``entries`` as a Markdown session recap; who fell is the system's word."""
    import json
    import sys

    from rolecli.campaign.recap import recap
    from rolecli.contract import Character, Context
    from rolecli.dice.source import DiceSource
    from rolecli.i18n import choose_lang
    from rolecli.output import visible
    from rolecli.play import with_house
    from rolecli.plugins import get_plugins
    from rolecli.status import status_of

    camp = store.load_campaign(root, name, systems_lookup)
    lang = choose_lang(session_of(ctx).lang)
    system = with_house(get_plugins(camp.system).system(camp.system), dict(camp.options))
    asking = Context(lang, DiceSource(0), dict(camp.options), dict(camp.characters))

    known: dict[tuple[str, str], tuple[bool, str]] = {}  # a session's states repeat: each asked once

    def standing(who: str, state: dict) -> tuple[bool, str]:
        key = (who, json.dumps(state, sort_keys=True))
        if key not in known:
            status = status_of(system, Character(who, camp.characters[who].sheet, state), asking)
            known[key] = (status.can_act, status.why(lang) if status.why else status.key)
        return known[key]

    def fell(who: str, before: dict, after: dict) -> str | None:
        if who not in camp.characters:  # removed or renamed since: its sheet is not known
            return None
        can_act, why = standing(who, after)
        return why if not can_act and standing(who, before)[0] else None

    from rolecli.i18n import t

    title = f"{t('Session recap', lang)}: " + (f"{camp.title} ({name})" if camp.title else name)
    sys.stdout.write(visible(recap(entries, title, fell, lang)))
    return 0


@core_command()
def undo(ctx: typer.Context,
         to: Optional[int] = typer.Option(None, "--to", metavar="SEQ",
                                          help="Back to the campaign as it stood right after log entry SEQ, "
                                               "as one change."),
         json_: bool = JSON) -> int:
    """Undo the newest change of the campaign (the log keeps both); --to SEQ: every change after entry SEQ."""
    store, root, camp = current_campaign(ctx)
    command = session_of(ctx).command_line
    if to is None:
        entry = store.undo_last(root, camp, systems_lookup, command=command)
        Printer(json_).result(entry, [f"undone #{entry['seq']}: {entry.get('summary', '')}"])
        return 0
    entry = store.undo_to(root, camp, to, systems_lookup, command=command)
    Printer(json_).result(entry, [*(f"undone #{u['seq']}: {u.get('summary', '')}" for u in entry["data"]["undid"]),
                                  f"back to #{to}, as one change (#{entry['seq']}): 'rolecli undo' or "
                                  "'rolecli redo' brings it back"])
    return 0


@core_command()
def redo(ctx: typer.Context, json_: bool = JSON) -> int:
    """Re-apply what the last undo took back (until something else changes the campaign)."""
    store, root, camp = current_campaign(ctx)
    entry = store.redo_last(root, camp, systems_lookup, command=session_of(ctx).command_line)
    Printer(json_).result(entry, [f"redone #{r.get('seq')}: {r.get('summary', '')}" for r in entry["data"]["redid"]]
                          or [f"redone: {entry['summary']}"])
    return 0
