"""What a call asked, if it is a swap swapdesk can read: a router's swap function (`swap_terms.plain_asked`), a V3
router's `multicall` (`swap_terms.multicall_asked`), the Universal Router's `execute` (`universal`), or Odos's packed
`swapCompact` (`odos`). A bridge's entry point is not a swap, nor is a pair's own `swap` (what it asks is only what
it pays out)."""

from __future__ import annotations

from swapdesk.engine.reading.calls import decoded, known
from swapdesk.engine.reading.odos import compact_asked
from swapdesk.engine.reading.router_abis import SIGNATURES
from swapdesk.engine.reading.swap_terms import Asked, is_swap, multicall_asked, plain_asked
from swapdesk.engine.reading.universal import universal_asked


def swap_asked(data: bytes, value: int, wrapped: str) -> Asked | None:
    """What the call `data` (sent with `value` of the coin) asked; None when it is no swap swapdesk can read."""
    function = known(data[:4])
    if function is not None and function.contract == "Odos" and function.name == "swapCompact":
        return compact_asked(data[4:], value)
    call = decoded(data)
    if call is None or call.function.bridge:
        return None
    if call.function.contract == "UniversalRouter" and call.function.name == "execute":
        return universal_asked(call, value, wrapped)
    if call.function.name == "multicall":
        return multicall_asked(call, value, wrapped, swap_asked)
    name = call.function.name
    routers = call.function.contract in SIGNATURES and not name.startswith(("unwrap", "sweep"))  # all swaps, but
    # a V3 router's settling calls
    if not (routers or is_swap(name) or name.startswith("exchange")) or call.function.contract == "UniswapV2Pair":
        return None
    return plain_asked(call, value, wrapped)
