"""Where each bridge provider's API is: the one thing the engine is told about the providers.

Whoever builds the engine builds this, and the same client code runs against any of them:

    BridgeEndpoints.in_process(providers.apps())     the desktop app: each provider's ASGI app, no socket
    BridgeEndpoints.under("http://127.0.0.1:8545")   a server mounting each provider at /providers/<name>/
                                                     (`swapdesk serve`, a remote devnet)
    ProviderUrls(cbridge="https://cbridge-prod2.celer.app").endpoints()   the real services, by URL

Keys are the spec's bridge names (ANYSWAP, CBRIDGE, METAPATH); a bridge without an endpoint is not offered.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import httpx

from swapdesk.api.rules import BRIDGES

AsgiApp = Callable[[Any, Any, Any], Awaitable[None]]
TIMEOUT = 30.0  # seconds for one call, answer included (a devnet's first token list starts chains)
# the app's own providers, in process: nothing between them and the engine to fail, but on a fresh profile their
# first token list waits for every bridge chain's world to be built (`swapdesk.devnet.world_builds`)
IN_PROCESS_TIMEOUT = 300.0
STOPPED = "Multichain's bridge stopped in July 2023; its token list and scan API no longer answer"


@dataclass(frozen=True)
class ProviderEndpoint:
    base_url: str
    transport: httpx.AsyncBaseTransport | None = None  # None: the network
    timeout: float = TIMEOUT  # seconds one call may take, answer included


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
                name.upper(): ProviderEndpoint(
                    f"http://{name}.provider", httpx.ASGITransport(app=app), timeout=IN_PROCESS_TIMEOUT
                )
                for name, app in apps.items()
            }
        )

    @classmethod
    def under(cls, base_url: str, bridges: Iterable[str] = BRIDGES) -> BridgeEndpoints:
        """Each provider at `<base_url>/providers/<name>` (how `swapdesk serve` mounts them)."""
        root = base_url.rstrip("/")
        return cls({bridge: ProviderEndpoint(f"{root}/providers/{bridge.lower()}") for bridge in bridges})


class Gone(httpx.AsyncBaseTransport):
    """A provider that no longer exists, answered in process without a socket: every call is 410 with the
    reason in the provider's error shape (Multichain's `{"msg": "Error", "error": ...}`)."""

    def __init__(self, reason: str) -> None:
        self.reason = reason

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        return httpx.Response(410, json={"msg": "Error", "error": self.reason})


@dataclass(frozen=True)
class ProviderUrls:
    """The real providers' base URLs, each optional; what settings, `swapdesk serve --provider NAME=URL`
    and the command line give. `endpoints()` makes the engine's `BridgeEndpoints` of them."""

    cbridge: str | None = None  # Celer's cBridge gateway, e.g. https://cbridge-prod2.celer.app
    metapath: str | None = None  # SWFT Bridgers' API, e.g. https://api.bridgers.xyz
    anyswap: str | None = None  # Multichain's scan API, for old transfers only, e.g. https://scanapi.multichain.org
    timeout: float = TIMEOUT

    def __post_init__(self) -> None:
        for name in ("cbridge", "metapath", "anyswap"):
            url = getattr(self, name)
            if url is not None:
                check_url(name, url)
        if not 0 < self.timeout <= 600:
            raise ValueError(f"timeout: from 0 to 600 seconds (got {self.timeout})")

    @classmethod
    def parse(cls, pairs: Iterable[str], timeout: float = TIMEOUT) -> ProviderUrls:
        """From `NAME=URL` texts (`--provider cbridge=https://cbridge-prod2.celer.app`); NAME is a provider
        (cbridge, metapath, anyswap) or its bridge (CBRIDGE...), any case. ValueError says what is wrong."""
        urls: dict[str, str] = {}
        for pair in pairs:
            name, sep, url = pair.partition("=")
            key = name.strip().lower()
            if not sep or key not in ("cbridge", "metapath", "anyswap"):
                raise ValueError(f"provider: {pair!r} is not NAME=URL with NAME cbridge, metapath or anyswap")
            if key in urls:
                raise ValueError(f"provider: {key} is given twice")
            urls[key] = url.strip()
        return cls(timeout=timeout, **urls)

    def endpoints(self, base: BridgeEndpoints | None = None) -> BridgeEndpoints:
        """The providers given here, over `base`'s for the others (e.g. a devnet's). ANYSWAP is always
        there: without a URL (and none in `base`) it is `Gone`, so its old deposits are still read from
        the chains while nothing is asked of Multichain's dead services."""
        found = dict(base.by_bridge) if base is not None else {}
        for bridge, url in (("CBRIDGE", self.cbridge), ("METAPATH", self.metapath), ("ANYSWAP", self.anyswap)):
            if url is not None:
                found[bridge] = ProviderEndpoint(url.rstrip("/"), timeout=self.timeout)
        found.setdefault("ANYSWAP", ProviderEndpoint("http://anyswap.gone", Gone(STOPPED)))
        return BridgeEndpoints(found)


def check_url(name: str, url: str) -> None:
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"{name}: {url!r} is not an http(s) URL with a host")
    if parts.query or parts.fragment:
        raise ValueError(f"{name}: {url!r} is a base URL: no query or fragment")
