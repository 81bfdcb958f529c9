"""The router's TRON entry point as a TronWeb-style trigger description, written and read back.

A TRON contract's ABI lists no tuple components, so tronpy and TronWeb cannot encode the router's
`swap(SwapParams)`. Its `swapFlat` takes the same fields one parameter each, and a description lists them
as TronWeb's `triggerSmartContract` takes them: `{type, value}`, values as text, in the types the spec
observed: `address` (base58), `uint` (Solidity's name for uint256; decimal digits) and `string`. The
routes are the one other type: `bytes`, `0x` and the hex of their ABI encoding `(uint256,(address,address)[])[]`
(each route's parts, then its hops as pool and token out), which the router decodes with `abi_decode`.

The quote writes a description from `swap`'s arguments (`parameters`); the trader reads one back into them
(`arguments`) to check it before signing, and hands tronpy the values its encoder takes (`tronpy_values`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from eth_abi import decode, encode

from swapdesk.address import InvalidAddress, parse_tron, to_checksum, to_tron
from swapdesk.api.records import TronParameter
from swapdesk.contracts import artifact

ROUTER = artifact("AggregationRouter")
FUNCTION = "swapFlat"
_INPUTS = next(e["inputs"] for e in ROUTER.abi if e["type"] == "function" and e["name"] == FUNCTION)
SIGNATURE = f"{FUNCTION}({','.join(p['type'] for p in _INPUTS)})"
NAMES = tuple(p["name"] for p in _INPUTS)
TYPES = ("address", "address", "uint", "uint", "address", "string", "uint", "bytes")  # as written in `parameter`
ROUTES = "(uint256,(address,address)[])[]"
_UINT = re.compile(r"0|[1-9][0-9]{0,77}")
_HEX = re.compile(r"0x(?:[0-9a-fA-F]{2})*")

SwapArguments = tuple[Any, ...]  # swap's SwapParams: (src, dst, amount, min, receiver, channel, deadline, routes)


class NotTheSwap(ValueError):
    """The description is not a call of the router's `swapFlat`: says what, in plain words."""


def parameters(swap: SwapArguments) -> list[TronParameter]:
    """The `parameter` list that calls `swapFlat` with `swap`'s arguments (addresses as 0x-hex)."""
    src, dst, amount, minimum, receiver, channel, deadline, routes = swap
    values = (
        _b58(src),
        _b58(dst),
        str(amount),
        str(minimum),
        _b58(receiver),
        channel,
        str(deadline),
        "0x" + encode([ROUTES], [routes]).hex(),
    )
    return [TronParameter(type=t, value=v) for t, v in zip(TYPES, values, strict=True)]


def arguments(fun: str, given: list[TronParameter]) -> SwapArguments:
    """`swap`'s arguments (addresses as EIP-55) from a description; NotTheSwap when it is anything else."""
    if fun != SIGNATURE:
        raise NotTheSwap(f"it calls {fun!r}, not the router's {SIGNATURE}")
    if [p.type for p in given] != list(TYPES):
        raise NotTheSwap(f"its parameters are typed {[p.type for p in given]}, not {list(TYPES)}")
    values: list[Any] = []
    for name, p in zip(NAMES, given, strict=True):
        if p.type == "address":
            try:
                values.append(to_checksum(parse_tron(p.value)))
            except InvalidAddress as exc:
                raise NotTheSwap(f"its {name} is not a TRON address: {exc.rule}") from None
        elif p.type == "uint":
            if not _UINT.fullmatch(p.value) or int(p.value) >= 2**256:
                raise NotTheSwap(f"its {name} is not a uint256 in decimal digits")
            values.append(int(p.value))
        elif p.type == "bytes":
            if not _HEX.fullmatch(p.value):
                raise NotTheSwap(f"its {name} is not 0x-prefixed hex")
            try:
                (routes,) = decode([ROUTES], bytes.fromhex(p.value[2:]))
            except Exception:
                raise NotTheSwap(f"its {name} are not ABI-encoded routes") from None
            values.append(routes)
        else:
            values.append(p.value)
    return tuple(values)


def swap_arguments(data: bytes) -> SwapArguments:
    """`swap`'s arguments from call data of either router entry point (addresses as 0x-hex); NotTheSwap else."""
    try:
        if data[:4] == ROUTER.selector(FUNCTION):
            *fields, routes = ROUTER.decode_input(FUNCTION, data)
            (decoded,) = decode([ROUTES], routes)
            return (*fields, decoded)
        (swap,) = ROUTER.decode_input("swap", data)
    except Exception:
        raise NotTheSwap("it does not call the router's swap") from None
    return tuple(swap)


def tronpy_values(given: list[TronParameter]) -> list[Any]:
    """The values tronpy's encoder takes for the description's parameters: base58, int, str, bytes."""
    convert: dict[str, Callable[[str], Any]] = {
        "address": str,
        "uint": int,
        "string": str,
        "bytes": lambda value: bytes.fromhex(value.removeprefix("0x")),
    }
    return [convert[p.type](p.value) for p in given]


def call_data(swap: SwapArguments) -> bytes:
    """What the description triggers: `swapFlat`'s selector and its ABI-encoded arguments."""
    *fields, routes = swap
    return ROUTER.encode(FUNCTION, *fields, encode([ROUTES], [routes]))


def _b58(address: str) -> str:
    return to_tron(bytes.fromhex(address.removeprefix("0x")))
