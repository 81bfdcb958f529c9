"""Valuing a grid of amounts at once (`amounts_out`) gives each amount's `amount_out`, and 0 where the pool
cannot take it: the optimiser's table is the pool models' arithmetic, unchanged."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from swapdesk.engine.routing.optimizer import caps_of
from swapdesk.engine.routing.pool import Pool
from swapdesk.engine.routing.routes import GRIDS_KEPT, Hop, Route, outputs, valued
from swapdesk.engine.routing.stableswap import StablePool, plain_rates
from swapdesk.engine.routing.stableswap.grid import dy_xp_grid
from swapdesk.engine.routing.stableswap.math import CLASSIC, LATER, Reverted, Variant, dy_xp, get_d, xp_of
from swapdesk.engine.routing.uniswap_v2 import V2Pool

COINS = ("0xA", "0xB", "0xC")


def _one_by_one(pool: Pool, token_in: str, token_out: str, amounts: list[int]) -> list[int]:
    outs = []
    for amount in amounts:
        try:
            outs.append(pool.amount_out(token_in, token_out, amount) if amount else 0)
        except (ValueError, ZeroDivisionError):
            outs.append(0)
    return outs


@given(
    reserves=st.tuples(st.integers(0, 2**112 - 1), st.integers(0, 2**112 - 1)),
    fee_bps=st.integers(0, 10_000),
    amounts=st.lists(st.integers(0, 2**120), max_size=20),
    zero_for_one=st.booleans(),
)
def test_v2_grid(reserves: tuple[int, int], fee_bps: int, amounts: list[int], zero_for_one: bool) -> None:
    pool = V2Pool("0xpair", "v2", "0xA", "0xB", *reserves, fee_bps)
    token_in, token_out = ("0xA", "0xB") if zero_for_one else ("0xB", "0xA")
    assert pool.amounts_out(token_in, token_out, amounts) == _one_by_one(pool, token_in, token_out, amounts)


@given(
    balances=st.tuples(*(st.integers(0, 10**30) for _ in COINS)),
    decimals=st.tuples(*(st.sampled_from([6, 8, 18]) for _ in COINS)),
    amp=st.integers(1, 5000),
    fee=st.integers(0, 5 * 10**9),
    admin_fee=st.sampled_from([0, 5 * 10**9, 10**10]),
    variant=st.sampled_from([CLASSIC, LATER]),
    amounts=st.lists(st.integers(0, 10**31), max_size=12),
    i=st.integers(0, 2),
    step=st.integers(1, 2),
)
def test_stableswap_grid(
    balances: tuple[int, int, int],
    decimals: tuple[int, int, int],
    amp: int,
    fee: int,
    admin_fee: int,
    variant: Variant,
    amounts: list[int],
    i: int,
    step: int,
) -> None:
    stored = amp * variant.a_precision
    pool = StablePool(
        "0xpool", "stable", COINS, balances, plain_rates(decimals), fee, admin_fee, stored, stored, 0, 0, 0, variant
    )
    token_in, token_out = COINS[i], COINS[(i + step) % 3]
    assert pool.amounts_out(token_in, token_out, amounts) == _one_by_one(pool, token_in, token_out, amounts)


@given(
    balances=st.lists(st.one_of(st.integers(0, 10**4), st.integers(10**17, 10**33)), min_size=2, max_size=4),
    amp=st.one_of(st.integers(0, 10), st.integers(1, 10**6)),
    variant=st.sampled_from([CLASSIC, LATER]),
    parts=st.integers(1, 100),
    whole=st.one_of(st.integers(0, 10**6), st.integers(10**18, 10**34)),
    scattered=st.lists(st.integers(0, 10**34), max_size=8),
    coins=st.data(),
)
def test_stableswap_y_from_the_amounts_before(
    balances: list[int],
    amp: int,
    variant: Variant,
    parts: int,
    whole: int,
    scattered: list[int],
    coins: st.DataObject,
) -> None:
    """`dy_xp_grid` finds each amount's y from the amounts before it and certifies it is where get_y's rounds
    from D end: the same as `dy_xp` amount by amount, on grids (as the optimiser asks: the start extrapolates
    well) and on scattered amounts (it does not), pools balanced or not, tiny or near the uint256 bounds."""
    n = len(balances)
    i = coins.draw(st.integers(0, n - 1))
    j = coins.draw(st.integers(0, n - 1).filter(lambda k: k != i))
    rates = tuple(10**18 for _ in balances)
    xp = xp_of(tuple(balances), rates)
    try:
        d = get_d(xp, amp, variant)
    except Reverted:
        return
    for amounts in ([whole * k // parts for k in range(1, parts + 1)], scattered):
        expected: list[int | None] = []
        for dx in amounts:
            try:
                expected.append(dy_xp(i, j, dx, xp, rates, amp, d, variant))
            except Reverted:
                expected.append(None)
        assert dy_xp_grid(i, j, amounts, xp, rates, amp, d, variant) == expected


@given(
    reserves=st.tuples(st.integers(1, 2**112 - 1), st.integers(1, 2**112 - 1)),
    grids=st.lists(st.lists(st.integers(0, 2**100), min_size=1, max_size=5), min_size=1, max_size=8),
)
def test_a_pool_keeps_its_last_grids(reserves: tuple[int, int], grids: list[list[int]]) -> None:
    """`outputs` through a pool that keeps the grids it was last valued on: the same figures as valuing anew,
    in either direction and for a grid asked again; a pool after a trade (a new state) keeps nothing of them."""
    pool = V2Pool("0xpair", "v2", "0xA", "0xB", *reserves, 30)
    pools: dict[str, Pool] = {pool.address: pool}
    forth, back = Route((Hop(pool.address, "0xA", "0xB", "v2"),)), Route((Hop(pool.address, "0xB", "0xA", "v2"),))
    for amounts in [*grids, *reversed(grids)]:
        for route, (token_in, token_out) in ((forth, ("0xA", "0xB")), (back, ("0xB", "0xA"))):
            got = outputs(route, amounts, pools)
            assert got == _one_by_one(pool, token_in, token_out, amounts)
            got.append(-1)  # the caller's list is its own
            assert outputs(route, amounts, pools) == _one_by_one(pool, token_in, token_out, amounts)
            row, cap = valued(route, amounts, pools)  # the shape kept with the grid: the row's own
            assert (row, cap) == (got[:-1], caps_of([got[:-1]], len(amounts) - 1)[0])
    assert len(pool.__dict__["_grids"]) <= GRIDS_KEPT
    _, after = pool.swap("0xA", "0xB", 10**6)
    assert "_grids" not in after.__dict__
    assert outputs(forth, grids[0], {pool.address: after}) == _one_by_one(after, "0xA", "0xB", grids[0])


@pytest.mark.parametrize(("balances", "amp"), [((4, 9), 12), ((17, 7), 41), ((97, 10, 19), 13), ((9, 4), 13)])
def test_stableswap_y_where_the_rounds_end_above_the_root(balances: tuple[int, ...], amp: int) -> None:
    """Tiny pools where get_y's rounds from D end one above the floor of the root for some amounts (the last
    step lands there from two above): those are not certified, and go to `dy_xp`."""
    xp, rates = list(balances), tuple(10**18 for _ in balances)
    d = get_d(xp, amp, CLASSIC)
    amounts = list(range(1, 40))
    expected: list[int | None] = []
    for dx in amounts:
        try:
            expected.append(dy_xp(0, 1, dx, xp, rates, amp, d, CLASSIC))
        except Reverted:
            expected.append(None)
    assert dy_xp_grid(0, 1, amounts, xp, rates, amp, d, CLASSIC) == expected
