"""swapdesk's own catalogue of the bridges' contracts on a chain: what a deposit may be approved to and sent to.

A cross-chain quote names its `router`; that word is never trusted. The contracts come from swapdesk's side:

- on the devnet, from the world's bridge deployment, reached through the engine's backend (the chains it
  runs are the ones the deployment describes);
- on a real network, from a local file the user (or a packager) puts at `<config>/bridges/<chain id>.json`,
  in the shape `BridgeRouters.to_json` writes:

      {"chainId": 56,
       "routers": {"ANYSWAP": "0x…", "CBRIDGE": "0x…", "METAPATH": "0x…"},
       "anyTokens": {"0x<anyToken>": "0x<its underlying>"},
       "nativeWraps": ["0x<wrapped native coin a bridge takes for the coin itself>"]}

  A chain without its file has no bridge swapdesk will send to, and says so in plain words.

`routers` are the contracts called (and approved to): ANYSWAP's router, cBridge's bridge, METAPATH's Bridgers
contract. `anyTokens` are Multichain's wrappers a deposit names, each with the token it takes; `nativeWraps`
the wrapped coins a bridge records when it is sent the native coin itself.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from swapdesk.address import parse_evm, to_checksum
from swapdesk.chains import Chain
from swapdesk.trade.errors import CheckFailed

BRIDGES = ("ANYSWAP", "METAPATH", "CBRIDGE")
CONTRACT_NAMES = {"ANYSWAP": "Multichain router", "METAPATH": "Bridgers contract", "CBRIDGE": "cBridge contract"}


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
            raise CheckFailed(f"swapdesk's catalogue names no {bridge} contract on {chain.name}: nothing is sent")
        return found

    def underlying(self, any_token: str) -> str | None:
        return self.any_tokens.get(_hex(any_token))

    def wraps_native(self, token: str) -> bool:
        return _hex(token) in self.native_wraps

    def to_json(self) -> str:
        return json.dumps(
            {"chainId": self.chain_id, "routers": self.routers, "anyTokens": self.any_tokens,
             "nativeWraps": sorted(self.native_wraps)},
            indent=1,
        )  # fmt: skip

    @classmethod
    def from_json(cls, text: str) -> BridgeRouters:
        raw: dict[str, Any] = json.loads(text)
        routers = {str(b): _hex(a) for b, a in raw["routers"].items()}
        unknown = set(routers) - set(BRIDGES)
        if unknown:
            raise ValueError(f"not a bridge: {', '.join(sorted(unknown))}")
        return cls(
            int(raw["chainId"]),
            routers,
            {_hex(a): _hex(u) for a, u in raw.get("anyTokens", {}).items()},
            frozenset(_hex(a) for a in raw.get("nativeWraps", [])),
        )


class Deployment(Protocol):
    """What a devnet's bridge deployment says (`devnet.bridges.deployment.BridgeDeployment`)."""

    @property
    def anyswap(self) -> Any: ...
    @property
    def cbridge(self) -> Any: ...
    @property
    def metapath(self) -> Any: ...


def from_deployment(chain_id: int, deployment: Deployment) -> BridgeRouters:
    tokens = [
        *deployment.cbridge.tokens,
        *deployment.metapath.tokens,
        *(t.underlying for t in deployment.anyswap.tokens),
    ]
    return BridgeRouters(
        chain_id,
        {
            "ANYSWAP": _hex(deployment.anyswap.router),
            "CBRIDGE": _hex(deployment.cbridge.bridge),
            "METAPATH": _hex(deployment.metapath.contract),
        },
        {_hex(t.address): _hex(t.underlying.address) for t in deployment.anyswap.tokens},
        frozenset(_hex(t.address) for t in tokens if t.native),
    )


class BridgeCatalog:
    def __init__(self, chains: Any, folder: Path | None = None) -> None:
        """`chains`: the engine's backend (`ChainBackend`); `folder`: where real networks' files are."""
        self.chains = chains
        self.folder = folder
        self._known: dict[int, BridgeRouters] = {}

    async def routers(self, chain: Chain) -> BridgeRouters:
        if chain.id not in self._known:
            self._known[chain.id] = await self._read(chain)
        return self._known[chain.id]

    async def _read(self, chain: Chain) -> BridgeRouters:
        if self.chains.is_devnet(chain):
            deployment = await devnet_bridges(self.chains, chain)
            if deployment is None:
                raise CheckFailed(f"the devnet has no bridges on {chain.name}")
            return from_deployment(chain.id, deployment)
        path = self.folder / f"{chain.id}.json" if self.folder is not None else None
        if path is None or not path.exists():
            raise CheckFailed(
                f"swapdesk knows no bridge contracts on {chain.name}: add its bridge catalogue ({chain.id}.json)"
            )
        try:
            found = BridgeRouters.from_json(path.read_text())
        except (ValueError, KeyError, TypeError) as exc:
            raise CheckFailed(f"the bridge catalogue {path.name} cannot be read: {exc}") from None
        if found.chain_id != chain.id:
            raise CheckFailed(f"the bridge catalogue {path.name} is for chain {found.chain_id}, not {chain.name}")
        return found


async def devnet_bridges(chains: Any, chain: Chain) -> Deployment | None:
    """The world's bridge deployment on a devnet chain, through the backend.

    The backend's own `bridges(chain)` is the hook for this (asked of engine/backends.py); until every backend
    has it, an embedded devnet's deployment is read from the devnet the backend runs."""
    hook = getattr(chains, "bridges", None)
    if callable(hook):
        found: Deployment | None = await hook(chain)
        return found
    devnet = getattr(chains, "devnet", None)
    devnet = getattr(devnet, "devnet", devnet)  # a RoutedBackend's devnet backend, then its devnet
    reader = getattr(devnet, "bridges", None)
    if not callable(reader):
        raise CheckFailed(f"this engine cannot say where the devnet's bridges are on {chain.name}")
    await chains.catalog(chain)  # the chain runs, its deployment is loaded
    deployment: Deployment | None = await reader(chain.id)
    return deployment
