"""What the root command's options say (``--campaigns``, ``-C``, ``--lang``),
shared by every command of one invocation, core or system verb alike."""

from __future__ import annotations

from typing import Any


class Session:
    """What the root command's options say, for every command of one invocation."""

    __slots__ = ("campaigns", "campaign", "lang", "command_line")

    def __init__(self, campaigns: str | None, campaign: str | None, lang: str | None, command_line: str):
        self.campaigns, self.campaign, self.lang, self.command_line = campaigns, campaign, lang, command_line


def session_of(ctx: Any) -> Session:
    """The session of this invocation, made from the root command's options."""
    root = ctx.find_root()
    if "rolecli.session" not in root.meta:
        p = root.params
        root.meta["rolecli.session"] = Session(p.get("campaigns"), p.get("campaign"), p.get("lang"),
                                               (root.obj or {}).get("command_line", ""))
    return root.meta["rolecli.session"]
