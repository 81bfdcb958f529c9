"""The devnet as a process of its own (`swapdesk devnet serve`): the world, served to any number of API workers.

    POST /rpc/{chainID}                    each chain's standard Ethereum JSON-RPC (`server.rpc`)
    GET|POST /tron/{wallet,walletsolidity}/{method}   the TRON chain's full-node HTTP API (`server.tron`)
    GET /devnet/v1/catalogs/{chainID}      the chain's catalogue: where its tokens, pools, Multicall3 and
                                           router are (a `Manifest` as JSON); asking starts the chain
    /providers/{name}/                     each bridge provider's API (`BridgeProviders`)

This is all a stateless API worker (`swapdesk serve --workers N`) needs to find the world: it keeps nothing
of its own but the catalogues, and reads the chains and asks the providers as it would real ones. One
process owns the chains (their data is locked to it) and runs the providers' operators beside them, so
there is one devnet process however many workers there are.
"""

from __future__ import annotations

import logging
import multiprocessing
import socket
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from multiprocessing.process import BaseProcess

import uvicorn
from fastapi import FastAPI
from fastapi.responses import JSONResponse, Response

import swapdesk.server.run as run
from swapdesk import __version__
from swapdesk.chains import UnknownChain, by_id
from swapdesk.devnet.backend import catalog_of
from swapdesk.devnet.bridges.service import BridgeProviders
from swapdesk.devnet.chaindata import ChainData
from swapdesk.devnet.network import NOT_STARTED, Devnet
from swapdesk.server.cors import Cors
from swapdesk.server.guard import RequestGuard
from swapdesk.server.limits import UrlLimit
from swapdesk.server.rpc import add_rpc_route
from swapdesk.server.tron import add_tron_routes
from swapdesk.server.workers import child, listening

log = logging.getLogger(__name__)
CATALOGS = "/devnet/v1/catalogs"


class DevnetRoutes:
    """The devnet in this process, served beside the API by `swapdesk serve` (a `server.app.World`): its
    chains' `/rpc` and `/tron`, and with its bridge `providers`, their APIs at /providers/<name>. Their
    operators run with the engine (`compose.EmbeddedEngine`), and the devnet closes with it."""

    def __init__(self, devnet: Devnet, providers: BridgeProviders | None = None) -> None:
        self.devnet = devnet
        self.providers = providers

    def add_routes(self, app: FastAPI) -> None:
        add_rpc_route(app, self.devnet)
        add_tron_routes(app, self.devnet)
        for name, provider in (self.providers.apps() if self.providers is not None else {}).items():
            app.mount(f"/providers/{name}", provider, name=f"provider-{name}")  # its own API, outside the document

    async def aclose(self) -> None:
        pass


def create_devnet_app(devnet: Devnet, providers: BridgeProviders | None = None, cors: Iterable[str] = ()) -> FastAPI:
    """With the world's bridge `providers`, their operators run with the app and their APIs answer at
    /providers/<name>; the devnet closes last. `cors`: the origins whose pages may read every answer
    (`server.cors`); none by default."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if providers is not None:
            await providers.start()
        try:
            yield
        finally:
            if providers is not None:
                await providers.stop()
            await devnet.close()

    app = FastAPI(
        title="swapdesk devnet",
        version=__version__,
        description=__doc__,
        lifespan=lifespan,
        redirect_slashes=False,
        docs_url=None,
        redoc_url=None,
    )
    add_rpc_route(app, devnet)
    add_tron_routes(app, devnet)

    @app.get(CATALOGS + "/{chain_id}", tags=["devnet"], summary="A devnet chain's catalogue")
    async def catalog(chain_id: str) -> Response:
        if not (chain_id.isascii() and chain_id.isdigit() and len(chain_id) <= 12):
            return JSONResponse({"error": "the chain id must be a number"}, status_code=404)
        try:
            chain = by_id(int(chain_id)).id
            served = catalog_of(await devnet.manifest(chain), await devnet.bridges(chain))  # the engine's part
        except UnknownChain:
            return JSONResponse({"error": f"no devnet chain with id {chain_id}"}, status_code=404)
        except NOT_STARTED as exc:  # damaged data (its words name the repair commands), in use by another process...
            log.warning("devnet chain %s refused: %s", chain_id, exc)
            return JSONResponse({"error": str(exc)}, status_code=503)
        except Exception:  # a world that cannot be built: a bug
            log.exception("devnet chain %s could not start", chain_id)
            return JSONResponse({"error": f"the devnet chain {chain_id} could not start; see the log"}, status_code=503)
        return Response(served.to_json(), media_type="application/json")

    for name, provider in (providers.apps() if providers is not None else {}).items():
        app.mount(f"/providers/{name}", provider, name=f"provider-{name}")
    app.add_middleware(UrlLimit)
    origins = tuple(cors)
    app.add_middleware(RequestGuard, origins=origins)  # foreign Host, Origin and bodies (`server.guard`)
    if origins:
        app.add_middleware(Cors, origins=origins)
    return app


def serve_devnet(
    sock: socket.socket | None, host: str, port: int, speed: float | None, cors: tuple[str, ...] = ()
) -> None:
    """The devnet process: the user's chains (they keep their blocks), served until SIGINT or SIGTERM.
    `sock`: a listening socket to serve on (a process started by `start_devnet`), or None to bind one.
    `cors`: the origins whose pages may read its answers (`server.cors`)."""
    devnet = Devnet(ChainData(), speed=speed)
    app = create_devnet_app(devnet, BridgeProviders(devnet), cors)  # the providers' operators run beside the chains
    uvicorn.Server(run.config(app, host=host, port=port)).run(sockets=[sock] if sock is not None else None)


def _devnet_child(sock: socket.socket, host: str, port: int, speed: float | None) -> None:
    child()
    serve_devnet(sock, host, port, speed)


def start_devnet(speed: float | None, host: str = "127.0.0.1") -> tuple[BaseProcess, str]:
    """A devnet process on a free port of `host`, listening before it has started; it and its URL."""
    sock = listening(host, 0)
    bound_host, port = sock.getsockname()[:2]
    process = multiprocessing.get_context("spawn").Process(
        target=_devnet_child, args=(sock, bound_host, port, speed), name="swapdesk-devnet"
    )
    process.start()
    sock.close()  # the devnet process holds its own copy
    return process, f"http://{bound_host}:{port}"
