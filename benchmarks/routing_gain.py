"""What Uniswap V3 pools and routes whose two hops use two sources add over the previous routing, in bps.

    PYTHONPATH=. python benchmarks/routing_gain.py [--part 100]

On the devnet's worlds (their pools read through the engine's reader), for trades from retail to a tenth of a
main pair's depth, on pairs where V3 pools exist (the wrapped native coin with the main stablecoins, stable/stable,
the wrapped coin with the chain's major), the output of:

  (a) the previous routing: V2 and StableSwap pools only, two-hop routes only within one source;
  (b) the same with the V3 pools (V3 is one more source: its two-hop routes stay within V3);
  (c) everything: `best_split` as the engine quotes, two-hop routes across sources;

with the gains (b - a), (c - b) and (c - a) in bps of the smaller output, and the shortfall of (c)'s allocation
against the exact dynamic programme on the same routes and grid (0 bps expected).

(a) and (b) are built with the current functions: the pools filtered by kind; each source's candidates from its
own pools (`legs` and `candidates` on them), which is what the previous routing made: every direct pool, and per
source one two-hop path a connector; then `allocate` and `execute` as `best_split` does. Column a* is the other
reading of "single source": the candidates of all the pools, those with two sources dropped; it loses the pools
that pairing had put into cross-source routes, so it can fall below (a). Gas is left out of all three (gas_value
0): outputs are compared before network fees.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
from collections.abc import Callable
from decimal import Decimal

from swapdesk.chains import by_id
from swapdesk.devnet.backend import DevnetBackend
from swapdesk.devnet.network import Devnet
from swapdesk.devnet.world import WORLDS
from swapdesk.engine import Engine
from swapdesk.engine.routing.optimizer import allocate, dynamic
from swapdesk.engine.routing.pool import Pool
from swapdesk.engine.routing.routes import Route, candidates, execute, legs, outputs
from swapdesk.engine.routing.split import MAX_ROUTES, NoLiquidity, NoOutput, NoRoute, best_split, probe
from swapdesk.engine.routing.stableswap import StablePool
from swapdesk.engine.routing.uniswap_v2.pool import V2Pool

CHAINS = (1, 56, 137, 43114)
DEPTH_SHARES = (Decimal("0.01"), Decimal("0.1"))  # of a main pair's depth on the deepest source; and $1,000


def pairs(chain_id: int) -> list[tuple[str, str]]:
    """Trades over pairs that have V3 pools in the world: wrapped -> stable, stable -> wrapped, stable/stable,
    wrapped -> the chain's major."""
    spec = WORLDS[chain_id]
    (wrapped, stable_a), _, (_, stable_b), _, (_, major), _ = (pair for pair, _ in spec.v3_pairs())
    return [(wrapped, stable_a), (stable_b, wrapped), (stable_a, stable_b), (wrapped, major)]


def per_source(pools: dict[str, Pool], src: str, dst: str, connectors: list[str], used: int, parts: int) -> list[Route]:
    """Every source's candidates from its own pools: direct pools, and two-hop paths within the source."""
    routes: list[Route] = []
    for source in dict.fromkeys(p.source for p in pools.values()):
        own = {a: p for a, p in pools.items() if p.source == source}
        routes += candidates(legs(list(own.values()), src, dst, connectors), own, probe(used))
    return routes


def split_output(routes: list[Route], pools: dict[str, Pool], used: int, parts: int) -> int:
    """best_split's allocation and execution on these routes (no gas): what the router would pay out."""
    if not routes:
        return 0
    values = [outputs(r, [used * k // parts for k in range(parts + 1)], pools) for r in routes]
    chosen = [(r, k) for r, k in zip(routes, allocate(values, parts), strict=True) if k > 0]
    chosen = sorted(chosen, key=lambda rk: -rk[1])[:MAX_ROUTES] if len(chosen) > MAX_ROUTES else chosen
    total = sum(k for _, k in chosen)
    amounts, routed = [], 0
    for n, (_, k) in enumerate(chosen):  # the router's arithmetic, the remainder to the last route
        amount = used - routed if n == len(chosen) - 1 else used * k // total
        amounts.append(amount)
        routed += amount
    outs, _ = execute([(r, a) for (r, _), a in zip(chosen, amounts, strict=True)], pools)
    return sum(outs)


def grid_shortfall(pools: dict[str, Pool], routes: list[Route], used: int, parts: int) -> Decimal:
    """bps by which `allocate` falls short of the exact DP, on the routes' values on the grid."""
    values = [outputs(r, [used * k // parts for k in range(parts + 1)], pools) for r in routes]
    greedy = sum(row[k] for row, k in zip(values, allocate(values, parts), strict=True))
    exact = sum(row[k] for row, k in zip(values, dynamic(values, parts), strict=True))
    return bps(exact - greedy, exact)


def bps(gain: int, base: int) -> Decimal:
    return (Decimal(gain) * 10_000 / Decimal(base)).quantize(Decimal("0.01")) if base else Decimal("nan")


def kinds(pools: dict[str, Pool], keep: Callable[[Pool], bool]) -> dict[str, Pool]:
    return {a: p for a, p in pools.items() if keep(p)}


async def main(parts: int) -> None:
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs; part={parts}")
    engine = Engine(DevnetBackend(Devnet()))
    header = f"{'trade':<34}{'routes a/b/c':>14}{'a*-a':>9}{'b-a':>9}{'c-b':>9}{'c-a':>9}{'c vs DP':>9}"
    print(header + "   (bps; a* is (a) from the candidates of all pools, cross-source ones dropped)")
    gains: dict[str, dict[str, list[Decimal]]] = {}
    for chain_id in CHAINS:
        chain, spec = by_id(chain_id), WORLDS[chain_id]
        reader = await engine.aggregator.reader(chain)
        state = await reader.current()
        catalog = reader.catalog
        connectors = [t.address for t in catalog.tokens]
        previous = kinds(state.pools, lambda p: isinstance(p, V2Pool | StablePool))
        for sell, buy in pairs(chain_id):
            src, dst = catalog.token(sell), catalog.token(buy)
            found = await reader.routes(src.address, dst.address)
            main_depth = spec.depth_usd * spec.sources[0].weight
            for usd in (Decimal(1000), *(main_depth * share for share in DEPTH_SHARES)):
                token = spec.token(sell)
                used = int(usd / token.usd * 10**token.decimals)
                routes_a = per_source(previous, src.address, dst.address, connectors, used, parts)
                routes_b = per_source(state.pools, src.address, dst.address, connectors, used, parts)
                found_a = legs(list(previous.values()), src.address, dst.address, connectors)
                routes_a_star = [r for r in candidates(found_a, previous, probe(used)) if r.single_source]
                routes_c = candidates(found, state.pools, probe(used))
                try:
                    a = split_output(routes_a, previous, used, parts)
                    a_star = split_output(routes_a_star, previous, used, parts)
                    b = split_output(routes_b, state.pools, used, parts)
                    c = best_split(state.pools, src.address, dst.address, used, parts, connectors, found).total_out
                except (NoRoute, NoOutput, NoLiquidity, ValueError) as exc:
                    print(f"{chain.flag} {usd:,.0f} USD {sell}->{buy}: no quote ({type(exc).__name__})")
                    continue
                size = "retail" if usd == 1000 else f"{usd / main_depth:.0%} of depth"
                row = {"b-a": bps(b - a, a), "c-b": bps(c - b, b), "c-a": bps(c - a, a)}
                for key, value in row.items():
                    gains.setdefault(size, {}).setdefault(key, []).append(value)
                name = f"{chain.flag} {usd:,.0f} USD {sell}->{buy}"
                counts = f"{len(routes_a)}/{len(routes_b)}/{len(routes_c)}"
                cells = "".join(f"{v:>9}" for v in (bps(a_star - a, a), *row.values()))
                print(f"{name:<34}{counts:>14}{cells}{grid_shortfall(state.pools, routes_c, used, parts):>9}")
    print()
    print("median gains by size (bps):")
    for size, columns in gains.items():
        cells = "  ".join(f"{key} {statistics.median(values):>7}" for key, values in columns.items())
        print(f"  {size:<16}{cells}   (n={len(next(iter(columns.values())))})")
    print(f"load average {os.getloadavg()[0]:.2f}")
    await engine.aclose()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--part", type=int, default=100)
    asyncio.run(main(parser.parse_args().part))
