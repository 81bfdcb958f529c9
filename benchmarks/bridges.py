"""Figures of the bridge providers' operators and of the engine's cross-chain part, on the embedded devnet.

    python benchmarks/bridges.py [--fast 50] [--orders 30] [--no-default] [--quotes 50]

- deposit-to-completion per bridge (USDT, BSC -> Polygon, a demo account depositing straight to the
  contract) at the default speed (1: real block times; one run each) and in fast mode (`--fast`);
- METAPATH's first stage with and without the order callback: deposit to wait_exchange_push;
- orders per minute each operator settles in fast mode: `--orders` per bridge deposited while the
  operators are down, then settled by all three at once, on this machine (the devnet's chains and the
  three operators share its cores);
- the engine (in fast mode, its providers in process): `/v3/cross/swap` p50/p95 per bridge and
  `/ext/v1/cross/routes` p50/p95 (500 USDT, BSC -> Polygon, `--quotes` each, after one warm-up), and the
  order callback's effect as a client sees it: deposits from the quote's call data, registered with the
  engine's `/v3/cross/order` or not, timed to wait_exchange_push in the details' timeline.

Times are the providers' own: from the deposit's receipt to the order's final step in its timeline.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import os
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from eth_account import Account

from swapdesk.api import CrossOrderRequest, CrossRoutesRequest, CrossSwapRequest, DetailsRequest, parse
from swapdesk.contracts import artifact
from swapdesk.devnet.accounts import demo_key
from swapdesk.devnet.backend import DevnetBackend
from swapdesk.devnet.bridges.celer import send_transfer_id
from swapdesk.devnet.bridges.client import ChainClient
from swapdesk.devnet.bridges.metapath import order_id
from swapdesk.devnet.bridges.service import BridgeProviders
from swapdesk.devnet.bridges.store import Order, OrderStore
from swapdesk.devnet.chaindata import ChainData
from swapdesk.devnet.network import Devnet
from swapdesk.devnet.sender import signed_transaction
from swapdesk.engine.bridges import BridgeEndpoints
from swapdesk.engine.cross.cross_chain import CrossChain

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
    store: OrderStore = getattr(providers, bridge).store  # the provider named by `bridge`
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


def percentiles(seconds: list[float]) -> str:
    ordered = sorted(seconds)
    return f"p50 {ordered[len(ordered) // 2] * 1000:7.1f} ms   p95 {ordered[int(len(ordered) * 0.95)] * 1000:7.1f} ms"


async def timed(times: int, call: Callable[[], Awaitable[object]]) -> list[float]:
    await call()  # warm: token lists and configurations are fetched once
    spent = []
    for _ in range(times):
        started = time.perf_counter()
        await call()
        spent.append(time.perf_counter() - started)
    return spent


async def engine_figures(speed: float, quotes: int, folder: Path) -> None:
    """The engine as a client of the providers: quote and routes latency, and what the callback buys."""
    devnet, providers = await running(speed, folder)
    cross = CrossChain(DevnetBackend(devnet), BridgeEndpoints.in_process(providers.apps()))
    me = Depositor(providers, 5)
    here = await providers.world.deployment(BSC)
    assert here is not None
    usdt = next(t for t in here.cbridge.tokens if t.asset == "USDT").address
    ask = {"fromChainID": str(BSC), "toChainID": str(POLYGON), "token0": usdt, "amountIn": str(500 * 10**18),
           "to": me.receiver}  # fmt: skip
    try:
        print(f"\nspeed {speed:g}: the engine, 500 USDT BSC -> Polygon, {quotes} calls each")
        for bridge in ("ANYSWAP", "METAPATH", "CBRIDGE"):
            request = parse(CrossSwapRequest, (ask | {"bridge": bridge}).items())
            spent = await timed(quotes, functools.partial(cross.cross_swap, request))
            print(f"  /v3/cross/swap {bridge:<9} {percentiles(spent)}")
        routes = parse(CrossRoutesRequest, ask.items())
        print(f"  /ext/v1/cross/routes     {percentiles(await timed(quotes, lambda: cross.cross_routes(routes)))}")
        pushed: dict[bool, list[int]] = {True: [], False: []}
        for register in (True, False, True, False, True, False):
            quote = await cross.cross_swap(parse(CrossSwapRequest, (ask | {"bridge": "METAPATH"}).items()))
            await me.send(usdt, ERC20.encode("approve", quote.router, 500 * 10**18))
            started = time.time_ns() // 1_000_000
            tx = await me.send(quote.router, bytes.fromhex(quote.data[2:]))
            if register:
                order = {"bridge": "METAPATH", **ask, "token1": quote.token1, "channel": "default", "hash": tx,
                         "amountOutMin": quote.amountOut}  # fmt: skip
                await cross.cross_order(parse(CrossOrderRequest, order.items()))
            at = await stage_time(cross, tx, "wait_exchange_push", 600 / speed + 60)
            pushed[register].append(at - started)
        with_, without = (sorted(pushed[flag])[1] / 1000 for flag in (True, False))
        print(f"  deposit to wait_exchange_push (median of 3): {with_:.2f} s with /v3/cross/order, "
              f"{without:.2f} s without")  # fmt: skip
    finally:
        await cross.aclose()
        await providers.stop()
        await devnet.close()


async def stage_time(cross: CrossChain, tx: str, stage: str, bound: float) -> int:
    """When (ms) the transfer of `tx` reached `stage`, as the engine's details tell it, within `bound` s."""
    request = parse(DetailsRequest, [("hash", tx), ("chain", str(BSC))])
    deadline = time.monotonic() + bound
    while time.monotonic() < deadline:
        record = await cross.details(request)
        found = next((s.timeMs for s in (record.timeline or []) if s.statusNotes == stage), None) if record else None
        if found is not None:
            return found
        await asyncio.sleep(0.02)
    raise TimeoutError(f"{tx} did not reach {stage} within {bound:g} s")


async def main(fast: float, orders: int, default: bool, quotes: int) -> None:
    root = Path(tempfile.mkdtemp(prefix="swapdesk-bench-bridges-"))
    if default:
        await completion(1.0, root / "default")
    await completion(fast, root / "fast")
    await engine_figures(fast, quotes, root / "engine")
    await throughput(fast, orders, root / "throughput")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--fast", type=float, default=50.0, help="the fast mode's devnet speed (default 50)")
    parser.add_argument("--orders", type=int, default=30, help="orders per bridge for the throughput (default 30)")
    parser.add_argument("--no-default", action="store_true", help="skip the runs at speed 1 (a few minutes)")
    parser.add_argument("--quotes", type=int, default=50, help="engine calls per figure (default 50)")
    args = parser.parse_args()
    asyncio.run(main(args.fast, args.orders, not args.no_default, args.quotes))
