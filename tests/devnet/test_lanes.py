"""A chain's time shared: the process's own calls first, a quote's reads kept together, the other clients in turn.

Asserted on the order in which a chain gives its turns (`Lanes.recent`), never on how long anything took."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import pytest

from swapdesk.api import AggSwapRequest, parse
from swapdesk.chain import jsonrpc
from swapdesk.chain.work import working
from swapdesk.devnet import vm
from swapdesk.devnet.backend import DevnetBackend
from swapdesk.devnet.lanes import LOCAL, RUN, Lanes, Turn, serving
from swapdesk.devnet.network import Devnet
from swapdesk.engine import Engine
from swapdesk.server import create_app
from swapdesk.server.background import BackgroundServer
from swapdesk.server.devnet_app import DevnetRoutes

LOOP = "0x5b600056"  # JUMPDEST PUSH1 0 JUMP: initcode that burns all the gas it is given
HEAVY_GAS = 400_000  # a few tenths of a second of py-evm
NATIVE = "0x0000000000000000000000000000000000000000"
CONNECTIONS = 3  # each flooding client's


async def _order(
    turns: Lanes, clients: list[tuple[str, str]], light: frozenset[tuple[str, str]] | set[tuple[str, str]] = frozenset()
) -> list[tuple[str, str]]:
    """The order in which `clients` (each asking once, in this order, while the chain is busy; those in `light` for
    a light call) get their turn."""
    got: list[tuple[str, str]] = []
    held = asyncio.Event()
    release = asyncio.Event()

    async def holder() -> None:
        async with turns.turn():
            held.set()
            await release.wait()

    async def ask(client: tuple[str, str]) -> None:
        with serving(*client):
            async with turns.turn(client in light):
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


async def test_external_clients_take_turns_by_address_then_by_connection() -> None:
    flood_a = [("10.0.0.1", f"a{n}") for n in range(4)]
    flood_b = [("10.0.0.2", f"b{n}") for n in range(2)]
    order = await _order(Lanes(), flood_a + flood_b)
    assert order == [flood_a[0], flood_b[0], flood_a[1], flood_b[1], flood_a[2], flood_a[3]]


async def test_the_process_own_calls_go_before_the_external_clients_waiting() -> None:
    external = [("10.0.0.1", f"a{n}") for n in range(3)]
    local = [(LOCAL, LOCAL)] * 2
    order = await _order(Lanes(), [external[0], local[0], external[1], local[1], external[2]])
    assert order == [local[0], local[1], external[0], external[1], external[2]]


async def test_light_calls_go_before_heavy_ones_and_each_lane_gets_a_call_in_every_so_often() -> None:
    turns = Lanes()
    heavy, light = ("10.0.0.1", "heavy"), ("10.0.0.1", "light")
    asks = [heavy, light] + [(LOCAL, LOCAL)] * (RUN + 4)
    order = await _order(turns, asks, light={light})
    assert order.index(light) < order.index(heavy) < len(order) - 1, order
    served = list(turns.recent)[1:]  # the asks' turns (the holder's came before any of them waited)
    assert _longest_local_run(served) == RUN, "a waiting call let more than RUN local ones go first"
    assert [t.client for t in served[RUN : RUN + 2]] == [light, heavy]


def _longest_local_run(turns: list[Turn]) -> int:
    longest = run = 0
    for turn in turns:
        run = 0 if turn.external else run + 1
        longest = max(longest, run)
    return longest


class _Client:
    """A client whose calls each hold the chain until the test lets them go."""

    def __init__(self, turns: Lanes, client: tuple[str, str]) -> None:
        self.turns, self.client = turns, client

    async def call(self, going: asyncio.Event | None = None, light: bool = False) -> None:
        with serving(*self.client):
            async with self.turns.turn(light):
                if going is not None:
                    await going.wait()


async def _in_turn(turns: Lanes, call: Any) -> asyncio.Task[None]:
    """`call` started, and queued (or given the turn) before this returns."""
    task = asyncio.create_task(call)
    await asyncio.sleep(0)
    return task


def _whose(turns: Lanes) -> list[str]:
    return [str(t.client[1]) if t.external else f"work {t.work}" if t.work else "local" for t in turns.recent]


async def test_a_works_reads_keep_the_chain_from_external_calls_until_it_ends() -> None:
    turns = Lanes()
    flooder = _Client(turns, ("10.0.0.1", "e"))
    going = asyncio.Event()
    in_progress = await _in_turn(turns, flooder.call(going))  # an external call holds the chain
    with working(60) as work:
        first_read = await _in_turn(turns, _Client(turns, (LOCAL, LOCAL)).call())
        queued = [await _in_turn(turns, flooder.call()) for _ in range(2)]
        going.set()
        await asyncio.gather(in_progress, first_read)  # the work's read went first
        assert turns.waiting == 2, "an external call took the chain between two of the work's reads"
        await _Client(turns, (LOCAL, LOCAL)).call()  # the work's next read: the chain is its own
        assert turns.waiting == 2
    await asyncio.gather(*queued)  # the work ended: the chain is theirs again
    assert _whose(turns) == ["e", f"work {work.number}", f"work {work.number}", "e", "e"]


async def test_a_works_hold_keeps_heavy_calls_waiting_not_light_ones() -> None:
    turns = Lanes()
    with working(60) as work:
        await _Client(turns, (LOCAL, LOCAL)).call()
        heavy = await _in_turn(turns, _Client(turns, ("10.0.0.1", "heavy")).call())
        light = await _in_turn(turns, _Client(turns, ("10.0.0.1", "light")).call(light=True))
        async with asyncio.timeout(30):  # a bound, not a measure (the work is due in 60 s)
            await light  # served while the work goes on
        assert not heavy.done() and turns.waiting == 1
    await heavy
    assert _whose(turns) == [f"work {work.number}", "light", "heavy"]


async def test_a_hold_ends_at_the_works_deadline() -> None:
    turns = Lanes()
    with working(0.01) as work:  # due at once: a quote past its deadline
        await _Client(turns, (LOCAL, LOCAL)).call()
        external = await _in_turn(turns, _Client(turns, ("10.0.0.1", "e")).call())
        async with asyncio.timeout(30):  # a bound, not a measure
            await external  # served while the work goes on
        assert not work.ended
    assert _whose(turns) == [f"work {work.number}", "e"]


async def test_holds_go_in_rounds_so_external_clients_get_a_call_in_between() -> None:
    """A work that begins reading while an external call waits for an earlier work joins the next round: one
    external call goes between the rounds, then the chain is the new work's until it ends."""
    turns = Lanes()
    flooder = _Client(turns, ("10.0.0.1", "e"))
    first_done, second_reading = asyncio.Event(), asyncio.Event()
    first_number = second_number = 0
    waiting: list[asyncio.Task[None]] = []

    async def first() -> None:
        nonlocal first_number
        with working(60) as work:
            first_number = work.number
            await _Client(turns, (LOCAL, LOCAL)).call()
            waiting.append(await _in_turn(turns, flooder.call()))  # deferred by this work's hold
            await second_reading.wait()
        first_done.set()

    async def second() -> None:
        nonlocal second_number
        with working(60) as work:
            second_number = work.number
            while not waiting:
                await asyncio.sleep(0)
            await _Client(turns, (LOCAL, LOCAL)).call()  # reads at once: the chain is idle
            second_reading.set()
            await first_done.wait()  # the first work ended: the waiting external call goes, once
            waiting.append(await _in_turn(turns, flooder.call()))
            await _Client(turns, (LOCAL, LOCAL)).call()  # ahead of the flooder's next call

    await asyncio.gather(first(), second())
    await asyncio.gather(*waiting)
    one, two = f"work {first_number}", f"work {second_number}"
    assert _whose(turns) == [one, two, "e", two, "e"]


async def test_a_cancelled_wait_gives_up_its_place_and_the_turn_goes_on() -> None:
    turns = Lanes()
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


async def _enter(turns: Lanes) -> None:
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
async def fresh() -> AsyncIterator[tuple[Devnet, Engine]]:
    """A devnet and an engine of their own: the engine's first quote on a chain reads its pools (many reads)."""
    devnet = Devnet()  # in memory: nothing kept
    engine = Engine(DevnetBackend(devnet))
    yield devnet, engine
    await engine.aclose()  # the devnet with it


async def test_a_quote_waits_behind_one_call_of_two_flooding_clients(fresh: tuple[Devnet, Engine]) -> None:
    """Two clients keep batches of heavy calls in flight on three connections each, the path `/rpc` takes
    (`server.rpc`: a connection's calls in its name, one request of a batch at a time). A first quote of the
    chain reads it many times; between its first and its last read no external call starts, so it waits
    behind at most the one in progress when it began."""
    devnet, engine = fresh
    manifest = await devnet.manifest(56)
    usdt = manifest.token("USDT")
    query = {
        "token0": NATIVE, "token1": usdt.address, "decimal0": "18", "decimal1": str(usdt.decimals),
        "impact": "100", "part": "4", "amountIn": str(10**18), "amountOutMin": "0",
        "to": "0x000000000000000000000000000000000000dEaD", "chain": "BSC",
    }  # fmt: skip
    connections = [(f"10.0.0.{a}", port) for a in (1, 2) for port in range(CONNECTIONS)]
    under_way = {connection: asyncio.Event() for connection in connections}

    async def flood(address: str, port: int) -> None:
        async def run(request: Any) -> bytes | None:
            answer = await devnet.rpc(56, request)
            under_way[address, port].set()  # its next call asked at once: one in flight from now on
            return answer

        with serving(("http", address), port):
            while True:
                await jsonrpc.answer([_heavy(n) for n in range(10)], run)

    floods = [asyncio.create_task(flood(*connection)) for connection in connections]
    try:
        async with asyncio.timeout(300):  # a bound, not a measure
            await asyncio.gather(*(event.wait() for event in under_way.values()))
        quote = await engine.agg_swap(parse(AggSwapRequest, query.items()))
        assert int(quote.totalAmountOut) > 0
        turns = list(devnet.lanes(56).recent)
    finally:
        for task in floods:
            task.cancel()
        await asyncio.gather(*floods, return_exceptions=True)
    reads = {number: [i for i, t in enumerate(turns) if t.work == number] for number in {t.work for t in turns}}
    reads.pop(None)
    assert max(len(at) for at in reads.values()) >= 10, "the quote read a few times only: nothing to keep together"
    for at in reads.values():  # the quote's, and its first look at the chain's catalogue
        between = turns[at[0] : at[-1] + 1]
        assert [t.client for t in between if t.external] == [], "an external call went between the quote's reads"
    first = min(at[0] for at in reads.values())
    flooded = {t.client for t in turns[:first] if t.external}
    assert flooded == {(("http", address), port) for address, port in connections}, "the flood was not under way"


@pytest.fixture(scope="module")
def served() -> Iterator[tuple[str, Devnet]]:
    devnet = Devnet()  # in memory: nothing kept
    with BackgroundServer(create_app(Engine(DevnetBackend(devnet)), DevnetRoutes(devnet))) as server:
        yield server.url, devnet


def test_a_connection_to_rpc_is_an_external_client_and_a_batched_call_has_the_shorter_cap(
    served: tuple[str, Devnet], monkeypatch: pytest.MonkeyPatch
) -> None:
    url, devnet = served
    monkeypatch.setattr(vm, "CALL_TIME_CAP", 2.0)  # shortened, as are the seconds this test takes
    monkeypatch.setattr(vm, "BATCH_CALL_TIME_CAP", 0.5)
    looping = {"jsonrpc": "2.0", "id": 7, "method": "eth_call", "params": [{"data": LOOP}, "latest"]}  # the gas cap
    with httpx.Client(base_url=url, timeout=60) as client:
        alone = client.post("/rpc/56", json=looping).json()
        estimate = looping | {"method": "eth_estimateGas", "params": [{"data": LOOP}]}
        chain_id = looping | {"method": "eth_chainId", "params": []}
        batched = client.post("/rpc/56", json=[looping, estimate, chain_id]).json()
    assert alone["error"]["message"] == "execution aborted (timeout = 2s)"
    assert batched[0]["error"]["message"] == "execution aborted (timeout = 0.5s)"
    assert batched[1]["error"]["message"] == "execution aborted (timeout = 2s)"  # an estimate keeps geth's cap
    assert batched[2]["result"] == "0x38"
    http = [t for t in devnet.lanes(56).recent if t.external]  # the app's own reads aside
    assert {t.client[0] for t in http} == {("http", "127.0.0.1")}
    assert [t.light for t in http] == [False, False, False, True]  # eth_chainId executes nothing
