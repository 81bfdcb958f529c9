"""The bundle as a person gets it: built by scripts/bundle.py, unpacked, run with nothing of the checkout.

The test builds the Linux bundle (PyInstaller's work folder and finished folder are kept in the user cache, so a
rerun on the same sources only packs again), unpacks the tarball into a temporary folder, and runs its `swapdesk`
as a user would, from a fresh HOME with only /usr/bin:/bin on the PATH and no Python of ours anywhere: the
version, a quote on the devnet, the window on a real X server (Xvfb, Qt's xcb platform) quoting and then swapping
from a demo account through its own review dialog (entry.py's SWAPDESK_BUNDLE_SMOKE=swap), and that swap looked
up again by hash as confirmed. The packages go to a temporary folder, never into the tree; every process it
starts is ended before it returns. It prints what the bundle weighs, packed and installed.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tarfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from swapdesk import __version__
from tests.xvfb import XVFB, running_xvfb

ROOT = Path(__file__).resolve().parents[2]
BUILD_TIMEOUT = 900  # seconds: a cold build (no PyInstaller cache, no worlds) on 2 busy cores

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def packages(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Path]]:
    """The tarball and the .deb, built into a temporary folder (removed after: a few hundred MB a run)."""
    out = tmp_path_factory.mktemp("dist")
    started = time.perf_counter()
    built = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "bundle.py"), "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=BUILD_TIMEOUT,
    )
    assert built.returncode == 0, (built.stdout + built.stderr)[-4000:]
    print(f"\nbundle built in {time.perf_counter() - started:.0f} s:\n{built.stdout.strip()}")
    yield {
        "tarball": out / f"swapdesk-{__version__}-linux-x86_64.tar.gz",
        "deb": out / f"swapdesk_{__version__}_amd64.deb",
    }
    shutil.rmtree(out)


@pytest.fixture(scope="module")
def installed(packages: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The tarball unpacked, as the README tells a person: its `swapdesk` executable."""
    place = tmp_path_factory.mktemp("opt")
    with tarfile.open(packages["tarball"]) as tar:
        tar.extractall(place, filter="tar")
    yield place / f"swapdesk-{__version__}" / "swapdesk"
    shutil.rmtree(place)


@pytest.fixture
def home(tmp_path: Path) -> Path:
    (tmp_path / "home").mkdir()
    return tmp_path / "home"


def run(executable: Path, home: Path, *args: str, timeout: float = 180, **env: str) -> subprocess.CompletedProcess[str]:
    """The bundle's swapdesk in a user's bare environment: a fresh HOME, the system's PATH, no PYTHONPATH."""
    return subprocess.run(
        [str(executable), *args],
        env={"HOME": str(home), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", **env},
        cwd=home,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


@pytest.fixture
def display() -> Iterator[str]:
    """A fresh X server on a display nobody uses."""
    if XVFB is None:
        pytest.fail("Xvfb is not installed (Debian's xvfb; scripts/test installs it)")
    with running_xvfb() as number:
        yield number


def tree_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def test_the_packages_weigh_what_they_should(packages: dict[str, Path], installed: Path) -> None:
    sizes = {name: path.stat().st_size for name, path in packages.items()}
    unpacked = tree_size(installed.parent)
    print(
        f"\nbundle: tarball {sizes['tarball'] / 1e6:.1f} MB, .deb {sizes['deb'] / 1e6:.1f} MB, "
        f"installed {unpacked / 1e6:.1f} MB"
    )
    assert max(sizes.values()) <= 200e6 and unpacked <= 500e6
    control = subprocess.run(["dpkg-deb", "--field", str(packages["deb"])], capture_output=True, text=True)
    assert f"Version: {__version__}" in control.stdout and "Package: swapdesk" in control.stdout
    listed = subprocess.run(["dpkg-deb", "--contents", str(packages["deb"])], capture_output=True, text=True).stdout
    for path in ("./opt/swapdesk/swapdesk", "./usr/bin/swapdesk -> /opt/swapdesk/swapdesk"):
        assert path in listed, path
    assert "QtWebEngine" not in listed and "/pytest/" not in listed


def test_the_command_line_answers_with_nothing_but_the_bundle(installed: Path, home: Path) -> None:
    version = run(installed, home, "--version")
    assert version.returncode == 0 and version.stdout.strip() == f"swapdesk {__version__}", version.stderr[-2000:]
    anvil = subprocess.run([installed.parent / "_internal" / "bin" / "anvil", "--version"], capture_output=True)
    assert anvil.returncode == 0 and anvil.stdout.startswith(b"anvil")  # fork mode's node, carried
    quote = run(installed, home, "quote", "--chain", "BSC", "--sell", "USDT", "--buy", "WBNB", "--amount", "1000",
                "--from", "Demo 0", "--json")  # fmt: skip
    assert quote.returncode == 0, quote.stderr[-4000:]
    record = json.loads(quote.stdout)
    assert int(record["totalAmountOut"]) > 0 and record["routes"]
    wrong = run(installed, home, "quote", "--chain", "BSC", "--sell", "USDT", "--buy", "WBNB", "--amount", "1e3",
                "--from", "Demo 0")  # fmt: skip
    assert wrong.returncode != 0 and "Traceback" not in wrong.stderr  # bad input: words, not a traceback
    # the worlds came from the bundle: nothing was built into the fresh HOME's cache
    assert not list((home / ".cache").rglob("*.snapshot"))


def test_the_window_opens_quotes_and_swaps_on_an_x_server(installed: Path, home: Path, display: str) -> None:
    window = run(installed, home, timeout=300, DISPLAY=display, QT_QPA_PLATFORM="xcb", SWAPDESK_BUNDLE_SMOKE="swap")
    assert window.returncode == 0, (window.stdout + window.stderr)[-4000:]
    seen = json.loads(window.stdout.strip().splitlines()[-1])
    assert seen["platform"] == "xcb" and seen["visible"] and "error" not in seen, seen
    assert int(seen["amountIn"]) > 0 and seen["received"] and seen["account"].startswith("Demo 1")
    assert seen["headline"].startswith("Swapped: you received ") and int(seen["amountOut"]) > 0
    print(f"\nbundle window: shown {seen['shown'] - seen['launched']:.2f} s, quoted "
          f"{seen['quoted'] - seen['launched']:.2f} s after launch")  # fmt: skip
    chain = str(seen["chain"])
    details = run(installed, home, "details", seen["hash"], "--chain", chain, "--json")
    assert details.returncode == 0, details.stderr[-4000:]
    record = json.loads(details.stdout)
    assert record["status"] == "Success" and record["amountOut"] == seen["amountOut"], record
    assert not list((home / ".cache").rglob("*.snapshot"))
