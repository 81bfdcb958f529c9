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
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from swapdesk.api.envelope import failure, success
from swapdesk.api.errors import ApiError, ErrorCode, InternalError, NotFound, Unavailable
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
    CrossListRequest,
    CrossOrderRequest,
    CrossRoutesRequest,
    CrossSwapRequest,
    DetailsRequest,
    Request,
    TokenRequest,
    TransactionRequest,
    TronSwapRequest,
    parse,
)

log = logging.getLogger(__name__)

ANSWER_TIMEOUT = 60.0  # seconds a call may take, a chain's first world build included


class SwapService(Protocol):
    """The spec's endpoints and the extensions every service offers. `cross_routes` (the routes extension) is
    answered where a service has it (the engine with bridge providers, `RemoteService`), else NOT_AVAILABLE."""

    async def cross_list(self, request: CrossListRequest) -> CrossTokenList: ...
    async def cross_swap(self, request: CrossSwapRequest) -> CrossQuote: ...
    async def cross_order(self, request: CrossOrderRequest) -> str: ...
    async def agg_swap(self, request: AggSwapRequest) -> AggQuote: ...
    async def tron_swap(self, request: TronSwapRequest) -> TronQuote: ...
    async def details(self, request: DetailsRequest) -> TxDetails: ...
    async def tokens(self, request: ChainRequest) -> list[TokenInfo]: ...
    async def sources(self, request: ChainRequest) -> list[SourceInfo]: ...
    async def balances(self, request: BalancesRequest) -> list[Balance]: ...
    async def token(self, request: TokenRequest) -> TokenInfo: ...
    async def aclose(self) -> None: ...


@runtime_checkable
class TransactionService(Protocol):
    """Extension: a service that describes any transaction, a swap or not (`/ext/v1/transaction`).

    Apart from SwapService until the engine and the remote client both offer it; then one of its methods."""

    async def transaction(self, request: TransactionRequest) -> TxInfo: ...


@dataclass(frozen=True)
class Endpoint:
    path: str
    method: str  # name of the SwapService method
    request: type[Request]
    record: Any  # type of the envelope's data
    summary: str
    extension: bool = False


ENDPOINTS: tuple[Endpoint, ...] = (
    Endpoint("/v3/cross/common/list", "cross_list", CrossListRequest, CrossTokenList, "Cross-chain token list"),
    Endpoint("/v3/cross/swap", "cross_swap", CrossSwapRequest, CrossQuote, "Cross-chain swap quote"),
    Endpoint("/v3/cross/order", "cross_order", CrossOrderRequest, str, "Cross-chain order callback"),
    Endpoint("/v2/agg/swap/new", "agg_swap", AggSwapRequest, AggQuote, "Aggregation swap quote"),
    Endpoint("/v3/core/swap", "tron_swap", TronSwapRequest, TronQuote, "TRON swap quote"),
    Endpoint("/v3/core/details", "details", DetailsRequest, TxDetails, "Transaction details"),
    Endpoint("/ext/v1/tokens", "tokens", ChainRequest, list[TokenInfo], "Tokens of a chain (extension)", True),
    Endpoint(
        "/ext/v1/sources", "sources", ChainRequest, list[SourceInfo], "Liquidity sources of a chain (extension)", True
    ),
    Endpoint("/ext/v1/token", "token", TokenRequest, TokenInfo, "One token, read from the chain (extension)", True),
    Endpoint(
        "/ext/v1/balances", "balances", BalancesRequest, list[Balance], "An address's token balances (extension)", True
    ),
    Endpoint(
        "/ext/v1/cross/routes",
        "cross_routes",
        CrossRoutesRequest,
        CrossRoutes,
        "Every bridge's route for one cross-chain transfer, the most output first (extension)",
        True,
    ),
    Endpoint(
        "/ext/v1/transaction",
        "transaction",
        TransactionRequest,
        TxInfo,
        "Any transaction described: approval, transfer, swap or call (extension)",
        True,
    ),
)

BY_PATH = {e.path: e for e in ENDPOINTS}


async def dispatch(
    service: SwapService, endpoint: Endpoint, items: Iterable[tuple[str, str]]
) -> tuple[int, dict[str, Any]]:
    """(HTTP status, envelope) for one call; never raises, never waits longer than ANSWER_TIMEOUT."""
    try:
        request = parse(endpoint.request, items)
        answer = getattr(service, endpoint.method, None)
        if answer is None:  # a service that does not offer this part (yet) says so, as the engine does
            raise NotFound(ErrorCode.NOT_AVAILABLE, f"{endpoint.path} is not available from this service")
        async with asyncio.timeout(ANSWER_TIMEOUT):
            data = await answer(request)
        return 200, success(data)
    except ApiError as error:
        return error.status, failure(error)
    except TimeoutError:
        late = Unavailable(ErrorCode.CHAIN_UNAVAILABLE, f"no answer within {ANSWER_TIMEOUT:.0f} s; try again")
        return late.status, failure(late)
    except Exception:
        log.exception("unexpected error in %s", endpoint.path)
        return 500, failure(InternalError())
