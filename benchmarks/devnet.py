"""Devnet figures: world build, starts, restart after a long journal, idle cost, /rpc round trips, and a quote
while a runaway eth_call holds its chain.

    python benchmarks/devnet.py [--calls 300] [--txs 100] [--journal 10000] [--idle 20] [--skip-build]

Worlds are built into a temporary snapshot directory and chains keep their data in a temporary folder, so the
user's cache and chains are left alone (--skip-build uses the user's cached worlds instead of rebuilding).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from eth_account import Account

from swapdesk.chains import CHAINS
from swapdesk.contracts import artifact
from swapdesk.devnet.accounts import demo_address, demo_key
from swapdesk.devnet.backend import DevnetBackend
from swapdesk.devnet.builder import build
from swapdesk.devnet.chaindata import ChainData
from swapdesk.devnet.evm import CALL_TIME_CAP, DevChain
from swapdesk.devnet.network import Devnet
from swapdesk.devnet.sender import Sender
from swapdesk.devnet.snapshots import SnapshotStore
from swapdesk.engine import Engine
from swapdesk.server import create_app
from swapdesk.server.background import BackgroundServer
from swapdesk.server.devnet_app import DevnetRoutes

ERC20 = artifact("ERC20")
LOOP_FOREVER = bytes.fromhex("5b600056")  # JUMPDEST PUSH1 0 JUMP
NATIVE = "0x" + "00" * 20


def rss_mib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def percentiles(samples: list[float]) -> str:
    ordered = sorted(samples)
    p50 = statistics.median(ordered)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return (
        f"p50 {p50 * 1000:7.2f} ms   p95 {p95 * 1000:7.2f} ms   max {ordered[-1] * 1000:7.1f} ms   (n={len(ordered)})"
    )


def build_all(store: SnapshotStore) -> None:
    total = 0.0
    for chain in CHAINS:
        started = time.perf_counter()
        world = build(chain.id)
        elapsed = time.perf_counter() - started
        total += elapsed
        store.save(world)
        blocks, size = world.chain.head.block_number, len(world.chain.dump()) // 1024
        print(f"  build {chain.flag:6} {elapsed:6.2f} s  ({blocks} transactions, {size} KiB snapshot)")
    print(f"world build, all 15 chains: {total:.1f} s ({total / len(CHAINS):.2f} s a chain)")


async def starts(store: SnapshotStore, data: Path) -> None:
    one = Devnet(ChainData(data / "first", store))
    started = time.perf_counter()
    await one.start(56)
    print(f"first start of a chain (BSC: its data folder made from the world): {_ms(started)}")
    await one.close()
    again = Devnet(ChainData(data / "first", store))
    started = time.perf_counter()
    await again.start(56)
    print(f"start of a chain from its data (BSC):                                {_ms(started)}")
    await again.close()

    base = rss_mib()
    devnet = Devnet(ChainData(data / "all", store))
    started = time.perf_counter()
    await asyncio.gather(*(devnet.start(c.id) for c in CHAINS))
    print(f"first start, all 15 chains: {_ms(started)}")
    print(f"resident memory: {rss_mib():.0f} MiB with all 15 chains up ({rss_mib() - base:+.0f} MiB for the chains)")
    await devnet.close()


async def restart_after_journal(store: SnapshotStore, data: Path, transactions: int) -> None:
    """Restart time of a chain whose journal holds `transactions` transfers."""
    devnet = Devnet(ChainData(data / "journal", store))
    usdt = (await devnet.manifest(56)).token("USDT").address

    def send_many(chain: DevChain) -> None:
        sender = Sender(chain, demo_key(5))
        for i in range(transactions):
            sender.send(usdt, ERC20.encode("transfer", demo_address(6), 1 + i), gas=100_000)

    started = time.perf_counter()
    await devnet.run(56, send_many)
    print(f"journaled {transactions} transfers in {time.perf_counter() - started:.1f} s", end="; ")
    await devnet.close()
    journal = data / "journal" / "56" / "journal"
    print(f"journal {journal.stat().st_size / 2**20:.1f} MiB")
    again = Devnet(ChainData(data / "journal", store))
    started = time.perf_counter()
    await again.start(56)
    print(f"restart with {transactions} journaled transactions: {_ms(started)}")
    await again.close()


def idle_cpu(url: str, seconds: float) -> None:
    """Process CPU with all 15 chains up: idle, then with a client polling every chain once a second."""
    for chain in CHAINS:
        _post(url, chain.id, "eth_chainId")
    cpu, wall = time.process_time(), time.monotonic()
    time.sleep(seconds)  # idle, on purpose: this is what is measured
    print(f"CPU at idle, all 15 chains up: {100 * (time.process_time() - cpu) / (time.monotonic() - wall):.2f} %")
    cpu, wall = time.process_time(), time.monotonic()
    polls = 0
    while time.monotonic() - wall < seconds:
        tick = time.monotonic()
        for chain in CHAINS:
            _post(url, chain.id, "eth_blockNumber")
            polls += 1
        time.sleep(max(0.0, 1 - (time.monotonic() - tick)))
    busy = 100 * (time.process_time() - cpu) / (time.monotonic() - wall)
    print(f"CPU with every chain polled once a second (blocks mined as they fall due): {busy:.2f} % ({polls} polls)")


def quote_during_runaway_call(url: str, quotes: int) -> None:
    """A contract that loops forever, called with a huge gas: how long quotes on that chain wait."""
    sender = Account.from_key(demo_key(8))
    # deploy LOOP_FOREVER as runtime code: initcode copies 4 bytes to memory and returns them
    initcode = bytes.fromhex("6004600c60003960046000f3") + LOOP_FOREVER
    nonce = int(_post(url, 56, "eth_getTransactionCount", sender.address, "latest"), 16)
    tx = {"to": None, "data": initcode, "value": 0, "gas": 200_000, "maxFeePerGas": 10**10,
          "maxPriorityFeePerGas": 1, "nonce": nonce, "chainId": 56, "type": 2}  # fmt: skip
    receipt = _post(
        url, 56, "eth_sendRawTransactionSync", "0x" + bytes(sender.sign_transaction(tx).raw_transaction).hex()
    )
    loop = receipt["contractAddress"]
    tokens = httpx.get(f"{url}/ext/v1/tokens", params={"chain": "BSC"}).json()["data"]
    usdt = next(t for t in tokens if t["symbol"] == "USDT")
    query = {"token0": NATIVE, "token1": usdt["address"], "decimal0": "18", "decimal1": str(usdt["decimals"]),
             "impact": "50", "part": "10", "amountIn": str(10**18), "amountOutMin": "0", "to": demo_address(0),
             "chain": "BSC"}  # fmt: skip

    def quote_times() -> list[float]:
        samples = []
        for _ in range(quotes):
            started = time.perf_counter()
            assert httpx.get(f"{url}/v2/agg/swap/new", params=query, timeout=60).json()["result"] == 0
            samples.append(time.perf_counter() - started)
        return samples

    print(f"quote on BSC, nothing else running:        {percentiles(quote_times())}")
    runaway: list[float] = []

    def call_forever() -> None:
        started = time.perf_counter()
        reply = httpx.post(f"{url}/rpc/56", json={"jsonrpc": "2.0", "id": 1, "method": "eth_call",
                           "params": [{"to": loop, "gas": hex(10**12)}, "latest"]}, timeout=60).json()  # fmt: skip
        runaway.append(time.perf_counter() - started)
        assert "error" in reply

    caller = threading.Thread(target=call_forever)
    caller.start()
    time.sleep(0.2)  # let the runaway call take the chain first: that is the case measured
    during = quote_times()
    caller.join()
    print(f"quote on BSC while a runaway eth_call runs: {percentiles(during)}")
    print(f"the runaway eth_call was cut after {runaway[0]:.2f} s (cap {CALL_TIME_CAP:g} s)")


def round_trips(url: str, calls: int, txs: int) -> None:
    token = httpx.get(f"{url}/ext/v1/tokens", params={"chain": "BSC"}).json()["data"][2]["address"]
    call = {"to": token, "data": "0x" + ERC20.encode("balanceOf", demo_address(0)).hex()}
    samples = []
    for _ in range(calls):
        started = time.perf_counter()
        _post(url, 56, "eth_call", call, "latest")
        samples.append(time.perf_counter() - started)
    print(f"eth_call over /rpc:                    {percentiles(samples)}")

    sender = Account.from_key(demo_key(6))
    nonce = int(str(_post(url, 56, "eth_getTransactionCount", sender.address, "latest")), 16)
    fee_cap = int(str(_post(url, 56, "eth_gasPrice")), 16) * 2
    samples = []
    for i in range(txs):
        tx = {
            "to": token, "data": ERC20.encode("transfer", demo_address(7), 1 + i), "value": 0, "gas": 100_000,
            "maxFeePerGas": fee_cap, "maxPriorityFeePerGas": 1, "nonce": nonce + i, "chainId": 56, "type": 2,
        }  # fmt: skip
        raw = "0x" + bytes(sender.sign_transaction(tx).raw_transaction).hex()
        started = time.perf_counter()
        tx_hash = _post(url, 56, "eth_sendRawTransaction", raw)
        receipt = _post(url, 56, "eth_getTransactionReceipt", tx_hash)
        samples.append(time.perf_counter() - started)
        assert isinstance(receipt, dict) and receipt["status"] == "0x1"
    print(f"signed transfer, send + receipt:       {percentiles(samples)}")


_client = httpx.Client(timeout=60)


def _post(url: str, chain_id: int, method: str, *params: object) -> Any:  # the JSON result, as the node gives it
    reply = _client.post(f"{url}/rpc/{chain_id}", json={"jsonrpc": "2.0", "id": 1, "method": method,
                                                         "params": list(params)}).json()  # fmt: skip
    assert "error" not in reply, reply
    return reply["result"]


def _ms(started: float) -> str:
    return f"{(time.perf_counter() - started) * 1000:.0f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--calls", type=int, default=300)
    parser.add_argument("--txs", type=int, default=100)
    parser.add_argument("--journal", type=int, default=10_000, help="transfers journaled before the restart")
    parser.add_argument("--idle", type=float, default=20, help="seconds of each CPU measurement")
    parser.add_argument("--quotes", type=int, default=20)
    parser.add_argument("--skip-build", action="store_true", help="use the cached worlds")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        store = SnapshotStore() if args.skip_build else SnapshotStore(Path(tmp) / "worlds")
        if not args.skip_build:
            build_all(store)
        data = Path(tmp) / "chains"
        asyncio.run(starts(store, data))
        asyncio.run(restart_after_journal(store, data, args.journal))
        served = Devnet(ChainData(data / "served", store))
        with BackgroundServer(create_app(Engine(DevnetBackend(served)), DevnetRoutes(served))) as server:
            idle_cpu(server.url, args.idle)
            round_trips(server.url, args.calls, args.txs)
            quote_during_runaway_call(server.url, args.quotes)


if __name__ == "__main__":
    main()
