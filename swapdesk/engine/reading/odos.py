"""What an Odos `swapCompact()` asked: OdosRouterV2 packs its arguments after the selector instead of ABI-encoding
them (odos-xyz/odos-router-v2, `OdosRouterV2.swapCompact`, and its tests' `decode_compact.py`).

In order: the input and the output token, each as two bytes (0x0000: the coin; 0x0001: the address in the next
twenty bytes; any other: an index into the router's own cached address list, which the call data does not hold:
such a token is not named here), the input amount and the quoted output (each a length byte, then that many
bytes; a zero length: the whole balance, or the coin sent), the slippage tolerance in three bytes (the minimum is
`quote * (0xFFFFFF - slippage) / 0xFFFFFF`, as the router computes it), then the executor, the input's receiver
and the output's receiver (0x0000: the sender).
"""

from __future__ import annotations

from eth_utils import to_checksum_address

from swapdesk.engine.reading.flows import NATIVE
from swapdesk.engine.reading.swap_terms import Asked

SLIPPAGE_ONE = 0xFFFFFF


class _Packed:
    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def take(self, size: int) -> bytes:
        if self.at + size > len(self.data):
            raise ValueError("the packed call ends early")
        part = self.data[self.at : self.at + size]
        self.at += size
        return part

    def address(self) -> str | None:
        """The address, NATIVE for the zero code, None for one from the router's cached list."""
        code = int.from_bytes(self.take(2), "big")
        if code == 0:
            return NATIVE
        if code == 1:
            return to_checksum_address(self.take(20))
        return None

    def amount(self) -> int:
        return int.from_bytes(self.take(self.take(1)[0]), "big")


def compact_asked(data: bytes, value: int) -> Asked | None:
    """`data`: the call without its selector; None where it does not decode."""
    packed = _Packed(data)
    try:
        token_in, token_out = packed.address(), packed.address()
        amount_in, quote = packed.amount(), packed.amount()
        slippage = int.from_bytes(packed.take(3), "big")
        packed.address()  # the executor
        packed.address()  # the input's receiver
        receiver = packed.address()
    except ValueError:
        return None
    if slippage > SLIPPAGE_ONE:
        return None
    return Asked(
        function="swapCompact",
        token_in=token_in,
        token_out=token_out,
        amount_in=amount_in or (value if token_in == NATIVE else None),
        minimum=quote * (SLIPPAGE_ONE - slippage) // SLIPPAGE_ONE,
        recipient=None if receiver in (None, NATIVE) else receiver,
    )
