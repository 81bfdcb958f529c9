"""`POST /rpc/{chainID}`: each devnet chain's standard Ethereum JSON-RPC over HTTP."""

from __future__ import annotations

import json

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from swapdesk.chains import UnknownChain, by_id
from swapdesk.devnet.network import Devnet


def add_rpc_route(app: FastAPI, devnet: Devnet | None) -> None:
    @app.post("/rpc/{chain_id}", tags=["devnet"], summary="Devnet chain JSON-RPC")
    async def rpc(chain_id: str, request: Request) -> JSONResponse:
        def rpc_error(code: int, message: str) -> JSONResponse:
            return JSONResponse({"jsonrpc": "2.0", "id": None, "error": {"code": code, "message": message}})

        if devnet is None:
            return rpc_error(-32000, "this server runs no devnet")
        try:
            chain = by_id(int(chain_id)) if chain_id.isascii() and chain_id.isdigit() else None
        except UnknownChain:
            chain = None
        if chain is None:
            return rpc_error(-32000, f"no devnet chain with id {chain_id!r}")
        try:
            payload = json.loads(await request.body())
        except ValueError:
            return rpc_error(-32700, "parse error: the body is not JSON")
        return JSONResponse(await devnet.rpc(chain.id, payload))
