"""The window against a server on loopback: the same quote as the embedded engine."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import qasync

from swapdesk.compose import in_process
from swapdesk.composed import Composed
from swapdesk.contracts import artifact
from swapdesk.devnet.accounts import demo_address
from swapdesk.devnet.backend import DevnetBackend
from swapdesk.devnet.network import Devnet
from swapdesk.engine import Engine
from swapdesk.gui.window import MainWindow
from swapdesk.remote import RemoteService
from swapdesk.server import create_app
from swapdesk.server.background import BackgroundServer
from swapdesk.server.devnet_app import DevnetRoutes
from swapdesk.session import Session
from swapdesk.store import TxStore

from .conftest import Until

ROUTER = artifact("AggregationRouter")


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    served = Devnet()  # fresh from the snapshot, as the embedded one below
    with BackgroundServer(create_app(Engine(DevnetBackend(served)), DevnetRoutes(served))) as running:
        yield running.url


def _quote(window: MainWindow, until: Until) -> Any:
    tab = window.quote_tab
    tab.chain_box.setCurrentIndex(tab.chain_box.findText("KCC"))
    until(tab.tokens_loaded)
    tab.recipient.setText(demo_address(0))  # a server's own accounts are not the window's: the recipient is typed
    tab.sell.choose("USDT")
    tab.buy.choose("KCS")
    tab.amount.setText("12345.6789")
    (quote,) = until(tab.quote_shown)
    return quote


def test_remote_server_gives_the_same_quote(
    server: str, qloop: qasync.QEventLoop, until: Until, qtbot: Any, tmp_path: Path
) -> None:
    store = TxStore(tmp_path / "transactions.sqlite")
    embedded = MainWindow(Session(store, in_process(Engine(DevnetBackend(Devnet())))))
    remote = MainWindow(Session(store, Composed(RemoteService(server), f"server {server}")))
    for window in (embedded, remote):
        qtbot.addWidget(window)
        window.show()
    far, near = _quote(remote, until), _quote(embedded, until)
    # two chains from one world, each on its own clock: blocks and deadlines may differ, nothing else
    assert far.model_dump(exclude={"data", "blockNumber"}) == near.model_dump(exclude={"data", "blockNumber"})
    (far_call,), (near_call,) = (ROUTER.decode_input("swap", bytes.fromhex(q.data[2:])) for q in (far, near))
    deadline = 6
    assert far_call[:deadline] + far_call[deadline + 1 :] == near_call[:deadline] + near_call[deadline + 1 :]
    assert remote.engine_state.text() == f"Ready · server {server}"
    tab = remote.quote_tab
    assert not tab.swap_button.isEnabled()
    assert tab.message.text() == "Swapping needs the embedded engine: a server only quotes."
    assert tab.route_card.router.link.isHidden()  # a server does not say whether its chains are real
    for window in (embedded, remote):
        window.close()
        qloop.run_until_complete(window.session.aclose())


def test_an_unreachable_server_is_said_plainly(
    qloop: qasync.QEventLoop, until: Until, qtbot: Any, tmp_path: Path
) -> None:
    remote = Composed(RemoteService("http://127.0.0.1:9", timeout=5), "server http://127.0.0.1:9")
    window = MainWindow(Session(TxStore(tmp_path / "transactions.sqlite"), remote))
    qtbot.addWidget(window)
    window.show()
    window.start()
    (message,) = until(window.quote_tab.chain_failed)
    assert message.startswith("cannot reach http://127.0.0.1:9")
    said = window.quote_tab.message.message
    assert said is not None and said.kind == "danger" and said.action == "Try again" and said.act == "retry"
    window.close()
    qloop.run_until_complete(window.session.aclose())
