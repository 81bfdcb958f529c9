"""The three bridge providers of a devnet's world, running: their order stores, operators and APIs.

    providers = BridgeProviders(devnet)
    await providers.start()        # beside the devnet: the app at start-up, `swapdesk serve` in its lifespan
    apps = providers.apps()        # {"anyswap": ..., "cbridge": ..., "metapath": ...}: mount each under
                                   # /providers/<name>/, or reach it in process with httpx.ASGITransport
    await providers.stop()         # before the devnet closes

Orders are kept under the devnet's data folder, beside the chains (`<data>/devnet/bridges/<name>.sqlite`),
or in memory for a devnet that keeps nothing. One process at a time runs the operators of a data folder
(two would both pay): a second one is refused (`ProvidersInUse`); its APIs still answer from the stores.
"""

from __future__ import annotations

import asyncio
import logging
from typing import IO

from starlette.applications import Starlette

from swapdesk.devnet.bridges.anyswap import Anyswap
from swapdesk.devnet.bridges.apps import provider_apps
from swapdesk.devnet.bridges.cbridge import CBridge
from swapdesk.devnet.bridges.context import BridgeWorld
from swapdesk.devnet.bridges.metapath import Metapath
from swapdesk.devnet.bridges.operator_loop import Operator
from swapdesk.devnet.bridges.store import OrderStore
from swapdesk.devnet.network import Devnet
from swapdesk.files import try_lock

log = logging.getLogger(__name__)


class ProvidersInUse(RuntimeError):
    """Another process runs the operators of this devnet's data folder."""


class BridgeProviders:
    def __init__(self, devnet: Devnet) -> None:
        self.world = BridgeWorld(devnet)
        folder = self.world.data_dir

        def store(kind: type[Operator]) -> OrderStore:
            return OrderStore(None if folder is None else folder / f"{kind.name}.sqlite", kind.machine)

        self.anyswap = Anyswap(self.world, store(Anyswap))
        self.cbridge = CBridge(self.world, store(CBridge))
        self.metapath = Metapath(self.world, store(Metapath))
        self.world.readers = frozenset(op.name for op in self.operators)
        self._lock: IO[bytes] | None = None
        self._tasks: list[asyncio.Task[None]] = []

    @property
    def operators(self) -> tuple[Operator, ...]:
        return (self.anyswap, self.cbridge, self.metapath)

    async def start(self) -> None:
        """Start the operators (each a task on the running loop)."""
        if self._tasks:
            return
        folder = self.world.data_dir
        if folder is not None:
            self._lock = try_lock(folder)
            if self._lock is None:
                raise ProvidersInUse(f"the bridge operators of {folder} run in another swapdesk process")
        self._tasks = [asyncio.create_task(op.run(), name=f"bridge-{op.name}") for op in self.operators]

    async def stop(self) -> None:
        """Stop the operators: each finishes the order it is moving, then the stores close."""
        for op in self.operators:
            op.stop()
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
        self._tasks = []
        for op in self.operators:
            op.store.close()
        if self._lock is not None:
            self._lock.close()
            self._lock = None

    def apps(self) -> dict[str, Starlette]:
        """Each provider's API as an ASGI app, by provider name."""
        return provider_apps(self)

    async def __aenter__(self) -> BridgeProviders:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()
