"""Candidate routes between two tokens, and executing a split on pool models.

Candidates are every pool that holds both tokens, and two-hop paths through the chain's connector tokens
whose hops may come from different sources (A→X on one DEX, X→B on another). The rule that keeps the
optimiser exact: no pool is in two candidates, so each route's value depends only on its own size. Direct
pools come first; then, for each connector, its first-hop pools and its second-hop pools not yet taken are
paired off, the deepest with the deepest (ranked by what a probe amount gets through them at the quoted
block), so the best two-hop paths are candidates and no pool is shared. Asked to (`wholes`), each connector's
pair that gives the most for the whole amount comes first: the best whole-amount route is then a candidate, and
the split is never below it (all its slices on that route is one of the allocations). That is not the default:
on the devnet's worlds it loses 0.4 bps on average against the pairing alone (and 12 bps with each source's own
best pair placed too), so a quote asks for it only when its split fell below a single route (`split.py`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from swapdesk.engine.routing.optimizer import caps_of
from swapdesk.engine.routing.pool import Pool
from swapdesk.engine.routing.whole import Wholes, hop_output


@dataclass(frozen=True)
class Hop:
    pool: str
    token_in: str
    token_out: str
    source: str


@dataclass(frozen=True)
class Route:
    hops: tuple[Hop, ...]

    @property
    def source(self) -> str:
        """The route's source: its DEX, or "A + B" for a route whose hops use two."""
        return " + ".join(dict.fromkeys(hop.source for hop in self.hops))

    @property
    def single_source(self) -> bool:
        return len({hop.source for hop in self.hops}) == 1

    def pools(self) -> list[str]:
        return [h.pool for h in self.hops]


@dataclass(frozen=True)
class Legs:
    """The pools that can make routes between two tokens: they change only with the chain's set of pools."""

    src: str
    dst: str
    direct: tuple[str, ...]  # pools holding both tokens
    via: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...]  # (connector, first hops, second hops)


def legs(pools: list[Pool], src: str, dst: str, connectors: list[str]) -> Legs:
    def holding(a: str, b: str) -> tuple[str, ...]:
        return tuple(p.address for p in pools if a in p.tokens() and b in p.tokens())

    via = tuple((x, holding(src, x), holding(x, dst)) for x in dict.fromkeys(connectors) if x not in (src, dst))
    return Legs(src, dst, holding(src, dst), tuple(v for v in via if v[1] and v[2]))


def candidates(found: Legs, pools: dict[str, Pool], probe: int, wholes: Wholes | None = None) -> list[Route]:
    """The routes at this state: each pool of `found` in at most one of them. `probe`: an amount of the token
    sold (a slice of the trade) by which the hops are ranked for pairing. `wholes`: the whole amount's outputs,
    when the pair of hops that gives the most for it is to come first through each connector."""
    src, dst = found.src, found.dst
    routes = [Route((Hop(p, src, dst, pools[p].source),)) for p in found.direct if p in pools]
    taken = set(found.direct)
    for x, firsts, seconds in found.via:
        ins = [p for p in firsts if p in pools and p not in taken]
        outs = [q for q in seconds if q in pools and q not in taken]
        best = wholes.best_pair(src, x, dst, ins, outs) if wholes is not None else None
        if best is not None:
            _, p, q = best
            routes.append(Route((Hop(p, src, x, pools[p].source), Hop(q, x, dst, pools[q].source))))
            taken |= {p, q}
        first = _ranked([p for p in ins if p not in taken], pools, src, x, probe)
        if not first:
            continue
        through = hop_output(pools[first[0]], src, x, probe)  # what reaches the connector on the best first hop
        second = _ranked([q for q in outs if q not in taken], pools, x, dst, through)
        for p, q in zip(first, second, strict=False):
            routes.append(Route((Hop(p, src, x, pools[p].source), Hop(q, x, dst, pools[q].source))))
            taken |= {p, q}
    return routes


def _ranked(addresses: list[str], pools: dict[str, Pool], a: str, b: str, probe: int) -> list[str]:
    """The pools by what they give for `probe`, the most first (ties by address, for a stable order)."""
    scored = [(hop_output(pools[p], a, b, probe), p) for p in addresses]
    return [p for _, p in sorted(scored, key=lambda op: (-op[0], op[1]))]


def execute(routes: list[tuple[Route, int]], pools: dict[str, Pool]) -> tuple[list[int], dict[str, Pool]]:
    """Each route's output when run in order, as the router runs them."""
    state = dict(pools)
    outs = []
    for route, amount in routes:
        for hop in route.hops:
            amount, state[hop.pool] = state[hop.pool].swap(hop.token_in, hop.token_out, amount)
        outs.append(amount)
    return outs, state


GRIDS_KEPT = 4  # per pool: the grids of amounts it was last valued on


def outputs(route: Route, amounts: list[int], pools: dict[str, Pool]) -> list[int]:
    """`output` of each amount: one pass of the amounts through each hop. A pool keeps its outputs for the last
    few grids it was asked (pools are immutable, so they hold for as long as the pool's state does: the next
    quotes of a block, and the next blocks where nothing touched the pool)."""
    return list(_walk(route, amounts, pools)[0])


def valued(route: Route, amounts: list[int], pools: dict[str, Pool]) -> tuple[list[int], int | None]:
    """`outputs`, and the optimiser's cap of them (`caps_of` for a grid of P + 1 amounts), kept with them by the
    last hop's pool: a quote again at the same state checks no route's shape again."""
    entry = _walk(route, amounts, pools)
    if entry[1] is _SHAPE_UNKNOWN:
        entry[1] = caps_of([entry[0]], len(amounts) - 1)[0]
    return list(entry[0]), entry[1]


def _walk(route: Route, amounts: list[int], pools: dict[str, Pool]) -> list[Any]:
    entry: list[Any] = [amounts, _SHAPE_UNKNOWN]
    for hop in route.hops:
        entry = _grid(pools[hop.pool], hop.token_in, hop.token_out, entry[0])
    return entry


_SHAPE_UNKNOWN = object()


def _grid(pool: Pool, token_in: str, token_out: str, amounts: list[int]) -> list[Any]:
    """[outputs, their cap or _SHAPE_UNKNOWN]: the pool's kept entry, which the caller must not change but to
    set the cap; a new one when the pool keeps nothing."""
    kept = getattr(pool, "__dict__", None)
    if kept is None:  # a model without an instance dictionary keeps nothing
        return [pool.amounts_out(token_in, token_out, amounts), _SHAPE_UNKNOWN]
    grids: dict[tuple[str, str, tuple[int, ...]], list[Any]] = kept.setdefault("_grids", {})
    key = (token_in, token_out, tuple(amounts))
    found = grids.get(key)
    if found is None:
        found = [pool.amounts_out(token_in, token_out, amounts), _SHAPE_UNKNOWN]
        if len(grids) >= GRIDS_KEPT:
            grids.clear()
        grids[key] = found
    return found


def route_gas(route: Route, amount: int, pools: dict[str, Pool]) -> int:
    """A route's hops' gas for `amount` (each hop at what reaches it)."""
    gas, last = 0, len(route.hops) - 1
    for n, hop in enumerate(route.hops):
        pool = pools[hop.pool]
        gas += pool.gas(hop.token_in, hop.token_out, amount)
        if n < last:  # what reaches the next hop (the last hop's output weighs nothing)
            amount = hop_output(pool, hop.token_in, hop.token_out, amount)
    return gas


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
