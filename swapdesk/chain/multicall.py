"""Batched reads through Multicall3's aggregate3: one eth_call for many reads.

A read that reverts answers None, but a contract can do worse than revert:
burn all the gas it is given (63/64 of what is left, starving the reads after
it), or hold the node until its time cap, and then the node refuses the whole
batch. Reads of contracts the engine does not know (an address a user typed)
go through `aggregate3_isolated`: on a small gas budget, so a hostile contract
costs the node little, and any group left without an answer is asked again on
its own, so such a contract can only spoil its own answers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from web3 import AsyncWeb3

from swapdesk.chain.rpc import NodeError, data, request
from swapdesk.contracts import vendored

MAX_CALLS = 500  # reads per eth_call: the canonical Multicall3 has no bound; the nodes' gas and time caps do (the
# devnet's 5 s: a thousand reads take it 2 s when idle)
CALL_GAS = 50_000_000
# untrusted reads: an honest ERC-20 view answers in under 30k. py-evm runs about 1M gas a second: a gas burner
# costs a fraction of one.
ISOLATED_BASE_GAS, ISOLATED_READ_GAS = 100_000, 100_000


@dataclass(frozen=True)
class Read:
    target: str
    data: bytes


class BatchRefused(Exception):
    """The node answered the batch with an error: a revert, its gas or its time cap ran out."""


Block = int | str  # a block number, or "latest"


def block_id(block: Block) -> str:
    return hex(block) if isinstance(block, int) else block


async def aggregate3(
    w3: AsyncWeb3[Any], multicall: str, reads: list[Read], gas: int = CALL_GAS, block: Block = "latest"
) -> list[bytes | None]:
    """Each read's return data at `block`, or None where that read reverted."""
    art = vendored("Multicall3")
    results: list[bytes | None] = []
    for start in range(0, len(reads), MAX_CALLS):
        chunk = reads[start : start + MAX_CALLS]
        encoded = art.encode("aggregate3", [(r.target, True, r.data) for r in chunk])
        call = {"to": multicall, "data": "0x" + encoded.hex(), "gas": hex(gas)}
        try:
            raw = data(await request(w3, "eth_call", [call, block_id(block)]))
        except NodeError as exc:
            raise BatchRefused(str(exc)) from exc
        (decoded,) = art.decode("aggregate3", raw)
        results.extend(bytes(out) if ok else None for ok, out in decoded)
    return results


async def aggregate3_isolated(
    w3: AsyncWeb3[Any], multicall: str, groups: list[list[Read]], block: Block = "latest"
) -> list[list[bytes | None]]:
    """Reads grouped by the contract they run, each group's answers. One batch; then each group that is
    missing an answer (its own revert, or a neighbour that burned the gas) alone. A group has at most
    MAX_CALLS reads."""

    async def batch(reads: list[Read]) -> list[bytes | None]:
        gas = ISOLATED_BASE_GAS + ISOLATED_READ_GAS * len(reads)
        try:
            return await aggregate3(w3, multicall, reads, gas, block)
        except BatchRefused:
            return [None] * len(reads)

    answers = iter(await batch([read for group in groups for read in group]))
    out = [[next(answers) for _ in group] for group in groups]
    if len(groups) > 1:
        for n, group in enumerate(groups):
            if None in out[n]:
                out[n] = await batch(group)
    return out
