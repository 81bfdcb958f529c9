"""`KeptAliveProvider`: web3's JSON-RPC over HTTP on kept-alive connections, every answer bounded.

Against a real HTTP server on loopback (uvicorn, as the devnet process serves) that answers JSON-RPC and
says which client connection each request came on.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import aiohttp
import pytest
from fastapi import FastAPI, Request
from fastapi.responses import Response
from web3 import AsyncWeb3
from web3.types import RPCEndpoint

from swapdesk.chain import http
from swapdesk.chain.http import AnswerTooLarge, KeptAliveProvider
from swapdesk.server.background import BackgroundServer


def _node() -> FastAPI:
    """eth_blockNumber answers 0x2a; `echo` answers its parameter (any size); `peer` the client's port."""
    app = FastAPI()

    def answer(call: dict[str, Any], request: Request) -> dict[str, Any]:
        method, params = call["method"], call["params"]
        if method == "peer":
            result: Any = request.client.port if request.client else None
        elif method == "echo":
            result = params[0]
        else:
            result = "0x2a"
        return {"jsonrpc": "2.0", "id": call["id"], "result": result}

    @app.post("/")
    async def rpc(request: Request) -> Response:
        body = json.loads(await request.body())
        out = [answer(c, request) for c in reversed(body)] if isinstance(body, list) else answer(body, request)
        return Response(json.dumps(out), media_type="application/json")  # a batch answered out of order

    @app.post("/broken")
    async def broken() -> Response:
        return Response("overloaded", status_code=503)

    return app


@pytest.fixture(scope="module")
def node_url() -> Iterator[str]:
    with BackgroundServer(_node()) as server:
        yield server.url


async def test_requests_share_one_kept_alive_connection(node_url: str) -> None:
    provider = KeptAliveProvider(node_url + "/")
    try:
        ports = {(await provider.make_request(RPCEndpoint("peer"), []))["result"] for _ in range(5)}
        assert len(ports) == 1
        assert await AsyncWeb3(provider).eth.block_number == 42  # and web3 itself works through it
    finally:
        await provider.disconnect()


async def test_a_batch_comes_back_in_the_order_asked(node_url: str) -> None:
    provider = KeptAliveProvider(node_url + "/")
    try:
        answers = await provider.make_batch_request([(RPCEndpoint("echo"), [n]) for n in range(4)])
        assert [a["result"] for a in answers] == [0, 1, 2, 3]
    finally:
        await provider.disconnect()


async def test_an_answer_over_the_bound_is_refused(node_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(http, "MAX_ANSWER", 1024)  # the real bound is 64 MB: the same check, a smaller answer
    provider = KeptAliveProvider(node_url + "/")
    try:
        assert (await provider.make_request(RPCEndpoint("echo"), ["x" * 500]))["result"] == "x" * 500
        with pytest.raises(AnswerTooLarge):
            await provider.make_request(RPCEndpoint("echo"), ["x" * 2000])
    finally:
        await provider.disconnect()


async def test_an_error_status_is_raised(node_url: str) -> None:
    provider = KeptAliveProvider(node_url + "/broken")
    try:
        with pytest.raises(aiohttp.ClientResponseError) as raised:
            await provider.make_request(RPCEndpoint("eth_blockNumber"), [])
        assert raised.value.status == 503
    finally:
        await provider.disconnect()
