"""A quote is never below a single route for the whole amount: not below any route its `amounts` list, nor the
fallback's route (`engine/quote/one_dex.py`, the best route a DEX's own router runs) for the same amount reaching the
pools, nor, with gas free, any one- or two-hop route at all (its hops from any sources). Over random pool states:
V2 pairs of three sources and V3 pools, near one price so that routes compete, among four tokens.

With gas priced, the comparison is in the unit the engine chooses by: what a swap gives after its gas
(`singles.worth`: its estimated gas, the router's own and its hops', at the gas's price in the token bought).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from swapdesk.catalogs import Catalog, SourceEntry
from swapdesk.engine.quote.one_dex import best_dex_route
from swapdesk.engine.routing.pool import Pool
from swapdesk.engine.routing.routes import Hop, Route, legs, output
from swapdesk.engine.routing.split import NoLiquidity, NoOutput, NoRoute, Split, best_split
from swapdesk.engine.routing.uniswap_v2 import V2Pool
from tests.engine.uniswap_v3.strategies import pools as v3_pools

TOKENS = ("0xA", "0xB", "0xX", "0xY")
PAIRS = [(a, b) for n, a in enumerate(TOKENS) for b in TOKENS[n + 1 :]]
V2_SOURCES = ("One", "Two", "Three")
CATALOG = Catalog(
    chain_id=1,
    multicall="0xmulticall",
    wrapped="0xA",
    tokens=[],
    sources=[
        *(SourceEntry(name, "uniswap_v2", 30, f"0xfactory{name}", router=f"0xrouter{name}") for name in V2_SOURCES),
        SourceEntry("V3", "uniswap_v3", 5, "0xfactoryV3", router="0xrouterV3"),
    ],
)


@st.composite
def chains(draw: st.DrawFn) -> dict[str, Pool]:
    """Up to 20 V2 pairs about 1:1 (within a few percent; some far off, some empty) and up to 6 V3 pools near
    the same price, on any two of the four tokens."""
    pools: dict[str, Pool] = {}
    depth = 10 ** draw(st.integers(3, 24))
    for n in range(draw(st.integers(1, 20))):
        token0, token1 = draw(st.sampled_from(PAIRS))
        skew = draw(st.one_of(st.integers(950, 1050), st.integers(1, 10_000), st.just(0)))
        size = draw(st.sampled_from([depth // 100, depth, depth * 50])) + draw(st.integers(0, 1000))
        source = draw(st.sampled_from(V2_SOURCES))
        pools[f"0xpool{n}"] = V2Pool(f"0xpool{n}", source, token0, token1, size, size * skew // 1000, 30)
    for n in range(draw(st.integers(0, 6))):
        token0, token1 = draw(st.sampled_from(PAIRS))
        address = f"0xv3pool{n}"
        pools[address] = replace(draw(v3_pools()), address=address, source="V3", token0=token0, token1=token1)
    return pools


def every_route(pools: dict[str, Pool], src: str, dst: str) -> list[Route]:
    """Every one- and two-hop route, its hops from any sources."""
    found = legs(list(pools.values()), src, dst, list(TOKENS))
    routes = [Route((Hop(p, src, dst, pools[p].source),)) for p in found.direct]
    for x, firsts, seconds in found.via:
        routes += [
            Route((Hop(p, src, x, pools[p].source), Hop(q, x, dst, pools[q].source))) for p in firsts for q in seconds
        ]
    return routes


def quoted(pools: dict[str, Pool], src: str, dst: str, used: int, parts: int, gas_value: Fraction) -> Split | None:
    try:
        return best_split(pools, src, dst, used, parts, list(TOKENS), None, gas_value)
    except (NoRoute, NoOutput, NoLiquidity):
        return None


TRADES = {
    "direction": st.sampled_from([("0xA", "0xB"), ("0xB", "0xA")]),
    "used": st.one_of(st.integers(1, 10**6), st.integers(1, 10**27)),
    "parts": st.sampled_from([1, 2, 7, 37, 100]),
}


@settings(max_examples=400, deadline=None)
@given(pools=chains(), **TRADES)
def test_with_gas_free_no_route_gives_more(
    pools: dict[str, Pool], direction: tuple[str, str], used: int, parts: int
) -> None:
    src, dst = direction
    split = quoted(pools, src, dst, used, parts, Fraction(0))
    best_route = max((output(route, used, pools) for route in every_route(pools, src, dst)), default=0)
    if split is None:
        assert best_route == 0  # refused only when no route gives anything
        return
    assert split.total_out >= best_route
    assert split.total_out >= max(split.alone.values())
    dex = best_dex_route(CATALOG, legs(list(pools.values()), src, dst, list(TOKENS)), pools, used, Fraction(0))
    assert dex is None or split.total_out >= dex.out


@settings(max_examples=400, deadline=None)
@given(pools=chains(), **TRADES, gas_value=st.one_of(st.fractions(0, 10**6), st.integers(1, 10**15).map(Fraction)))
def test_after_gas_no_listed_route_is_worth_more(
    pools: dict[str, Pool], direction: tuple[str, str], used: int, parts: int, gas_value: Fraction
) -> None:
    from swapdesk.engine.routing.routes import route_gas
    from swapdesk.engine.routing.singles import gas_cost, worth
    from swapdesk.engine.routing.split import ROUTER_GAS

    src, dst = direction
    split = quoted(pools, src, dst, used, parts, gas_value)
    if split is None:
        return
    answer = worth(split.total_out, split.gas, gas_value)
    assert split.gas_cost == gas_cost(split.gas, gas_value)
    for source, out in split.alone.items():
        if out:
            assert answer >= worth(out, ROUTER_GAS + split.alone_gas[source], gas_value), source
    dex = best_dex_route(CATALOG, legs(list(pools.values()), src, dst, list(TOKENS)), pools, used, gas_value)
    if dex is not None:  # the fallback's route, as swapdesk's router would run it
        assert answer >= worth(dex.out, ROUTER_GAS + route_gas(dex.route, used, pools), gas_value)
    assert split.total_out == sum(leg.out for leg in split.legs)


@pytest.mark.parametrize("parts", [1, 10, 100])
def test_the_issue_s_case(parts: int) -> None:
    """The issue's shape: one source's two deep pools through a connector give the most for the whole amount, but
    the pairing ranks the hops by a quarter of it, where a shallow pool at a better price leads: it paired each
    deep pool with a shallow one, and the split over those pairs gave 750 bps less than the deep source's own
    route, which the same quote listed."""
    used = 10**21
    pools: dict[str, Pool] = {
        "0xnear_ax": V2Pool("0xnear_ax", "Near", "0xA", "0xX", 5 * used, 5 * used * 11 // 10, 30),
        "0xdeep_ax": V2Pool("0xdeep_ax", "Deep", "0xA", "0xX", 10**26, 10**26, 30),
        "0xdeep_xb": V2Pool("0xdeep_xb", "Deep", "0xX", "0xB", 10**26, 10**26, 30),
        "0xnear_xb": V2Pool("0xnear_xb", "Near", "0xX", "0xB", used // 2, used // 2, 30),
    }
    split = quoted(pools, "0xA", "0xB", used, parts, Fraction(0))
    assert split is not None
    deep = Route((Hop("0xdeep_ax", "0xA", "0xX", "Deep"), Hop("0xdeep_xb", "0xX", "0xB", "Deep")))
    assert split.alone["Deep"] == output(deep, used, pools) == max(split.alone.values())
    assert split.total_out >= split.alone["Deep"]
    assert split.total_out == sum(leg.out for leg in split.legs)
    if parts == 100:  # the deep route is a candidate of the split made again: a split beside it adds more
        assert split.total_out > split.alone["Deep"] and len(split.legs) == 2
