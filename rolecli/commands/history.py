"""A campaign's history: the ``log`` of rolls and changes, ``undo`` and ``redo``."""

from __future__ import annotations

from typing import Optional

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
