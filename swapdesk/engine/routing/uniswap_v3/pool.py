"""A Uniswap V3 pool as the engine's `Pool`: the chain's swap, to the wei.

The router sells an exact input with the widest price limit (MIN_SQRT_RATIO +
1 or MAX_SQRT_RATIO - 1) and refuses a swap that leaves input unconsumed, so
`amount_out` raises ValueError for an amount the pool would stop short of
taking. `swap_exact` is the pool's own swap in full generality (exact output,
any limit), the reference that the recorded Quoter answers check.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cached_property

from swapdesk.engine.routing.uniswap_v3.exact_input import ExactInputPath
from swapdesk.engine.routing.uniswap_v3.math import MAX_INT256, PIPS, get_sqrt_ratio_at_tick
from swapdesk.engine.routing.uniswap_v3.swap import PoolState, swap
from swapdesk.engine.routing.uniswap_v3.ticks import TickTable

_STOPPED = "the pool reaches its price limit before taking the whole input"
HOP_GAS = 105_000  # the factory's word for the pool, its swap and the callback's transfer
TICK_GAS = 25_000  # each initialized tick crossed: the tick's fee growth and the liquidity it changes


@dataclass(frozen=True)
class V3Pool:
    """Immutable: a trade or an event gives a new pool, sharing the tick table when the trade leaves it alone."""

    address: str
    source: str
    token0: str
    token1: str
    fee: int  # pips: 3000 is 0.3 %
    tick_spacing: int
    sqrt_price_x96: int
    tick: int
    liquidity: int
    ticks: TickTable
    # the ticks known, lowest and highest (the bitmap words read around the price); None: every tick of the pool.
    # A swap that would go beyond them is not quoted: what lies there is not known
    window: tuple[int, int] | None = None

    @property
    def state(self) -> PoolState:
        return PoolState(self.sqrt_price_x96, self.tick, self.liquidity)

    def with_state(self, state: PoolState) -> V3Pool:
        return replace(self, sqrt_price_x96=state.sqrt_price_x96, tick=state.tick, liquidity=state.liquidity)

    def tokens(self) -> tuple[str, ...]:
        return (self.token0, self.token1)

    def zero_for_one(self, token_in: str, token_out: str) -> bool:
        """Whether selling `token_in` for `token_out` is the pool's zeroForOne direction."""
        if (token_in, token_out) == (self.token0, self.token1):
            return True
        if (token_in, token_out) == (self.token1, self.token0):
            return False
        raise ValueError(f"{token_in} -> {token_out} is not a direction of pool {self.address}")

    @cached_property
    def _selling_token0(self) -> ExactInputPath:
        edge = get_sqrt_ratio_at_tick(self.window[0]) if self.window else None
        return ExactInputPath(self.state, self.ticks, self.tick_spacing, self.fee, True, edge)

    @cached_property
    def _selling_token1(self) -> ExactInputPath:
        edge = get_sqrt_ratio_at_tick(self.window[1]) if self.window else None
        return ExactInputPath(self.state, self.ticks, self.tick_spacing, self.fee, False, edge)

    def _path(self, token_in: str, token_out: str, amount_in: int) -> ExactInputPath:
        if not 0 < amount_in <= MAX_INT256:  # 0 is answered by the callers; the router casts to int256
            raise ValueError(f"cannot sell {amount_in}")
        return self._selling_token0 if self.zero_for_one(token_in, token_out) else self._selling_token1

    def amount_out(self, token_in: str, token_out: str, amount_in: int) -> int:
        if amount_in == 0:
            return 0
        out = self._path(token_in, token_out, amount_in).amount_out(amount_in)
        if out is None:
            raise ValueError(_STOPPED)
        return out

    def amounts_out(self, token_in: str, token_out: str, amounts: list[int]) -> list[int]:
        """`amount_out` of each amount, 0 where the pool cannot take it (and for 0)."""
        path = self._selling_token0 if self.zero_for_one(token_in, token_out) else self._selling_token1
        return path.amounts_out([a if a <= MAX_INT256 else 0 for a in amounts])

    def swap(self, token_in: str, token_out: str, amount_in: int) -> tuple[int, V3Pool]:
        if amount_in == 0:
            return 0, self
        outcome = self._path(token_in, token_out, amount_in).outcome(amount_in)
        if outcome is None:
            raise ValueError(_STOPPED)
        return outcome.amount_out, self.with_state(outcome.state)

    def swap_exact(
        self, zero_for_one: bool, amount_specified: int, sqrt_price_limit_x96: int
    ) -> tuple[int, int, V3Pool]:
        """UniswapV3Pool.swap: (amount0, amount1, pool after), amounts positive into the pool. `amount_specified`
        > 0 sells exactly that, < 0 buys exactly its opposite; the swap stops early at the price limit. Raises
        `Revert` where the pool reverts (a zero amount, a limit not beyond the price)."""
        amount0, amount1, state = swap(
            self.state, self.ticks, self.tick_spacing, self.fee, zero_for_one, amount_specified, sqrt_price_limit_x96
        )
        return amount0, amount1, self.with_state(state)

    def gas(self, token_in: str, token_out: str, amount_in: int) -> int:
        """The hop's gas with a crossing for each initialized tick between the price and where the swap ends."""
        if amount_in == 0:
            return HOP_GAS
        try:
            outcome = self._path(token_in, token_out, amount_in).outcome(amount_in)
        except ValueError:
            return HOP_GAS
        if outcome is None:  # `swap` refuses it: the pool stops short of taking it
            return HOP_GAS
        low, high = sorted((self.tick, outcome.state.tick))
        crossed = bisect_right(self.ticks.initialized, high) - bisect_right(self.ticks.initialized, low)
        return HOP_GAS + TICK_GAS * crossed

    def marginal(self, token_in: str, token_out: str) -> Fraction:
        """d(out)/d(in) at 0, the fee included: the price (sqrtPriceX96 / 2**96)**2 of token0 in token1, or its
        inverse, times 1 - fee; 0 when no liquidity is active."""
        zero_for_one = self.zero_for_one(token_in, token_out)
        if self.liquidity == 0 or self.sqrt_price_x96 == 0:
            return Fraction(0)
        squared = self.sqrt_price_x96**2  # one Fraction, reduced once: the same value as price times (1 - fee)
        if zero_for_one:
            return Fraction(squared * (PIPS - self.fee), (1 << 192) * PIPS)
        return Fraction((1 << 192) * (PIPS - self.fee), squared * PIPS)
