"""The crash test: `swapdesk serve` is killed (SIGKILL) at random points while a client swaps and transfers on
several chains; after each restart every receipt the client had received is still on chain (same hash, block and
logs), details still answer for every swap, and replays are refused."""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from eth_account import Account

from swapdesk.contracts import artifact
from swapdesk.devnet.accounts import demo_key

pytestmark = pytest.mark.slow

CHAINS = {56: "BSC", 137: "MATIC", 43114: "AVAX"}
ROUNDS = 5
ERC20 = artifact("ERC20")
NATIVE = "0x" + "00" * 20


@dataclass
class Acknowledged:
    chain_id: int
    raw: str
    receipt: dict[str, Any]
    swap: bool


class Server:
    """`swapdesk serve` in its own process, on its own data folder."""

    def __init__(self, data: Path) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {**os.environ, "SWAPDESK_DATA_DIR": str(data)}
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "swapdesk", "serve", "--port", str(self.port), "--speed", "20"],
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:  # up when it answers, not after a guessed delay
            try:
                if rpc(self.url, 56, "eth_chainId") == hex(56):
                    return
            except httpx.TransportError:
                if self.process.poll() is not None:
                    raise RuntimeError("swapdesk serve exited") from None
                time.sleep(0.05)
        raise RuntimeError("swapdesk serve did not come up")

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()


def rpc(url: str, chain_id: int, method: str, *params: Any) -> Any:
    reply = httpx.post(f"{url}/rpc/{chain_id}", json={"jsonrpc": "2.0", "id": 1, "method": method,
                                                      "params": list(params)}, timeout=30).json()  # fmt: skip
    if "error" in reply:
        raise RuntimeError(reply["error"]["message"])
    return reply["result"]


def sign(chain_id: int, account: Any, url: str, to: str, data: bytes, value: int) -> str:
    nonce = int(rpc(url, chain_id, "eth_getTransactionCount", account.address, "pending"), 16)
    base_fee = int(rpc(url, chain_id, "eth_getBlockByNumber", "latest", False)["baseFeePerGas"], 16)
    tx = {"to": to, "data": data, "value": value, "gas": 1_500_000, "maxFeePerGas": 2 * base_fee + 1,
          "maxPriorityFeePerGas": 1, "nonce": nonce, "chainId": chain_id, "type": 2}  # fmt: skip
    return "0x" + bytes(account.sign_transaction(tx).raw_transaction).hex()


def client_round(
    url: str, chains: dict[int, dict[str, str]], rnd: random.Random, out: list[Acknowledged], first_ack: threading.Event
) -> None:
    """Swap and transfer until the server dies; keep what was acknowledged."""
    account = Account.from_key(demo_key(4))
    try:
        while True:
            chain_id = rnd.choice(list(CHAINS))
            usdt = chains[chain_id]["USDT"]
            if rnd.random() < 0.5:
                raw = sign(chain_id, account, url, usdt, ERC20.encode("transfer", Account.create().address, 1000), 0)
                swap = False
            else:
                amount = 10**16
                query = {"token0": NATIVE, "token1": usdt, "decimal0": "18", "decimal1": chains[chain_id]["decimals"],
                         "impact": "100", "part": "5", "amountIn": str(amount), "amountOutMin": "0",
                         "to": account.address, "chain": CHAINS[chain_id]}  # fmt: skip
                quote = httpx.get(f"{url}/v2/agg/swap/new", params=query, timeout=30).json()["data"]
                data = bytes.fromhex(quote["data"][2:])
                raw = sign(chain_id, account, url, quote["aggregator"], data, amount)
                swap = True
            receipt = rpc(url, chain_id, "eth_sendRawTransactionSync", raw)
            out.append(Acknowledged(chain_id, raw, receipt, swap))
            first_ack.set()
    except (httpx.TransportError, RuntimeError, ValueError, KeyError):
        return  # the server died under us: whatever was not acknowledged may or may not be on chain


def test_killed_server_keeps_every_acknowledged_receipt(tmp_path: Path) -> None:
    seed = random.randrange(2**32)
    rnd = random.Random(seed)
    server = Server(tmp_path / "data")
    acknowledged: list[Acknowledged] = []
    try:
        server.start()
        chains = {}
        for chain_id, flag in CHAINS.items():
            tokens = httpx.get(f"{server.url}/ext/v1/tokens", params={"chain": flag}, timeout=60).json()["data"]
            usdt = next(t for t in tokens if t["symbol"] == "USDT")
            chains[chain_id] = {"USDT": usdt["address"], "decimals": str(usdt["decimals"])}
        for _ in range(ROUNDS):
            first_ack = threading.Event()
            delay = rnd.uniform(0.0, 2.0)

            def kill_later(first_ack: threading.Event = first_ack, delay: float = delay) -> None:
                first_ack.wait(timeout=120)  # the round is under way: then anywhere within 2 s of work
                time.sleep(delay)  # a random point in time, on purpose: that is where the kill lands
                server.kill()

            killer = threading.Thread(target=kill_later)
            killer.start()
            client_round(server.url, chains, rnd, acknowledged, first_ack)
            killer.join()
            server.start()
            check(server.url, acknowledged, seed)
    finally:
        server.kill()
    assert sum(a.swap for a in acknowledged) > 0 and sum(not a.swap for a in acknowledged) > 0


def check(url: str, acknowledged: list[Acknowledged], seed: int) -> None:
    for ack in acknowledged:
        tx_hash = ack.receipt["transactionHash"]
        again = rpc(url, ack.chain_id, "eth_getTransactionReceipt", tx_hash)
        assert again == ack.receipt, f"seed {seed}: receipt of {tx_hash} changed after a crash"
        block = rpc(url, ack.chain_id, "eth_getBlockByNumber", ack.receipt["blockNumber"], False)
        assert block["hash"] == ack.receipt["blockHash"] and tx_hash in block["transactions"]
        reply = httpx.post(f"{url}/rpc/{ack.chain_id}", json={"jsonrpc": "2.0", "id": 9,
                           "method": "eth_sendRawTransaction", "params": [ack.raw]}, timeout=30).json()  # fmt: skip
        assert "error" in reply, f"seed {seed}: {tx_hash} was accepted again"
        if ack.swap:
            details = httpx.get(f"{url}/v3/core/details", params={"hash": tx_hash, "chain": CHAINS[ack.chain_id]},
                                timeout=30).json()  # fmt: skip
            assert details["result"] == 0 and details["data"]["status"] == "Success", details
