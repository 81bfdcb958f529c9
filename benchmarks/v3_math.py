"""Uniswap V3 pool model figures on the recorded mainnet WBTC/WETH 0.3 % pool.

    python benchmarks/v3_math.py [--repeat 200] [--golden ../shared/golden]

Per direction, for a trade crossing many initialized ticks (300 WBTC in: 81 ticks; 10,000 WETH in: 123):
- amounts_out of 101 amounts (0 to the trade, evenly spaced: the optimiser's grid at part 100) on a pool
  seen for the first time (its steps walked from scratch) and on one already walked (a second grid on the
  same state);
- amount_out per call, for amounts spread over the trade, on a walked pool;
- the pool's own swap loop (swap_exact) per call, for the same amounts: what each amount would cost without
  the shared walk.
Times are medians over the repeats, on this machine.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from swapdesk.engine.routing.uniswap_v3 import TickTable, V3Pool
from swapdesk.engine.routing.uniswap_v3.exact_input import router_price_limit

GRID = 101
RECORDING = Path("1") / "uniswap_v3_wbtc_weth_block_24407242.json"


def load(golden: Path) -> V3Pool:
    recorded = json.loads((golden / RECORDING).read_text())
    scalars = recorded["scalars"]
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
        TickTable({int(tick): (gross, net) for tick, (gross, net, _) in recorded["tick_data"].items()}),
    )


def median_seconds(run: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def measure(pool: V3Pool, name: str, zero_for_one: bool, trade: int, repeat: int) -> None:
    token_in, token_out = (pool.token0, pool.token1) if zero_for_one else (pool.token1, pool.token0)
    limit = router_price_limit(zero_for_one)
    amounts = [trade * k // (GRID - 1) for k in range(GRID)]
    walked = replace(pool)
    walked.amounts_out(token_in, token_out, amounts)
    _, _, after = pool.swap_exact(zero_for_one, trade, limit)
    low, high = sorted((pool.tick, after.tick))
    crossed = sum(low < tick <= high for tick in pool.ticks.initialized)
    sample = amounts[1::10]

    def one_by_one() -> None:
        for amount in sample:
            walked.amount_out(token_in, token_out, amount)

    def loop() -> None:
        for amount in sample:
            pool.swap_exact(zero_for_one, amount, limit)

    cold = median_seconds(lambda: replace(pool).amounts_out(token_in, token_out, amounts), repeat)
    warm = median_seconds(lambda: walked.amounts_out(token_in, token_out, amounts), repeat)
    per_call = median_seconds(one_by_one, repeat) / len(sample)
    per_loop = median_seconds(loop, max(repeat // 10, 3)) / len(sample)
    print(f"{name} ({crossed} initialized ticks crossed)")
    print(f"  amounts_out, {GRID} amounts, new pool:    {cold * 1e3:8.3f} ms")
    print(f"  amounts_out, {GRID} amounts, walked pool: {warm * 1e3:8.3f} ms")
    print(f"  amount_out per call, walked pool:     {per_call * 1e6:8.1f} us")
    print(f"  swap_exact (the swap loop) per call:  {per_loop * 1e6:8.1f} us")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--golden", type=Path, default=Path(__file__).resolve().parents[1] / ".." / "shared" / "golden")
    args = parser.parse_args()
    pool = load(args.golden.resolve())
    measure(pool, "300 WBTC -> WETH", True, 300 * 10**8, args.repeat)
    measure(pool, "10,000 WETH -> WBTC", False, 10_000 * 10**18, args.repeat)


if __name__ == "__main__":
    main()
