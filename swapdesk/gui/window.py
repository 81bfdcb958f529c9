"""The main window: tabs, and a status bar that says what the engine is doing."""

from __future__ import annotations

import asyncio

from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QLabel, QMainWindow, QTabWidget

from swapdesk.api import SwapService
from swapdesk.gui.tabs.history import HistoryTab
from swapdesk.gui.tabs.quote import QuoteTab


class MainWindow(QMainWindow):
    def __init__(self, service: SwapService, engine_name: str = "embedded devnet") -> None:
        super().__init__()
        self.service = service
        self.engine_name = engine_name
        self.closed: asyncio.Future[None] = asyncio.get_event_loop().create_future()
        self.setWindowTitle("swapdesk")
        self.resize(1100, 760)
        self.tabs = QTabWidget()
        self.quote_tab = QuoteTab(service)
        self.history_tab = HistoryTab(service)
        self.tabs.addTab(self.quote_tab, "Quote")
        self.tabs.addTab(self.history_tab, "History")
        self.setCentralWidget(self.tabs)
        self.engine_state = QLabel(f"Starting the {engine_name}…")
        self.statusBar().addPermanentWidget(self.engine_state)
        for answered in (self.quote_tab.tokens_loaded, self.history_tab.details_shown):
            answered.connect(lambda _: self.engine_state.setText(f"Ready · {self.engine_name}"))
        self.quote_tab.chain_failed.connect(lambda message: self.engine_state.setText(f"Engine unavailable: {message}"))

    def start(self) -> None:
        """Begin work that needs the engine: the first chain starts in the background."""
        self.quote_tab.load_tokens()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.quote_tab.shutdown()
        self.history_tab.shutdown()
        if not self.closed.done():
            self.closed.set_result(None)
        super().closeEvent(event)
