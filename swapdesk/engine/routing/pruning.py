"""Which routes a quote need not value on its grid: those that provably get no slice.

A route's output for any amount a is at most M * a + C, M the product of its hops' marginal rates and C
a unit of rounding per hop carried through the later hops (`bound`): a V2 pool's output is
`a (1 - fee) R_out / (R_in + a (1 - fee))`, below `a (1 - fee) R_out / R_in`, and a V3 pool's price only
falls as it swaps, each step paying at most its starting price for what is left after the fee. So with k of
P slices (amount `used * k // P`, at most k * used / P) the route gives at most k * B, B = M * used / P + C.

The allocation over the routes valued is checked to be the only optimum and a strict threshold: every
marginal it takes is at least some L > 0, every next slice on offer below L (`optimizer.threshold`). A
route outside them with B < L cannot enter: giving it k slices takes k slices off the others, which loses
at least k L, and gains less than k L, so the optimum over every route is the same one, whichever way the
optimiser finds it (greedy or dynamic programme, whatever the route's shape). The gas weighing asks more:
what the others give without each route used, and the allocation after each route left out, so L is the
smallest marginal taken in any of them (`gas_weighing.worth_their_gas`). StableSwap hops and pools with no active
liquidity have no such bound here: their routes are always valued.
"""

from __future__ import annotations

from swapdesk.engine.routing.impact import marginal
from swapdesk.engine.routing.pool import Pool
from swapdesk.engine.routing.routes import Route
from swapdesk.engine.routing.uniswap_v2 import V2Pool
from swapdesk.engine.routing.uniswap_v3 import V3Pool

FIRST_VALUED = 8  # routes valued before the first check: a split rarely uses more (more are valued if needed)


def bound(route: Route, pools: dict[str, Pool], used: int, parts: int) -> int | None:
    """B rounded up: what one slice's worth of the route's k slices gives at most (k slices give at most
    k * B); None when a hop's kind has no such bound here. In integers over one common denominator: Fraction
    arithmetic would cost more than it saves for a route valued again."""
    top, slack, bottom = 1, 0, 1  # the rate M = top / bottom, the slack C = slack / bottom
    for hop in route.hops:
        pool = pools[hop.pool]
        if type(pool) not in (V2Pool, V3Pool):
            return None
        m = marginal(pool, hop.token_in, hop.token_out)
        if m <= 0:  # a V3 pool with no active liquidity still pays (beyond its next ticks): no bound from 0
            return None
        # C' = C m + 1 and M' = M m, over the denominator times m's
        top, slack, bottom = top * m.numerator, slack * m.numerator + bottom * m.denominator, bottom * m.denominator
    return -(-(top * used + slack * parts) // (bottom * parts))


def first_valued(bounds: list[int | None]) -> set[int]:
    """The routes to value first: every one without a bound, and the most promising by their bound."""
    unbounded = {r for r, b in enumerate(bounds) if b is None}
    ranked = [r for _, r in sorted((-b, r) for r, b in enumerate(bounds) if b is not None)]  # ties: the first first
    return unbounded | set(ranked[:FIRST_VALUED])


def to_value(bounds: list[int | None], valued: set[int], floor: int | None) -> set[int]:
    """The routes not yet valued that could still get a slice: every one, when the split over those valued
    gave no floor (not a strict threshold: see the module's docstring); else those whose bound is not below."""
    if floor is None:
        return set(range(len(bounds))) - valued
    return {r for r, b in enumerate(bounds) if r not in valued and (b is None or b >= floor)}
