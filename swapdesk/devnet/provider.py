"""A web3 async provider that talks to a devnet chain in process.

Requests are encoded and decoded exactly as web3's HTTP provider does, so the
engine exercises the same JSON-RPC path in process as over `/rpc/{chainID}`
or against a real node; only the transport differs.
"""

from __future__ import annotations

import json
from typing import Any

from web3.providers.async_base import AsyncJSONBaseProvider
from web3.types import RPCEndpoint, RPCResponse

from swapdesk.devnet.network import Devnet


class DevnetProvider(AsyncJSONBaseProvider):
    def __init__(self, devnet: Devnet, chain_id: int) -> None:
        super().__init__()
        self.devnet = devnet
        self.chain_id = chain_id

    async def make_request(self, method: RPCEndpoint, params: Any) -> RPCResponse:
        request = json.loads(self.encode_rpc_request(method, params))
        response = await self.devnet.rpc(self.chain_id, request)
        return self.decode_rpc_response(json.dumps(response).encode())

    async def make_batch_request(self, batch_requests: list[tuple[RPCEndpoint, Any]]) -> list[RPCResponse]:
        request = json.loads(self.encode_batch_rpc_request(batch_requests))
        response = await self.devnet.rpc(self.chain_id, request)
        return list(self.decode_rpc_response(json.dumps(response).encode()))  # type: ignore[arg-type]
