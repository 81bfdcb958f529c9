"""The main window: tabs, and a status bar that says what the engine is doing."""

from __future__ import annotations

import asyncio

from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow, QTabWidget

from swapdesk import settings as stored
from swapdesk.api import SwapService
from swapdesk.gui import theme
from swapdesk.gui.settings_dialog import SettingsDialog
from swapdesk.gui.tabs.history import HistoryTab
from swapdesk.gui.tabs.quote import QuoteTab
from swapdesk.gui.tasks import Latest


class MainWindow(QMainWindow):
    def __init__(self, service: SwapService | None = None, engine_name: str = "embedded devnet") -> None:
        """Without a service the window waits for `use_service` (start-up shows it first)."""
        super().__init__()
        self.service = service
        self.engine_name = engine_name
        self.closed: asyncio.Future[None] = asyncio.get_event_loop().create_future()
        self.setWindowTitle("swapdesk")
        self.resize(1100, 760)
        self.tabs = QTabWidget()
        self.quote_tab = QuoteTab(service)  # type: ignore[arg-type]
        self.history_tab = HistoryTab(service)  # type: ignore[arg-type]
        self.tabs.addTab(self.quote_tab, "Quote")
        self.tabs.addTab(self.history_tab, "History")
        self.setCentralWidget(self.tabs)
        self.engine_state = QLabel(f"Starting the {engine_name}…")
        self.statusBar().addPermanentWidget(self.engine_state)
        self.settings = stored.load()
        self.engine_loader = Latest()
        menu = self.menuBar().addMenu("&File")
        self.settings_action = QAction("&Settings…", self, shortcut=QKeySequence.StandardKey.Preferences)
        self.settings_action.triggered.connect(self.edit_settings)
        menu.addAction(self.settings_action)
        quit_action = QAction("&Quit", self, shortcut=QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        menu.addAction(quit_action)
        for answered in (self.quote_tab.tokens_loaded, self.history_tab.details_shown):
            answered.connect(lambda _: self.engine_state.setText(f"Ready · {self.engine_name}"))
        self.quote_tab.chain_failed.connect(lambda message: self.engine_state.setText(f"Engine unavailable: {message}"))

    def start(self) -> None:
        """Begin work that needs the engine: the first chain starts in the background."""
        self.quote_tab.load_tokens()

    def edit_settings(self) -> SettingsDialog:
        dialog = SettingsDialog(self.settings, self)
        dialog.accepted.connect(lambda: self.apply_settings(dialog.chosen))
        dialog.open()
        return dialog

    def apply_settings(self, chosen: stored.Settings | None) -> None:
        """Keep the settings, and apply them now: theme, and the engine if it changed."""
        if chosen is None:
            return
        stored.save(chosen)
        previous, self.settings = self.settings, chosen
        app = QApplication.instance()
        if isinstance(app, QApplication):
            theme.apply(app, chosen.theme)
        engine_changed = (previous.engine, previous.server_url, previous.rpc) != (
            chosen.engine, chosen.server_url, chosen.rpc
        )  # fmt: skip
        if engine_changed:
            from swapdesk.gui.app import make_service

            service, name = make_service(chosen)
            self.engine_loader.run(self.use_service(service, name))

    async def use_service(self, service: SwapService, name: str) -> None:
        old, self.service, self.engine_name = self.service, service, name
        self.quote_tab.service = self.history_tab.service = service
        self.engine_state.setText(f"Starting the {name}…" if old is None else f"Switching to the {name}…")
        self.quote_tab.load_tokens()
        if old is not None:
            await old.aclose()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.quote_tab.shutdown()
        self.history_tab.shutdown()
        self.engine_loader.close()
        if not self.closed.done():
            self.closed.set_result(None)
        super().closeEvent(event)
