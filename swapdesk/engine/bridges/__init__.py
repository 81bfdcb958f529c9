"""The engine's clients of the bridge providers: each speaks its provider's API and reads its contracts.

They never touch the demo world's objects: what a client of the real provider could not know, they do
not know. Where the providers are is the only thing they are told (`BridgeEndpoints`; the real services
by URL: `ProviderUrls`). They read the real services' answers as well as the devnet's models of them.
"""

from __future__ import annotations

from swapdesk.engine.bridges.anyswap import Anyswap
from swapdesk.engine.bridges.cbridge import CBridge
from swapdesk.engine.bridges.client import BridgeClient
from swapdesk.engine.bridges.endpoints import BridgeEndpoints, ProviderEndpoint, ProviderUrls
from swapdesk.engine.bridges.metapath import Metapath
from swapdesk.engine.bridges.onchain import ChainReader
from swapdesk.engine.bridges.provider import ProviderApi

KINDS: dict[str, type[BridgeClient]] = {kind.name: kind for kind in (Anyswap, Metapath, CBridge)}


def bridge_clients(endpoints: BridgeEndpoints, chains: ChainReader) -> dict[str, BridgeClient]:
    """A client per configured bridge, in the spec's order (ANYSWAP, METAPATH, CBRIDGE)."""
    return {
        name: kind(ProviderApi(name, endpoints.by_bridge[name]), chains)
        for name, kind in KINDS.items()
        if name in endpoints.by_bridge
    }


__all__ = ["BridgeClient", "BridgeEndpoints", "ChainReader", "ProviderEndpoint", "ProviderUrls", "bridge_clients"]
