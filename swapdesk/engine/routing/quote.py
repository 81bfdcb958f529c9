"""A same-chain aggregated quote: the best split and the call data that executes it.

Steps: take the state of every pool, the router's fee for the trader and the
tokens' decimals at one block (`reader`); value each candidate route for 0..P
slices of the amount left after the fee, one pass of the P+1 amounts through
each hop; pick the exact best assignment; execute it on the pool models in
the router's order (that is the quote); encode the router call that repeats
exactly that. What each source would give alone, through its own pools only,
is valued beside it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from swapdesk.engine.routing.calldata import swap_call_data
from swapdesk.engine.routing.impact import marginal, price_impact, spot_output
from swapdesk.engine.routing.optimizer import allocate, caps_of, threshold, without_each
from swapdesk.engine.routing.pool import Pool
from swapdesk.engine.routing.pruning import bound, first_valued, to_value
from swapdesk.engine.routing.reader import Snapshot
from swapdesk.engine.routing.routes import Hop, Legs, Route, candidates, execute, legs, output, valued

DEADLINE_SECONDS = 20 * 60
MAX_ROUTES = 32  # the router's bound
ROUTER_GAS = 150_000  # a swap's own cost in the router besides its hops: the funds in, the fee, the payout, the event


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
    gas: int  # the route's hops, estimated (pool.gas)


@dataclass(frozen=True)
class LeftOut:
    """A route the split would have used were gas free: its gas costs more than it adds."""

    route: Route
    gas: int
    cost: int  # that gas at the block's base fee, in the token bought


@dataclass(frozen=True)
class Split:
    used: int
    legs: list[Leg]
    total_out: int
    spot_out: Fraction  # what the same legs would give at their marginal rates (see impact.py)
    alone: dict[str, int]  # each source's best output for the whole amount through its own routes
    left_out: list[LeftOut] = field(default_factory=list)
    slice_rate: Fraction = Fraction(0)  # the best a single slice gets on any route: what the market pays now

    @property
    def gas(self) -> int:
        """The swap's gas, estimated: the router's own and each route's."""
        return ROUTER_GAS + sum(leg.gas for leg in self.legs)

    def impact(self) -> Decimal:
        return price_impact(self.total_out, self.spot_out)


def best_split(
    pools: dict[str, Pool],
    src: str,
    dst: str,
    used: int,
    parts: int,
    connectors: list[str],
    found: Legs | None = None,
    gas_value: Fraction = Fraction(0),
) -> Split:
    """`found`: the pools that make routes between `src` and `dst`, when the caller keeps them (they change
    only with the chain's set of pools); found from `pools` otherwise. `gas_value`: what a unit of gas costs in
    `dst`'s smallest units: a route of the split whose gas costs more than it adds is left out (as OneSplit
    weighed its DEXes), and the split says which."""
    if found is None:
        found = legs(list(pools.values()), src, dst, connectors)
    probed = probe(used)
    routes = candidates(found, pools, probed)
    if not routes:
        raise NoRoute
    slice_amounts = [used * k // parts for k in range(parts + 1)]
    gas: dict[int, tuple[int, Fraction]] = {}  # the routes weighed (those the split uses at some point)

    def cost(r: int) -> Fraction:
        if r not in gas:
            hops = route_gas(routes[r], probed, pools)
            gas[r] = hops, hops * gas_value
        return gas[r][1]

    # the routes that provably get no slice are not valued (pruning.py): value the most promising, split,
    # and value more while some not valued could still get a slice
    bounds = [bound(r, pools, used, parts) for r in routes]
    chosen_ones = first_valued(bounds)
    while True:
        valued_ones = sorted(chosen_ones)
        valuations = [valued(routes[r], slice_amounts, pools) for r in valued_ones]
        values, caps = [row for row, _ in valuations], [cap for _, cap in valuations]
        slices = allocate(values, parts, caps)  # caps: the routes' shapes, checked once (kept with the values)
        floor: int | None = None  # None: no route left unvalued can be shown to get no slice
        dropped: list[tuple[int, int]] = []
        gives = sum(values[n][k] for n, k in enumerate(slices)) > 0
        # the split before the gas weighing already bounds the floor from above: value what it calls for first
        more = to_value(bounds, chosen_ones, threshold(values, slices, caps) if gives else None)
        if more:
            chosen_ones |= more
            continue
        if gives and gas_value:
            weigh = functools.partial(_cost_of, cost, valued_ones)  # the valued routes' indices among all
            slices, dropped, floor = _worth_their_gas(values, slices, parts, weigh, caps)
        elif gives:
            floor = threshold(values, slices, caps)
        more = to_value(bounds, chosen_ones, floor)
        if not more:
            break
        chosen_ones |= more
    if not gives:
        raise NoOutput
    left_out = [LeftOut(routes[valued_ones[n]], gas[valued_ones[n]][0], paid) for n, paid in dropped]
    every = [0] * len(routes)
    for n, k in zip(valued_ones, slices, strict=True):
        every[n] = k
    slices = every
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
    chosen_legs = [Leg(r, k, a, o, route_gas(r, a, pools)) for (r, k), a, o in zip(chosen, amounts, outs, strict=True)]
    ends = {routes[r]: row[parts] for r, row in zip(valued_ones, values, strict=True)}
    alone = single_source_outputs(found, pools, used, ends)
    slice_rate = Fraction(max(row[1] for row in values), max(slice_amounts[1], 1))
    return Split(used, chosen_legs, sum(outs), spot_output(legs_in, pools), alone, left_out, slice_rate)


def _cost_of(cost: Callable[[int], Fraction], among: list[int], n: int) -> Fraction:
    return cost(among[n])


def route_gas(route: Route, amount: int, pools: dict[str, Pool]) -> int:
    """A route's hops' gas for `amount` (each hop at what reaches it)."""
    gas, last = 0, len(route.hops) - 1
    for n, hop in enumerate(route.hops):
        pool = pools[hop.pool]
        gas += pool.gas(hop.token_in, hop.token_out, amount)
        if n < last:  # what reaches the next hop (the last hop's output weighs nothing)
            amount = _gives(pool, hop.token_in, hop.token_out, amount)
    return gas


def best_rate(found: Legs, pools: dict[str, Pool]) -> Fraction:
    """The best marginal rate from `found.src` to `found.dst` over a pool or two: what a unit of the one is worth
    in the other at the block (0: no path)."""
    rates = [marginal(pools[p], found.src, found.dst) for p in found.direct if p in pools]
    for x, firsts, seconds in found.via:
        into = max((marginal(pools[p], found.src, x) for p in firsts if p in pools), default=Fraction(0))
        out = max((marginal(pools[q], x, found.dst) for q in seconds if q in pools), default=Fraction(0))
        rates.append(into * out)
    return max(rates, default=Fraction(0))


def _ceil(value: Fraction) -> int:
    return -(-value.numerator // value.denominator)


def probe(used: int) -> int:
    """The amount by which a quote ranks the hops it pairs into routes: a quarter of the trade, whatever the grid
    (so a finer grid never quotes worse than a coarser one: it splits the same routes finer)."""
    return max(used // 4, 1)


def _worth_their_gas(
    values: list[list[int]],
    slices: list[int],
    parts: int,
    costs: Callable[[int], Fraction],
    caps: list[int | None] | None = None,
) -> tuple[list[int], list[tuple[int, int]], int | None]:
    """The split with, one at a time, the route dropped whose gas costs the most more than it adds (what the
    split gives without it, its slices shared out again exactly among the others), until none does; the
    routes dropped, with their gas cost in the token bought (`costs(r)`: route r's gas in it); and the smallest
    marginal taken in every optimum it found (the first, the others' without each route weighed, the one after
    each route dropped) when each was a strict threshold (`optimizer.threshold`), None otherwise: a route not in
    `values` that gives less could change none of them (pruning.py). What the others give without each route
    comes from one merged pass over the optimum's next slices (`without_each`) where the routes' shapes allow
    it, from an allocation per route otherwise: the same figures either way. `caps`: `caps_of(values, parts)`,
    when the caller has it."""
    dropped: list[tuple[int, int]] = []
    nothing = [0] * (parts + 1)
    rows = list(values)
    shape = list(caps) if caps is not None else caps_of(values, parts)
    out = sum(rows[r][k] for r, k in enumerate(slices))
    floor = threshold(rows, slices, shape)
    while sum(1 for k in slices if k) > 1:
        # a route left out is not weighed again: were every other route full, a slice could land on its 0s
        weighed = [r for r, k in enumerate(slices) if k and rows[r] is not nothing and costs(r)]
        if not weighed:
            break
        found = without_each(rows, slices, parts, shape)
        if found is None:
            floor = None
        elif floor is not None:
            floor = min([floor, *found[1]])  # every route used: the weighed are among them
        best: tuple[Fraction, int] | None = None
        for r in weighed:
            gives = found[0][r] if found is not None else _best_without(rows, r, parts, nothing, shape)
            cost, made = costs(r), out - gives  # type: ignore[operator]  # its gas, and what its slices made
            if cost.numerator <= made * cost.denominator:  # saves nothing: no Fraction arithmetic for it
                continue
            saved = cost - made
            if best is None or saved > best[0]:
                best = (saved, r)
        if best is None:
            break
        r = best[1]
        rows[r], shape[r] = nothing, parts  # 0 for every slice: concave, the greedy may go up to all of them
        slices = allocate(rows, parts, shape)
        out = sum(rows[n][k] for n, k in enumerate(slices))
        dropped.append((r, _ceil(costs(r))))
        after = threshold(rows, slices, shape)
        floor = None if floor is None or after is None else min(floor, after)
    return slices, dropped, floor


def _best_without(rows: list[list[int]], r: int, parts: int, nothing: list[int], caps: list[int | None]) -> int:
    others = [nothing if n == r else row for n, row in enumerate(rows)]
    shape = [parts if n == r else cap for n, cap in enumerate(caps)]
    return sum(others[n][m] for n, m in enumerate(allocate(others, parts, shape)))


def smallest_amount(
    pools: dict[str, Pool],
    found: Legs,
    used_of: Callable[[int], int],
    above: int,
    most: int,
) -> int | None:
    """The smallest amount above `above` (which gives nothing) that gives some output on a route the quote
    would consider, where `used_of(amount)` is what reaches the pools; None when nothing up to `most` does
    (empty pools, or `above` was already more than they can pay)."""

    def gives(amount: int) -> bool:
        used = used_of(amount)
        return any(output(route, used, pools) > 0 for route in candidates(found, pools, probe(used)))

    low, high = above, min(2 * above, most)
    while not gives(high):  # doubling: at most 256 steps below 2^256
        if high >= most:
            return None
        low, high = high, min(2 * high, most)
    while high - low > 1:  # bisection keeps: nothing at low, some output at high
        middle = (low + high) // 2
        low, high = (low, middle) if gives(middle) else (middle, high)
    return high


def single_source_routes(found: Legs, pools: dict[str, Pool]) -> list[Route]:
    """Every route whose pools are all one source's: its direct pools, and its own two-hop paths (pools may be
    in several routes: for a choice of one route, not for a split)."""
    src, dst = found.src, found.dst
    routes = [Route((Hop(p, src, dst, pools[p].source),)) for p in found.direct if p in pools]
    for x, firsts, seconds in found.via:
        for p in (p for p in firsts if p in pools):
            source = pools[p].source
            routes += [
                Route((Hop(p, src, x, source), Hop(q, x, dst, source)))
                for q in seconds
                if q in pools and pools[q].source == source
            ]
    return routes


def single_source_outputs(
    found: Legs, pools: dict[str, Pool], used: int, known: dict[Route, int] | None = None
) -> dict[str, int]:
    """Each source's best output for the whole amount through its own pools alone (0 for a source that cannot
    serve the pair). `known`: routes' outputs for that amount already computed (the split's grid ends there).
    The routes of `single_source_routes`, `output` of each, without building them: a first hop's output is
    shared by every second hop after it."""
    src, dst = found.src, found.dst
    by_hops = {tuple((h.pool, h.token_out) for h in route.hops): out for route, out in (known or {}).items()}
    best = dict.fromkeys((pool.source for pool in pools.values()), 0)
    for p in found.direct:
        if p in pools:
            out = by_hops.get(((p, dst),))
            source = pools[p].source
            best[source] = max(best[source], _gives(pools[p], src, dst, used) if out is None else out)
    for x, firsts, seconds in found.via:
        for p in (p for p in firsts if p in pools):
            source, through = pools[p].source, None
            for q in seconds:
                if q not in pools or pools[q].source != source:
                    continue
                out = by_hops.get(((p, x), (q, dst)))
                if out is None:
                    through = _gives(pools[p], src, x, used) if through is None else through
                    out = _gives(pools[q], x, dst, through)
                best[source] = max(best[source], out)
    return best


def _gives(pool: Pool, token_in: str, token_out: str, amount: int) -> int:
    """One hop of `output`: 0 for nothing in, or where the pool cannot take the amount."""
    if amount == 0:
        return 0
    try:
        return pool.amount_out(token_in, token_out, amount)
    except (ValueError, ZeroDivisionError):
        return 0


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
    """'<source>:<percent>' with whole percents summing to 100, the largest first. A route whose two hops use
    two sources counts half its share to each: both carry all of it, neither alone."""
    shares: dict[str, int] = {}
    for leg in split.legs:
        sources = list(dict.fromkeys(hop.source for hop in leg.route.hops))
        for source in sources:
            shares[source] = shares.get(source, 0) + leg.slices * 2 // len(sources)
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
