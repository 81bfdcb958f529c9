"""Single routes for the whole amount: what each source gives alone (the quote's `amounts`), and the best route
through each connector across sources. A quote's answer is never below any of them (`split.best_split`).

Every comparison is made in the unit the engine optimises: what a swap gives after its gas (`worth`), its gas
counted as the quote's `estimatedGas` counts it (the router's own and each hop's) and priced at the block's base
fee in the token bought, rounded up to a whole unit as the quote's `gasCost` shows it. With gas free, that is the
output itself. So a source's listed route is the one of its own routes that is worth the most after gas (the most
output on a tie), and its listing says that route's output and gas: what the answer is compared with.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from swapdesk.engine.routing.pool import Pool
from swapdesk.engine.routing.routes import Hop, Legs, Route, route_gas
from swapdesk.engine.routing.whole import Wholes

Path = tuple[tuple[str, str], ...]  # a route's (pool, token out) per hop: it names the route without building it


@dataclass(frozen=True)
class Single:
    route: Route
    out: int  # for the whole amount
    gas: int  # its hops' gas for the whole amount (`route_gas`)


def gas_cost(gas: int, gas_value: Fraction) -> int:
    """`gas` at `gas_value` (a unit of gas in the token bought), rounded up: what the quote shows as `gasCost`."""
    return -(-(gas * gas_value.numerator) // gas_value.denominator)


def worth(out: int, gas: int, gas_value: Fraction) -> int:
    """What a swap giving `out` for `gas` is worth after its gas."""
    return out - gas_cost(gas, gas_value)


def single_source_routes(found: Legs, pools: dict[str, Pool]) -> list[Route]:
    """Every route whose pools are all one source's: its direct pools, and its own two-hop paths (pools may be
    in several routes: for a choice of one route, not for a split)."""
    return [_route(path, found.src, pools) for path, _ in _single_source_paths(found, pools)]


def each_source(
    found: Legs,
    wholes: Wholes,
    gas_value: Fraction,
    overhead: int,
    known: dict[Route, int] | None = None,
) -> dict[str, Single | None]:
    """Each source's route alone for the whole amount: of the routes through its own pools only, the one worth
    the most after gas, `overhead` being the router's own gas (None for a source with no route that gives
    anything). `known`: routes' outputs for the whole amount already computed (the split's grid ends there)."""
    pools, src = wholes.pools, found.src
    by_path = {path_of(route): out for route, out in (known or {}).items()}
    outs: dict[str, list[tuple[int, Path]]] = {pool.source: [] for pool in pools.values()}
    for path, source in _single_source_paths(found, pools):
        out = by_path.get(path)
        if out is None:
            out, token = wholes.used, src
            for pool, token_out in path:
                out = wholes.gives(pool, token, token_out, out)
                token = token_out
        outs[source].append((out, path))
    return {source: worth_most(src, paths, wholes, gas_value, overhead) for source, paths in outs.items()}


def across(found: Legs, wholes: Wholes) -> list[tuple[int, Path]]:
    """The best route through each connector for the whole amount, its hops from any sources, with its output."""
    pools, src, dst = wholes.pools, found.src, found.dst
    paths: list[tuple[int, Path]] = []
    for x, firsts, seconds in found.via:
        best = wholes.best_pair(src, x, dst, [p for p in firsts if p in pools], [q for q in seconds if q in pools])
        if best is not None:
            out, p, q = best
            paths.append((out, ((p, x), (q, dst))))
    return paths


def gives_anything(found: Legs, wholes: Wholes) -> bool:
    """Whether some one- or two-hop route gives anything for the whole amount."""
    pools, src, dst, used = wholes.pools, found.src, found.dst, wholes.used
    return any(wholes.gives(p, src, dst, used) for p in found.direct if p in pools) or bool(across(found, wholes))


def worth_most(
    src: str,
    paths: list[tuple[int, Path]],
    wholes: Wholes,
    gas_value: Fraction,
    overhead: int,
    above: int | None = None,
    gas_of: dict[Path, int] | None = None,
) -> Single | None:
    """Of `paths` from `src` (each with its output for the whole amount), the route worth the most after gas
    (the most output on a tie), when it gives something and is worth more than `above`; None otherwise. A
    route's gas is estimated only when what it could be worth at its least gas beats the best so far (`gas_of`:
    routes' gas already known)."""
    pools = wholes.pools
    best: Single | None = None
    best_worth = above
    least = gas_cost(overhead, gas_value)  # no route costs less
    for out, path in sorted(paths, key=lambda op: (-op[0], op[1])):
        if out == 0 or (best_worth is not None and out - least <= best_worth):
            break  # outputs only fall from here: none is worth more, even at the least gas
        if best_worth is not None and worth(out, overhead + _least_gas(path, src, pools), gas_value) <= best_worth:
            continue
        route = _route(path, src, pools)
        gas = gas_of.get(path) if gas_of is not None else None
        gas = route_gas(route, wholes.used, pools) if gas is None else gas
        value = worth(out, overhead + gas, gas_value)
        if best_worth is None or value > best_worth:
            best, best_worth = Single(route, out, gas), value
    return best


def path_of(route: Route) -> Path:
    return tuple((hop.pool, hop.token_out) for hop in route.hops)


def _single_source_paths(found: Legs, pools: dict[str, Pool]) -> list[tuple[Path, str]]:
    dst = found.dst
    paths: list[tuple[Path, str]] = [(((p, dst),), pools[p].source) for p in found.direct if p in pools]
    for x, firsts, seconds in found.via:
        for p in (p for p in firsts if p in pools):
            source = pools[p].source
            paths += [
                (((p, x), (q, dst)), source) for q in seconds if q in pools and q != p and pools[q].source == source
            ]  # a pool twice (a pool of three coins, src, x and dst) is its direct route, less well
    return paths


def _least_gas(path: Path, src: str, pools: dict[str, Pool]) -> int:
    """The least the path's hops can cost, whatever the amount (`Pool.gas` of nothing)."""
    gas, token = 0, src
    for pool, token_out in path:
        gas += pools[pool].gas(token, token_out, 0)
        token = token_out
    return gas


def _route(path: Path, src: str, pools: dict[str, Pool]) -> Route:
    hops, token = [], src
    for pool, token_out in path:
        hops.append(Hop(pool, token, token_out, pools[pool].source))
        token = token_out
    return Route(tuple(hops))
