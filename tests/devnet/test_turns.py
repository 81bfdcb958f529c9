"""A chain's time shared fairly: clients take turns, so a quote waits behind at most one call of a flood."""

from __future__ import annotations

import asyncio
import statistics
import threading
import time
from collections.abc import Iterator

import httpx
import pytest

from swapdesk.devnet.backend import DevnetBackend
from swapdesk.devnet.network import Devnet
from swapdesk.devnet.turns import LOCAL, Turns, serving
from swapdesk.engine import Engine
from swapdesk.server import create_app
from swapdesk.server.background import BackgroundServer
from swapdesk.server.devnet_app import DevnetRoutes

LOOP = "0x5b600056"  # JUMPDEST PUSH1 0 JUMP: initcode that burns all the gas it is given
HEAVY_GAS = 400_000  # a few tenths of a second of py-evm
NATIVE = "0x0000000000000000000000000000000000000000"
CONNECTIONS = 6  # each flooding client's


async def _order(turns: Turns, clients: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The order in which `clients` (each asking once, in this order, while the chain is busy) get their turn."""
    got: list[tuple[str, str]] = []
    held = asyncio.Event()
    release = asyncio.Event()

    async def holder() -> None:
        async with turns.turn():
            held.set()
            await release.wait()

    async def ask(client: tuple[str, str]) -> None:
        with serving(*client):
            async with turns.turn():
                got.append(client)
                await asyncio.sleep(0)  # the turn is held across a suspension, as a call on the chain's thread

    first = asyncio.create_task(holder())
    await held.wait()
    asks = []
    for client in clients:
        asks.append(asyncio.create_task(ask(client)))
        await asyncio.sleep(0)  # queued in this order
    release.set()
    await asyncio.gather(first, *asks)
    return got


async def test_groups_take_turns_and_members_take_their_groups_turns() -> None:
    flood_a = [("10.0.0.1", f"a{n}") for n in range(4)]
    flood_b = [("10.0.0.2", f"b{n}") for n in range(2)]
    local = [(LOCAL, LOCAL)] * 2
    order = await _order(Turns(), flood_a + flood_b + local)
    assert order == [
        flood_a[0], flood_b[0], local[0],  # one call of each group, the engine's among them
        flood_a[1], flood_b[1], local[1],
        flood_a[2], flood_a[3],
    ]  # fmt: skip


async def test_a_cancelled_wait_gives_up_its_place_and_the_turn_goes_on() -> None:
    turns = Turns()
    async with turns.turn():
        with serving("g", "m"):
            waiting = asyncio.create_task(_enter(turns))
            await asyncio.sleep(0)
        other = asyncio.create_task(_enter(turns))
        await asyncio.sleep(0)
        waiting.cancel()
    await asyncio.wait_for(other, 5)  # served: the cancelled one did not keep the turn
    assert turns.waiting == 0
    async with asyncio.timeout(5):
        async with turns.turn():  # free again
            pass


async def _enter(turns: Turns) -> None:
    async with turns.turn():
        await asyncio.sleep(0)


def _heavy(n: int) -> dict[str, object]:
    return {
        "jsonrpc": "2.0",
        "id": n,
        "method": "eth_call",
        "params": [{"data": LOOP, "gas": hex(HEAVY_GAS)}, "latest"],
    }


@pytest.fixture(scope="module")
def served() -> Iterator[str]:
    devnet = Devnet()  # in memory: nothing kept
    with BackgroundServer(create_app(Engine(DevnetBackend(devnet)), DevnetRoutes(devnet))) as server:
        yield server.url


def test_a_quote_waits_behind_one_call_of_two_flooding_clients(served: str) -> None:
    with httpx.Client(base_url=served, timeout=300) as client:
        client.post("/rpc/56", json=_heavy(0))  # the chain started
        heavy = []
        for n in range(3):
            started = time.monotonic()
            assert "out of gas" in client.post("/rpc/56", json=_heavy(n)).text
            heavy.append(time.monotonic() - started)
        tokens = client.get("/ext/v1/tokens", params={"chain": "BSC"}).json()["data"]
        usdt = next(t for t in tokens if t["symbol"] == "USDT")
        query = {
            "token0": NATIVE, "token1": usdt["address"], "decimal0": "18", "decimal1": str(usdt["decimals"]),
            "impact": "100", "part": "4", "amountIn": str(10**18), "amountOutMin": "0",
            "to": "0x000000000000000000000000000000000000dEaD", "chain": "BSC",
        }  # fmt: skip

        def quote() -> float:
            started = time.monotonic()
            answer = client.get("/v2/agg/swap/new", params=query)
            assert answer.status_code == 200, answer.text
            return time.monotonic() - started

        quote()
        stop = threading.Event()
        flooded_calls = [0]

        def flood() -> None:
            with httpx.Client(base_url=served, timeout=300) as own:  # a connection of its own
                while not stop.is_set():
                    own.post("/rpc/56", json=[_heavy(n) for n in range(10)])
                    flooded_calls[0] += 1

        threads = [threading.Thread(target=flood) for _ in range(2 * CONNECTIONS)]
        for thread in threads:
            thread.start()
        try:
            deadline = time.monotonic() + 120
            while flooded_calls[0] < 2 * CONNECTIONS and time.monotonic() < deadline:  # every connection has
                time.sleep(0.05)  # polling with a deadline: a batch in flight on each connection
            flooded = [quote() for _ in range(3)]
        finally:
            stop.set()
            for thread in threads:
                thread.join(timeout=300)
    one = statistics.median(heavy)
    # first come, first served, each read of a quote waited behind a call of every flooding connection (12)
    assert max(flooded) < 4 * one + 1.0, (flooded, one)
