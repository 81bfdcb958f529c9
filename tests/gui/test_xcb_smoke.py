"""One smoke test of the real window on a real X server: Xvfb, Qt's xcb platform, not offscreen.

The test starts Xvfb on a free display (`-displayfd`: the server picks it and says which), runs the window
in its own process with DISPLAY set (`xcb_window.py`: started as `swapdesk` starts, quoting, photographed
from the X server, closed), and reads what it saw. It is skipped only where Xvfb is not installed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from tests.xvfb import XVFB, running_xvfb

from .conftest import SCREENSHOTS

ROOT = Path(__file__).resolve().parents[2]
SIZE = (1366, 768)

pytestmark = pytest.mark.skipif(
    XVFB is None,
    reason="Xvfb is not installed (Debian's xvfb; scripts/test installs it with the xcb libraries Qt needs)",
)


@pytest.fixture
def display() -> Iterator[str]:
    """A fresh X server on a display nobody uses, for this test only."""
    with running_xvfb(*SIZE) as number:
        yield number


def test_the_real_window_opens_and_quotes_on_an_x_server(display: str, tmp_path: Path) -> None:
    shot = Path(SCREENSHOTS) / "xcb-window.png"
    shot.parent.mkdir(parents=True, exist_ok=True)
    env = {
        **os.environ,
        "DISPLAY": display,
        "QT_QPA_PLATFORM": "xcb",
        "SWAPDESK_CONFIG_DIR": str(tmp_path / "config"),
        "SWAPDESK_DATA_DIR": str(tmp_path / "data"),
    }
    done = subprocess.run(
        [sys.executable, "-m", "tests.gui.xcb_window", str(shot)],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["platform"] == "xcb" and seen["visible"] and seen["saved"]
    assert seen["screen"] == list(SIZE)
    assert int(seen["amountIn"]) > 0 and seen["received"]  # quoting, and the amount received on screen
    assert seen["status"].startswith("Ready")
    image = QImage(str(shot))
    assert (image.width(), image.height()) == SIZE
    colours = {image.pixel(x, y) for x in range(0, SIZE[0], 37) for y in range(0, SIZE[1], 29)}
    assert len(colours) > 5, "the X server shows an empty screen"  # the window was drawn, not a blank root
