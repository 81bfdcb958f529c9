"""Where the engine's chains come from: the embedded devnet, a devnet served by another process, or JSON-RPC.

A backend hands out a web3 client per chain and the chain's catalogue (its
tokens, liquidity sources and Multicall3), so the engine's code is the same
whatever the chains are.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, Protocol

import aiohttp
import httpx
from web3 import AsyncWeb3

from swapdesk.api import ErrorCode, Unavailable
from swapdesk.catalogs import Catalog
from swapdesk.chain.http import KeptAliveProvider
from swapdesk.chain.multicall import BatchRefused
from swapdesk.chain.rpc import NodeError
from swapdesk.chain.tron.node import TIMEOUT, TronNode
from swapdesk.chains import CHAINS, Chain, resolve
from swapdesk.words import QT_TR_NOOP, Words

_NO_ENDPOINT = QT_TR_NOOP("no RPC endpoint is configured for {chain}")
TRON = resolve("TRON")


class ChainBackend(Protocol):
    async def web3(self, chain: Chain) -> AsyncWeb3[Any]: ...
    async def catalog(self, chain: Chain) -> Catalog: ...
    def is_devnet(self, chain: Chain) -> bool:
        """True where the chain is the embedded devnet (demo accounts may sign there)."""
        ...

    def network_id(self, chain: Chain) -> int:
        """The chain id the node for `chain` answers, and transactions sent there are signed for: the chain's
        own, or a practice fork's own (`swapdesk.fork`), which no real network accepts."""
        ...

    def tron_node(self) -> TronNode | None:
        """The HTTP API of the node behind TRON here (java-tron's `wallet/*`), which TRON's quotes, reads and
        sends go through; None where there is none."""
        ...

    @property
    def notices(self) -> list[str]:
        """What the person should hear about these chains (one started afresh, a read-only view)."""
        ...

    async def aclose(self) -> None: ...


class RpcBackend:
    """Chains reached through JSON-RPC (a real network, or anvil), each with its
    catalogue: where its tokens, pools, Multicall3 and router are. `practice`: the chains whose endpoint is a
    practice fork, with the fork's own chain id."""

    def __init__(
        self, endpoints: dict[int, str], catalogs: dict[int, Catalog], practice: dict[int, int] | None = None
    ) -> None:
        self.endpoints = endpoints
        self.catalogs = catalogs
        self.practice = dict(practice or {})
        self._web3: dict[int, AsyncWeb3[Any]] = {}

    async def web3(self, chain: Chain) -> AsyncWeb3[Any]:
        if chain.id not in self.endpoints:
            raise Unavailable(ErrorCode.CHAIN_UNAVAILABLE, Words(_NO_ENDPOINT, chain=chain.flag))
        if chain.id not in self._web3:
            self._web3[chain.id] = AsyncWeb3(KeptAliveProvider(self.endpoints[chain.id]))
        return self._web3[chain.id]

    async def catalog(self, chain: Chain) -> Catalog:
        if chain.id not in self.endpoints:  # the first thing missing: with no node, a catalogue would not help
            raise Unavailable(ErrorCode.CHAIN_UNAVAILABLE, Words(_NO_ENDPOINT, chain=chain.flag))
        try:
            return self.catalogs[chain.id]
        except KeyError:
            raise Unavailable(
                ErrorCode.CHAIN_UNAVAILABLE,
                Words(
                    QT_TR_NOOP("swapdesk knows no pools or router on {chain}: add its catalogue ({id}.json)"),
                    chain=chain.flag,
                    id=chain.id,
                ),
            ) from None

    def is_devnet(self, chain: Chain) -> bool:
        return False

    def network_id(self, chain: Chain) -> int:
        return self.practice.get(chain.id, chain.id)

    def tron_node(self) -> TronNode | None:
        """The node of the TRON JSON-RPC endpoint, at its root (`.../jsonrpc` is java-tron's and TronGrid's JSON-RPC
        beside their HTTP API); None for any other endpoint, or none."""
        endpoint = self.endpoints.get(TRON.id, "").rstrip("/")
        return TronNode(endpoint.removesuffix("/jsonrpc")) if endpoint.endswith("/jsonrpc") else None

    @property
    def notices(self) -> list[str]:
        return []

    async def aclose(self) -> None:
        for w3 in self._web3.values():
            await w3.provider.disconnect()


CATALOG_TIMEOUT = 120.0  # seconds: the devnet process may build the chain's world first (once per machine)
MAX_CATALOG = 1024 * 1024  # bytes: a catalogue is a few kilobytes
MAX_SAID = 2000  # characters of a devnet process's refusal passed on


class ServedDevnetBackend:
    """The devnet of another process (`swapdesk devnet serve` at `url`), reached over HTTP as any network is:
    each chain's JSON-RPC at `<url>/rpc/<chain id>`, its catalogue at `<url>/devnet/v1/catalogs/<chain id>`
    (read once per chain: asking starts the chain there), the TRON node's HTTP API at `<url>/tron/`. It holds
    nothing but what never changes, so any number of API workers can share one devnet."""

    def __init__(self, url: str) -> None:
        self.url = url.rstrip("/")
        self.rpc = RpcBackend({c.id: f"{self.url}/rpc/{c.id}" for c in CHAINS}, {})
        self._client = httpx.AsyncClient(timeout=CATALOG_TIMEOUT)
        self._fetching: dict[int, asyncio.Lock] = {}

    async def web3(self, chain: Chain) -> AsyncWeb3[Any]:
        return await self.rpc.web3(chain)

    async def catalog(self, chain: Chain) -> Catalog:
        known = self.rpc.catalogs.get(chain.id)
        if known is not None:
            return known
        async with self._fetching.setdefault(chain.id, asyncio.Lock()):  # one fetch for concurrent first asks
            if chain.id not in self.rpc.catalogs:
                self.rpc.catalogs[chain.id] = await self._fetch(chain)
        return self.rpc.catalogs[chain.id]

    async def _fetch(self, chain: Chain) -> Catalog:
        where = f"{self.url}/devnet/v1/catalogs/{chain.id}"
        try:
            async with self._client.stream("GET", where) as answer:
                body = bytearray()
                async for chunk in answer.aiter_bytes():
                    body += chunk
                    if len(body) > MAX_CATALOG:
                        raise ValueError(f"a catalogue of more than {MAX_CATALOG} bytes")
                if answer.status_code != 200:
                    raise ValueError(f"HTTP {answer.status_code}: {_said(bytes(body))}")
            return Catalog.from_json(body.decode(), f"the devnet's {chain.flag} catalogue")
        except (httpx.HTTPError, ValueError, TypeError, KeyError) as exc:
            raise Unavailable(
                ErrorCode.CHAIN_UNAVAILABLE,
                Words(
                    QT_TR_NOOP("the devnet at {url} did not give the {chain} catalogue: {why}"),
                    url=self.url,
                    chain=chain.flag,
                    why=str(exc),
                ),
            ) from exc

    def is_devnet(self, chain: Chain) -> bool:
        return True

    def network_id(self, chain: Chain) -> int:
        return chain.id

    def tron_node(self) -> TronNode:
        return TronNode(f"{self.url}/tron/", timeout=TIMEOUT)  # the devnet process may build TRON's world first

    @property
    def notices(self) -> list[str]:
        return []

    async def aclose(self) -> None:
        await self._client.aclose()
        await self.rpc.aclose()


def _said(body: bytes) -> str:
    """What a devnet process's refusal says: its `error` (a damaged chain's words name the repair command, so
    they are kept whole up to a bound), else the start of the body."""
    try:
        error = json.loads(body).get("error")
    except (ValueError, AttributeError):
        error = None
    return str(error)[:MAX_SAID] if isinstance(error, str) else body[:200].decode("utf-8", "replace")


class RoutedBackend:
    """Chains with a JSON-RPC endpoint go to it; every other chain to the devnet."""

    def __init__(self, devnet: ChainBackend, rpc: RpcBackend) -> None:
        self.devnet, self.rpc = devnet, rpc

    def _for(self, chain: Chain) -> ChainBackend:
        return self.rpc if chain.id in self.rpc.endpoints else self.devnet

    async def web3(self, chain: Chain) -> AsyncWeb3[Any]:
        return await self._for(chain).web3(chain)

    async def catalog(self, chain: Chain) -> Catalog:
        return await self._for(chain).catalog(chain)

    def is_devnet(self, chain: Chain) -> bool:
        return self._for(chain).is_devnet(chain)

    def network_id(self, chain: Chain) -> int:
        return self._for(chain).network_id(chain)

    def tron_node(self) -> TronNode | None:
        return self._for(TRON).tron_node()

    @property
    def notices(self) -> list[str]:
        return self.devnet.notices

    async def aclose(self) -> None:
        await self.rpc.aclose()
        await self.devnet.aclose()


@asynccontextmanager
async def reaching(chain: Chain) -> AsyncIterator[None]:
    """Turn a chain that cannot be reached into CHAIN_UNAVAILABLE, not a 500."""
    try:
        yield
    except (OSError, aiohttp.ClientError, TimeoutError) as exc:
        unreached = Words(QT_TR_NOOP("cannot reach {chain}: {why}"), chain=chain.flag, why=str(exc))
        raise Unavailable(ErrorCode.CHAIN_UNAVAILABLE, unreached) from exc
    except (BatchRefused, NodeError) as exc:  # the node refused a read it should answer: a rate limit, its own caps
        # the node's own words stay as it said them
        refused = Words(QT_TR_NOOP("the {chain} node refused a read: {why}"), chain=chain.flag, why=str(exc))
        raise Unavailable(ErrorCode.CHAIN_UNAVAILABLE, refused) from exc
