"""The core's commands, one module per family, each imported only when one of
its commands runs (``rolecli roll 2d6`` imports ``dice`` and nothing else).

:data:`rolecli.core_commands.COMMANDS` names the module of each command, which
:mod:`rolecli.cli` imports when the command runs; a module registers its
commands with :func:`core_command` (or puts a command group in :data:`REGISTRY`).

The command layer (these modules and :mod:`rolecli.cli`) does not postpone its
annotations (no ``from __future__ import annotations``): typer reads those of
each command it builds, and would compile and evaluate every string of them at
every start (3.2M of ``rolecli roll 2d6``'s ~320M instructions, 6.8M of a
quick encounter simulation's).
"""

from pathlib import Path
from typing import Any

import typer

from rolecli.session import session_of

REGISTRY: dict[str, typer.Typer] = {}

JSON = typer.Option(False, "--json", help="Print JSON (one object per result).")
LANG = typer.Option(None, "--lang", help="Language: es or en.")
SEED = typer.Option(None, "--seed", help="Seed for repeatable rolls.")
DICE = typer.Option(None, "--dice", help="The dice rolled at the table, in order: a,b,c.")


def core_command(name: str | None = None, **settings: Any):
    """Register a core command (a one-command typer app, built into a click
    command by the CLI only when it is used)."""

    def register(function):
        single = typer.Typer(add_completion=False)
        single.command(name or function.__name__, **settings)(function)
        REGISTRY[name or function.__name__] = single
        return function

    return register


def complete_campaigns(ctx: typer.Context, incomplete: str) -> list[str]:
    """Shell completion: the campaigns of the campaigns folder the command line chose."""
    try:
        from rolecli import campaign as store

        folder = store.campaigns_dir(session_of(ctx).campaigns)
        return [n for n in store.list_campaigns(folder) if n.startswith(incomplete)]
    except Exception:  # completion must never print an error into the shell
        return []


def systems_lookup(name: str):
    """:func:`rolecli.plugins.system_info`, imported on first use: a command
    module that only lists campaigns loads no plugin machinery."""
    from rolecli.plugins import system_info

    return system_info(name)


def campaign_store(ctx: typer.Context):
    """The campaign package, the campaigns folder and the session."""
    from rolecli import campaign as store

    session = session_of(ctx)
    return store, store.campaigns_dir(session.campaigns), session


def current_campaign(ctx: typer.Context, name: str | None = None) -> tuple[Any, Path, str]:
    """The campaign package, the campaigns folder and the campaign to work on:
    ``name``, else ``-C``, else the current one."""
    from rolecli import campaign as store

    session = session_of(ctx)
    root, name = store.chosen_campaign(session.campaigns, name or session.campaign)
    return store, root, name
