"""swapdesk's own word for the bridges' contracts on a chain: what a deposit may be approved to and sent to.

A cross-chain quote names its `router`; that word is never trusted. The contracts come from the chain's
catalogue (`swapdesk.catalogs`: its `bridges`), which the engine's backend gives for every chain: the devnet
writes its world's bridge deployment there, and a real network's catalogue (the package's, or the user's
`<config>/catalogs/<chain id>.json`) lists the bridges' real contracts. A chain whose catalogue names none has no
bridge swapdesk will send to, and says so in plain words.

`routers` are the contracts called (and approved to): ANYSWAP's router, cBridge's bridge, METAPATH's Bridgers
contract. `any_tokens` are Multichain's wrappers a deposit names, each with the token it takes; `native_wraps`
the wrapped coins a bridge records when it is sent the native coin itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from swapdesk.address import parse_evm, to_checksum
from swapdesk.chains import Chain
from swapdesk.engine.backends import ChainBackend
from swapdesk.engine.bridges.quote_checks import CONTRACT_NAMES
from swapdesk.trade.errors import CheckFailed
from swapdesk.words import QT_TR_NOOP

__all__ = ["CONTRACT_NAMES", "BridgeCatalog", "BridgeRouters"]  # CONTRACT_NAMES: the engine's, as its checks say them


def _hex(address: str) -> str:
    return to_checksum(parse_evm(address))


@dataclass(frozen=True)
class BridgeRouters:
    chain_id: int
    routers: dict[str, str]  # bridge -> EIP-55 address of the contract to approve and call
    any_tokens: dict[str, str] = field(default_factory=dict)  # EIP-55 anyToken -> EIP-55 underlying
    native_wraps: frozenset[str] = frozenset()  # EIP-55

    def router(self, bridge: str, chain: Chain) -> str:
        """The contract a deposit through `bridge` goes to; CheckFailed when swapdesk knows none there."""
        found = self.routers.get(bridge)
        if found is None:
            raise CheckFailed(
                QT_TR_NOOP("swapdesk's catalogue names no {bridge} contract on {chain}: nothing is sent"),
                bridge=bridge,
                chain=chain.name,
            )
        return found

    def underlying(self, any_token: str) -> str | None:
        return self.any_tokens.get(_hex(any_token))

    def wraps_native(self, token: str) -> bool:
        return _hex(token) in self.native_wraps


class BridgeCatalog:
    def __init__(self, chains: ChainBackend) -> None:
        """`chains`: the engine's backend, whose catalogues name each chain's bridge contracts."""
        self.chains = chains
        self._known: dict[int, BridgeRouters] = {}

    async def routers(self, chain: Chain) -> BridgeRouters:
        if chain.id not in self._known:
            self._known[chain.id] = await self._read(chain)
        return self._known[chain.id]

    async def _read(self, chain: Chain) -> BridgeRouters:
        found = (await self.chains.catalog(chain)).bridges
        if found is None or not found.routers:
            raise CheckFailed(
                QT_TR_NOOP("swapdesk knows no bridge contracts on {chain}: its catalogue names none ({id}.json)"),
                chain=chain.name,
                id=chain.id,
            )
        return BridgeRouters(
            chain.id,
            {bridge: _hex(address) for bridge, address in found.routers.items()},
            {_hex(a): _hex(u) for a, u in found.any_tokens.items()},
            frozenset(_hex(a) for a in found.native_wraps),
        )
