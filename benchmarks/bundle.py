"""The installed bundle: what it weighs, where the megabytes go, and how fast it starts cold.

    python benchmarks/bundle.py [--dist DIR] [--runs 3]

Without --dist it builds the packages first (`scripts/bundle.py --out <tmp>`; PyInstaller's cache makes a rerun
cheap). It unpacks the tarball into a temporary folder and prints the packed sizes (tarball, .deb), the installed
size and its biggest parts. Then, --runs times, it starts the unpacked `swapdesk` as a first start would: a fresh
HOME (no settings, no devnet data, no world in the cache), only /usr/bin:/bin on the PATH, offline (a network
namespace with no interface up, `unshare --net`, where the system allows it; said otherwise), on Xvfb with Qt's xcb
platform, and with `SWAPDESK_BUNDLE_SMOKE=1` (packaging/pyinstaller/entry.py): the window opens, quotes 100 of the
token it offers on the first chain, prints its wall-clock times and closes. Times are from just before the
process is spawned (the click) to the window shown (one turn of the event loop after `show()`, as
benchmarks/gui.py counts it) and to the first quote on screen. Targets: packed <= 200 MB, installed <= 500 MB,
window <= 1.5 s, first quote <= 3 s. The page cache is not dropped (that needs the host): "cold" means a first start
of the app, not of the disk.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from swapdesk import __version__  # noqa: E402
from tests.xvfb import running_xvfb  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dist", type=Path, help="where scripts/bundle.py put the packages (default: build them)")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="swapdesk-bundle-") as scratch:
        work = Path(scratch)
        dist = args.dist or build(work / "dist")
        tarball = dist / f"swapdesk-{__version__}-linux-x86_64.tar.gz"
        deb = dist / f"swapdesk_{__version__}_amd64.deb"
        with tarfile.open(tarball) as tar:
            tar.extractall(work / "opt", filter="tar")
        top = work / "opt" / f"swapdesk-{__version__}"
        print(f"packed: tarball {mb(tarball.stat().st_size)} MB, .deb {mb(deb.stat().st_size)} MB (target <= 200)")
        print(f"installed: {mb(size(top))} MB (target <= 500)")
        print("biggest parts (installed MB):")
        for name, weight in parts(top).most_common(15):
            print(f"  {mb(weight):>7}  {name}")
        with running_xvfb() as display:
            starts = [cold_start(top / "swapdesk", work / f"home{n}", display) for n in range(args.runs)]
        stages = (
            ("shown", "window shown", 1.5),
            ("tokens", "the first chain's tokens", None),
            ("quoted", "first quote", 3.0),
        )
        for key, name, target in stages:
            values = [s[key] for s in starts]
            print(
                f"cold start to {name}: median {statistics.median(values):.2f} s"
                f" (runs: {', '.join(f'{v:.2f}' for v in values)}{f'; target <= {target}' if target else ''})"
            )
        print(f"offline: {'yes (unshare --net)' if starts[0]['offline'] else 'NO: unshare --net not allowed here'}")
    return 0


def build(out: Path) -> Path:
    started = time.perf_counter()
    subprocess.run([sys.executable, str(ROOT / "scripts" / "bundle.py"), "--out", str(out)], cwd=ROOT, check=True)
    print(f"built in {time.perf_counter() - started:.0f} s")
    return out


def mb(value: float) -> str:
    return f"{value / 1e6:.1f}"


def size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def parts(contents: Path) -> Counter[str]:
    """Weight by what a reader recognises: Qt's libraries one by one, ICU, the Python packages, the worlds..."""
    weights: Counter[str] = Counter()
    for path in contents.rglob("*"):
        if not path.is_file() or path.is_symlink():
            continue
        relative = path.relative_to(contents).parts
        if relative[0] == "_internal" and len(relative) > 1:
            relative = relative[1:]  # PyInstaller's contents folder: what is in it is what a reader asks about
        elif relative[0] == "swapdesk":
            relative = ("swapdesk (the executable: bootloader and the Python modules' archive)",)
        if relative[0] in ("bin", "worlds"):
            name = {"bin": "bin/anvil (fork mode's node)", "worlds": "worlds/ (the devnet's, built ahead)"}[relative[0]]
        elif relative[0] == "PySide6" and "lib" in relative:
            name = f"PySide6/Qt/lib/{relative[-1]}"
        elif relative[0] == "PySide6" and "plugins" in relative:
            name = "PySide6/Qt/plugins (platforms, image formats, ...)"
        else:
            name = relative[0] + ("/" if len(relative) > 1 else "")
        weights[name] += path.stat().st_size
    return weights


def cold_start(executable: Path, home: Path, display: str) -> dict[str, float]:
    home.mkdir()
    offline = shutil.which("unshare") is not None and (
        subprocess.run(["unshare", "--net", "true"], capture_output=True).returncode == 0
    )
    command = (["unshare", "--net"] if offline else []) + [str(executable)]
    env = {"HOME": str(home), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "DISPLAY": display}
    env |= {"QT_QPA_PLATFORM": "xcb", "SWAPDESK_BUNDLE_SMOKE": "1"}
    clicked = time.time()
    done = subprocess.run(command, env=env, cwd=home, capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        raise SystemExit(f"the bundle's window failed:\n{(done.stdout + done.stderr)[-3000:]}")
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    if list((home / ".cache").rglob("*.snapshot")):  # the devnet's own copies live under .local/share
        raise SystemExit("a world was built on first start: the bundle's worlds were not used")
    times = {key: seen[key] - clicked for key in ("shown", "tokens", "quoted")}
    return times | {"offline": float(offline)}


if __name__ == "__main__":
    sys.exit(main())
