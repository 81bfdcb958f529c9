"""`GET /ext/v1/cross/routes` (extension): one transfer, answered by every bridge that can carry it, as
LI.FI's routes do over its bridges.

Each route carries what its bridge pays (`amountOut`, exactly the spec's quote), the fees by kind in the
token each is charged in (the bridge's fee and the relayer's, already taken from amountOut; the source
call's gas, paid on top in the source chain's native coin: measured with `eth_estimateGas` from `issuer`
when the node can, else the bridge's bound, at the chain's gas price), an ETA and what it rests on
(`bridges.eta`: the devnet's timing, the provider's estimate, or measured transfers), the amounts the
bridge accepts, and the spec's quote record (router and call data). Routes come the most output first
(then the soonest; a route without an estimate last); a bridge that cannot carry the transfer is listed
under `unavailable` with the code and message `/v3/cross/swap` would answer. `include` and `exclude`
choose the bridges asked.
"""

from __future__ import annotations

import asyncio
import math
from decimal import Decimal

from swapdesk.address import ZERO, format_address
from swapdesk.api import ApiError, CrossRoute, CrossRoutes, CrossRoutesRequest
from swapdesk.api.records import RouteFee, RouteLimits, RouteRefusal
from swapdesk.engine.bridges.client import BridgeClient
from swapdesk.engine.bridges.eta import Observed, estimate
from swapdesk.engine.bridges.model import Ask, Quote
from swapdesk.engine.bridges.onchain import ChainReader
from swapdesk.engine.cross.quote_record import quote_record
from swapdesk.engine.cross.request_checks import check_parties


async def cross_routes(
    clients: dict[str, BridgeClient], chains: ChainReader, request: CrossRoutesRequest, observed: Observed
) -> CrossRoutes:
    chosen = [
        name
        for name in clients
        if (request.include is None or name in request.include) and name not in (request.exclude or ())
    ]
    ask = Ask.of(request)
    check_parties(ask, ask.token1, chains.backend.is_devnet(ask.dst))
    answers = await asyncio.gather(
        *(_route(clients[name], chains, ask, observed) for name in chosen), return_exceptions=True
    )
    found: list[tuple[CrossRoute, Decimal]] = []
    unavailable = []
    for name, answer in zip(chosen, answers, strict=True):
        if isinstance(answer, ApiError):
            unavailable.append(RouteRefusal(bridge=name, code=answer.code.value, message=answer.message))
        elif isinstance(answer, BaseException):
            raise answer
        else:
            found.append(answer)
    found.sort(key=lambda pair: (-pair[1], pair[0].etaSeconds or math.inf))
    return CrossRoutes(routes=[route for route, _ in found], unavailable=unavailable)


async def _route(client: BridgeClient, chains: ChainReader, ask: Ask, observed: Observed) -> tuple[CrossRoute, Decimal]:
    """A bridge's route, and its output in whole tokens (to compare routes whatever their decimals)."""
    quote = await client.checked_quote(ask)
    check_parties(ask, quote.dst.address, chains.backend.is_devnet(ask.dst))
    gas, price, eta = await asyncio.gather(
        _gas(quote, chains, ask), chains.gas_price(ask.src), estimate(quote, chains, observed)
    )
    src = ask.src
    fees = [
        RouteFee(
            kind=fee.kind,
            chainId=fee.token.chain.id,
            token=fee.token.shown,
            symbol=fee.token.symbol,
            decimals=fee.token.decimals,
            amount=str(fee.amount),
            included=True,
        )
        for fee in quote.fees
    ]
    fees.append(
        RouteFee(
            kind="gas",
            chainId=src.id,
            token=format_address(ZERO, src.tron),
            symbol=src.native_symbol,
            decimals=src.native_decimals,
            amount=str(gas * price),
            included=False,
        )
    )
    limits = quote.limits
    route = CrossRoute(
        bridge=quote.bridge,
        amountIn=str(quote.amount_in),
        amountOut=str(quote.amount_out),
        fees=fees,
        etaSeconds=eta.seconds,
        etaBasis=eta.basis,
        limits=RouteLimits(
            minAmountIn=str(limits.low),
            maxAmountIn=str(limits.high),
            slowAbove=str(limits.slow) if limits.slow is not None else None,
        ),
        quote=quote_record(quote, ask.to),
    )
    return route, Decimal(quote.amount_out).scaleb(-quote.dst.decimals)


async def _gas(quote: Quote, chains: ChainReader, ask: Ask) -> int:
    """The source call's gas: measured from the issuer when the node can tell, else the bridge's bound."""
    if ask.issuer is not None and quote.data is not None:
        measured = await chains.estimate_gas(ask.src, ask.issuer, quote.router, quote.data, quote.value)
        if measured is not None:
            return measured
    return quote.gas
