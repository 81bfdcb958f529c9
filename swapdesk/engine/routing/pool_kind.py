"""The small interface between the pool reader and each kind of pool (one folder per kind).

A kind reads its pools' facts once (`read_static`: tokens, fees, and a probe that the address is a pool of
that kind at all, unless its factory's creation log told them), reads their state at a block (`read_state`),
and says what one of their logs does to a pool (`after_log`), which other contracts' logs change it
(`watched`) and whether it moves with no log at all (`drifts`). The reader knows nothing else of any kind: which
calls, which events, which math. Reads go through `Calls`, Multicall3 batches at one block.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from web3 import AsyncWeb3

from swapdesk.catalogs import SourceEntry
from swapdesk.chain.multicall import Read, aggregate3
from swapdesk.engine.routing.pool import Pool


@dataclass(frozen=True)
class Calls:
    """Many reads in one Multicall3 `eth_call` (or a few, for a very large batch), at one block."""

    w3: AsyncWeb3[Any]
    multicall: str

    async def read(self, reads: list[Read], block: int | str = "latest") -> list[bytes | None]:
        if not reads:
            return []
        return await aggregate3(self.w3, self.multicall, reads, block=block)


@dataclass(frozen=True)
class Created:
    """A pool's facts as its source's own factory logged them when it created the pool (`creations`): proof
    that the address is a pool of that kind, so they need not be read again (V2: fee and spacing 0)."""

    token0: str
    token1: str
    fee: int = 0
    tick_spacing: int = 0


Created_by = dict[str, Created]  # a source's pools' creation facts, by lowercase address


@dataclass(frozen=True)
class Refused:
    """A listed address that is not a usable pool of its source's kind: left out, the reason logged."""

    address: str
    reason: str


class PoolKind(Protocol):
    name: str  # the catalogue's `kind`

    def source_probe(self, source: SourceEntry) -> Read | None:
        """A read that a source of this kind answers and one of another kind refuses (a V3 factory listed as a
        V2 one), checked when the catalogue is first used; None where the pools' own reads tell."""
        ...

    async def read_static(
        self, calls: Calls, source: SourceEntry, created: Created_by
    ) -> tuple[list[Pool], list[Refused]]:
        """The source's pools with their facts (their state empty until `read_state`), and those refused; a pool
        in `created` is not asked again."""
        ...

    async def read_state(self, calls: Calls, pools: list[Pool], block: int, timestamp: int) -> dict[str, Pool | None]:
        """Each pool's state at `block` (whose time is `timestamp`); None for a pool whose reads failed."""
        ...

    def after_log(self, pool: Pool, topics: list[bytes], data: bytes) -> Pool | None:
        """The pool after one of its logs (itself for an event that changes nothing a swap depends on);
        None when the log cannot tell: the pool is read again."""
        ...

    def at_time(self, pool: Pool, timestamp: int) -> Pool:
        """The pool in a later block in which nothing happened to it (a StableSwap pool's A moves on a ramp)."""
        ...

    def watched(self, pool: Pool) -> tuple[str, ...]:
        """Other contracts whose logs change the pool (a metapool's base pool): at one of their logs, the pool
        is read again."""
        ...

    def drifts(self, pool: Pool) -> bool:
        """Whether the pool's state moves without any log (rates read from an oracle): it is read again at
        every block that changed anything."""
        ...


def word(raw: bytes | None, index: int = 0) -> int:
    """The `index`th 32-byte word of return data as an unsigned integer; ValueError when it is not there."""
    if raw is None or len(raw) < 32 * (index + 1):
        raise ValueError("missing return data")
    return int.from_bytes(raw[32 * index : 32 * (index + 1)], "big")


def signed(value: int, bits: int = 256) -> int:
    return value - (1 << bits) if value >= 1 << (bits - 1) else value


def address_of(raw: bytes | None) -> str:
    value = word(raw)
    if value >> 160:
        raise ValueError("not an address")
    return AsyncWeb3.to_checksum_address(value.to_bytes(20, "big"))
