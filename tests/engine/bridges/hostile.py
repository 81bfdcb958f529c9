"""A hostile bridge provider, served as a real HTTP server: what a `--provider NAME=URL` (or Settings) may point
the engine at.

The world is a devnet served as `swapdesk devnet serve` serves it (chains at /rpc, catalogues, each provider's
API at /providers/<name>), on a loopback socket. The hostile provider is a second server that forwards every
request to the world's provider of the same name and answers what the world answered, changed by the test:
`hostile.change(provider, path, edit)` rewrites that path's JSON answer (`edit` gets the decoded answer and
the request's query or body, and returns the new answer, or bytes to send as they are). The engine under
test reaches the chains and catalogues at the world and the providers at the hostile server, by URL only.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
from fastapi import FastAPI, Request, Response

from swapdesk.devnet.bridges.service import BridgeProviders
from swapdesk.devnet.chaindata import ChainData
from swapdesk.devnet.network import Devnet
from swapdesk.engine import Engine
from swapdesk.engine.backends import ServedDevnetBackend
from swapdesk.engine.bridges import BridgeEndpoints, ProviderUrls
from swapdesk.server.background import BackgroundServer
from swapdesk.server.devnet_app import create_devnet_app

Edit = Callable[[Any, dict[str, Any]], Any]


class Hostile:
    """The providers as the world answers them, each answer changed as the test says."""

    def __init__(self, world: str) -> None:
        self.world = world
        self.edits: dict[tuple[str, str], Edit] = {}
        self.app = FastAPI(docs_url=None, redoc_url=None, openapi_url=None)
        self.app.add_api_route("/{provider}/{path:path}", self._answer, methods=["GET", "POST"])

    def change(self, provider: str, path: str, edit: Edit) -> None:
        self.edits[(provider, path)] = edit

    def clear(self) -> None:
        self.edits.clear()

    async def _answer(self, provider: str, path: str, request: Request) -> Response:
        body = await request.body()
        async with httpx.AsyncClient(timeout=120) as client:
            answered = await client.request(
                request.method,
                f"{self.world}/providers/{provider}/{path}",
                params=request.query_params,
                content=body,
                headers={"content-type": request.headers.get("content-type", "application/json")},
            )
        edit = self.edits.get((provider, "/" + path))
        if edit is None:
            return Response(answered.content, answered.status_code, media_type="application/json")
        asked = dict(request.query_params) if request.method == "GET" else json.loads(body or b"{}")
        changed = edit(answered.json(), asked)
        content = changed if isinstance(changed, bytes) else json.dumps(changed).encode()
        return Response(content, answered.status_code, media_type="application/json")


@dataclass
class HostileWorld:
    world: str  # the devnet's URL
    hostile: Hostile
    url: str  # the hostile server's

    def engine(self, *bridges: str) -> Engine:
        """An engine on the world's chains whose `bridges` (cbridge, metapath, anyswap) are reached at the hostile
        server, the others at the world, as `--provider NAME=URL` sets them."""
        urls = ProviderUrls.parse([f"{name}={self.url}/{name}" for name in bridges])
        return Engine(ServedDevnetBackend(self.world), bridges=urls.endpoints(BridgeEndpoints.under(self.world)))


@contextmanager
def hostile_world() -> Iterator[HostileWorld]:
    devnet = Devnet(ChainData(Path(tempfile.mkdtemp(prefix="swapdesk-hostile-"))), speed=50)
    with BackgroundServer(create_devnet_app(devnet, BridgeProviders(devnet))) as world:
        hostile = Hostile(world.url)
        with BackgroundServer(hostile.app) as served:
            yield HostileWorld(world.url, hostile, served.url)
