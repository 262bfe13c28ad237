"""A campaign's history: the ``log`` of rolls and changes, and ``undo``."""

from __future__ import annotations

import typer

from rolecli.commands import JSON, core_command, current_campaign, systems_lookup
from rolecli.output import Printer
from rolecli.session import session_of


@core_command("log")
def log(ctx: typer.Context, limit: int = typer.Option(20, "-n", help="How many entries, newest last."),
        json_: bool = JSON) -> int:
    """The campaign's log of rolls and changes."""
    store, root, camp = current_campaign(ctx)
    printer = Printer(json_)
    for entry in store.read_log(root, camp, limit):
        printer.result(entry, [f"#{entry['seq']} {entry['time']} {entry['kind']}: {entry.get('summary', '')}"
                               f"  ({entry.get('command', '')})"])
    return 0


@core_command()
def undo(ctx: typer.Context, json_: bool = JSON) -> int:
    """Undo the newest change of the campaign (the log keeps both)."""
    store, root, camp = current_campaign(ctx)
    entry = store.undo_last(root, camp, systems_lookup, command=session_of(ctx).command_line)
    Printer(json_).result(entry, [f"undone #{entry['seq']}: {entry.get('summary', '')}"])
    return 0
