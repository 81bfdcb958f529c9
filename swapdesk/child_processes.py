"""Programs swapdesk runs beside itself, found where they are (anvil, the node for fork mode), and how they are
started so that none outlives swapdesk.

A bundle (scripts/bundle.py) carries anvil inside it, at `<bundle contents>/bin/anvil`; otherwise it is the one on
PATH, or, in a checkout, the binary of the npm package that package.json pins (@foundry-rs/anvil) under
node_modules.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import platform
import shutil
import signal
import sys
from pathlib import Path
from typing import Any

_CHECKOUT = Path(__file__).resolve().parent.parent
# the npm package's name for this platform: @foundry-rs/anvil-<os>-<arch>
_NPM_OS = {"linux": "linux", "darwin": "darwin", "win32": "win32"}
_NPM_ARCH = {"x86_64": "amd64", "amd64": "amd64", "aarch64": "arm64", "arm64": "arm64"}


def anvil_path() -> Path | None:
    """The anvil executable: the bundle's, else PATH's, else node_modules'; None when there is none."""
    name = "anvil.exe" if sys.platform == "win32" else "anvil"
    bundle = getattr(sys, "_MEIPASS", None)  # set by PyInstaller's bootloader: the bundle's contents
    if bundle is not None and (Path(bundle) / "bin" / name).is_file():
        return Path(bundle) / "bin" / name
    found = shutil.which("anvil")
    if found is not None:
        return Path(found)
    system, arch = _NPM_OS.get(sys.platform), _NPM_ARCH.get(platform.machine().lower())
    if system is None or arch is None:
        return None
    npm = _CHECKOUT / "node_modules" / "@foundry-rs" / f"anvil-{system}-{arch}" / "bin" / name
    return npm if npm.is_file() else None


def child_options() -> dict[str, Any]:
    """`subprocess.Popen` options for a program that must not outlive swapdesk (anvil, a world builder).

    swapdesk ends its children itself when it stops, on a signal too (the window closes on SIGTERM, SIGINT and
    SIGHUP as on its close button). On Linux the kernel also sends the child SIGTERM when the thread that
    started it ends (PR_SET_PDEATHSIG), so that not even a SIGKILL of swapdesk leaves one running; swapdesk
    starts them from threads that live as long as it does."""
    if not sys.platform.startswith("linux"):
        return {}
    prctl = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True).prctl  # found before fork

    def die_with_parent() -> None:  # in the child, between fork and exec: one C call, no lock taken
        prctl(_PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)

    return {"preexec_fn": die_with_parent}


_PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
