"""API workers are stateless: any worker answers any request, and two answer the same quote alike.

The devnet runs as its own server (`devnet_app`, what `swapdesk devnet serve` runs) with chains of its own;
the workers reach it over HTTP as they would reach real nodes. Quotes are on Ethereum (a block every 12 s), so
two quotes asked together almost always land on one block; a pair that straddles a block is asked again.
"""

from __future__ import annotations

import os
import queue
import select
import signal
import socket
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from swapdesk.api.requests import DEMO_TRON
from swapdesk.devnet.accounts import demo_key
from swapdesk.devnet.bridges.service import BridgeProviders
from swapdesk.devnet.chaindata import ChainData
from swapdesk.devnet.network import Devnet
from swapdesk.devnet.sender import RpcSender
from swapdesk.server.background import BackgroundServer
from swapdesk.server.devnet_app import create_devnet_app
from swapdesk.server.workers import Setup

DEMO = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
TRADER = 2  # a demo account holding the chain's tokens
NATIVE = "0x" + "0" * 40
TRX = "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb"  # the all-zero address, as TRON writes it
TRIES = 5  # pairs of quotes asked before giving up on finding two at one block
START_TIMEOUT = 180.0  # seconds for `swapdesk serve --workers` to start (its devnet may build a world)


@pytest.fixture(scope="module")
def devnet_url() -> Iterator[str]:
    """What `swapdesk devnet serve` runs: the chains, and the bridge providers beside them."""
    devnet = Devnet(ChainData(Path(tempfile.mkdtemp(prefix="swapdesk-devnet-process-"))))
    with BackgroundServer(create_devnet_app(devnet, BridgeProviders(devnet))) as server:
        yield server.url


def _worker(devnet_url: str) -> BackgroundServer:
    return BackgroundServer(Setup(devnet_url).app())


def _quote_query(client: httpx.Client, url: str, trader: str = DEMO) -> dict[str, str]:
    tokens = client.get(f"{url}/ext/v1/tokens", params={"chain": "ETH"}).json()["data"]
    usdt = next(t for t in tokens if t["symbol"] == "USDT")
    return {
        "token0": NATIVE, "token1": usdt["address"], "decimal0": "18", "decimal1": str(usdt["decimals"]),
        "impact": "50", "part": "20", "amountIn": str(100 * 10**18), "amountOutMin": "0", "to": trader,
        "chain": "ETH",
    }  # fmt: skip


def _alike(client: httpx.Client, first: str, second: str, query: dict[str, str]) -> dict[str, Any]:
    """Both workers' answers to `query`, asked until a pair lands on one block: they must be equal."""
    for _ in range(TRIES):
        a = client.get(f"{first}/v2/agg/swap/new", params=query).json()
        b = client.get(f"{second}/v2/agg/swap/new", params=query).json()
        assert a["result"] == b["result"] == 0, (a, b)
        if a["data"]["blockNumber"] == b["data"]["blockNumber"]:
            break
    assert a == b  # every field: the split, the fee, the call data (its deadline from the block's time)
    return dict(a["data"])


def test_two_workers_answer_the_same_quote_at_the_same_block(devnet_url: str) -> None:
    trader = RpcSender(f"{devnet_url}/rpc/1", demo_key(TRADER))
    with _worker(devnet_url) as first, _worker(devnet_url) as second, httpx.Client(timeout=120) as client:
        query = _quote_query(client, first.url, trader.address)
        before = _alike(client, first.url, second.url, query)
        assert len(before["dexPath"]) > 1, before["dexPath"]  # a real split, not a trivial answer
        # the trader takes the quote (100 ETH): the pools move, and both workers must see it at once
        trader.send(before["aggregator"], bytes.fromhex(before["data"][2:]), int(query["amountIn"]), gas=3_000_000)
        after = _alike(client, first.url, second.url, query)
        assert after["blockNumber"] > before["blockNumber"]
        assert int(after["totalAmountOut"]) < int(before["totalAmountOut"])  # the same trade again gets less
    trader.close()


def test_a_worker_reaches_the_bridge_providers_of_the_devnet_process(devnet_url: str) -> None:
    with _worker(devnet_url) as worker, httpx.Client(timeout=120) as client:
        listed = client.get(f"{worker.url}/v3/cross/common/list").json()
        assert listed["result"] == 0, listed
        assert set(listed["data"]["bridgers"]) == {"ANYSWAP", "CBRIDGE", "METAPATH"}
        direct = client.get(f"{devnet_url}/providers/cbridge/v2/getTransferConfigsForAll")
        passed_on = client.get(f"{worker.url}/providers/cbridge/v2/getTransferConfigsForAll")
        assert direct.status_code == passed_on.status_code == 200 and direct.json() == passed_on.json()


def test_a_worker_passes_rpc_and_tron_on_to_the_devnet(devnet_url: str) -> None:
    with _worker(devnet_url) as worker, httpx.Client(timeout=120) as client:
        ping = {"jsonrpc": "2.0", "id": 7, "method": "eth_chainId", "params": []}
        assert client.post(f"{worker.url}/rpc/56", json=ping).json() == {"jsonrpc": "2.0", "id": 7, "result": "0x38"}
        assert (
            client.post(f"{worker.url}/rpc/56", json=[ping, ping]).json()
            == [{"jsonrpc": "2.0", "id": 7, "result": "0x38"}] * 2
        )
        too_large = b"[" + b" " * (1024 * 1024) + b"]"
        refused = client.post(f"{worker.url}/rpc/56", content=too_large)
        assert refused.status_code == 413 and refused.json()["error"]["code"] == -32005
        block = client.post(f"{worker.url}/tron/wallet/getnowblock", json={}).json()
        assert block["block_header"]["raw_data"]["number"] >= 0


def test_a_worker_quotes_on_tron_through_the_devnet_processs_node(devnet_url: str) -> None:
    """The TRON quote measures its fee limit on the TRON node: the devnet process's, over HTTP."""
    with _worker(devnet_url) as worker, httpx.Client(timeout=120) as client:
        tokens = client.get(f"{worker.url}/ext/v1/tokens", params={"chain": "TRON"}).json()["data"]
        usdt = next(t for t in tokens if t["symbol"] == "USDT")
        query = {
            "token0": usdt["address"], "token1": TRX, "decimal0": str(usdt["decimals"]), "decimal1": "6",
            "impact": "50", "part": "10", "amountIn": str(100 * 10 ** usdt["decimals"]), "amountOutMin": "0",
            "to": DEMO_TRON, "issuer": DEMO_TRON, "chain": "TRON",
        }  # fmt: skip
        answer = client.get(f"{worker.url}/v3/core/swap", params=query).json()
        assert answer["result"] == 0, answer
        assert int(answer["data"]["totalAmountOut"]) > 0 and answer["data"]["data"]["options"]["feeLimit"] > 0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Command:
    """`swapdesk serve --workers N ...` as a terminal runs it: its own process group, its log read as it
    comes (each line waited for, bounded), every process it started known."""

    def __init__(self, *args: str, port: int | None = None) -> None:
        self.port = port or _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        folder = tempfile.mkdtemp(prefix="swapdesk-serve-")  # its devnet's chains: no other process's
        env = {**os.environ, "SWAPDESK_CONFIG_DIR": folder + "/config", "SWAPDESK_DATA_DIR": folder + "/data"}
        argv = [sys.executable, "-m", "swapdesk", "serve", "--port", str(self.port), *args]
        self.process = subprocess.Popen(
            argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, start_new_session=True
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.lines.put(line)
        self.lines.put(None)

    def wait_for(self, text: str, times: int = 1) -> None:
        """Until `text` has been logged `times` times more (bounded)."""
        while times > 0:
            line = self.lines.get(timeout=START_TIMEOUT)
            assert line is not None, f"swapdesk serve exited before logging {text!r}"
            times -= text in line

    def children(self) -> list[int]:
        """The processes it started (workers, the devnet, multiprocessing's resource tracker)."""
        pid = self.process.pid
        found = []
        for task in os.listdir(f"/proc/{pid}/task"):
            found += [int(child) for child in Path(f"/proc/{pid}/task/{task}/children").read_text().split()]
        return found

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)  # a test that failed: leave nothing behind
        self.process.wait(timeout=60)


def _ends(pid: int, timeout: float = 60.0) -> bool:
    """Whether process `pid` has ended, or ends within `timeout` seconds. Not all are the command's own
    children to wait for: multiprocessing's resource tracker ends on its own once its parent has."""
    try:
        fd = os.pidfd_open(pid)  # readable once the process has ended
    except ProcessLookupError:
        return True
    try:
        return bool(select.select([fd], [], [], timeout)[0])
    finally:
        os.close(fd)


def _worker_pids(command: Command) -> list[int]:
    """Its workers: the children running at the workers' lower priority than the command's own (which is the
    priority the test run was given: `nice bash scripts/test` runs everything lower)."""
    own = os.getpriority(os.PRIO_PROCESS, command.process.pid)
    return [pid for pid in command.children() if os.getpriority(os.PRIO_PROCESS, pid) > own]


def test_swapdesk_serve_with_workers(devnet_url: str) -> None:
    """The command itself: two worker processes in front of a devnet, quotes alike per block, a worker that
    dies replaced, and Ctrl-C (SIGINT to the terminal's process group) stops everything, exit status 0."""
    command = Command("--workers", "2", "--devnet", devnet_url)
    try:
        command.wait_for("Application startup complete", 2)
        clients = [httpx.Client(timeout=120) for _ in range(8)]  # a connection each: the kernel spreads them
        query = _quote_query(clients[0], command.url)
        by_block: dict[int, list[dict[str, Any]]] = {}
        for client in clients:
            answer = client.get(f"{command.url}/v2/agg/swap/new", params=query).json()
            assert answer["result"] == 0, answer
            by_block.setdefault(answer["data"]["blockNumber"], []).append(answer)
        for answers in by_block.values():
            assert all(answer == answers[0] for answer in answers)
        for client in clients:
            client.close()

        dead = _worker_pids(command)[0]
        os.kill(dead, signal.SIGKILL)
        command.wait_for("starting another")
        command.wait_for("Application startup complete")
        assert len(_worker_pids(command)) == 2 and dead not in command.children()
        for _ in range(4):  # new connections: both workers answer again
            assert httpx.get(f"{command.url}/v2/agg/swap/new", params=query, timeout=120).json()["result"] == 0

        started = command.children()
        os.killpg(command.process.pid, signal.SIGINT)
        assert command.process.wait(timeout=90) == 0
        assert all(_ends(pid) for pid in started)
    finally:
        command.stop()


def test_swapdesk_serve_starts_its_devnet_and_stops_with_it() -> None:
    """Without --devnet the command starts the devnet process itself; the API's port passes /rpc, /tron
    and /providers on to it. If the devnet dies, the workers could answer nothing: the command stops, with
    exit status 1, and leaves no process behind."""
    command = Command("--workers", "1")
    try:
        command.wait_for("Application startup complete", 2)  # the devnet's app and the worker's
        with httpx.Client(timeout=120) as client:
            assert (
                client.get(f"{command.url}/v2/agg/swap/new", params=_quote_query(client, command.url)).json()["result"]
                == 0
            )
            ping = {"jsonrpc": "2.0", "id": 1, "method": "eth_blockNumber", "params": []}
            assert int(client.post(f"{command.url}/rpc/56", json=ping).json()["result"], 16) >= 0
            assert client.post(f"{command.url}/tron/wallet/getnowblock", json={}).json()["blockID"]
            configs = client.get(f"{command.url}/providers/cbridge/v2/getTransferConfigsForAll")
            assert configs.status_code == 200 and configs.json()["chains"]
        started = command.children()
        own = os.getpriority(os.PRIO_PROCESS, command.process.pid)
        (devnet,) = [pid for pid in started if os.getpriority(os.PRIO_PROCESS, pid) == own and _is_server(pid)]
        os.kill(devnet, signal.SIGKILL)
        assert command.process.wait(timeout=90) == 1
        assert all(_ends(pid) for pid in started)
    finally:
        command.stop()


def _is_server(pid: int) -> bool:
    """A spawned server process, not multiprocessing's resource tracker."""
    return b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()


def _time_wait(port: int) -> int:
    """How many of the connections on loopback port `port` wait out TIME_WAIT (the kernel's /proc/net/tcp)."""
    rows = Path("/proc/net/tcp").read_text().splitlines()[1:]
    return sum(1 for row in rows if row.split()[1] == f"0100007F:{port:04X}" and row.split()[3] == "06")


def test_workers_start_on_a_port_a_plain_serve_just_left(devnet_url: str) -> None:
    """A plain `serve` stopped while a client kept a connection open closes it first: the port then waits out
    TIME_WAIT (a minute). `serve --workers` binds it at once all the same, as the plain `serve` would."""
    plain = Command()
    try:
        plain.wait_for("Uvicorn running on")  # bound and listening (after its startup is complete)
        with httpx.Client(timeout=120) as client:  # kept alive until the server stops
            ping = {"jsonrpc": "2.0", "id": 1, "method": "eth_chainId", "params": []}
            assert client.post(f"{plain.url}/rpc/999", json=ping).status_code == 200
            os.killpg(plain.process.pid, signal.SIGINT)  # uvicorn shuts down, then dies of the signal it caught
            assert plain.process.wait(timeout=90) in (0, -signal.SIGINT)
        assert _time_wait(plain.port) > 0  # what the workers must bind over
    finally:
        plain.stop()
    workers = Command("--workers", "2", "--devnet", devnet_url, port=plain.port)
    try:
        workers.wait_for("Application startup complete", 2)
        tokens = httpx.get(f"{workers.url}/ext/v1/tokens", params={"chain": "ETH"}, timeout=120)
        assert tokens.status_code == 200 and tokens.json()["result"] == 0
        os.killpg(workers.process.pid, signal.SIGINT)
        assert workers.process.wait(timeout=90) == 0
    finally:
        workers.stop()
