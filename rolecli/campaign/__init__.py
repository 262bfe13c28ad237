"""Campaigns on disk.

One campaign is one folder ``<campaigns>/<name>/`` holding ``campaign.toml``
(the GM's: system, title, rules, character sheets), ``state.toml`` (rolecli's:
what it keeps while playing), ``log.jsonl`` (every roll and change) and
``.lock``. See docs/campaigns.md.

The submodules import tomlkit, tomli_w and platformdirs only inside the
functions that need them, and :func:`edit_in_editor` is imported when first
asked for (the commands that open an editor), so importing this package stays
cheap.
"""

from typing import Any

from rolecli.campaign.log import read_log
from rolecli.campaign.paths import (campaigns_dir, check_name, chosen_campaign, current_name, display_path,
                                    list_campaigns)
from rolecli.campaign.store import (Campaign, Transaction, add_character, add_characters, create_campaign,
                                    load_campaign, redo_last, remove_character, rename_character, set_current,
                                    set_rule, set_sheet_values, system_of, transaction, undo_last, undo_to)
from rolecli.campaign.validate import parse_assignments

__all__ = [
    "Campaign", "Transaction", "add_character", "add_characters", "campaigns_dir", "check_name", "chosen_campaign",
    "create_campaign", "current_name", "display_path", "edit_in_editor", "list_campaigns", "load_campaign",
    "parse_assignments", "read_log", "redo_last", "remove_character", "rename_character", "set_current", "set_rule",
    "set_sheet_values", "system_of", "transaction", "undo_last", "undo_to",
]


def __getattr__(name: str) -> Any:
    if name == "edit_in_editor":
        from rolecli.campaign.editor import edit_in_editor

        return edit_in_editor
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
