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
the parameter at fault.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from functools import lru_cache

from swapdesk.address import ZERO, format_address, parse_address, to_checksum
from swapdesk.api import AggQuote, ErrorCode, InvalidParameter, SourceAmount, Unprocessable, on_parameter
from swapdesk.api.records import LeftOutRoute, QuotedRoute, RouterUsed
from swapdesk.api.requests import SwapQuoteRequest
from swapdesk.catalogs import Catalog
from swapdesk.chains import Chain
from swapdesk.engine.backends import ChainBackend
from swapdesk.engine.quote.one_dex import best_dex_route, swap_of, why
from swapdesk.engine.routing import dex_routers
from swapdesk.engine.routing.dex_routers import CONTRACTS, DEX_ROUTER_GAS
from swapdesk.engine.routing.discovery import DiscoveryCache
from swapdesk.engine.routing.impact import price_impact
from swapdesk.engine.routing.pool_reader import AmountTooLarge, PoolReader, Snapshot
from swapdesk.engine.routing.routes import Legs, Route
from swapdesk.engine.routing.singles import gas_cost
from swapdesk.engine.routing.split import (
    DEADLINE_SECONDS,
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
    route_shares,
    smallest_amount,
)
from swapdesk.icons import source_icon
from swapdesk.public_keys import PUBLIC_RECIPIENT, is_public
from swapdesk.words import QT_TR_NOOP, Term, Words

MAX_IMPACT = Decimal("0.5")  # beyond this the pools cannot reasonably absorb the amount
_ZERO = "0x" + "0" * 40
_NATIVE = to_checksum(ZERO)


@lru_cache(maxsize=4096)
def _evm(text: str, tron: bool) -> str:
    """An address as the engine works with it (EIP-55 hex): each spelling's checksum hashed once, not per quote."""
    return to_checksum(parse_address(text, tron))


@lru_cache(maxsize=4096)
def _shown(checksummed: str, tron: bool) -> str:
    """An EIP-55 address as the chain's API shows it."""
    return format_address(parse_address(checksummed, False), tron)


def _path(route: Route, token0: str, token1: str, tron: bool) -> list[str]:
    """A route's tokens from token0 (the native coin where it is sold, not the wrapped token the pools trade) to
    token1, as the chain writes addresses."""
    return [_shown(token0, tron), *(_shown(hop.token_out, tron) for hop in route.hops[:-1]), _shown(token1, tron)]


def _quoted_routes(split: Split, token0: str, token1: str, tron: bool) -> list[QuotedRoute]:
    """Each leg of the split as the route diagram draws it: its sources, its share, its tokens, its gas."""
    return [
        QuotedRoute(
            source=leg.route.source,
            sources=[hop.source for hop in leg.route.hops],
            percent=percent,
            path=_path(leg.route, token0, token1, tron),
            gas=leg.gas,
        )
        for leg, percent in route_shares(split)
    ]


def _left_out(split: Split, token0: str, token1: str, tron: bool) -> list[LeftOutRoute]:
    return [
        LeftOutRoute(
            source=out.route.source,
            sources=[hop.source for hop in out.route.hops],
            path=_path(out.route, token0, token1, tron),
            gas=out.gas,
            gasCost=str(out.cost),
        )
        for out in split.left_out
    ]


def _alone(source: str, out: int, gas: int, gas_value: Fraction) -> SourceAmount:
    """An entry of `amounts`: the output of the source's route alone (0: it has none) and its gas through the
    quote's router."""
    if not out:
        return SourceAmount(exchange=source, icon_url=source_icon(source), amountOut="0")
    cost = str(gas_cost(gas, gas_value))
    return SourceAmount(exchange=source, icon_url=source_icon(source), amountOut=str(out), gas=gas, gasCost=cost)


def _minimum_met(request: SwapQuoteRequest, out: int, block: int) -> None:
    """MINIMUM_NOT_MET when the route gives less than the `amountOutMin` asked."""
    if request.amountOutMin > out:
        raise _refused(
            ErrorCode.MINIMUM_NOT_MET,
            "amountOutMin",
            Words(
                QT_TR_NOOP(
                    "asks for at least {minimum}, but the route gives {out} now (block {block});"
                    " quote again and confirm the new minimum"
                ),
                minimum=request.amountOutMin,
                out=out,
                block=block,
            ),
        )


def _refused(code: ErrorCode, parameter: str, rule: Words) -> Unprocessable:
    return Unprocessable(code, on_parameter(parameter, rule), parameter)


def _check_recipient(receiver: str, swapped: set[str], catalog: Catalog, pools: frozenset[str], devnet: bool) -> None:
    """`to` must be an address that can use what it receives; these certainly cannot. `devnet`: the chain is
    the devnet, where the public test accounts are the demo accounts."""
    key = receiver.lower()
    if key == _ZERO:
        reason = QT_TR_NOOP("is the zero address: what is sent there is lost")
    elif not devnet and is_public(bytes.fromhex(key[2:])):
        reason = PUBLIC_RECIPIENT
    elif catalog.router is not None and key == catalog.router.lower():
        reason = QT_TR_NOOP("is the aggregation router: it keeps nothing for anyone")
    elif key in {t.lower() for t in swapped}:
        reason = QT_TR_NOOP("is a token being swapped: tokens sent to its contract are lost")
    elif key in pools:
        reason = QT_TR_NOOP("is a liquidity pool: the next trade would take what is sent there")
    else:
        return
    lost = Words(QT_TR_NOOP("{reason}; give the address that should receive the tokens"), reason=Term(reason))
    raise _refused(ErrorCode.INVALID_RECIPIENT, "to", lost)


def _check_sender(issuer: str, catalog: Catalog) -> None:
    """`issuer` signs the swap and its holdings set the fee: it must be able to send a transaction at all."""
    key = issuer.lower()
    if key == _ZERO:
        reason = QT_TR_NOOP("is the zero address: no one can send from it")
    elif catalog.router is not None and key == catalog.router.lower():
        reason = QT_TR_NOOP("is the aggregation router: it never calls itself")
    else:
        return
    cannot = Words(QT_TR_NOOP("{reason}; give the address that sends the swap"), reason=Term(reason))
    raise _refused(ErrorCode.INVALID_SENDER, "issuer", cannot)


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
        token0 = _evm(request.token0, chain.tron)
        token1 = _evm(request.token1, chain.tron)
        route_in = catalog.wrapped if token0 == _NATIVE else token0
        route_out = catalog.wrapped if token1 == _NATIVE else token1
        if route_in == route_out:
            one = Words(QT_TR_NOOP("the native coin and its wrapped token are one asset"))
            raise InvalidParameter("token1", ErrorCode.SAME_TOKEN, one)
        receiver = _evm(request.to, chain.tron)
        devnet = self.backend.is_devnet(chain)
        _check_recipient(receiver, {route_in, route_out}, catalog, await reader.known_pools(), devnet)
        if request.issuer is not None:
            _check_sender(_evm(request.issuer, chain.tron), catalog)
        trader = _evm(request.issuer or request.to, chain.tron)
        erc20s = [t for t in (token0, token1) if t != _NATIVE]
        try:
            snap = await reader.snapshot(trader, request.channel, request.amountIn, erc20s)
        except AmountTooLarge as exc:  # valid by the schema, beyond this chain's router: 422
            raise _refused(
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
            actual = chain.native_decimals if token == _NATIVE else snap.decimals[token]
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
            return self._through_dex(request, catalog, snap, routes, (token0, token1), receiver, trader, gas_value)
        split = self._split(request, connectors, snap, routes, (route_in, route_out), used, gas_value)
        _minimum_met(request, split.total_out, snap.block)
        minimum = min_out(split.total_out, request.impact)
        enforced = request.amountOutMin or minimum
        data = call_data(split, token0, token1, request.amountIn, enforced, receiver, request.channel, snap)
        return AggQuote(
            srcToken=request.token0,
            dstToken=request.token1,
            part=str(request.part),
            to=request.to,
            sender=_shown(trader, chain.tron),
            amountIn=str(request.amountIn),
            usedAmountIn=str(used),
            totalAmountOut=str(split.total_out),
            totalAmountOutMin=str(minimum),
            impact=f"{split.impact():.6f}",
            normalFee=str(snap.normal_fee),
            fee=str(snap.fee),
            feeRate=str(snap.fee_rate),
            aggregator=_shown(catalog.router, chain.tron),
            dexPath=dex_path(split),
            amounts=[
                _alone(source, out, ROUTER_GAS + split.alone_gas[source], gas_value)
                for source, out in split.alone.items()
            ],
            data="0x" + data.hex(),
            blockNumber=snap.block,
            routes=_quoted_routes(split, token0, token1, chain.tron),
            estimatedGas=split.gas,
            gasCost=str(split.gas_cost),
            routesLeftOut=_left_out(split, token0, token1, chain.tron),
        )

    @staticmethod
    def _through_dex(
        request: SwapQuoteRequest,
        catalog: Catalog,
        snap: Snapshot,
        routes: Legs,
        sold: tuple[str, str],
        receiver: str,
        trader: str,
        gas_value: Fraction,
    ) -> AggQuote:
        """The quote on a chain without swapdesk's router: one route through a DEX's own (`one_dex.py`)."""
        chain, (token0, token1) = request.chain, sold
        dex = best_dex_route(catalog, routes, snap.pools, request.amountIn, gas_value)
        if dex is None:
            raise Unprocessable(
                ErrorCode.NO_ROUTE,
                Words(
                    QT_TR_NOOP(
                        "swapdesk's router is not deployed on {chain}, and no DEX whose own router the catalogue"
                        " names has a route between token0 and token1 that gives anything"
                    ),
                    chain=chain.flag,
                ),
            )
        _minimum_met(request, dex.out, snap.block)
        minimum = min_out(dex.out, request.impact)
        terms = (request.amountIn, request.amountOutMin or minimum, receiver, snap.timestamp + DEADLINE_SECONDS)
        data = dex_routers.encode(swap_of(dex, snap.pools, (token0, token1), terms), dex.router)
        shown = _path(dex.route, token0, token1, chain.tron)
        return AggQuote(
            srcToken=request.token0,
            dstToken=request.token1,
            part=str(request.part),
            to=request.to,
            sender=_shown(trader, chain.tron),
            amountIn=str(request.amountIn),
            usedAmountIn=str(request.amountIn),
            totalAmountOut=str(dex.out),
            totalAmountOutMin=str(minimum),
            impact=f"{price_impact(dex.out, dex.spot_out):.6f}",
            normalFee="0",
            fee="0",
            feeRate="0",
            aggregator=_shown(dex.router, chain.tron),
            dexPath=[f"{dex.source.name}:100"],
            amounts=[
                _alone(source, out, DEX_ROUTER_GAS + dex.alone_gas[source], gas_value)
                for source, out in dex.alone.items()
            ],
            data="0x" + data.hex(),
            blockNumber=snap.block,
            routes=[
                QuotedRoute(
                    source=dex.source.name,
                    sources=[h.source for h in dex.route.hops],
                    percent=100,
                    path=shown,
                    gas=dex.gas - DEX_ROUTER_GAS,
                )
            ],
            estimatedGas=dex.gas,
            gasCost=str(gas_cost(dex.gas, gas_value)),
            routesLeftOut=[],
            router=RouterUsed(
                name=dex.source.name,
                contract=CONTRACTS[dex.source.kind],
                address=_shown(dex.router, chain.tron),
                why=why(dex, chain.name),
            ),
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
                raise _refused(ErrorCode.INSUFFICIENT_LIQUIDITY, "amountIn", unpaid) from None
            raise _refused(
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
            raise _refused(ErrorCode.INSUFFICIENT_LIQUIDITY, "amountIn", more) from None
        impact = split.impact()
        # refused only when the trade also gets less than half of what one slice would at the market's rate: a
        # pool left far off the market with next to no liquidity has a marginal rate no trade can get
        if impact > MAX_IMPACT and split.total_out < split.used * split.slice_rate * Fraction(1 - MAX_IMPACT):
            raise _refused(
                ErrorCode.INSUFFICIENT_LIQUIDITY,
                "amountIn",
                Words(QT_TR_NOOP("more than the pools can absorb (price impact {impact})"), impact=f"{impact:.1%}"),
            )
        return split
