"""The window as `swapdesk` opens it, on a real X server (Qt's xcb platform): up, quoting, photographed, closed.

Run by test_xcb_smoke.py in its own process, with DISPLAY set to the Xvfb it started:

    python -m tests.gui.xcb_window <screenshot.png>

It prints one JSON line saying what it saw; the screenshot is the X server's own pixels (`grabWindow(0)`).
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from typing import Any

os.environ["QT_QPA_PLATFORM"] = "xcb"

from PySide6.QtCore import SignalInstance
from PySide6.QtWidgets import QApplication

from swapdesk import settings
from swapdesk.gui import theme
from swapdesk.gui.app import open_window
from swapdesk.gui.collector import MainThreadCollector
from swapdesk.gui.loop import EventLoop

TIMEOUT = 240.0  # seconds: a cold start builds the chain's world


def until(loop: asyncio.AbstractEventLoop, signal: SignalInstance) -> tuple[Any, ...]:
    done: asyncio.Future[tuple[Any, ...]] = loop.create_future()

    def fire(*args: Any) -> None:
        if not done.done():
            done.set_result(args)

    signal.connect(fire)
    return loop.run_until_complete(asyncio.wait_for(done, TIMEOUT))


def main(path: str) -> int:
    app = QApplication(sys.argv)
    app.setApplicationName("swapdesk")
    loop = EventLoop(app)
    asyncio.set_event_loop(loop)
    chosen = settings.load()
    theme.apply(app, chosen.theme)
    collector = MainThreadCollector(app)
    collector.start()
    with loop:
        window = open_window(chosen, collector)  # the start-up path of `swapdesk`
        tab = window.quote_tab
        until(loop, tab.tokens_loaded)
        tab.amount.setText("1000")
        (quote,) = until(loop, tab.quote_shown)
        app.processEvents()  # the quote painted before the X server is photographed
        shot = app.primaryScreen().grabWindow(0)
        saved = shot.save(path)
        seen = {
            "platform": app.platformName(),
            "visible": window.isVisible(),
            "window": [window.width(), window.height()],
            "screen": [shot.width(), shot.height()],
            "amountIn": quote.amountIn,
            "received": tab.buy_side.text(),
            "status": window.engine_state.text(),
            "saved": saved,
        }
        window.close()
        loop.run_until_complete(window.closed)
        loop.run_until_complete(window.session.aclose())
    collector.stop()
    print(json.dumps(seen))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
