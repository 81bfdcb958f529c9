"""A same-chain aggregated quote: the best split and the call data that executes it.

Steps: take the state of every pool, the router's fee for the trader and the
tokens' decimals at one block (`pool_reader`); value each candidate route for 0..P
slices of the amount left after the fee, one pass of the P+1 amounts through
each hop; pick the exact best assignment; execute it on the pool models in
the router's order (that is the quote); encode the router call that repeats
exactly that. What each source would give alone, through its own pools only,
is valued beside it, and the answer is never below it nor below the best
route through each connector (`singles.py`): a single route that is worth
more than the split takes the whole amount.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from decimal import Decimal
from fractions import Fraction

from swapdesk.engine.routing.calldata import swap_call_data
from swapdesk.engine.routing.gas_weighing import worth_their_gas
from swapdesk.engine.routing.impact import marginal, price_impact, spot_output
from swapdesk.engine.routing.optimizer import allocate, threshold
from swapdesk.engine.routing.pool import Pool
from swapdesk.engine.routing.pruning import bound, first_valued, to_value
from swapdesk.engine.routing.routes import Legs, Route, candidates, execute, legs, output, route_gas, valued
from swapdesk.engine.routing.singles import (
    Path,
    Single,
    across,
    each_source,
    gas_cost,
    gives_anything,
    path_of,
    worth,
    worth_most,
)
from swapdesk.engine.routing.snapshot import Snapshot
from swapdesk.engine.routing.whole import Wholes

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
    alone_gas: dict[str, int] = field(default_factory=dict)  # the hops' gas of each source's route in `alone`
    gas_value: Fraction = Fraction(0)  # a unit of gas in the token bought, at the block

    @property
    def gas(self) -> int:
        """The swap's gas, estimated: the router's own and each route's."""
        return ROUTER_GAS + sum(leg.gas for leg in self.legs)

    @property
    def gas_cost(self) -> int:
        """`gas` at the block's base fee in the token bought, rounded up."""
        return gas_cost(self.gas, self.gas_value)

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
    weighed its DEXes), and the split says which.

    The answer is never worth less after gas (`singles.worth`; with gas free: it never gives less) than a single
    route for the whole amount: each source's route alone (`alone`) and the best route through each connector.
    When the split over the candidates is, it is made again over the candidates that put the best whole-amount
    pair through each connector first (`routes.candidates` with `Wholes`), and the best of the two splits and
    those single routes is the answer (a single route takes the whole amount)."""
    if found is None:
        found = legs(list(pools.values()), src, dst, connectors)
    probed = probe(used)
    routes = candidates(found, pools, probed)
    if not routes:
        raise NoRoute
    refused: Exception | None = None  # why the split over the candidates has no answer, if it has none
    try:
        split: _Allocated | None = _split_over(routes, pools, used, parts, probed, gas_value)
    except (NoOutput, NoLiquidity) as exc:  # a single route may still answer
        split, refused = None, exc
    wholes = Wholes(pools, used)
    listed = each_source(found, wholes, gas_value, ROUTER_GAS, split.ends if split else None)
    rivals = _rivals(listed, across(found, wholes))
    known = {path_of(s.route): s.gas for s in listed.values() if s is not None}
    single = worth_most(src, rivals, wholes, gas_value, ROUTER_GAS, split.worth(gas_value) if split else None, known)
    if single is not None:  # a single route beats the split: the best whole-amount pairs as candidates
        again = candidates(found, pools, probed, wholes)
        other = None
        if set(again) != set(routes):
            with contextlib.suppress(NoOutput, NoLiquidity):
                other = _split_over(again, pools, used, parts, probed, gas_value)
        if other is not None and (split is None or other.worth(gas_value) > split.worth(gas_value)):
            split = replace(other, slice_rate=max(split.slice_rate, other.slice_rate)) if split else other
            single = worth_most(src, rivals, wholes, gas_value, ROUTER_GAS, split.worth(gas_value), known)
    if single is not None:  # worth more than any split found: it takes the whole amount
        (out,), _ = execute([(single.route, used)], pools)  # the router's run (`single.out`, by the same models)
        left_out = [gone for gone in split.left_out if gone.route != single.route] if split else []
        chosen = [Leg(single.route, parts, used, out, single.gas)]
    elif split is not None:
        chosen, left_out = split.legs, split.left_out
    else:
        raise refused or NoOutput()
    alone = {source: 0 if s is None else s.out for source, s in listed.items()}
    alone_gas = {source: 0 if s is None else s.gas for source, s in listed.items()}
    spot = spot_output([(leg.route, leg.amount) for leg in chosen], pools)
    rate = split.slice_rate if split else _slice_rate(routes, pools, used, parts)
    return Split(used, chosen, sum(leg.out for leg in chosen), spot, alone, left_out, rate, alone_gas, gas_value)


def _slice_rate(routes: list[Route], pools: dict[str, Pool], used: int, parts: int) -> Fraction:
    """The best a single slice gets on any of `routes` (as a split's grid tells it)."""
    piece = max(used // parts, 1)
    return Fraction(max(output(route, used // parts, pools) for route in routes), piece)


def _rivals(listed: dict[str, Single | None], through: list[tuple[int, Path]]) -> list[tuple[int, Path]]:
    """The single routes an answer must not be below: each source's listed route, the best through each
    connector."""
    paths = {path_of(s.route): s.out for s in listed.values() if s is not None}
    return [*((out, path) for path, out in paths.items()), *((o, p) for o, p in through if p not in paths)]


@dataclass(frozen=True)
class _Allocated:
    """A split over one set of candidates, executed on the models."""

    legs: list[Leg]
    left_out: list[LeftOut]
    ends: dict[Route, int]  # the routes valued, each one's output for the whole amount
    slice_rate: Fraction

    def worth(self, gas_value: Fraction) -> int:
        return worth(sum(leg.out for leg in self.legs), ROUTER_GAS + sum(leg.gas for leg in self.legs), gas_value)


def _split_over(
    routes: list[Route], pools: dict[str, Pool], used: int, parts: int, probed: int, gas_value: Fraction
) -> _Allocated:
    """The exact best split of `used` over `routes` (no pool in two of them) on the grid of `parts` slices, less
    the routes whose gas costs more than they add."""
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
            slices, dropped, floor = worth_their_gas(values, slices, parts, weigh, caps)
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
    chosen = [(r, k) for r, k in zip(routes, every, strict=True) if k > 0]
    if len(chosen) > MAX_ROUTES:  # keep the largest shares; the router takes 32 routes
        chosen = sorted(chosen, key=lambda rk: -rk[1])[:MAX_ROUTES]
    total_parts = sum(k for _, k in chosen)
    amounts, routed = [], 0
    for n, (_, k) in enumerate(chosen):  # the router's arithmetic, remainder to the last route
        amount = used - routed if n == len(chosen) - 1 else used * k // total_parts
        amounts.append(amount)
        routed += amount
    try:
        outs, _ = execute([(r, a) for (r, _), a in zip(chosen, amounts, strict=True)], pools)
    except (ValueError, ZeroDivisionError):  # a remainder the valued slice did not show tipped a pool over
        raise NoLiquidity from None
    chosen_legs = [Leg(r, k, a, o, route_gas(r, a, pools)) for (r, k), a, o in zip(chosen, amounts, outs, strict=True)]
    ends = {routes[r]: row[parts] for r, row in zip(valued_ones, values, strict=True)}
    slice_rate = Fraction(max(row[1] for row in values), max(slice_amounts[1], 1))
    return _Allocated(chosen_legs, left_out, ends, slice_rate)


def _cost_of(cost: Callable[[int], Fraction], among: list[int], n: int) -> Fraction:
    return cost(among[n])


def best_rate(found: Legs, pools: dict[str, Pool]) -> Fraction:
    """The best marginal rate from `found.src` to `found.dst` over a pool or two: what a unit of the one is worth
    in the other at the block (0: no path)."""
    rates = [marginal(pools[p], found.src, found.dst) for p in found.direct if p in pools]
    for x, firsts, seconds in found.via:
        into = max((marginal(pools[p], found.src, x) for p in firsts if p in pools), default=Fraction(0))
        out = max((marginal(pools[q], x, found.dst) for q in seconds if q in pools), default=Fraction(0))
        rates.append(into * out)
    return max(rates, default=Fraction(0))


def probe(used: int) -> int:
    """The amount by which a quote ranks the hops it pairs into routes: a quarter of the trade, whatever the grid
    (so a finer grid never quotes worse than a coarser one: it splits the same routes finer)."""
    return max(used // 4, 1)


def smallest_amount(
    pools: dict[str, Pool],
    found: Legs,
    used_of: Callable[[int], int],
    above: int,
    most: int,
) -> int | None:
    """The smallest amount above `above` (which gives nothing) that gives some output on a route the quote
    would consider, where `used_of(amount)` is what reaches the pools; None when nothing up to `most` does
    (empty pools, or `above` was already more than they can pay). A quote answers exactly when some one- or
    two-hop route gives something (`best_split`: never below a single route)."""

    def gives(amount: int) -> bool:
        return gives_anything(found, Wholes(pools, used_of(amount)))

    low, high = above, min(2 * above, most)
    while not gives(high):  # doubling: at most 256 steps below 2^256
        if high >= most:
            return None
        low, high = high, min(2 * high, most)
    while high - low > 1:  # bisection keeps: nothing at low, some output at high
        middle = (low + high) // 2
        low, high = (low, middle) if gives(middle) else (middle, high)
    return high


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
