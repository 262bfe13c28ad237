"""Where campaigns live, which one is current, which names are safe, and
reading what is there within bounds.

A name (of a campaign or of a character) becomes a folder name or a TOML key,
so it must never reach outside the campaigns folder, and must look like what
it is: :func:`check_name` refuses separators, ``..``, a leading dot, control
and invisible characters, text that is not UTF-8, and empty or over-long names.
Nor may a link lead out of it: :func:`campaign_path` refuses a campaign folder
that is a link to a folder outside the campaigns folder, and campaign files
that are links, folders, pipes or devices (see docs/campaigns.md).

Every file rolecli reads goes through :func:`read_bytes` (or
:func:`read_stream` for standard input): regular files only (a named pipe or
a device is refused at once, never waited on or read without end) and at most
a given size, refused without reading more than that.

This module does no writing: :mod:`.files` (which writes) builds on it, never
the other way round.
"""

from __future__ import annotations

import difflib
import os
import stat
import unicodedata
from pathlib import Path
from typing import Any, BinaryIO

from rolecli.errors import CampaignError

ENV_VAR = "ROLECLI_CAMPAIGNS"
CAMPAIGN_FILE = "campaign.toml"
STATE_FILE = "state.toml"
LOG_FILE = "log.jsonl"
LOCK_FILE = ".lock"
CURRENT_FILE = ".current"
MAX_NAME = 64
#: campaign.toml, state.toml and a rolls file: a campaign of 2,000 characters
#: takes about 200 kB, a table at its limits (10,000 rows of 1,000 characters)
#: 10 MB, and a GM's comments may be long.
MAX_CAMPAIGN_FILE = 32 * 2**20
MAX_CURRENT_FILE = 4096  # .current holds one name
# What a file of the campaigns folder may weigh, by its name (others: MAX_CAMPAIGN_FILE).
# The log grows as long as the campaign is played: it has no limit.
_LIMITS = {CURRENT_FILE: MAX_CURRENT_FILE, LOG_FILE: None}
_BY_NAME: Any = object()
_CHUNK = 1 << 20  # bytes read at a time
# The files rolecli keeps in a campaign's folder: plain files, never links
# (rolecli replaces the first two by renaming over them, and appends to and
# creates the last two).
KEPT_FILES = (CAMPAIGN_FILE, STATE_FILE, LOG_FILE, LOCK_FILE)


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
    """The folder of campaign ``name``, checked for safety, not for existence:
    a name that stays a name, a folder that stays inside ``root`` (a link
    to another folder inside it is allowed), campaign files that are plain files."""
    folder = Path(root) / check_name(name, "campaign")
    try:
        link = stat.S_ISLNK(os.lstat(folder).st_mode)
    except OSError:  # not there (yet): nothing to check
        return folder
    if link:
        base, real = os.path.realpath(root), os.path.realpath(folder)
        if real == base or os.path.commonpath([base, real]) != base:
            raise CampaignError(f"{display_named(folder)} is a link to {display_path(real)}, outside the campaigns "
                                f"folder {display_path(root)}; move the campaign into it, or point --campaigns "
                                "at the folder that holds it.")
    for file in KEPT_FILES:
        path = folder / file
        try:
            mode = os.lstat(path).st_mode
        except OSError:  # not there: rolecli creates it when it needs it
            continue
        if stat.S_ISLNK(mode):
            raise CampaignError(f"{display_named(path)} is a link; rolecli keeps a campaign's files as plain files "
                                "in its folder: put the file itself in place of the link.")
        if not stat.S_ISREG(mode):
            fix = ("put the campaign's own file in its place" if file == CAMPAIGN_FILE
                   else "remove it: rolecli makes the file again when it needs it")
            raise CampaignError(f"{display_path(path)} is {_kind(mode)}, not a plain file; {fix}.")
    return folder


def display_named(path: str | os.PathLike[str]) -> str:
    """``path`` as shown in messages (see :func:`display_path`), its last part
    not followed if it is a link: the name given, not where it leads."""
    path = Path(path)
    return str(Path(display_path(path.parent)) / path.name)


def _kind(mode: int) -> str:
    for test, kind in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe"), (stat.S_ISCHR, "a device"),
                       (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return kind
    return "a special file"  # pragma: no cover - door files and the like


# --- bounded reads -------------------------------------------------------------


def read_bytes(path: str | os.PathLike[str], limit: int | None = _BY_NAME,
               what: str = "a campaign file") -> bytes | None:
    """The bytes of the regular file ``path``, or ``None`` if it does not exist.

    Anything else (a folder, a named pipe, a device, a socket) is refused at
    once: opening without blocking and looking at what was opened means a
    named pipe never waits for a writer. A file over ``limit`` bytes (None:
    no limit; by default, the limit of a campaign file of that name) is refused
    without reading more than ``limit`` + 1 bytes; ``what`` names the kind of
    file in that message.
    """
    if limit is _BY_NAME:
        limit = _LIMITS.get(Path(path).name, MAX_CAMPAIGN_FILE)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        return None
    except IsADirectoryError:  # (where a folder cannot be opened at all)
        raise _not_plain(display_named(path), "a folder") from None
    except OSError as exc:
        raise CampaignError(f"cannot read {display_named(path)}: {exc.strerror or exc}.") from None
    # The path is worked out for people (display_named resolves it) only in a message.
    found = os.fstat(fd)
    refused = (_not_plain(display_named(path), _kind(found.st_mode)) if not stat.S_ISREG(found.st_mode)
               else _too_large(display_named(path), limit, what, f"{found.st_size:,}") if limit is not None
               and found.st_size > limit else None)
    if refused is not None:
        os.close(fd)
        raise refused
    with open(fd, "rb", buffering=0) as handle:
        try:
            data = read_capped(handle, limit)
        except OSError as exc:
            raise CampaignError(f"cannot read {display_named(path)}: {exc.strerror or exc}.") from None
    if data is None:  # a file that grew as it was read
        raise _too_large(display_named(path), limit, what, f"more than {limit:,}")
    return data


def read_stream(stream: BinaryIO, limit: int, shown: str, what: str) -> bytes:
    """At most ``limit`` bytes of ``stream`` (standard input), refused past them."""
    data = read_capped(stream, limit)
    if data is None:
        raise _too_large(shown, limit, what, f"more than {limit:,}")
    return data


def read_capped(handle: BinaryIO, limit: int | None) -> bytes | None:
    """What ``handle`` holds, or ``None`` past ``limit`` bytes."""
    chunks, size = [], 0
    while limit is None or size <= limit:  # a read may return less than asked: on to the end or past the limit
        chunk = handle.read(_CHUNK if limit is None else min(_CHUNK, limit + 1 - size))
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        size += len(chunk)
    return None


def _not_plain(shown: str, kind: str) -> CampaignError:
    return CampaignError(f"{shown} is {kind}, not a file rolecli can read; give a plain file.")


def _too_large(shown: str, limit: int, what: str, size: str) -> CampaignError:
    return CampaignError(f"{shown}: {size} bytes, over the limit of {limit:,} for {what}.")


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
    data = read_bytes(path, MAX_CURRENT_FILE, "the current campaign's name")
    if data is None:
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise CampaignError(f"{display_path(path)} is not UTF-8 text; choose the campaign again with "
                            "'rolecli campaign use NAME'.") from None
    name = text.strip()
    if not name:
        return None
    try:
        return check_name(name, "campaign")
    except CampaignError as exc:
        raise CampaignError(f"{display_path(path)}: {exc}") from None


def chosen_campaign(folder: str | None, chosen: str | None, required: bool = True) -> tuple[Path, str | None]:
    """The campaigns folder (``--campaigns``) and the campaign a command works
    on: ``chosen`` (``-C NAME``, or a name the command was given), else the
    current one. Every command and verb asks here, so that they all agree.
    With ``required``, having none is an error saying how to choose one;
    without, the name is ``None`` then."""
    root = campaigns_dir(folder)
    name = chosen or current_name(root)
    if not name and required:
        raise CampaignError("no current campaign: choose one with 'rolecli campaign use NAME' "
                            "or pass --campaign NAME.")
    return root, name
