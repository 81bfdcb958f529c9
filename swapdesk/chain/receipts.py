"""What a mined transaction says: the router's `Swapped` event, or why it reverted."""

from __future__ import annotations

from typing import Any

from eth_abi import decode
from hexbytes import HexBytes
from web3 import AsyncWeb3
from web3.exceptions import ContractLogicError, Web3Exception

SWAPPED_TOPIC = HexBytes(
    AsyncWeb3.keccak(text="Swapped(address,address,address,address,uint256,uint256,uint256,uint256,string,address[])")
)
SWAPPED_DATA = ["address", "address", "uint256", "uint256", "uint256", "uint256", "string", "address[]"]
SWAPPED_NAMES = ["srcToken", "dstToken", "amountIn", "fee", "amountOut", "minReturn", "channel", "pools"]


def swapped_event(receipt: Any, router: str) -> dict[str, Any] | None:
    """The router's Swapped event in `receipt` (None when there is none)."""
    for log in receipt["logs"]:
        if log["address"] == router and log["topics"] and HexBytes(log["topics"][0]) == SWAPPED_TOPIC:
            return dict(zip(SWAPPED_NAMES, decode(SWAPPED_DATA, bytes(log["data"])), strict=True))
    return None


async def revert_reason(w3: AsyncWeb3, tx: Any) -> str:
    """Replay a reverted transaction on the state before its block to read its reason."""
    replay = {"from": tx["from"], "to": tx["to"], "data": tx["input"], "value": tx["value"], "gas": tx["gas"]}
    try:
        await w3.eth.call(replay, tx["blockNumber"] - 1)  # type: ignore[arg-type]
    except ContractLogicError as exc:
        return f"reverted: {str(exc.message).removeprefix('execution reverted: ')}"
    except Web3Exception:
        pass
    return "reverted"
