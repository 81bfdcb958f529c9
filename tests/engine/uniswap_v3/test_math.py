"""Uniswap V3's libraries: exact values at the edges, rounding directions against exact fractions, reverts."""

from __future__ import annotations

from decimal import Decimal, localcontext
from fractions import Fraction
from math import ceil, floor

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from swapdesk.engine.routing.uniswap_v3.math import (
    _TICK_FACTORS,
    MAX_SQRT_RATIO,
    MAX_TICK,
    MAX_UINT128,
    MAX_UINT160,
    MAX_UINT256,
    MIN_SQRT_RATIO,
    MIN_TICK,
    PIPS,
    Q96,
    Revert,
    add_delta,
    compute_swap_step,
    get_amount0_delta,
    get_amount1_delta,
    get_next_sqrt_price_from_input,
    get_next_sqrt_price_from_output,
    get_sqrt_ratio_at_tick,
    get_tick_at_sqrt_ratio,
    mul_div,
    mul_div_rounding_up,
)

uint256 = st.integers(0, MAX_UINT256)
ticks = st.integers(MIN_TICK, MAX_TICK)
prices = st.integers(MIN_SQRT_RATIO, MAX_SQRT_RATIO - 1)
liquidities = st.integers(1, MAX_UINT128)
E18 = 10**18


def _encode_price_sqrt(reserve1: int, reserve0: int) -> int:
    with localcontext() as context:
        context.prec = 100
        return int((Decimal(reserve1) / Decimal(reserve0)).sqrt() * Q96)


# FullMath


@given(uint256, uint256, uint256)
def test_mul_div_is_the_floor_of_the_exact_quotient(a: int, b: int, denominator: int) -> None:
    if denominator == 0 or a * b // denominator > MAX_UINT256:
        with pytest.raises(Revert):
            mul_div(a, b, denominator)
        return
    assert mul_div(a, b, denominator) == floor(Fraction(a * b, denominator))
    exact_up = ceil(Fraction(a * b, denominator))
    if exact_up > MAX_UINT256:
        with pytest.raises(Revert):
            mul_div_rounding_up(a, b, denominator)
    else:
        assert mul_div_rounding_up(a, b, denominator) == exact_up


def test_mul_div_edges() -> None:
    assert mul_div(MAX_UINT256, MAX_UINT256, MAX_UINT256) == MAX_UINT256
    assert mul_div(Q96, 50 * Q96 // 100, 150 * Q96 // 100) == Q96 // 3
    with pytest.raises(Revert):
        mul_div(Q96, Q96, 0)
    with pytest.raises(Revert):
        mul_div(MAX_UINT256, MAX_UINT256, MAX_UINT256 - 1)
    # the floor fits 256 bits, the rounding up does not
    with pytest.raises(Revert):
        mul_div_rounding_up(535006138814359, 432862656469423142931042426214547535783388063929571229938474969, 2)


# TickMath


def test_tick_math_at_the_ends_and_zero() -> None:
    assert get_sqrt_ratio_at_tick(MIN_TICK) == MIN_SQRT_RATIO
    assert get_sqrt_ratio_at_tick(MAX_TICK) == MAX_SQRT_RATIO
    assert get_sqrt_ratio_at_tick(0) == Q96
    assert get_tick_at_sqrt_ratio(MIN_SQRT_RATIO) == MIN_TICK
    assert get_tick_at_sqrt_ratio(MAX_SQRT_RATIO - 1) == MAX_TICK - 1
    assert get_tick_at_sqrt_ratio(Q96) == 0
    for tick in (MIN_TICK - 1, MAX_TICK + 1):
        with pytest.raises(Revert, match="T"):
            get_sqrt_ratio_at_tick(tick)
    for price in (MIN_SQRT_RATIO - 1, MAX_SQRT_RATIO):
        with pytest.raises(Revert, match="R"):
            get_tick_at_sqrt_ratio(price)


def test_tick_factors_are_powers_of_sqrt_1_0001() -> None:
    with localcontext() as context:
        context.prec = 120
        root = Decimal("1.0001").sqrt()
        expected = [int((Decimal(2**128) / root ** (2**bit)).to_integral_value()) for bit in range(20)]
    assert list(_TICK_FACTORS) == expected


@given(st.integers(MIN_TICK, MAX_TICK - 1))
def test_tick_round_trip_and_order(tick: int) -> None:
    price = get_sqrt_ratio_at_tick(tick)
    assert get_tick_at_sqrt_ratio(price) == tick
    assert price < get_sqrt_ratio_at_tick(tick + 1)
    assert get_tick_at_sqrt_ratio(get_sqrt_ratio_at_tick(tick + 1) - 1) == tick  # the whole range is the tick's
    if tick > MIN_TICK:
        assert get_tick_at_sqrt_ratio(price - 1) == tick - 1


@given(ticks)
def test_sqrt_ratio_is_close_to_the_real_value(tick: int) -> None:
    with localcontext() as context:
        context.prec = 80
        real = Decimal("1.0001") ** tick
        real = real.sqrt() * Q96
        error = abs(Decimal(get_sqrt_ratio_at_tick(tick)) - real) / real
    assert error < Decimal("1e-18") or abs(Decimal(get_sqrt_ratio_at_tick(tick)) - real) <= 1


@given(prices)
def test_tick_at_price_is_the_greatest_tick_at_or_below(price: int) -> None:
    tick = get_tick_at_sqrt_ratio(price)
    assert get_sqrt_ratio_at_tick(tick) <= price
    assert tick == MAX_TICK or get_sqrt_ratio_at_tick(tick + 1) > price


@settings(max_examples=50)
@given(st.lists(ticks, min_size=2, max_size=20, unique=True))
def test_sqrt_ratio_is_increasing(some: list[int]) -> None:
    some.sort()
    ratios = [get_sqrt_ratio_at_tick(t) for t in some]
    assert ratios == sorted(ratios) and len(set(ratios)) == len(ratios)


# SqrtPriceMath


def test_next_price_known_values() -> None:
    one = _encode_price_sqrt(1, 1)
    assert get_next_sqrt_price_from_input(one, E18, E18 // 10, False) == 87150978765690771352898345369
    assert get_next_sqrt_price_from_input(one, E18, E18 // 10, True) == 72025602285694852357767227579
    assert get_next_sqrt_price_from_output(one, E18, E18 // 10, False) == 88031291682515930659493278152
    assert get_next_sqrt_price_from_output(one, E18, E18 // 10, True) == 71305346262837903834189555302
    assert get_next_sqrt_price_from_input(one, E18, 0, True) == one
    assert get_next_sqrt_price_from_input(one, E18, 0, False) == one


def test_token0_input_overflow_takes_the_other_formula() -> None:
    """amount * price above 2**256: the contract divides L by (L / P + amount) instead, and the price can reach 1."""
    one = _encode_price_sqrt(1, 1)
    assert get_next_sqrt_price_from_input(one, 1, MAX_UINT256 // 2, True) == 1
    assert get_next_sqrt_price_from_input(1, 1, 2**255, True) == 1
    liquidity, price = MAX_UINT128, MAX_UINT160
    assert get_next_sqrt_price_from_input(price, liquidity, MAX_UINT256 - (liquidity << 96) // price, True) == 1
    with pytest.raises(Revert):  # (L / P + amount) itself overflows
        get_next_sqrt_price_from_input(price, liquidity, MAX_UINT256, True)


def test_next_price_reverts() -> None:
    one = _encode_price_sqrt(1, 1)
    with pytest.raises(Revert):
        get_next_sqrt_price_from_input(0, 1, E18 // 10, False)
    with pytest.raises(Revert):
        get_next_sqrt_price_from_input(1, 0, E18 // 10, True)
    # at price 1 and liquidity 1024 the pool's virtual reserves are 1024 of each token: it cannot pay them all
    with pytest.raises(Revert):
        get_next_sqrt_price_from_output(one, 1024, 1024, True)
    with pytest.raises(Revert):
        get_next_sqrt_price_from_output(one, 1024, 1024, False)
    assert get_next_sqrt_price_from_output(one, 1024, 1023, True) == one // 1024
    assert get_next_sqrt_price_from_output(one, 1024, 1023, False) == one * 1024
    with pytest.raises(Revert):  # the price would not fit 160 bits
        get_next_sqrt_price_from_input(MAX_UINT160, 1024, 1024, False)


@given(prices, liquidities, st.integers(0, 2**200), st.booleans())
def test_next_price_from_input_never_passes_the_exact_price(
    price: int, liquidity: int, amount: int, zero_for_one: bool
) -> None:
    reserve = liquidity * Q96
    if zero_for_one:  # token0 in: L * P / (L + amount * P), rounded up
        exact = Fraction(reserve * price, reserve + amount * price)
        after = get_next_sqrt_price_from_input(price, liquidity, amount, zero_for_one)
        assert exact <= after <= price
        return
    exact = price + Fraction(amount * Q96, liquidity)  # token1 in: P + amount / L, rounded down
    if floor(exact) > MAX_UINT160:
        with pytest.raises(Revert):
            get_next_sqrt_price_from_input(price, liquidity, amount, zero_for_one)
    else:
        assert get_next_sqrt_price_from_input(price, liquidity, amount, zero_for_one) == floor(exact)


@given(prices, liquidities, st.integers(0, 2**200), st.booleans())
def test_next_price_from_output_always_reaches_the_exact_price(
    price: int, liquidity: int, amount: int, zero_for_one: bool
) -> None:
    reserve = liquidity * Q96
    if zero_for_one:  # token1 out: P - amount / L, rounded down; the pool cannot pay out all its token1
        exact = price - Fraction(amount * Q96, liquidity)
        if exact < 1:
            with pytest.raises(Revert):
                get_next_sqrt_price_from_output(price, liquidity, amount, zero_for_one)
        else:
            assert get_next_sqrt_price_from_output(price, liquidity, amount, zero_for_one) == floor(exact)
        return
    # token0 out: L * P / (L - amount * P), rounded up; nor all its token0
    if amount * price >= reserve or ceil(Fraction(reserve * price, reserve - amount * price)) > MAX_UINT160:
        with pytest.raises(Revert):
            get_next_sqrt_price_from_output(price, liquidity, amount, zero_for_one)
    else:
        exact = Fraction(reserve * price, reserve - amount * price)
        assert get_next_sqrt_price_from_output(price, liquidity, amount, zero_for_one) == ceil(exact)


def test_amount_deltas_known_values() -> None:
    one, higher = _encode_price_sqrt(1, 1), _encode_price_sqrt(121, 100)
    assert get_amount0_delta(one, higher, E18, True) == 90909090909090910
    assert get_amount0_delta(one, higher, E18, False) == 90909090909090909
    assert get_amount1_delta(one, higher, E18, True) == 100000000000000000
    assert get_amount1_delta(one, higher, E18, False) == 99999999999999999
    assert get_amount0_delta(one, one, E18, True) == 0
    assert get_amount0_delta(one, higher, 0, True) == 0
    with pytest.raises(Revert):
        get_amount0_delta(0, one, E18, True)


@given(prices, prices, st.integers(0, MAX_UINT128))
def test_amount_deltas_round_up_and_down_around_the_exact_amount(a: int, b: int, liquidity: int) -> None:
    low, high = sorted((a, b))
    exact0 = Fraction(liquidity * Q96 * (high - low), low * high)
    exact1 = Fraction(liquidity * (high - low), Q96)
    assert get_amount0_delta(a, b, liquidity, True) == ceil(exact0) == get_amount0_delta(b, a, liquidity, True)
    assert get_amount0_delta(a, b, liquidity, False) == floor(exact0)
    assert get_amount1_delta(a, b, liquidity, True) == ceil(exact1)
    assert get_amount1_delta(a, b, liquidity, False) == floor(exact1) == get_amount1_delta(b, a, liquidity, False)


# SwapMath


def test_swap_step_known_value() -> None:
    """An exact input capped at the price target, one for zero."""
    price, target = _encode_price_sqrt(1, 1), _encode_price_sqrt(101, 100)
    assert compute_swap_step(price, target, 2 * E18, E18, 600) == (
        target,
        9975124224178055,
        9925619580021728,
        5988667735148,
    )


@settings(max_examples=300)
@given(
    prices,
    prices,
    st.integers(0, MAX_UINT128),
    st.integers(-(2**200), 2**200),
    st.integers(0, PIPS - 1),
)
def test_swap_step_invariants(current: int, target: int, liquidity: int, remaining: int, fee: int) -> None:
    assume(current != target)
    try:
        price, amount_in, amount_out, fee_amount = compute_swap_step(current, target, liquidity, remaining, fee)
    except Revert:
        assume(False)  # an input or output beyond what the price range can express
        return
    zero_for_one = current >= target
    assert (target <= price <= current) if zero_for_one else (current <= price <= target)
    assert amount_in >= 0 and amount_out >= 0 and fee_amount >= 0
    if remaining >= 0:
        assert amount_in + fee_amount <= remaining
        if price != target:
            assert amount_in + fee_amount == remaining  # the last step of an exact input uses all of it
    else:
        assert amount_out <= -remaining
        if price != target:
            assert amount_out == -remaining
    # the input pays at least for the price move, the output is at most what it releases
    if zero_for_one:
        assert amount_in >= get_amount0_delta(price, current, liquidity, False)
        assert amount_out <= get_amount1_delta(price, current, liquidity, False)
    else:
        assert amount_in >= get_amount1_delta(current, price, liquidity, False)
        assert amount_out <= get_amount0_delta(current, price, liquidity, False)
    if price == target or remaining < 0:
        assert fee_amount == ceil(Fraction(amount_in * fee, PIPS - fee))


# LiquidityMath


def test_add_delta() -> None:
    assert add_delta(1, 0) == 1
    assert add_delta(1, -1) == 0
    assert add_delta(1, 1) == 2
    assert add_delta(MAX_UINT128 - 15, 15) == MAX_UINT128
    with pytest.raises(Revert, match="LA"):
        add_delta(MAX_UINT128 - 14, 15)
    with pytest.raises(Revert, match="LS"):
        add_delta(0, -1)
    with pytest.raises(Revert, match="LS"):
        add_delta(3, -4)
