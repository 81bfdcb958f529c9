"""Start-up: one QApplication, one qasync loop, the window, the engine.

The window is shown at once; the engine's first chain starts in the
background (EVM work runs on the devnet's own threads), and the status bar
says when it is ready. The engine's libraries (py-evm, web3: over two seconds
of imports) begin loading on a thread before Qt itself does
(`chain.libraries`, started by `swapdesk` first thing), so that they are in,
or nearly, by the time the window asks for the engine. The embedded engine
runs the world's bridge providers beside the devnet (`gui.embedded`), so the
Cross-chain tab works with no network. Closing the window cancels pending
work and closes the engine (the providers' operators first, then the chains)
before the loop stops, so no task or thread is left behind.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QApplication

from swapdesk import settings
from swapdesk.api import SwapService
from swapdesk.chains import resolve
from swapdesk.devnet.manifest import Manifest
from swapdesk.gui import theme
from swapdesk.gui.collector import MainThreadCollector
from swapdesk.gui.icons import icon
from swapdesk.gui.loop import EventLoop
from swapdesk.gui.window import MainWindow
from swapdesk.settings import Settings

if TYPE_CHECKING:  # py-evm loads with the engine, on a worker thread, after the window shows
    from swapdesk.devnet.network import Devnet

log = logging.getLogger(__name__)
LEFTOVER_SECONDS = 5.0


def make_service(chosen: Settings) -> tuple[SwapService, str]:
    """The engine the settings ask for: the embedded devnet with its bridge providers, or a server (which
    has its own: cross-chain goes through it like everything else)."""
    if chosen.engine == "remote":
        from swapdesk.remote import RemoteService

        return RemoteService(chosen.server_url), f"server {chosen.server_url}"
    from swapdesk.chain.libraries import load

    load()  # or wait for the thread that `swapdesk` set importing them
    from swapdesk.devnet.bridges.service import BridgeProviders
    from swapdesk.devnet.chaindata import ChainData
    from swapdesk.devnet.network import Devnet
    from swapdesk.engine import DevnetBackend, RoutedBackend, RpcBackend
    from swapdesk.gui.embedded import EmbeddedEngine

    devnet = Devnet(ChainData(), speed=chosen.devnet_speed)
    providers = BridgeProviders(devnet)  # the world's bridges; `use_service` starts their operators
    if not chosen.rpc:
        return EmbeddedEngine(DevnetBackend(devnet), providers), "embedded devnet"
    endpoints = {resolve(flag).id: url for flag, url in chosen.rpc.items()}
    backend = RoutedBackend(DevnetBackend(devnet), RpcBackend(endpoints, catalogs(list(endpoints))))
    return EmbeddedEngine(backend, providers), f"devnet + RPC for {', '.join(chosen.rpc)}"


def devnet_of(service: SwapService | None) -> Devnet | None:
    """The embedded devnet behind a service, if it has one (an Engine over a DevnetBackend or a RoutedBackend)."""
    from swapdesk.devnet.network import Devnet
    from swapdesk.engine import DevnetBackend, RoutedBackend

    backend = service.chains if service is not None else None
    if isinstance(backend, RoutedBackend):
        backend = backend.devnet
    devnet = backend.devnet if isinstance(backend, DevnetBackend) else None
    return devnet if isinstance(devnet, Devnet) else None


def catalogs(chain_ids: list[int]) -> dict[int, Manifest]:
    """Catalogues (where pools, router and Multicall3 are) from <config>/catalogs/<chain id>.json."""
    from swapdesk.engine.backends import load_catalogs

    return load_catalogs(settings.config_dir() / "catalogs", chain_ids)


def open_window(chosen: Settings, collector: MainThreadCollector | None = None) -> MainWindow:
    """Show the window, then bring the engine up behind it.

    The engine (web3, py-evm) takes about a second to import and build: that
    happens on a worker thread, so the window is on screen and painting first.
    """
    window = MainWindow()
    window.show()

    async def attach() -> None:
        service, name = await asyncio.get_running_loop().run_in_executor(None, make_service, chosen)
        await window.use_service(service, name)
        if collector is not None:
            collector.settle()

    window.engine_loader.run(attach())
    return window


def run(server: str | None = None) -> int:
    """The window; `server` (from --server) overrides the saved engine for this run."""
    app = QApplication.instance() or QApplication(sys.argv)
    assert isinstance(app, QApplication)
    app.setApplicationName("swapdesk")
    app.setWindowIcon(icon("/static/icons/app.svg"))
    loop = EventLoop(app)
    asyncio.set_event_loop(loop)
    chosen = settings.load()
    theme.apply(app, chosen.theme)
    if server:
        chosen = replace(chosen, engine="remote", server_url=server)
    collector = MainThreadCollector(app)
    collector.start()
    with loop:
        window = open_window(chosen, collector)
        loop.run_until_complete(window.closed)
        if window.service is not None:
            loop.run_until_complete(window.service.aclose())
        stop_leftovers(loop)
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
