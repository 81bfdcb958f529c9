"""The Debian package of the Linux bundle (scripts/bundle.py): /opt/swapdesk, /usr/bin/swapdesk, the desktop files,
and a control file whose Depends names the packages holding the libraries the bundle links but does not carry."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

from swapdesk import __version__


def pack_deb(folder: Path, out: Path, desktop: dict[str, Path], tree_size: Callable[[Path], int]) -> Path:
    """/opt/swapdesk, /usr/bin/swapdesk (a link to it), the desktop entry, icon and metainfo (`desktop`: by where
    each goes under a prefix) under /usr/share."""
    path = out / f"swapdesk_{__version__}_amd64.deb"
    stage = folder.parent / "deb"
    shutil.rmtree(stage, ignore_errors=True)
    shutil.copytree(folder, stage / "opt" / "swapdesk", copy_function=_link_or_copy)
    (stage / "usr" / "bin").mkdir(parents=True)
    (stage / "usr" / "bin" / "swapdesk").symlink_to("/opt/swapdesk/swapdesk")
    for name, source in desktop.items():
        (stage / "usr" / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, stage / "usr" / name)
    for item in [stage, *stage.rglob("*")]:
        if not item.is_symlink():
            item.chmod(0o755 if item.is_dir() or os.access(item, os.X_OK) else 0o644)
    (stage / "DEBIAN").mkdir()
    (stage / "DEBIAN" / "control").write_text(deb_control(folder, tree_size(stage)))
    partial = path.with_suffix(".partial")
    subprocess.run(
        # zstd: a tenth of xz's time for 15 % more; dpkg reads it from 1.21.18 (Debian 12; Ubuntu since 21.10),
        # older than the C library the bundle needs anyway
        ["dpkg-deb", "--root-owner-group", "-Zzstd", "-z10", "--build", str(stage), str(partial)],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    partial.replace(path)
    shutil.rmtree(stage)
    return path


def _link_or_copy(source: str, target: str) -> None:
    try:
        os.link(source, target)  # the staged tree only lives until dpkg-deb has read it
    except OSError:
        shutil.copy2(source, target)


def deb_control(folder: Path, size: int) -> str:
    description = "Desktop swap, bridge and transaction-lookup tool with an embedded engine of the swap query API"
    return (
        "Package: swapdesk\n"
        f"Version: {__version__}\n"
        "Architecture: amd64\n"
        "Maintainer: swapdesk maintainers <maintainers@swapdesk.invalid>\n"
        f"Installed-Size: {size // 1024}\n"
        f"Depends: {', '.join(system_dependencies(folder))}\n"
        "Section: utils\n"
        "Priority: optional\n"
        f"Description: {description}\n"
        " swapdesk quotes same-chain swaps across every liquidity source of a chain, bridges tokens across chains\n"
        " and reads what happened to a transaction. It runs offline on embedded local chains with real contracts\n"
        " (their worlds ship built), and reaches real networks through JSON-RPC.\n"
    )


def system_dependencies(folder: Path) -> list[str]:
    """The Debian packages holding the libraries the bundle links but does not carry (libc, GL, X11...).

    The C library's least version is the newest GLIBC_ symbol version any of the bundle's programs needs."""
    carried = {p.name for p in folder.rglob("*") if p.is_file()}
    needed: set[str] = set()
    glibc = (2, 17)
    for path in folder.rglob("*"):
        if not path.is_file() or path.is_symlink() or path.open("rb").read(4) != b"\x7fELF":
            continue
        dump = subprocess.run(["objdump", "-p", "-T", str(path)], capture_output=True, text=True).stdout
        needed.update(re.findall(r"^\s+NEEDED\s+(\S+)$", dump, re.MULTILINE))
        for major, minor in re.findall(r"GLIBC_(\d+)\.(\d+)", dump):
            glibc = max(glibc, (int(major), int(minor)))
    paths = _library_paths()
    packages: set[str] = set()
    for name in sorted(needed - carried):
        if name not in paths:
            raise SystemExit(f"the bundle needs {name}, which this system does not have: install it and build again")
        packages.add(_debian_package(paths[name]))
    packages.discard("libc6")
    return [f"libc6 (>= {glibc[0]}.{glibc[1]})", *sorted(packages)]


def _library_paths() -> dict[str, str]:
    listed = subprocess.run(["/sbin/ldconfig", "-p"], capture_output=True, text=True, check=True).stdout
    found: dict[str, str] = {}
    for name, flags, path in re.findall(r"^\s+(\S+) \(([^)]*)\) => (\S+)$", listed, re.MULTILINE):
        if "x86-64" in flags:
            found.setdefault(name, path)
    return found


def _debian_package(path: str) -> str:
    real = os.path.realpath(path)
    for candidate in dict.fromkeys([path, real, real.removeprefix("/usr"), "/usr" + real]):
        owner = subprocess.run(["dpkg-query", "-S", candidate], capture_output=True, text=True)
        if owner.returncode == 0:
            return owner.stdout.split(":")[0].strip()
    raise SystemExit(f"no Debian package owns {path}: the .deb could not say what it depends on")
