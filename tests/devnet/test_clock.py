"""Chains that keep time: timestamps follow the wall clock and never run ahead of it; blocks fall due at
each chain's block time, scaled by the devnet's speed, whether or not anyone sends anything."""

from __future__ import annotations

import itertools
import json
import time

import pytest

from swapdesk.devnet.builder import HISTORY_SECONDS
from swapdesk.devnet.clock import BLOCK_SECONDS, MAX_CATCH_UP, Ticker
from swapdesk.devnet.evm import DevChain
from swapdesk.devnet.network import Devnet
from swapdesk.devnet.snapshots import SnapshotStore
from swapdesk.settings import BadSpeed, parse_speed


class ManualClock:
    """The wall clock, as far as a chain can tell: set by the test (time is a boundary we do not own)."""

    def __init__(self, now: float) -> None:
        self.at = now

    def now(self) -> float:
        return self.at

    def stamp(self, parent: int) -> int:
        return max(int(self.at), parent)


def fresh_chain(chain_id: int = 56) -> DevChain:
    chain, _ = SnapshotStore().load_or_build(chain_id)
    return chain


def test_a_fresh_world_lies_in_the_past() -> None:
    chain = fresh_chain(1)
    now = time.time()
    stamps = [chain.header(n).timestamp for n in range(chain.head.block_number + 1)]
    assert stamps == sorted(stamps)
    assert stamps[-1] <= now
    assert now - stamps[0] >= HISTORY_SECONDS - 60  # built as if over the past day
    # one block time apart, as the chain's history would be
    assert stamps[2] - stamps[1] == BLOCK_SECONDS[1]


def test_blocks_fall_due_at_the_block_time_while_nobody_sends() -> None:
    chain = fresh_chain(56)
    clock = ManualClock(chain.head.timestamp + 1000.0)
    chain.clock = clock
    chain.catch_up()  # the pause since the build: a gap, as a chain that halted and resumed
    start = chain.head.block_number
    clock.at += 3 * 7 + 1  # BSC: one block every 3 s
    assert chain.catch_up() == 7
    assert chain.head.block_number == start + 7
    stamps = [chain.header(start + n).timestamp for n in range(1, 8)]
    assert [b - a for a, b in itertools.pairwise(stamps)] == [3] * 6
    assert stamps[-1] <= clock.at
    assert chain.catch_up() == 0  # nothing more is due yet


def test_a_long_pause_mines_only_the_latest_slots() -> None:
    chain = fresh_chain(56)
    clock = ManualClock(chain.head.timestamp + 10 * 24 * 3600.0)  # ten days later
    chain.clock = clock
    start = chain.head.block_number
    assert chain.catch_up() == MAX_CATCH_UP
    assert chain.head.block_number == start + MAX_CATCH_UP
    assert clock.at - chain.head.timestamp < 3
    assert chain.header(start + 1).timestamp > clock.at - 3 * MAX_CATCH_UP


def test_speed_scales_block_times() -> None:
    assert Ticker.for_chain(1, 100).interval == pytest.approx(0.12)
    assert Ticker.for_chain(42161).interval == 0.25
    assert Ticker(3).due(100.0, 109.5) == [103.0, 106.0, 109.0]
    for bad in ("0", "-1", "nan", "inf", "1001", "fast", ""):
        with pytest.raises(BadSpeed):
            parse_speed(bad)


async def test_timestamps_never_run_ahead_of_the_wall_clock() -> None:
    """A burst of blocks in one second (fast devnet, many transactions) shares that second's timestamp."""
    net = Devnet(speed=1000)  # an Arbitrum block every 0.25 ms: many blocks a second
    try:
        for _ in range(20):
            answer = await net.rpc(42161, {"jsonrpc": "2.0", "id": 1, "method": "eth_getBlockByNumber",
                                           "params": ["latest", False]})  # fmt: skip
            assert answer is not None
            assert int(json.loads(answer)["result"]["timestamp"], 16) <= time.time()
    finally:
        await net.close()


def test_thousands_of_empty_blocks_leave_the_gas_limit_where_it_was() -> None:
    """py-evm lets an empty block's gas limit decay by 1/1024: a devnet that mines empty blocks as time
    passes keeps it at 30M instead, so a day of idle blocks never shrinks what a transaction may use."""
    from swapdesk.devnet.vm import GAS_LIMIT

    chain = fresh_chain(56)
    clock = ManualClock(chain.head.timestamp + 0.0)
    chain.clock = clock
    for _ in range(40):  # 40 catch-ups of 64 blocks: 2,560 empty blocks
        clock.at += 3 * 64
        chain.catch_up()
    assert chain.head.gas_limit == GAS_LIMIT
