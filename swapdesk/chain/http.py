"""A web3 async provider for a JSON-RPC node over HTTP, with its connections kept alive.

web3's `AsyncHTTPProvider` opens a new connection for every request (its
session's connector forces them closed) and takes a thread-pool round trip
to look its session up: on the quote's path, where each quote asks the head
once, that was more CPU than the quote's own arithmetic. This provider keeps
one aiohttp session with kept-alive connections per node and is otherwise
what web3's is: the same JSON encoding and decoding, an HTTP error status
raised (aiohttp's `ClientResponseError`), a read that met a connection the
node had just closed tried once more (reads only: a sent transaction is
never sent twice by this layer). Every request is bounded: `TIMEOUT` seconds
and `MAX_ANSWER` bytes.
"""

from __future__ import annotations

from typing import Any

import aiohttp
from web3.providers.async_base import AsyncJSONBaseProvider
from web3.types import RPCEndpoint, RPCResponse

TIMEOUT = 30.0  # seconds for one request, as web3's provider
MAX_ANSWER = 64 * 1024 * 1024  # bytes: the devnet answers at most 25 MB, geth's cap for a batch
KEEP_ALIVE = 4.0  # seconds an idle connection is kept: less than servers keep one (uvicorn: 5 s)
READS = frozenset(
    {
        "eth_blockNumber", "eth_call", "eth_chainId", "eth_estimateGas", "eth_feeHistory", "eth_gasPrice",
        "eth_getBalance", "eth_getBlockByHash", "eth_getBlockByNumber", "eth_getCode", "eth_getLogs",
        "eth_getStorageAt", "eth_getTransactionByHash", "eth_getTransactionCount", "eth_getTransactionReceipt",
        "eth_maxPriorityFeePerGas", "eth_syncing", "net_version", "web3_clientVersion",
    }
)  # fmt: skip


class AnswerTooLarge(aiohttp.ClientPayloadError):
    """The node's answer is larger than any this engine reads."""


class KeptAliveProvider(AsyncJSONBaseProvider):
    def __init__(self, endpoint_uri: str) -> None:
        super().__init__()
        self.endpoint_uri = endpoint_uri
        self._session: aiohttp.ClientSession | None = None

    def _client(self) -> aiohttp.ClientSession:
        if self._session is None or self._session.closed:  # made in the running loop, on first use
            connector = aiohttp.TCPConnector(keepalive_timeout=KEEP_ALIVE)
            self._session = aiohttp.ClientSession(
                connector=connector,
                raise_for_status=True,
                timeout=aiohttp.ClientTimeout(total=TIMEOUT),
                headers={"Content-Type": "application/json"},
            )
        return self._session

    async def _post(self, body: bytes, retry: bool) -> bytes:
        try:
            return await self._post_once(body)
        except (aiohttp.ServerDisconnectedError, aiohttp.ClientOSError):
            if not retry:
                raise
            return await self._post_once(body)  # a kept-alive connection the node had closed: once more

    async def _post_once(self, body: bytes) -> bytes:
        async with self._client().post(self.endpoint_uri, data=body) as answer:
            if (answer.content_length or 0) > MAX_ANSWER:
                raise AnswerTooLarge(f"the node's answer has {answer.content_length} bytes")
            received = bytearray()
            async for chunk in answer.content.iter_chunked(1 << 16):
                received += chunk
                if len(received) > MAX_ANSWER:
                    raise AnswerTooLarge(f"the node's answer has more than {MAX_ANSWER} bytes")
            return bytes(received)

    async def make_request(self, method: RPCEndpoint, params: Any) -> RPCResponse:
        body = self.encode_rpc_request(method, params)
        return self.decode_rpc_response(await self._post(body, method in READS))

    async def make_batch_request(self, batch_requests: list[tuple[RPCEndpoint, Any]]) -> list[RPCResponse]:
        body = self.encode_batch_rpc_request(batch_requests)
        reads_only = all(method in READS for method, _ in batch_requests)
        answer: Any = self.decode_rpc_response(await self._post(body, reads_only))
        if not isinstance(answer, list):
            return [answer]  # one error for the whole batch
        return sorted(answer, key=lambda response: response.get("id") or 0)

    async def disconnect(self) -> None:
        if self._session is not None:
            await self._session.close()
            self._session = None
