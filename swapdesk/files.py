"""Writing files so that a crash never leaves half of one, reading a text file a person chose with a bound, and
taking a folder for one process."""

from __future__ import annotations

import os
import stat
import sys
import tempfile
from pathlib import Path
from typing import IO

from swapdesk.words import QT_TR_NOOP, Term, Worded

NOT_REGULAR = (  # what a path may be instead of a file: its size says nothing (/dev/zero has none, and never ends)
    (stat.S_ISDIR, Term(QT_TR_NOOP("a folder"))),
    (stat.S_ISFIFO, Term(QT_TR_NOOP("a named pipe (FIFO)"))),
    (stat.S_ISCHR, Term(QT_TR_NOOP("a character device"))),
    (stat.S_ISBLK, Term(QT_TR_NOOP("a block device"))),
    (stat.S_ISSOCK, Term(QT_TR_NOOP("a socket"))),
)


class FileRefused(Worded):
    """A file that cannot be read as asked, in words."""


def write_atomically(path: Path, text: str, private: bool = False) -> None:
    """Write a temporary file beside `path`, flush it to disk, then rename it
    over `path`: readers see the old file or the new one, never a mix.
    `private` files are readable by their owner only, from their first byte."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.stem, suffix=".tmp")
    try:
        if private and hasattr(os, "fchmod"):  # mkstemp's file is the owner's alone already; said again here
            os.fchmod(fd, 0o600)  # (Windows' Python has no fchmod before 3.13: the profile folder's ACL keeps it)
        with os.fdopen(fd, "w") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def try_lock(folder: Path) -> IO[bytes] | None:
    """An exclusive lock on `folder` (its file `lock`), held while the returned file is open; None when another
    process (or another open file in this one) holds it. The OS releases it when the process dies."""
    folder.mkdir(parents=True, exist_ok=True)
    handle = open(folder / "lock", "a+b")  # noqa: SIM115 - held open as the lock
    try:
        if sys.platform == "win32":
            import msvcrt

            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        return None
    return handle


def read_text(path: Path, limit: int) -> str:
    """The text of the regular file at `path` (UTF-8; a byte that is not is replaced) of at most `limit` bytes,
    else FileRefused: anything but a regular file is refused by its type, before a byte is read (a named pipe is
    opened without waiting for a writer, and what was opened is checked again), and the bytes are counted as read
    (`limit` + 1 at most), never trusted from the file's size (0 for a device or a file of /proc)."""
    shown = path.name or str(path)
    try:
        _regular(os.stat(path), shown)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        with open(fd, "rb") as file:
            _regular(os.fstat(file.fileno()), shown)
            data = file.read(limit + 1)
    except OSError as exc:
        raise FileRefused(QT_TR_NOOP("cannot read {file}: {why}"), file=shown, why=exc.strerror or exc) from None
    if len(data) > limit:
        raise FileRefused(QT_TR_NOOP("{file} is larger than {size}"), file=shown, size=_size(limit))
    return data.decode("utf-8", errors="replace")


def _regular(status: os.stat_result, shown: str) -> None:
    kind = next((kind for test, kind in NOT_REGULAR if test(status.st_mode)), None)
    if kind is not None or not stat.S_ISREG(status.st_mode):
        raise FileRefused(
            QT_TR_NOOP("{file} is {kind}: only a regular file can be read"),
            file=shown,
            kind=kind or Term(QT_TR_NOOP("something other than a file")),
        )


def _size(limit: int) -> str:
    return f"{limit / 2**20:g} MiB" if limit >= 2**20 else f"{limit:,} bytes"
