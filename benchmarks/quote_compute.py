"""Quote compute at part=100 on BSC's USDT/WBNB, with a V3 pool of 458 initialized ticks among its routes.

    PYTHONPATH=. python benchmarks/quote_compute.py [--repeat 40] [--base-fee-gwei 1]

Compute only, the pool state in memory: `best_split` (the routes' values on the grid, the allocation, the
execution on the models), the split's price impact, and the gas weighing (`gas_value` > 0, found as the
aggregator finds it: the base fee, times the best WBNB -> token bought rate).

The pools are real chain state: the devnet's BSC pools read through the engine's reader (V2 families, the
StableSwap pool, the world's Uniswap V3 pools), plus the recorded mainnet WBTC/WETH 0.3 % pool (458 initialized
ticks, ../shared/golden) placed between WBNB and USDT. Its tokens are renamed (WBTC -> WBNB, WETH -> USDT), its
ticks shifted by a whole number of spacings so that its price is the world's WBNB/USDT V3 pool's, and every
liquidity figure multiplied by one integer so that it is about as deep near the price as that pool: the
recorded shape of mainnet liquidity, at this pair's price and depth (an integer scale and a shift keep every
tick's net liquidity consistent with the active liquidity, so the model runs as the contract would).

The devnet's own base fee decays towards a few wei in its empty blocks, where gas would weigh nothing;
`--base-fee-gwei` sets a BSC-like one instead.

Printed: the case (routes, their V3 pools and ticks), then per trade size and direction the compute time on
pools first seen (the first quote at a block: V3 swap paths walked, StableSwap D computed, no grid kept) and
on pools already valued (the next quotes of the block: each pool keeps its last grids), and p50 / p95 over all
of them; the stages (values, allocation with the gas weighing) are timed on pools first seen. Then a fixed
reference workload timed before and after, whose median over its fastest says how loaded the machine was (the
p50 scaled by it is an estimate of an idle machine's).
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import json
import os
import statistics
import time
from dataclasses import is_dataclass, replace
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

from swapdesk.chains import by_id
from swapdesk.devnet.backend import DevnetBackend
from swapdesk.devnet.network import Devnet
from swapdesk.engine import Engine
from swapdesk.engine.routing.gas_weighing import worth_their_gas
from swapdesk.engine.routing.optimizer import allocate
from swapdesk.engine.routing.pool import Pool
from swapdesk.engine.routing.routes import Legs, candidates, legs, outputs, route_gas
from swapdesk.engine.routing.split import best_rate, best_split, probe
from swapdesk.engine.routing.uniswap_v3 import TickTable, V3Pool, get_sqrt_ratio_at_tick, get_tick_at_sqrt_ratio
from swapdesk.engine.routing.uniswap_v3.math import MAX_TICK, MIN_TICK, mul_div

GOLDEN = Path(__file__).resolve().parents[1] / ".." / "shared" / "golden"
RECORDING = Path("1") / "uniswap_v3_wbtc_weth_block_24407242.json"
CHAIN, SELL, BUY = 56, "USDT", "WBNB"
SIZES = ["1000", "25000", "250000", "2500000"]  # USDT; WBNB trades are the same worth
PARTS = 100
Q96 = 1 << 96


def recorded_pool(golden: Path) -> V3Pool:
    recorded = json.loads((golden / RECORDING).read_text())
    scalars = recorded["scalars"]
    ticks = TickTable({int(tick): (gross, net) for tick, (gross, net, _) in recorded["tick_data"].items()})
    return V3Pool(
        recorded["pool"],
        "Uniswap V3",
        recorded["token0"]["address"],
        recorded["token1"]["address"],
        scalars["fee"],
        scalars["tick_spacing"],
        scalars["sqrt_price_x96"],
        scalars["tick"],
        scalars["liquidity"],
        ticks,
    )


def placed(recorded: V3Pool, like: V3Pool, token0: str, token1: str) -> V3Pool:
    """`recorded` between `token0` and `token1` (its token0 and token1 renamed), at `like`'s price and about its
    active liquidity: ticks shifted by whole spacings, liquidity times one integer."""
    target = like.sqrt_price_x96 if like.token0 == token0 else (1 << 192) // like.sqrt_price_x96
    spacing = recorded.tick_spacing
    shift = round((get_tick_at_sqrt_ratio(target) - recorded.tick) / spacing) * spacing
    scale = max(1, like.liquidity // recorded.liquidity)
    usable = MAX_TICK // spacing * spacing
    table: dict[int, tuple[int, int]] = {}
    for tick, (gross, net) in recorded.ticks.liquidity.items():
        # the few ticks pushed past the price range (full-range positions) stay at its edge: same liquidity there
        at = min(max(tick + shift, -usable), usable)
        was_gross, was_net = table.get(at, (0, 0))
        table[at] = (was_gross + gross * scale, was_net + net * scale)
    sqrt_price = mul_div(recorded.sqrt_price_x96, get_sqrt_ratio_at_tick(shift), Q96)
    assert MIN_TICK < recorded.tick + shift < MAX_TICK
    moved = replace(
        recorded,
        token0=token0,
        token1=token1,
        sqrt_price_x96=sqrt_price,
        tick=get_tick_at_sqrt_ratio(sqrt_price),
        liquidity=recorded.liquidity * scale,
        ticks=TickTable(table),
    )
    # the active liquidity is what the nets of the ticks at or below the price add up to, as before the move
    assert sum(net for tick, (_, net) in table.items() if tick <= moved.tick) == moved.liquidity
    return moved


def stages(pools: dict[str, Pool], found: Legs, used: int, gas_value: Fraction) -> tuple[float, float, int]:
    """best_split's first two steps again, timed apart: (the routes' values on the grid, the allocation with
    the gas weighing), and how many routes' values are not concave (0 from some slice on, past what a pool can
    take, counts as not concave here; the allocation takes those up to that slice)."""
    started = time.perf_counter()
    routes = candidates(found, pools, probe(used))
    values = [outputs(r, [used * k // PARTS for k in range(PARTS + 1)], pools) for r in routes]
    valued = time.perf_counter()
    slices = allocate(values, PARTS)
    if gas_value:
        costs = functools.cache(lambda r: route_gas(routes[r], probe(used), pools) * gas_value)  # as best_split
        worth_their_gas(values, slices, PARTS, costs)
    done = time.perf_counter()
    rugged = sum(any(b - a < c - b for a, b, c in zip(row, row[1:], row[2:], strict=False)) for row in values)
    return valued - started, done - valued, rugged


def reference() -> tuple[float, float]:
    """A fixed workload (a 200,000-iteration loop of integer multiply, divide and add) timed 20 times: (fastest,
    median). On a shared machine the median over the fastest is how much slower than idle the runs were."""
    times = []
    for _ in range(20):
        started, x = time.perf_counter(), 0
        for i in range(200_000):
            x += (i * 7919) // 13
        times.append(time.perf_counter() - started)
    return min(times), statistics.median(times)


def percentiles(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return f"p50 {statistics.median(ordered) * 1e3:6.2f} ms  p95 {p95 * 1e3:6.2f} ms  (n={len(ordered)})"


def fresh(pools: dict[str, Pool]) -> dict[str, Pool]:
    """The same state in new objects: what each model caches (V3 swap paths, StableSwap's D) is not there."""
    return {address: _renewed(pool) for address, pool in pools.items()}


def _renewed(pool: Pool) -> Pool:
    assert is_dataclass(pool) and not isinstance(pool, type), "every pool kind is a dataclass"
    return replace(pool)


async def main(repeat: int, base_fee: int, golden: Path) -> None:
    devnet = Devnet()
    engine = Engine(DevnetBackend(devnet))
    reader = await engine.aggregator.reader(by_id(CHAIN))
    state = await reader.current()
    catalog = reader.catalog
    usdt, wbnb = catalog.token(SELL).address, catalog.token(BUY).address
    connectors = [t.address for t in catalog.tokens]
    world_v3 = max(
        (p for p in state.pools.values() if isinstance(p, V3Pool) and set(p.tokens()) == {usdt, wbnb}),
        key=lambda p: p.liquidity,
    )
    golden_pool = placed(recorded_pool(golden), world_v3, wbnb, usdt)
    pools: dict[str, Pool] = {**state.pools, golden_pool.address: golden_pool}

    found = legs(list(pools.values()), usdt, wbnb, connectors)
    routes = candidates(found, pools, probe(10**21))
    v3_in_routes = {h.pool: pool for r in routes for h in r.hops if isinstance(pool := pools[h.pool], V3Pool)}
    ticks = sorted((len(pool.ticks) for pool in v3_in_routes.values()), reverse=True)
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    fastest, typical = reference()
    print(f"case: BSC {SELL} <-> {BUY}, {len(pools)} pools on the chain, part={PARTS}")
    direct = sum(len(r.hops) == 1 for r in routes)
    print(f"  {len(routes)} candidate routes ({direct} direct, {len(routes) - direct} two-hop), ", end="")
    print(f"{len(v3_in_routes)} V3 pools on them")
    print(f"  initialized ticks of those V3 pools: {ticks} (the first: the recorded mainnet pool, placed)")
    print(f"  gas weighed at a base fee of {base_fee / 10**9:g} gwei")

    samples: dict[str, list[float]] = {"first": [], "again": [], "values": [], "allocation": []}
    header = f"{'trade':<26}{'legs':>5}{'left out':>9}{'impact':>9}{'first seen':>12}{'again':>10}"
    print(header + f"{'values':>10}{'allocation':>12}{'not concave':>13}")
    print(f"{'':<49}{'(p50 of best_split, ms)':>22}{'(p50 of its stages, first seen, ms)':>35}")
    for sell, buy in ((usdt, wbnb), (wbnb, usdt)):
        sold = catalog.token(SELL if sell == usdt else BUY)
        rate = world_v3.marginal(wbnb, usdt)
        price = Decimal(1) if sell == usdt else Decimal(rate.numerator) / Decimal(rate.denominator)
        pair = legs(list(pools.values()), sell, buy, connectors)
        to_wrapped = legs(list(pools.values()), catalog.wrapped, buy, connectors) if buy != catalog.wrapped else None
        for size in SIZES:
            used = int(Decimal(size) / price * 10**sold.decimals)
            times: dict[str, list[float]] = {"first": [], "again": [], "values": [], "allocation": []}
            for _ in range(repeat):
                first = fresh(pools)
                for kind, at in (("first", first), ("again", first)):
                    started = time.perf_counter()
                    gas_value = Fraction(base_fee)
                    if to_wrapped is not None:  # the aggregator's: a unit of gas in the token bought
                        gas_value *= best_rate(to_wrapped, at)
                    split = best_split(at, sell, buy, used, PARTS, connectors, pair, gas_value)
                    impact = split.impact()
                    times[kind].append(time.perf_counter() - started)
                valued, allocated, rugged = stages(fresh(pools), pair, used, gas_value)  # grids not kept yet
                times["values"].append(valued)
                times["allocation"].append(allocated)
            for kind in times:
                samples[kind] += times[kind]
            name = f"{size} USD {sold.symbol} -> {catalog.token(BUY if sell == usdt else SELL).symbol}"
            cells = "".join(
                f"{statistics.median(times[k]) * 1e3:>{w}.2f}"
                for k, w in (("first", 12), ("again", 10), ("values", 10), ("allocation", 12))
            )
            print(f"{name:<26}{len(split.legs):>5}{len(split.left_out):>9}{float(impact):>9.4%}{cells}{rugged:>13}")
    print()
    print(f"compute, part=100, pools first seen:   {percentiles(samples['first'])}")
    print(f"compute, part=100, pools valued again: {percentiles(samples['again'])}")
    everything = samples["first"] + samples["again"]
    print(f"compute, part=100, all:                {percentiles(everything)}   target p50 <= 2 ms")
    print(f"  of which the routes' values:         {percentiles(samples['values'])}")
    print(f"  of which the allocation:             {percentiles(samples['allocation'])}")
    after_fastest, after_typical = reference()
    fastest, typical = min(fastest, after_fastest), (typical + after_typical) / 2
    print(f"reference workload: fastest {fastest * 1e3:.2f} ms, median {typical * 1e3:.2f} ms", end="")
    idle = statistics.median(everything) * fastest / typical
    print(f"  -> compute p50 scaled to the fastest: {idle * 1e3:.2f} ms (an estimate of an idle machine)")
    print(f"load average {os.getloadavg()[0]:.2f}")
    await engine.aclose()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=40)
    parser.add_argument("--base-fee-gwei", type=Decimal, default=Decimal(1))
    parser.add_argument("--golden", type=Path, default=GOLDEN)
    args = parser.parse_args()
    asyncio.run(main(args.repeat, int(args.base_fee_gwei * 10**9), args.golden.resolve()))
