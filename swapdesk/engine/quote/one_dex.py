"""A quote on a chain where swapdesk's router is not deployed: the best single route through a DEX's own router.

Without swapdesk's router nothing on the chain can split a trade across sources, so the quote takes the one
route that is worth the most after its gas, among the routes a DEX's own router can run: every hop through one
V2 or V3 source whose catalogue entry names its router (`UniswapV2Router02`, V3's `SwapRouter`). No swapdesk
fee is charged: there is no router to collect it. StableSwap pools are left out: a Curve pool pays only the
caller (`exchange` has no receiver), so it cannot send to another address.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from swapdesk.api import AggQuote, ErrorCode, Unprocessable
from swapdesk.api.records import QuotedRoute, RouterUsed
from swapdesk.api.requests import SwapQuoteRequest
from swapdesk.catalogs import Catalog, SourceEntry
from swapdesk.engine.quote.request_checks import minimum_met
from swapdesk.engine.quote.shown import alone, path, shown
from swapdesk.engine.routing import dex_routers
from swapdesk.engine.routing.dex_routers import CONTRACTS, DEX_ROUTER_GAS, DexSwap
from swapdesk.engine.routing.impact import price_impact, spot_output
from swapdesk.engine.routing.pool import Pool
from swapdesk.engine.routing.routes import Legs, Route
from swapdesk.engine.routing.singles import each_source, gas_cost, worth
from swapdesk.engine.routing.snapshot import Snapshot
from swapdesk.engine.routing.split import DEADLINE_SECONDS, min_out
from swapdesk.engine.routing.uniswap_v3.pool import V3Pool
from swapdesk.engine.routing.whole import Wholes
from swapdesk.words import QT_TR_NOOP, Words


@dataclass(frozen=True)
class DexRoute:
    route: Route
    out: int
    source: SourceEntry
    router: str
    gas: int
    spot_out: Fraction  # the route's output at its marginal rates (for the price impact)
    alone: dict[str, int]  # each source's route alone, as a split lists it (`singles.each_source`)...
    alone_gas: dict[str, int]  # ... and its hops' gas (0 for a source without one)


def best_dex_route(
    catalog: Catalog, found: Legs, pools: dict[str, Pool], used: int, gas_value: Fraction
) -> DexRoute | None:
    """The route a DEX's own router can run that is worth the most after its gas (`singles.worth`, the most output
    on a tie): the best of the runnable sources' own routes alone; None when none gives anything."""
    runnable = {s.name: s for s in catalog.sources if s.router is not None and s.kind in CONTRACTS}
    listed = each_source(found, Wholes(pools, used), gas_value, DEX_ROUTER_GAS)
    best: tuple[int, int, str] | None = None
    for name, single in listed.items():
        if name not in runnable or single is None:
            continue
        value = worth(single.out, DEX_ROUTER_GAS + single.gas, gas_value)
        if best is None or (value, single.out) > best[:2]:
            best = (value, single.out, name)
    if best is None:
        return None
    chosen = listed[best[2]]
    source = runnable[best[2]]
    assert source.router is not None and chosen is not None
    gas = DEX_ROUTER_GAS + chosen.gas
    alone = {name: 0 if s is None else s.out for name, s in listed.items()}
    alone_gas = {name: 0 if s is None else s.gas for name, s in listed.items()}
    spot = spot_output([(chosen.route, used)], pools)
    return DexRoute(chosen.route, chosen.out, source, source.router, gas, spot, alone, alone_gas)


def swap_of(dex: DexRoute, pools: dict[str, Pool], sold: tuple[str, str], terms: tuple[int, int, str, int]) -> DexSwap:
    """The router call for `dex`: `sold` is (token0, token1) as asked (NATIVE for the coin), `terms` (amount,
    minimum, receiver, deadline)."""
    hops = dex.route.hops
    path = (hops[0].token_in, *(hop.token_out for hop in hops))
    fees = tuple(_fee(pools[hop.pool]) for hop in hops) if dex.source.kind == "uniswap_v3" else ()
    amount, minimum, receiver, deadline = terms
    return DexSwap(dex.source.kind, *sold, amount, minimum, receiver, deadline, path, fees)


def _fee(pool: Pool) -> int:
    assert isinstance(pool, V3Pool), "a V3 source's pools are V3 pools"
    return pool.fee


def why(dex: DexRoute, chain_name: str) -> str:
    contract = CONTRACTS[dex.source.kind]
    return (
        f"swapdesk's router is not deployed on {chain_name}, so the swap goes through {dex.source.name}'s own"
        f" router ({contract}): it runs one route of one DEX, so the trade is not split across sources, and no"
        " swapdesk fee is charged"
    )


def through_dex(
    request: SwapQuoteRequest,
    catalog: Catalog,
    snap: Snapshot,
    routes: Legs,
    sold: tuple[str, str],
    receiver: str,
    trader: str,
    gas_value: Fraction,
) -> AggQuote:
    """The quote on a chain without swapdesk's router: the one route through a DEX's own router worth the most."""
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
    minimum_met(request, dex.out, snap.block)
    minimum = min_out(dex.out, request.impact)
    terms = (request.amountIn, request.amountOutMin or minimum, receiver, snap.timestamp + DEADLINE_SECONDS)
    data = dex_routers.encode(swap_of(dex, snap.pools, (token0, token1), terms), dex.router)
    return AggQuote(
        srcToken=request.token0,
        dstToken=request.token1,
        part=str(request.part),
        to=request.to,
        sender=shown(trader, chain.tron),
        amountIn=str(request.amountIn),
        usedAmountIn=str(request.amountIn),
        totalAmountOut=str(dex.out),
        totalAmountOutMin=str(minimum),
        impact=f"{price_impact(dex.out, dex.spot_out):.6f}",
        normalFee="0",
        fee="0",
        feeRate="0",
        aggregator=shown(dex.router, chain.tron),
        dexPath=[f"{dex.source.name}:100"],
        amounts=[
            alone(source, out, DEX_ROUTER_GAS + dex.alone_gas[source], gas_value) for source, out in dex.alone.items()
        ],
        data="0x" + data.hex(),
        blockNumber=snap.block,
        routes=[
            QuotedRoute(
                source=dex.source.name,
                sources=[h.source for h in dex.route.hops],
                percent=100,
                path=path(dex.route, token0, token1, chain.tron),
                gas=dex.gas - DEX_ROUTER_GAS,
            )
        ],
        estimatedGas=dex.gas,
        gasCost=str(gas_cost(dex.gas, gas_value)),
        routesLeftOut=[],
        router=RouterUsed(
            name=dex.source.name,
            contract=CONTRACTS[dex.source.kind],
            address=shown(dex.router, chain.tron),
            why=why(dex, chain.name),
        ),
    )
