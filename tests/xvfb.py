"""A private X server for what runs the real window on X (Debian's xvfb, which `bash scripts/test` installs)."""

from __future__ import annotations

import os
import select
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager

XVFB = shutil.which("Xvfb")


@contextmanager
def running_xvfb(width: int = 1366, height: int = 768) -> Iterator[str]:
    """Xvfb on a display nobody uses (`-displayfd`: the server picks it and says which); yields the display
    (":N") and ends the server on exit."""
    if XVFB is None:
        raise RuntimeError("Xvfb is not installed (Debian's xvfb; `bash scripts/test` installs it)")
    read, write = os.pipe()
    server = subprocess.Popen(
        [XVFB, "-displayfd", str(write), "-screen", "0", f"{width}x{height}x24", "-nolisten", "tcp"],
        pass_fds=[write],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    try:
        ready, _, _ = select.select([read], [], [], 30)
        if not ready:
            raise RuntimeError("Xvfb did not say which display it took within 30 s")
        number = os.read(read, 16).decode().strip()
        if not number.isdigit():
            raise RuntimeError(f"Xvfb answered {number!r}")
        yield f":{number}"
    finally:
        os.close(read)
        server.terminate()
        server.wait(10)
