"""Safe file writes: atomic replacement, appends, and the campaign lock.

- :func:`atomic_write` writes a temporary file in the same folder, fsyncs it
  and renames it over the target with :func:`os.replace`, so a reader sees the
  old file or the new one, never half of one, and a crash leaves the old file.
- :func:`append_line` appends one line and fsyncs it (the log).
- :func:`campaign_lock` holds an exclusive ``flock`` on ``<campaign>/.lock``
  for a whole read-modify-write. The lock file is never deleted (deleting
  it would let two processes lock two different files).
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Iterator

from rolecli.campaign.paths import LOCK_FILE, display_path
from rolecli.errors import CampaignError

LOCK_TIMEOUT = 60.0  # seconds to wait for another rolecli to finish with a campaign


def read_bytes(path: Path) -> bytes | None:
    """The bytes of ``path``, or ``None`` if it does not exist."""
    try:
        return Path(path).read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise CampaignError(f"cannot read {display_path(path)}: {exc.strerror or exc}.") from None


def decode(path: Path, data: bytes) -> str:
    """UTF-8 text of a campaign file (a leading byte-order mark is accepted)."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise CampaignError(f"{display_path(path)} line {line}: not UTF-8 text; save the file as UTF-8.") from None


def _fsync_dir(folder: Path) -> None:
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


def atomic_write(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically (temp file + fsync + os.replace).

    The new file keeps the permissions of the file it replaces.
    """
    path = Path(path)
    folder = path.parent
    try:
        mode = path.stat().st_mode & 0o7777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
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
    _fsync_dir(folder)


def append_line(path: Path, line: str) -> None:
    """Append ``line`` (without its newline) to ``path`` and fsync it.

    Call it under the campaign lock. A last line left unfinished by a crash
    (no final newline) is cut off first, so every line stays one whole entry.
    """
    path = Path(path)
    try:
        with open(path, "a+b") as handle:
            size = handle.seek(0, os.SEEK_END)
            if size:
                handle.seek(size - 1)
                if handle.read(1) != b"\n":
                    handle.seek(0)
                    content = handle.read()
                    handle.truncate(content.rfind(b"\n") + 1)
                    handle.seek(0, os.SEEK_END)
            handle.write(line.encode("utf-8") + b"\n")
            handle.flush()
            os.fsync(handle.fileno())
    except OSError as exc:
        raise CampaignError(f"cannot write {display_path(path)}: {exc.strerror or exc}.") from None


_held: dict[str, int] = {}  # campaign folders this process holds the exclusive lock of


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
    if _held.get(key):
        _held[key] += 1
        try:
            yield
        finally:
            _held[key] -= 1
        return
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o666)
    except OSError as exc:
        raise CampaignError(f"cannot lock {display_path(path)}: {exc.strerror or exc}.") from None
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
