"""Load on `swapdesk serve` over loopback: quotes per second and latency at concurrency 1, 8 and 32, and the
latency of `/rpc` (`eth_blockNumber`) while quotes run at concurrency 8.

    python benchmarks/load.py [--seconds 10] [--modes single,1,2] [--speed 1]
    python benchmarks/load.py --url http://127.0.0.1:8545 [--devnet http://127.0.0.1:8546]   (a running server)

Modes: `single` is `swapdesk serve` as one process (the devnet in it); `N` is `swapdesk devnet serve` in a
process of its own and `swapdesk serve --workers N --devnet URL` in front of it. Each mode starts its servers
on loopback ports with fresh data and config folders, waits until they answer, warms up, and stops them
afterwards. Quotes are same-chain BSC quotes (`/v2/agg/swap/new`, part 10) over four pairs and amounts from
100 to 1,000,000 dollars, the native coin on either side; chains keep their real block times (`--speed`).

Each concurrency level runs `--seconds` with that many clients, each on its own keep-alive connection,
sending its next request as soon as the previous one is answered. The client is a minimal HTTP/1.1 reader on
asyncio so that it takes little of the machine (its CPU share is printed): on a 2-core machine it competes
with the servers it measures. A probe sends `eth_blockNumber` every 10 ms during the concurrency-8 run, to
the API's `/rpc` and, with workers, to the devnet process's own `/rpc`. Everything is bounded: every request
has a timeout, every run a duration, start-up a deadline.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from urllib.parse import urlencode, urlsplit

TIMEOUT = 30.0  # seconds for one request
START_DEADLINE = 180.0  # seconds for servers to start (a fresh machine builds the BSC world once)
PROBE_EVERY = 0.010
DEMO = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
NATIVE = "0x" + "0" * 40
PAIRS = [("USDT", "BNB"), ("BNB", "USDT"), ("USDT", "USDC"), ("CAKE", "USDT")]
DOLLARS = [100, 1_000, 10_000, 100_000, 1_000_000]
PRICE = {"USDT": 1, "USDC": 1, "BNB": 600, "CAKE": 2}


@dataclass
class Results:
    latencies: list[float] = field(default_factory=list)
    errors: dict[int, int] = field(default_factory=dict)


class Connection:
    """One keep-alive HTTP/1.1 connection: a request, then its whole answer (Content-Length bodies only)."""

    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, target: str, body: bytes = b"") -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
            self.writer.get_extra_info("socket").setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        assert self.reader is not None
        head = f"{method} {target} HTTP/1.1\r\nHost: {self.host}\r\nContent-Length: {len(body)}\r\n"
        if body:
            head += "Content-Type: application/json\r\n"
        self.writer.write(head.encode() + b"\r\n" + body)
        status_line = await self.reader.readline()
        length = 0
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        return int(status_line.split()[1]), await self.reader.readexactly(length)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.writer = None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def _process(args: list[str], env: dict[str, str]) -> Iterator[subprocess.Popen[bytes]]:
    process = subprocess.Popen(
        [sys.executable, "-m", "swapdesk", *args], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        yield process
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=30)


@contextmanager
def servers(mode: str, speed: float) -> Iterator[tuple[str, str | None]]:
    """(API URL, the devnet process's URL or None) for a mode, running until the block ends."""
    folder = tempfile.mkdtemp(prefix="swapdesk-load-")
    env = {**os.environ, "SWAPDESK_DATA_DIR": folder + "/data", "SWAPDESK_CONFIG_DIR": folder + "/config"}
    api_port = _free_port()
    if mode == "single":
        with _process(["serve", "--port", str(api_port), "--speed", str(speed)], env):
            yield f"http://127.0.0.1:{api_port}", None
        return
    devnet_port = _free_port()
    devnet = f"http://127.0.0.1:{devnet_port}"
    with (
        _process(["devnet", "serve", "--port", str(devnet_port), "--speed", str(speed)], env),
        _process(["serve", "--port", str(api_port), "--workers", mode, "--devnet", devnet], env),
    ):
        yield f"http://127.0.0.1:{api_port}", devnet


async def wait_ready(url: str) -> None:
    deadline = time.monotonic() + START_DEADLINE
    while True:
        connection = Connection(url)
        try:
            status, _ = await asyncio.wait_for(connection.request("GET", "/ext/v1/sources?chain=BSC"), TIMEOUT)
            if status == 200:
                return
        except (TimeoutError, OSError, asyncio.IncompleteReadError, ValueError, IndexError):
            pass
        finally:
            connection.close()
        if time.monotonic() > deadline:
            raise SystemExit(f"{url} did not answer within {START_DEADLINE:.0f} s")
        await asyncio.sleep(0.2)  # polling a process that is starting: nothing to synchronise on


async def quote_targets(url: str) -> list[str]:
    connection = Connection(url)
    status, body = await asyncio.wait_for(connection.request("GET", "/ext/v1/tokens?chain=BSC"), TIMEOUT)
    connection.close()
    assert status == 200, body
    tokens = {t["symbol"]: t for t in json.loads(body)["data"]}
    targets = []
    for sell, buy in PAIRS:
        for dollars in DOLLARS:
            amount = dollars * 10 ** tokens[sell]["decimals"] // PRICE[sell]
            query = {
                "token0": tokens[sell]["address"], "token1": tokens[buy]["address"],
                "decimal0": tokens[sell]["decimals"], "decimal1": tokens[buy]["decimals"], "impact": 50, "part": 10,
                "amountIn": amount, "amountOutMin": 0, "to": DEMO, "chain": "BSC",
            }  # fmt: skip
            targets.append("/v2/agg/swap/new?" + urlencode(query))
    return targets


async def client(url: str, targets: list[str], until: float, results: Results, seed: int) -> None:
    pick = random.Random(seed)
    connection = Connection(url)
    try:
        while time.monotonic() < until:
            started = time.perf_counter()
            status, _ = await asyncio.wait_for(connection.request("GET", pick.choice(targets)), TIMEOUT)
            results.latencies.append(time.perf_counter() - started)
            if status != 200:
                results.errors[status] = results.errors.get(status, 0) + 1
    finally:
        connection.close()


async def probe(url: str, until: float, samples: list[float]) -> None:
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "eth_blockNumber", "params": []}).encode()
    connection = Connection(url)
    try:
        while time.monotonic() < until:
            started = time.perf_counter()
            status, answer = await asyncio.wait_for(connection.request("POST", "/rpc/56", body), TIMEOUT)
            assert status == 200 and b'"result"' in answer, answer
            samples.append(time.perf_counter() - started)
            await asyncio.sleep(PROBE_EVERY)  # a probe's pace, not a synchronisation
    finally:
        connection.close()


def percentile(ordered: list[float], share: float) -> float:
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def summary(samples: list[float]) -> str:
    ordered = sorted(samples)
    if not ordered:
        return "no samples"
    return (
        f"p50 {statistics.median(ordered) * 1000:7.2f} ms  p95 {percentile(ordered, 0.95) * 1000:7.2f} ms  "
        f"p99 {percentile(ordered, 0.99) * 1000:7.2f} ms"
    )


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


async def run_mode(mode: str, seconds: float, speed: float) -> None:
    label = "one process (swapdesk serve)" if mode == "single" else f"{mode} worker(s) + devnet process"
    with servers(mode, speed) as (url, devnet):
        await measure(label, url, devnet, seconds)


async def measure(label: str, url: str, devnet: str | None, seconds: float) -> None:
    await wait_ready(url)
    targets = await quote_targets(url)
    warm = Results()
    await asyncio.gather(*(client(url, targets, time.monotonic() + 3, warm, n) for n in range(8)))
    print(f"\n{label}")
    for concurrency in (1, 8, 32):
        results = Results()
        rpc: dict[str, list[float]] = {"/rpc via the API": []}
        if devnet is not None:
            rpc["/rpc of the devnet process"] = []
        until = time.monotonic() + seconds
        cpu, started = cpu_seconds(), time.perf_counter()
        jobs = [client(url, targets, until, results, n) for n in range(concurrency)]
        if concurrency == 8:
            jobs.append(probe(url, until, rpc["/rpc via the API"]))
            if devnet is not None:
                jobs.append(probe(devnet, until, rpc["/rpc of the devnet process"]))
        await asyncio.gather(*jobs)
        elapsed = time.perf_counter() - started
        share = (cpu_seconds() - cpu) / elapsed * 100
        errors = f"  errors {results.errors}" if results.errors else ""
        rate = len(results.latencies) / elapsed
        print(f"  concurrency {concurrency:>2}: {rate:6.0f} quotes/s  {summary(results.latencies)}", end="")
        print(f"  (client CPU {share:3.0f} %){errors}")
        if concurrency == 8:
            for name, samples in rpc.items():
                print(f"    {name:<27} eth_blockNumber {summary(samples)}  (n={len(samples)})")


def loopback(url: str) -> str:
    host = urlsplit(url).hostname or ""
    if host not in ("127.0.0.1", "localhost", "::1"):
        raise SystemExit(f"{url}: this benchmark only loads servers on loopback")
    return url.rstrip("/")


async def main(args: argparse.Namespace) -> None:
    print(f"load: {args.seconds:g} s per level; load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    if args.url:
        devnet = loopback(args.devnet) if args.devnet else None
        await measure(f"the server at {args.url}", loopback(args.url), devnet, args.seconds)
    else:
        for mode in args.modes.split(","):
            await run_mode(mode.strip(), args.seconds, args.speed)
    print(f"\nload average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--modes", default="single,1,2", help="comma-separated: single, or a number of workers")
    parser.add_argument("--speed", type=float, default=1.0, help="devnet speed (block times divided by it)")
    parser.add_argument("--url", help="load this running server (loopback only) instead of starting servers")
    parser.add_argument("--devnet", help="with --url: the devnet process's URL, to probe its /rpc too")
    asyncio.run(main(parser.parse_args()))
