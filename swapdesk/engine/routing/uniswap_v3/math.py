"""Uniswap V3's integer math, as the core contracts compute it.

FullMath, TickMath, SqrtPriceMath, SwapMath and LiquidityMath, written from
their semantics: every rounding direction, every overflow fallback and every
`require` that can fail on a pool's reachable state. Python's integers are
unbounded, so where a contract relies on uint256 wrapping (to detect an
overflow and take another formula) the wrap is tested explicitly: the other
formula rounds differently, and the chain's answer depends on which one ran.
A failed `require` raises `Revert` (a ValueError) carrying the contract's
reason string, or "" where the contract gives none.
"""

from __future__ import annotations

from functools import lru_cache

Q96 = 1 << 96
MAX_UINT128 = (1 << 128) - 1
MAX_UINT160 = (1 << 160) - 1
MAX_UINT256 = (1 << 256) - 1
MAX_INT256 = (1 << 255) - 1
MIN_INT256 = -(1 << 255)
PIPS = 1_000_000  # fees are in hundredths of a basis point

MIN_TICK = -887272
MAX_TICK = 887272
MIN_SQRT_RATIO = 4295128739  # get_sqrt_ratio_at_tick(MIN_TICK)
MAX_SQRT_RATIO = 1461446703485210103287273052203988822378723970342  # get_sqrt_ratio_at_tick(MAX_TICK)

# round(2**128 / sqrt(1.0001) ** (2**bit)) for bit 0..19: the tick's binary digits select which to multiply
# (tests/engine/uniswap_v3/test_math.py recomputes them)
_TICK_FACTORS = (
    0xFFFCB933BD6FAD37AA2D162D1A594001,
    0xFFF97272373D413259A46990580E213A,
    0xFFF2E50F5F656932EF12357CF3C7FDCC,
    0xFFE5CACA7E10E4E61C3624EAA0941CD0,
    0xFFCB9843D60F6159C9DB58835C926644,
    0xFF973B41FA98C081472E6896DFB254C0,
    0xFF2EA16466C96A3843EC78B326B52861,
    0xFE5DEE046A99A2A811C461F1969C3053,
    0xFCBE86C7900A88AEDCFFC83B479AA3A4,
    0xF987A7253AC413176F2B074CF7815E54,
    0xF3392B0822B70005940C7A398E4B70F3,
    0xE7159475A2C29B7443B29C7FA6E889D9,
    0xD097F3BDFD2022B8845AD8F792AA5825,
    0xA9F746462D870FDF8A65DC1F90E061E5,
    0x70D869A156D2A1B890BB3DF62BAF32F7,
    0x31BE135F97D08FD981231505542FCFA6,
    0x9AA508B5B7A84E1C677DE54F3E99BC9,
    0x5D6AF8DEDB81196699C329225EE604,
    0x2216E584F5FA1EA926041BEDFE98,
    0x48A170391F7DC42444E8FA2,
)
# getTickAtSqrtRatio's fixed-point constants: 1 / log2(sqrt(1.0001)) in Q64.64 (times log2 in Q64.64 gives
# log_sqrt(1.0001) in Q128.128), and the error bounds below and above that bracket the true tick
_LOG2_TO_LOG_SQRT10001 = 255738958999603826347141
_TICK_LOW_ERROR = 3402992956809132418596140100660247210
_TICK_HIGH_ERROR = 291339464771989622907027621153398088495


class Revert(ValueError):
    """A `require` of the contracts failed: the chain's call would revert."""


# FullMath and UnsafeMath


def mul_div(a: int, b: int, denominator: int) -> int:
    """floor(a * b / denominator) of uint256 operands; reverts when it does not fit 256 bits, or on a 0 denominator."""
    if denominator == 0:
        raise Revert("")
    result = a * b // denominator
    if result > MAX_UINT256:
        raise Revert("")
    return result


def mul_div_rounding_up(a: int, b: int, denominator: int) -> int:
    result = mul_div(a, b, denominator)
    if a * b % denominator:
        if result == MAX_UINT256:
            raise Revert("")
        result += 1
    return result


def div_rounding_up(x: int, y: int) -> int:
    """UnsafeMath.divRoundingUp: EVM division, so a 0 divisor gives 0 instead of reverting."""
    if y == 0:
        return 0
    quotient, remainder = divmod(x, y)
    return quotient + (1 if remainder else 0)


def _to_uint160(value: int) -> int:
    if value > MAX_UINT160:
        raise Revert("")
    return value


# TickMath


@lru_cache(maxsize=1 << 14)  # the same initialized ticks and word edges come back in every swap of a pool
def get_sqrt_ratio_at_tick(tick: int) -> int:
    """sqrt(1.0001 ** tick) in Q64.96, rounded up so get_tick_at_sqrt_ratio of it gives the tick back."""
    abs_tick = abs(tick)
    if abs_tick > MAX_TICK:
        raise Revert("T")
    ratio = _TICK_FACTORS[0] if abs_tick & 1 else 1 << 128
    for bit in range(1, len(_TICK_FACTORS)):
        if abs_tick >> bit & 1:
            ratio = ratio * _TICK_FACTORS[bit] >> 128  # truncating at each product, in this order, as on chain
    if tick > 0:
        ratio = MAX_UINT256 // ratio  # the Q128.128 reciprocal, as uint256 max (not 2**256) divided
    return (ratio >> 32) + (1 if ratio & 0xFFFFFFFF else 0)


def get_tick_at_sqrt_ratio(sqrt_price_x96: int) -> int:
    """The greatest tick whose sqrt ratio is <= sqrt_price_x96, by the contract's fixed-point log2."""
    if not MIN_SQRT_RATIO <= sqrt_price_x96 < MAX_SQRT_RATIO:
        raise Revert("R")
    ratio = sqrt_price_x96 << 32  # Q128.128
    msb = ratio.bit_length() - 1
    # normalise to [2**127, 2**128): the mantissa whose square's overflow bit gives each fractional log2 bit
    r = ratio >> (msb - 127) if msb >= 128 else ratio << (127 - msb)
    log_2 = (msb - 128) << 64  # Q64.64, negative below 1.0; Python's | acts on it as two's complement
    for bit in range(63, 49, -1):  # 14 fractional bits: enough to bracket the tick between two candidates
        r = r * r >> 127
        overflow = r >> 128
        log_2 |= overflow << bit
        r >>= overflow
    log_sqrt10001 = log_2 * _LOG2_TO_LOG_SQRT10001
    tick_low = (log_sqrt10001 - _TICK_LOW_ERROR) >> 128
    tick_high = (log_sqrt10001 + _TICK_HIGH_ERROR) >> 128
    if tick_low == tick_high:
        return tick_low
    return tick_high if get_sqrt_ratio_at_tick(tick_high) <= sqrt_price_x96 else tick_low


# SqrtPriceMath


def get_next_sqrt_price_from_amount0_rounding_up(sqrt_price_x96: int, liquidity: int, amount: int, add: bool) -> int:
    """The price after adding (removing) `amount` of token0, rounded up: L * P / (L + amount * P)."""
    if amount == 0:
        return sqrt_price_x96  # the formula need not give the price back exactly
    numerator1 = liquidity << 96
    product = amount * sqrt_price_x96
    if add:
        # the contract detects uint256 overflow of the product or of the denominator and then divides in another
        # order, L / (L / P + amount), which rounds differently
        if product <= MAX_UINT256 and numerator1 + product <= MAX_UINT256:
            return mul_div_rounding_up(numerator1, sqrt_price_x96, numerator1 + product)
        divisor = numerator1 // sqrt_price_x96 + amount
        if divisor > MAX_UINT256:
            raise Revert("")
        return div_rounding_up(numerator1, divisor)
    if product > MAX_UINT256 or numerator1 <= product:
        raise Revert("")
    return _to_uint160(mul_div_rounding_up(numerator1, sqrt_price_x96, numerator1 - product))


def get_next_sqrt_price_from_amount1_rounding_down(sqrt_price_x96: int, liquidity: int, amount: int, add: bool) -> int:
    """The price after adding (removing) `amount` of token1, rounded down: P +- amount / L."""
    if add:
        # the contract shifts below 2**160 and uses mulDiv above; both are floor(amount * 2**96 / L)
        quotient = (amount << 96) // liquidity if amount <= MAX_UINT160 else mul_div(amount, Q96, liquidity)
        result = sqrt_price_x96 + quotient
        if result > MAX_UINT256:
            raise Revert("")
        return _to_uint160(result)
    quotient = (
        div_rounding_up(amount << 96, liquidity)
        if amount <= MAX_UINT160
        else mul_div_rounding_up(amount, Q96, liquidity)
    )
    if sqrt_price_x96 <= quotient:
        raise Revert("")
    return sqrt_price_x96 - quotient


def get_next_sqrt_price_from_input(sqrt_price_x96: int, liquidity: int, amount_in: int, zero_for_one: bool) -> int:
    """Rounded so the price never passes the target the input could reach."""
    if sqrt_price_x96 == 0 or liquidity == 0:
        raise Revert("")
    if zero_for_one:
        return get_next_sqrt_price_from_amount0_rounding_up(sqrt_price_x96, liquidity, amount_in, True)
    return get_next_sqrt_price_from_amount1_rounding_down(sqrt_price_x96, liquidity, amount_in, True)


def get_next_sqrt_price_from_output(sqrt_price_x96: int, liquidity: int, amount_out: int, zero_for_one: bool) -> int:
    """Rounded so the price passes the point where `amount_out` is paid."""
    if sqrt_price_x96 == 0 or liquidity == 0:
        raise Revert("")
    if zero_for_one:
        return get_next_sqrt_price_from_amount1_rounding_down(sqrt_price_x96, liquidity, amount_out, False)
    return get_next_sqrt_price_from_amount0_rounding_up(sqrt_price_x96, liquidity, amount_out, False)


def get_amount0_delta(sqrt_ratio_a_x96: int, sqrt_ratio_b_x96: int, liquidity: int, round_up: bool) -> int:
    """Token0 between two prices: L * (B - A) / (A * B), divided by B then by A."""
    low, high = sorted((sqrt_ratio_a_x96, sqrt_ratio_b_x96))
    if low == 0:
        raise Revert("")
    numerator1 = liquidity << 96
    numerator2 = high - low
    if round_up:
        return div_rounding_up(mul_div_rounding_up(numerator1, numerator2, high), low)
    return mul_div(numerator1, numerator2, high) // low


def get_amount1_delta(sqrt_ratio_a_x96: int, sqrt_ratio_b_x96: int, liquidity: int, round_up: bool) -> int:
    """Token1 between two prices: L * (B - A) / 2**96."""
    low, high = sorted((sqrt_ratio_a_x96, sqrt_ratio_b_x96))
    if round_up:
        return mul_div_rounding_up(liquidity, high - low, Q96)
    return mul_div(liquidity, high - low, Q96)


# SwapMath


def compute_swap_step(
    sqrt_ratio_current_x96: int,
    sqrt_ratio_target_x96: int,
    liquidity: int,
    amount_remaining: int,
    fee_pips: int,
) -> tuple[int, int, int, int]:
    """One step of a swap towards the target price: (sqrt price reached, amount in, amount out, fee).

    `amount_remaining` > 0 is input still to sell (the fee included), < 0 output still to buy. The fee is
    charged on the input: on a step that reaches its target it is amount_in's share rounded up, on the last
    step of an exact-input swap it is whatever of the input the price move did not use.
    """
    zero_for_one = sqrt_ratio_current_x96 >= sqrt_ratio_target_x96
    exact_in = amount_remaining >= 0
    amount_in = amount_out = 0
    if exact_in:
        remaining_less_fee = mul_div(amount_remaining, PIPS - fee_pips, PIPS)
        amount_in = (
            get_amount0_delta(sqrt_ratio_target_x96, sqrt_ratio_current_x96, liquidity, True)
            if zero_for_one
            else get_amount1_delta(sqrt_ratio_current_x96, sqrt_ratio_target_x96, liquidity, True)
        )
        if remaining_less_fee >= amount_in:
            sqrt_ratio_next_x96 = sqrt_ratio_target_x96
        else:
            sqrt_ratio_next_x96 = get_next_sqrt_price_from_input(
                sqrt_ratio_current_x96, liquidity, remaining_less_fee, zero_for_one
            )
    else:
        amount_out = (
            get_amount1_delta(sqrt_ratio_target_x96, sqrt_ratio_current_x96, liquidity, False)
            if zero_for_one
            else get_amount0_delta(sqrt_ratio_current_x96, sqrt_ratio_target_x96, liquidity, False)
        )
        if -amount_remaining >= amount_out:
            sqrt_ratio_next_x96 = sqrt_ratio_target_x96
        else:
            sqrt_ratio_next_x96 = get_next_sqrt_price_from_output(
                sqrt_ratio_current_x96, liquidity, -amount_remaining, zero_for_one
            )

    reached = sqrt_ratio_next_x96 == sqrt_ratio_target_x96
    # a full step keeps the amount computed against the target; a partial one recomputes both from the price reached
    if zero_for_one:
        if not (reached and exact_in):
            amount_in = get_amount0_delta(sqrt_ratio_next_x96, sqrt_ratio_current_x96, liquidity, True)
        if not (reached and not exact_in):
            amount_out = get_amount1_delta(sqrt_ratio_next_x96, sqrt_ratio_current_x96, liquidity, False)
    else:
        if not (reached and exact_in):
            amount_in = get_amount1_delta(sqrt_ratio_current_x96, sqrt_ratio_next_x96, liquidity, True)
        if not (reached and not exact_in):
            amount_out = get_amount0_delta(sqrt_ratio_current_x96, sqrt_ratio_next_x96, liquidity, False)

    if not exact_in and amount_out > -amount_remaining:
        amount_out = -amount_remaining  # the rounded-up price may pay a little more than asked: never more
    if exact_in and not reached:
        fee_amount = amount_remaining - amount_in
    else:
        fee_amount = mul_div_rounding_up(amount_in, fee_pips, PIPS - fee_pips)
    return sqrt_ratio_next_x96, amount_in, amount_out, fee_amount


# LiquidityMath


def add_delta(liquidity: int, delta: int) -> int:
    """uint128 liquidity plus an int128 delta: "LS" when it would go below 0, "LA" above uint128."""
    result = liquidity + delta
    if delta < 0 and result < 0:
        raise Revert("LS")
    if delta >= 0 and result > MAX_UINT128:
        raise Revert("LA")
    return result
