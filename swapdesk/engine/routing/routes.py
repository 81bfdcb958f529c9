"""Candidate routes between two tokens, and executing a split on pool models.

Candidates are every direct pool of the pair and, per source, the two-hop
paths through the chain's connector tokens inside that source. No two
candidates share a pool, so each route's value depends only on its own size:
that is what makes the optimiser's grid search exact, and the quote equal to
the execution.
"""

from __future__ import annotations

from dataclasses import dataclass

from swapdesk.engine.routing.pools import Pool


@dataclass(frozen=True)
class Hop:
    pool: str
    token_in: str
    token_out: str


@dataclass(frozen=True)
class Route:
    source: str
    hops: tuple[Hop, ...]

    def pools(self) -> list[str]:
        return [h.pool for h in self.hops]


def candidates(pools: list[Pool], src: str, dst: str, connectors: list[str]) -> list[Route]:
    routes: list[Route] = []
    for pool in pools:
        if src in pool.tokens() and dst in pool.tokens():
            routes.append(Route(pool.source, (Hop(pool.address, src, dst),)))
    by_source: dict[str, dict[frozenset[str], Pool]] = {}
    for pool in pools:
        if len(pool.tokens()) == 2:  # two-hop legs are constant-product pairs
            by_source.setdefault(pool.source, {})[frozenset(pool.tokens())] = pool
    for source, pairs in by_source.items():
        for connector in connectors:
            if connector in (src, dst):
                continue
            first, second = pairs.get(frozenset((src, connector))), pairs.get(frozenset((connector, dst)))
            if first is not None and second is not None:
                hops = (Hop(first.address, src, connector), Hop(second.address, connector, dst))
                routes.append(Route(source, hops))
    return routes


def execute(routes: list[tuple[Route, int]], pools: dict[str, Pool]) -> tuple[list[int], dict[str, Pool]]:
    """Each route's output when run in order, as the router runs them."""
    state = dict(pools)
    outs = []
    for route, amount in routes:
        for hop in route.hops:
            amount, state[hop.pool] = state[hop.pool].swap(hop.token_in, hop.token_out, amount)
        outs.append(amount)
    return outs, state


def outputs(route: Route, amounts: list[int], pools: dict[str, Pool]) -> list[int]:
    """`output` of each amount: one pass of the amounts through each hop."""
    for hop in route.hops:
        amounts = pools[hop.pool].amounts_out(hop.token_in, hop.token_out, amounts)
    return amounts


def output(route: Route, amount: int, pools: dict[str, Pool]) -> int:
    """One route's output alone; 0 when its pools cannot take the amount."""
    try:
        for hop in route.hops:
            if amount == 0:
                return 0
            amount = pools[hop.pool].amount_out(hop.token_in, hop.token_out, amount)
    except (ValueError, ZeroDivisionError):
        return 0
    return amount
