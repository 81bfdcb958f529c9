"""Start-up: one QApplication, one qasync loop, the window, the engine.

The window is shown at once; the engine's first chain starts in the
background (EVM work runs on the devnet's own threads), and the status bar
says when it is ready. Closing the window cancels pending work and closes the
engine before the loop stops, so no task or thread is left behind.
"""

from __future__ import annotations

import asyncio
import sys

import qasync
from PySide6.QtWidgets import QApplication

from swapdesk.api import SwapService
from swapdesk.gui.icons import icon
from swapdesk.gui.window import MainWindow


def make_service(server: str | None) -> tuple[SwapService, str]:
    if server:
        from swapdesk.remote import RemoteService

        return RemoteService(server), f"server {server}"
    from swapdesk.engine import Engine

    return Engine(), "embedded devnet"


def run(server: str | None = None) -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    app.setApplicationName("swapdesk")
    app.setWindowIcon(icon("/static/icons/app.svg"))
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    with loop:
        service, name = make_service(server)
        window = MainWindow(service, name)
        window.show()
        window.start()
        loop.run_until_complete(window.closed)
        loop.run_until_complete(service.aclose())
    return 0
