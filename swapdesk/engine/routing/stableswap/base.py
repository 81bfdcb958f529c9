"""What a metapool asks of its base pool: the base pool's LP token priced (`get_virtual_price`), a deposit of
one coin in LP tokens (`calc_token_amount`) and a withdrawal of one coin (`calc_withdraw_one_coin`), step for
step as the classic (3pool) and later base pools compute them. The base pool is a plain `StablePool` (rates
10**(36 - decimals)); its LP token's total supply is given, as the contract reads it from its token.
"""

from __future__ import annotations

from swapdesk.engine.routing.stableswap.math import (
    FEE_DENOMINATOR,
    PRECISION,
    ROUNDS,
    Reverted,
    Variant,
    _div,
    _u,
    get_d,
    xp_of,
)
from swapdesk.engine.routing.stableswap.pool import StablePool


def virtual_price(base: StablePool, supply: int) -> int:
    """`get_virtual_price()`: D per LP token, 18 decimals."""
    return _div(_u(get_d(xp_of(base.balances, base.rates), base.amp, base.variant) * PRECISION), supply)


def calc_token_amount(base: StablePool, amounts: list[int], deposit: bool, supply: int) -> int:
    """`calc_token_amount(amounts, deposit)`: the LP tokens the change of D is worth, no fee."""
    d0 = get_d(xp_of(base.balances, base.rates), base.amp, base.variant)
    after = tuple(_u(b + a) if deposit else _u(b - a) for b, a in zip(base.balances, amounts, strict=True))
    d1 = get_d(xp_of(after, base.rates), base.amp, base.variant)
    return _div(_u(_u(d1 - d0 if deposit else d0 - d1) * supply), d0)


def calc_withdraw_one_coin(base: StablePool, amount: int, i: int, supply: int) -> int:
    """`calc_withdraw_one_coin(amount, i)`: coin i for `amount` LP tokens, the imbalance fee taken."""
    n, amp, variant = len(base.coins), base.amp, base.variant
    xp = xp_of(base.balances, base.rates)
    d0 = get_d(xp, amp, variant)
    d1 = _u(d0 - _div(_u(amount * d0), supply))
    new_y = _get_y_d(amp, i, xp, d1, variant)
    _u(xp[i] - new_y)  # the contract's fee-less amount, which reverts first where this underflows
    fee = base.fee * n // (4 * (n - 1))
    reduced = list(xp)
    for k in range(n):
        expected = _u(_div(_u(xp[k] * d1), d0) - new_y) if k == i else _u(xp[k] - _div(_u(xp[k] * d1), d0))
        reduced[k] = _u(reduced[k] - _u(fee * expected) // FEE_DENOMINATOR)
    dy = _u(reduced[i] - _get_y_d(amp, i, reduced, d1, variant))
    return _div(_u(dy - 1), base.rates[i] // PRECISION)  # the pool's PRECISION_MUL


def _get_y_d(amp: int, i: int, xp: list[int], d: int, variant: Variant) -> int:
    """`get_y_D`: xp[i] once D is `d` and the other coins are kept."""
    n, ap = len(xp), variant.a_precision
    ann = amp * n
    c, s = d, 0
    for k in range(n):
        if k == i:
            continue
        s += xp[k]
        c = _div(_u(c * d), xp[k] * n)
    c = _div(_u(c * d * ap), ann * n)
    b = _u(s + _div(_u(d * ap), ann))
    y = d
    for _ in range(ROUNDS):
        previous = y
        y = _div(_u(y * y + c), _u(_u(2 * y + b) - d))
        if abs(y - previous) <= 1:
            return y
    if variant.reverts_unconverged:
        raise Reverted("y did not converge")
    return y
