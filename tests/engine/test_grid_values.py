"""Valuing a grid of amounts at once (`amounts_out`) gives each amount's `amount_out`, and 0 where the pool
cannot take it: the optimiser's table is the pool models' arithmetic, unchanged."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from swapdesk.engine.routing.pool import Pool
from swapdesk.engine.routing.routes import GRIDS_KEPT, Hop, Route, outputs
from swapdesk.engine.routing.stableswap import StablePool, plain_rates
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
    amounts=st.lists(st.integers(0, 10**31), max_size=12),
    i=st.integers(0, 2),
    step=st.integers(1, 2),
)
def test_stableswap_grid(
    balances: tuple[int, int, int],
    decimals: tuple[int, int, int],
    amp: int,
    fee: int,
    amounts: list[int],
    i: int,
    step: int,
) -> None:
    pool = StablePool("0xpool", "stable", COINS, balances, plain_rates(decimals), fee, 0, amp, amp, 0, 0, 0)
    token_in, token_out = COINS[i], COINS[(i + step) % 3]
    assert pool.amounts_out(token_in, token_out, amounts) == _one_by_one(pool, token_in, token_out, amounts)


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
    assert len(pool.__dict__["_grids"]) <= GRIDS_KEPT
    _, after = pool.swap("0xA", "0xB", 10**6)
    assert "_grids" not in after.__dict__
    assert outputs(forth, grids[0], {pool.address: after}) == _one_by_one(after, "0xA", "0xB", grids[0])
