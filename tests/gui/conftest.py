"""GUI tests: offscreen Qt, one qasync loop per module, signals to wait on.

`until(signal)` runs the qasync loop (so engine tasks and Qt events both
progress) until the widget says it is done by emitting `signal`.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
from collections.abc import Callable, Iterator
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["SWAPDESK_CONFIG_DIR"] = tempfile.mkdtemp(prefix="swapdesk-config-")  # never the user's settings

import pytest
import qasync
from PySide6.QtCore import SignalInstance
from PySide6.QtWidgets import QApplication

from swapdesk.devnet.network import Devnet
from swapdesk.engine import DevnetBackend, Engine
from swapdesk.gui.collector import MainThreadCollector
from swapdesk.gui.window import MainWindow

SCREENSHOTS = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "screenshots")

Until = Callable[..., tuple[Any, ...]]


@pytest.fixture(scope="module")
def qloop(qapp: QApplication) -> Iterator[qasync.QEventLoop]:
    loop = qasync.QEventLoop(qapp, already_running=False)
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


@pytest.fixture(scope="module")
def devnet(qloop: qasync.QEventLoop) -> Iterator[Devnet]:
    net = Devnet()
    yield net
    qloop.run_until_complete(net.close())


@pytest.fixture
def window(qloop: qasync.QEventLoop, devnet: Devnet, qtbot: Any) -> Iterator[MainWindow]:
    win = MainWindow(Engine(DevnetBackend(devnet)))
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    yield win
    win.close()


def screenshot(widget: Any, name: str) -> str:
    os.makedirs(SCREENSHOTS, exist_ok=True)
    path = os.path.abspath(os.path.join(SCREENSHOTS, name))
    assert widget.grab().save(path)
    return path
