"""Devnet figures: world build, cold start from snapshot, memory, /rpc round trips.

    python benchmarks/devnet.py [--calls 300] [--txs 100]

Builds every world into a temporary snapshot directory (so the user's cache is
left alone), then starts a fresh devnet from those snapshots and serves it.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

import httpx
from eth_account import Account

from swapdesk.chains import CHAINS
from swapdesk.contracts import artifact
from swapdesk.devnet.accounts import demo_address, demo_key
from swapdesk.devnet.builder import build
from swapdesk.devnet.network import Devnet
from swapdesk.devnet.snapshots import SnapshotStore
from swapdesk.engine import DevnetBackend, Engine
from swapdesk.server import create_app
from swapdesk.server.background import BackgroundServer


def rss_mib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def percentiles(samples: list[float]) -> str:
    ordered = sorted(samples)
    p50 = statistics.median(ordered)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return f"p50 {p50 * 1000:7.2f} ms   p95 {p95 * 1000:7.2f} ms   (n={len(ordered)})"


def build_all(store: SnapshotStore) -> None:
    total = 0.0
    for chain in CHAINS:
        started = time.perf_counter()
        dev_chain, manifest = build(chain.id)
        elapsed = time.perf_counter() - started
        total += elapsed
        store.save(dev_chain, manifest)
        blocks, size = dev_chain.head.block_number, len(dev_chain.dump()) // 1024
        print(f"  build {chain.flag:6} {elapsed:6.2f} s  ({blocks} transactions, {size} KiB snapshot)")
    print(f"world build, all 15 chains: {total:.1f} s ({total / len(CHAINS):.2f} s a chain)")


async def cold_starts(store: SnapshotStore) -> Devnet:
    one = Devnet(store)
    started = time.perf_counter()
    await one.start(56)
    print(f"cold start from snapshot, one chain (BSC): {(time.perf_counter() - started) * 1000:.1f} ms")
    await one.close()

    base = rss_mib()
    devnet = Devnet(store)
    started = time.perf_counter()
    await asyncio.gather(*(devnet.start(c.id) for c in CHAINS))
    print(f"cold start from snapshot, all 15 chains: {(time.perf_counter() - started) * 1000:.1f} ms")
    print(f"resident memory: {rss_mib():.0f} MiB with all 15 chains up ({rss_mib() - base:+.0f} MiB for the chains)")
    return devnet


def round_trips(url: str, calls: int, txs: int) -> None:
    rpc = f"{url}/rpc/56"
    client = httpx.Client()
    token = httpx.get(f"{url}/ext/v1/tokens", params={"chain": "BSC"}).json()["data"][2]["address"]
    erc20 = artifact("ERC20")
    call = {"to": token, "data": "0x" + erc20.encode("balanceOf", demo_address(0)).hex()}

    def post(method: str, *params: object) -> object:
        reply = client.post(rpc, json={"jsonrpc": "2.0", "id": 1, "method": method, "params": list(params)}).json()
        assert "error" not in reply, reply
        return reply["result"]

    samples = []
    for _ in range(calls):
        started = time.perf_counter()
        post("eth_call", call, "latest")
        samples.append(time.perf_counter() - started)
    print(f"eth_call over /rpc:                    {percentiles(samples)}")

    sender = Account.from_key(demo_key(6))
    nonce = int(str(post("eth_getTransactionCount", sender.address, "latest")), 16)
    fee_cap = int(str(post("eth_gasPrice")), 16) * 2
    samples = []
    for i in range(txs):
        tx = {
            "to": token, "data": erc20.encode("transfer", demo_address(7), 1 + i), "value": 0, "gas": 100_000,
            "maxFeePerGas": fee_cap, "maxPriorityFeePerGas": 1, "nonce": nonce + i, "chainId": 56, "type": 2,
        }  # fmt: skip
        raw = "0x" + bytes(sender.sign_transaction(tx).raw_transaction).hex()
        started = time.perf_counter()
        tx_hash = post("eth_sendRawTransaction", raw)
        receipt = post("eth_getTransactionReceipt", tx_hash)
        samples.append(time.perf_counter() - started)
        assert isinstance(receipt, dict) and receipt["status"] == "0x1"
    print(f"signed transfer, send + receipt:       {percentiles(samples)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--calls", type=int, default=300)
    parser.add_argument("--txs", type=int, default=100)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        store = SnapshotStore(Path(tmp))
        build_all(store)
        loop = asyncio.new_event_loop()
        devnet = loop.run_until_complete(cold_starts(store))
        loop.run_until_complete(devnet.close())
        loop.close()
        served = Devnet(store)
        with BackgroundServer(create_app(Engine(DevnetBackend(served)), devnet=served)) as server:
            round_trips(server.url, args.calls, args.txs)


if __name__ == "__main__":
    main()
