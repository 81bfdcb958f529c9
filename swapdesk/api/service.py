"""The engine's one interface, and the table of paths that exposes it.

`SwapService` is implemented by the in-process engine and by the HTTP client
of a remote server (`swapdesk.remote`), so the window and the tests work the
same against either. `ENDPOINTS` maps each path to its request type, the
service method and the record it returns; `dispatch` turns a raw query into
an envelope, errors included, for any service.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from swapdesk.api.cross_requests import CrossListRequest, CrossOrderRequest, CrossRoutesRequest, CrossSwapRequest
from swapdesk.api.envelope import failure, success
from swapdesk.api.errors import ApiError, ErrorCode, InternalError, Unavailable
from swapdesk.api.records import (
    AggQuote,
    Balance,
    CrossQuote,
    CrossRoutes,
    CrossTokenList,
    SourceInfo,
    TokenInfo,
    TronQuote,
    TxDetails,
    TxInfo,
)
from swapdesk.api.requests import (
    AggSwapRequest,
    BalancesRequest,
    ChainRequest,
    DetailsRequest,
    Request,
    TokenRequest,
    TransactionRequest,
    TronSwapRequest,
    parse,
)
from swapdesk.words import QT_TR_NOOP, Words

log = logging.getLogger(__name__)

ANSWER_TIMEOUT = 60.0  # seconds a call may take, a chain's first world build included


class SwapService(Protocol):
    """The wire contract: the spec's endpoints, the extensions, and the service's life; nothing of the engine's
    insides. The in-process engine and `RemoteService` both implement all of it; a part a service cannot answer
    raises NotFound(NOT_AVAILABLE), as a server says it over HTTP. What only an engine in this process has (its
    chains, its notices, cBridge's refunds, TRON's node) is `engine.in_process.InProcess`, handed out by
    `compose` beside the service."""

    async def cross_list(self, request: CrossListRequest) -> CrossTokenList: ...
    async def cross_list_of(self, request: CrossListRequest, chains: frozenset[int]) -> CrossTokenList:
        """The cross-chain list for these chain ids (by id) at least: the window's first look, before the whole
        list. Not a path of its own: a server, asked by the spec's path, answers the whole list."""
        ...

    async def cross_swap(self, request: CrossSwapRequest) -> CrossQuote: ...
    async def cross_order(self, request: CrossOrderRequest) -> str: ...
    async def cross_routes(self, request: CrossRoutesRequest) -> CrossRoutes: ...
    async def agg_swap(self, request: AggSwapRequest) -> AggQuote: ...
    async def tron_swap(self, request: TronSwapRequest) -> TronQuote: ...
    async def details(self, request: DetailsRequest) -> TxDetails: ...
    async def transaction(self, request: TransactionRequest) -> TxInfo: ...
    async def tokens(self, request: ChainRequest) -> list[TokenInfo]: ...
    async def sources(self, request: ChainRequest) -> list[SourceInfo]: ...
    async def balances(self, request: BalancesRequest) -> list[Balance]: ...
    async def token(self, request: TokenRequest) -> TokenInfo: ...

    async def start(self) -> None:
        """Start what runs beside the service once it is in use (the embedded world's bridge operators)."""
        ...

    async def aclose(self) -> None:
        """Stop everything the service started: no task, thread or lock outlives it."""
        ...


Answer = Callable[[SwapService, Any], Awaitable[Any]]


@dataclass(frozen=True)
class Endpoint:
    path: str
    method: str  # the SwapService method's name, as the API's documents call the operation
    request: type[Request]
    record: Any  # type of the envelope's data
    summary: str
    extension: bool = False
    answer: Answer = field(kw_only=True)  # that method called on a service: typed, never looked up by its name


ENDPOINTS: tuple[Endpoint, ...] = (
    Endpoint("/v3/cross/common/list", "cross_list", CrossListRequest, CrossTokenList, "Cross-chain token list",
             answer=lambda service, request: service.cross_list(request)),
    Endpoint("/v3/cross/swap", "cross_swap", CrossSwapRequest, CrossQuote, "Cross-chain swap quote",
             answer=lambda service, request: service.cross_swap(request)),
    Endpoint("/v3/cross/order", "cross_order", CrossOrderRequest, str, "Cross-chain order callback",
             answer=lambda service, request: service.cross_order(request)),
    Endpoint("/v2/agg/swap/new", "agg_swap", AggSwapRequest, AggQuote, "Aggregation swap quote",
             answer=lambda service, request: service.agg_swap(request)),
    Endpoint("/v3/core/swap", "tron_swap", TronSwapRequest, TronQuote, "TRON swap quote",
             answer=lambda service, request: service.tron_swap(request)),
    Endpoint("/v3/core/details", "details", DetailsRequest, TxDetails, "Transaction details",
             answer=lambda service, request: service.details(request)),
    Endpoint("/ext/v1/tokens", "tokens", ChainRequest, list[TokenInfo], "Tokens of a chain (extension)", True,
             answer=lambda service, request: service.tokens(request)),
    Endpoint("/ext/v1/sources", "sources", ChainRequest, list[SourceInfo], "Liquidity sources of a chain (extension)",
             True, answer=lambda service, request: service.sources(request)),
    Endpoint("/ext/v1/token", "token", TokenRequest, TokenInfo, "One token, read from the chain (extension)", True,
             answer=lambda service, request: service.token(request)),
    Endpoint("/ext/v1/balances", "balances", BalancesRequest, list[Balance], "An address's token balances (extension)",
             True, answer=lambda service, request: service.balances(request)),
    Endpoint("/ext/v1/cross/routes", "cross_routes", CrossRoutesRequest, CrossRoutes,
             "Every bridge's route for one cross-chain transfer, the most output first (extension)", True,
             answer=lambda service, request: service.cross_routes(request)),
    Endpoint("/ext/v1/transaction", "transaction", TransactionRequest, TxInfo,
             "Any transaction described: approval, transfer, swap or call (extension)", True,
             answer=lambda service, request: service.transaction(request)),
)  # fmt: skip

BY_PATH = {e.path: e for e in ENDPOINTS}


async def dispatch(
    service: SwapService, endpoint: Endpoint, items: Iterable[tuple[str, str]]
) -> tuple[int, dict[str, Any]]:
    """(HTTP status, envelope) for one call; never raises, never waits longer than ANSWER_TIMEOUT."""
    try:
        request = parse(endpoint.request, items)
        async with asyncio.timeout(ANSWER_TIMEOUT):
            data = await endpoint.answer(service, request)
        return 200, success(data)
    except ApiError as error:
        return error.status, failure(error)
    except TimeoutError:
        late = Unavailable(
            ErrorCode.CHAIN_UNAVAILABLE,
            Words(QT_TR_NOOP("no answer within {seconds} s; try again"), seconds=f"{ANSWER_TIMEOUT:.0f}"),
        )
        return late.status, failure(late)
    except Exception:
        log.exception("unexpected error in %s", endpoint.path)
        return 500, failure(InternalError())
