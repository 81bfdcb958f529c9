"""Checks on a quote's call data before anything is signed.

The call data comes from the engine, which may be a remote server: it is
decoded here and held against what the user was shown. The router must be
swapdesk's own router for the chain (from the local catalogue, never from the
quote), and the tokens, amount, receiver, minimum and deadline must be the
ones on screen. Each failure says, in plain words, what does not hold.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from swapdesk.address import ZERO, parse_address, to_checksum
from swapdesk.api import AggQuote, AggSwapRequest
from swapdesk.contracts import artifact
from swapdesk.trade.errors import CheckFailed

ROUTER = artifact("AggregationRouter")
MAX_DEADLINE_SECONDS = 60 * 60  # a deadline further out protects nothing


@dataclass(frozen=True)
class Shown:
    """A quote as the user saw it, with the request that produced it."""

    request: AggSwapRequest
    quote: AggQuote
    symbols: tuple[str, str] = ("", "")  # of token0 and token1, for messages

    @property
    def min_out(self) -> int:
        return int(self.quote.totalAmountOutMin)

    @property
    def sells_native(self) -> bool:
        return self.address(self.request.token0) == to_checksum(ZERO)

    def address(self, text: str) -> str:
        """An address of the request (base58 on TRON) as EIP-55 hex."""
        return to_checksum(parse_address(text, self.request.chain.tron))


@dataclass(frozen=True)
class SwapCall:
    src_token: str
    dst_token: str
    amount: int
    min_return: int
    receiver: str
    channel: str
    deadline: int
    routes: list[Any]


def decode_swap(data: str) -> SwapCall:
    try:
        (params,) = ROUTER.decode_input("swap", bytes.fromhex(data.removeprefix("0x")))
    except Exception:
        raise CheckFailed("the call data is not a swap through the router") from None
    src, dst, amount, min_return, receiver, channel, deadline, routes = params
    return SwapCall(
        to_checksum(bytes.fromhex(src[2:])),
        to_checksum(bytes.fromhex(dst[2:])),
        amount,
        min_return,
        to_checksum(bytes.fromhex(receiver[2:])),
        channel,
        deadline,
        list(routes),
    )


def verify(quote: AggQuote, shown: Shown, known_router: str, now: int) -> SwapCall:
    """The decoded call when every check holds; CheckFailed naming the first that does not.

    `quote` is the final re-quote, `shown` what the user agreed to, `now` the
    chain's latest block time."""
    chain = shown.request.chain
    router = shown.address(quote.aggregator)
    if router != to_checksum(parse_address(known_router, False)):
        raise CheckFailed(f"the quote sends the swap to {router}, which is not swapdesk's router on {chain.name}")
    call = decode_swap(quote.data)
    expected = {
        "token sold": (call.src_token, shown.address(shown.request.token0)),
        "token bought": (call.dst_token, shown.address(shown.request.token1)),
        "amount sold": (call.amount, shown.request.amountIn),
        "receiver": (call.receiver, shown.address(shown.request.to)),
        "minimum received": (call.min_return, shown.min_out),
    }
    for what, (found, wanted) in expected.items():
        if found != wanted:
            raise CheckFailed(f"the call data's {what} is {found}, not the {wanted} you were shown")
    if call.deadline <= now:
        raise CheckFailed("the call data's deadline has already passed")
    if call.deadline > now + MAX_DEADLINE_SECONDS:
        raise CheckFailed("the call data's deadline is more than an hour away")
    return call
