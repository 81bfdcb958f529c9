"""A `SwapService` that is a client of any server speaking the spec.

The window drives it exactly as it drives the in-process engine. Envelope
errors come back as the same `ApiError` classes; a server that cannot be
reached, or answers something other than the envelope, is `Unavailable`.
"""

from __future__ import annotations

from typing import TypeVar

import httpx
from pydantic import TypeAdapter, ValidationError

from swapdesk.api import (
    ENDPOINTS,
    AggQuote,
    AggSwapRequest,
    Balance,
    BalancesRequest,
    ChainRequest,
    CrossListRequest,
    CrossOrderRequest,
    CrossQuote,
    CrossRoutes,
    CrossRoutesRequest,
    CrossSwapRequest,
    CrossTokenList,
    DetailsRequest,
    ErrorCode,
    Request,
    SourceInfo,
    TokenInfo,
    TokenRequest,
    TransactionRequest,
    TronQuote,
    TronSwapRequest,
    TxDetails,
    TxInfo,
    Unavailable,
)
from swapdesk.api.errors import from_envelope
from swapdesk.words import QT_TR_NOOP, Words

_BY_METHOD = {e.method: e for e in ENDPOINTS}
T = TypeVar("T")


class RemoteService:
    def __init__(self, base_url: str, timeout: float = 20.0, transport: httpx.AsyncBaseTransport | None = None) -> None:
        self.base_url = base_url.rstrip("/")
        self._client = httpx.AsyncClient(base_url=self.base_url, timeout=timeout, transport=transport)

    async def _call(self, method: str, request: Request, record: type[T]) -> T:
        """The endpoint's answer, validated as the record its method returns (`ENDPOINTS` names the same)."""
        endpoint = _BY_METHOD[method]
        try:
            response = await self._client.get(endpoint.path, params=request.to_query())
            envelope = response.json()
        except httpx.HTTPError as exc:
            unreached = Words(QT_TR_NOOP("cannot reach {url}: {why}"), url=self.base_url, why=str(exc))
            raise Unavailable(ErrorCode.SERVER_UNREACHABLE, unreached) from exc
        except ValueError as exc:
            not_json = Words(QT_TR_NOOP("{url} did not answer JSON"), url=self.base_url)
            raise Unavailable(ErrorCode.SERVER_UNREACHABLE, not_json) from exc
        if not isinstance(envelope, dict) or "result" not in envelope:
            shape = Words(QT_TR_NOOP("{url} did not answer the spec's envelope"), url=self.base_url)
            raise Unavailable(ErrorCode.SERVER_UNREACHABLE, shape)
        if envelope["result"] != 0:
            raise from_envelope(str(envelope.get("message", "")), envelope.get("data"))
        try:
            return TypeAdapter(record).validate_python(envelope.get("data"))
        except ValidationError as exc:
            raise Unavailable(
                ErrorCode.SERVER_UNREACHABLE,
                Words(QT_TR_NOOP("{url} answered a malformed {path} record"), url=self.base_url, path=endpoint.path),
            ) from exc

    async def cross_list(self, request: CrossListRequest) -> CrossTokenList:
        return await self._call("cross_list", request, CrossTokenList)

    async def cross_list_of(self, request: CrossListRequest, chains: frozenset[int]) -> CrossTokenList:
        """The spec's path takes no chains: the whole list, which holds these."""
        return await self._call("cross_list", request, CrossTokenList)

    async def cross_swap(self, request: CrossSwapRequest) -> CrossQuote:
        return await self._call("cross_swap", request, CrossQuote)

    async def cross_order(self, request: CrossOrderRequest) -> str:
        return await self._call("cross_order", request, str)

    async def cross_routes(self, request: CrossRoutesRequest) -> CrossRoutes:
        return await self._call("cross_routes", request, CrossRoutes)

    async def agg_swap(self, request: AggSwapRequest) -> AggQuote:
        return await self._call("agg_swap", request, AggQuote)

    async def tron_swap(self, request: TronSwapRequest) -> TronQuote:
        return await self._call("tron_swap", request, TronQuote)

    async def details(self, request: DetailsRequest) -> TxDetails:
        return await self._call("details", request, TxDetails)

    async def tokens(self, request: ChainRequest) -> list[TokenInfo]:
        return await self._call("tokens", request, list[TokenInfo])

    async def sources(self, request: ChainRequest) -> list[SourceInfo]:
        return await self._call("sources", request, list[SourceInfo])

    async def balances(self, request: BalancesRequest) -> list[Balance]:
        return await self._call("balances", request, list[Balance])

    async def token(self, request: TokenRequest) -> TokenInfo:
        return await self._call("token", request, TokenInfo)

    async def transaction(self, request: TransactionRequest) -> TxInfo:
        return await self._call("transaction", request, TxInfo)

    async def start(self) -> None:
        """Nothing runs here beside the client."""

    async def aclose(self) -> None:
        await self._client.aclose()
