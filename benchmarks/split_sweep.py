"""Is a quote ever below a single route it could have taken? Random trades on the protocols' own pools, on anvil.

    PYTHONPATH=. python benchmarks/split_sweep.py [--trades 1000] [--seed 1] [--base-fee-gwei 0]

A random world of Uniswap V2 and V3 pools, their cores and periphery the npm artifacts the project vendors
(`tests/engine/split_world.py`), and swapdesk's router; then random trades (`tests/engine/split_sweep.py`): each
quoted through the engine over JSON-RPC, checked against what every one- and two-hop route gives by the
protocols' own periphery (Router02, QuoterV2) at the quoted block, against each source's listing in `amounts`
and against the fallback's route (the engine's answer on the same chain without swapdesk's router) for the same
amount reaching the pools, then sent: what it delivered must be what it quoted. A random swap through a DEX's
router moves a pool between trades.

With `--base-fee-gwei 0` (the default) gas is free and every figure compares outputs. With a base fee, the engine
chooses after gas, and "below a listed route" compares `totalAmountOut - gasCost` with each entry's `amountOut -
gasCost` (the code before issue 28 has no `gasCost`: its figure there compares outputs).

Printed: the world, then how many quotes were below a listed route, below a single route on chain, below the
fallback's route (each with the worst shortfall in bps), executed other than quoted, refused, and how long it took.
"""

from __future__ import annotations

import argparse
import os
import random
import secrets
import time

from eth_account import Account

from tests.anvil import running_anvil
from tests.engine.split_sweep import run
from tests.engine.split_world import ANVIL_KEY, build


def main(trades: int, seed: int, base_fee: int) -> None:
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    trader = secrets.token_bytes(32)
    with running_anvil(1, "--base-fee", "0") as url:
        started = time.perf_counter()
        world = build(url, ANVIL_KEY, random.Random(seed), [Account.from_key(trader).address])
        kinds = {kind: sum(h.kind == kind for h in world.hops) for kind in ("v2", "v3")}
        print(f"world (seed {seed}): {len(world.tokens)} tokens, {kinds['v2']} V2 pairs on two deployments, "
              f"{kinds['v3']} V3 pools; built in {time.perf_counter() - started:.1f} s")  # fmt: skip
        started = time.perf_counter()
        tally = run(world, trader, trades, seed, base_fee)
        elapsed = time.perf_counter() - started
    print(f"{trades} trades in {elapsed:.0f} s, gas at a base fee of {base_fee / 10**9:g} gwei")
    quotes = tally.counts["quotes"]
    print(f"  quoted: {quotes}")
    for what in (
        "below a listed route",
        "output below a listed route's output",
        "output below a single route's, on chain",
        "output below a route its models do not give",
        "output below the fallback's route",
        "executed other than quoted",
    ):
        worst = f" (worst {tally.worst[what]:.2f} bps)" if what in tally.worst else ""
        print(f"  {what}: {tally.counts[what]} of {quotes}{worst}")
    for what, count in sorted(tally.counts.items()):
        if what not in ("quotes", "executed other than quoted") and what not in tally.worst:
            print(f"  {what}: {count}")
    for case in tally.cases[:10]:
        print(f"    {case}")
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--trades", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--base-fee-gwei", type=float, default=0.0)
    args = parser.parse_args()
    main(args.trades, args.seed, int(args.base_fee_gwei * 10**9))
