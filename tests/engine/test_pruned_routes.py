"""A quote that leaves unvalued the routes that provably get no slice (routing/pruning.py) is the quote that
values every route: every field of the split, the routes left out for their gas and the refusals alike, over
random V2 and V3 pools at close prices (so that routes compete at the margin) and random gas prices."""

from __future__ import annotations

from dataclasses import is_dataclass, replace
from fractions import Fraction
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from swapdesk.engine.routing import pruning
from swapdesk.engine.routing.pool import Pool
from swapdesk.engine.routing.split import best_split
from swapdesk.engine.routing.uniswap_v2 import V2Pool
from tests.engine.uniswap_v3.strategies import pools as v3_pools

TOKENS = ("0xA", "0xB", "0xX", "0xY")
PAIRS = [("0xA", "0xB"), ("0xA", "0xX"), ("0xX", "0xB"), ("0xA", "0xY"), ("0xY", "0xB")]


@st.composite
def chains(draw: st.DrawFn) -> dict[str, Pool]:
    """Up to 30 V2 pools about 1:1 (each within a few percent, some far off or empty) and up to 3 V3 pools
    between A and B near the same price."""
    pools: dict[str, Pool] = {}
    depth = 10 ** draw(st.integers(3, 24))
    for n in range(draw(st.integers(1, 30))):
        token0, token1 = draw(st.sampled_from(PAIRS))
        skew = draw(st.one_of(st.integers(900, 1100), st.integers(1, 10_000), st.just(0)))
        size = draw(st.sampled_from([depth // 100, depth, depth * 50])) + draw(st.integers(0, 1000))
        source = draw(st.sampled_from(["One", "Two", "Three"]))
        fee = draw(st.sampled_from([0, 4, 25, 30, 100]))
        pools[f"0xpool{n}"] = V2Pool(f"0xpool{n}", source, token0, token1, size, size * skew // 1000, fee)
    for n in range(draw(st.integers(0, 3))):
        address = f"0xv3pool{n}"
        pools[address] = replace(draw(v3_pools()), address=address, token0="0xA", token1="0xB")
    return pools


def _renewed(pool: Pool) -> Pool:
    """The same state in a new object: nothing the pool kept (grids, outputs) comes along."""
    assert is_dataclass(pool) and not isinstance(pool, type), "every pool kind is a dataclass"
    return replace(pool)


def _quote(pools: dict[str, Pool], src: str, dst: str, used: int, parts: int, gas_value: Fraction) -> Any:
    fresh = {address: _renewed(pool) for address, pool in pools.items()}  # no grid kept
    try:
        split = best_split(fresh, src, dst, used, parts, list(TOKENS), None, gas_value)
    except Exception as refused:  # the same refusal either way
        return type(refused).__name__
    return (split, split.impact(), split.gas)


@settings(max_examples=300, deadline=None)
@given(
    pools=chains(),
    direction=st.sampled_from([("0xA", "0xB"), ("0xB", "0xA")]),
    used=st.one_of(st.integers(0, 10**6), st.integers(0, 10**27)),
    parts=st.sampled_from([1, 2, 7, 37, 100]),
    gas_value=st.one_of(st.just(Fraction(0)), st.fractions(0, 10**12), st.integers(1, 10**15).map(Fraction)),
)
def test_pruned_quote_is_the_full_quote(
    pools: dict[str, Pool], direction: tuple[str, str], used: int, parts: int, gas_value: Fraction
) -> None:
    src, dst = direction
    pruned = _quote(pools, src, dst, used, parts, gas_value)
    kept, pruning.FIRST_VALUED = pruning.FIRST_VALUED, 10**9  # every route valued at once: the quote as it was
    try:
        full = _quote(pools, src, dst, used, parts, gas_value)
    finally:
        pruning.FIRST_VALUED = kept
    assert pruned == full


def test_a_route_far_below_the_others_is_not_valued() -> None:
    # pools a little apart: equal marginals at the margin would leave the split's optimum not the only one,
    # and then every route is valued
    good = [V2Pool(f"0xgood{n}", "One", "0xA", "0xB", 10**24, 10**24 + n * 10**19, 30) for n in range(8)]
    pools: dict[str, Pool] = {pool.address: pool for pool in good}
    pools["0xpoor"] = V2Pool("0xpoor", "Two", "0xA", "0xB", 10**24, 10**23, 30)  # a tenth of the price
    split = best_split(pools, "0xA", "0xB", 10**21, 100, list(TOKENS))
    assert {leg.route.hops[0].pool for leg in split.legs} == {pool.address for pool in good}
    assert "_grids" in vars(pools["0xgood0"]) and "_grids" not in vars(pools["0xpoor"])
    assert split.alone["Two"] == pools["0xpoor"].amount_out("0xA", "0xB", 10**21)  # valued for the whole amount
