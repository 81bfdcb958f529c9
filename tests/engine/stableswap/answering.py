"""Contracts that answer a pool's getters with fixed values, deployed on a real node (anvil): each generation
of Curve pool as its distinguishing getters show it, without the pool's own code (no registry ships Curve's
compiled pools). Vyper source is written here per contract, with its values in it, and compiled."""

from __future__ import annotations

from functools import cache

import vyper
from eth_utils import to_checksum_address

Value = int | str | list[int] | list[str]  # a uint256, an address, or an indexed getter's values


def _literal(value: int | str) -> str:
    return to_checksum_address(value) if isinstance(value, str) else str(value)


def source(getters: dict[str, Value], extra: str = "") -> str:
    """Vyper answering each getter: `name` takes no argument; `name(uint256)` or `name(int128)` answers a list
    by index (reverting past it); `name` with a list answers a dynamic array; a value that is a string is an
    address. `extra` is more Vyper, as it is. Any other call reverts."""
    lines = ["# pragma version 0.4.3", "", extra, ""]
    for key, value in getters.items():
        name, _, index = key.partition("(")
        index = index.rstrip(")")
        values = value if isinstance(value, list) else [value]
        kind = "address" if isinstance(values[0], str) else "uint256"
        lines += ["@external", "@view"]
        if not index and isinstance(value, list):
            lines.append(f"def {name}() -> DynArray[uint256, 8]:\n    return {[int(v) for v in values]}")
        elif index:
            lines.append(f"def {name}(i: {index}) -> {kind}:")
            for k, v in enumerate(values):
                lines.append(f"    if i == {k}:\n        return {_literal(v)}")
            lines.append("    raise")
        else:
            lines.append(f"def {name}() -> {kind}:\n    return {_literal(values[0])}")
        lines.append("")
    return "\n".join(lines)


@cache
def creation_code(text: str) -> bytes:
    return bytes.fromhex(vyper.compile_code(text, output_formats=["bytecode"])["bytecode"][2:])
