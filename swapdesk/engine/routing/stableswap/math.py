"""Curve StableSwap's integer math, step for step as the pools' Vyper computes it.

Three generations of pools share it. The classic ones (3pool, hbtc, ren: Vyper 0.2.4) store A as it is, keep
the last D or y when 255 rounds do not converge, and have `get_dy` convert to coin units before it takes the
fee. The later ones (aave, saave, steth, eurs, ib, link, the RAI metapool: Vyper 0.2.8 and on) store A times
A_PRECISION = 100, revert when D or y does not converge, and have `get_dy` round as `exchange` does.
stableswap-ng pools (Vyper 0.3.10 and on) are later pools whose D divides by n**n once per round rather than
by n at each coin, and whose fee grows off peg (`dynamic_fee`, from `offpeg_fee_multiplier`). `Variant` says
which; its fields are separate because some pools in between mix them.

`exchange` always takes the fee in xp units (18 decimals) and then converts to coin units, so a classic
pool's `get_dy` may differ from what `exchange` pays by a unit of the coin; `exchange_amounts` is the payout,
`get_dy_amount` the quote. Vyper reverts on uint256 overflow and underflow and on division by 0: so does
this module (`Reverted`), where the contract would.
"""

from __future__ import annotations

from dataclasses import dataclass

PRECISION = 10**18
FEE_DENOMINATOR = 10**10
UINT256_MAX = 2**256 - 1
ROUNDS = 255


class Reverted(ValueError):
    """The contract would revert here: the pool cannot take the trade (or its state is broken)."""


@dataclass(frozen=True)
class Variant:
    a_precision: int  # how the contract stores A: 1 (classic) or 100 (later pools' A_precise)
    reverts_unconverged: bool  # later pools revert after 255 rounds; the classic ones keep the last value
    get_dy_fee_in_xp: bool  # later pools' get_dy takes the fee before converting to coin units, as exchange does
    d_by_n_once: bool = False  # stableswap-ng: D_P = D_P * D / x for each coin, then / n**n
    dynamic_fee: bool = False  # stableswap-ng: the fee of each exchange grows off peg (offpeg_fee_multiplier)
    get_dy_a_whole: bool = False  # stableswap-ng's get_dy (its views contract) takes A() * 100, not A_precise()


CLASSIC = Variant(a_precision=1, reverts_unconverged=False, get_dy_fee_in_xp=False)
LATER = Variant(a_precision=100, reverts_unconverged=True, get_dy_fee_in_xp=True)
NG = Variant(
    a_precision=100,
    reverts_unconverged=True,
    get_dy_fee_in_xp=True,
    d_by_n_once=True,
    dynamic_fee=True,
    get_dy_a_whole=True,
)


def _u(value: int) -> int:
    """`value` as a uint256: products and sums of non-negatives overflow at the end if anywhere, so one check
    at the end of a chain is the contract's check at each step."""
    if value < 0 or value > UINT256_MAX:
        raise Reverted("uint256 overflow or underflow")
    return value


def _div(a: int, b: int) -> int:
    if b == 0:
        raise Reverted("division by 0")
    return a // b


def amp_at(initial_a: int, initial_time: int, future_a: int, future_time: int, timestamp: int) -> int:
    """The contract's `_A()` at `timestamp`: linear from the ramp's start to its end, then the future A."""
    if timestamp >= future_time:
        return future_a
    elapsed, span = _u(timestamp - initial_time), future_time - initial_time
    if future_a > initial_a:
        return initial_a + _div((future_a - initial_a) * elapsed, span)
    return initial_a - _div((initial_a - future_a) * elapsed, span)


def xp_of(balances: tuple[int, ...], rates: tuple[int, ...]) -> list[int]:
    """Balances in the pool's common 18-decimal unit (`_xp`)."""
    return [_u(rate * balance) // PRECISION for rate, balance in zip(rates, balances, strict=True)]


def get_d(xp: list[int], amp: int, variant: Variant) -> int:
    """The invariant D by Newton's method (`get_D`), A as the contract stores it."""
    n, ap = len(xp), variant.a_precision
    s = _u(sum(xp))
    if s == 0:
        return 0
    d, ann = s, amp * n
    for _ in range(ROUNDS):
        d_p = d
        if variant.d_by_n_once:
            for x in xp:
                d_p = _div(_u(d_p * d), x)
            d_p //= n**n
        else:
            for x in xp:
                d_p = _div(_u(d_p * d), x * n)
        previous = d
        numerator = _u((_u(ann * s) // ap + d_p * n) * d)
        d = _div(numerator, _u(_u(_u(ann - ap) * d) // ap + (n + 1) * d_p))
        if abs(d - previous) <= 1:
            return d
    if variant.reverts_unconverged:
        raise Reverted("D did not converge")
    return d


def get_y(i: int, j: int, x: int, xp: list[int], amp: int, d: int, variant: Variant) -> int:
    """xp[j] once xp[i] is `x` and D is kept (`get_y`); `d` is get_D of `xp` at `amp`."""
    n, ap = len(xp), variant.a_precision
    ann = amp * n
    c, s = d, 0
    for k in range(n):
        if k == i:
            xk = x
        elif k != j:
            xk = xp[k]
        else:
            continue
        s += xk
        c = _div(_u(c * d), xk * n)
    c = _div(_u(c * d * ap), ann * n)
    b = _u(s + _div(_u(d * ap), ann))
    y = d
    for _ in range(ROUNDS):  # _div(_u(y * y + c), _u(_u(2 * y + b) - d)), its checks written out (the hot loop)
        previous = y
        top, doubled = y * y + c, 2 * y + b
        if top > UINT256_MAX or doubled > UINT256_MAX or doubled < d:
            raise Reverted("uint256 overflow or underflow")
        if doubled == d:
            raise Reverted("division by 0")
        y = top // (doubled - d)
        if abs(y - previous) <= 1:
            return y
    if variant.reverts_unconverged:
        raise Reverted("y did not converge")
    return y


def dy_xp(i: int, j: int, dx: int, xp: list[int], rates: tuple[int, ...], amp: int, d: int, variant: Variant) -> int:
    """What selling `dx` of coin i takes out of xp[j], before the fee, in xp units (the -1 is the contract's)."""
    x = _u(xp[i] + _u(dx * rates[i]) // PRECISION)
    return _u(xp[j] - get_y(i, j, x, xp, amp, d, variant) - 1)


def dynamic_fee(xpi: int, xpj: int, fee: int, multiplier: int) -> int:
    """stableswap-ng's `_dynamic_fee`: the fee at the mean of the balances before and after, larger off peg;
    the fee itself when the multiplier is at most FEE_DENOMINATOR."""
    if multiplier <= FEE_DENOMINATOR:
        return fee
    xps2 = _u((xpi + xpj) ** 2)
    # unsafe_mul, unsafe_sub and unsafe_add wrap, unsafe_div of 0 is 0: none of them is reached otherwise here
    top = (multiplier * fee) % 2**256
    bottom = (_div(_u((multiplier - FEE_DENOMINATOR) * 4 * xpi * xpj), xps2) + FEE_DENOMINATOR) % 2**256
    return top // bottom if bottom else 0


def exchange_amounts(dy: int, rate_j: int, fee: int, admin_fee: int) -> tuple[int, int]:
    """What `exchange` pays out for `dy` (xp units) and the admin's share of the fee, both in coin j's units:
    the pool's balance of j falls by their sum."""
    dy_fee = _u(dy * fee) // FEE_DENOMINATOR
    paid = _div(_u((dy - dy_fee) * PRECISION), rate_j)
    admin = _div(_u(_u(dy_fee * admin_fee) // FEE_DENOMINATOR * PRECISION), rate_j)
    return paid, admin


def get_dy_amount(dy: int, rate_j: int, fee: int, variant: Variant) -> int:
    """What `get_dy` answers for `dy` (xp units)."""
    if variant.get_dy_fee_in_xp:
        return exchange_amounts(dy, rate_j, fee, 0)[0]
    in_coin = _div(_u(dy * PRECISION), rate_j)
    return _u(in_coin - _u(fee * in_coin) // FEE_DENOMINATOR)
