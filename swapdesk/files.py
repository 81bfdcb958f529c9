"""Writing files so that a crash never leaves half of one, and taking a folder for one process."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import IO


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
