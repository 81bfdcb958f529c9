"""The window as it opens on a screen of a given size: Qt's offscreen platform told the screen's size
(`QT_QPA_PLATFORM=offscreen:configfile=...`, which a test process cannot change once its application exists).

Run by test_fit_screens.py in its own process:

    python -m tests.gui.screen_window

It prints one JSON line: the screen's free area, the window's inside, its frame and its minimum. No engine is
started: the size is the window's own business, decided before anything else.
"""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication

from swapdesk.gui.loop import EventLoop
from swapdesk.gui.window import MainWindow
from swapdesk.session import Session
from swapdesk.store import TxStore


def _rect(rect: QRect) -> list[int]:
    return [rect.x(), rect.y(), rect.width(), rect.height()]


def main() -> int:
    app = QApplication(sys.argv)
    loop = EventLoop(app)
    asyncio.set_event_loop(loop)
    with tempfile.TemporaryDirectory() as folder, loop:
        store = TxStore(Path(folder) / "transactions.sqlite")
        window = MainWindow(Session(store))
        window.show()
        app.processEvents()
        screen = window.screen()
        seen = {
            "available": _rect(screen.availableGeometry()),
            "window": _rect(window.geometry()),
            "frame": _rect(window.frameGeometry()),
            "minimum": [window.minimumWidth(), window.minimumHeight()],
        }
        window.close()
        loop.run_until_complete(window.session.aclose())
        store.close()
    print(json.dumps(seen))
    return 0


if __name__ == "__main__":
    sys.exit(main())
