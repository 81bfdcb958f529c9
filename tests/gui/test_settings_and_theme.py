"""Settings: saved, applied at once (theme, engine), refused when wrong; dark screenshots."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import qasync
from PySide6.QtWidgets import QApplication, QMessageBox

from swapdesk import settings
from swapdesk.compose import in_process
from swapdesk.devnet import rewinds
from swapdesk.devnet.backend import DevnetBackend
from swapdesk.devnet.chaindata import ChainData
from swapdesk.devnet.network import Devnet
from swapdesk.engine import Engine
from swapdesk.gui import theme
from swapdesk.gui.design import tokens
from swapdesk.gui.window import MainWindow
from swapdesk.server import create_app
from swapdesk.server.background import BackgroundServer
from swapdesk.server.devnet_app import DevnetRoutes
from swapdesk.session import Session
from swapdesk.store import TxStore
from swapdesk.wallet import Wallet

from .conftest import Until, screenshot


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    served = Devnet()
    with BackgroundServer(create_app(Engine(DevnetBackend(served)), DevnetRoutes(served))) as running:
        yield running.url


def _settled(window: MainWindow, until: Until) -> None:
    """Once the work the engine's start brought (tokens, then the accounts' balances) is done."""
    while window.activity.busy:
        try:
            until(window.activity.changed, timeout=60)
        except TimeoutError:
            raise AssertionError(f"still running: {window.activity.words!r}") from None


def test_switch_to_a_server_and_back_is_kept(window: MainWindow, until: Until, server: str, qtbot: Any) -> None:
    dialog = window.edit_settings()
    dialog.engine.setCurrentIndex(1)
    dialog.server_url.setText(server)
    dialog.accept()
    until(window.quote_tab.tokens_loaded)
    _settled(window, until)
    assert window.engine_state.text() == f"Ready · server {server}"
    assert settings.load().engine == "remote" and settings.load().server_url == server
    dialog = window.edit_settings()
    assert dialog.server_url.text() == server  # the dialog opens on what was saved
    dialog.engine.setCurrentIndex(0)
    dialog.accept()
    until(window.quote_tab.tokens_loaded)
    _settled(window, until)
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
    dialog.rpc.setPlainText("")
    dialog.providers.setPlainText("celer https://cbridge-prod2.celer.app")
    dialog.accept()
    assert "providers: 'celer' is not a bridge provider" in dialog.error.text()
    dialog.providers.setPlainText("cbridge ftp://example.org")
    dialog.accept()
    assert "providers cbridge" in dialog.error.text() and dialog.isVisible()
    dialog.providers.setPlainText("")
    dialog.forks.setPlainText("NOWHERE https://node.example")
    dialog.accept()
    assert "forks: unknown chain 'NOWHERE'" in dialog.error.text() and dialog.isVisible()
    dialog.reject()
    assert settings.load() == before


def test_a_real_provider_named_in_settings_is_kept(window: MainWindow) -> None:
    dialog = window.edit_settings()
    dialog.providers.setPlainText("CBRIDGE https://cbridge-prod2.celer.app\n\nmetapath https://api.bridgers.xyz")
    assert dialog.settings().providers == {
        "cbridge": "https://cbridge-prod2.celer.app",
        "metapath": "https://api.bridgers.xyz",
    }
    dialog.reject()


def test_dark_theme_screenshots(window: MainWindow, until: Until, qloop: qasync.QEventLoop, qapp: QApplication) -> None:
    dialog = window.edit_settings()
    dialog.theme.setCurrentIndex(2)  # dark
    dialog.accept()
    assert settings.load().theme == "dark"
    assert qapp.palette().window().color().name() == tokens.DARK.window
    tab = window.quote_tab
    tab.chain_box.setCurrentIndex(tab.chain_box.findText("Ethereum"))
    window.start()
    until(tab.tokens_loaded)
    tab.sell.choose("USDC")
    tab.buy.choose("WBTC")
    tab.amount.setText("750000")
    until(tab.quote_shown)
    screenshot(window, "quote-dark.png")
    window.tabs.setCurrentWidget(window.history_tab)
    screenshot(window, "history-dark.png")
    theme.apply(qapp, "light")


def test_reset_starts_the_devnet_over_after_a_warning(
    qloop: qasync.QEventLoop, until: Until, qtbot: Any, tmp_path: Path, wallet: Wallet
) -> None:
    devnet = Devnet(ChainData(tmp_path / "chains"))
    engine = in_process(Engine(DevnetBackend(devnet)), devnet=devnet)
    window = MainWindow(Session(TxStore(tmp_path / "tx.sqlite"), engine), wallet=wallet)
    qtbot.addWidget(window)
    window.start()
    until(window.quote_tab.tokens_loaded)
    assert (tmp_path / "chains" / "1").exists()  # the Quote tab started Ethereum

    dialog = window.edit_settings()
    box = dialog.confirm_reset()
    assert "deleted" in box.text() and "kept" in box.text()
    box.button(QMessageBox.StandardButton.Cancel).click()
    assert (tmp_path / "chains" / "1").exists()  # cancelled: nothing happened

    box = dialog.confirm_reset()
    reset = next(b for b in box.buttons() if box.buttonRole(b) == QMessageBox.ButtonRole.DestructiveRole)
    reset.click()
    (names,) = until(window.devnet_reset)
    assert names == ["Ethereum"]
    record = rewinds.read(tmp_path / "chains" / "1")  # started over from its world, said for the bridges' orders
    assert record is not None and record.choice == "reset"
    until(window.quote_tab.tokens_loaded)  # a fresh engine quotes again
    dialog.reject()
    window.close()
    assert window.session.service is not None
    qloop.run_until_complete(window.session.aclose())  # the engine the reset made, closed as the app closes it


def test_devnet_speed_is_a_setting(window: MainWindow) -> None:
    dialog = window.edit_settings()
    dialog.speed.setValue(20)
    dialog.accept()
    assert settings.load().devnet_speed == 20
    dialog = window.edit_settings()
    dialog.speed.setValue(1)
    dialog.accept()


def test_deploy_router_opens_the_form_with_the_accounts_read_off_the_window(
    window: MainWindow, qtbot: Any, wallet: Wallet
) -> None:
    from swapdesk.gui.router_dialog import RouterForm

    wallet.create("Mine")
    dialog = window.edit_settings()
    dialog.router_button.click()  # the keyring is read on a worker thread, then the form opens
    qtbot.waitUntil(lambda: any(f.isVisible() for f in window.findChildren(RouterForm)), timeout=10_000)
    (form,) = window.findChildren(RouterForm)
    assert [a.label for a in form.accounts] == ["Mine"]  # the user's own: never a demo account
    form.close()
    dialog.reject()
