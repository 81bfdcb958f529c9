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
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.responses import JSONResponse, Response

from swapdesk import __version__
from swapdesk.chains import UnknownChain, by_id
from swapdesk.devnet.bridges.service import BridgeProviders
from swapdesk.devnet.network import Devnet
from swapdesk.server.limits import UrlLimit
from swapdesk.server.rpc import add_rpc_route
from swapdesk.server.tron import add_tron_routes

log = logging.getLogger(__name__)
CATALOGS = "/devnet/v1/catalogs"


def create_devnet_app(devnet: Devnet, providers: BridgeProviders | None = None) -> FastAPI:
    """With the world's bridge `providers`, their operators run with the app and their APIs answer at
    /providers/<name>; the devnet closes last."""

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
            manifest = await devnet.manifest(by_id(int(chain_id)).id)
        except UnknownChain:
            return JSONResponse({"error": f"no devnet chain with id {chain_id}"}, status_code=404)
        except Exception:  # its data in use by another process, a world that cannot be built...
            log.exception("devnet chain %s could not start", chain_id)
            return JSONResponse({"error": f"the devnet chain {chain_id} could not start; see the log"}, status_code=503)
        return Response(manifest.to_json(), media_type="application/json")

    for name, provider in (providers.apps() if providers is not None else {}).items():
        app.mount(f"/providers/{name}", provider, name=f"provider-{name}")
    app.add_middleware(UrlLimit)
    return app
