"""A Curve metapool: a coin against a base pool's LP token, priced at the base pool's virtual price.

Its own two coins are a `StablePool` whose rates are the coin's (10**(36 - decimals), or RAI's redemption
price, as read at the block) and the base pool's virtual price. That price is what the contract uses at the
block's time: the one it cached (`base_virtual_price`) while `base_cache_updated` is at most
BASE_CACHE_EXPIRES seconds old, otherwise the base pool's own `get_virtual_price()`, computed here from the
base pool and its LP token's supply (a metapool without a cache, as the factory's, always asks the base pool).
An `exchange` that finds the cache expired stores the price it used.

`get_dy_underlying` swaps the base pool's coins through the metapool as the contract quotes it: a base coin
deposited into the base pool (`calc_token_amount`, less half the base pool's fee), then the metapool's swap,
then, for a base coin out, a withdrawal of one coin (`calc_withdraw_one_coin`); two base coins, the base
pool's own `get_dy`. Routes take only the metapool's own coins (`exchange`): swapdesk's router does not call
`exchange_underlying`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cached_property

from swapdesk.engine.routing.stableswap.base import calc_token_amount, calc_withdraw_one_coin, virtual_price
from swapdesk.engine.routing.stableswap.math import (
    FEE_DENOMINATOR,
    PRECISION,
    Reverted,
    _div,
    _u,
    get_d,
    get_y,
    xp_of,
)
from swapdesk.engine.routing.stableswap.pool import StablePool

BASE_CACHE_EXPIRES = 10 * 60  # seconds: the metapool templates' cache of the base pool's virtual price
META_COINS = 2


@dataclass(frozen=True)
class MetaPool:
    own: StablePool  # coin 0 and the base LP token; rates[0] is coin 0's, rates[1] is replaced by the price used
    base: StablePool  # the base pool, plain (its rates 10**(36 - decimals))
    base_supply: int  # the base pool's LP tokens in existence
    cached_price: int  # base_virtual_price
    cached_at: int  # base_cache_updated
    cache_expires: int | None = BASE_CACHE_EXPIRES  # None: the contract asks the base pool every time
    redemption_snap: str | None = None  # RAI's metapool: where coin 0's rate is read (its price / 10**9)

    def __post_init__(self) -> None:
        if len(self.own.coins) != META_COINS:
            raise ValueError(f"a metapool has a coin and the base pool's LP token; not {self.own.coins}")

    @property
    def address(self) -> str:
        return self.own.address

    @property
    def source(self) -> str:
        return self.own.source

    @property
    def timestamp(self) -> int:
        return self.own.timestamp

    def tokens(self) -> tuple[str, ...]:
        return self.own.coins

    def at(self, timestamp: int) -> MetaPool:
        if timestamp == self.timestamp:
            return self
        return replace(self, own=self.own.at(timestamp), base=self.base.at(timestamp))

    def _expired(self) -> bool:
        return self.cache_expires is None or self.timestamp > self.cached_at + self.cache_expires

    @cached_property
    def base_price(self) -> int:
        """The base pool's virtual price the contract uses at this time (`_vp_rate_ro`)."""
        return virtual_price(self.base, self.base_supply) if self._expired() else self.cached_price

    @cached_property
    def priced(self) -> StablePool:
        """The metapool's own coins with the rates its exchange uses at this time."""
        return replace(self.own, rates=(self.own.rates[0], self.base_price))

    # -- the metapool's own coins: what routes take ---------------------------------------------

    def get_dy(self, i: int, j: int, dx: int) -> int:
        return self.priced.get_dy(i, j, dx)

    def amount_out(self, token_in: str, token_out: str, amount_in: int) -> int:
        return self.priced.amount_out(token_in, token_out, amount_in)

    def amounts_out(self, token_in: str, token_out: str, amounts: list[int]) -> list[int]:
        return self.priced.amounts_out(token_in, token_out, amounts)

    def exchange(self, i: int, j: int, dx: int) -> tuple[int, MetaPool]:
        """What `exchange(i, j, dx, 0)` pays, and the metapool after it (its cache refreshed if it had expired)."""
        price = self.base_price
        paid, after = self.priced.exchange(i, j, dx)
        own = replace(after, rates=self.own.rates)
        if self._expired() and self.cache_expires is not None:
            return paid, replace(self, own=own, cached_price=price, cached_at=self.timestamp)
        return paid, replace(self, own=own)

    def swap(self, token_in: str, token_out: str, amount_in: int) -> tuple[int, MetaPool]:
        return self.exchange(self.own.coins.index(token_in), self.own.coins.index(token_out), amount_in)

    def marginal(self, token_in: str, token_out: str) -> Fraction:
        return self.priced.marginal(token_in, token_out)

    def gas(self, token_in: str, token_out: str, amount_in: int) -> int:
        return self.own.gas(token_in, token_out, amount_in)

    # -- the base pool's coins through the metapool ----------------------------------------------

    def get_dy_underlying(self, i: int, j: int, dx: int) -> int:
        """The contract's `get_dy_underlying(i, j, dx)`: index 0 is coin 0, 1.. the base pool's coins."""
        last = META_COINS - 1
        n_base = len(self.base.coins)
        if not (0 <= i <= last + n_base - 1 and 0 <= j <= last + n_base - 1) or i == j:
            raise Reverted("coin index")
        pool, price = self.priced, self.base_price
        rates = pool.rates
        xp = xp_of(pool.balances, rates)
        base_i, base_j = i - last, j - last
        meta_i, meta_j = (i if base_i < 0 else last), (j if base_j < 0 else last)
        if base_i < 0:
            x = _u(xp[i] + _u(dx * rates[i]) // PRECISION)
        elif base_j < 0:
            deposit = [0] * n_base
            deposit[base_i] = dx
            x = _u(calc_token_amount(self.base, deposit, True, self.base_supply) * price) // PRECISION
            x = _u(x - _u(x * self.base.fee) // (2 * FEE_DENOMINATOR))  # the deposit's fee, roughly
            x = _u(x + xp[last])
        else:
            return self.base.get_dy(base_i, base_j, dx)
        d = get_d(xp, pool.amp, pool.variant)
        dy = _u(xp[meta_j] - get_y(meta_i, meta_j, x, xp, pool.amp, d, pool.variant) - 1)
        dy = _u(dy - _u(pool.fee * dy) // FEE_DENOMINATOR)
        if base_j < 0:
            return _div(_u(dy * PRECISION), rates[j])
        return calc_withdraw_one_coin(self.base, _div(_u(dy * PRECISION), price), base_j, self.base_supply)
