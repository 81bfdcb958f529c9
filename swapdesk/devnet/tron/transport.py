"""The devnet's TRON node as tronpy reaches any node: its HTTP API, answered in process.

`DevnetTransport` hands tronpy's HTTP requests to the devnet's TRON node on the chain's thread, as
`DevnetProvider` hands web3's JSON-RPC to the chain: tronpy runs unchanged, only the transport differs.
"""

from __future__ import annotations

import json

import httpx

from swapdesk.chain.tron.node import TIMEOUT, TronNode
from swapdesk.chains import resolve
from swapdesk.devnet.network import Devnet
from swapdesk.devnet.tron import node
from swapdesk.devnet.tron.request import Request

TRON = resolve("TRON")
DEVNET_URL = "http://devnet.invalid/tron/"  # never resolved: the transport answers in process


def devnet_tron_node(devnet: Devnet) -> TronNode:
    """The devnet's TRON node, as the engine reaches any (`chain.tron.node.TronNode`)."""
    return TronNode(DEVNET_URL, timeout=TIMEOUT, transport=DevnetTransport(devnet))


class DevnetTransport(httpx.AsyncBaseTransport):
    """`POST /tron/wallet/<method>` (and `walletsolidity/`), answered by the devnet's TRON node."""

    def __init__(self, devnet: Devnet) -> None:
        self.devnet = devnet

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        api, method = request.url.path.rstrip("/").split("/")[-2:]
        endpoint = node.ENDPOINTS.get(method)
        if endpoint is None or api not in ("wallet", "walletsolidity") or (api != "wallet" and not endpoint.solidity):
            return httpx.Response(404, json={"Error": f"no such method: /{api}/{method}"})
        body = await request.aread()
        params = json.loads(body) if body.strip() else dict(request.url.params)
        if not isinstance(params, dict):
            return httpx.Response(200, json={"Error": "the body must be a JSON object"})
        visible = params.get("visible") is True or str(params.get("visible", "")).lower() == "true"
        answer = await self.devnet.run(TRON.id, node.answer, method, Request(params, visible))
        return httpx.Response(200, json=answer)
