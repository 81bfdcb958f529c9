"""UniswapV3Pool.swap's loop: the amounts it settles and the price, tick and liquidity it leaves.

Fee growth, the oracle and the protocol's share of the fee are left out: none
of them changes an amount paid in or out, or the state a later swap starts
from.
"""

from __future__ import annotations

from typing import NamedTuple

from swapdesk.engine.routing.uniswap_v3.math import (
    MAX_INT256,
    MAX_SQRT_RATIO,
    MAX_TICK,
    MIN_INT256,
    MIN_SQRT_RATIO,
    MIN_TICK,
    Revert,
    add_delta,
    compute_swap_step,
    get_sqrt_ratio_at_tick,
    get_tick_at_sqrt_ratio,
)
from swapdesk.engine.routing.uniswap_v3.ticks import TickTable


class PoolState(NamedTuple):
    """What a swap reads and writes of slot0 and the active liquidity."""

    sqrt_price_x96: int
    tick: int
    liquidity: int


class StepTarget(NamedTuple):
    tick_next: int  # the tick the step heads for: initialized, or the edge of the bitmap word
    initialized: bool
    sqrt_price_next_x96: int  # that tick's price
    sqrt_price_target_x96: int  # the same, or the swap's price limit when that comes first


def check_swap(sqrt_price_x96: int, zero_for_one: bool, sqrt_price_limit_x96: int) -> None:
    """The pool's own refusals: "LOK" before its initialization (the lock starts closed), "SPL" for a limit not
    strictly beyond the price or not strictly inside the price range."""
    if sqrt_price_x96 == 0:
        raise Revert("LOK")
    if zero_for_one:
        valid = MIN_SQRT_RATIO < sqrt_price_limit_x96 < sqrt_price_x96
    else:
        valid = sqrt_price_x96 < sqrt_price_limit_x96 < MAX_SQRT_RATIO
    if not valid:
        raise Revert("SPL")


def step_target(
    ticks: TickTable, tick_spacing: int, tick: int, zero_for_one: bool, sqrt_price_limit_x96: int
) -> StepTarget:
    tick_next, initialized = ticks.next_initialized_tick_within_one_word(tick, tick_spacing, zero_for_one)
    tick_next = min(max(tick_next, MIN_TICK), MAX_TICK)  # the bitmap's words reach past the price range
    price_next = get_sqrt_ratio_at_tick(tick_next)
    beyond_limit = price_next < sqrt_price_limit_x96 if zero_for_one else price_next > sqrt_price_limit_x96
    return StepTarget(tick_next, initialized, price_next, sqrt_price_limit_x96 if beyond_limit else price_next)


def after_step(
    ticks: TickTable, zero_for_one: bool, start: PoolState, target: StepTarget, sqrt_price_x96: int
) -> PoolState:
    """The state once a step from `start` has moved the price to `sqrt_price_x96`."""
    if sqrt_price_x96 == target.sqrt_price_next_x96:
        liquidity = start.liquidity
        if target.initialized:
            net = ticks.net(target.tick_next)
            liquidity = add_delta(liquidity, -net if zero_for_one else net)  # crossing downwards undoes the tick
        # going down the tick becomes tick_next - 1, though the price is tick_next's own: the next search down
        # must start below the tick just crossed (a state get_tick_at_sqrt_ratio would not give)
        return PoolState(sqrt_price_x96, target.tick_next - 1 if zero_for_one else target.tick_next, liquidity)
    if sqrt_price_x96 != start.sqrt_price_x96:
        return PoolState(sqrt_price_x96, get_tick_at_sqrt_ratio(sqrt_price_x96), start.liquidity)
    # the price did not move: the tick stays, even one below the price's own tick as a step down leaves it
    return start


def _int256(value: int) -> int:
    if not MIN_INT256 <= value <= MAX_INT256:
        raise Revert("")
    return value


def swap(
    state: PoolState,
    ticks: TickTable,
    tick_spacing: int,
    fee: int,
    zero_for_one: bool,
    amount_specified: int,
    sqrt_price_limit_x96: int,
) -> tuple[int, int, PoolState]:
    """(amount0, amount1, state after): positive amounts are paid into the pool. `amount_specified` > 0 sells
    exactly that (the fee included), < 0 buys exactly its opposite; either stops early at the price limit."""
    if amount_specified == 0:
        raise Revert("AS")
    check_swap(state.sqrt_price_x96, zero_for_one, sqrt_price_limit_x96)
    exact_input = amount_specified > 0
    remaining, calculated = amount_specified, 0
    while remaining != 0 and state.sqrt_price_x96 != sqrt_price_limit_x96:
        target = step_target(ticks, tick_spacing, state.tick, zero_for_one, sqrt_price_limit_x96)
        price, amount_in, amount_out, fee_amount = compute_swap_step(
            state.sqrt_price_x96, target.sqrt_price_target_x96, state.liquidity, remaining, fee
        )
        if exact_input:
            remaining -= _int256(amount_in + fee_amount)
            calculated = _int256(calculated - _int256(amount_out))
        else:
            remaining += _int256(amount_out)
            calculated = _int256(calculated + _int256(amount_in + fee_amount))
        state = after_step(ticks, zero_for_one, state, target, price)
    specified = amount_specified - remaining
    amount0, amount1 = (specified, calculated) if zero_for_one == exact_input else (calculated, specified)
    return amount0, amount1, state
