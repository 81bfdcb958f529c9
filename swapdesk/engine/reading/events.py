"""The events a transaction's receipt is read by, known by their signatures alone (no contract's address is
trusted or needed to recognise them), each decoded by `chain.events` and declared where its contract is known:
token movements (ERC-20 `Transfer`, the wrapped coin's `Deposit` and `Withdrawal`: `chain.events`; an approval is
read from its call), the swaps of the pool kinds swapdesk knows (each kind's `SWAPS`, in its folder: Uniswap V2
pairs and their forks, Uniswap V3 pools and PancakeSwap V3's, Curve's exchanges), swapdesk's own `Swapped`
(`chain.receipts`), and the bridges' deposits (`chain.bridge_events`: Multichain router V6 `LogAnySwapOut`,
cBridge `Send`, SWFT Bridgers `Swap` and `SwapEth`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from swapdesk.chain.bridge_events import ANY_SWAP_OUT, BRIDGERS_SWAP, BRIDGERS_SWAP_ETH, CB_SEND
from swapdesk.chain.events import Event
from swapdesk.engine.routing.stableswap import events as stableswap
from swapdesk.engine.routing.uniswap_v2 import events as uniswap_v2
from swapdesk.engine.routing.uniswap_v3 import events as uniswap_v3


@dataclass(frozen=True)
class Log:
    address: str  # EIP-55
    topics: tuple[bytes, ...]
    data: bytes
    index: int  # its place in the receipt


POOL_SWAPS = (uniswap_v2.SWAP, *uniswap_v3.SWAPS, *stableswap.SWAPS)
BRIDGE_DEPOSITS = {  # event -> the bridge, as the spec names it
    ANY_SWAP_OUT: "ANYSWAP",
    CB_SEND: "CBRIDGE",
    BRIDGERS_SWAP: "METAPATH",
    BRIDGERS_SWAP_ETH: "METAPATH",
}


def first(logs: list[Log], *events: Event) -> tuple[Event, Log, dict[str, Any]] | None:
    """The first log that decodes as one of `events`, with its fields."""
    for log in logs:
        for candidate in events:
            fields = candidate.decode(log)
            if fields is not None:
                return candidate, log, fields
    return None
