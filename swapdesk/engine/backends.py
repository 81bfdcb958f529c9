"""Where the engine's chains come from: the embedded devnet, or JSON-RPC.

A backend hands out a web3 client per chain and the chain's catalogue (its
tokens, liquidity sources and Multicall3), so the engine's code is the same
whatever the chains are.
"""

from __future__ import annotations

from typing import Protocol

from web3 import AsyncWeb3

from swapdesk.api import ErrorCode, Unavailable
from swapdesk.chains import Chain
from swapdesk.devnet.manifest import Manifest
from swapdesk.devnet.network import Devnet
from swapdesk.devnet.provider import DevnetProvider


class ChainBackend(Protocol):
    async def web3(self, chain: Chain) -> AsyncWeb3: ...
    async def catalog(self, chain: Chain) -> Manifest: ...
    async def aclose(self) -> None: ...


class DevnetBackend:
    def __init__(self, devnet: Devnet | None = None) -> None:
        self.devnet = devnet or Devnet()
        self._web3: dict[int, AsyncWeb3] = {}

    async def web3(self, chain: Chain) -> AsyncWeb3:
        await self.catalog(chain)
        if chain.id not in self._web3:
            self._web3[chain.id] = AsyncWeb3(DevnetProvider(self.devnet, chain.id))
        return self._web3[chain.id]

    async def catalog(self, chain: Chain) -> Manifest:
        try:
            return await self.devnet.start(chain.id)
        except Exception as exc:
            raise Unavailable(
                ErrorCode.CHAIN_UNAVAILABLE, f"the {chain.flag} devnet chain could not start: {exc}"
            ) from exc

    async def aclose(self) -> None:
        await self.devnet.close()
