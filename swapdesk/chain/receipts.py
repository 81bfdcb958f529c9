"""What a mined transaction says: the router's `Swapped` event, or why it reverted."""

from __future__ import annotations

from typing import Any

from hexbytes import HexBytes
from web3 import AsyncWeb3
from web3.exceptions import ContractLogicError, Web3Exception
from web3.types import TxData, TxParams

from swapdesk.chain.events import of_contract
from swapdesk.chain.reverts import revert_reason as reason_in

SWAPPED = of_contract("AggregationRouter", "Swapped")


def swapped_event(receipt: Any, router: str) -> dict[str, Any] | None:
    """The router's Swapped event in `receipt` (None when there is none)."""
    for log in receipt["logs"]:
        if log["address"] == router:
            fields = SWAPPED.decode_parts([HexBytes(t) for t in log["topics"]], bytes(log["data"]))
            if fields is not None:
                return fields
    return None


async def revert_reason(w3: AsyncWeb3[Any], tx: TxData) -> str:
    """Replay a reverted transaction on the state before its block to read its reason: its revert data read as
    `chain.reverts` reads it (the words the TRON outbox and the devnet's nodes say), else the node's message."""
    replay: TxParams = {"from": tx["from"], "to": tx["to"], "data": tx["input"], "value": tx["value"], "gas": tx["gas"]}
    try:
        await w3.eth.call(replay, tx["blockNumber"] - 1)
    except ContractLogicError as exc:
        data = exc.data if isinstance(exc.data, str) and exc.data.startswith("0x") else ""
        try:
            reason = reason_in(bytes.fromhex(data[2:]))
        except ValueError:  # not hex
            reason = None
        return f"reverted: {reason or str(exc.message).removeprefix('execution reverted: ')}"
    except Web3Exception:
        pass
    return "reverted"
