"""Build swapdesk as an app people install, in one command (from the project's .venv, with the `bundle` extra):

    .venv/bin/python scripts/bundle.py [--target linux|windows|macos] [--out dist] [--rebuild]

linux (the default on Linux): a one-folder PyInstaller build of the window and the command line (one executable,
`swapdesk`, as the console script), packed as dist/swapdesk-<version>-linux-x86_64.tar.gz and as
dist/swapdesk_<version>_amd64.deb (dpkg-deb: /opt/swapdesk, /usr/bin/swapdesk, the desktop entry, icon and AppStream
metainfo). windows: the folder zipped and an Inno Setup installer (packaging/windows/swapdesk.iss). macos:
swapdesk.app and a .dmg (hdiutil). The Windows and macOS modes run on their own systems, on GitHub's hosted runners
(.github/workflows/bundle.yml); they are written and reviewed, not run here.

What goes in (packaging/pyinstaller/swapdesk.spec): what swapdesk imports and nothing else it could (no other Qt
module, no test or build tool), the package's data (contract artifacts, catalogues), resources/icons, the devnet's
worlds built ahead (`swapdesk devnet build` into the user cache, which keeps them between runs) so that the first
start builds nothing, and anvil (npm's @foundry-rs/anvil, as package.json pins it) for fork mode.

PyInstaller works under the user cache (<cache>/swapdesk/bundle/<target>/): its work folder stays between runs
(PyInstaller reuses what did not change), and the finished folder is kept under a hash of everything that goes in,
so a rerun on the same sources packs it again without running PyInstaller at all.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tarfile
import time
import xml.etree.ElementTree as ElementTree
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import metadata
from pathlib import Path

import platformdirs

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's swapdesk, even from a Python that has none installed

from scripts.bundle_deb import pack_deb  # noqa: E402
from swapdesk import __version__  # noqa: E402
from swapdesk.chains import CHAINS  # noqa: E402

SPEC = ROOT / "packaging" / "pyinstaller" / "swapdesk.spec"
APP_ID = "io.github.swapdesk.Swapdesk"
# what must never be in the bundle: Qt modules swapdesk does not import, test and build tools, a compiler
FORBIDDEN = re.compile(
    r"Qt6?(WebEngine|Quick|Qml|3D|Multimedia|Pdf|Charts|DataVisualization|Graphs|Designer|VirtualKeyboard|"
    r"Location|Positioning|Sensors|Bluetooth|Nfc|SerialPort|Sql|Test|TextToSpeech|SpatialAudio|ShaderTools)"
    r"|(^|/)(pytest|_pytest|hypothesis|vyper|mypy|ruff|schemathesis|PyInstaller|setuptools|pip)(/|$)"
    r"|(^|/)(gcc|cc1|ld|as|solc|tinycc)$",
    re.IGNORECASE,
)
TARGETS = {"linux": "linux", "win32": "windows", "darwin": "macos"}
_MAC_ARCH = "arm64" if platform.machine() == "arm64" else "amd64"
NPM_ANVIL = {"linux": "linux-amd64", "windows": "win32-amd64", "macos": f"darwin-{_MAC_ARCH}"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--target", choices=sorted(set(TARGETS.values())), default=TARGETS.get(sys.platform))
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="where the packages go (default: dist/)")
    parser.add_argument("--rebuild", action="store_true", help="run PyInstaller even if the folder is cached")
    args = parser.parse_args(argv)
    if args.target != TARGETS.get(sys.platform):
        raise SystemExit(f"--target {args.target}: PyInstaller builds for the system it runs on ({sys.platform})")
    started = time.perf_counter()
    check_release_notes()
    with timed("worlds"):
        worlds = built_worlds()
    anvil = anvil_binary(args.target)
    home = platformdirs.user_cache_path("swapdesk") / "bundle" / args.target
    with locked(home):
        with timed("PyInstaller"):
            folder = pyinstaller(home, worlds, anvil, args.target, args.rebuild)
        check_contents(folder)
        args.out.mkdir(parents=True, exist_ok=True)
        with timed("packages"):
            made = {"linux": pack_linux, "windows": pack_windows, "macos": pack_macos}[args.target](folder, args.out)
    print(f"bundle: {folder} ({megabytes(tree_size(folder))} MB) in {time.perf_counter() - started:.0f} s")
    for path in made:
        print(f"  {path} ({megabytes(path.stat().st_size)} MB)")
    return 0


@contextmanager
def timed(what: str) -> Iterator[None]:
    started = time.perf_counter()
    yield
    print(f"bundle: {what} in {time.perf_counter() - started:.1f} s", flush=True)


def check_release_notes() -> None:
    """The AppStream metainfo names each release; a software centre shows its newest as the version."""
    root = ElementTree.parse(ROOT / "packaging" / f"{APP_ID}.metainfo.xml").getroot()
    newest = root.find("releases/release")
    if newest is None or newest.get("version") != __version__:
        raise SystemExit(
            f'packaging/{APP_ID}.metainfo.xml: add <release version="{__version__}" date="..."/> first in '
            f"<releases> (its newest release is {None if newest is None else newest.get('version')})"
        )


def built_worlds() -> Path:
    """Every chain's world, built (or found) by `swapdesk devnet build` in the user cache, staged readable by all."""
    from swapdesk.devnet.snapshots import default_dir, world_key

    subprocess.run([sys.executable, "-m", "swapdesk", "devnet", "build"], cwd=ROOT, check=True)
    built = default_dir() / world_key()
    staged = platformdirs.user_cache_path("swapdesk") / "bundle" / "worlds" / world_key()
    staged.mkdir(parents=True, exist_ok=True)
    for chain in CHAINS:
        names = [f"{chain.id}.snapshot", f"{chain.id}.manifest.json", f"{chain.id}.bridges.json"]
        if not (built / names[0]).is_file():
            raise SystemExit(f"`swapdesk devnet build` left no world for {chain.flag} in {built}")
        for name in names:
            if (built / name).is_file():
                shutil.copyfile(built / name, staged / name)  # copyfile: the cache's 0600 becomes the umask's
    return staged


def anvil_binary(target: str) -> Path:
    """npm's @foundry-rs/anvil platform binary, as `npm ci` installs the version package.json pins."""
    pinned = json.loads((ROOT / "package.json").read_text())["devDependencies"]["@foundry-rs/anvil"]
    name = "anvil.exe" if target == "windows" else "anvil"
    path = ROOT / "node_modules" / "@foundry-rs" / f"anvil-{NPM_ANVIL[target]}" / "bin" / name
    if not path.is_file():
        raise SystemExit(f"{path} is missing: run `npm ci` (package.json pins @foundry-rs/anvil {pinned})")
    said = subprocess.run([path, "--version"], capture_output=True, text=True, check=True).stdout
    if pinned not in said:
        raise SystemExit(f"{path} says {said.strip()!r}, package.json pins {pinned}: run `npm ci`")
    return path


@contextmanager
def locked(folder: Path) -> Iterator[None]:
    """One build at a time in a work folder (a test and a person building at once would mix their files)."""
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / ".lock", "wb") as lock:
        if os.name == "posix":
            import fcntl

            fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def inputs_key(worlds: Path, anvil: Path) -> str:
    """A hash of everything the bundle is made of: sources, data, spec, this script, the installed packages."""
    digest = hashlib.sha256(f"{sys.version} {platform.platform()} {worlds.name}".encode())
    files = [Path(__file__), *(ROOT / "packaging").rglob("*")]
    for top in ("swapdesk", "resources"):
        files += [p for p in (ROOT / top).rglob("*") if "__pycache__" not in p.parts]
    for path in sorted(p for p in files if p.is_file()):
        digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    for dist in sorted(f"{d.metadata['Name']}=={d.version}" for d in metadata.distributions()):
        digest.update(dist.encode())
    stat = anvil.stat()
    digest.update(f"{anvil} {stat.st_size} {stat.st_mtime_ns}".encode())
    return digest.hexdigest()[:16]


def pyinstaller(home: Path, worlds: Path, anvil: Path, target: str, rebuild: bool) -> Path:
    """The one-folder build (the .app on macOS), from the cache when nothing that goes in changed."""
    key = inputs_key(worlds, anvil)
    dist = home / key
    folder = dist / ("swapdesk.app" if target == "macos" else "swapdesk")
    if (dist / "complete").is_file() and not rebuild:
        print(f"bundle: PyInstaller's folder for these sources is cached ({dist})")
        return folder
    for old in home.iterdir():  # one finished folder kept: each weighs hundreds of megabytes
        if old.is_dir() and old.name not in ("work", "icons"):
            shutil.rmtree(old)
    env = {
        **os.environ,
        "SWAPDESK_BUNDLE_WORLDS": str(worlds),
        "SWAPDESK_BUNDLE_ANVIL": str(anvil),
        "PYTHONHASHSEED": "0",  # the same sources give the same archive
    }
    icon = app_icon(home / "icons", target)
    if icon is not None:
        env["SWAPDESK_BUNDLE_ICON"] = str(icon)
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN"]
    command += ["--workpath", str(home / "work"), "--distpath", str(dist), str(SPEC)]
    subprocess.run(command, cwd=ROOT, env=env, check=True)
    (dist / "complete").write_text(key)
    return folder


def app_icon(folder: Path, target: str) -> Path | None:
    """The executable's icon on Windows (.ico) and the .app's on macOS (.icns), drawn from the SVG by Qt."""
    if target == "linux":
        return None  # the desktop entry names the SVG the .deb installs
    from PySide6.QtCore import QSize
    from PySide6.QtGui import QGuiApplication, QImageReader

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    _app = QGuiApplication.instance() or QGuiApplication([])
    reader = QImageReader(str(ROOT / "packaging" / f"{APP_ID}.svg"))
    reader.setScaledSize(QSize(256, 256) if target == "windows" else QSize(1024, 1024))
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / ("swapdesk.ico" if target == "windows" else "swapdesk.icns")
    if not reader.read().save(str(path)):
        raise SystemExit(f"Qt could not write {path} (its imageformats plugins: ico, icns)")
    return path


def check_contents(folder: Path) -> None:
    found = [p.relative_to(folder).as_posix() for p in folder.rglob("*")]
    bad = [name for name in found if FORBIDDEN.search(name)]
    if bad:
        raise SystemExit("the bundle carries what the app does not use:\n  " + "\n  ".join(bad[:30]))


# -- Linux: a tarball and a .deb ------------------------------------------------------------------------------


def desktop_files() -> dict[str, Path]:
    """The desktop integration the wheel installs (pyproject's data-files), by where it goes under a prefix."""
    return {
        f"share/applications/{APP_ID}.desktop": ROOT / "packaging" / f"{APP_ID}.desktop",
        f"share/metainfo/{APP_ID}.metainfo.xml": ROOT / "packaging" / f"{APP_ID}.metainfo.xml",
        f"share/icons/hicolor/scalable/apps/{APP_ID}.svg": ROOT / "packaging" / f"{APP_ID}.svg",
    }


def pack_linux(folder: Path, out: Path) -> list[Path]:
    return [pack_tarball(folder, out), pack_deb(folder, out, desktop_files(), tree_size)]


def _root_owned(info: tarfile.TarInfo) -> tarfile.TarInfo:
    info.uid = info.gid = 0
    info.uname = info.gname = "root"
    info.mode = 0o755 if info.isdir() or info.mode & 0o111 else 0o644
    return info


def pack_tarball(folder: Path, out: Path) -> Path:
    """swapdesk-<version>/: the folder (run ./swapdesk), and share/ with the desktop files for a prefix."""
    path = out / f"swapdesk-{__version__}-linux-x86_64.tar.gz"
    top = f"swapdesk-{__version__}"
    partial = path.with_suffix(".partial")
    with tarfile.open(partial, "w:gz", compresslevel=6) as tar:
        tar.add(folder, arcname=top, filter=_root_owned)
        for name, source in desktop_files().items():
            tar.add(source, arcname=f"{top}/{name}", filter=_root_owned)
    partial.replace(path)
    return path


# -- Windows and macOS (their own runners; see .github/workflows/bundle.yml) ----------------------------------


def pack_windows(folder: Path, out: Path) -> list[Path]:
    """The folder zipped, and an installer by Inno Setup's compiler, ISCC."""
    out = out.resolve()  # ISCC reads a relative OutputDir from the script's folder, not from ours
    archive = out / f"swapdesk-{__version__}-windows-x86_64.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zipped:
        for path in sorted(folder.rglob("*")):
            zipped.write(path, f"swapdesk-{__version__}/{path.relative_to(folder).as_posix()}")
    recipe = ROOT / "packaging" / "windows" / "swapdesk.iss"
    defines = {"AppVersion": __version__, "SourceDir": folder.resolve(), "OutputDir": out}
    subprocess.run([inno_compiler(), *(f"/D{k}={v}" for k, v in defines.items()), str(recipe)], check=True)
    return [archive, out / f"swapdesk-{__version__}-windows-x86_64-setup.exe"]


def inno_compiler() -> str:
    """ISCC: on the PATH, else where Inno Setup's own installer (and Chocolatey's package) puts it."""
    found = shutil.which("iscc")
    if found is not None:
        return found
    roots = [os.environ.get(variable) for variable in ("ProgramFiles(x86)", "ProgramFiles")]
    installed = [p for root in roots if root for p in sorted(Path(root).glob("Inno Setup */ISCC.exe"), reverse=True)]
    if installed:
        return str(installed[0])
    raise SystemExit("Inno Setup's compiler (ISCC.exe) is neither on the PATH nor in Program Files: install Inno Setup")


def pack_macos(app: Path, out: Path) -> list[Path]:
    """A compressed disk image holding swapdesk.app and a link to /Applications, to drag it onto."""
    arch = "arm64" if platform.machine() == "arm64" else "x86_64"
    image = out / f"swapdesk-{__version__}-macos-{arch}.dmg"
    stage = app.parent / "dmg"
    shutil.rmtree(stage, ignore_errors=True)
    stage.mkdir()
    subprocess.run(["ditto", str(app), str(stage / app.name)], check=True)  # ditto keeps the bundle's links
    (stage / "Applications").symlink_to("/Applications")
    image.unlink(missing_ok=True)
    create_image(stage, image, f"swapdesk {__version__}")
    shutil.rmtree(stage)
    return [image]


def create_image(stage: Path, image: Path, volume: str, attempts: int = 4, pause: float = 5.0) -> None:
    """`hdiutil create`, again after "Resource busy": on GitHub's macOS runners it now and then loses a race with
    the system's own disk-image services (actions/runner-images#7522), and a later try succeeds."""
    command = ["hdiutil", "create", "-volname", volume, "-srcfolder", str(stage)]
    command += ["-fs", "HFS+", "-format", "UDZO", "-ov", str(image)]
    for attempt in range(1, attempts + 1):
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode == 0:
            return
        if "Resource busy" not in done.stderr or attempt == attempts:
            raise SystemExit(f"hdiutil create failed ({attempt} tries): {done.stderr.strip()}")
        time.sleep(pause * attempt)  # a back-off for the system's services, not a wait for a process of ours


def tree_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def megabytes(size: int) -> str:
    return f"{size / 1e6:.1f}"


if __name__ == "__main__":
    sys.exit(main())
