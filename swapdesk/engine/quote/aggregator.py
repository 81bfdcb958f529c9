"""`GET /v2/agg/swap/new`: the same-chain aggregated quote, end to end.

Fee: the router's rate for the channel (see `devnet.world.FEE_RATE_BPS`;
default 20 bps), discounted by the tier the trader's discount-token holdings
reach; the trader is `issuer`, or `to` when no issuer is given. `impact` in
the response is the trade's price impact as defined in `routing/impact.py`.
The call data enforces the request's `amountOutMin` when it is above 0 (the
client's second query), else the response's `totalAmountOutMin`.

A quote is only answered when its call data can execute at the quoted block:
`to` must be able to receive, `issuer` able to send, the router must hold
the amount in its arithmetic, something must reach the receiver, and the
route must give at least `amountOutMin`. Anything else is an error naming
the parameter at fault (`request_checks`). On a chain without swapdesk's
router the quote is the one route a DEX's own router runs (`one_dex`).
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from swapdesk.api import AggQuote, ErrorCode, InvalidParameter, Unprocessable
from swapdesk.api.requests import SwapQuoteRequest
from swapdesk.chains import Chain
from swapdesk.engine.backends import ChainBackend
from swapdesk.engine.quote.one_dex import through_dex
from swapdesk.engine.quote.request_checks import check_recipient, check_sender, minimum_met, refused
from swapdesk.engine.quote.shown import NATIVE, alone, evm, left_out, quoted_routes, shown
from swapdesk.engine.routing.discovery import DiscoveryCache
from swapdesk.engine.routing.pool_reader import PoolReader
from swapdesk.engine.routing.routes import Legs
from swapdesk.engine.routing.snapshot import AmountTooLarge, Snapshot
from swapdesk.engine.routing.split import (
    ROUTER_GAS,
    NoLiquidity,
    NoOutput,
    NoRoute,
    Split,
    best_rate,
    best_split,
    call_data,
    dex_path,
    min_out,
    smallest_amount,
)
from swapdesk.words import QT_TR_NOOP, Words

MAX_IMPACT = Decimal("0.5")  # beyond this the pools cannot reasonably absorb the amount


class Aggregator:
    def __init__(self, backend: ChainBackend, found: DiscoveryCache | None = None) -> None:
        """`found`: where the pools found on each chain are kept between runs."""
        self.backend = backend
        self.found = found
        self._readers: dict[int, PoolReader] = {}

    async def reader(self, chain: Chain) -> PoolReader:
        if chain.id not in self._readers:
            reader = PoolReader(await self.backend.web3(chain), await self.backend.catalog(chain), self.found)
            return self._readers.setdefault(chain.id, reader)  # a concurrent first call may have set one
        return self._readers[chain.id]

    async def aclose(self) -> None:
        for reader in self._readers.values():
            await reader.aclose()

    async def quote(self, request: SwapQuoteRequest) -> AggQuote:
        chain = request.chain
        reader = await self.reader(chain)
        catalog = reader.catalog
        token0 = evm(request.token0, chain.tron)
        token1 = evm(request.token1, chain.tron)
        route_in = catalog.wrapped if token0 == NATIVE else token0
        route_out = catalog.wrapped if token1 == NATIVE else token1
        if route_in == route_out:
            one = Words(QT_TR_NOOP("the native coin and its wrapped token are one asset"))
            raise InvalidParameter("token1", ErrorCode.SAME_TOKEN, one)
        receiver = evm(request.to, chain.tron)
        devnet = self.backend.is_devnet(chain)
        check_recipient(receiver, {route_in, route_out}, catalog, await reader.known_pools(), devnet)
        if request.issuer is not None:
            check_sender(evm(request.issuer, chain.tron), catalog)
        trader = evm(request.issuer or request.to, chain.tron)
        erc20s = [t for t in (token0, token1) if t != NATIVE]
        try:
            snap = await reader.snapshot(trader, request.channel, request.amountIn, erc20s)
        except AmountTooLarge as exc:  # valid by the schema, beyond this chain's router: 422
            raise refused(
                ErrorCode.OUTSIDE_LIMITS,
                "amountIn",
                Words(
                    QT_TR_NOOP(
                        "must be at most {limit} with channel {channel} on {chain}: "
                        "the router multiplies the amount by its fee rate in 256 bits"
                    ),
                    limit=exc.limit,
                    channel=request.channel,
                    chain=chain.flag,
                ),
            ) from None

        for name, token, given in (("decimal0", token0, request.decimal0), ("decimal1", token1, request.decimal1)):
            actual = chain.native_decimals if token == NATIVE else snap.decimals[token]
            param = "token0" if name == "decimal0" else "token1"
            if actual is None:
                none = Words(QT_TR_NOOP("no ERC-20 token at that address on {chain}"), chain=chain.flag)
                raise InvalidParameter(param, ErrorCode.UNKNOWN_TOKEN, none)
            if actual != given:
                other = Words(
                    QT_TR_NOOP("the token has {actual} decimals on {chain}, not {given}"),
                    actual=actual,
                    chain=chain.flag,
                    given=given,
                )
                raise InvalidParameter(name, ErrorCode.DECIMALS_MISMATCH, other)

        used = request.amountIn - snap.fee
        routes = await reader.routes(route_in, route_out)  # a pool not read at this block makes no route there
        connectors = [t.address for t in catalog.tokens]
        gas_value = Fraction(snap.base_fee)  # a unit of gas in the native coin's smallest units, at the block
        if gas_value and route_out != catalog.wrapped:  # ... and in token1's, at the pools' marginal rate
            gas_value *= best_rate(await reader.routes(catalog.wrapped, route_out), snap.pools)
        if catalog.router is None:
            return through_dex(request, catalog, snap, routes, (token0, token1), receiver, trader, gas_value)
        split = self._split(request, connectors, snap, routes, (route_in, route_out), used, gas_value)
        minimum_met(request, split.total_out, snap.block)
        minimum = min_out(split.total_out, request.impact)
        enforced = request.amountOutMin or minimum
        data = call_data(split, token0, token1, request.amountIn, enforced, receiver, request.channel, snap)
        return AggQuote(
            srcToken=request.token0,
            dstToken=request.token1,
            part=str(request.part),
            to=request.to,
            sender=shown(trader, chain.tron),
            amountIn=str(request.amountIn),
            usedAmountIn=str(used),
            totalAmountOut=str(split.total_out),
            totalAmountOutMin=str(minimum),
            impact=f"{split.impact():.6f}",
            normalFee=str(snap.normal_fee),
            fee=str(snap.fee),
            feeRate=str(snap.fee_rate),
            aggregator=shown(catalog.router, chain.tron),
            dexPath=dex_path(split),
            amounts=[
                alone(source, out, ROUTER_GAS + split.alone_gas[source], gas_value)
                for source, out in split.alone.items()
            ],
            data="0x" + data.hex(),
            blockNumber=snap.block,
            routes=quoted_routes(split, token0, token1, chain.tron),
            estimatedGas=split.gas,
            gasCost=str(split.gas_cost),
            routesLeftOut=left_out(split, token0, token1, chain.tron),
        )

    @staticmethod
    def _split(
        request: SwapQuoteRequest,
        connectors: list[str],
        snap: Snapshot,
        routes: Legs,
        pair: tuple[str, str],
        used: int,
        gas_value: Fraction,
    ) -> Split:
        """The best split, or the error that says why there is none worth answering."""
        chain, (route_in, route_out) = request.chain, pair
        try:
            split = best_split(snap.pools, route_in, route_out, used, request.part, connectors, routes, gas_value)
        except NoRoute:
            no_path = Words(QT_TR_NOOP("no pool path between token0 and token1 on {chain}"), chain=chain.flag)
            raise Unprocessable(ErrorCode.NO_ROUTE, no_path) from None
        except NoOutput:
            terms = snap.terms
            smallest = smallest_amount(
                snap.pools,
                routes,
                lambda amount: amount - terms.fee(amount),
                request.amountIn,
                terms.limit,
            )
            if smallest is None:
                unpaid = Words(QT_TR_NOOP("no pool between token0 and token1 can pay for it"))
                raise refused(ErrorCode.INSUFFICIENT_LIQUIDITY, "amountIn", unpaid) from None
            raise refused(
                ErrorCode.AMOUNT_TOO_SMALL,
                "amountIn",
                Words(
                    QT_TR_NOOP(
                        "too small: after the fee, {used} reaches the pools and every route rounds it to nothing; "
                        "the smallest amount that gives any output is {smallest}"
                    ),
                    used=used,
                    smallest=smallest,
                ),
            ) from None
        except NoLiquidity:
            more = Words(QT_TR_NOOP("more than the pools between token0 and token1 can pay"))
            raise refused(ErrorCode.INSUFFICIENT_LIQUIDITY, "amountIn", more) from None
        impact = split.impact()
        # refused only when the trade also gets less than half of what one slice would at the market's rate: a
        # pool left far off the market with next to no liquidity has a marginal rate no trade can get
        if impact > MAX_IMPACT and split.total_out < split.used * split.slice_rate * Fraction(1 - MAX_IMPACT):
            raise refused(
                ErrorCode.INSUFFICIENT_LIQUIDITY,
                "amountIn",
                Words(QT_TR_NOOP("more than the pools can absorb (price impact {impact})"), impact=f"{impact:.1%}"),
            )
        return split
