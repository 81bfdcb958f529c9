"""A quote's latency, and `eth_blockNumber`'s, while loopback clients flood a chain with heavy `eth_call` batches
(issue 29, item 5).

    PYTHONPATH=$PWD python benchmarks/flood.py [--clients 2] [--connections 1] [--batch 50] [--gas GAS]
                                               [--quotes 3] [--probes 8]

Serves the API and the devnet's /rpc in process (one server, as `swapdesk serve`). Each of `--clients` clients
keeps `--connections` connections busy, each posting batches of `--batch` `eth_call`s of a loop to /rpc/56 (BSC),
or one call at a time with `--batch 0`; a call is given `--gas` (default: none, so the node's cap, and the loop runs
until the time cap stops it: 1 s in a batch, 5 s alone). Meanwhile a BSC quote (`/v2/agg/swap/new`, 1 BNB -> USDT,
part 4) is asked `--quotes` times in a row, and on a connection of its own `eth_blockNumber` `--probes` times, once
a second. Issue 21's flood was `--batch 20 --gas 400000 --connections 6`. Printed: each figure alone (no flood),
then under the flood, with the status of every quote. Every request has a timeout; the flood stops when the
measures are done.
"""

from __future__ import annotations

import argparse
import os
import statistics
import threading
import time
from typing import Any

import httpx

from swapdesk.devnet.backend import DevnetBackend
from swapdesk.devnet.network import Devnet
from swapdesk.engine import Engine
from swapdesk.server import create_app
from swapdesk.server.background import BackgroundServer
from swapdesk.server.devnet_app import DevnetRoutes

LOOP = "0x5b600056"  # JUMPDEST PUSH1 0 JUMP: initcode that burns all the gas it is given
NATIVE = "0x0000000000000000000000000000000000000000"
TIMEOUT = 120.0  # seconds for any one request (the API answers within 60 s)
SETTLE = 3.0  # seconds the flood runs before anything is timed (not synchronisation: a measure's lead-in)


def _call(n: int, gas: int | None) -> dict[str, Any]:
    msg: dict[str, Any] = {"data": LOOP} if gas is None else {"data": LOOP, "gas": hex(gas)}
    return {"jsonrpc": "2.0", "id": n, "method": "eth_call", "params": [msg, "latest"]}


def _timed(fn: Any) -> tuple[float, Any]:
    started = time.monotonic()
    result = fn()
    return time.monotonic() - started, result


def _figures(values: list[float]) -> str:
    shown = ", ".join(f"{v:.3f}" for v in values)
    return f"{shown} s (median {statistics.median(values):.3f}, max {max(values):.3f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clients", type=int, default=2)
    parser.add_argument("--connections", type=int, default=1)
    parser.add_argument("--batch", type=int, default=50)
    parser.add_argument("--gas", type=int, default=None)
    parser.add_argument("--quotes", type=int, default=3)
    parser.add_argument("--probes", type=int, default=8)
    args = parser.parse_args()
    print(f"load average at start: {os.getloadavg()[0]:.2f}")

    devnet = Devnet()  # in memory: nothing kept
    with BackgroundServer(create_app(Engine(DevnetBackend(devnet)), DevnetRoutes(devnet))) as server:
        url = server.url
        client = httpx.Client(base_url=url, timeout=TIMEOUT)
        probe_client = httpx.Client(base_url=url, timeout=TIMEOUT)
        heavy, answer = _timed(lambda: client.post("/rpc/56", json=_call(0, args.gas)).json())
        heavy, answer = _timed(lambda: client.post("/rpc/56", json=_call(1, args.gas)).json())
        tokens = client.get("/ext/v1/tokens", params={"chain": "BSC"}).json()["data"]
        usdt = next(t for t in tokens if t["symbol"] == "USDT")
        query = {
            "token0": NATIVE, "token1": usdt["address"], "decimal0": "18", "decimal1": str(usdt["decimals"]),
            "impact": "100", "part": "4", "amountIn": str(10**18), "amountOutMin": "0",
            "to": "0x000000000000000000000000000000000000dEaD", "chain": "BSC",
        }  # fmt: skip

        def quote() -> tuple[float, int]:
            took, answer = _timed(lambda: client.get("/v2/agg/swap/new", params=query))
            return took, answer.status_code

        def probe() -> float:
            body = {"jsonrpc": "2.0", "id": 1, "method": "eth_blockNumber", "params": []}
            took, answer = _timed(lambda: probe_client.post("/rpc/56", json=body))
            assert "result" in answer.json(), answer.text
            return took

        cold = quote()
        calm = [quote() for _ in range(3)]
        calm_probes = [probe() for _ in range(3)]

        stop = threading.Event()
        batches = [0]

        def flood() -> None:
            with httpx.Client(base_url=url, timeout=TIMEOUT) as own:  # a connection of its own
                while not stop.is_set():
                    body = [_call(n, args.gas) for n in range(args.batch)] if args.batch else _call(0, args.gas)
                    own.post("/rpc/56", json=body)
                    batches[0] += 1

        flooders = [threading.Thread(target=flood) for _ in range(args.clients * args.connections)]
        for thread in flooders:
            thread.start()
        time.sleep(SETTLE)
        probes: list[float] = []

        def probing() -> None:
            for _ in range(args.probes):
                probes.append(probe())
                time.sleep(1.0)  # pacing, not synchronisation

        prober = threading.Thread(target=probing)
        prober.start()
        flooded = [quote() for _ in range(args.quotes)]
        prober.join(timeout=TIMEOUT * args.probes)
        stop.set()
        for thread in flooders:
            thread.join(timeout=TIMEOUT)
        client.close()
        probe_client.close()

    said = answer.get("error", {}).get("message") or "answered"
    print(f"one heavy eth_call alone: {heavy:.2f} s ({said})")
    print(f"quote alone: first {cold[0]:.3f} s, then {_figures([t for t, _ in calm])}")
    print(f"eth_blockNumber alone: {_figures(calm_probes)}")
    each = f"batches of {args.batch}" if args.batch else "one call at a time"
    print(f"under {args.clients} clients x {args.connections} connections x {each} (gas {args.gas or 'the cap'}):")
    print(f"  quote: {_figures([t for t, _ in flooded])}; statuses {[s for _, s in flooded]}")
    print(f"  eth_blockNumber: {_figures(probes)}")
    print(f"  flood bodies answered meanwhile: {batches[0]}; load average at end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
