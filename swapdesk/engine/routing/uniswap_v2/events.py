"""The events of a Uniswap-V2-style pair and its factory, decoded by `chain.events`: the pool reader keeps a pair
from its `Sync`, the transaction reader counts a swap by its `Swap`, discovery finds pairs by `PairCreated`."""

from __future__ import annotations

from swapdesk.chain.events import declared

SYNC = declared("Sync(uint112 reserve0, uint112 reserve1)")
SWAP = declared(
    "Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, "
    "address indexed to)"
)
PAIR_CREATED = declared("PairCreated(address indexed token0, address indexed token1, address pair, uint256 count)")
