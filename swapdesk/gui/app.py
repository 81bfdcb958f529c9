"""Start-up: one QApplication, one qasync loop, the window, the engine.

The window is shown at once; the engine's first chain starts in the
background (EVM work runs on the devnet's own threads), and the status bar
says when it is ready. The engine's libraries (py-evm, web3: over two seconds
of imports) load on that thread too, once the window is shown
(`chain.libraries`): loaded beside Qt, they delayed the window. The embedded engine
runs the world's bridge providers beside the devnet (`swapdesk.compose`), so the
Cross-chain tab works with no network. The engine's life is the session's
(`swapdesk.session`); the window observes it. Closing the window cancels pending
work and closes the engine (the providers' operators first, then the chains)
before the loop stops, so no task or thread is left behind.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from dataclasses import replace

from PySide6.QtWidgets import QApplication

from swapdesk import settings
from swapdesk.chains import Chain
from swapdesk.fork import Forks
from swapdesk.gui import i18n, theme
from swapdesk.gui.collector import MainThreadCollector
from swapdesk.gui.icons import icon
from swapdesk.gui.loop import EventLoop
from swapdesk.gui.stop_signals import StopSignals
from swapdesk.gui.tabs.cross_kept import KeptList, settings_key
from swapdesk.gui.window import MainWindow
from swapdesk.session import Session
from swapdesk.settings import Settings
from swapdesk.store import TxStore

log = logging.getLogger(__name__)
LEFTOVER_SECONDS = 5.0
KEPT_LIST = "cross-list.json"  # in the data folder: the Cross-chain tab's list from the last run


def open_window(
    chosen: Settings, collector: MainThreadCollector | None = None, forks: Forks | None = None
) -> MainWindow:
    """Show the window, then bring the engine up behind it.

    The engine (web3, py-evm) takes about a second to import and build: that
    happens on a worker thread, so the window is on screen and painting first.
    """
    session = Session(TxStore(settings.data_dir() / "transactions.sqlite"), forks=forks)
    window = MainWindow(session)
    window.cross_tab.kept = KeptList(settings.data_dir() / KEPT_LIST, settings_key(chosen))
    window.cross_tab.show_kept()  # the last run's bridges' chains and tokens, until the engine lists them
    window.show()

    async def attach() -> None:
        await session.open(chosen)
        if collector is not None:
            collector.settle()

    session.run(attach())
    return window


def run(server: str | None = None, fork: dict[Chain, str] | None = None) -> int:
    """The window; `server` (from --server) overrides the saved engine for this run; `fork` (from --fork) runs
    these chains on local forks of the real networks at these URLs."""
    app = QApplication.instance() or QApplication(sys.argv)
    assert isinstance(app, QApplication)
    app.setApplicationName("swapdesk")
    app.setWindowIcon(icon("/static/icons/app.svg"))
    loop = EventLoop(app)
    asyncio.set_event_loop(loop)
    chosen = settings.load()
    theme.apply(app, chosen.theme)
    i18n.install(app, chosen.language)  # before any widget is built: each reads its words once, when made
    if server:
        chosen = replace(chosen, engine="remote", server_url=server)
    collector = MainThreadCollector(app)
    collector.start()
    forks = Forks(dict(fork or {}))
    try:
        with loop:
            window = open_window(chosen, collector, forks)
            stopping = StopSignals(window.close)  # a signal ends the app as closing its window does
            try:
                loop.run_until_complete(window.closed)
            finally:
                stopping.close()
            loop.run_until_complete(window.session.aclose())  # the engine, and those built while the window closed
            stop_leftovers(loop)
    finally:
        forks.stop()
        collector.stop()
    return 0


def stop_leftovers(loop: asyncio.AbstractEventLoop) -> list[asyncio.Task[object]]:
    """The tasks still running once the window and the engine closed (none, unless something forgot to stop
    what it started): each logged as the bug it is, cancelled, and waited for, so the process ends clean."""
    left = [task for task in asyncio.all_tasks(loop) if not task.done()]
    for task in left:
        log.error("a task outlived the window and its engine: %r", task)
        task.cancel()
    if left:
        loop.run_until_complete(asyncio.wait(left, timeout=LEFTOVER_SECONDS))
    return left
