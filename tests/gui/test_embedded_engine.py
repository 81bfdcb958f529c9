"""The app's own engine (`session.build`): the devnet with its bridge providers running beside it,
started with the window's engine and stopped with it; and the devnet's notices in the window, in plain words."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import qasync

from swapdesk.compose import EmbeddedEngine
from swapdesk.devnet.chaindata import ChainData
from swapdesk.devnet.network import Devnet
from swapdesk.files import try_lock
from swapdesk.gui.notices import plain
from swapdesk.gui.window import MainWindow
from swapdesk.session import Session, build
from swapdesk.settings import Settings
from swapdesk.store import TxStore
from swapdesk.wallet import Wallet

from .conftest import Typer, Until, screenshot

BSC = 56


def test_the_app_engine_runs_the_bridges_and_says_a_chain_started_afresh(
    qloop: qasync.QEventLoop, until: Until, type_into: Typer, wallet: Wallet, tmp_path: Path, qtbot: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    data = tmp_path / "data"
    monkeypatch.setenv("SWAPDESK_DATA_DIR", str(data))
    old = data / "devnet" / str(BSC)  # BSC's data, from a world that is not today's
    old.mkdir(parents=True)
    (old / "world").write_text("a world of an older swapdesk")
    composed = build(Settings(devnet_speed=50))
    assert isinstance(composed.service, EmbeddedEngine) and str(composed.name) == "embedded devnet"
    session = Session(TxStore(tmp_path / "transactions.sqlite"))
    window = MainWindow(session, wallet=wallet)
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    tab = window.cross_tab
    window.tabs.setCurrentWidget(tab)
    (served,) = until(tab.tokens_loaded, doing=lambda: session.run(session.use(composed)))
    assert served >= 3 and try_lock(data / "devnet" / "bridges") is None  # the operators run, holding their folder
    tab.amount.clear()
    type_into(tab.amount, "100")  # from BNB Smart Chain, the first look's source
    (found,) = until(tab.routes_shown)
    assert {route.bridge for route in found.routes} == {"ANYSWAP", "CBRIDGE", "METAPATH"}

    bar = window.notices
    assert bar.isVisibleTo(window) and str(data / "devnet" / f"{BSC}.kept-") in bar.words.text()
    assert bar.words.text().startswith("BNB Smart Chain (devnet) started afresh: the devnet's world changed")
    assert "were not deleted" in bar.words.text() and "OpenedChain" not in bar.words.text()
    assert (next(data.glob(f"devnet/{BSC}.kept-*")) / "world").read_text() == "a world of an older swapdesk"
    screenshot(window, "notice-world-changed.png")
    bar.dismiss.click()
    assert bar.isHidden()
    window.check_notices()  # the same notice is said once
    assert bar.isHidden()

    window.close()
    qloop.run_until_complete(session.aclose())  # as `swapdesk` does once the window closed
    released = try_lock(data / "devnet" / "bridges")
    assert released is not None  # the operators stopped and let their folder go
    released.close()


def test_a_read_only_view_is_said_in_plain_words(qloop: qasync.QEventLoop, tmp_path: Path) -> None:
    running, viewer = Devnet(ChainData(tmp_path)), Devnet(ChainData(tmp_path), share=True)
    try:
        qloop.run_until_complete(running.start(BSC))
        qloop.run_until_complete(viewer.start(BSC))
        (notice,) = viewer.notices
        assert plain(notice) == (
            "BNB Smart Chain (devnet) is run by another swapdesk: this window shows it read-only, as that swapdesk"
            " last saved it, and nothing done on it here is kept."
        )
        assert plain("something new the devnet says") == "something new the devnet says"
    finally:
        qloop.run_until_complete(viewer.close())
        qloop.run_until_complete(running.close())
