"""Editing campaign.toml in the GM's own editor, keeping only a valid result.

The file is copied to a temporary folder and opened with ``$VISUAL`` or
``$EDITOR`` (``vi``, ``notepad`` on Windows), at a character's table when one
is named. When the editor closes, the copy is checked like any campaign.toml;
a valid copy is committed like any change (the log entry, holding the new
text, first; then the file, atomically) under the campaign lock, unless the
file changed meanwhile; an invalid one is offered for another edit or saved
next to the campaign as ``campaign.toml.rejected`` so no work is lost. An
editor that deletes the copy or leaves something else in its place changes
nothing. The lock is not held while the editor is open.
"""

from __future__ import annotations

import os
import shlex
import stat
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path
from typing import Callable

from rolecli.campaign import log as logbook
from rolecli.campaign.commit import open_locked
from rolecli.campaign.files import atomic_write, campaign_lock, decode, read_bytes
from rolecli.campaign.locate import locate
from rolecli.campaign.operations import digest, steps
from rolecli.campaign.paths import CAMPAIGN_FILE, MAX_CAMPAIGN_FILE, display_path, existing_campaign, read_capped
from rolecli.campaign.validate import Where, check_campaign_doc, parse_toml
from rolecli.names import closest, fold
from rolecli.errors import CampaignError, RoleError

REJECTED = "campaign.toml.rejected"
_PLUS_LINE = {"vi", "vim", "nvim", "gvim", "view", "nano", "pico", "emacs", "emacsclient", "micro", "kak",
              "joe", "jed", "mg", "ne"}
_COLON_LINE = {"code", "code-insiders", "codium", "subl", "zed"}


def editor_command() -> list[str]:
    """The GM's editor: ``$VISUAL``, else ``$EDITOR``, else a platform default."""
    for var in ("VISUAL", "EDITOR"):
        value = os.environ.get(var, "").strip()
        if value:
            try:
                return shlex.split(value, posix=os.name != "nt")
            except ValueError as exc:  # an unbalanced quote
                raise CampaignError(f"${var} = {value!r} is not a command line ({exc}); "
                                    "set it to the editor you use. Nothing was changed.") from None
    return ["notepad"] if os.name == "nt" else ["vi"]


def _with_file(command: list[str], file: Path, line: int | None) -> list[str]:
    name = Path(command[0]).stem.lower()
    if line and name in _PLUS_LINE:
        return [*command, f"+{line}", str(file)]
    if line and name in _COLON_LINE:
        return [*command, *(["-g"] if name.startswith("cod") else []), f"{file}:{line}"]
    return [*command, str(file)]


def _run(file: Path, line: int | None) -> None:
    command = _with_file(editor_command(), file, line)
    try:
        code = subprocess.call(command)
    except OSError as exc:
        raise CampaignError(f"cannot run the editor {command[0]!r} ({exc.strerror or exc}); "
                            "set $EDITOR to the editor you use. Nothing was changed.") from None
    if code != 0:
        raise CampaignError(f"the editor {command[0]!r} ended with exit code {code}; nothing was changed.")


def _ask_again(message: str) -> bool:
    """Offer another edit when someone is at the keyboard."""
    if not (sys.stdin and sys.stdin.isatty() and sys.stderr and sys.stderr.isatty()):  # closed: nobody there
        return False
    from rolecli.output import visible

    print(f"rolecli: {visible(message)}", file=sys.stderr)
    try:
        answer = input("Edit again? [Y/n] ")
    except EOFError:
        return False
    return answer.strip().lower() in ("", "y", "yes", "s", "si", "sí")


def _character_line(text: str, character: str, campaign: str) -> int | None:
    try:
        names = list(tomllib.loads(text).get("characters", {}))
    except (tomllib.TOMLDecodeError, AttributeError, RecursionError):
        return locate(text, ("characters", character))  # a broken file: best effort
    match = [n for n in names if n == character] or [n for n in names if fold(n) == fold(character)]
    if len(match) != 1:
        raise CampaignError(f"campaign {campaign!r} has no character {character!r}."
                            + closest(character, names, "Characters"))
    return locate(text, ("characters", match[0]))


def edit_in_editor(root: Path, name: str, systems: Callable, character: str | None = None,
                   command: str | None = None, ask: Callable[[str], bool] = _ask_again) -> bool:
    """Open campaign ``name``'s campaign.toml in the GM's editor (at
    ``character``'s table if given) and keep the edit only if it is valid.

    ``ask(message)`` is called with the error of an invalid edit and returns
    whether to edit again. Returns True if the file was changed; the change is
    logged (kind ``sheet``, without ``changes``: a hand edit is not undone).
    """
    folder = existing_campaign(root, name)
    path = folder / CAMPAIGN_FILE
    original = read_bytes(path)
    if original is None:  # pragma: no cover - removed in between
        raise CampaignError(f"{display_path(path)} is missing.")
    line = _character_line(decode(path, original), character, name) if character else None
    with tempfile.TemporaryDirectory(prefix="rolecli-") as tmp:
        work = Path(tmp) / CAMPAIGN_FILE
        work.write_bytes(original)
        while True:
            _run(work, line)
            data = _read_back(work)
            if data == original:
                return False
            try:
                text = decode(path, data)
                check_campaign_doc(parse_toml(path, text), Where(path, text), systems)
                break
            except RoleError as exc:
                if ask(f"{exc}"):
                    continue
                kept = _save_rejected(folder, data)
                raise CampaignError(f"{exc} The edit was not kept; it is saved in {display_path(kept)}.") from None
        with campaign_lock(folder):
            draft = open_locked(folder, systems)
            if draft.snap.raw != original:
                kept = _save_rejected(folder, data)
                raise CampaignError(f"{display_path(path)} changed while it was open in the editor; the edit was "
                                    f"not kept: it is saved in {display_path(kept)} to merge by hand.")
            entry = logbook.make_entry("sheet", command, "edited campaign.toml in the editor", {"file": CAMPAIGN_FILE},
                                       op="edit", edit={"before": digest(original), "after": digest(data),
                                                        "text": data.decode("utf-8")})
            for part, who, change in steps(entry):
                part.apply(draft, who, change, "after", Where(path, text))
            draft.commit([entry])
    return True


def _read_back(work: Path) -> bytes:
    """What the editor left in the copy; an editor that deleted it, or put a
    folder or anything else there, changes nothing, and so does one that left
    more than a campaign file may weigh (read no further than that)."""
    try:
        if not stat.S_ISREG(work.stat().st_mode):  # reading a named pipe would wait for ever
            raise OSError(0, "a folder, named pipe, socket or device in its place")
        with work.open("rb") as handle:
            data = read_capped(handle, MAX_CAMPAIGN_FILE)
    except OSError as exc:
        raise CampaignError(f"the editor did not leave {CAMPAIGN_FILE} as a file ({exc.strerror or exc}); "
                            "nothing was changed.") from None
    if data is None:
        raise CampaignError(f"the editor left {CAMPAIGN_FILE} over the limit of {MAX_CAMPAIGN_FILE:,} bytes for a "
                            "campaign file; nothing was changed.")
    return data


def _save_rejected(folder: Path, data: bytes) -> Path:
    kept = folder / REJECTED
    with campaign_lock(folder):  # a command opening the campaign removes temporary files: not this one's
        atomic_write(kept, data)
    return kept
