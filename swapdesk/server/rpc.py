"""`POST /rpc/{chainID}`: each devnet chain's standard Ethereum JSON-RPC over HTTP.

The body is read up to `jsonrpc.MAX_BODY` (a larger one is refused with 413
before the rest is read), decoded off the event loop's thread, and answered by
`jsonrpc.answer` one request at a time on the chain's own thread, in turn with the chain's other
clients (`devnet.lanes`: a connection is a client, after the engine's own calls); an `eth_call` in a batch
may execute for `vm.BATCH_CALL_TIME_CAP` (1 s), one alone for geth's 5 s. A body that
parses is answered per request with its id even when the chain is unknown. A
body of notifications only is answered 204 with no body, as JSON-RPC 2.0 wants.
"""

from __future__ import annotations

import asyncio
import logging
from contextlib import AbstractContextManager
from functools import partial
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import Response

from swapdesk.chain import jsonrpc
from swapdesk.chains import UnknownChain, by_id
from swapdesk.devnet import vm
from swapdesk.devnet.lanes import serving
from swapdesk.devnet.network import NOT_STARTED, Devnet

log = logging.getLogger(__name__)
JSON = "application/json"


def add_rpc_route(app: FastAPI, devnet: Devnet | None) -> None:
    @app.post("/rpc/{chain_id}", tags=["devnet"], summary="Devnet chain JSON-RPC")
    async def rpc(chain_id: str, request: Request) -> Response:
        try:
            body = await _read(request)
            payload = await asyncio.to_thread(jsonrpc.decode, body)
        except jsonrpc.RpcError as exc:
            status = 413 if isinstance(exc, jsonrpc.BodyTooLarge) else 200
            return Response(jsonrpc.error_answer(None, exc), status_code=status, media_type=JSON)
        with serving_connection(request):  # the chain is shared in lanes (`devnet.lanes`)
            answer = await jsonrpc.answer(payload, await _runner(devnet, chain_id, isinstance(payload, list)))
        return Response(status_code=204) if answer is None else Response(answer, media_type=JSON)


def serving_connection(request: Request) -> AbstractContextManager[None]:
    """The chain's calls made within are this connection's: a turn each, in turn with the other clients."""
    client = request.client
    return serving(("http", client.host), client.port) if client is not None else serving(("http", None), None)


async def _runner(devnet: Devnet | None, chain_id: str, batch: bool) -> jsonrpc.Run:
    """Who answers each request: the chain, or a refusal naming why there is none."""
    if devnet is None:
        return _refusing("this server runs no devnet")
    chain = _chain(chain_id)
    if chain is None:
        return _refusing(f"no devnet chain with id {chain_id}")
    try:
        await devnet.start(chain)
    except NOT_STARTED as exc:  # damaged data (its words name the repair commands), in use by another process...
        log.warning("devnet chain %s refused: %s", chain, exc)
        return _refusing(str(exc))
    except Exception:  # a world that cannot be built: a bug
        log.exception("devnet chain %s could not start", chain)
        return _refusing(f"the devnet chain {chain} could not start; the server's log says why")
    return partial(devnet.rpc, chain, call_time=vm.BATCH_CALL_TIME_CAP if batch else None)


async def _read(request: Request) -> bytes:
    """The body, or BodyTooLarge as soon as it is known to exceed the limit."""
    declared = request.headers.get("content-length", "")
    if declared.isascii() and declared.isdigit() and int(declared) > jsonrpc.MAX_BODY:
        raise jsonrpc.BodyTooLarge()
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > jsonrpc.MAX_BODY:
            raise jsonrpc.BodyTooLarge()
    return bytes(body)


def _chain(chain_id: str) -> int | None:
    if not (chain_id.isascii() and chain_id.isdigit() and len(chain_id) <= 12):
        return None
    try:
        return by_id(int(chain_id)).id
    except UnknownChain:
        return None


def _refusing(message: str) -> jsonrpc.Run:
    def refuse(method: str, params: Any) -> Any:
        raise jsonrpc.RpcError(jsonrpc.SERVER_ERROR, message)

    async def run(request: Any) -> bytes | None:
        return jsonrpc.handle(request, refuse)

    return run
