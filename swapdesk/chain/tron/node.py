"""A java-tron node's HTTP API (`wallet/*`, `walletsolidity/*`) reached through tronpy's `AsyncTron`, with bounds.

A `TronNode` is where a node is: a URL (a real full node, TronGrid, or a devnet served by another process at its
`/tron/`), or the devnet's own node answering in process through a transport of its own, so tronpy runs
unchanged. Each call gets a deadline in all, at most `MAX_ANSWER` bytes are read, and only JSON passes.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass

import httpx
from tronpy import AsyncTron
from tronpy.providers import AsyncHTTPProvider

TIMEOUT = 60.0  # seconds: a devnet's first request may wait for the chain's world to load
NODE_TIMEOUT = 20.0  # seconds for one call to a real node, answer included
CONNECT_TIMEOUT = 5.0
MAX_ANSWER = 8 * 1024 * 1024  # bytes: a transaction's info is a few KiB, a full block a few MiB


class BoundedTransport(httpx.AsyncBaseTransport):
    """Gives each call `deadline` seconds in all (httpx's timeouts are per read: a node dripping bytes
    would hold a call forever), reads at most `MAX_ANSWER` bytes and lets only JSON through; each fault is
    an httpx error with its cause, which `reaching_tron` names."""

    def __init__(self, inner: httpx.AsyncBaseTransport, deadline: float) -> None:
        self.inner = inner
        self.deadline = deadline

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        try:
            async with asyncio.timeout(self.deadline):
                response = await self.inner.handle_async_request(request)
                body = await self._read(request, response)
        except TimeoutError:
            raise httpx.ReadTimeout(f"no answer within {self.deadline:g} s", request=request) from None
        if 200 <= response.status_code < 300:
            try:
                json.loads(body)
            except ValueError:
                raise httpx.DecodingError(
                    f"the node answered {request.url.path} with something other than JSON", request=request
                ) from None
        headers = [(k, v) for k, v in response.headers.multi_items() if k.lower() != "content-encoding"]
        return httpx.Response(response.status_code, headers=headers, content=body, request=request)

    @staticmethod
    async def _read(request: httpx.Request, response: httpx.Response) -> bytes:
        body = bytearray()
        stream = response.stream
        assert isinstance(stream, httpx.AsyncByteStream), "an async transport answers with an async stream"
        try:
            async for chunk in stream:
                body += chunk
                if len(body) > MAX_ANSWER:
                    raise httpx.DecodingError(f"the node answered more than {MAX_ANSWER} bytes", request=request)
        finally:
            await response.aclose()
        return bytes(body)

    async def aclose(self) -> None:
        await self.inner.aclose()


@dataclass(frozen=True)
class TronNode:
    """A java-tron node's HTTP API (`wallet/*`, `walletsolidity/*`) by URL, e.g. `http://node:8090`,
    `https://api.trongrid.io` (with `api_key`, sent as TRON-PRO-API-KEY), or a served devnet's `/tron/`."""

    url: str
    api_key: str | None = None
    timeout: float = NODE_TIMEOUT
    transport: httpx.AsyncBaseTransport | None = None  # None: the network

    def client(self) -> AsyncTron:
        headers = {"Accept-Encoding": "identity"}  # the bound counts the bytes that arrive, not a zip's contents
        if self.api_key:
            headers["TRON-PRO-API-KEY"] = self.api_key
        http = httpx.AsyncClient(
            transport=BoundedTransport(self.transport or httpx.AsyncHTTPTransport(), self.timeout),
            timeout=httpx.Timeout(self.timeout, connect=min(CONNECT_TIMEOUT, self.timeout)),
            headers=headers,
        )
        provider = AsyncHTTPProvider(self.url.rstrip("/") + "/", client=http, timeout=self.timeout)
        provider.use_api_key = False  # tronpy would add its own shared TronGrid keys; ours is in the headers
        return AsyncTron(provider)
