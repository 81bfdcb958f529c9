"""What the bridge clients read from chains, through the engine's backend as from any node: receipts and
their logs, contract calls, gas prices and the pace of blocks.

On TRON the chain's JSON-RPC shows TRON transactions by their id (with 0x), as java-tron's `/jsonrpc`
does, so a deposit is read the same way on every chain. Addresses are 20 raw bytes here (`address_bytes`
of the EIP-55 ones a decoded event gives); each client shows them in the chain's format.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import Any

from eth_typing import HexStr
from web3.exceptions import TransactionNotFound, Web3Exception
from web3.types import FilterParams, TxParams, Wei

from swapdesk.address import to_checksum
from swapdesk.api import Unavailable
from swapdesk.chain.events import Event
from swapdesk.chains import Chain
from swapdesk.engine.backends import ChainBackend, reaching

PACE_BLOCKS = 64  # blocks over which a chain's pace is measured
PACE_TTL = 60.0  # seconds a measured pace is kept
RECEIPT_POLL = 0.25  # seconds between two looks for a pending transaction's receipt
MAX_CODED = 4096  # contracts remembered to have code (a few per bridge and chain are ever asked)


@dataclass(frozen=True)
class Log:
    address: bytes
    topics: tuple[bytes, ...]
    data: bytes


@dataclass(frozen=True)
class Receipt:
    """A mined transaction: who sent what to whom, whether it went through, what it logged, and when."""

    chain: Chain
    tx: str  # 0x-hex, lower case
    ok: bool
    sender: bytes
    to: bytes | None
    value: int
    block: int
    timestamp: int
    logs: tuple[Log, ...]

    def emitted(self, address: bytes, what: Event) -> list[dict[str, Any]]:
        """The logs of `what` that `address` emitted, decoded (`chain.events`: addresses EIP-55), in order."""
        return [fields for log in self.logs if log.address == address and (fields := what.decode(log)) is not None]

    @property
    def topics(self) -> set[bytes]:
        return {log.topics[0] for log in self.logs if log.topics}


class ChainReader:
    def __init__(self, backend: ChainBackend) -> None:
        self.backend = backend
        self._pace: dict[int, tuple[float, float]] = {}  # chain id -> (seconds a block, measured at)
        self._coded: set[tuple[int, bytes]] = set()  # (chain id, address) seen with code: a contract stays one

    async def own_trouble(self, chain: Chain) -> Unavailable | None:
        """Why swapdesk cannot use `chain` itself, if it cannot (a devnet chain whose data is damaged says so,
        with the command that repairs it); None when it can. Asked when a provider says it cannot reach the
        chain: the cause swapdesk can see on its own side is the one to say."""
        try:
            await self.backend.catalog(chain)
        except Unavailable as trouble:
            return trouble
        return None

    async def receipt(self, chain: Chain, tx: str, wait: float = 0.0) -> Receipt | None:
        """The mined transaction `tx` (0x-hex), or None when the chain knows none; a transaction still
        pending is waited for up to `wait` seconds, then None."""
        w3 = await self.backend.web3(chain)
        deadline = time.monotonic() + wait
        async with reaching(chain):
            while True:
                try:
                    found = await w3.eth.get_transaction(HexStr(tx))
                except TransactionNotFound:
                    return None
                if found.get("blockNumber") is not None:
                    break
                if time.monotonic() >= deadline:
                    return None
                await asyncio.sleep(RECEIPT_POLL)
            raw = await w3.eth.get_transaction_receipt(HexStr(tx))
            block = await w3.eth.get_block(raw["blockNumber"])
        return Receipt(
            chain=chain,
            tx="0x" + bytes(raw["transactionHash"]).hex(),
            ok=raw["status"] == 1,
            sender=address_bytes(found["from"]),
            to=address_bytes(found["to"]) if found.get("to") else None,
            value=int(found.get("value", 0)),
            block=int(raw["blockNumber"]),
            timestamp=int(block["timestamp"]),
            logs=tuple(
                Log(address_bytes(log["address"]), tuple(bytes(t) for t in log["topics"]), bytes(log["data"]))
                for log in raw["logs"]
            ),
        )

    async def mined(self, chain: Chain, tx: str) -> bool:
        """Whether the chain has the transaction `tx` (0x-hex) mined now: one request."""
        w3 = await self.backend.web3(chain)
        async with reaching(chain):
            try:
                return await w3.eth.get_transaction_receipt(HexStr(tx)) is not None
            except TransactionNotFound:
                return False

    async def call(self, chain: Chain, to: bytes, data: bytes) -> bytes:
        w3 = await self.backend.web3(chain)
        async with reaching(chain):
            return bytes(await w3.eth.call({"to": to_checksum(to), "data": data}))

    async def logs(self, chain: Chain, address: bytes, what: Event, first: int, last: int) -> list[Log]:
        """Logs of `what` by `address` in blocks `first`..`last` (at most the node's range per query)."""
        w3 = await self.backend.web3(chain)
        query: FilterParams = {
            "fromBlock": first,
            "toBlock": last,
            "address": to_checksum(address),
            "topics": [HexStr("0x" + what.topic.hex())],
        }
        async with reaching(chain):
            found = await w3.eth.get_logs(query)
        return [
            Log(address_bytes(log["address"]), tuple(bytes(t) for t in log["topics"]), bytes(log["data"]))
            for log in found
        ]

    async def has_code(self, chain: Chain, address: bytes) -> bool:
        """Whether a contract is at `address` (its code is not empty), read once it is."""
        if (chain.id, address) in self._coded:
            return True
        w3 = await self.backend.web3(chain)
        async with reaching(chain):
            code = bytes(await w3.eth.get_code(to_checksum(address)))
        if code:
            if len(self._coded) >= MAX_CODED:
                self._coded.clear()
            self._coded.add((chain.id, address))
        return bool(code)

    async def head(self, chain: Chain) -> int:
        w3 = await self.backend.web3(chain)
        async with reaching(chain):
            return int(await w3.eth.block_number)

    async def gas_price(self, chain: Chain) -> int:
        w3 = await self.backend.web3(chain)
        async with reaching(chain):
            return int(await w3.eth.gas_price)

    async def estimate_gas(self, chain: Chain, sender: bytes, to: bytes, data: bytes, value: int) -> int | None:
        """The gas of a call from `sender`, or None when the node cannot tell (it would revert now: no
        allowance or balance yet)."""
        w3 = await self.backend.web3(chain)
        call: TxParams = {"from": to_checksum(sender), "to": to_checksum(to), "data": data, "value": Wei(value)}
        async with reaching(chain):
            try:
                return int(await w3.eth.estimate_gas(call))
            except Web3Exception:  # a revert, or the node's refusal
                return None

    async def block_seconds(self, chain: Chain) -> float:
        """Wall-clock seconds a block of `chain` takes, measured over its last blocks (a devnet's speed
        included), kept for a minute."""
        kept = self._pace.get(chain.id)
        if kept is not None and time.monotonic() - kept[1] < PACE_TTL:
            return kept[0]
        w3 = await self.backend.web3(chain)
        async with reaching(chain):
            latest = await w3.eth.get_block("latest")
            span = min(PACE_BLOCKS, int(latest["number"]))
            earlier = await w3.eth.get_block(int(latest["number"]) - span) if span else latest
        seconds = (int(latest["timestamp"]) - int(earlier["timestamp"])) / span if span else 1.0
        self._pace[chain.id] = (max(seconds, 0.001), time.monotonic())
        return self._pace[chain.id][0]


def address_bytes(address: Any) -> bytes:
    """The 20 bytes of an 0x-hex address (as a node or a decoded event gives it)."""
    return bytes.fromhex(str(address)[2:])
