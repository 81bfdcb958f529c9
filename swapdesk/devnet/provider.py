"""A web3 async provider that talks to a devnet chain in process.

Requests are encoded and decoded exactly as web3's HTTP provider does, and
the encoded body takes the path a body posted to `/rpc/{chainID}` takes
(`jsonrpc.decode`, then `jsonrpc.answer`, one request at a time on the chain's
thread), so the engine meets the same limits and answers in process as over
HTTP or against a real node; only the transport differs.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from web3.providers.async_base import AsyncJSONBaseProvider
from web3.types import RPCEndpoint, RPCResponse

from swapdesk.chain import jsonrpc
from swapdesk.devnet.network import Devnet


class DevnetProvider(AsyncJSONBaseProvider):
    def __init__(self, devnet: Devnet, chain_id: int) -> None:
        super().__init__()
        self.devnet = devnet
        self.chain_id = chain_id

    async def make_request(self, method: RPCEndpoint, params: Any) -> RPCResponse:
        return self.decode_rpc_response(await self._post(self.encode_rpc_request(method, params)))

    async def make_batch_request(self, batch_requests: list[tuple[RPCEndpoint, Any]]) -> list[RPCResponse]:
        answer = self.decode_rpc_response(await self._post(self.encode_batch_rpc_request(batch_requests)))
        return list(answer) if isinstance(answer, list) else [answer]  # one error for the whole batch

    async def _post(self, body: bytes) -> bytes:
        try:
            payload = jsonrpc.decode(body)
        except jsonrpc.RpcError as exc:
            return jsonrpc.error_answer(None, exc)
        answer = await jsonrpc.answer(payload, partial(self.devnet.rpc, self.chain_id))
        if answer is None:
            raise ValueError("web3 sent only notifications, which have no answer")
        return answer
