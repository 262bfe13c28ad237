"""Who can act now: the system's :func:`~rolecli.hookspecs.rolecli_status`,
asked by every command that lets a character act, enter initiative or be shown."""

from __future__ import annotations

from typing import Iterable

from rolecli.contract import Character, Context, Status
from rolecli.errors import RoleError

ABLE = Status()


def status_of(system, character: Character, ctx: Context) -> Status:
    """The system's word on ``character`` now; a system without the hook (a
    contract-1 plugin) lets everybody act. (The hook prepared for many calls:
    an encounter asks after every change.)"""
    status = system.hooks.rolecli_status.prepared(None)(character, ctx)
    return ABLE if status is None else status


def refuse_unless_able(system, character: Character, ctx: Context, force: bool) -> Status:
    """Raise the one-line refusal for an actor the rules have taken out of play,
    unless the game master forces it."""
    status = status_of(system, character, ctx)
    if not status.can_act and not force:
        why = status.why(ctx.lang) if status.why else status.key
        if ctx.lang == "es":
            raise RoleError(f"{character.name} no puede actuar: {why}. --force permite al máster forzarlo.")
        raise RoleError(f"{character.name} cannot act: {why}. --force lets the game master override it.")
    return status


def able(system, characters: Iterable[Character], ctx: Context) -> tuple[list[Character], list[tuple[Character, Status]]]:
    """``characters`` split into those who can act and those left out (with why)."""
    kept, left = [], []
    for character in characters:
        status = status_of(system, character, ctx)
        (kept.append(character) if status.can_act else left.append((character, status)))
    return kept, left
