"""What a transaction moved, net, per address and asset: read from the receipt, never from what was asked.

ERC-20 `Transfer` logs move tokens; the wrapped coin's `Deposit` mints it to `dst` and `Withdrawal` burns it from
`src`; the native coin sent with the call leaves the sender for the contract called. The native coin a contract
pays out inside the transaction (an unwrapped output, a refund) leaves no log: it is read from internal transfers
where the node traces (`debug_traceTransaction`'s call tracer), else from the address's balance change across the
block where the node keeps past balances and no other transaction of the block was sent by or to it, and is
said to be unknown otherwise.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from eth_utils import to_checksum_address
from web3 import AsyncWeb3

from swapdesk.chain.events import DEPOSIT, TRANSFER, WITHDRAWAL
from swapdesk.chain.rpc import NodeError, quantity, request
from swapdesk.engine.reading.fetch import Mined

NATIVE = "0x0000000000000000000000000000000000000000"
MAX_TRACE_CALLS = 10_000  # a call tree is walked up to this many frames


@dataclass
class Flows:
    """Net amounts by holder and asset (the all-zero address: the native coin), signed: negative = paid."""

    net: dict[str, dict[str, int]] = field(default_factory=lambda: defaultdict(lambda: defaultdict(int)))
    order: list[str] = field(default_factory=list)  # assets in the order they first moved
    native_known: set[str] = field(default_factory=set)  # holders whose native coin received is known
    traced: bool = False  # the native coin of every holder is known (from the node's trace)

    def move(self, asset: str, source: str | None, target: str | None, amount: int) -> None:
        if asset not in self.order:
            self.order.append(asset)
        if source is not None:
            self.net[source][asset] -= amount
        if target is not None:
            self.net[target][asset] += amount

    def of(self, holder: str) -> dict[str, int]:
        """`holder`'s non-zero nets, in the order the assets moved."""
        mine = self.net.get(holder, {})
        return {a: mine[a] for a in self.order if mine.get(a)}

    def knows_native(self, holder: str) -> bool:
        return self.traced or holder in self.native_known


def token_flows(mined: Mined) -> Flows:
    """Tokens and the wrapped coin, from the logs; the native coin sent with the call."""
    flows = Flows()
    if mined.value and mined.to is not None:
        flows.move(NATIVE, mined.sender, mined.to, mined.value)
    for log in mined.logs:
        if (moved := TRANSFER.decode(log)) is not None:
            flows.move(log.address, _holder(moved["from"]), _holder(moved["to"]), moved["value"])
        elif (wrapped := DEPOSIT.decode(log)) is not None:
            flows.move(log.address, None, wrapped["dst"], wrapped["wad"])
        elif (unwrapped := WITHDRAWAL.decode(log)) is not None:
            flows.move(log.address, unwrapped["src"], None, unwrapped["wad"])
    return flows


async def add_native(w3: AsyncWeb3[Any], mined: Mined, flows: Flows, holders: list[str]) -> None:
    """The native coin paid out inside the transaction: to every address where the node traces, else to each of
    `holders` whose balance change across the block tells it."""
    if mined.pending or not mined.ok:
        return
    traced = await _traced(w3, mined)
    if traced is not None:
        for source, target, value in traced:
            flows.move(NATIVE, source, target, value)
        flows.traced = True
        return
    others = None if mined.alone else await _others(w3, mined)
    for holder in dict.fromkeys(holders):
        if others is not None and holder in others:
            continue  # its balance change may be another transaction's
        received = await _received(w3, mined, holder)
        if received is None:
            continue
        flows.native_known.add(holder)
        if received:
            flows.move(NATIVE, None, holder, received)


async def _traced(w3: AsyncWeb3[Any], mined: Mined) -> list[tuple[str, str, int]] | None:
    """Every value transfer below the top call, from the node's call tracer; None where the node does not trace."""
    try:
        root = await request(w3, "debug_traceTransaction", [mined.hash, {"tracer": "callTracer"}])
    except (NodeError, ValueError):
        return None
    if not isinstance(root, dict):
        return None
    found: list[tuple[str, str, int]] = []
    stack, seen = list(root.get("calls") or []), 0
    while stack and seen < MAX_TRACE_CALLS:
        frame, seen = stack.pop(), seen + 1
        value = quantity(frame.get("value") or "0x0")
        if value and frame.get("type") not in ("DELEGATECALL", "STATICCALL") and frame.get("to"):
            found.append((to_checksum_address(frame["from"]), to_checksum_address(frame["to"]), value))
        stack.extend(frame.get("calls") or [])
    return found


async def _others(w3: AsyncWeb3[Any], mined: Mined) -> set[str] | None:
    """Who sent or was sent the block's other transactions; None when the node will not say."""
    try:
        block = await request(w3, "eth_getBlockByNumber", [hex(mined.block), True])
    except NodeError:
        return None
    touched: set[str] = set()
    for tx in (block or {}).get("transactions") or []:
        if isinstance(tx, dict) and str(tx.get("hash", "")).lower() != mined.hash:
            touched |= {to_checksum_address(a) for a in (tx.get("from"), tx.get("to")) if isinstance(a, str)}
    return touched


async def _received(w3: AsyncWeb3[Any], mined: Mined, holder: str) -> int | None:
    """What `holder` received in native coin inside the transaction, from its balance before and after the block."""
    try:
        before = quantity(await request(w3, "eth_getBalance", [holder, hex(mined.block - 1)]))
        after = quantity(await request(w3, "eth_getBalance", [holder, hex(mined.block)]))
    except (NodeError, ValueError):  # a node that keeps no past state ("missing trie node", "header not found")
        return None
    change = after - before
    if holder == mined.sender:
        change += mined.value + mined.fee
    elif holder == mined.to:
        change -= mined.value
    return change if change >= 0 else None  # less than nothing: not this transaction's doing alone


def _holder(address: Any) -> str | None:
    text = str(address)
    return None if text == NATIVE else text


def wrapped_at(mined: Mined, wrapped: str, holder: str) -> int | None:
    """What `holder` wrapped of the coin in the transaction, less what it unwrapped (the wrapped coin's own
    `Deposit` and `Withdrawal`); None where it did neither."""
    net, seen = 0, False
    for log in mined.logs:
        if log.address != wrapped:
            continue
        if (minted := DEPOSIT.decode(log)) is not None and minted["dst"] == holder:
            net, seen = net + minted["wad"], True
        elif (burnt := WITHDRAWAL.decode(log)) is not None and burnt["src"] == holder:
            net, seen = net - burnt["wad"], True
    return net if seen else None


def equivalent(asset: str, wrapped: str) -> str:
    """The wrapped coin and the coin are one asset to a trader."""
    return NATIVE if asset == wrapped else asset
