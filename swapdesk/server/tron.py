"""`/tron/`: the devnet TRON chain's full-node HTTP API, the part tronpy and TronWeb use.

`Tron(HTTPProvider("http://127.0.0.1:8545/tron/"))` works unchanged (mind the trailing slash: clients
join `wallet/<method>` to it). Like java-tron, a method takes a POST with a JSON body or, where java-tron's
servlet has `doGet`, a GET with query parameters, and answers 200 with JSON, errors included
(`{"Error": ...}`); an unknown method is a 404 and a GET where only POST is served a 405. Bodies are
bounded in size and JSON nesting before anything reads them.
"""

from __future__ import annotations

import json
import logging
import re
from itertools import accumulate
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from swapdesk.chains import resolve
from swapdesk.devnet.network import Devnet
from swapdesk.devnet.tron import node
from swapdesk.devnet.tron.request import Request as TronRequest
from swapdesk.server.rpc import serving_connection

log = logging.getLogger(__name__)

TRON = resolve("TRON").id
MAX_BODY = 4 * 1024 * 1024  # bytes: java-tron's default maximum message size
MAX_DEPTH = 32  # JSON nesting: a transaction needs six
_STRING = re.compile(rb'"(?:[^"\\]++|\\.?)*+(?:"|\Z)', re.DOTALL)  # a string, or an unterminated one
_OPEN_CLOSE = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")  # +1 and -1 as signed bytes
_NOT_BRACKET = bytes(b for b in range(256) if b not in b"[]{}")


class _Unreadable(ValueError):
    pass


def add_tron_routes(app: FastAPI, devnet: Devnet | None) -> None:
    @app.api_route(
        "/tron/{api}/{method}",
        methods=["GET", "POST"],
        tags=["devnet"],
        summary="Devnet TRON node (java-tron's HTTP API: wallet/*, walletsolidity/*)",
        include_in_schema=False,  # java-tron's own API and error shapes, not the spec's: see docs/tron.md
    )
    async def tron(api: str, method: str, request: Request) -> JSONResponse:
        endpoint = node.ENDPOINTS.get(method)
        if endpoint is None or api not in ("wallet", "walletsolidity") or (api != "wallet" and not endpoint.solidity):
            return JSONResponse({"Error": f"no such method: /{api}/{method}"}, status_code=404)
        if request.method == "GET" and endpoint.post_only:
            return JSONResponse(
                {"Error": f"HTTP method GET is not supported by /{api}/{method}"},
                status_code=405,
                headers={"Allow": "POST"},
            )
        try:
            params = await _params(request)
        except _Unreadable as exc:
            return JSONResponse({"Error": str(exc)})
        if devnet is None:
            return JSONResponse({"Error": "this server runs no devnet"})
        call = TronRequest(params, _visible(params.get("visible")))
        try:
            with serving_connection(request):  # the chain is shared in lanes (`devnet.lanes`)
                answer = await devnet.run(TRON, node.answer, method, call)
        except Exception as exc:  # never a traceback: java-tron answers its exceptions as {"Error": ...}
            log.exception("TRON node: %s failed", method)
            answer = {"Error": f"{type(exc).__name__} : {exc}"}
        return JSONResponse(answer)


async def _params(request: Request) -> dict[str, Any]:
    if request.method == "GET":
        return dict(request.query_params)
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        raise _Unreadable(f"body size is too big, the limit is {MAX_BODY}")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise _Unreadable(f"body size is too big, the limit is {MAX_BODY}")
    if not body.strip():
        return {}
    if _too_deep(bytes(body)):
        raise _Unreadable(f"JSON nested deeper than {MAX_DEPTH} levels")
    try:
        params = json.loads(body, parse_constant=_no_constant)
    except ValueError as exc:  # also bad UTF-8, NaN and Infinity
        raise _Unreadable(f"the body is not JSON: {exc}") from None
    if not isinstance(params, dict):
        raise _Unreadable("the body must be a JSON object")
    return params


def _too_deep(body: bytes) -> bool:
    """Whether arrays and objects nest deeper than MAX_DEPTH outside strings, measured without recursion
    (as `devnet/jsonrpc.py` measures it) before `json.loads` recurses into them."""
    if body.count(b"[") + body.count(b"{") <= MAX_DEPTH:
        return False
    steps = _STRING.sub(b"", body).translate(_OPEN_CLOSE, _NOT_BRACKET)
    return max(accumulate(memoryview(steps).cast("b")), default=0) > MAX_DEPTH


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _visible(value: Any) -> bool:
    """As java-tron reads `visible`: true, or the text "true" (a GET's query)."""
    return value is True or (isinstance(value, str) and value.lower() == "true")
