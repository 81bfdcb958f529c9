"""The test's stand-ins for what lies outside the engine when it runs against real networks: the providers'
APIs (httpx.MockTransport serving the public documentation's example answers, fixtures/), and the chains
(a ChainReader whose receipts and contract calls the test writes, on a backend that is not the devnet).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from eth_abi import encode

from swapdesk.chain.events import Event
from swapdesk.chains import Chain
from swapdesk.engine.backends import ChainBackend, RpcBackend
from swapdesk.engine.bridges import BridgeEndpoints, ProviderEndpoint
from swapdesk.engine.bridges.onchain import ChainReader, Log, Receipt

FIXTURES = Path(__file__).parent / "fixtures"
Handler = Callable[[httpx.Request], httpx.Response]


def fixture(provider: str, name: str) -> Any:
    """A documented example answer, as the provider's documentation shows it (see fixtures/*/README.md)."""
    return json.loads((FIXTURES / provider / name).read_text())


class Served:
    """A provider's API as a MockTransport: answers by path, and every request it was asked."""

    def __init__(self, answers: dict[str, Any | Handler]) -> None:
        self.answers = answers
        self.asked: list[httpx.Request] = []
        self.transport = httpx.MockTransport(self._answer)

    def _answer(self, request: httpx.Request) -> httpx.Response:
        self.asked.append(request)
        found = self.answers.get(request.url.path)
        if found is None:
            return httpx.Response(404, json={"error": f"no such path {request.url.path}"})
        return found(request) if callable(found) else httpx.Response(200, json=found)

    def endpoint(self, timeout: float = 5.0) -> ProviderEndpoint:
        return ProviderEndpoint("https://provider.example", self.transport, timeout=timeout)

    def paths(self) -> list[str]:
        return [r.url.path for r in self.asked]


def endpoints(**by_bridge: ProviderEndpoint) -> BridgeEndpoints:
    return BridgeEndpoints(by_bridge)


class RealNetworks(RpcBackend):
    """A backend whose chains are all real networks (none is the devnet, but those in `devnet`), with no node
    for any: what the test asks must never need one (it is refused as a chain with no endpoint)."""

    def __init__(self, devnet: frozenset[int] = frozenset()) -> None:
        super().__init__({}, {})
        self.devnet = devnet

    def is_devnet(self, chain: Chain) -> bool:
        return chain.id in self.devnet


class Chains(ChainReader):
    """The chains as the test writes them: receipts by (chain id, hash), calls by (chain id, to, selector)."""

    def __init__(self, backend: ChainBackend | None = None) -> None:
        super().__init__(backend or RealNetworks())
        self.receipts: dict[tuple[int, str], Receipt] = {}
        self.calls: dict[tuple[int, bytes, bytes], bytes] = {}

    def add(self, receipt: Receipt) -> None:
        self.receipts[(receipt.chain.id, receipt.tx)] = receipt

    async def receipt(self, chain: Chain, tx: str, wait: float = 0.0) -> Receipt | None:
        return self.receipts.get((chain.id, tx.lower()))

    async def call(self, chain: Chain, to: bytes, data: bytes) -> bytes:
        try:
            return self.calls[(chain.id, to, data[:4])]
        except KeyError:
            raise AssertionError(f"unexpected call to {to.hex()} on {chain.name}: {data[:4].hex()}") from None

    async def block_seconds(self, chain: Chain) -> float:
        return 3.0

    async def gas_price(self, chain: Chain) -> int:
        return 10**9


def uint(value: int) -> bytes:
    return encode(["uint256"], [value])


def log_of(what: Event, address: bytes, **fields: Any) -> Log:
    """A log of `what` emitted by `address`, its fields ABI-encoded as the event declares them."""
    topics = [what.topic] + [encode([f.type], [fields[f.name]]) for f in what.fields if f.indexed]
    plain = [f for f in what.fields if not f.indexed]
    data = encode([f.type for f in plain], [fields[f.name] for f in plain])
    return Log(address, tuple(topics), data)


def receipt(chain: Chain, tx: str, sender: bytes, logs: list[Log], timestamp: int = 1_700_000_000) -> Receipt:
    return Receipt(chain, tx.lower(), True, sender, None, 0, 100, timestamp, tuple(logs))
