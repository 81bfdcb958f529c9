"""Price impact: what the size of a trade costs, beyond the pools' fees.

Definition. A quote sends `a_r` of `usedAmountIn` (the amount after swapdesk's
fee) down each route `r` and receives `O = totalAmountOut` in all. Each route's
marginal rate `m_r` is the derivative of its output with respect to its input
at zero, at the state of the quoted block, the pools' own fees included: for a
constant-product pair `(1 - fee) * reserve_out / reserve_in`, for a StableSwap
pool the slope of its invariant at its balances times `(1 - fee)`, for two
hops the product of the two. The impact is

    impact = 1 - O / sum_r(a_r * m_r)

the output's shortfall against the same split at each route's marginal rate,
as a decimal fraction (0.0012 is 0.12 %). It is 0 for a trade too small to
move a price, grows with size, and a split is measured route by route, each
at its own rate. Uniswap's SDK sums route mid prices the same way for split
trades, but its mid price leaves the pool fee out, so its figure counts the
fee as impact; its interface then takes the fee off again, as this
definition does from the start (swapdesk's own fee is reported as `fee`).
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from fractions import Fraction

from swapdesk.engine.routing.pool import Pool
from swapdesk.engine.routing.routes import Route


def marginal(pool: Pool, token_in: str, token_out: str) -> Fraction:
    """`pool.marginal`, kept by the pool as it keeps its grids (`routes.outputs`): pools are immutable, and every
    quote at a state asks the same rates again (the gas rate's best path, the legs' impact)."""
    kept = getattr(pool, "__dict__", None)
    if kept is None:  # a model without an instance dictionary keeps nothing
        return pool.marginal(token_in, token_out)
    rates: dict[tuple[str, str], Fraction] = kept.setdefault("_marginals", {})
    rate = rates.get((token_in, token_out))
    if rate is None:
        rate = rates[token_in, token_out] = pool.marginal(token_in, token_out)
    return rate


def spot_output(legs: Iterable[tuple[Route, int]], pools: dict[str, Pool]) -> Fraction:
    """What the legs would give if every unit got its route's marginal rate. Summed as one numerator and
    denominator, reduced once: Fraction's own arithmetic reduces at every step (a gcd each), the larger
    part of a quote's cost after the route values."""
    numerator, denominator = 0, 1
    for route, amount in legs:
        top, bottom = amount, 1
        for hop in route.hops:
            rate = marginal(pools[hop.pool], hop.token_in, hop.token_out)
            top, bottom = top * rate.numerator, bottom * rate.denominator
        numerator, denominator = numerator * bottom + top * denominator, denominator * bottom
    return Fraction(numerator, denominator)


def price_impact(total_out: int, spot: Fraction) -> Decimal:
    if spot == 0:
        return Decimal(0)
    shortfall = 1 - total_out / spot
    # pools round outputs down, so no output beats its marginal rate (tests/engine/test_marginal_rates.py);
    # the floor keeps a future pool model's rounding from showing a negative impact
    return max(Decimal(0), Decimal(shortfall.numerator) / Decimal(shortfall.denominator))
