"""What a Universal Router `execute` asked, from its commands (Uniswap's `Commands` library): its V2 and V3 swaps
(exact in and out), the coin wrapped in (`WRAP_ETH`) or unwrapped out (`UNWRAP_WETH`), and what `SWEEP` pays.
`execute` returns nothing, so a re-run cannot say what the route gave; it can still say that the bound failed.
"""

from __future__ import annotations

from typing import Any

from eth_abi import decode, encode
from eth_abi.exceptions import DecodingError
from eth_utils import to_checksum_address

from swapdesk.engine.reading.calls import Decoded
from swapdesk.engine.reading.flows import NATIVE
from swapdesk.engine.reading.swap_terms import MAX_UINT, Asked

V3_IN, V3_OUT, SWEEP, V2_IN, V2_OUT, WRAP, UNWRAP = 0x00, 0x01, 0x04, 0x08, 0x09, 0x0B, 0x0C
COMMAND_TYPE_MASK = 0x3F
CONTRACT_BALANCE = 2**255  # "whatever the router holds"
SENDER, ROUTER = 1, 2  # the recipients its ActionConstants stand for: msg.sender, the router itself
LAYOUTS: dict[int, list[str]] = {
    V3_IN: ["address", "uint256", "uint256", "bytes", "bool"],
    V3_OUT: ["address", "uint256", "uint256", "bytes", "bool"],
    V2_IN: ["address", "uint256", "uint256", "address[]", "bool"],
    V2_OUT: ["address", "uint256", "uint256", "address[]", "bool"],
    WRAP: ["address", "uint256"],
    UNWRAP: ["address", "uint256"],
    SWEEP: ["address", "address", "uint256"],
}
SWAPS = (V3_IN, V3_OUT, V2_IN, V2_OUT)


def universal_asked(call: Decoded, value: int, wrapped: str) -> Asked | None:
    commands, inputs = bytes(call.values[0]), list(call.values[1])
    deadline = int(call.values[2]) if len(call.values) > 2 else None
    steps: list[tuple[int, list[Any]]] = []
    for command, raw in zip(commands, inputs, strict=False):
        kind = command & COMMAND_TYPE_MASK
        layout = LAYOUTS.get(kind)
        if layout is None:
            steps.append((kind, []))
            continue
        try:
            steps.append((kind, list(decode(layout, bytes(raw)))))
        except (DecodingError, OverflowError, ValueError):
            return None
    swaps = [(k, v) for k, v in steps if k in SWAPS]
    if not swaps:
        return None
    first_kind, first = swaps[0]
    last_kind, last = swaps[-1]
    token_in = _path(first_kind, first[3])[0]
    token_out = _path(last_kind, last[3])[1]
    kinds = [k for k, _ in steps]
    exact_out = last_kind in (V3_OUT, V2_OUT)
    amount_in = None if exact_out else int(first[1])
    if WRAP in kinds:
        token_in = NATIVE
        if amount_in is None or amount_in >= CONTRACT_BALANCE:
            amount_in = value
    minimum = None if exact_out else int(last[2])
    recipient = _recipient(last[0])
    for kind, fields in steps:  # what pays the recipient last binds what reaches it
        if kind == UNWRAP and token_in == NATIVE:  # the coin paid in and not used, sent back
            continue
        if kind == UNWRAP:
            token_out, recipient = NATIVE, _recipient(fields[0])
            minimum = int(fields[1]) or minimum
        elif kind == SWEEP:
            recipient = _recipient(fields[1]) or recipient
            minimum = int(fields[2]) or minimum
    refunds = token_in == NATIVE and token_out != NATIVE and (UNWRAP in kinds or SWEEP in kinds)
    lowered = [_lifted(kind, fields, raw) for (kind, fields), raw in zip(steps, inputs, strict=False)]
    return Asked(
        function="execute",
        token_in=token_in,
        token_out=token_out,
        amount_in=amount_in,
        amount_out=int(last[1]) if exact_out else None,
        minimum=minimum,
        maximum=int(first[2]) if exact_out else None,
        deadline=deadline,
        recipient=recipient,
        lowered=call.encode(inputs=lowered),
        result=None,
        refunds=refunds,
    )


def _path(kind: int, path: Any) -> tuple[str, str]:
    if kind in (V2_IN, V2_OUT):
        return to_checksum_address(path[0]), to_checksum_address(path[-1])
    first, last = to_checksum_address(bytes(path[:20])), to_checksum_address(bytes(path[-20:]))
    return (last, first) if kind == V3_OUT else (first, last)  # exact out: the path runs from the output


def _recipient(address: Any) -> str | None:
    raw = int(str(address), 16)
    return None if raw in (SENDER, ROUTER) else to_checksum_address(address)


def _lifted(kind: int, fields: list[Any], raw: bytes) -> bytes:
    if kind in (V3_IN, V2_IN):
        return encode(LAYOUTS[kind], [fields[0], fields[1], 0, fields[3], fields[4]])
    if kind in (V3_OUT, V2_OUT):
        return encode(LAYOUTS[kind], [fields[0], fields[1], MAX_UINT, fields[3], fields[4]])
    if kind == UNWRAP:  # (WRAP_ETH's amount is what it wraps, not a bound)
        return encode(LAYOUTS[kind], [fields[0], 0])
    if kind == SWEEP:
        return encode(LAYOUTS[kind], [fields[0], fields[1], 0])
    return bytes(raw)
