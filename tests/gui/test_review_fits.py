"""The review dialogs with their risks fit a 1024×640 and a 1366×768 screen with a title bar (issue 31): each
screen given to a process of its own (Qt's offscreen platform is told its screen once, before its application
exists), which runs tests/gui/review_on_screen.py there, light and dark, English and Chinese. On 1024×640 the
review's rows and risks scroll between the steps and the buttons, the box to tick in view; on 1366×768 nothing
scrolls. The PNGs go where the suite's screenshots go (SWAPDESK_TEST_SCREENSHOTS)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QSize

from swapdesk.gui.screen_fit import SCREENS

from .conftest import SCREENSHOTS

ROOT = Path(__file__).resolve().parents[2]
ON_SCREEN = Path(__file__).with_name("review_on_screen.py")


@pytest.mark.parametrize("screen", SCREENS, ids=lambda s: f"{s.width()}x{s.height()}")
def test_the_review_dialogs_fit_the_screen(screen: QSize, tmp_path: Path) -> None:
    config = tmp_path / "screen.json"
    config.write_text(json.dumps({"screens": [{"name": "laptop", "x": 0, "y": 0, "width": screen.width(),
                                               "height": screen.height(), "logicalDpi": 96, "logicalBaseDpi": 96,
                                               "dpr": 1}]}))  # fmt: skip
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={config}", "SWAPDESK_TEST_SCREENSHOTS": SCREENSHOTS}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(ON_SCREEN.relative_to(ROOT))],
        env=env, cwd=ROOT, capture_output=True, text=True, timeout=900,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    assert "4 passed" in done.stdout, done.stdout[-2000:]  # both reviews, in both languages: none skipped
