"""What a call asked, if it is a swap swapdesk can read: a router's swap function (`asked.plain_asked`), a V3
router's `multicall` (`asked.multicall_asked`), or the Universal Router's `execute` (`universal`). A bridge's
entry point is not a swap, nor is a pair's own `swap` (what it asks is only what it pays out)."""

from __future__ import annotations

from swapdesk.engine.reading.asked import Asked, is_swap, multicall_asked, plain_asked
from swapdesk.engine.reading.calls import decoded
from swapdesk.engine.reading.universal import universal_asked


def swap_asked(data: bytes, value: int, wrapped: str) -> Asked | None:
    """What the call `data` (sent with `value` of the coin) asked; None when it is no swap swapdesk can read."""
    call = decoded(data)
    if call is None or call.function.bridge:
        return None
    if call.function.contract == "UniversalRouter" and call.function.name == "execute":
        return universal_asked(call, value, wrapped)
    if call.function.name == "multicall":
        return multicall_asked(call, value, wrapped, swap_asked)
    if not is_swap(call.function.name) or call.function.contract == "UniswapV2Pair":
        return None
    return plain_asked(call, value, wrapped)
