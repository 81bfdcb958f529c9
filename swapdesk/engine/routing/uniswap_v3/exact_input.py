"""Exact-input swaps to the router's price limit, many amounts for the cost of one.

A swap step that reaches its target charges amount_in plus a fee that depend
only on where the step starts and where it ends, not on the input left: with
R left, the step is taken in full exactly when floor(R * (1e6 - fee) / 1e6)
>= amount_in, that is when R >= amount_in + ceil(amount_in * fee / (1e6 -
fee)), which is what the full step consumes. So the swap of any amount takes
the same full steps as the swap of a larger one, up to the step where its
input runs out, and finishes with one partial step there (which cannot reach
its target: the rounding of the price always leaves it short).

`ExactInputPath` walks the full steps once, as far as the largest amount asked
needs, and remembers at each boundary the input consumed, the output paid and
the pool's state. An amount is then a bisection and at most one partial step;
each tick is crossed once, however many amounts are asked.
"""

from __future__ import annotations

import threading
from bisect import bisect_left
from typing import NamedTuple

from swapdesk.engine.routing.uniswap_v3.math import (
    MAX_INT256,
    MAX_SQRT_RATIO,
    MAX_UINT160,
    MAX_UINT256,
    MIN_SQRT_RATIO,
    PIPS,
    Q96,
    Revert,
    add_delta,
    compute_swap_step,
    get_amount0_delta,
    get_amount1_delta,
    get_next_sqrt_price_from_input,
    get_tick_at_sqrt_ratio,
    mul_div,
)
from swapdesk.engine.routing.uniswap_v3.swap import PoolState, after_step, check_swap, step_target
from swapdesk.engine.routing.uniswap_v3.ticks import TickTable


def router_price_limit(zero_for_one: bool) -> int:
    """The sqrtPriceLimitX96 the router passes for an exact-input swap without a limit of its own."""
    return MIN_SQRT_RATIO + 1 if zero_for_one else MAX_SQRT_RATIO - 1


class SwapOutcome(NamedTuple):
    amount_out: int
    state: PoolState


class ExactInputPath:
    """The boundaries of one pool state's exact-input swap in one direction, computed lazily and kept."""

    def __init__(
        self,
        state: PoolState,
        ticks: TickTable,
        tick_spacing: int,
        fee: int,
        zero_for_one: bool,
        limit: int | None = None,
    ) -> None:
        """`limit`: a price the swap may not pass, besides the router's (the edge of the ticks known)."""
        self._ticks = ticks
        self._tick_spacing = tick_spacing
        self._fee = fee
        self._most_less_fee = MAX_INT256 * (PIPS - fee) // PIPS  # what the largest input leaves for the price
        self._zero_for_one = zero_for_one
        widest = router_price_limit(zero_for_one)
        narrower = limit if limit is not None else widest
        self._limit = max(widest, narrower) if zero_for_one else min(widest, narrower)
        # boundary k: what the swap has consumed (fee included) and paid after its first k steps, and its state
        self._consumed = [0]
        self._paid = [0]
        self._states = [state]
        try:
            check_swap(state.sqrt_price_x96, zero_for_one, self._limit)
            self._complete = False
        except Revert:
            self._complete = True  # the pool's swap would revert for any amount: it can take nothing
        self._lock = threading.Lock()  # extensions append to the lists; readers only look at a prefix

    def outcome(self, amount_in: int) -> SwapOutcome | None:
        """The output of selling `amount_in` (> 0) and the state after; None when the swap would stop at the price
        limit with input left over."""
        k = self._step_ending(amount_in)
        if k is None:
            return None
        if self._consumed[k] == amount_in:
            return SwapOutcome(self._paid[k], self._states[k])
        start = self._states[k - 1]
        price, amount_out = self._last_step(start, amount_in - self._consumed[k - 1])
        tick = start.tick if price == start.sqrt_price_x96 else get_tick_at_sqrt_ratio(price)
        return SwapOutcome(self._paid[k - 1] + amount_out, PoolState(price, tick, start.liquidity))

    def amount_out(self, amount_in: int) -> int | None:
        """`outcome`'s output alone, without the tick it would compute for the state."""
        k = self._step_ending(amount_in)
        if k is None:
            return None
        if self._consumed[k] == amount_in:
            return self._paid[k]
        return self._paid[k - 1] + self._last_step(self._states[k - 1], amount_in - self._consumed[k - 1])[1]

    def amounts_out(self, amounts: list[int]) -> list[int]:
        """The output of each amount; 0 for amounts the pool cannot take in full (and for 0). The last step is
        `_last_step`'s arithmetic written out for the usual case (no uint256 or uint160 bound near), the bounds
        checked, and `_last_step` itself where one is near."""
        if not amounts:
            return []
        self._extend(max(amounts))
        consumed, paid, states, last_step = self._consumed, self._paid, self._states, self._last_step
        zero_for_one, keep = self._zero_for_one, PIPS - self._fee
        end = len(consumed)
        outs = []
        at = -1  # the step the amounts before ended in: its start is what the next amounts in it share
        start, price, liquidity, shifted, product, before_in, before_out = states[0], 0, 0, 0, 0, 0, 0
        for amount in amounts:
            k = bisect_left(consumed, amount, 0, end)
            if amount <= 0 or k == end:
                outs.append(0)
                continue
            if consumed[k] == amount:
                outs.append(paid[k])
                continue
            if k != at:
                at, start = k, states[k - 1]
                price, liquidity = start.sqrt_price_x96, start.liquidity
                shifted, before_in, before_out = liquidity << 96, consumed[k - 1], paid[k - 1]
                product = shifted * price
            less_fee = (amount - before_in) * keep // PIPS
            if less_fee == 0 and liquidity:  # the price does not move: nothing more is paid
                outs.append(before_out)
                continue
            if zero_for_one:
                denominator = shifted + less_fee * price
                if liquidity and denominator <= MAX_UINT256:
                    # getNextSqrtPriceFromAmount0RoundingUp's first formula, then getAmount1Delta rounded down
                    quotient, remainder = divmod(product, denominator)
                    after = quotient + 1 if remainder else quotient
                    outs.append(before_out + (liquidity * (price - after) >> 96))
                    continue
            elif liquidity and less_fee <= MAX_UINT160:
                # getNextSqrtPriceFromAmount1RoundingDown's shift, then getAmount0Delta rounded down
                after = price + (less_fee << 96) // liquidity
                if after <= MAX_UINT160:
                    outs.append(before_out + shifted * (after - price) // after // price)
                    continue
            outs.append(before_out + last_step(start, amount - before_in)[1])
        return outs

    def step_ends(self, amount_in: int) -> list[int]:
        """The inputs (fee included) at which the swap's steps end, from 0, as far as `amount_in` reaches: an
        amount equal to one ends the swap exactly on that step's target."""
        self._extend(amount_in)
        return list(self._consumed)

    def _last_step(self, start: PoolState, amount_remaining: int) -> tuple[int, int]:
        """(price reached, output) of the step that ends the swap short of its target: compute_swap_step's
        branch for it, without the amounts it computes only to find it is that branch or for the fee."""
        zero_for_one, liquidity, price = self._zero_for_one, start.liquidity, start.sqrt_price_x96
        less_fee = mul_div(amount_remaining, PIPS - self._fee, PIPS)
        after = get_next_sqrt_price_from_input(price, liquidity, less_fee, zero_for_one)
        if zero_for_one:
            return after, get_amount1_delta(after, price, liquidity, False)
        return after, get_amount0_delta(price, after, liquidity, False)

    def _step_ending(self, amount_in: int) -> int | None:
        """The first boundary k whose consumed input reaches `amount_in` (> 0): the swap ends exactly there when
        equal, else within the step that leads to it. None when no boundary does: the price limit stops it."""
        self._extend(amount_in)
        consumed = self._consumed
        end = len(consumed)
        k = bisect_left(consumed, amount_in, 0, end)
        return None if k == end else k

    def _extend(self, amount_in: int) -> None:
        """Walk full steps until the boundaries reach `amount_in`, or the price limit."""
        if self._complete or self._consumed[-1] >= amount_in:
            return
        with self._lock:
            while not self._complete and self._consumed[-1] < amount_in:
                self._take_step()

    def _take_step(self) -> None:
        start = self._states[-1]
        if start.liquidity == 0 and not self._initialized_ahead(start.tick):
            # nothing left to trade against: the contract's remaining steps (one per bitmap word, thousands at a
            # tick spacing of 1) consume and pay nothing, and the swap ends at the limit
            limit = self._limit
            self._append(self._consumed[-1], self._paid[-1], PoolState(limit, get_tick_at_sqrt_ratio(limit), 0))
            return
        target = step_target(self._ticks, self._tick_spacing, start.tick, self._zero_for_one, self._limit)
        # as much input as a swap can have: the step reaches its target, and takes what that costs
        full = self._full_step(start.sqrt_price_x96, target.sqrt_price_target_x96, start.liquidity)
        if full is None:
            price, amount_in, amount_out, fee_amount = compute_swap_step(
                start.sqrt_price_x96, target.sqrt_price_target_x96, start.liquidity, MAX_INT256, self._fee
            )
        else:
            price, (amount_in, amount_out, fee_amount) = target.sqrt_price_target_x96, full
        if price == target.sqrt_price_next_x96:  # after_step's usual case: the step ends on the tick it aimed at
            liquidity = start.liquidity
            if target.initialized:
                net = self._ticks.net(target.tick_next)
                liquidity = add_delta(liquidity, -net if self._zero_for_one else net)
            state = PoolState(price, target.tick_next - 1 if self._zero_for_one else target.tick_next, liquidity)
        else:
            state = after_step(self._ticks, self._zero_for_one, start, target, price)
        self._append(self._consumed[-1] + amount_in + fee_amount, self._paid[-1] + amount_out, state)

    def _full_step(self, price: int, target: int, liquidity: int) -> tuple[int, int, int] | None:
        """compute_swap_step's (amount in, amount out, fee) for as much input as a swap can have, written out for
        the case where the step reaches `target` and no uint256 bound is near; None otherwise (the caller then
        runs compute_swap_step itself, which reverts where the contract would)."""
        fee = self._fee
        if price <= 0 or target <= 0:
            return None
        if price >= target:  # down: amount0 in (rounded up), amount1 out (rounded down)
            quotient, remainder = divmod((liquidity << 96) * (price - target), price)
            if quotient >= MAX_UINT256:
                return None
            rounded = quotient + 1 if remainder else quotient
            amount_in = -(-rounded // target)
            amount_out = liquidity * (price - target) >> 96
        else:  # up: amount1 in (rounded up), amount0 out (rounded down)
            quotient, remainder = divmod(liquidity * (target - price), Q96)
            if quotient >= MAX_UINT256:
                return None
            amount_in = quotient + 1 if remainder else quotient
            out = (liquidity << 96) * (target - price) // target
            if out > MAX_UINT256:
                return None
            amount_out = out // price
        if amount_in > self._most_less_fee or amount_out > MAX_UINT256 or fee >= PIPS:
            return None
        quotient, remainder = divmod(amount_in * fee, PIPS - fee)
        if quotient >= MAX_UINT256:
            return None
        return amount_in, amount_out, quotient + 1 if remainder else quotient

    def _append(self, consumed: int, paid: int, state: PoolState) -> None:
        # `consumed` last: readers bisect it, so every boundary they can find is whole
        self._paid.append(paid)
        self._states.append(state)
        self._consumed.append(consumed)
        self._complete = state.sqrt_price_x96 == self._limit

    def _initialized_ahead(self, tick: int) -> bool:
        """Whether the swap could still cross an initialized tick: at or below `tick` going down, above it going up."""
        initialized = self._ticks.initialized
        if not initialized:
            return False
        return initialized[0] <= tick if self._zero_for_one else initialized[-1] > tick
