"""Batched reads through Multicall3's aggregate3: one eth_call for many reads."""

from __future__ import annotations

from dataclasses import dataclass

from eth_typing import ChecksumAddress
from web3 import AsyncWeb3

from swapdesk.contracts import artifact

MAX_CALLS = 256  # the devnet contract's bound; the canonical deployment has none
CALL_GAS = 50_000_000


@dataclass(frozen=True)
class Read:
    target: str
    data: bytes


async def aggregate3(w3: AsyncWeb3, multicall: str, reads: list[Read]) -> list[bytes | None]:
    """Each read's return data, or None where that read reverted."""
    art = artifact("Multicall3")
    results: list[bytes | None] = []
    for start in range(0, len(reads), MAX_CALLS):
        chunk = reads[start : start + MAX_CALLS]
        data = art.encode("aggregate3", [(r.target, True, r.data) for r in chunk])
        target: ChecksumAddress = w3.to_checksum_address(multicall)
        raw = await w3.eth.call({"to": target, "data": data, "gas": CALL_GAS})
        (decoded,) = art.decode("aggregate3", bytes(raw))
        results.extend(bytes(out) if ok else None for ok, out in decoded)
    return results
