"""GUI tests: offscreen Qt, one qasync loop per module, signals to wait on.

`until(signal)` runs the qasync loop (so engine tasks and Qt events both
progress) until the widget says it is done by emitting `signal`.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["SWAPDESK_CONFIG_DIR"] = tempfile.mkdtemp(prefix="swapdesk-config-")  # never the user's settings
os.environ["SWAPDESK_DATA_DIR"] = tempfile.mkdtemp(prefix="swapdesk-data-")  # nor their history

import pytest
import qasync
from PySide6.QtCore import SignalInstance
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from swapdesk.devnet.network import Devnet
from swapdesk.engine import DevnetBackend, Engine
from swapdesk.engine.transactions import TransactionLookup
from swapdesk.gui.collector import MainThreadCollector
from swapdesk.gui.loop import EventLoop
from swapdesk.gui.window import MainWindow
from swapdesk.store import TxStore
from swapdesk.wallet import Wallet
from tests.wallet.memory_keyring import MemoryKeyring

# what the window showed, for a person to look at after a run; never the README's (scripts/screenshots.py makes those)
SCREENSHOTS = os.environ.get("SWAPDESK_TEST_SCREENSHOTS") or tempfile.mkdtemp(prefix="swapdesk-screenshots-")

Until = Callable[..., tuple[Any, ...]]


class WiredEngine(Engine, TransactionLookup):
    """The engine with the transaction extension mixed in, as engine/service.py is to do it itself."""


@pytest.fixture(scope="module")
def qloop(qapp: QApplication) -> Iterator[qasync.QEventLoop]:
    loop = EventLoop(qapp, already_running=False)
    asyncio.set_event_loop(loop)
    collector = MainThreadCollector()  # as the app does: widgets die on this thread only
    collector.start()
    yield loop
    loop.run_until_complete(loop.shutdown_default_executor())
    loop.close()
    asyncio.set_event_loop(None)
    collector.stop()


@pytest.fixture(scope="module")
def until(qloop: qasync.QEventLoop) -> Until:
    def wait(signal: SignalInstance, timeout: float = 120) -> tuple[Any, ...]:
        done: asyncio.Future[tuple[Any, ...]] = qloop.create_future()

        def fire(*args: Any) -> None:
            if not done.done():
                done.set_result(args)

        signal.connect(fire)
        try:
            return qloop.run_until_complete(asyncio.wait_for(done, timeout))
        finally:
            signal.disconnect(fire)

    return wait


Typer = Callable[..., None]


@pytest.fixture(scope="module")
def type_into(qloop: qasync.QEventLoop) -> Typer:
    """Key presses, as a person types them, delivered while the loop runs.

    QTest processes Qt events while it types; outside the running loop that
    would step asyncio tasks with no running loop (and they would fail)."""

    def typing(widget: Any, text: str = "", key: Any = None) -> None:
        async def press() -> None:
            if key is not None:
                QTest.keyClick(widget, key)
            else:
                QTest.keyClicks(widget, text)

        qloop.run_until_complete(press())

    return typing


@pytest.fixture(scope="module")
def devnet(qloop: qasync.QEventLoop) -> Iterator[Devnet]:
    net = Devnet()
    yield net
    qloop.run_until_complete(net.close())


@pytest.fixture
def wallet(tmp_path: Path) -> Wallet:
    """The user's accounts, with an in-memory keyring (the OS keyring has its own test)."""
    return Wallet(tmp_path / "config", MemoryKeyring(), scrypt_n=2**10)


@pytest.fixture
def window(
    qloop: qasync.QEventLoop, devnet: Devnet, qtbot: Any, wallet: Wallet, tmp_path: Path
) -> Iterator[MainWindow]:
    engine = WiredEngine(DevnetBackend(devnet))
    win = MainWindow(engine, wallet=wallet, store=TxStore(tmp_path / "transactions.sqlite"))
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    yield win
    win.close()
    if win.service is not None and win.service is not engine:  # one the test switched to: closed, as the app does
        qloop.run_until_complete(win.service.aclose())


def screenshot(widget: Any, name: str) -> str:
    """Save what `widget` shows as a PNG outside the tree; its path."""
    os.makedirs(SCREENSHOTS, exist_ok=True)
    path = os.path.abspath(os.path.join(SCREENSHOTS, name))
    assert widget.grab().save(path)
    return path
