"""A Uniswap-V2-style pair with its family's fee, as the router computes the output it asks the pair for: the
real UniswapV2Pair's arithmetic at 30 bps (997/1000 and 9970/10000 give the same integers), and the forks'
at theirs (PancakeSwap's 25, BiSwap's 10...)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from swapdesk.engine.routing.pool import Pool

BPS = 10_000
HOP_GAS = 120_000  # the pair's checks, the transfer to it, its swap and sync


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

    def gas(self, token_in: str, token_out: str, amount_in: int) -> int:
        return HOP_GAS

    def marginal(self, token_in: str, token_out: str) -> Fraction:
        """d(out)/d(in) at 0: (1 - fee) * reserve_out / reserve_in."""
        reserve_in, reserve_out = (
            (self.reserve0, self.reserve1) if token_in == self.token0 else (self.reserve1, self.reserve0)
        )
        if reserve_in == 0:
            return Fraction(0)
        return Fraction((BPS - self.fee_bps) * reserve_out, BPS * reserve_in)
