"""Safe file writes: atomic replacement, appends, and the campaign lock.

- :func:`atomic_write` writes a temporary file in the same folder, fsyncs it
  and renames it over the target with :func:`os.replace`, so a reader sees the
  old file or the new one, never half of one, and a crash leaves the old file.
- :func:`append_lines` appends whole lines in one write and fsyncs them (the
  log); a last line left unfinished by a crash is cut off first.
- :func:`campaign_lock` holds an exclusive ``flock`` on ``<campaign>/.lock``
  for a whole read-modify-write. The lock file is never deleted (deleting
  it would let two processes lock two different files).
- :func:`remove_stale_temps` removes the temporary files a crash left.

The files appended to and created in place (the log, the lock) are opened
with ``O_NOFOLLOW`` and must be regular files: nothing is ever appended or
created through a link, nor written to a named pipe or a device.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
import time
from pathlib import Path
from typing import Callable, Iterator

from rolecli.campaign.paths import LOCK_FILE, display_named, display_path
from rolecli.campaign.paths import read_bytes as read_bytes  # (re-exported: the store and the log read through it)
from rolecli.errors import CampaignError

LOCK_TIMEOUT = 60.0  # seconds to wait for another rolecli to finish with a campaign
TEMP_SUFFIX = ".tmp"  # temporary files are .<name>.<random>.tmp


def decode(path: Path, data: bytes) -> str:
    """UTF-8 text of a campaign file (a leading byte-order mark is accepted)."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise CampaignError(f"{display_path(path)} line {line}: not UTF-8 text; save the file as UTF-8.") from None


def sync_folder(folder: Path) -> None:
    """Make the renames and new files in ``folder`` durable (fsync the folder)."""
    if os.name != "posix":  # pragma: no cover - directories cannot be fsynced on Windows
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover - some file systems refuse
        pass
    finally:
        os.close(fd)


def atomic_write(path: Path, data: bytes, sync: bool = True) -> None:
    """Replace ``path`` with ``data`` atomically (temp file + fsync + os.replace).

    The new file keeps the permissions of the file it replaces. ``sync=False``
    leaves the fsync of the folder to the caller (one for several files).
    """
    path = Path(path)
    folder = path.parent
    try:
        mode = path.stat().st_mode & 0o7777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    import tempfile  # (here: most commands write no file; importing it is 1% of their start-up)

    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=TEMP_SUFFIX)
    except OSError as exc:
        raise CampaignError(f"cannot write in {display_path(folder)}: {exc.strerror or exc}.") from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(exc, OSError):
            raise CampaignError(f"cannot write {display_path(path)}: {exc.strerror or exc}.") from None
        raise
    if sync:
        sync_folder(folder)


def append_lines(path: Path, lines: list[str]) -> None:
    """Append ``lines`` (each without its newline) to ``path`` in one write and
    fsync them: when this returns, they are on disk.

    Call it under the campaign lock. A last line left unfinished by a crash
    (no final newline) is cut off first, so every line stays one whole entry;
    a failed write is cut off too, so it never leaves half a line.
    """
    path = Path(path)
    data = "".join(line + "\n" for line in lines).encode("utf-8")
    created = not path.exists()
    fd = _open_plain(path, os.O_RDWR | os.O_APPEND | os.O_CREAT, "write")
    try:
        with open(fd, "a+b") as handle:
            size = _cut_torn_tail(handle)
            try:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            except OSError:
                with contextlib.suppress(OSError):
                    handle.truncate(size)
                raise
    except OSError as exc:
        raise CampaignError(f"cannot write {display_path(path)}: {exc.strerror or exc}.") from None
    if created:
        sync_folder(path.parent)


def cut(path: Path, offset: int) -> None:
    """Cut ``path`` at byte ``offset`` and fsync it (never through a link): what
    follows was never committed. Call it under the campaign lock."""
    fd = _open_plain(path, os.O_RDWR, "write")
    try:
        with open(fd, "r+b") as handle:
            handle.truncate(offset)
            os.fsync(handle.fileno())
    except OSError as exc:
        raise CampaignError(f"cannot write {display_path(path)}: {exc.strerror or exc}.") from None


def _open_plain(path: Path, flags: int, doing: str) -> int:
    """A descriptor of the regular file ``path``, opened with ``flags`` but
    never through a link, never waiting on a named pipe; FileNotFoundError
    passes (when ``flags`` do not create), any other failure is a CampaignError."""
    extra = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    path = Path(path)
    try:
        fd = os.open(path, flags | extra, 0o666)
    except FileNotFoundError:
        if not flags & os.O_CREAT:
            raise
        raise CampaignError(f"cannot {doing} {display_named(path)}: its folder is missing.") from None
    except OSError as exc:
        if os.path.islink(path):  # ELOOP, as O_NOFOLLOW says it
            raise CampaignError(f"cannot {doing} {display_named(path)}: it is a link, and rolecli never writes "
                                "through one; put the file itself in its place.") from None
        raise CampaignError(f"cannot {doing} {display_named(path)}: {exc.strerror or exc}.") from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise CampaignError(f"cannot {doing} {display_named(path)}: it is not a plain file; remove it.")
    return fd


def _cut_torn_tail(handle) -> int:
    """Truncate ``handle``'s file after its last newline; return the new size."""
    size = handle.seek(0, os.SEEK_END)
    if not size:
        return 0
    handle.seek(size - 1)
    if handle.read(1) == b"\n":
        return size
    start = max(0, size - 65536)
    while True:  # look back for the last newline, a chunk at a time
        handle.seek(start)
        chunk = handle.read(size - start)
        at = chunk.rfind(b"\n")
        if at >= 0 or start == 0:
            end = start + at + 1
            break
        start = max(0, start - 65536)
    handle.truncate(end)
    handle.seek(end)
    return end


def _stale_temps(folder: Path) -> list[str]:
    try:
        return [e.name for e in os.scandir(folder)
                if e.name.startswith(".") and e.name.endswith(TEMP_SUFFIX) and e.is_file(follow_symlinks=False)]
    except OSError:  # pragma: no cover - the folder is read just after
        return []


def has_stale_temps(folder: Path) -> bool:
    """Whether ``folder`` holds ``.*.tmp`` files (an interrupted write, or one under way)."""
    return bool(_stale_temps(folder))


def remove_stale_temps(folder: Path) -> None:
    """Remove the ``.*.tmp`` files an interrupted write left in ``folder``.
    Call it under the campaign lock, when no write of rolecli is under way."""
    for name in _stale_temps(folder):
        with contextlib.suppress(OSError):
            os.unlink(Path(folder) / name)


_held: dict[str, int] = {}  # campaign folders this process holds the exclusive lock of
# A group commit (rolecli.campaign.group) holds a campaign's lock across several
# changes and writes them later, together. Any other code that locks or reads
# that campaign first has them written, through the flush it left here. The
# group takes its flush away itself, after releasing the lock (maybe from its
# timer thread): code that finds none here finds the lock released too.
held_changes: dict[str, Callable[[], None]] = {}


def flush_held(folder: Path) -> None:
    """Write the changes a group commit holds for the campaign in ``folder``, if any."""
    flush = held_changes.get(os.path.realpath(folder))
    if flush is not None:
        flush()


@contextlib.contextmanager
def campaign_lock(folder: Path, timeout: float = LOCK_TIMEOUT) -> Iterator[None]:
    """Hold the exclusive lock of the campaign in ``folder`` for a whole
    read-modify-write.

    Waits up to ``timeout`` seconds for another process, then raises a
    CampaignError. Re-entrant within one process: a function that locks may
    call another that locks the same campaign.
    """
    path = Path(folder) / LOCK_FILE
    key = os.path.realpath(folder)
    flush_held(folder)
    if _held.get(key):
        _held[key] += 1
        try:
            yield
        finally:
            _held[key] -= 1
        return
    fd = _open_plain(path, os.O_RDWR | os.O_CREAT, "lock")
    try:
        _acquire(fd, timeout, path)
    except BaseException as exc:
        os.close(fd)
        if isinstance(exc, OSError):  # a file system without locks (some network shares)
            raise CampaignError(f"cannot lock {display_path(path)}: {exc.strerror or exc}.") from None
        raise
    _held[key] = 1
    try:
        yield
    finally:
        del _held[key]
        _release(fd)
        os.close(fd)


if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _try_lock(fd: int) -> bool:
        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _release(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        with contextlib.suppress(OSError):
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _release(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)


def _acquire(fd: int, timeout: float, path: Path) -> None:
    deadline = time.monotonic() + timeout
    delay = 0.002
    while not _try_lock(fd):
        if time.monotonic() >= deadline:
            raise CampaignError(f"the campaign is busy: another rolecli has held {display_path(path)} "
                                f"for {timeout:g} s; try again when it ends.")
        time.sleep(delay)
        delay = min(delay * 2, 0.02)
