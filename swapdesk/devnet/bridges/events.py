"""The bridges' events as their ABIs declare them: topics to filter `eth_getLogs` by, and decoding.

Decoded fields are named as in the contracts; addresses come out checksummed, bytes32 as 0x-hex.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from eth_abi import decode
from eth_utils import keccak, to_checksum_address

from swapdesk.contracts import artifact
from swapdesk.devnet.bridges.client import Log


@dataclass(frozen=True)
class Event:
    contract: str
    name: str
    topic: bytes
    indexed: tuple[tuple[str, str], ...]  # (name, type)
    plain: tuple[tuple[str, str], ...]

    def matches(self, log: Log) -> bool:
        return bool(log.topics) and log.topics[0] == self.topic

    def decode(self, log: Log) -> dict[str, Any]:
        values = dict(zip([n for n, _ in self.plain], decode([t for _, t in self.plain], log.data), strict=True))
        for (name, kind), topic in zip(self.indexed, log.topics[1:], strict=True):
            values[name] = decode([kind], topic)[0]
        return {name: _plain(value) for name, value in values.items()}


def _plain(value: Any) -> Any:
    if isinstance(value, bytes):
        return "0x" + value.hex()
    if isinstance(value, str) and value.startswith("0x") and len(value) == 42:
        return to_checksum_address(value)
    return value


@cache
def event(contract: str, name: str) -> Event:
    entry = next(e for e in artifact(contract).abi if e["type"] == "event" and e["name"] == name)
    params = [(p["name"], p["type"], p["indexed"]) for p in entry["inputs"]]
    signature = f"{name}({','.join(t for _, t, _ in params)})"
    return Event(
        contract,
        name,
        keccak(text=signature),
        tuple((n, t) for n, t, i in params if i),
        tuple((n, t) for n, t, i in params if not i),
    )


ANY_SWAP_OUT = event("AnyswapV6Router", "LogAnySwapOut")
ANY_SWAP_IN = event("AnyswapV6Router", "LogAnySwapIn")
CB_SEND = event("CBridge", "Send")
CB_RELAY = event("CBridge", "Relay")
CB_WITHDRAW_DONE = event("CBridge", "WithdrawDone")
CB_DELAYED_ADDED = event("CBridge", "DelayedTransferAdded")
CB_DELAYED_EXECUTED = event("CBridge", "DelayedTransferExecuted")
BRIDGERS_SWAP = event("Bridgers", "Swap")
BRIDGERS_SWAP_ETH = event("Bridgers", "SwapEth")
BRIDGERS_PAYOUT = event("Bridgers", "Payout")
BRIDGERS_REFUND = event("Bridgers", "Refund")
