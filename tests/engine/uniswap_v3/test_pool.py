"""V3Pool as the engine's Pool: the grid (amounts_out), one amount (amount_out) and the trade (swap) all equal
the pool's own swap loop (swap_exact, which the recorded Quoter answers check) at the router's price limit."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from swapdesk.engine.routing.pool import Pool
from swapdesk.engine.routing.uniswap_v3 import (
    MAX_SQRT_RATIO,
    MIN_SQRT_RATIO,
    Revert,
    TickTable,
    V3Pool,
    compute_swap_step,
    get_sqrt_ratio_at_tick,
)
from swapdesk.engine.routing.uniswap_v3.exact_input import ExactInputPath, router_price_limit
from swapdesk.engine.routing.uniswap_v3.math import MAX_INT256
from tests.engine.uniswap_v3.golden import wbtc_weth_pool
from tests.engine.uniswap_v3.strategies import TOKEN0, TOKEN1, empty_pool, minted, pools


def _direction(pool: V3Pool, zero_for_one: bool) -> tuple[str, str]:
    return (pool.token0, pool.token1) if zero_for_one else (pool.token1, pool.token0)


def _reference(pool: V3Pool, zero_for_one: bool, amount: int) -> tuple[int, V3Pool] | None:
    """The pool's swap loop at the router's limit; None when it would leave input unconsumed (or revert)."""
    if amount == 0:
        return 0, pool
    try:
        amount0, amount1, after = pool.swap_exact(zero_for_one, amount, router_price_limit(zero_for_one))
    except Revert:
        return None
    consumed, paid = (amount0, -amount1) if zero_for_one else (amount1, -amount0)
    return (paid, after) if consumed == amount else None


def _amounts(data: st.DataObject, ends: list[int]) -> list[int]:
    """Amounts anywhere, and exactly on, just before and just after the steps' ends (the last one included)."""
    near_ends = st.sampled_from(ends).flatmap(lambda end: st.integers(max(end - 1, 0), end + 1))
    anywhere = st.integers(0, 2 * ends[-1] + 10)
    return data.draw(st.lists(st.one_of(near_ends, anywhere, st.just(ends[-1])), min_size=1, max_size=101))


def _check_against_the_loop(pool: V3Pool, zero_for_one: bool, amounts: list[int]) -> None:
    token_in, token_out = _direction(pool, zero_for_one)
    expected = [_reference(pool, zero_for_one, a) for a in amounts]
    grid = replace(pool).amounts_out(token_in, token_out, amounts)  # a fresh pool: its path walked from scratch
    assert grid == [0 if e is None else e[0] for e in expected]
    one_by_one = replace(pool)  # its path extended amount by amount, in the order drawn
    for amount, reference in zip(amounts, expected, strict=True):
        if reference is None:
            with pytest.raises(ValueError):
                one_by_one.amount_out(token_in, token_out, amount)
            with pytest.raises(ValueError):
                one_by_one.swap(token_in, token_out, amount)
            continue
        assert one_by_one.amount_out(token_in, token_out, amount) == reference[0]
        out, after = one_by_one.swap(token_in, token_out, amount)
        assert (out, after) == reference
        assert after.ticks is pool.ticks  # a trade leaves the table shared


@settings(max_examples=150, deadline=None)
@given(pools(), st.booleans(), st.data())
def test_grid_one_amount_and_trade_equal_the_swap_loop(pool: V3Pool, zero_for_one: bool, data: st.DataObject) -> None:
    ends = ExactInputPath(pool.state, pool.ticks, pool.tick_spacing, pool.fee, zero_for_one).step_ends(MAX_INT256)
    _check_against_the_loop(pool, zero_for_one, _amounts(data, ends))


@settings(max_examples=25, deadline=None)
@given(st.booleans(), st.data())
def test_golden_pool_grid_equals_the_swap_loop(zero_for_one: bool, data: st.DataObject) -> None:
    pool = wbtc_weth_pool()
    # as far as 20 % of the pool's token0 (WBTC, 8 decimals) or 200 times that in WETH: hundreds of ticks
    reach = 2_000_000_000 if zero_for_one else 10**23
    ends = ExactInputPath(pool.state, pool.ticks, pool.tick_spacing, pool.fee, zero_for_one).step_ends(reach)
    amounts = data.draw(
        st.lists(
            st.one_of(
                st.integers(0, reach),
                st.sampled_from(ends).flatmap(lambda end: st.integers(max(end - 1, 0), end + 1)),
            ),
            min_size=1,
            max_size=101,
        )
    )
    _check_against_the_loop(pool, zero_for_one, amounts)


def test_amounts_beyond_the_pool_are_refused() -> None:
    pool = minted(empty_pool(get_sqrt_ratio_at_tick(0), 0, 3000, 60), -600, 600, 10**18)
    for zero_for_one in (True, False):
        token_in, token_out = _direction(pool, zero_for_one)
        ends = ExactInputPath(pool.state, pool.ticks, pool.tick_spacing, pool.fee, zero_for_one).step_ends(MAX_INT256)
        whole = ends[-1]  # the last boundary is the price limit, reached at no cost past the position's edge
        assert pool.amount_out(token_in, token_out, whole) > 0
        assert pool.amounts_out(token_in, token_out, [0, whole, whole + 1, MAX_INT256, MAX_INT256 + 1]) == [
            0,
            pool.amount_out(token_in, token_out, whole),
            0,
            0,
            0,
        ]
        for too_much in (whole + 1, MAX_INT256 + 1, -1):
            with pytest.raises(ValueError):
                pool.amount_out(token_in, token_out, too_much)
        # the pool's own swap stops at the limit with input left over
        amount0, amount1, after = pool.swap_exact(zero_for_one, whole + 1, router_price_limit(zero_for_one))
        assert after.sqrt_price_x96 == router_price_limit(zero_for_one)
        assert (amount0 if zero_for_one else amount1) == whole


def test_a_swap_stops_at_every_word_edge() -> None:
    """Spacing 1: bitmap words end at ticks 255, 511, 767. A swap from tick 0 to tick 709 stops at 255 and 511,
    though nothing is initialized there, and each stop rounds: one step straight to the price would pay 2 wei more."""
    liquidity = 10**18 + 12345
    pool = minted(empty_pool(get_sqrt_ratio_at_tick(0), 0, 3000, 1), -1000, 1000, liquidity)
    amount = 36207784444807207
    amount0, amount1, after = pool.swap_exact(False, amount, MAX_SQRT_RATIO - 1)
    assert amount1 == amount and after.tick == 709
    steps, price, left, paid = [255, 511], pool.sqrt_price_x96, amount, 0
    for edge in steps:
        price, step_in, step_out, fee = compute_swap_step(price, get_sqrt_ratio_at_tick(edge), liquidity, left, 3000)
        left, paid = left - step_in - fee, paid + step_out
    price, _, step_out, _ = compute_swap_step(price, get_sqrt_ratio_at_tick(767), liquidity, left, 3000)
    assert (-amount0, after.sqrt_price_x96) == (paid + step_out, price)
    _, _, straight_out, _ = compute_swap_step(
        pool.sqrt_price_x96, get_sqrt_ratio_at_tick(1000), liquidity, amount, 3000
    )
    assert straight_out == -amount0 + 2
    assert pool.amount_out(TOKEN1, TOKEN0, amount) == -amount0


def test_a_price_already_at_the_limit_takes_nothing() -> None:
    pool = minted(empty_pool(MIN_SQRT_RATIO + 1, -887272, 3000, 1), -887272, 0, 10**18)
    assert pool.amounts_out(TOKEN0, TOKEN1, [0, 1, 10**18]) == [0, 0, 0]
    with pytest.raises(ValueError):
        pool.amount_out(TOKEN0, TOKEN1, 1)
    with pytest.raises(Revert, match="SPL"):
        pool.swap_exact(True, 1, MIN_SQRT_RATIO + 1)
    assert pool.amount_out(TOKEN1, TOKEN0, 10**6) > 0


def test_an_uninitialized_pool_is_locked() -> None:
    pool = empty_pool(0, 0)
    assert pool.amounts_out(TOKEN0, TOKEN1, [1]) == pool.amounts_out(TOKEN1, TOKEN0, [1]) == [0]
    with pytest.raises(ValueError):
        pool.amount_out(TOKEN1, TOKEN0, 1)
    with pytest.raises(Revert, match="LOK"):
        pool.swap_exact(False, 1, MAX_SQRT_RATIO - 1)
    assert pool.marginal(TOKEN0, TOKEN1) == 0


def test_zero_unknown_tokens_and_exact_output() -> None:
    pool = minted(empty_pool(get_sqrt_ratio_at_tick(0), 0, 500, 10), -100, 100, 10**20)
    assert pool.amount_out(TOKEN0, TOKEN1, 0) == 0
    assert pool.swap(TOKEN0, TOKEN1, 0) == (0, pool)
    with pytest.raises(ValueError):
        pool.amount_out(TOKEN0, "0x5555555555555555555555555555555555555555", 1)
    with pytest.raises(Revert, match="AS"):
        pool.swap_exact(True, 0, MIN_SQRT_RATIO + 1)
    # an exact output: the input it costs sells back for at least that output
    amount0, amount1, _ = pool.swap_exact(True, -(10**15), MIN_SQRT_RATIO + 1)
    assert amount1 == -(10**15)
    assert pool.amount_out(TOKEN0, TOKEN1, amount0) >= 10**15 > pool.amount_out(TOKEN0, TOKEN1, amount0 - 1)


def test_marginal_is_the_price_less_the_fee() -> None:
    pool = minted(empty_pool(get_sqrt_ratio_at_tick(6931), 6931, 3000, 1), 0, 10000, 10**22)  # price ~2
    price = Fraction(pool.sqrt_price_x96**2, 2**192)
    assert pool.marginal(TOKEN0, TOKEN1) == price * Fraction(997, 1000)
    assert pool.marginal(TOKEN1, TOKEN0) == Fraction(997, 1000) / price
    for token_in, token_out in ((TOKEN0, TOKEN1), (TOKEN1, TOKEN0)):
        small = 10**9
        rate = Fraction(pool.amount_out(token_in, token_out, small), small)
        assert rate <= pool.marginal(token_in, token_out)
        assert pool.marginal(token_in, token_out) - rate < pool.marginal(token_in, token_out) / 10**6
    assert replace(pool, liquidity=0).marginal(TOKEN0, TOKEN1) == 0


def test_v3_pool_is_a_pool() -> None:
    pool: Pool = V3Pool("0x4444444444444444444444444444444444444444", "Uniswap V3", TOKEN0, TOKEN1, 3000, 60,
                        get_sqrt_ratio_at_tick(0), 0, 0, TickTable({}))  # fmt: skip
    assert pool.tokens() == (TOKEN0, TOKEN1)
    assert pool.amounts_out(TOKEN0, TOKEN1, [0, 5]) == [0, 0]  # no liquidity: the price runs to the limit
