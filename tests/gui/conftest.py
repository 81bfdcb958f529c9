"""GUI tests: offscreen Qt, one qasync loop per module, signals to wait on.

`until(signal)` runs the qasync loop (so engine tasks and Qt events both
progress) until the widget says it is done by emitting `signal`.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["SWAPDESK_CONFIG_DIR"] = tempfile.mkdtemp(prefix="swapdesk-config-")  # never the user's settings
os.environ["SWAPDESK_DATA_DIR"] = tempfile.mkdtemp(prefix="swapdesk-data-")  # nor their history

import pytest
import pytestqt.plugin as qt_plugin
from PySide6.QtCore import QPoint, QRect, SignalInstance
from PySide6.QtGui import QColor
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from swapdesk.compose import in_process
from swapdesk.devnet.accounts import demo_address
from swapdesk.devnet.backend import DevnetBackend
from swapdesk.devnet.network import Devnet
from swapdesk.engine import Engine
from swapdesk.gui import i18n, theme
from swapdesk.gui.collector import MainThreadCollector
from swapdesk.gui.loop import EventLoop
from swapdesk.gui.window import MainWindow
from swapdesk.session import Session
from swapdesk.store import TxStore
from swapdesk.wallet import Wallet
from tests.trade.bridged import BSC, HECO, POLYGON, TRON, Bridged, bridged_engine
from tests.wallet.memory_keyring import MemoryKeyring

# what the window showed, for a person to look at after a run; never the README's (scripts/screenshots.py makes those)
SCREENSHOTS = os.environ.get("SWAPDESK_TEST_SCREENSHOTS") or tempfile.mkdtemp(prefix="swapdesk-screenshots-")

Until = Callable[..., tuple[Any, ...]]


_LOOPS: list[EventLoop] = []  # the module's loop, for pytest-qt's own event processing


def _process_events_in_the_loop() -> None:
    """pytest-qt processes Qt events around each test phase; with qasync those events step asyncio tasks (a
    bridge operator, an order's tracking), which must run inside the loop, as they do in the app."""
    loop = _LOOPS[-1] if _LOOPS else None
    if loop is None or loop.is_closed() or loop.is_running():
        _plain_process_events()
        return
    loop.run_until_complete(asyncio.sleep(0))  # the loop's own turn: Qt's events, and the tasks they wake


_plain_process_events: Callable[[], None] = qt_plugin._process_events  # pytest-qt's, unannotated
qt_plugin._process_events = _process_events_in_the_loop


OUTLIVE_SECONDS = 10  # a task or thread still running this long after its window and engine closed has leaked


@pytest.fixture(scope="module", autouse=True)
def collected_on_this_thread(qapp: QApplication) -> Iterator[None]:
    """Python's cyclic collector runs on this (the GUI) thread only, in every module of the window's tests, as the
    app does (`MainThreadCollector`), not only in those with an event loop: widgets left by a test and collected
    from a chain's thread crashed the run (a segfault restyling the application in test_fit_details, while a
    chain's thread was flushing its journal)."""
    collector = MainThreadCollector()
    collector.start()
    yield
    collector.stop()


@pytest.fixture(scope="module")
def qloop(qapp: QApplication) -> Iterator[EventLoop]:
    loop = EventLoop(qapp, already_running=False)
    asyncio.set_event_loop(loop)
    _LOOPS.append(loop)
    collector = MainThreadCollector()  # as the app does: widgets die on this thread only
    collector.start()
    yield loop
    left = _unfinished(loop, set())
    loop.run_until_complete(loop.shutdown_default_executor())
    _LOOPS.remove(loop)
    loop.close()
    asyncio.set_event_loop(None)
    collector.stop()
    assert not left, f"tasks outlived the module's windows and engines: {left}"


@pytest.fixture(scope="module", autouse=True)
def no_thread_outlives_the_module() -> Iterator[None]:
    """Set up first and torn down last of the module's fixtures: every thread they or the tests started (a
    devnet chain's, a server's) has ended by then."""
    before = set(threading.enumerate())
    yield
    threads = [t for t in threading.enumerate() if t not in before and not _joined(t)]
    assert not threads, f"threads outlived the module's windows and engines: {threads}"


def _unfinished(
    loop: EventLoop, known: set[asyncio.Task[Any]], seconds: float = OUTLIVE_SECONDS
) -> list[asyncio.Task[Any]]:
    """Tasks besides `known` still running once the loop has had `seconds` to finish them: work that a closed
    window or engine did not stop."""
    started = [t for t in asyncio.all_tasks(loop) if t not in known and not t.done()]
    if started:
        loop.run_until_complete(asyncio.wait(started, timeout=seconds))
    return [t for t in started if not t.done()]


def _joined(thread: threading.Thread, seconds: float = OUTLIVE_SECONDS) -> bool:
    if isinstance(thread, threading._DummyThread):  # a QThread that ran Python (qasync's executor): Qt owns it
        return True
    thread.join(seconds)
    return not thread.is_alive()


@pytest.fixture(autouse=True)
def nothing_outlives_the_test(request: pytest.FixtureRequest) -> Iterator[None]:
    """Fails a test that leaves a task running on the module's loop once its windows are closed (by pytest-qt,
    before this teardown) and its fixtures torn down: whatever a window or an engine starts, it stops."""
    loop = _LOOPS[-1] if _LOOPS else None
    before = set(asyncio.all_tasks(loop)) if loop is not None and not loop.is_closed() else set()
    yield
    if loop is None or loop.is_closed() or loop is not (_LOOPS[-1] if _LOOPS else None):
        return
    left = _unfinished(loop, before)
    assert not left, f"tasks outlived the test's windows and engines: {left}"


@pytest.fixture(scope="module")
def until(qloop: EventLoop) -> Until:
    def wait(signal: SignalInstance, timeout: float = 120, doing: Callable[[], Any] | None = None) -> tuple[Any, ...]:
        """With `doing`: that action, done inside the loop once the signal is listened to (it cannot be missed)."""
        done: asyncio.Future[tuple[Any, ...]] = qloop.create_future()

        def fire(*args: Any) -> None:
            if not done.done():
                done.set_result(args)

        async def then() -> tuple[Any, ...]:
            if doing is not None:
                doing()
            return await asyncio.wait_for(done, timeout)

        signal.connect(fire)
        try:
            return qloop.run_until_complete(then())
        finally:
            signal.disconnect(fire)

    return wait


Typer = Callable[..., None]


@pytest.fixture(scope="module")
def type_into(qloop: EventLoop) -> Typer:
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


Act = Callable[[Callable[[], Any]], Any]


@pytest.fixture(scope="module")
def act(qloop: EventLoop) -> Act:
    """A person's action (a click, a choice in a box, a paste) done while the loop runs, as in the app: the work
    it starts steps inside the loop, never from a Qt event processed outside it (a screenshot's grab)."""

    def acting(action: Callable[[], Any]) -> Any:
        async def now() -> Any:
            return action()

        return qloop.run_until_complete(now())

    return acting


@pytest.fixture(scope="module")
def devnet(qloop: EventLoop) -> Iterator[Devnet]:
    net = Devnet()
    yield net
    qloop.run_until_complete(net.close())


@pytest.fixture
def wallet(tmp_path: Path) -> Wallet:
    """The user's accounts, with an in-memory keyring (the OS keyring has its own test)."""
    return Wallet(tmp_path / "config", MemoryKeyring(), scrypt_n=2**10)


class SharedDevnet(DevnetBackend):
    """The module's devnet, lent to one window's engine: closing that engine (the window switching engines)
    leaves the devnet to the module, which closes it once its tests are done."""

    async def aclose(self) -> None:
        pass


@pytest.fixture
def window(qloop: EventLoop, devnet: Devnet, qtbot: Any, wallet: Wallet, tmp_path: Path) -> Iterator[MainWindow]:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    theme.apply(app, "light")  # as the app draws its window, whatever theme an earlier test left on the application
    engine = in_process(Engine(SharedDevnet(devnet)), devnet=devnet)
    session = Session(TxStore(tmp_path / "transactions.sqlite"), engine)
    win = MainWindow(session, wallet=wallet)
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    yield win
    qloop.run_until_complete(session.aclose())  # as the app closes it (the module's devnet stays up: SharedDevnet)


# -- the Cross-chain tests: a devnet whose bridge providers and operators run on the window's own loop, as in the app

BRIDGED_CHAINS = [BSC, POLYGON, HECO, TRON]
SENDER = 8  # the demo account the window sends from


@pytest.fixture(scope="module")
def bridged(qloop: EventLoop) -> Iterator[Bridged]:
    opened = bridged_engine(BRIDGED_CHAINS)
    world = qloop.run_until_complete(opened.__aenter__())
    yield world
    qloop.run_until_complete(opened.__aexit__(None, None, None))


def open_window(bridged: Bridged, wallet: Wallet, store: TxStore, qtbot: Any, until: Until) -> MainWindow:
    """A window over the bridged engine and `store`, its Cross-chain tab loaded, the sender chosen and its
    balances read. pytest-qt closes it after the test (its work is cancelled in `closeEvent`)."""
    window = MainWindow(Session(store, in_process(bridged.engine)), wallet=wallet)  # the module's engine: kept open
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    tab = window.cross_tab
    window.tabs.setCurrentWidget(tab)
    until(tab.accounts_shown, doing=window.start)
    if tab.src is None or tab.pending:  # the whole list: the pair's alone comes first
        until(tab.tokens_loaded)
    until(tab.balances_shown, doing=lambda: tab.choose_account(demo_address(SENDER)))
    return window


@pytest.fixture
def cross_window(bridged: Bridged, wallet: Wallet, tmp_path: Path, qtbot: Any, until: Until) -> Iterator[MainWindow]:
    store = TxStore(tmp_path / "transactions.sqlite")
    yield open_window(bridged, wallet, store, qtbot, until)
    store.close()  # the window is closed and deleted by now (pytest-qt's teardown comes first)


@pytest.fixture(params=["en", "zh_CN"])
def language(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    """The window's language, installed before its widgets are built (as the app does); English after."""
    assert i18n.install(qapp, request.param) == request.param
    yield request.param
    i18n.install(qapp, "en")
    theme.apply(qapp, "light")


def screenshot(widget: Any, name: str) -> str:
    """Save what `widget` shows as a PNG outside the tree; its path."""
    os.makedirs(SCREENSHOTS, exist_ok=True)
    path = os.path.abspath(os.path.join(SCREENSHOTS, name))
    assert widget.grab().save(path)
    return path


def darkest(widget: QWidget) -> int:
    """The darkest pixel drawn where the widget is, on its window (its own grab has no background): the text's
    colour (anti-aliasing only lightens it)."""
    top = widget.window()
    image = top.grab(QRect(widget.mapTo(top, QPoint(0, 0)), widget.size())).toImage()
    return min(image.pixelColor(x, y).lightness() for x in range(image.width()) for y in range(image.height()))


def between_text_and_muted() -> int:
    roles = theme.roles()
    return (QColor(roles.text).lightness() + QColor(roles.text_muted).lightness()) // 2
