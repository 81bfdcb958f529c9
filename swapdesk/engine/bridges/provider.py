"""One bridge provider's HTTP API, asked with a bounded time and a bounded answer.

Every call has at most its endpoint's `timeout` seconds in all and reads at most `MAX_ANSWER` bytes; a
provider that cannot be reached, is too slow, answers too much or answers something other than JSON is
SERVER_UNREACHABLE (503) naming the bridge and the cause, never a 500. What the JSON says is each client's
to read (a wrong shape or an error code is the client's `unreachable(...)`, in words).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import httpx

from swapdesk.api import ErrorCode, Unavailable
from swapdesk.engine.bridges.endpoints import ProviderEndpoint
from swapdesk.words import QT_TR_NOOP, Words

MAX_ANSWER = 8 * 1024 * 1024  # bytes: the largest answer (a token list) is a few hundred KiB


@dataclass(frozen=True)
class Answer:
    status: int
    body: Any  # the decoded JSON


class TooLarge(Exception):
    pass


class ProviderApi:
    def __init__(self, bridge: str, endpoint: ProviderEndpoint) -> None:
        self.bridge = bridge
        self.timeout = endpoint.timeout
        self._client = httpx.AsyncClient(
            base_url=endpoint.base_url.rstrip("/"), transport=endpoint.transport, timeout=endpoint.timeout
        )

    async def get(self, path: str, params: dict[str, str] | None = None) -> Answer:
        return await self._ask(self._client.build_request("GET", path, params=params))

    async def post(self, path: str, body: dict[str, Any]) -> Answer:
        return await self._ask(self._client.build_request("POST", path, json=body))

    async def _ask(self, request: httpx.Request) -> Answer:
        path = request.url.path
        try:
            async with asyncio.timeout(self.timeout):
                response = await self._client.send(request, stream=True)
                try:
                    body = await _bounded(response)
                finally:
                    await response.aclose()
        except (TimeoutError, httpx.TimeoutException):
            late = Words(
                QT_TR_NOOP("cannot be reached: no answer to {path} within {seconds} s"),
                path=path,
                seconds=f"{self.timeout:g}",
            )
            raise self.unreachable(late) from None
        except TooLarge:
            large = Words(QT_TR_NOOP("answered {path} with more than {size} bytes"), path=path, size=MAX_ANSWER)
            raise self.unreachable(large) from None
        except (httpx.HTTPError, OSError) as exc:
            why = str(exc)  # `exc or ...` was always exc: an exception is true
            raise self.unreachable(Words(QT_TR_NOOP("cannot be reached: {why}"), why=why)) from exc
        try:
            return Answer(response.status_code, json.loads(body))
        except ValueError:
            status = response.status_code
            not_json = Words(
                QT_TR_NOOP("answered {path} with HTTP {status} and something other than JSON"), path=path, status=status
            )
            raise self.unreachable(not_json) from None

    def unreachable(self, why: Words) -> Unavailable:
        """`why` says what the provider did (its own words, if any, a word in it)."""
        return Unavailable(
            ErrorCode.SERVER_UNREACHABLE, Words(QT_TR_NOOP("the {bridge} provider {why}"), bridge=self.bridge, why=why)
        )

    async def aclose(self) -> None:
        await self._client.aclose()


async def _bounded(response: httpx.Response) -> bytes:
    body = bytearray()
    async for chunk in response.aiter_bytes():
        body += chunk
        if len(body) > MAX_ANSWER:
            raise TooLarge
    return bytes(body)


K = TypeVar("K")
T = TypeVar("T")
CONFIG_TTL = 300.0  # seconds a provider's token list or configuration is kept


class Kept(Generic[K, T]):
    """A provider's slowly changing answers (token lists, configurations) by key, each fetched once per
    `ttl` seconds; concurrent askers of one key wait for the same fetch."""

    def __init__(self, fetch: Callable[[K], Awaitable[T]], ttl: float = CONFIG_TTL) -> None:
        self._fetch = fetch
        self._ttl = ttl
        self._kept: dict[K, tuple[T, float]] = {}
        self._locks: dict[K, asyncio.Lock] = {}

    async def get(self, key: K) -> T:
        async with self._locks.setdefault(key, asyncio.Lock()):
            kept = self._kept.get(key)
            if kept is None or time.monotonic() - kept[1] > self._ttl:
                kept = self._kept[key] = (await self._fetch(key), time.monotonic())
            return kept[0]
