"""Pool models whose integer math is the contracts', bit for bit.

`V2Pool` is UniswapV2Pair with its factory's fee (as the router computes the
output it asks for); `StablePool` is StableSwap's `_dy`. Models are immutable:
`swap` returns the output and the pool as it is after the trade, so a split
can be valued in the order the chain will execute it. `amounts_out` values
many amounts at once (the optimiser's grid): the same arithmetic, with what
depends only on the pool's state (a StableSwap pool's invariant D) computed
once. `marginal` is the exact rate of a vanishingly small trade, the pool's
fee included: the reference that price impact is measured against.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cached_property
from typing import Protocol

BPS = 10_000
FEE_DENOMINATOR = 10**10
PRECISION = 10**18


class Pool(Protocol):
    @property
    def address(self) -> str: ...
    @property
    def source(self) -> str: ...

    def tokens(self) -> tuple[str, ...]: ...
    def amount_out(self, token_in: str, token_out: str, amount_in: int) -> int: ...
    def amounts_out(self, token_in: str, token_out: str, amounts: list[int]) -> list[int]:
        """`amount_out` of each amount, 0 where the pool cannot take it (and for 0)."""
        ...

    def swap(self, token_in: str, token_out: str, amount_in: int) -> tuple[int, Pool]: ...
    def marginal(self, token_in: str, token_out: str) -> Fraction: ...


@dataclass(frozen=True)
class V2Pool:
    address: str
    source: str
    token0: str
    token1: str
    reserve0: int
    reserve1: int
    fee_bps: int

    def tokens(self) -> tuple[str, ...]:
        return (self.token0, self.token1)

    def amount_out(self, token_in: str, token_out: str, amount_in: int) -> int:
        reserve_in, reserve_out = (
            (self.reserve0, self.reserve1) if token_in == self.token0 else (self.reserve1, self.reserve0)
        )
        with_fee = amount_in * (BPS - self.fee_bps)
        out = with_fee * reserve_out // (reserve_in * BPS + with_fee)
        if out >= reserve_out:
            raise ValueError("the pool cannot pay that much")
        return out

    def amounts_out(self, token_in: str, token_out: str, amounts: list[int]) -> list[int]:
        reserve_in, reserve_out = (
            (self.reserve0, self.reserve1) if token_in == self.token0 else (self.reserve1, self.reserve0)
        )
        if reserve_in == 0 or reserve_out == 0:
            return [0] * len(amounts)  # amount_out divides by 0 at 0, else cannot pay: nothing either way
        # amount_out's formula; with both reserves above 0 its output stays below reserve_out, and 0 gives 0
        fee, base = BPS - self.fee_bps, reserve_in * BPS
        return [(with_fee := a * fee) * reserve_out // (base + with_fee) for a in amounts]

    def swap(self, token_in: str, token_out: str, amount_in: int) -> tuple[int, Pool]:
        out = self.amount_out(token_in, token_out, amount_in)
        reserves = (
            (self.reserve0 + amount_in, self.reserve1 - out)
            if token_in == self.token0
            else (self.reserve0 - out, self.reserve1 + amount_in)
        )
        return out, V2Pool(self.address, self.source, self.token0, self.token1, *reserves, self.fee_bps)

    def marginal(self, token_in: str, token_out: str) -> Fraction:
        """d(out)/d(in) at 0: (1 - fee) * reserve_out / reserve_in."""
        reserve_in, reserve_out = (
            (self.reserve0, self.reserve1) if token_in == self.token0 else (self.reserve1, self.reserve0)
        )
        if reserve_in == 0:
            return Fraction(0)
        return Fraction((BPS - self.fee_bps) * reserve_out, BPS * reserve_in)


@dataclass(frozen=True)
class StablePool:
    address: str
    source: str
    coins: tuple[str, ...]
    balances: tuple[int, ...]
    decimals: tuple[int, ...]
    amp: int
    fee: int

    def tokens(self) -> tuple[str, ...]:
        return self.coins

    @cached_property
    def _rates(self) -> list[int]:
        return [10 ** (36 - d) for d in self.decimals]

    @cached_property
    def _xp(self) -> list[int]:
        return [r * b // PRECISION for r, b in zip(self._rates, self.balances, strict=True)]

    @cached_property
    def _invariant(self) -> int:
        """D at the pool's balances: every exchange from this state starts from it."""
        return self._d(self._xp)

    def _d(self, xp: list[int]) -> int:
        n = len(xp)
        s = sum(xp)
        if s == 0:
            return 0
        d, ann = s, self.amp * n
        for _ in range(255):
            d_p = d
            for x in xp:
                d_p = d_p * d // (x * n)
            previous = d
            d = (ann * s + d_p * n) * d // ((ann - 1) * d + (n + 1) * d_p)
            if abs(d - previous) <= 1:
                return d
        raise ValueError("D did not converge")

    def _y(self, i: int, j: int, x: int, xp: list[int], d: int) -> int:
        n = len(xp)
        c, s, ann = d, 0, self.amp * n
        for k in range(n):
            if k == i:
                xk = x
            elif k != j:
                xk = xp[k]
            else:
                continue
            s += xk
            c = c * d // (xk * n)
        c = c * d // (ann * n)
        b = s + d // ann
        y = d
        for _ in range(255):
            previous = y
            y = (y * y + c) // (2 * y + b - d)
            if abs(y - previous) <= 1:
                return y
        raise ValueError("y did not converge")

    def amount_out(self, token_in: str, token_out: str, amount_in: int) -> int:
        return self._out(self.coins.index(token_in), self.coins.index(token_out), amount_in)

    def _out(self, i: int, j: int, amount_in: int) -> int:
        rates, xp = self._rates, self._xp
        y = self._y(i, j, xp[i] + amount_in * rates[i] // PRECISION, xp, self._invariant)
        dy = xp[j] - y - 1
        out = (dy - dy * self.fee // FEE_DENOMINATOR) * PRECISION // rates[j]
        if out < 0 or out > self.balances[j]:
            raise ValueError("the pool cannot pay that much")
        return out

    def amounts_out(self, token_in: str, token_out: str, amounts: list[int]) -> list[int]:
        i, j = self.coins.index(token_in), self.coins.index(token_out)
        outs = []
        for amount in amounts:
            try:
                outs.append(self._out(i, j, amount) if amount > 0 else 0)
            except (ValueError, ZeroDivisionError):
                outs.append(0)
        return outs

    def swap(self, token_in: str, token_out: str, amount_in: int) -> tuple[int, Pool]:
        i, j = self.coins.index(token_in), self.coins.index(token_out)
        out = self.amount_out(token_in, token_out, amount_in)
        balances = list(self.balances)
        balances[i] += amount_in
        balances[j] -= out
        return out, replace(self, balances=tuple(balances))

    def marginal(self, token_in: str, token_out: str) -> Fraction:
        """d(out)/d(in) at 0, from the slope of the invariant at the pool's balances.

        The invariant is F(x) = Ann*S + D - Ann*D - D^(n+1) / (n^n * prod(x)) = 0 (S = sum(x),
        Ann = A*n here as in the contract); an exchange keeps D, so dx_j/dx_i = -F_i/F_j with
        F_k = Ann + D^(n+1) / (n^n * prod(x) * x_k). In token units: times rates_i/rates_j, less the fee.
        """
        i, j = self.coins.index(token_in), self.coins.index(token_out)
        rates, xp = self._rates, self._xp
        if 0 in xp:
            return Fraction(0)
        n, d = len(xp), self._invariant
        ann = self.amp * n
        product = 1
        for x in xp:
            product *= x
        c = Fraction(d ** (n + 1), n**n * product)
        slope = (ann + c / xp[i]) / (ann + c / xp[j])
        return slope * Fraction(rates[i], rates[j]) * Fraction(FEE_DENOMINATOR - self.fee, FEE_DENOMINATOR)
