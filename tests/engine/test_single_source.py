"""Each source's best output alone (`single_source_outputs`) is the best `output` of its own routes
(`single_source_routes`), whichever of them the split's grid already valued."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from swapdesk.engine.routing.pool import Pool
from swapdesk.engine.routing.quote import single_source_outputs, single_source_routes
from swapdesk.engine.routing.routes import legs, output
from swapdesk.engine.routing.uniswap_v2 import V2Pool

TOKENS = ("0xA", "0xB", "0xX", "0xY")
PAIRS = [(a, b) for n, a in enumerate(TOKENS) for b in TOKENS[n + 1 :]]


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
    assert single_source_outputs(found, pools, used, known) == expected
    assert single_source_outputs(found, pools, used) == expected
