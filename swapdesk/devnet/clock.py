"""When devnet blocks happen: each chain's real block time, scaled by the devnet's speed.

Blocks are produced lazily: a chain mines the empty blocks that fell due since
its last block whenever someone looks at it (any request runs `catch_up`
first), so an idle devnet costs nothing, while every observer sees block
numbers advance at the chain's block time and confirmations accrue although
nobody sends anything. After a long pause (the app was closed) only the last
`MAX_CATCH_UP` slots are mined, so the chain shows a gap in time, as a chain
that halted and resumed does, instead of minting hours of empty blocks.

Timestamps are whole seconds and never ahead of the wall clock; several
blocks may share a second (the devnet's VM allows equal timestamps, as
Arbitrum does), which is what lets a fast devnet run many blocks a second.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass

from swapdesk.chains import CHAINS
from swapdesk.settings import parse_speed

BLOCK_SECONDS: dict[int, float] = {chain.id: chain.block_seconds for chain in CHAINS}  # real block times
MAX_CATCH_UP = 64  # empty blocks mined at most in one catch-up
SPEED_ENV = "SWAPDESK_DEVNET_SPEED"


def speed_from_env() -> float:
    """The devnet speed: SWAPDESK_DEVNET_SPEED, default 1 (real block times)."""
    return parse_speed(os.environ.get(SPEED_ENV, "1"))


@dataclass(frozen=True)
class Ticker:
    """A chain's block slots: one every `interval` seconds of wall time."""

    interval: float

    @classmethod
    def for_chain(cls, chain_id: int, speed: float = 1.0) -> Ticker:
        return cls(BLOCK_SECONDS[chain_id] / speed)

    def due(self, last: float, now: float) -> list[float]:
        """Times of the empty blocks due after a block at `last`, up to `now` (the latest MAX_CATCH_UP)."""
        missed = int((now - last) / self.interval)
        if missed <= 0:
            return []
        first = max(1, missed - MAX_CATCH_UP + 1)
        return [last + n * self.interval for n in range(first, missed + 1)]


class WallClock:
    """Block timestamps from the wall clock, never behind the parent's."""

    def now(self) -> float:
        return time.time()

    def stamp(self, parent: int) -> int:
        return max(int(time.time()), parent)


class HistoryClock:
    """Block timestamps for building a world in the past: one slot after another from `start`,
    so a freshly built world's history lies behind the wall clock instead of ahead of it."""

    def __init__(self, start: float, interval: float) -> None:
        self._at, self.interval = start, interval

    def now(self) -> float:
        return self._at

    def stamp(self, parent: int) -> int:
        self._at += self.interval
        return max(int(self._at), parent)
