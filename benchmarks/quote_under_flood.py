"""A quote's latency while two clients flood a chain with heavy eth_call batches (issue 21, item 6).

    PYTHONPATH=$PWD python benchmarks/quote_under_flood.py [GAS] [CONNECTIONS]

Serves the API and the devnet's /rpc in process; each of two clients keeps CONNECTIONS connections busy
with batches of 20 `eth_call`s burning GAS (default 400,000) on BSC, while a third asks /v2/agg/swap/new.
"""

from __future__ import annotations

import sys
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

LOOP = "0x5b600056"  # JUMPDEST PUSH1 0 JUMP: initcode that burns the gas it is given
NATIVE = "0x0000000000000000000000000000000000000000"


def main(gas: int, connections: int) -> None:
    def call(n: int) -> dict[str, Any]:
        return {"jsonrpc": "2.0", "id": n, "method": "eth_call", "params": [{"data": LOOP, "gas": hex(gas)}, "latest"]}

    devnet = Devnet()
    with BackgroundServer(create_app(Engine(DevnetBackend(devnet)), DevnetRoutes(devnet))) as server:
        url = server.url
        client = httpx.Client(timeout=300)
        client.post(url + "/rpc/56", json=call(0))
        started = time.monotonic()
        client.post(url + "/rpc/56", json=call(1))
        one = time.monotonic() - started
        tokens = client.get(url + "/ext/v1/tokens", params={"chain": "BSC"}).json()["data"]
        usdt = next(t for t in tokens if t["symbol"] == "USDT")
        query = {
            "token0": NATIVE, "token1": usdt["address"], "decimal0": "18", "decimal1": str(usdt["decimals"]),
            "impact": "100", "part": "4", "amountIn": str(10**18), "amountOutMin": "0",
            "to": "0x000000000000000000000000000000000000dEaD", "chain": "BSC",
        }  # fmt: skip

        def quote() -> float:
            started = time.monotonic()
            answer = client.get(url + "/v2/agg/swap/new", params=query)
            assert answer.status_code == 200, answer.text
            return time.monotonic() - started

        quote()
        calm = [quote() for _ in range(3)]
        stop = threading.Event()

        def flood() -> None:
            with httpx.Client(timeout=300) as own:
                while not stop.is_set():
                    own.post(url + "/rpc/56", json=[call(n) for n in range(20)])

        threads = [threading.Thread(target=flood) for _ in range(2 * connections)]
        for thread in threads:
            thread.start()
        time.sleep(3)  # not synchronisation: the flood under way before the quotes are timed
        flooded = [quote() for _ in range(3)]
        stop.set()
        for thread in threads:
            thread.join()
        client.close()
    shown = ", ".join(f"{x:.2f}" for x in flooded)
    print(f"heavy call {one:.2f} s; quote alone {max(calm):.2f} s; under flood of 2 clients x {connections} "
          f"connections: {shown} s (max {max(flooded):.2f})")  # fmt: skip


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 400_000, int(sys.argv[2]) if len(sys.argv) > 2 else 6)
