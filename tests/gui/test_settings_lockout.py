"""Settings that cannot lock anyone out: what OK keeps is checked first, and what cannot be used is said in the
dialog, naming the setting and why; a launch with saved settings the app cannot honour (a practice fork it cannot
start) reaches Ready without them, the notice above the tabs saying which, why and how to mend it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import qasync
from PySide6.QtWidgets import QApplication

from swapdesk import settings
from swapdesk.chains import resolve
from swapdesk.fork import Forks
from swapdesk.gui.window import MainWindow
from swapdesk.session import Session
from swapdesk.settings import Settings
from swapdesk.store import TxStore
from swapdesk.wallet import Wallet
from tests.anvil import running_anvil

from .conftest import Until, screenshot

DOWN = "http://127.0.0.1:9"  # nothing listens on the discard port: a network that does not answer


def _settled(window: MainWindow, until: Until) -> None:
    while window.activity.busy:
        until(window.activity.changed, timeout=60)


def test_a_launch_with_a_saved_fork_it_cannot_start_reaches_ready_and_says_why(
    qloop: qasync.QEventLoop, until: Until, wallet: Wallet, tmp_path: Path, qtbot: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    """Before, the fork's error ended the engine's start in the log, and every launch stayed on "Starting…"."""
    monkeypatch.setenv("SWAPDESK_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("SWAPDESK_DATA_DIR", str(tmp_path / "data"))
    settings.save(Settings(forks={"ETH": DOWN}, devnet_speed=50))
    session = Session(TxStore(tmp_path / "transactions.sqlite"), forks=Forks())  # as `swapdesk` starts the window
    window = MainWindow(session, wallet=wallet)
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    try:
        until(window.quote_tab.tokens_loaded, doing=lambda: session.run(session.open(session.settings)))
        _settled(window, until)
        assert window.engine_state.text() == "Ready · embedded devnet"
        said = window.notices.words.text()
        assert window.notices.isVisibleTo(window) and said.startswith(
            "Practice on a fork of Ethereum (Settings → Real networks) cannot be used: anvil could not fork"
            f" Ethereum from {DOWN}"
        )
        assert "Until it is mended, Ethereum runs on the devnet: correct or remove its line there." in said
        assert session.is_devnet(resolve("ETH")) is True
        screenshot(window, "settings-fork-left-out.png")
    finally:
        window.close()
        qloop.run_until_complete(session.aclose())


def test_what_ok_keeps_is_checked_and_what_cannot_be_used_is_said_in_the_dialog(
    window: MainWindow, until: Until, qtbot: Any
) -> None:
    before = settings.load()
    dialog = window.edit_settings()
    with running_anvil(1) as ethereum:
        dialog.forks.setPlainText(f"ETH {DOWN}")
        dialog.rpc.setPlainText(f"BSC {ethereum}")
        (found,) = until(dialog.checked, doing=dialog.accept)
        assert [(u.setting, u.key) for u in found] == [("forks", "ETH"), ("rpc", "BSC")]
        said = dialog.error.text()
        assert dialog.isVisible() and dialog.error.isVisibleTo(dialog) and settings.load() == before
        assert (
            f"Practice on a fork of Ethereum (Settings → Real networks) cannot be used: {DOWN} does not answer" in said
        )
        assert f"{ethereum} is a node of chain 1, not of BNB Smart Chain (56)" in said
        assert dialog.ok_button.text() == "Keep anyway" and not dialog.checking.busy
        screenshot(dialog, "settings-checked.png")
        until(window.quote_tab.tokens_loaded, doing=dialog.accept)  # OK again: kept, the engine started without them
        assert not dialog.isVisible() and settings.load().forks == {"ETH": DOWN}
        said = window.notices.words.text()  # (this window's session runs no forks: the launch's test has them)
        assert said.startswith("The RPC endpoint for BNB Smart Chain (Settings → Real networks) cannot be used")
    dialog = window.edit_settings()
    dialog.rpc.setPlainText("")
    dialog.forks.setPlainText("")
    until(window.quote_tab.tokens_loaded, doing=dialog.accept)  # nothing left to check: kept at once
    assert settings.load() == before


def test_a_provider_down_is_flagged_by_its_name_where_it_was_set(window: MainWindow, until: Until) -> None:
    """Before, Settings named it as the file writes it ("cbridge"), not as a person knows it."""
    dialog = window.edit_settings()
    dialog.providers.setPlainText(f"cbridge {DOWN}")
    (found,) = until(dialog.checked, doing=dialog.accept)
    assert [(u.setting, u.key) for u in found] == [("providers", "cbridge")]
    said = dialog.error.text()
    assert said.startswith(
        f"The bridge provider cBridge (Celer) (Settings → Real networks) cannot be used: {DOWN} does not answer"
    )
    assert "Until it answers, its bridge is left out of the comparison" in said
    assert dialog.sections.currentIndex() == 1 and dialog.ok_button.text() == "Keep anyway"
    QApplication.processEvents()  # the layout made room for the words (posted, as a person's screen gets it)
    assert dialog.error.geometry().bottom() < dialog.checking.geometry().top() or dialog.checking.isHidden()
    assert not dialog.error.geometry().intersects(dialog.sections.geometry())  # never over the fields
    screenshot(dialog, "settings-provider-down.png")
    dialog.reject()
