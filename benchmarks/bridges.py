"""Figures of the bridge providers' operators, on the embedded devnet.

    python benchmarks/bridges.py [--fast 50] [--orders 30] [--no-default]

- deposit-to-completion per bridge (USDT, BSC -> Polygon, a demo account depositing straight to the
  contract) at the default speed (1: real block times; one run each) and in fast mode (`--fast`);
- METAPATH's first stage with and without the order callback: deposit to wait_exchange_push;
- orders per minute each operator settles in fast mode: `--orders` per bridge deposited while the
  operators are down, then settled by all three at once, on this machine (the devnet's chains and the
  three operators share its cores).

Times are the providers' own: from the deposit's receipt to the order's final step in its timeline.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import tempfile
import time
from pathlib import Path

from eth_account import Account

from swapdesk.contracts import artifact
from swapdesk.devnet.accounts import demo_key
from swapdesk.devnet.bridges.celer import send_transfer_id
from swapdesk.devnet.bridges.client import ChainClient
from swapdesk.devnet.bridges.metapath import order_id
from swapdesk.devnet.bridges.service import BridgeProviders
from swapdesk.devnet.bridges.store import Order
from swapdesk.devnet.chaindata import ChainData
from swapdesk.devnet.network import Devnet
from swapdesk.devnet.sender import signed_transaction

BSC, POLYGON = 56, 137
ERC20, ROUTER, CB, BRIDGERS = (artifact(n) for n in ("ERC20", "AnyswapV6Router", "CBridge", "Bridgers"))
FINAL = {"anyswap": "MatchTxStable", "cbridge": "COMPLETED", "metapath": "receive_complete"}
BRIDGES = tuple(FINAL)


class Depositor:
    """A demo account on BSC, sending to Polygon's account 7: signed here, sent through JSON-RPC."""

    def __init__(self, providers: BridgeProviders, index: int) -> None:
        self.providers = providers
        self.client = ChainClient(providers.world.devnet, BSC)
        self.account = Account.from_key(demo_key(index))
        self.receiver = Account.from_key(demo_key(7)).address

    async def send(self, to: str, data: bytes) -> str:
        nonce, base_fee = await self.client.nonce(self.account.address), await self.client.base_fee()
        raw = signed_transaction(self.account, BSC, nonce, base_fee, to, data, 0, 1_500_000)
        tx = await self.client.send_raw(raw)
        receipt = await self.client.receipt(tx)
        assert receipt is not None and receipt.ok, tx
        return tx

    async def deposit(self, bridge: str, amount: int, register: bool = True) -> str:
        """The order's id, once its deposit is mined (the exact approval first)."""
        here = await self.providers.world.deployment(BSC)
        assert here is not None
        if bridge == "anyswap":
            token = next(t for t in here.anyswap.tokens if t.underlying.asset == "USDT")
            await self.send(token.underlying.address, ERC20.encode("approve", here.anyswap.router, amount))
            call = ROUTER.encode("anySwapOutUnderlying", token.address, self.receiver, amount, POLYGON)
            return await self.send(here.anyswap.router, call)
        usdt = next(t for t in here.cbridge.tokens if t.asset == "USDT").address
        if bridge == "cbridge":
            await self.send(usdt, ERC20.encode("approve", here.cbridge.bridge, amount))
            nonce = time.time_ns()
            await self.send(here.cbridge.bridge, CB.encode("send", self.receiver, usdt, amount, POLYGON, nonce, 20_000))
            return "0x" + send_transfer_id(self.account.address, self.receiver, usdt, amount, POLYGON, nonce, BSC).hex()
        await self.send(usdt, ERC20.encode("approve", here.metapath.contract, amount))
        call = BRIDGERS.encode("swap", usdt, "USDT(POLYGON)", self.receiver, amount, 0)
        tx = await self.send(here.metapath.contract, call)
        if register:  # the order callback, as the engine makes it
            order = Order(order_id(BSC, tx), BSC, tx, None, POLYGON, "wait_deposit_send", {"registered": True})
            await self.providers.metapath.register(order)
        return order_id(BSC, tx)


async def step_time(providers: BridgeProviders, bridge: str, key: str, state: str, bound: float) -> int:
    """When (ms) the order reached `state`, waiting for it within `bound` seconds."""
    store = getattr(providers, bridge).store
    deadline = time.monotonic() + bound
    while time.monotonic() < deadline:
        found = next((s.at_ms for s in store.steps(key) if s.state == state), None)
        if found is not None:
            return found
        await asyncio.sleep(0.05)
    raise TimeoutError(f"{bridge} order {key} did not reach {state} within {bound:g} s")


async def running(speed: float, folder: Path, start: bool = True) -> tuple[Devnet, BridgeProviders]:
    devnet = Devnet(ChainData(folder), speed=speed)
    for chain_id in (BSC, POLYGON):
        await devnet.start(chain_id)
    providers = BridgeProviders(devnet)
    if start:
        await providers.start()
    return devnet, providers


async def completion(speed: float, folder: Path) -> None:
    devnet, providers = await running(speed, folder)
    try:
        print(f"\nspeed {speed:g}: deposit to completion, USDT BSC -> Polygon")
        for n, bridge in enumerate(BRIDGES):
            me = Depositor(providers, 1 + n)
            started = time.time_ns() // 1_000_000
            key = await me.deposit(bridge, 500 * 10**18)
            done = await step_time(providers, bridge, key, FINAL[bridge], 600 / speed + 60)
            print(f"  {bridge:8}  {(done - started) / 1000:7.2f} s")
        pushed = []
        for register in (True, False):
            me = Depositor(providers, 4)
            started = time.time_ns() // 1_000_000
            key = await me.deposit("metapath", 500 * 10**18, register)
            pushed_at = await step_time(providers, "metapath", key, "wait_exchange_push", 600 / speed + 60)
            pushed.append(pushed_at - started)
            await step_time(providers, "metapath", key, FINAL["metapath"], 600 / speed + 60)
        print(f"  metapath to wait_exchange_push: {pushed[0] / 1000:.2f} s with the callback, "
              f"{pushed[1] / 1000:.2f} s without")  # fmt: skip
    finally:
        await providers.stop()
        await devnet.close()


async def throughput(speed: float, orders: int, folder: Path) -> None:
    """A backlog: every deposit made while the operators are down, then the time they take to settle it."""
    devnet, providers = await running(speed, folder, start=False)
    try:

        async def batch(n: int, bridge: str) -> list[str]:
            me = Depositor(providers, 1 + n)
            return [await me.deposit(bridge, (100 + i) * 10**18) for i in range(orders)]

        keys = await asyncio.gather(*(batch(n, bridge) for n, bridge in enumerate(BRIDGES)))
        started = time.time_ns() // 1_000_000
        await providers.start()
        print(f"\nspeed {speed:g}: a backlog of {orders} orders per bridge, the three operators at once "
              f"({os.cpu_count()} cores)")  # fmt: skip
        for bridge, ids in zip(BRIDGES, keys, strict=True):
            last = max([await step_time(providers, bridge, key, FINAL[bridge], 600) for key in ids])
            minutes = (last - started) / 60_000
            print(f"  {bridge:8}  {orders} settled in {minutes * 60:6.1f} s: {orders / minutes:6.0f} orders/min")
    finally:
        await providers.stop()
        await devnet.close()


async def main(fast: float, orders: int, default: bool) -> None:
    root = Path(tempfile.mkdtemp(prefix="swapdesk-bench-bridges-"))
    if default:
        await completion(1.0, root / "default")
    await completion(fast, root / "fast")
    await throughput(fast, orders, root / "throughput")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--fast", type=float, default=50.0, help="the fast mode's devnet speed (default 50)")
    parser.add_argument("--orders", type=int, default=30, help="orders per bridge for the throughput (default 30)")
    parser.add_argument("--no-default", action="store_true", help="skip the runs at speed 1 (a few minutes)")
    args = parser.parse_args()
    asyncio.run(main(args.fast, args.orders, not args.no_default))
