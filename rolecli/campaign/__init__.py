"""Campaigns on disk.

One campaign is one folder ``<campaigns>/<name>/`` holding ``campaign.toml``
(the GM's: system, title, rules, character sheets), ``state.toml`` (rolecli's:
what it keeps while playing), ``log.jsonl`` (every roll and change) and
``.lock``. See docs/campaigns.md.

The submodules import tomlkit, tomli_w and platformdirs only inside the
functions that need them, so importing this package stays cheap.
"""

from rolecli.campaign.editor import edit_in_editor
from rolecli.campaign.log import read_log
from rolecli.campaign.paths import (campaigns_dir, check_name, current_name, display_path, list_campaigns,
                                    set_current)
from rolecli.campaign.store import (Campaign, Transaction, add_character, create_campaign, load_campaign,
                                    set_sheet_values, system_of, transaction, undo_last)
from rolecli.campaign.validate import parse_assignments

__all__ = [
    "Campaign", "Transaction", "add_character", "campaigns_dir", "check_name", "create_campaign",
    "current_name", "display_path", "edit_in_editor", "list_campaigns", "load_campaign", "parse_assignments",
    "read_log", "set_current", "set_sheet_values", "system_of", "transaction", "undo_last",
]
