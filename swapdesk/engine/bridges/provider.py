"""One bridge provider's HTTP API, asked with a bounded time and a bounded answer.

Every call has at most its endpoint's `timeout` seconds in all, reads at most `MAX_ANSWER` bytes, and decodes
JSON nested at most `MAX_DEPTH` deep with finite numbers only (measured before `json.loads` recurses: 100,000
nested arrays used to be a RecursionError, a 500); a provider that cannot be reached, is too slow, answers too
much or answers something other than such JSON is SERVER_UNREACHABLE (503) naming the bridge and the cause,
never a 500. What the JSON says is each client's to read (a wrong shape or an error code is the client's
`unreachable(...)` or `malformed(...)`, in words), and a quote is checked as a whole (`quote_checks`).
"""

from __future__ import annotations

import asyncio
import json
import math
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import httpx

from swapdesk.api import ErrorCode, Unavailable
from swapdesk.chain.jsonrpc import nests_deeper
from swapdesk.engine.bridges.endpoints import ProviderEndpoint
from swapdesk.engine.bridges.model import Broken
from swapdesk.words import QT_TR_NOOP, Words

MAX_ANSWER = 8 * 1024 * 1024  # bytes: the largest answer (a token list) is a few hundred KiB
MAX_DEPTH = 32  # JSON nesting: the deepest answer (cBridge's configs) needs six


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
        status = response.status_code
        if nests_deeper(body, MAX_DEPTH):
            deep = Words(
                QT_TR_NOOP("answered {path} with HTTP {status} and JSON nested deeper than {depth} levels"),
                path=path,
                status=status,
                depth=MAX_DEPTH,
            )
            raise self.unreachable(deep)
        try:
            return Answer(status, json.loads(body, parse_float=_finite, parse_constant=_not_json))
        except ValueError:  # not JSON, not UTF-8, NaN or Infinity, 1e999, an integer of more than 4300 digits
            not_json = Words(
                QT_TR_NOOP("answered {path} with HTTP {status} and something other than JSON"), path=path, status=status
            )
            raise self.unreachable(not_json) from None

    def unreachable(self, why: Words) -> Unavailable:
        """`why` says what the provider did (its own words, if any, a word in it)."""
        return Unavailable(
            ErrorCode.SERVER_UNREACHABLE, Words(QT_TR_NOOP("the {bridge} provider {why}"), bridge=self.bridge, why=why)
        )

    def malformed(self, said: Words, error: BaseException) -> Unavailable:
        """`said` what the provider did ("answered a malformed quote"); a rule its answer broke (`Broken`) is
        said after it: the field, what it said, the rule."""
        if isinstance(error, Broken):
            said = Words(QT_TR_NOOP("{said}: {why}"), said=said, why=error.words)
        return self.unreachable(said)

    async def aclose(self) -> None:
        await self._client.aclose()


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # 1e999: no amount, rate or time of a provider's is that
        raise ValueError(text)
    return value


def _not_json(constant: str) -> Any:
    raise ValueError(constant)  # NaN, Infinity: not JSON


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
