"""A real java-tron node by URL (`TronNode`): its HTTP API asked with bounds (a timeout, a largest answer,
JSON only), each fault CHAIN_UNAVAILABLE in words; where the URL comes from; the devnet's path unchanged."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Coroutine

import httpx
import pytest

from swapdesk.api import ErrorCode, Unavailable
from swapdesk.chain.tron.node import MAX_ANSWER, NODE_TIMEOUT, TronNode
from swapdesk.chains import resolve
from swapdesk.engine.backends import RoutedBackend, RpcBackend
from swapdesk.engine.tron.node_client import reaching_tron, tron_client

TRON = resolve("TRON")
TXID = "5d6f4e9a2c3b1a0f9e8d7c6b5a4938271605f4e3d2c1b0a99887766554433221"
ANSWER = {"ret": [{"contractRet": "SUCCESS"}], "txID": TXID, "raw_data": {"contract": []}}


Handler = Callable[[httpx.Request], httpx.Response] | Callable[[httpx.Request], Coroutine[None, None, httpx.Response]]


def node(handler: Handler, api_key: str | None = None, timeout: float = NODE_TIMEOUT) -> TronNode:
    return TronNode("https://tron.example/", api_key, timeout, httpx.MockTransport(handler))


async def test_a_node_by_url_is_asked_its_http_api_with_our_key_only() -> None:
    asked: list[httpx.Request] = []

    def answer(request: httpx.Request) -> httpx.Response:
        asked.append(request)
        return httpx.Response(200, json=ANSWER)

    tron = node(answer, api_key="our-key").client()
    assert await tron.get_transaction(TXID) == ANSWER
    request = asked[0]
    assert str(request.url) == "https://tron.example/wallet/gettransactionbyid"
    assert json.loads(request.content) == {"value": TXID, "visible": True}
    assert request.headers["TRON-PRO-API-KEY"] == "our-key"
    grid = TronNode("https://api.trongrid.io", transport=httpx.MockTransport(answer)).client()
    await grid.get_transaction(TXID)
    assert "tron-pro-api-key" not in asked[-1].headers  # no key of tronpy's own is sent on our behalf


@pytest.mark.parametrize(
    ("answer", "said"),
    [
        (httpx.Response(200, content=b"x" * (MAX_ANSWER + 1)), f"more than {MAX_ANSWER} bytes"),
        (httpx.Response(200, text="<html>maintenance</html>"), "something other than JSON"),
        (httpx.Response(503, text="busy"), "503"),
    ],
)
async def test_a_node_that_answers_nonsense_is_chain_unavailable_in_words(answer: httpx.Response, said: str) -> None:
    tron = node(lambda request: answer).client()
    with pytest.raises(Unavailable) as refused:
        async with reaching_tron(TRON):
            await tron.get_transaction(TXID)
    assert refused.value.code == ErrorCode.CHAIN_UNAVAILABLE and said in refused.value.message


async def test_a_slow_node_times_out_and_a_node_that_is_down_is_named() -> None:
    async def slow(request: httpx.Request) -> httpx.Response:
        await asyncio.sleep(2)
        return httpx.Response(200, json=ANSWER)

    with pytest.raises(Unavailable, match="did not answer in time"):
        async with reaching_tron(TRON):
            await node(slow, timeout=0.2).client().get_transaction(TXID)
    with pytest.raises(Unavailable, match="cannot reach the TRON node"):
        async with reaching_tron(TRON):
            await TronNode("http://127.0.0.1:9", timeout=2).client().get_transaction(TXID)


def test_where_the_url_comes_from() -> None:
    rpc = RpcBackend({TRON.id: "https://api.trongrid.io/jsonrpc"}, {})
    assert rpc.tron_node() == TronNode("https://api.trongrid.io")
    assert RpcBackend({TRON.id: "http://node:8545/"}, {}).tron_node() is None  # not the same node's root
    assert RpcBackend({1: "https://eth.example"}, {}).tron_node() is None
    with pytest.raises(Unavailable, match="no TRON HTTP API is configured"):
        tron_client(RpcBackend({1: "https://eth.example"}, {}))
    explicit = tron_client(rpc, TronNode("http://node:8090"))
    assert explicit.provider.endpoint_uri == "http://node:8090/"


def test_a_routed_backend_reaches_its_rpc_tron_node() -> None:
    never_asked = RpcBackend({}, {})  # the devnet's side: TRON has an endpoint
    routed = RoutedBackend(never_asked, RpcBackend({TRON.id: "https://api.trongrid.io/jsonrpc"}, {}))
    assert tron_client(routed).provider.endpoint_uri == "https://api.trongrid.io/"
