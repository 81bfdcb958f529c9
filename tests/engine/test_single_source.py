"""Each source's route alone (`singles.each_source`, the quote's `amounts`) is the best of its own routes
(`single_source_routes`): with gas free, the most `output`, whichever of them the split's grid already valued;
with gas priced, the most output after its gas (`singles.worth`), the most output on a tie."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from swapdesk.engine.routing.pool import Pool
from swapdesk.engine.routing.routes import legs, output, route_gas
from swapdesk.engine.routing.singles import each_source, single_source_routes, worth
from swapdesk.engine.routing.uniswap_v2 import V2Pool
from swapdesk.engine.routing.whole import Wholes

TOKENS = ("0xA", "0xB", "0xX", "0xY")
PAIRS = [(a, b) for n, a in enumerate(TOKENS) for b in TOKENS[n + 1 :]]
OVERHEAD = 150_000


@st.composite
def chains(draw: st.DrawFn) -> dict[str, Pool]:
    pools: dict[str, Pool] = {}
    for n in range(draw(st.integers(1, 12))):
        token0, token1 = draw(st.sampled_from(PAIRS))
        reserves = draw(st.tuples(*(st.one_of(st.just(0), st.integers(1, 10**6), st.integers(1, 10**27)),) * 2))
        source = draw(st.sampled_from(["One", "Two", "Three"]))
        pools[f"0xpool{n}"] = V2Pool(f"0xpool{n}", source, token0, token1, *reserves, draw(st.sampled_from([0, 30])))
    return pools


@given(pools=chains(), used=st.integers(0, 10**25), data=st.data())
def test_each_source_alone_is_its_best_route(pools: dict[str, Pool], used: int, data: st.DataObject) -> None:
    found = legs(list(pools.values()), "0xA", "0xB", list(TOKENS))
    routes = single_source_routes(found, pools)
    valued = data.draw(st.lists(st.sampled_from(routes), unique=True)) if routes else []
    known = {route: output(route, used, pools) for route in valued}
    expected = dict.fromkeys((pool.source for pool in pools.values()), 0)
    for route in routes:
        expected[route.source] = max(expected[route.source], output(route, used, pools))
    for given_known in (known, None):
        listed = each_source(found, Wholes(pools, used), Fraction(0), OVERHEAD, given_known)
        assert {source: 0 if s is None else s.out for source, s in listed.items()} == expected
        for single in listed.values():
            assert single is None or single.gas == route_gas(single.route, used, pools)


@given(pools=chains(), used=st.integers(0, 10**25), gas_value=st.fractions(0, 10**9))
def test_after_gas_each_source_alone_is_worth_the_most(pools: dict[str, Pool], used: int, gas_value: Fraction) -> None:
    found = legs(list(pools.values()), "0xA", "0xB", list(TOKENS))
    listed = each_source(found, Wholes(pools, used), gas_value, OVERHEAD)
    for source, single in listed.items():
        theirs = [r for r in single_source_routes(found, pools) if r.source == source and output(r, used, pools)]
        assert (single is None) == (not theirs)
        if single is None:
            continue
        assert single.out == output(single.route, used, pools) and single.route in theirs
        best = worth(single.out, OVERHEAD + single.gas, gas_value)
        for route in theirs:
            out = output(route, used, pools)
            value = worth(out, OVERHEAD + route_gas(route, used, pools), gas_value)
            assert value < best or (value == best and out <= single.out)
