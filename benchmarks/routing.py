"""Routing figures on a fixed suite of pool sets and trade sizes.

    PYTHONPATH=. python benchmarks/routing.py [--repeat 30]

Pool sets are real devnet states (read through the engine's reader), trade
sizes run from retail to a large share of pool depth. Printed per case:
- shortfall (bps) of the quote against the exact optimum on the same grid
  (the dynamic programme run on every route, whatever the values' shape);
- shortfall (bps) against the continuous optimum, approximated by a
  2000-slice grid (the finest split the router could be asked for);
- gain (bps) over the best single source for the whole amount;
then compute time per quote with pool state in memory at part 10 and 100 (the
split: route values, allocation, execution on the models, price impact), and
end-to-end quote latency on the devnet through the engine: at a block already
known; at a new block holding a swap (its logs bring the pools' new state);
at a new empty block (a devnet at speed 100: a BSC block falls due every 30
ms, and the quote is the first to see it, as after a pause in typing); and
with every pool read again (a chain's first quote, or after a long gap).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import time
from decimal import Decimal

from eth_account import Account
from web3 import AsyncWeb3

from swapdesk.api import AggSwapRequest, parse
from swapdesk.chains import by_id
from swapdesk.contracts import artifact
from swapdesk.devnet.accounts import demo_key
from swapdesk.devnet.backend import DevnetBackend
from swapdesk.devnet.clock import BLOCK_SECONDS
from swapdesk.devnet.network import Devnet
from swapdesk.devnet.provider import DevnetProvider
from swapdesk.engine import Engine
from swapdesk.engine.routing.optimizer import allocate, dynamic
from swapdesk.engine.routing.pool import Pool
from swapdesk.engine.routing.routes import Route, candidates, output
from swapdesk.engine.routing.singles import single_source_routes
from swapdesk.engine.routing.split import best_split, probe
from swapdesk.units import scale

DEMO = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
ERC20 = artifact("ERC20")
EMPTY_BLOCK_SPEED = 100
NATIVE = "0x0000000000000000000000000000000000000000"
# (chain, sell, buy, whole tokens sold)
SUITE = [
    (56, "USDT", "WBNB", ["1000", "100000", "1000000", "5000000"]),
    (56, "USDT", "USDC", ["1000", "1000000", "10000000"]),
    (1, "USDC", "WBTC", ["1000", "250000", "2000000"]),
    (1, "WETH", "UNI", ["1", "100", "2000"]),
    (137, "WMATIC", "QUICK", ["1000", "1000000", "10000000"]),
    (43114, "USDT", "JOE", ["500", "50000", "500000"]),
]


def bps(part: int, whole: int) -> Decimal:
    return (Decimal(part) * 10_000 / Decimal(whole)).quantize(Decimal("0.01")) if whole else Decimal(0)


def grid_total(pools: dict[str, Pool], routes: list[Route], used: int, parts: int, exact: bool) -> int:
    amounts = [used * k // parts for k in range(parts + 1)]
    values = [[output(r, a, pools) for a in amounts] for r in routes]
    slices = dynamic(values, parts) if exact else allocate(values, parts)
    return sum(row[k] for row, k in zip(values, slices, strict=True))


def percentiles(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return f"p50 {statistics.median(ordered) * 1000:6.2f} ms  p95 {p95 * 1000:6.2f} ms"


def quote_request(usdt: str, part: int = 10) -> AggSwapRequest:
    query = {
        "token0": usdt, "token1": NATIVE, "decimal0": "18", "decimal1": "18", "impact": "50", "part": str(part),
        "amountIn": str(25_000 * 10**18), "amountOutMin": "0", "to": DEMO, "chain": "BSC",
    }  # fmt: skip
    request = parse(AggSwapRequest, query.items())
    assert isinstance(request, AggSwapRequest)
    return request


async def timed(engine: Engine, request: AggSwapRequest) -> float:
    started = time.perf_counter()
    await engine.agg_swap(request)
    return time.perf_counter() - started


async def swap_once(devnet: Devnet, engine: Engine, n: int) -> None:
    """A demo account's small USDT -> USDC swap through the router: a new block with pool logs in it."""
    manifest = await devnet.manifest(56)
    w3 = AsyncWeb3(DevnetProvider(devnet, 56))
    trader = Account.from_key(demo_key(6))
    usdt, usdc = manifest.token("USDT"), manifest.token("USDC")
    amount = (100 + n) * 10**18
    query = {
        "token0": usdt.address, "token1": usdc.address, "decimal0": "18", "decimal1": "18", "impact": "100",
        "part": "4", "amountIn": str(amount), "amountOutMin": "0", "to": trader.address,
        "issuer": trader.address, "chain": "BSC",
    }  # fmt: skip
    quote = await engine.agg_swap(parse(AggSwapRequest, query.items()))
    for to, data in ((usdt.address, ERC20.encode("approve", quote.aggregator, amount)), (quote.aggregator, quote.data)):
        block = await w3.eth.get_block("latest")
        tx = {
            "to": to, "data": data, "value": 0, "gas": 3_000_000, "chainId": 56, "maxPriorityFeePerGas": 1,
            "maxFeePerGas": block["baseFeePerGas"] * 2 + 1, "nonce": await w3.eth.get_transaction_count(trader.address),
        }  # fmt: skip
        signed = trader.sign_transaction(tx)
        await w3.eth.wait_for_transaction_receipt(await w3.eth.send_raw_transaction(signed.raw_transaction))


async def main(repeat: int) -> None:
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    devnet = Devnet()
    engine = Engine(DevnetBackend(devnet))
    print("shortfall vs the grid optimum, vs the continuous optimum, gain vs the best single source;")
    print("in bps, each as part=10 / part=100")
    print(f"{'case':<32}{'routes':>7}{'vs grid':>14}{'vs continuous':>18}{'vs best single':>20}")
    compute: dict[int, list[float]] = {10: [], 100: []}
    big_compute: list[float] = []
    for chain_id, sell, buy, sizes in SUITE:
        chain = by_id(chain_id)
        manifest = await devnet.manifest(chain_id)
        reader = await engine.aggregator.reader(chain)
        snap = await reader.snapshot(DEMO, "default", 1, [])
        src, dst = manifest.token(sell), manifest.token(buy)
        connectors = [t.address for t in manifest.tokens]
        found = await reader.routes(src.address, dst.address)
        for size in sizes:
            used = scale(Decimal(size), src.decimals)
            row = []
            for parts in (10, 100):
                started = time.perf_counter()
                split = best_split(snap.pools, src.address, dst.address, used, parts, connectors, found)
                compute[parts].append(time.perf_counter() - started)
                routes = candidates(found, snap.pools, probe(used))  # the quote's own routes
                if len(routes) >= 24 and parts == 100:
                    big_compute.append(compute[parts][-1])
                ours = grid_total(snap.pools, routes, used, parts, exact=False)
                grid = grid_total(snap.pools, routes, used, parts, exact=True)
                continuous = grid_total(snap.pools, routes, used, 2000, exact=False)
                best_single = max(output(route, used, snap.pools) for route in single_source_routes(found, snap.pools))
                assert max(split.alone.values()) == best_single  # gas free here: the listing's best is the best route
                row.append(
                    (
                        bps(grid - ours, grid),
                        bps(continuous - split.total_out, continuous),
                        bps(split.total_out - best_single, best_single),
                    )
                )
            name = f"{chain.flag} {size} {sell}->{buy}"
            cells = ["/".join(str(r[i]) for r in row) for i in range(3)]
            print(f"{name:<32}{len(routes):>7}{cells[0]:>14}{cells[1]:>18}{cells[2]:>20}")  # routes at part=100
    for _ in range(repeat):  # more samples for the timing lines
        for chain_id, sell, buy, sizes in SUITE[:1]:
            manifest = await devnet.manifest(chain_id)
            src, dst = manifest.token(sell), manifest.token(buy)
            reader = await engine.aggregator.reader(by_id(chain_id))
            snap = await reader.snapshot(DEMO, "default", 1, [])
            found = await reader.routes(src.address, dst.address)
            connectors = [t.address for t in manifest.tokens]
            used = scale(Decimal(sizes[1]), src.decimals)
            for parts in (10, 100):
                started = time.perf_counter()
                best_split(snap.pools, src.address, dst.address, used, parts, connectors, found)
                elapsed = time.perf_counter() - started
                compute[parts].append(elapsed)
                if parts == 100:
                    big_compute.append(elapsed)
    print()
    print(f"compute, state in memory, part=10:          {percentiles(compute[10])}")
    print(f"compute, state in memory, part=100:         {percentiles(compute[100])}")
    print(f"compute, part=100 with >= 24 routes:        {percentiles(big_compute)}")

    request = quote_request((await devnet.manifest(56)).token("USDT").address)
    await engine.agg_swap(request)
    warm = [await timed(engine, request) for _ in range(repeat * 3)]
    print(f"end to end on the devnet, same block:       {percentiles(warm)}")
    swapped = []
    for n in range(repeat):
        await swap_once(devnet, engine, n)
        swapped.append(await timed(engine, request))
    print(f"end to end, new block with a swap in it:    {percentiles(swapped)}")
    fast = Devnet(speed=EMPTY_BLOCK_SPEED)
    fast_engine = Engine(DevnetBackend(fast))
    fast_request = quote_request((await fast.manifest(56)).token("USDT").address)
    await fast_engine.agg_swap(fast_request)
    empty = []
    for _ in range(repeat):
        await asyncio.sleep(BLOCK_SECONDS[56] / EMPTY_BLOCK_SPEED)  # wall time passes: an empty block falls due
        empty.append(await timed(fast_engine, fast_request))
    print(f"end to end, one new empty block:            {percentiles(empty)}")
    await fast_engine.aclose()
    whole = []
    reader = await engine.aggregator.reader(by_id(56))
    for _ in range(repeat):
        reader.forget_pools()
        whole.append(await timed(engine, request))
    print(f"end to end, every pool read again:          {percentiles(whole)}")
    print(f"load average {os.getloadavg()[0]:.2f}")
    await engine.aclose()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=30)
    asyncio.run(main(parser.parse_args().repeat))
