"""The embedded engine of the desktop app: the devnet's engine with the world's bridge providers running beside it.

In the app both roles live in one process (docs/design.md): the devnet's chains, the bridge providers whose
operators pay out on the other chain, and swapdesk's engine, which reaches the providers only through their
APIs (`BridgeEndpoints.in_process`), as it would reach real ones. The providers' operators are tasks on the
window's loop: `start` runs them once the engine is the window's (after the previous engine released the
data folder), and `aclose` stops them, each finishing the order it is moving, before the chains close.

This module loads the engine (web3, py-evm): `gui.app` imports it on a worker thread, never at start-up.
"""

from __future__ import annotations

import logging

from swapdesk.devnet.bridges.service import BridgeProviders, ProvidersInUse
from swapdesk.engine import Engine
from swapdesk.engine.backends import ChainBackend
from swapdesk.engine.bridges import BridgeEndpoints

log = logging.getLogger(__name__)


class EmbeddedEngine(Engine):
    def __init__(self, backend: ChainBackend, providers: BridgeProviders) -> None:
        super().__init__(backend, bridges=BridgeEndpoints.in_process(providers.apps()))
        self.providers = providers
        self._told: list[str] = []  # what the person should hear about the providers (see `start`)

    @property
    def notices(self) -> list[str]:
        return [*self.backend.notices, *self._told]

    async def start(self) -> None:
        """Run the providers' operators on the running loop. Another swapdesk process running them over the
        same data (it holds the chains too, so this is rare) leaves their APIs answering from what they keep:
        quotes work, orders do not move here; said once, in words."""
        try:
            await self.providers.start()
        except ProvidersInUse:
            log.warning("the bridge operators of this devnet run in another swapdesk process")
            self._told.append(
                "Another swapdesk is running the devnet's bridges: transfers can be compared here, but the"
                " orders move only while that swapdesk is open."
            )

    async def aclose(self) -> None:
        await self.providers.stop()  # first: each operator finishes the order it is moving, on running chains
        await super().aclose()
