"""Finding transactions by their hash alone, on the embedded devnet's fifteen chains, as the History tab does.

    PYTHONPATH=. python benchmarks/details.py [--served] [--many 100] [--unknown 10] [--rounds 3]

Printed, each with its first run (the devnet starts a chain when it is first asked, so a first detection starts
all fifteen), the median, and every run:
- Detect chain on a hash no chain knows: every chain asked, `lookup.PROBES` at a time; and the same asked one
  chain after the other, as History did before (its first run on a devnet of its own, so that it starts the
  chains too; its later runs in turn with the other's, so both meet the same background work);
- Detect chain on one of the app's own transactions (its records give the chain), and on the same hash without
  the records (found by asking every chain);
- `--many` pasted hashes (`--unknown` of them on no chain, the rest approvals sent beforehand over five chains),
  looked up `lookup.MANY` at a time, as `swapdesk details --from-file` and History's table do.
With `--served`, the same through a server on loopback (`RemoteService` over HTTP, as the window and the CLI talk
to `swapdesk serve`), where each answer costs a round trip.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from eth_account import Account
from web3 import AsyncWeb3

from swapdesk.api import ApiError, ChainRequest, ErrorCode, SwapService, TxInfo, parse
from swapdesk.api.requests import TransactionRequest
from swapdesk.chain.http import KeptAliveProvider
from swapdesk.chain.rpc import request
from swapdesk.chains import Chain, by_id
from swapdesk.compose import EmbeddedEngine
from swapdesk.contracts import artifact
from swapdesk.devnet.accounts import demo_key
from swapdesk.devnet.backend import DevnetBackend
from swapdesk.devnet.bridges.service import BridgeProviders
from swapdesk.devnet.chaindata import ChainData
from swapdesk.devnet.network import Devnet
from swapdesk.devnet.provider import DevnetProvider
from swapdesk.engine import Engine
from swapdesk.lookup import detection_order, look_up, look_up_many
from swapdesk.remote import RemoteService
from swapdesk.server import create_app
from swapdesk.server.background import BackgroundServer
from swapdesk.server.devnet_app import DevnetRoutes

ERC20 = artifact("ERC20")
CHAINS_USED = (1, 56, 137, 42161, 10)  # where the pasted list's transactions are sent
Sender = Callable[[int], AsyncWeb3[Any]]  # a chain's JSON-RPC, to send on


@asynccontextmanager
async def world(served: bool) -> AsyncIterator[tuple[SwapService, Sender]]:
    """A fresh devnet (its chains start when first asked), and the engine over it: in process, or served."""
    devnet = Devnet(ChainData(Path(tempfile.mkdtemp(prefix="swapdesk-bench-details-"))))
    if not served:
        engine = Engine(DevnetBackend(devnet))
        try:
            yield engine, lambda chain_id: AsyncWeb3(DevnetProvider(devnet, chain_id))
        finally:
            await engine.aclose()
            await devnet.close()
        return
    providers = BridgeProviders(devnet)
    app = create_app(EmbeddedEngine(DevnetBackend(devnet), providers), DevnetRoutes(devnet, providers))
    with BackgroundServer(app) as server:
        remote = RemoteService(server.url)
        providers_: dict[int, KeptAliveProvider] = {}

        def rpc(chain_id: int) -> AsyncWeb3[Any]:
            if chain_id not in providers_:
                providers_[chain_id] = KeptAliveProvider(f"{server.url}/rpc/{chain_id}")
            return AsyncWeb3(providers_[chain_id])

        try:
            yield remote, rpc
        finally:
            for provider in providers_.values():
                await provider.disconnect()
            await remote.aclose()


async def approvals(service: SwapService, sender: Sender, count: int) -> list[str]:
    """`count` approvals, spread over CHAINS_USED, from ten demo accounts."""
    usdc = {}
    for chain_id in CHAINS_USED:
        listed = await service.tokens(ChainRequest(by_id(chain_id)))
        usdc[chain_id] = next(t.address for t in listed if t.symbol == "USDC")
    hashes: list[str] = []
    for n in range(count):
        chain_id = CHAINS_USED[n % len(CHAINS_USED)]
        w3, me = sender(chain_id), Account.from_key(demo_key(n % 10))
        latest = await request(w3, "eth_getBlockByNumber", ["latest", False])
        nonce = int(await request(w3, "eth_getTransactionCount", [me.address, "pending"]), 16)
        tx = {"to": usdc[chain_id], "data": ERC20.encode("approve", me.address, n + 1), "value": 0, "gas": 100_000,
              "chainId": chain_id, "nonce": nonce, "maxFeePerGas": int(latest["baseFeePerGas"], 16) * 2 + 1,
              "maxPriorityFeePerGas": 1}  # fmt: skip
        raw = "0x" + me.sign_transaction(tx).raw_transaction.hex()
        hashes.append((await request(w3, "eth_sendRawTransactionSync", [raw]))["transactionHash"])
    return hashes


async def one_after_the_other(service: SwapService, text: str) -> TxInfo | None:
    """History's Detect chain before: each chain in turn until one knows the hash."""
    for chain in detection_order(text):
        try:
            return await service.transaction(parse(TransactionRequest, [("hash", text), ("chain", chain.flag)]))
        except ApiError as error:
            if error.code not in (ErrorCode.TRANSACTION_NOT_FOUND, ErrorCode.CHAIN_UNAVAILABLE):
                raise
    return None


async def timed(rounds: int, work: Callable[[], Awaitable[Any]]) -> tuple[list[float], Any]:
    """Each of `rounds` runs' seconds, and the last run's result."""
    times, result = [], None
    for _ in range(rounds):
        started = time.perf_counter()
        result = await work()
        times.append(time.perf_counter() - started)
    return times, result


def show(what: str, times: list[float]) -> None:
    each = " ".join(f"{t:.3f}" for t in times)
    print(f"{what:<64} first {times[0]:7.3f} s   median {statistics.median(times):7.3f} s   ({each})", flush=True)


async def main(args: argparse.Namespace) -> None:
    unknown = "0x" + "6b" * 32
    print(f"on the devnet {'served on loopback (HTTP)' if args.served else 'in process'}")
    async with world(args.served) as (service, _):
        (cold,), found = await timed(1, lambda: one_after_the_other(service, unknown))
        assert found is None
    async with world(args.served) as (service, sender):
        (cold_at_once,), found = await timed(1, lambda: look_up(service, unknown))
        assert found.info is None
        warm: list[float] = []
        warm_at_once: list[float] = []
        for _ in range(args.rounds):  # in turn, so that both meet what else the world is doing alike
            warm += (await timed(1, lambda: one_after_the_other(service, unknown)))[0]
            warm_at_once += (await timed(1, lambda: look_up(service, unknown)))[0]
        show("Detect chain, unknown hash, one chain after the other (before)", [cold, *warm])
        show("Detect chain, unknown hash (every chain at once)", [cold_at_once, *warm_at_once])

        known = await approvals(service, sender, args.many - args.unknown)
        mine, its_chain = known[-1], CHAINS_USED[(len(known) - 1) % len(CHAINS_USED)]

        async def recorded(tx_hash: str) -> int | None:
            return its_chain if tx_hash == mine else None

        times, found = await timed(args.rounds, lambda: look_up(service, mine, recorded=recorded))
        assert found.recorded and found.info is not None
        show("Detect chain, one of the app's own (its records first)", times)
        times, found = await timed(args.rounds, lambda: look_up(service, mine))
        assert not found.recorded and found.info is not None
        show("  the same hash without the records (every chain at once)", times)

        nowhere = ["0x" + f"{n:064x}" for n in range(1, args.unknown + 1)]
        pasted: list[tuple[str, Chain | None]] = [(h, None) for h in [*known, *nowhere]]

        async def many() -> int:
            return sum([found.info is not None async for _, found in look_up_many(service, pasted)])

        times, hits = await timed(args.rounds, many)
        assert hits == len(known)
        show(f"{len(pasted)} pasted hashes ({args.unknown} unknown), chains detected", times)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--served", action="store_true", help="through a server on loopback, over HTTP")
    parser.add_argument("--many", type=int, default=100)
    parser.add_argument("--unknown", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=3)
    asyncio.run(main(parser.parse_args()))
