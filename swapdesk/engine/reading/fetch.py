"""One transaction as its chain's JSON-RPC tells it: the transaction, its receipt and its block.

Plain JSON-RPC (`chain.rpc.request`): the answers are read as the node gives them, on any node (the devnet, anvil,
geth and the providers; on TRON the chain's `/jsonrpc` view, where a TRON transaction's id is its hash). A hash the
node does not know is TRANSACTION_NOT_FOUND; one it knows but has not mined yet is read as pending.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from eth_utils import to_checksum_address
from web3 import AsyncWeb3

from swapdesk.api import ErrorCode, NotFound
from swapdesk.chain.rpc import data, quantity, request
from swapdesk.chains import Chain
from swapdesk.engine.reading.events import Log
from swapdesk.words import QT_TR_NOOP, Words

_NOWHERE = QT_TR_NOOP("hash: no transaction with that hash on {chain}")


@dataclass(frozen=True)
class Mined:
    """A transaction and what its block says of it; `block` 0 while pending (no receipt: no logs, no status)."""

    hash: str  # 0x and 64 lower-case hex digits
    sender: str  # EIP-55
    to: str | None  # None for a deployment
    value: int
    input: bytes
    gas: int
    nonce: int
    block: int
    timestamp: int
    ok: bool
    gas_used: int
    gas_price: int  # what each unit of gas cost the sender
    logs: tuple[Log, ...]
    created: str | None  # the contract a deployment created
    alone: bool  # the only transaction of its block
    burnt: int | None = None  # what the sender paid, where the chain's own node says it (TRON: energy and bandwidth)

    @property
    def pending(self) -> bool:
        return self.block == 0

    @property
    def fee(self) -> int:
        return self.burnt if self.burnt is not None else self.gas_used * self.gas_price

    @property
    def selector(self) -> bytes:
        return self.input[:4]


async def fetch(w3: AsyncWeb3[Any], chain: Chain, tx_hash: str) -> Mined:
    """The transaction `tx_hash` (hex; a TRON id comes without 0x) on `chain`; NotFound when the node knows none."""
    tx_hash = tx_hash if tx_hash.startswith("0x") else f"0x{tx_hash}"  # the JSON-RPC view wants 0x on TRON too
    tx = await request(w3, "eth_getTransactionByHash", [tx_hash])
    if not isinstance(tx, dict):
        raise NotFound(ErrorCode.TRANSACTION_NOT_FOUND, Words(_NOWHERE, chain=chain.flag), "hash")
    # the receipt says whether it is mined: anvil may answer the transaction without its block for a moment after
    # its receipt is out
    receipt = await request(w3, "eth_getTransactionReceipt", [tx_hash])
    sender, to = _address(tx["from"]) or "", _address(tx.get("to"))
    value, gas, nonce = (quantity(tx.get(k) or "0x0") for k in ("value", "gas", "nonce"))
    call = data(tx.get("input") or "0x")
    if not isinstance(receipt, dict):  # a node may show a transaction it just mined before its receipt (anvil)
        return Mined(tx_hash.lower(), sender, to, value, call, gas, nonce, 0, 0, False, 0, 0, (), None, False)
    number = quantity(receipt["blockNumber"])
    block = await request(w3, "eth_getBlockByNumber", [hex(number), False])
    price = receipt.get("effectiveGasPrice") or tx.get("gasPrice") or "0x0"
    return Mined(
        hash=tx_hash.lower(),
        sender=sender,
        to=to,
        value=value,
        input=call,
        gas=gas,
        nonce=nonce,
        block=number,
        timestamp=quantity(block["timestamp"]) if isinstance(block, dict) else 0,
        ok=receipt.get("status") == "0x1",
        gas_used=quantity(receipt.get("gasUsed", "0x0")),
        gas_price=quantity(price),
        logs=tuple(_log(log, n) for n, log in enumerate(receipt.get("logs") or [])),
        created=_address(receipt.get("contractAddress")),
        alone=isinstance(block, dict) and len(block.get("transactions") or []) == 1,
    )


def _log(raw: dict[str, Any], index: int) -> Log:
    return Log(
        to_checksum_address(raw["address"]),
        tuple(data(t) for t in raw.get("topics") or []),
        data(raw.get("data") or "0x"),
        index,
    )


def _address(text: Any) -> str | None:
    return to_checksum_address(text) if isinstance(text, str) and len(text) == 42 else None
