"""Where the engine's chains come from: the embedded devnet, or JSON-RPC.

A backend hands out a web3 client per chain and the chain's catalogue (its
tokens, liquidity sources and Multicall3), so the engine's code is the same
whatever the chains are.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Protocol

import aiohttp
from web3 import AsyncHTTPProvider, AsyncWeb3

from swapdesk.api import ErrorCode, Unavailable
from swapdesk.chain.multicall import BatchRefused
from swapdesk.chains import Chain
from swapdesk.devnet.chaindata import ChainData
from swapdesk.devnet.manifest import Manifest
from swapdesk.devnet.network import Devnet
from swapdesk.devnet.provider import DevnetProvider


class ChainBackend(Protocol):
    async def web3(self, chain: Chain) -> AsyncWeb3: ...
    async def catalog(self, chain: Chain) -> Manifest: ...
    def is_devnet(self, chain: Chain) -> bool:
        """True where the chain is the embedded devnet (demo accounts may sign there)."""
        ...

    async def aclose(self) -> None: ...


class DevnetBackend:
    def __init__(self, devnet: Devnet | None = None) -> None:
        """By default the user's devnet, whose chains keep their blocks between runs."""
        self.devnet = devnet or Devnet(ChainData())
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

    def is_devnet(self, chain: Chain) -> bool:
        return True

    async def aclose(self) -> None:
        await self.devnet.close()


class RpcBackend:
    """Chains reached through JSON-RPC (a real network, or anvil), each with its
    catalogue: where its tokens, pools, Multicall3 and router are."""

    def __init__(self, endpoints: dict[int, str], catalogs: dict[int, Manifest]) -> None:
        self.endpoints = endpoints
        self.catalogs = catalogs
        self._web3: dict[int, AsyncWeb3] = {}

    async def web3(self, chain: Chain) -> AsyncWeb3:
        if chain.id not in self.endpoints:
            raise Unavailable(ErrorCode.CHAIN_UNAVAILABLE, f"no RPC endpoint is configured for {chain.flag}")
        if chain.id not in self._web3:
            self._web3[chain.id] = AsyncWeb3(AsyncHTTPProvider(self.endpoints[chain.id]))
        return self._web3[chain.id]

    async def catalog(self, chain: Chain) -> Manifest:
        try:
            return self.catalogs[chain.id]
        except KeyError:
            raise Unavailable(
                ErrorCode.CHAIN_UNAVAILABLE,
                f"swapdesk knows no pools or router on {chain.flag}: add its catalogue ({chain.id}.json)",
            ) from None

    def is_devnet(self, chain: Chain) -> bool:
        return False

    async def aclose(self) -> None:
        for w3 in self._web3.values():
            await w3.provider.disconnect()


class RoutedBackend:
    """Chains with a JSON-RPC endpoint go to it; every other chain to the devnet."""

    def __init__(self, devnet: DevnetBackend, rpc: RpcBackend) -> None:
        self.devnet, self.rpc = devnet, rpc

    def _for(self, chain: Chain) -> ChainBackend:
        return self.rpc if chain.id in self.rpc.endpoints else self.devnet

    async def web3(self, chain: Chain) -> AsyncWeb3:
        return await self._for(chain).web3(chain)

    async def catalog(self, chain: Chain) -> Manifest:
        return await self._for(chain).catalog(chain)

    def is_devnet(self, chain: Chain) -> bool:
        return self._for(chain).is_devnet(chain)

    async def aclose(self) -> None:
        await self.rpc.aclose()
        await self.devnet.aclose()


@asynccontextmanager
async def reaching(chain: Chain) -> AsyncIterator[None]:
    """Turn a chain that cannot be reached into CHAIN_UNAVAILABLE, not a 500."""
    try:
        yield
    except (OSError, aiohttp.ClientError, TimeoutError) as exc:
        raise Unavailable(ErrorCode.CHAIN_UNAVAILABLE, f"cannot reach {chain.flag}: {exc}") from exc
    except BatchRefused as exc:  # the node refused a read it should answer: a rate limit, its own caps
        raise Unavailable(ErrorCode.CHAIN_UNAVAILABLE, f"the {chain.flag} node refused a read: {exc}") from exc
