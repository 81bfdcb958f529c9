"""What the bridge providers know of the demo world: its devnet, where their contracts are on each
chain, the world's reference prices, and one JSON-RPC client per chain.

A provider learns where its contracts are from its own configuration (here: the world's deployment
records, read without starting a chain when the world's snapshot has them); everything else it learns
from the chains, as a real provider does.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from swapdesk.devnet import rewinds
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
        self.readers: frozenset[str] = frozenset()  # the operators that each judge the orders of a rewound chain
        self._taken: dict[tuple[int, rewinds.Rewound], set[str]] = {}

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

    def rewound(self, chain_id: int, reader: str) -> rewinds.Rewound | None:
        """The record a repair or a reset left in the chain's folder (`devnet.rewinds`), unless `reader` took it."""
        if self.devnet.data is None:
            return None
        found = rewinds.read(self.devnet.data.path(chain_id))
        return None if found is None or reader in self._taken.get((chain_id, found), ()) else found

    def rewound_chains(self) -> set[int]:
        """The bridge chains whose folders hold a rewind's record."""
        if self.devnet.data is None:
            return set()
        return {c for c in BRIDGE_CHAINS if (self.devnet.data.path(c) / rewinds.RECORD).exists()}

    def took(self, chain_id: int, reader: str, record: rewinds.Rewound) -> None:
        """`reader` keeps the rewind (in its own store): once every reader does, the record is deleted."""
        taken = self._taken.setdefault((chain_id, record), set())
        taken.add(reader)
        if taken >= self.readers and self.devnet.data is not None:
            rewinds.remove(self.devnet.data.path(chain_id), record)
            del self._taken[chain_id, record]

    def forget(self, chain_id: int) -> None:
        """A chain went back: read its deployment again when next asked."""
        self._deployments.pop(chain_id, None)


def usd(chain_id: int, symbol: str) -> Decimal:
    """The world's reference price of a token on a chain (what sizes its pools and the bridges' limits)."""
    return WORLDS[chain_id].token(symbol).usd


def same_asset(tokens: list[BridgedToken], asset: str) -> BridgedToken | None:
    return next((t for t in tokens if t.asset == asset), None)
