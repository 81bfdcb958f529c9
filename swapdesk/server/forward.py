"""`/rpc/{chainID}`, `/tron/...` and `/providers/...` on an API worker: passed on to the devnet process.

A worker has no chains or bridge providers of its own; clients of the API's port still find the devnet's
JSON-RPC, TRON node and providers' APIs there, as `swapdesk serve` in one process offers them. Bodies and
answers cross unchanged, within the devnet's own bounds (a body over its limit is refused here before it
is read whole; an answer is read up to what the devnet may send), each in at most `TIMEOUT` seconds. The
devnet process answers the same requests on its own port, without the hop and without waiting behind a
worker's quotes.
"""

from __future__ import annotations

import httpx
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response

import swapdesk.server.tron as tron
from swapdesk.chain import jsonrpc

TIMEOUT = 60.0  # seconds: the devnet may start a chain (its world built once per machine) to answer
MAX_ANSWER = jsonrpc.MAX_ANSWER + 1024  # the devnet's largest answer, and its envelope
MAX_PROVIDER_BODY = 64 * 1024  # bytes: the providers' own bound on a JSON body
_HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding"}


class _TooLarge(Exception):
    pass


class Forwarder:
    """A devnet process's `/rpc`, `/tron` and `/providers`, passed on by an API worker (a `server.app.World`)."""

    def __init__(self, upstream: str) -> None:
        self.upstream = upstream.rstrip("/")
        self.client = httpx.AsyncClient(base_url=self.upstream, timeout=TIMEOUT)

    def add_routes(self, app: FastAPI) -> None:
        _add_routes(app, self.client)

    async def aclose(self) -> None:
        await self.client.aclose()


def _add_routes(app: FastAPI, client: httpx.AsyncClient) -> None:
    @app.post("/rpc/{chain_id}", tags=["devnet"], summary="Devnet chain JSON-RPC")
    async def rpc(chain_id: str, request: Request) -> Response:
        try:
            body = await _read(request, jsonrpc.MAX_BODY)
        except _TooLarge:
            return Response(jsonrpc.error_answer(None, jsonrpc.BodyTooLarge()), 413, media_type="application/json")
        return await _forward(client, "POST", f"/rpc/{chain_id}", request, body)

    @app.api_route("/tron/{api}/{method}", methods=["GET", "POST"], include_in_schema=False)
    async def tron_node(api: str, method: str, request: Request) -> Response:
        try:
            body = await _read(request, tron.MAX_BODY)
        except _TooLarge:
            return JSONResponse({"Error": f"body size is too big, the limit is {tron.MAX_BODY}"})
        return await _forward(client, request.method, f"/tron/{api}/{method}", request, body)

    @app.api_route("/providers/{path:path}", methods=["GET", "POST"], include_in_schema=False)
    async def provider(path: str, request: Request) -> Response:
        try:
            body = await _read(request, MAX_PROVIDER_BODY)
        except _TooLarge:
            return JSONResponse({"error": f"the body is larger than {MAX_PROVIDER_BODY} bytes"}, 413)
        return await _forward(client, request.method, f"/providers/{path}", request, body)


async def _read(request: Request, limit: int) -> bytes:
    declared = request.headers.get("content-length", "")
    if declared.isascii() and declared.isdigit() and int(declared) > limit:
        raise _TooLarge
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise _TooLarge
    return bytes(body)


async def _forward(client: httpx.AsyncClient, method: str, path: str, request: Request, body: bytes) -> Response:
    headers = {"content-type": request.headers.get("content-type", "application/json")}
    try:
        async with client.stream(method, path, params=request.query_params, content=body, headers=headers) as answer:
            received = bytearray()
            async for chunk in answer.aiter_bytes():
                received += chunk
                if len(received) > MAX_ANSWER:
                    raise _TooLarge
            kept = {k: v for k, v in answer.headers.items() if k.lower() not in _HOP_BY_HOP}
            return Response(bytes(received), status_code=answer.status_code, headers=kept)
    except (httpx.HTTPError, _TooLarge) as exc:
        message = f"the devnet process did not answer: {type(exc).__name__}"
        return JSONResponse({"jsonrpc": "2.0", "id": None, "error": {"code": -32000, "message": message}}, 502)
