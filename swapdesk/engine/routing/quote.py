"""A same-chain aggregated quote: the best split and the call data that executes it.

Steps: take the state of every pool, the router's fee for the trader and the
tokens' decimals at one block (`reader`); value each candidate route for 0..P
slices of the amount left after the fee, one pass of the P+1 amounts through
each hop; pick the exact best assignment; execute it on the pool models in
the router's order (that is the quote); encode the router call that repeats
exactly that. Each route's value for P slices is its output for the whole
amount: what each source would give alone comes from the same table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from swapdesk.engine.routing.calldata import swap_call_data
from swapdesk.engine.routing.impact import price_impact, spot_output
from swapdesk.engine.routing.optimizer import allocate
from swapdesk.engine.routing.pools import Pool
from swapdesk.engine.routing.reader import Snapshot
from swapdesk.engine.routing.routes import Route, candidates, execute, output, outputs

DEADLINE_SECONDS = 20 * 60
MAX_ROUTES = 32  # the router's bound


class NoRoute(Exception):
    """No pool path joins the two tokens."""


class NoOutput(Exception):
    """Every route gives nothing for the amount: too small to survive rounding, or more than the pools pay."""


class NoLiquidity(Exception):
    """The pools on every path cannot take the amount."""


@dataclass(frozen=True)
class Leg:
    route: Route
    slices: int
    amount: int
    out: int


@dataclass(frozen=True)
class Split:
    used: int
    legs: list[Leg]
    total_out: int
    spot_out: Fraction  # what the same legs would give at their marginal rates (see impact.py)
    alone: dict[str, int]  # each source's best output for the whole amount through its own routes

    def impact(self) -> Decimal:
        return price_impact(self.total_out, self.spot_out)


def best_split(
    pools: dict[str, Pool],
    src: str,
    dst: str,
    used: int,
    parts: int,
    connectors: list[str],
    routes: list[Route] | None = None,
) -> Split:
    """`routes`: the candidates between `src` and `dst`, when the caller keeps them (they change only with
    the chain's set of pools); found from `pools` otherwise."""
    if routes is None:
        routes = candidates(list(pools.values()), src, dst, connectors)
    if not routes:
        raise NoRoute
    slice_amounts = [used * k // parts for k in range(parts + 1)]
    values = [outputs(r, slice_amounts, pools) for r in routes]
    slices = allocate(values, parts)
    if sum(values[r][k] for r, k in enumerate(slices)) == 0:
        raise NoOutput
    chosen = [(r, k) for r, k in zip(routes, slices, strict=True) if k > 0]
    if len(chosen) > MAX_ROUTES:  # keep the largest shares; the router takes 32 routes
        chosen = sorted(chosen, key=lambda rk: -rk[1])[:MAX_ROUTES]
    total_parts = sum(k for _, k in chosen)
    amounts, routed = [], 0
    for n, (_, k) in enumerate(chosen):  # the router's arithmetic, remainder to the last route
        amount = used - routed if n == len(chosen) - 1 else used * k // total_parts
        amounts.append(amount)
        routed += amount
    legs_in = [(r, a) for (r, _), a in zip(chosen, amounts, strict=True)]
    try:
        outs, _ = execute(legs_in, pools)
    except (ValueError, ZeroDivisionError):  # a remainder the valued slice did not show tipped a pool over
        raise NoLiquidity from None
    legs = [Leg(r, k, a, o) for (r, k), a, o in zip(chosen, amounts, outs, strict=True)]
    alone = dict.fromkeys((pool.source for pool in pools.values()), 0)
    for route, row in zip(routes, values, strict=True):  # row[parts]: the whole amount down that route
        alone[route.source] = max(alone[route.source], row[parts])
    return Split(used, legs, sum(outs), spot_output(legs_in, pools), alone)


def smallest_amount(
    pools: dict[str, Pool],
    src: str,
    dst: str,
    connectors: list[str],
    used_of: Callable[[int], int],
    above: int,
    most: int,
) -> int | None:
    """The smallest amount above `above` (which gives nothing) that gives some output on a route, where
    `used_of(amount)` is what reaches the pools; None when nothing up to `most` does (empty pools, or
    `above` was already more than they can pay)."""
    routes = candidates(list(pools.values()), src, dst, connectors)

    def gives(amount: int) -> bool:
        return any(output(route, used_of(amount), pools) > 0 for route in routes)

    low, high = above, min(2 * above, most)
    while not gives(high):  # doubling: at most 256 steps below 2^256
        if high >= most:
            return None
        low, high = high, min(2 * high, most)
    while high - low > 1:  # bisection keeps: nothing at low, some output at high
        middle = (low + high) // 2
        low, high = (low, middle) if gives(middle) else (middle, high)
    return high


def single_source_outputs(
    pools: dict[str, Pool], src: str, dst: str, used: int, connectors: list[str]
) -> dict[str, int]:
    """Each source's best output for the whole amount through its own pools alone."""
    best: dict[str, int] = {}
    for pool in pools.values():
        best.setdefault(pool.source, 0)
    for route in candidates(list(pools.values()), src, dst, connectors):
        best[route.source] = max(best[route.source], output(route, used, pools))
    return best


def whole_percents(weights: list[int]) -> list[int]:
    """Each weight's share in whole percents summing to 100 (largest remainders; ties to the earlier)."""
    total = sum(weights)
    exact = [Decimal(100 * w) / total for w in weights]
    whole = [int(e) for e in exact]
    by_remainder = sorted(range(len(weights)), key=lambda n: exact[n] - whole[n], reverse=True)
    for n in by_remainder[: 100 - sum(whole)]:
        whole[n] += 1
    return whole


def dex_path(split: Split) -> list[str]:
    """'<source>:<percent>' with whole percents summing to 100, the largest first."""
    shares: dict[str, int] = {}
    for leg in split.legs:
        shares[leg.route.source] = shares.get(leg.route.source, 0) + leg.slices
    percents = zip(shares, whole_percents(list(shares.values())), strict=True)
    return [f"{s}:{p}" for s, p in sorted(percents, key=lambda sp: -sp[1])]


def route_shares(split: Split) -> list[tuple[Leg, int]]:
    """Each leg with its share of the amount in whole percents summing to 100, the largest first."""
    percents = whole_percents([leg.slices for leg in split.legs])
    return sorted(zip(split.legs, percents, strict=True), key=lambda lp: -lp[1])


def min_out(total_out: int, impact_bps: int) -> int:
    return total_out * (10_000 - impact_bps) // 10_000


def call_data(
    split: Split,
    src_token: str,
    dst_token: str,
    amount_in: int,
    min_return: int,
    receiver: str,
    channel: str,
    snapshot: Snapshot,
) -> bytes:
    routes = [(leg.slices, [(h.pool, h.token_out) for h in leg.route.hops]) for leg in split.legs]
    deadline = snapshot.timestamp + DEADLINE_SECONDS
    return swap_call_data(src_token, dst_token, amount_in, min_return, receiver, channel, deadline, routes)
