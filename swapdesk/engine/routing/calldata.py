"""The router's `swap(SwapParams)` call data, ABI-encoded by hand.

eth_abi validates and encodes value by value (a checksum hash per address):
about a millisecond for a split of ten two-hop routes, more than the split
itself costs. The layout of this one signature is fixed, so it is written
here word by word, as the ABI specification lays it out; a test checks it
against eth_abi's encoding byte for byte.

    swap((address srcToken, address dstToken, uint256 amount, uint256 minReturn, address receiver,
          string channel, uint256 deadline, (uint256 parts, (address pool, address tokenOut)[] hops)[] routes))
"""

from __future__ import annotations

from swapdesk.contracts import artifact

SELECTOR = artifact("AggregationRouter").selector("swap")
_FIELDS = 8  # SwapParams' head: one word per field, the string's and the routes' offsets among them

Hops = list[tuple[str, str]]


def _word(value: int) -> bytes:
    return value.to_bytes(32, "big")  # OverflowError beyond uint256, as eth_abi refuses it


def _address(text: str) -> bytes:
    raw = bytes.fromhex(text.removeprefix("0x"))
    if len(raw) != 20:
        raise ValueError(f"not an address: {text!r}")
    return bytes(12) + raw


def _dynamic_array(elements: list[bytes]) -> bytes:
    """A T[] of dynamic elements: the length, each element's offset (from after the length), the elements."""
    offsets, at = [], 32 * len(elements)
    for element in elements:
        offsets.append(_word(at))
        at += len(element)
    return _word(len(elements)) + b"".join(offsets) + b"".join(elements)


def swap_call_data(
    src_token: str,
    dst_token: str,
    amount: int,
    min_return: int,
    receiver: str,
    channel: str,
    deadline: int,
    routes: list[tuple[int, Hops]],
) -> bytes:
    text = channel.encode()
    string = _word(len(text)) + text + bytes(-len(text) % 32)
    routes_part = _dynamic_array(
        [
            _word(parts) + _word(64) + _word(len(hops)) + b"".join(_address(p) + _address(t) for p, t in hops)
            for parts, hops in routes
        ]
    )
    head = b"".join(
        (
            _address(src_token),
            _address(dst_token),
            _word(amount),
            _word(min_return),
            _address(receiver),
            _word(32 * _FIELDS),  # the channel string follows the head
            _word(deadline),
            _word(32 * _FIELDS + len(string)),  # then the routes
        )
    )
    return SELECTOR + _word(32) + head + string + routes_part  # one dynamic tuple argument: its offset first
