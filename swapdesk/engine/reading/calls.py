"""The functions swapdesk can name and decode: every function of the contracts it ships or vendors (ERC-20, WETH9,
Uniswap V2's pair and Router02, V3's SwapRouter and position manager, the Universal Router, Multicall3, swapdesk's
router and the three bridges), the swap functions of the routers people use (`router_abis`: SwapRouter02, 1inch,
0x, ParaSwap, KyberSwap, Odos, Curve, MetaMask), and a few widely used ones by name only.

A call is decoded by its ABI into named arguments (a struct's fields by their names too), and can be encoded again
with some arguments changed: the re-run of a failed swap with its minimum lifted (`failures`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from eth_abi import decode, encode
from eth_abi.exceptions import DecodingError
from eth_utils import function_signature_to_4byte_selector, to_checksum_address

from swapdesk.contracts import artifact, vendored
from swapdesk.engine.reading.router_abis import entries

SHIPPED = ("ERC20", "AggregationRouter", "AnyswapV6Router", "CBridge", "Bridgers", "StableSwap")
VENDORED = (
    "WETH9", "UniswapV2Router02", "SwapRouter", "UniversalRouter", "NonfungiblePositionManager", "UniswapV2Pair",
    "UniswapV3Pool", "Multicall3", "UniswapV2Factory", "UniswapV3Factory",
)  # fmt: skip
BRIDGES = {"AnyswapV6Router": "ANYSWAP", "CBridge": "CBRIDGE", "Bridgers": "METAPATH"}
NAMED_ONLY = (  # widely sent, not shipped: named, not decoded
    "permit(address,address,uint256,uint256,uint8,bytes32,bytes32)",
    "increaseAllowance(address,uint256)",
    "decreaseAllowance(address,uint256)",
    "setApprovalForAll(address,bool)",
    "safeTransferFrom(address,address,uint256)",
    "approve(address,uint160,uint48)",  # Permit2
    "claim()",
    "withdraw()",
    "mint(address,uint256)",
    "burn(uint256)",
)


@dataclass(frozen=True)
class Function:
    contract: str  # the artifact it is from ("" for a function named only)
    signature: str  # name(types)
    entry: dict[str, Any] | None  # its ABI entry; None for a function named only

    @property
    def name(self) -> str:
        return self.signature.split("(", 1)[0]

    @property
    def bridge(self) -> str:
        return BRIDGES.get(self.contract, "")


@dataclass(frozen=True)
class Decoded:
    function: Function
    values: tuple[Any, ...]  # as eth_abi decodes them (structs as tuples)

    def args(self) -> dict[str, Any]:
        """Every argument by name, a struct's fields by theirs (the first of a name wins)."""
        assert self.function.entry is not None
        out: dict[str, Any] = {}
        _flatten(self.function.entry["inputs"], self.values, out)
        return out

    def encode(self, **changes: Any) -> bytes:
        """The call again, with the arguments (or struct fields) named in `changes` set to their new values."""
        entry = self.function.entry
        assert entry is not None
        values = _replace(entry["inputs"], self.values, changes)
        return function_signature_to_4byte_selector(self.function.signature) + encode(_types(entry["inputs"]), values)

    def output(self, raw: bytes) -> dict[str, Any]:
        """The call's return values by name (an unnamed one as "")."""
        entry = self.function.entry
        assert entry is not None
        outs = entry.get("outputs") or []
        try:
            values = decode(_types(outs), raw)
        except (DecodingError, OverflowError, ValueError):
            return {}
        return {o.get("name", ""): v for o, v in zip(outs, values, strict=True)}


def known(selector: bytes) -> Function | None:
    return _table().get(bytes(selector))


def decoded(data: bytes) -> Decoded | None:
    """The call `data` makes, decoded; None for an unknown selector, a function named only, or bad arguments."""
    function = known(data[:4])
    if function is None or function.entry is None:
        return None
    try:
        return Decoded(function, tuple(decode(_types(function.entry["inputs"]), data[4:])))
    except (DecodingError, OverflowError, ValueError):
        return None


@cache
def _table() -> dict[bytes, Function]:
    found: dict[bytes, Function] = {}
    contracts = [(n, artifact(n).abi) for n in SHIPPED] + [(n, vendored(n).abi) for n in VENDORED]
    for contract, abi in contracts:
        for entry in abi:
            if entry.get("type") != "function":
                continue
            signature = f"{entry['name']}({','.join(_types(entry['inputs']))})"
            found.setdefault(function_signature_to_4byte_selector(signature), Function(contract, signature, entry))
    for router, entry in entries():  # the routers people use, by their published ABIs
        signature = f"{entry['name']}({','.join(_types(entry['inputs']))})"
        found.setdefault(function_signature_to_4byte_selector(signature), Function(router, signature, entry))
    for signature in NAMED_ONLY:
        found.setdefault(function_signature_to_4byte_selector(signature), Function("", signature, None))
    return found


def _types(params: list[dict[str, Any]]) -> list[str]:
    out = []
    for p in params:
        if p["type"].startswith("tuple"):
            out.append(f"({','.join(_types(p['components']))}){p['type'][5:]}")
        else:
            out.append(p["type"])
    return out


def _flatten(params: list[dict[str, Any]], values: Any, out: dict[str, Any]) -> None:
    for param, value in zip(params, values, strict=True):
        if param["type"] == "tuple":
            _flatten(param["components"], value, out)
        else:
            out.setdefault(param.get("name", ""), _shown(param["type"], value))


def _shown(kind: str, value: Any) -> Any:
    if kind == "address":
        return to_checksum_address(value)
    if kind == "address[]":
        return [to_checksum_address(v) for v in value]
    return value


def _replace(params: list[dict[str, Any]], values: Any, changes: dict[str, Any]) -> list[Any]:
    out = []
    for param, value in zip(params, values, strict=True):
        if param["type"] == "tuple":
            out.append(tuple(_replace(param["components"], value, changes)))
        else:
            out.append(changes.get(param.get("name", ""), value))
    return out
