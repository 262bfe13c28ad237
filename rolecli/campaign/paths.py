"""Where campaigns live, which one is current, and which names are safe.

A name (of a campaign or of a character) becomes a folder name or a TOML key,
so it must never reach outside the campaigns folder, and must look like what
it is: :func:`check_name` refuses separators, ``..``, a leading dot, control
and invisible characters, text that is not UTF-8, and empty or over-long names.

This module does no writing: :mod:`.files` (which writes) builds on it, never
the other way round.
"""

from __future__ import annotations

import difflib
import os
import unicodedata
from pathlib import Path

from rolecli.errors import CampaignError

ENV_VAR = "ROLECLI_CAMPAIGNS"
CAMPAIGN_FILE = "campaign.toml"
STATE_FILE = "state.toml"
LOG_FILE = "log.jsonl"
LOCK_FILE = ".lock"
CURRENT_FILE = ".current"
MAX_NAME = 64


def campaigns_dir(option: str | os.PathLike[str] | None = None) -> Path:
    """The campaigns folder: ``--campaigns DIR`` > ``$ROLECLI_CAMPAIGNS`` >
    ``./campaigns`` if the current folder has one > the user data folder.

    The folder is not created here (:func:`create_campaign` does that).
    """
    if option is not None and str(option) != "":
        return _folder(Path(option).expanduser(), "--campaigns")
    env = os.environ.get(ENV_VAR, "")
    if env:
        return _folder(Path(env).expanduser(), ENV_VAR)
    local = Path("campaigns")
    if local.is_dir():
        return local
    import platformdirs

    return Path(platformdirs.user_data_dir("rolecli")) / "campaigns"


def _folder(path: Path, said_by: str) -> Path:
    if path.exists() and not path.is_dir():
        raise CampaignError(f"{said_by} names {display_path(path)}, which is a file, not a folder of campaigns.")
    return path


# Characters that are there but cannot be seen, or that turn the text around
# them: control characters (Cc), format characters such as the zero-width space
# and the right-to-left override (Cf), and line and paragraph separators (Zl, Zp).
# A name holding one would look like another name, or like nothing.
_HIDDEN = {"Cc": "a control character", "Cf": "an invisible or direction-changing character",
           "Zl": "a line separator", "Zp": "a paragraph separator"}


def check_name(name: str, what: str = "campaign") -> str:
    """Return ``name`` if it is safe as a folder name and a TOML key, else
    raise a one-line :class:`CampaignError` saying why."""
    if not isinstance(name, str) or name == "":
        raise CampaignError(f"a {what} name cannot be empty.")
    categories = [unicodedata.category(c) for c in name]
    hidden = next(((c, cat) for c, cat in zip(name, categories) if cat in _HIDDEN), None)
    shown = ascii(name) if hidden or "Cs" in categories else repr(name)
    rule = (f"a {what} name is at most {MAX_NAME} characters, without '/', '\\', '..', "
            "control or invisible characters or a leading '.'")
    if "Cs" in categories:  # bytes that were not UTF-8, as Python passes them on in sys.argv
        raise CampaignError(f"{what} name {shown} is not valid UTF-8 text; type the name again in UTF-8.")
    if len(name) > MAX_NAME:
        raise CampaignError(f"{what} name {shown} is too long ({len(name)} characters); {rule}.")
    if hidden:
        char, category = hidden
        raise CampaignError(f"{what} name {shown} contains {_HIDDEN[category]} (U+{ord(char):04X}); {rule}.")
    if "/" in name or "\\" in name:
        raise CampaignError(f"{what} name {shown} contains a path separator; {rule}.")
    if ".." in name:
        raise CampaignError(f"{what} name {shown} contains '..'; {rule}.")
    if name.startswith("."):
        raise CampaignError(f"{what} name {shown} starts with '.'; {rule}.")
    if name != name.strip():
        raise CampaignError(f"{what} name {shown} starts or ends with a space; remove it.")
    return name


def display_path(path: str | os.PathLike[str]) -> str:
    """``path`` as shown in messages: relative to the current folder when it
    lies under it, else under ``~`` when it lies in the home folder."""
    p = Path(path)
    try:
        absolute = p.resolve()
    except OSError:  # pragma: no cover - unresolvable path: show it as given
        return str(p)
    for base, prefix in ((Path.cwd(), None), (Path.home(), "~")):
        try:
            rel = absolute.relative_to(base.resolve())
        except (ValueError, OSError, RuntimeError):
            continue
        if prefix is None:
            return str(rel) if str(rel) != "." else "."
        return str(Path(prefix) / rel)
    return str(absolute)


def campaign_path(root: Path, name: str) -> Path:
    """The folder of campaign ``name`` (checked for safety, not for existence)."""
    return Path(root) / check_name(name, "campaign")


def existing_campaign(root: Path, name: str) -> Path:
    """The folder of an existing campaign, or a CampaignError naming the
    campaigns there and the closest match."""
    folder = campaign_path(root, name)
    if (folder / CAMPAIGN_FILE).is_file():
        return folder
    known = list_campaigns(root)
    close = difflib.get_close_matches(name, known, n=1, cutoff=0.5)
    hint = f" Did you mean {close[0]!r}?" if close else ""
    listing = ", ".join(known) if known else "none yet"
    raise CampaignError(f"no campaign {name!r} in {display_path(root)}.{hint} Campaigns: {listing}.")


def list_campaigns(root: Path) -> list[str]:
    """The campaigns in ``root`` (folders holding a campaign.toml), sorted."""
    root = Path(root)
    if not root.is_dir():
        return []
    return sorted(p.name for p in root.iterdir()
                  if not p.name.startswith(".") and (p / CAMPAIGN_FILE).is_file())


def current_name(root: Path) -> str | None:
    """The name in ``<root>/.current``, or ``None`` when no campaign was chosen.
    The campaign itself may since have been removed: loading it will say so."""
    path = Path(root) / CURRENT_FILE
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except UnicodeDecodeError:
        raise CampaignError(f"{display_path(path)} is not UTF-8 text; choose the campaign again with "
                            "'rolecli campaign use NAME'.") from None
    except OSError as exc:
        raise CampaignError(f"cannot read {display_path(path)}: {exc.strerror or exc}.") from None
    name = text.strip()
    if not name:
        return None
    try:
        return check_name(name, "campaign")
    except CampaignError as exc:
        raise CampaignError(f"{display_path(path)}: {exc}") from None
