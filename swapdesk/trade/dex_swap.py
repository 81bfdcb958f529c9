"""A swap through a DEX's own router, on a chain where swapdesk's router is not deployed (`engine/quote/one_dex.py`).

The checks are the same as for swapdesk's router, by other means: the router must be one the local catalogue
names for a source of the right kind (the quote's word for it is never enough), and the call, decoded by the
same module the engine encodes it with, must sell and buy the tokens shown, the amount shown, to the receiver
shown, with the minimum shown and a deadline within the hour. Such routers emit no event of their own: what the
receiver got is read from the receipt (the bought token's transfers to it, or the wrapped coin the router
unwrapped for it).
"""

from __future__ import annotations

from typing import Any

from hexbytes import HexBytes
from web3 import AsyncWeb3

from swapdesk.api import AggQuote
from swapdesk.catalogs import Catalog, SourceEntry
from swapdesk.engine.routing.dex_routers import CONTRACTS, NATIVE, DexSwap, NotADexSwap, decode
from swapdesk.trade.checks import Shown, SwapCall, as_shown
from swapdesk.trade.errors import CheckFailed
from swapdesk.words import QT_TR_NOOP

TRANSFER = HexBytes(AsyncWeb3.keccak(text="Transfer(address,address,uint256)"))
WITHDRAWAL = HexBytes(AsyncWeb3.keccak(text="Withdrawal(address,uint256)"))


def dex_source(catalog: Catalog, quote: AggQuote) -> SourceEntry:
    """The catalogue's source whose own router the quote's call is for; CheckFailed when there is none."""
    used = quote.router
    for source in catalog.sources:
        if (
            source.router is not None
            and source.kind in CONTRACTS
            and source.router.lower() == quote.aggregator.lower()
            and (used is None or used.name == source.name)
        ):
            return source
    raise CheckFailed(
        QT_TR_NOOP(
            "the quote sends the swap to {aggregator}, which is neither swapdesk's router nor a DEX router this "
            "chain's catalogue names"
        ),
        aggregator=quote.aggregator,
    )


def verify_dex(quote: AggQuote, shown: Shown, source: SourceEntry, wrapped: str, now: int) -> tuple[SwapCall, DexSwap]:
    """The decoded call when it is what the user was shown; CheckFailed naming what is not."""
    assert source.router is not None
    try:
        swap = decode(source.kind, bytes.fromhex(quote.data.removeprefix("0x")), source.router, wrapped)
    except NotADexSwap as exc:
        raise CheckFailed(QT_TR_NOOP("{reason}"), reason=exc) from None  # the decoder's own words
    token_in, amount = swap.token_in, swap.amount
    if shown.sells_native and (token_in == NATIVE or (swap.kind == "uniswap_v3" and token_in == wrapped)):
        # what is sold is the value the transaction sends, ours to set: the amount shown (V3's router wraps it)
        token_in = NATIVE
        amount = shown.request.amountIn if swap.token_in == NATIVE else swap.amount
    call = SwapCall(token_in, swap.token_out, amount, swap.min_return, swap.receiver, "", swap.deadline, [])
    return as_shown(call, shown, now), swap


def received(receipt: Any, swap: DexSwap, router: str) -> int:
    """What the receiver got, from the receipt's logs."""
    got = 0
    for log in receipt["logs"]:
        topics = [HexBytes(t) for t in log["topics"]]
        if not topics:
            continue
        if swap.token_out == NATIVE:
            if topics[0] == WITHDRAWAL and log["address"] == swap.path[-1] and _address(topics[1]) == router.lower():
                got += int.from_bytes(bytes(log["data"])[:32], "big")
        elif (
            topics[0] == TRANSFER
            and len(topics) == 3
            and log["address"] == swap.token_out
            and _address(topics[2]) == swap.receiver.lower()
        ):
            got += int.from_bytes(bytes(log["data"])[:32], "big")
    return got


def _address(topic: HexBytes) -> str:
    return "0x" + bytes(topic)[-20:].hex()
