"""A Curve StableSwap pool (2 to 4 coins) as its contract holds it at a block, and what it does.

The state is what the contract stores (balances, per-coin rates, fee, admin fee, the four numbers of A's
ramp as the contract stores them) and the timestamp of the block it was read at: A is computed from the
ramp at that time, as `_A()` does in the block, and `at` moves the pool to another time. `amount_out` and
`swap` are what `exchange` pays, the pool after a swap is what the contract keeps (the admin's share of the
fee leaves the balances), and `get_dy` is the pool's own quote, which may round differently.

Rates are 10**(36 - decimals) for plain coins (`plain_rates`); a metapool's or a stableswap-ng pool's rates
are whatever the contract would use at that block, given by whoever reads the pool. A stableswap-ng pool's fee
grows off peg by its `offpeg` multiplier (`math.dynamic_fee`); the other generations' fee is `fee` itself.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property

from swapdesk.engine.routing.stableswap.grid import dy_xp_grid
from swapdesk.engine.routing.stableswap.math import (
    CLASSIC,
    FEE_DENOMINATOR,
    PRECISION,
    UINT256_MAX,
    Reverted,
    Variant,
    amp_at,
    dy_xp,
    dynamic_fee,
    exchange_amounts,
    get_d,
    get_dy_amount,
    xp_of,
)

MIN_COINS, MAX_COINS = 2, 4
HOP_GAS = 110_000  # the approval, exchange's D and y, the balance reads


def plain_rates(decimals: Iterable[int]) -> tuple[int, ...]:
    """The rates of coins that are what they hold (no lending, no base pool): 10**(36 - decimals)."""
    return tuple(10 ** (36 - d) for d in decimals)


@dataclass(frozen=True)
class StablePool:
    address: str
    source: str
    coins: tuple[str, ...]
    balances: tuple[int, ...]
    rates: tuple[int, ...]
    fee: int  # of FEE_DENOMINATOR (10**10)
    admin_fee: int  # the admin's share of the fee, of FEE_DENOMINATOR
    initial_a: int  # the ramp, as the contract stores it (times A_PRECISION in the later pools)
    future_a: int
    initial_a_time: int
    future_a_time: int
    timestamp: int  # of the block the state is at: A's ramp is evaluated there
    variant: Variant = field(default=CLASSIC)
    offpeg: int = 0  # stableswap-ng's offpeg_fee_multiplier (of FEE_DENOMINATOR); unused by the others
    reads_rates: bool = False  # its rates are read at each block (`stored_rates()`): they move without logs

    def __post_init__(self) -> None:
        n = len(self.coins)
        if not MIN_COINS <= n <= MAX_COINS or len(self.balances) != n or len(self.rates) != n:
            raise ValueError(f"a StableSwap pool has 2 to 4 coins, each with a balance and a rate; not {self}")

    def tokens(self) -> tuple[str, ...]:
        return self.coins

    def at(self, timestamp: int) -> StablePool:
        """The same pool in a block at `timestamp` (A moves on a ramp; nothing else does by itself)."""
        return self if timestamp == self.timestamp else replace(self, timestamp=timestamp)

    @cached_property
    def amp(self) -> int:
        """A at the pool's timestamp as the math uses it (`_A()`, times A_PRECISION in the later pools)."""
        return amp_at(self.initial_a, self.initial_a_time, self.future_a, self.future_a_time, self.timestamp)

    @property
    def a(self) -> int:
        """What the contract's `A()` answers."""
        return self.amp // self.variant.a_precision

    @cached_property
    def _xp(self) -> list[int]:
        return xp_of(self.balances, self.rates)

    @cached_property
    def _invariant(self) -> int:
        """D at the pool's balances and A: every exchange from this state starts from it."""
        return get_d(self._xp, self.amp, self.variant)

    def _dy(self, i: int, j: int, dx: int) -> int:
        n = len(self.coins)
        if i == j or not (0 <= i < n and 0 <= j < n):
            raise Reverted("coin index")
        return dy_xp(i, j, dx, self._xp, self.rates, self.amp, self._invariant, self.variant)

    def _fee(self, i: int, j: int, dx: int, dy: int) -> int:
        """The fee of this exchange: stableswap-ng's at the mean of xp before and after it, else `fee`."""
        if not self.variant.dynamic_fee:
            return self.fee
        xp = self._xp
        x = xp[i] + _div_precision(dx * self.rates[i])
        y = xp[j] - dy - 1
        return dynamic_fee((xp[i] + x) // 2, (xp[j] + y) // 2, self.fee, self.offpeg)

    def get_dy(self, i: int, j: int, dx: int) -> int:
        """The contract's `get_dy(i, j, dx)`; `Reverted` where it reverts."""
        pool = self
        if self.variant.get_dy_a_whole and self.amp % self.variant.a_precision:
            # stableswap-ng's views contract computes with A() * A_PRECISION: the ramp's fraction of A dropped
            pool = _at_amp(self, self.amp // self.variant.a_precision * self.variant.a_precision)
        dy = pool._dy(i, j, dx)
        return get_dy_amount(dy, self.rates[j], pool._fee(i, j, dx, dy), self.variant)

    def _paid(self, i: int, j: int, dx: int) -> tuple[int, int]:
        """What `exchange` pays and what it takes out of balances[j] (that and the admin's share of the fee)."""
        dy = self._dy(i, j, dx)
        paid, admin = exchange_amounts(dy, self.rates[j], self._fee(i, j, dx, dy), self.admin_fee)
        if paid + admin > self.balances[j] or self.balances[i] + dx > UINT256_MAX:
            raise Reverted("the pool cannot pay that much")
        return paid, paid + admin

    def exchange(self, i: int, j: int, dx: int) -> tuple[int, StablePool]:
        """What `exchange(i, j, dx, 0)` pays, and the pool as the contract keeps it afterwards."""
        paid, taken = self._paid(i, j, dx)
        balances = list(self.balances)
        balances[i] += dx
        balances[j] -= taken
        return paid, replace(self, balances=tuple(balances))

    def amount_out(self, token_in: str, token_out: str, amount_in: int) -> int:
        return self._paid(self.coins.index(token_in), self.coins.index(token_out), amount_in)[0]

    def amounts_out(self, token_in: str, token_out: str, amounts: list[int]) -> list[int]:
        """`amount_out` of each amount, 0 where the pool cannot take it (and for 0): D computed once, what leaves
        xp[j] by `dy_xp_grid`, then `_paid`'s payout and checks written out (`exchange_amounts` itself where a
        uint256 bound or a zero rate is near)."""
        i, j = self.coins.index(token_in), self.coins.index(token_out)
        try:
            d = self._invariant
        except Reverted:  # every exchange reverts
            return [0] * len(amounts)
        if i == j:
            return [0] * len(amounts)
        dys = iter(dy_xp_grid(i, j, [a for a in amounts if a > 0], self._xp, self.rates, self.amp, d, self.variant))
        rate_j, fee, admin_fee = self.rates[j], self.fee, self.admin_fee
        balance_i, balance_j = self.balances[i], self.balances[j]
        dynamic = self.variant.dynamic_fee
        outs = []
        for amount in amounts:
            dy = next(dys) if amount > 0 else None
            if dy is None or balance_i + amount > UINT256_MAX:
                outs.append(0)
                continue
            if dynamic:
                try:
                    fee = self._fee(i, j, amount, dy)
                except Reverted:
                    outs.append(0)
                    continue
            plain = rate_j > 0 and 0 <= fee <= FEE_DENOMINATOR and admin_fee >= 0
            dy_fee = dy * fee // FEE_DENOMINATOR
            paid, admin = (dy - dy_fee) * PRECISION, dy_fee * admin_fee // FEE_DENOMINATOR * PRECISION
            if plain and dy * fee <= UINT256_MAX and paid <= UINT256_MAX and admin <= UINT256_MAX:
                paid, admin = paid // rate_j, admin // rate_j
            else:
                try:
                    paid, admin = exchange_amounts(dy, rate_j, fee, admin_fee)
                except Reverted:
                    outs.append(0)
                    continue
            outs.append(0 if paid + admin > balance_j else paid)
        return outs

    def swap(self, token_in: str, token_out: str, amount_in: int) -> tuple[int, StablePool]:
        return self.exchange(self.coins.index(token_in), self.coins.index(token_out), amount_in)

    def gas(self, token_in: str, token_out: str, amount_in: int) -> int:
        return HOP_GAS

    def marginal(self, token_in: str, token_out: str) -> Fraction:
        """d(out)/d(in) at 0, from the slope of the invariant at the pool's balances, the fee taken.

        The invariant is F(x) = Ann*S + D - Ann*D - D^(n+1) / (n^n * prod(x)) = 0 (S = sum(x), Ann = A*n with
        A as the contract means it, the stored one over A_PRECISION); an exchange keeps D, so
        dx_j/dx_i = -F_i/F_j with F_k = Ann + D^(n+1) / (n^n * prod(x) * x_k). In coin units: times
        rates_i/rates_j.
        """
        i, j = self.coins.index(token_in), self.coins.index(token_out)
        xp = self._xp
        try:
            d = self._invariant
        except Reverted:  # an empty coin: D divides by 0
            return Fraction(0)
        if 0 in xp or d == 0:
            return Fraction(0)
        n = len(xp)
        product = 1
        for x in xp:
            product *= x
        # F_k = (a + e / x_k) / (ap n^n prod(x)) with a = amp n n^n prod(x), e = ap D^(n+1): one Fraction, reduced
        # once, of the same value as the slope times the rates times (1 - fee)
        a, e = self.amp * n * n**n * product, self.variant.a_precision * d ** (n + 1)
        fee = dynamic_fee(xp[i], xp[j], self.fee, self.offpeg) if self.variant.dynamic_fee else self.fee
        top = (a * xp[i] + e) * xp[j] * self.rates[i] * (FEE_DENOMINATOR - fee)
        return Fraction(top, (a * xp[j] + e) * xp[i] * self.rates[j] * FEE_DENOMINATOR)


def _div_precision(value: int) -> int:
    if value > UINT256_MAX:
        raise Reverted("uint256 overflow")
    return value // PRECISION


def _at_amp(pool: StablePool, amp: int) -> StablePool:
    """The pool with A constant at `amp` (as the contract stores it)."""
    return replace(pool, initial_a=amp, future_a=amp, initial_a_time=0, future_a_time=0)
