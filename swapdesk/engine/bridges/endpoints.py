"""Where each bridge provider's API is: the one thing the engine is told about the providers.

Whoever builds the engine builds this, and the same client code runs against any of them:

    BridgeEndpoints.in_process(providers.apps())     the desktop app: each provider's ASGI app, no socket
    BridgeEndpoints.under("http://127.0.0.1:8545")   a server mounting each provider at /providers/<name>/
                                                     (`swapdesk serve`, a remote devnet)
    BridgeEndpoints({"CBRIDGE": ProviderEndpoint("https://cbridge-prod2.celer.app")})   real providers

Keys are the spec's bridge names (ANYSWAP, CBRIDGE, METAPATH); a bridge without an endpoint is not offered.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import httpx

from swapdesk.api.rules import BRIDGES

AsgiApp = Callable[[Any, Any, Any], Awaitable[None]]


@dataclass(frozen=True)
class ProviderEndpoint:
    base_url: str
    transport: httpx.AsyncBaseTransport | None = None  # None: the network


@dataclass(frozen=True)
class BridgeEndpoints:
    by_bridge: Mapping[str, ProviderEndpoint]

    def __post_init__(self) -> None:
        unknown = set(self.by_bridge) - set(BRIDGES)
        if unknown:
            raise ValueError(f"unknown bridges {sorted(unknown)}: use {', '.join(BRIDGES)}")

    @classmethod
    def in_process(cls, apps: Mapping[str, AsgiApp]) -> BridgeEndpoints:
        """Each provider's ASGI app by provider name (`anyswap`, `cbridge`, `metapath`), reached in process."""
        return cls(
            {
                name.upper(): ProviderEndpoint(f"http://{name}.provider", httpx.ASGITransport(app=app))
                for name, app in apps.items()
            }
        )

    @classmethod
    def under(cls, base_url: str, bridges: Iterable[str] = BRIDGES) -> BridgeEndpoints:
        """Each provider at `<base_url>/providers/<name>` (how `swapdesk serve` mounts them)."""
        root = base_url.rstrip("/")
        return cls({bridge: ProviderEndpoint(f"{root}/providers/{bridge.lower()}") for bridge in bridges})
