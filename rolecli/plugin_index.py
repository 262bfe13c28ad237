"""Which installed plugin provides which system, remembered between commands.

To learn which plugin provides a campaign's system, rolecli would import every
installed plugin: most of a campaign verb's start-up. So after it has loaded
every plugin (:func:`rolecli.plugins.get_plugins`), it writes down, for each
entry point of the ``rolecli`` group, its distribution's name and version, the
system it declares (if any) and whether it was active. A command that
plays one system then imports only the plugins that system needs
(:meth:`Index.needed`).

The index holds for the distributions it was written for: it is keyed by a
fingerprint of the distributions on the import path (each one's metadata
folder and that folder's modification time), so installing, upgrading,
reinstalling or removing a plugin (or any other distribution) makes a new one.
The fingerprint lists folders and reads no file (reading every distribution's
entry points, as :mod:`importlib.metadata` does to list the group's, cost a
campaign verb some 3 ms); so the index also keeps where each entry point comes
from, and a command that plays one system reads the entry points of the
distributions it loads alone (:meth:`Index.entry_points`): only their entry
points files' modification time and size, when these are as the index found
them (importing :mod:`importlib.metadata` to read them, with the email package,
was 9% of a quick encounter simulation's start-up). Editing the code of
a plugin installed in editable mode changes no fingerprint: a plugin so broken
is still imported by the commands of its own system and by those that list
every plugin, and warns there.

It lives in the user's cache folder (``XDG_CACHE_HOME`` honoured), one JSON
file holding the indexes of the last few environments (each virtual
environment, or working folder with another import path, has its own
fingerprint), written atomically. It is only ever a shortcut: a file missing,
unreadable, corrupt or not writable means every plugin is loaded, as without it.
"""

from __future__ import annotations

import json
import os
import pkgutil
import sys
from pathlib import Path
from typing import Any

try:  # (as the random module takes sha512: hashlib loads OpenSSL, 2% of a quick encounter simulation's start-up)
    from _sha256 import sha256
except ImportError:  # a Python that builds it under another name
    from hashlib import sha256

FORMAT = 3  # of the file; another is ignored (and replaced)
KEEP = 8  # indexes kept in the file: environments a user switches between
FILE_NAME = "plugins.json"
MAX_BYTES = 4 << 20  # a file larger than this is not rolecli's (eight indexes of 100 plugins: ~0.2 MB)


def location() -> Path | None:
    """The index file, in the user's cache folder; ``None`` when there is none."""
    if sys.platform.startswith("linux"):
        # platformdirs' answer on Linux (the XDG rule), without importing it: about
        # 1% of a campaign verb's start-up, where the index is read
        given = os.environ.get("XDG_CACHE_HOME", "")
        folder = Path(given if given.strip() else os.path.expanduser("~/.cache"), "rolecli")
    else:
        import platformdirs

        folder = Path(platformdirs.user_cache_dir("rolecli"))
    return folder / FILE_NAME if folder.is_absolute() else None  # (no home: "~" left as it is)


def key(ep: Any) -> str:
    """An entry point as the index names it: ``name = value`` and its distribution's folder."""
    return f"{ep.name} = {ep.value} @ {_folder(ep)}"


def top_module(ep: Any) -> str:
    """The top-level module an entry point's plugin (or the index's entry of
    one) is imported from."""
    value = ep["value"] if isinstance(ep, dict) else ep.value
    return value.partition(":")[0].strip().partition(".")[0]


def _folder(ep: Any) -> str:
    folder = getattr(getattr(ep, "dist", None), "_path", None)
    return os.path.abspath(folder) if folder is not None else ""


def fingerprint() -> str | None:
    """What the index depends on: the metadata folder of every distribution on
    the import path, in the order Python looks for them, and each folder's
    modification time (pip makes the folder anew at every install). ``None``
    when another finder than the path's may provide distributions: what it
    holds cannot be told from folders."""
    from importlib.machinery import PathFinder

    if any(hasattr(finder, "find_distributions") for finder in sys.meta_path if finder is not PathFinder):
        return None
    digest = sha256(str(FORMAT).encode())
    for entry in sys.path:
        try:
            with os.scandir(entry or ".") as children:
                found = sorted((child.name, child.stat().st_mtime_ns) for child in children
                               if child.name.endswith((".dist-info", ".egg-info")))
        except NotADirectoryError:  # a zip file on the path: its distributions change with it
            found = [("", os.stat(entry).st_mtime_ns)]
        except OSError:  # not there (yet): it holds none
            continue
        for name, mtime in found:
            digest.update(f"{os.path.abspath(os.path.join(entry, name))}\0{mtime}\n".encode())
    return digest.hexdigest()


class Index:
    """The index of the installed entry points: ``entries`` by :func:`key`, in
    the order Python finds them, or ``None`` when none holds for the
    distributions installed (not written yet, stale, unreadable)."""

    def __init__(self) -> None:
        self.fingerprint = fingerprint()
        self.entries: dict[str, dict[str, Any]] | None = (
            _read().get(self.fingerprint) if self.fingerprint is not None else None)

    def dist(self, ep: Any) -> tuple[str | None, str | None] | None:
        """The distribution name and version of ``ep``, if the index has them."""
        entry = (self.entries or {}).get(key(ep))
        return (entry["dist"], entry["version"]) if entry is not None else None

    def systems(self) -> set[str]:
        """The systems of the active plugins."""
        return {e["system"] for e in (self.entries or {}).values() if e["active"] and e["system"]}

    def needed(self, system: str, builtin: str) -> set[str]:
        """The keys of the entry points a command playing ``system`` loads: the
        active ones of that system, those that declare none (house rules join
        every system's calls), and those skipped at the last load (their warning
        shows as before); then, so that each is skipped or loaded as in a load of
        every plugin, every other that declares the same system or ships the same
        top-level module. A built-in system's folder installed beside rolecli
        (a plugin of another distribution than ``builtin`` with a built-in's
        entry point) follows that built-in."""
        entries = self.entries or {}
        builtins = {e["value"]: k for k, e in entries.items() if e["dist"] == builtin}
        same = {k: builtins[e["value"]] for k, e in entries.items() if e["value"] in builtins and e["dist"] != builtin}
        own = [k for k in entries if k not in same]
        chosen = {k for k in own if self._needs(entries[k], system)}
        while True:
            systems = {entries[k]["system"] for k in chosen} - {None}
            tops = {top_module(entries[k]) for k in chosen}
            more = {k for k in own if k not in chosen
                    and (top_module(entries[k]) in tops or entries[k]["system"] in systems)}
            if not more:
                break
            chosen |= more
        return chosen | {k for k, twin in same.items() if twin in chosen}

    @staticmethod
    def _needs(entry: dict[str, Any], system: str) -> bool:
        return not entry["active"] or entry["system"] in (None, system)

    def entry_points(self, keys: set[str], group: str) -> list[Any] | None:
        """The entry points of ``group`` the index names by ``keys``, in its order;
        ``None`` when their distributions' metadata do not hold what the index
        says (entry points written in place, by hand: pip makes a distribution's
        folder anew): the index then no longer holds, and is written anew after
        the next load of every plugin. Where each entry points file is as the
        index found it (:func:`_stamp`), the index's own entries answer
        (:class:`Indexed`); else the files are read."""
        entries = self.entries or {}
        chosen = [k for k in entries if k in keys]
        stamps = {folder: _stamp(folder) for folder in {entries[k]["folder"] for k in chosen}}
        if all(entries[k]["stamp"] is not None and entries[k]["stamp"] == stamps[entries[k]["folder"]]
               and Indexed.loadable(entries[k]["value"]) for k in chosen):
            dists = {folder: Folder(folder) for folder in stamps}
            return [Indexed(entries[k], group, dists[entries[k]["folder"]]) for k in chosen]
        from importlib.metadata import PathDistribution

        found: dict[str, Any] = {}
        for folder in stamps:
            found.update((key(ep), ep) for ep in PathDistribution(Path(folder)).entry_points.select(group=group))
        if not keys <= found.keys() <= entries.keys():
            self.entries = None
            return None
        return [found[k] for k in chosen]

    def write(self, entries: dict[str, dict[str, Any]]) -> None:
        """Keep ``entries`` for this fingerprint; nothing happens if the file cannot be written."""
        from rolecli.campaign.files import atomic_write
        from rolecli.errors import RoleError

        indexes = {k: v for k, v in _read().items() if k != self.fingerprint}
        indexes = dict(list(indexes.items())[-(KEEP - 1):]) | {self.fingerprint: entries}
        data = json.dumps({"format": FORMAT, "indexes": indexes}).encode()  # (ASCII: any path's bytes survive)
        path = location()
        if path is None:
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write(path, data, sync=False)
        except (OSError, RoleError):  # a read-only home, a full disk: the next command loads every plugin
            return
        self.entries = entries


def entry(ep: Any, record: Any) -> dict[str, Any]:
    """What the index keeps of an entry point and its plugin's :class:`~rolecli.plugins.Record`."""
    return {"name": ep.name, "value": ep.value, "folder": _folder(ep), "dist": record.distribution,
            "version": record.version, "system": record.system, "active": record.state == "active",
            "stamp": _stamp(_folder(ep))}


def _stamp(folder: str) -> list[int] | None:
    """The modification time and size of the entry points file in a distribution's
    metadata ``folder``; ``None`` when there is none to tell (no folder, no file)."""
    try:
        found = os.stat(os.path.join(folder, "entry_points.txt")) if folder else None
    except OSError:
        return None
    return [found.st_mtime_ns, found.st_size] if found is not None else None


class Indexed:
    """An entry point as the index keeps it: what the loader asks of one of
    :mod:`importlib.metadata` (``name``, ``value``, ``group``, ``dist`` and
    ``load``), for a value :meth:`loadable` as that module loads it."""

    def __init__(self, entry: dict[str, Any], group: str, dist: Folder) -> None:
        self.name, self.value, self.group, self.dist = entry["name"], entry["value"], group, dist

    @staticmethod
    def loadable(value: str) -> bool:
        """Whether :meth:`load` imports ``value`` as importlib.metadata would: a
        ``module:attribute`` of dotted names (no spaces, no extras)."""
        module, colon, attribute = value.partition(":")
        return all(part.isidentifier() for part in module.split(".") + (attribute.split(".") if colon else []))

    def load(self) -> Any:
        """The object the entry point names: its module imported, then its attributes read
        (``module:`` names the module itself, as a value without attributes does)."""
        return pkgutil.resolve_name(self.value if ":" in self.value else f"{self.value}:")


class Folder:
    """A distribution's metadata folder, read as :mod:`importlib.metadata`'s
    PathDistribution reads it (``read_text``, ``locate_file``: what the loader's
    check of whose module it imports asks, :mod:`rolecli.shadowing`); anything
    else (the name and version a message shows) is asked of a PathDistribution."""

    def __init__(self, folder: str) -> None:
        self._path = Path(folder)

    def read_text(self, filename: str) -> str | None:
        try:
            return self._path.joinpath(filename).read_text(encoding="utf-8")
        except (FileNotFoundError, IsADirectoryError, KeyError, NotADirectoryError, PermissionError):
            return None

    def locate_file(self, path: str) -> Path:
        return self._path.parent / path

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):  # (none of a distribution's: copy and pickle ask for these)
            raise AttributeError(name)
        from importlib.metadata import PathDistribution

        return getattr(PathDistribution(self._path), name)


def _read() -> dict[str, dict[str, dict[str, Any]]]:
    """The file's indexes by fingerprint; empty when it is missing or not one this rolecli wrote."""
    path = location()
    if path is None:
        return {}
    try:
        with open(path, "rb") as file:
            data = json.loads(file.read(MAX_BYTES + 1)) if os.fstat(file.fileno()).st_size <= MAX_BYTES else {}
        indexes = data["indexes"] if data["format"] == FORMAT else {}
        if all(isinstance(e, dict) and _well_formed(e) for i in indexes.values() for e in i.values()):
            return indexes
    except (OSError, ValueError, LookupError, TypeError, AttributeError):  # missing, unreadable, corrupt
        pass
    return {}


def _well_formed(entry: dict[str, Any]) -> bool:
    stamp = entry.get("stamp")
    return (isinstance(entry.get("active"), bool)
            and (stamp is None or isinstance(stamp, list) and len(stamp) == 2 and all(type(n) is int for n in stamp))
            and all(entry.get(k) is None or isinstance(entry.get(k), str) for k in ("dist", "version", "system"))
            and all(isinstance(entry.get(k), str) for k in ("name", "value", "folder"))
            and {"dist", "version", "system", "stamp"} <= entry.keys())
