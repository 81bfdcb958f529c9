"""The window as it opens on a screen of a given size: Qt's offscreen platform told the screen's size
(`QT_QPA_PLATFORM=offscreen:configfile=...`, which a test process cannot change once its application exists).

Run by test_fit_screens.py in its own process:

    python -m tests.gui.screen_window [--dialogs]

It prints one JSON line: the screen's free area, the window's inside, its frame and its minimum (with --dialogs:
the Settings and Accounts dialogs' insides instead). No engine is started: the size is the window's own
business, decided before anything else.
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


def dialogs(app: QApplication) -> dict[str, list[int]]:
    """The Settings dialog, and the Accounts dialog at its tallest step (the recovery phrase shown): each one's
    inside as it opens."""
    from swapdesk.gui.accounts_dialog import AccountsDialog
    from swapdesk.gui.settings_dialog import SettingsDialog
    from swapdesk.settings import Settings
    from swapdesk.wallet import Wallet
    from tests.wallet.memory_keyring import MemoryKeyring

    seen = {}
    with tempfile.TemporaryDirectory() as folder:
        settings = SettingsDialog(Settings())
        settings.show()
        app.processEvents()
        seen["settings"] = _rect(settings.geometry())
        accounts = AccountsDialog(Wallet(Path(folder), MemoryKeyring(), scrypt_n=2**10))
        flow = accounts.create_flow
        accounts.ways.setCurrentWidget(flow)
        flow.password.setText("correct horse battery staple")
        flow.repeat.setText("correct horse battery staple")
        flow.start_button.click()  # the twelve words: its tallest step
        accounts.show()
        app.processEvents()
        seen["accounts"] = _rect(accounts.geometry())
        for dialog in (settings, accounts):
            dialog.close()
    return seen


def main() -> int:
    app = QApplication(sys.argv)
    if "--dialogs" in sys.argv:
        from swapdesk.gui import theme

        theme.apply(app, "light")
        print(json.dumps({"available": _rect(app.primaryScreen().availableGeometry()), **dialogs(app)}))
        return 0
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
