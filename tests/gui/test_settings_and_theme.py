"""Settings: saved, applied at once (theme, engine), refused when wrong; dark screenshots."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import qasync
from PySide6.QtWidgets import QApplication

from swapdesk import settings
from swapdesk.devnet.network import Devnet
from swapdesk.engine import DevnetBackend, Engine
from swapdesk.gui import theme
from swapdesk.gui.window import MainWindow
from swapdesk.server import create_app
from swapdesk.server.background import BackgroundServer

from .conftest import Until, screenshot


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    served = Devnet()
    with BackgroundServer(create_app(Engine(DevnetBackend(served)), devnet=served)) as running:
        yield running.url


def test_switch_to_a_server_and_back_is_kept(window: MainWindow, until: Until, server: str, qtbot: Any) -> None:
    dialog = window.edit_settings()
    dialog.engine.setCurrentIndex(1)
    dialog.server_url.setText(server)
    dialog.accept()
    until(window.quote_tab.tokens_loaded)
    assert window.engine_state.text() == f"Ready · server {server}"
    assert settings.load().engine == "remote" and settings.load().server_url == server
    dialog = window.edit_settings()
    assert dialog.server_url.text() == server  # the dialog opens on what was saved
    dialog.engine.setCurrentIndex(0)
    dialog.accept()
    until(window.quote_tab.tokens_loaded)
    assert window.engine_state.text() == "Ready · embedded devnet"


def test_bad_settings_are_said_in_the_dialog_and_not_kept(window: MainWindow) -> None:
    before = settings.load()
    dialog = window.edit_settings()
    dialog.server_url.setText("localhost:8545")
    dialog.accept()
    assert dialog.isVisible() and "server_url: must be an http:// or https:// URL" in dialog.error.text()
    dialog.rpc.setPlainText("BSC")
    dialog.server_url.setText("http://127.0.0.1:1")
    dialog.accept()
    assert "rpc: line 1: write a chain and a URL" in dialog.error.text()
    dialog.reject()
    assert settings.load() == before


def test_dark_theme_screenshots(window: MainWindow, until: Until, qloop: qasync.QEventLoop, qapp: QApplication) -> None:
    dialog = window.edit_settings()
    dialog.theme.setCurrentIndex(2)  # dark
    dialog.accept()
    assert settings.load().theme == "dark"
    assert qapp.palette().window().color().name() == "#1f2329"
    tab = window.quote_tab
    tab.chain_box.setCurrentIndex(tab.chain_box.findText("Ethereum"))
    window.start()
    until(tab.tokens_loaded)
    tab.sell_box.setCurrentText("USDC")
    tab.buy_box.setCurrentText("WBTC")
    tab.amount.setText("750000")
    until(tab.quote_shown)
    screenshot(window, "quote-dark.png")
    window.tabs.setCurrentWidget(window.history_tab)
    screenshot(window, "history-dark.png")
    theme.apply(qapp, "light")
