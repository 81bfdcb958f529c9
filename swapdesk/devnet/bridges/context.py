"""What the bridge providers know of the demo world: its devnet, where their contracts are on each
chain, the world's reference prices, and one JSON-RPC client per chain.

A provider learns where its contracts are from its own configuration (here: the world's deployment
records, read without starting a chain when the world's snapshot has them); everything else it learns
from the chains, as a real provider does.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from swapdesk.devnet.bridges.client import ChainClient
from swapdesk.devnet.bridges.config import BRIDGE_CHAINS
from swapdesk.devnet.bridges.deployment import BridgeDeployment, BridgedToken
from swapdesk.devnet.network import Devnet
from swapdesk.devnet.world import WORLDS

ZERO = "0x" + "00" * 20


class BridgeWorld:
    def __init__(self, devnet: Devnet) -> None:
        self.devnet = devnet
        self.speed = devnet.speed
        self._clients: dict[tuple[int, bool], ChainClient] = {}
        self._deployments: dict[int, BridgeDeployment] = {}

    @property
    def data_dir(self) -> Path | None:
        """Where the providers keep their orders: beside the chains (None: a devnet that keeps nothing)."""
        return None if self.devnet.data is None else self.devnet.data.root / "bridges"

    def client(self, chain_id: int, starts: bool = False) -> ChainClient:
        """A chain's JSON-RPC: the operators' never starts a chain (see `Operator.poll`), the APIs' does."""
        client = self._clients.get((chain_id, starts))
        if client is None:
            client = self._clients[chain_id, starts] = ChainClient(self.devnet, chain_id, starts)
        return client

    def running(self) -> set[int]:
        """The bridge chains that run now (a chain that is not running has nothing new to watch)."""
        return set(self.devnet.running()) & set(BRIDGE_CHAINS)

    async def deployment(self, chain_id: int) -> BridgeDeployment | None:
        """The bridges on `chain_id` (None off the cross-chain table)."""
        if chain_id not in BRIDGE_CHAINS:
            return None
        found = self._deployments.get(chain_id)
        if found is None:
            found = self.devnet.worlds.bridges(chain_id) or await self.devnet.bridges(chain_id)
            if found is None:
                return None
            self._deployments[chain_id] = found
        return found

    def forget(self, chain_id: int) -> None:
        """A chain started over: read its deployment again when next asked."""
        self._deployments.pop(chain_id, None)


def usd(chain_id: int, symbol: str) -> Decimal:
    """The world's reference price of a token on a chain (what sizes its pools and the bridges' limits)."""
    return WORLDS[chain_id].token(symbol).usd


def same_asset(tokens: list[BridgedToken], asset: str) -> BridgedToken | None:
    return next((t for t in tokens if t.asset == asset), None)
