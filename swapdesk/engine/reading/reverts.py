"""Why a call reverted, decoded from its revert data: `Error(string)`, `Panic(uint256)` with what its code means (both
read by `chain.reverts`), and the custom errors of the contracts swapdesk knows (the Universal Router's, Uniswap's,
OpenZeppelin's ERC-20 errors, Permit2's), with their arguments. A failed transaction is replayed at the block before
its own (the state it met when it is the first of its block, as every devnet transaction is) to get its revert data;
a node that keeps no past state, or says nothing, leaves the reason empty.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from eth_abi import decode
from eth_abi.exceptions import DecodingError
from eth_utils import function_signature_to_4byte_selector
from web3 import AsyncWeb3
from web3.types import RPCEndpoint

from swapdesk.chain.reverts import ERROR_STRING, error_text, panic_code, panic_phrase
from swapdesk.contracts import artifact, vendored
from swapdesk.engine.reading.fetch import Mined

WELL_KNOWN_ERRORS = (  # errors of contracts swapdesk does not ship, met on every chain
    "ERC20InsufficientBalance(address,uint256,uint256)",
    "ERC20InsufficientAllowance(address,uint256,uint256)",
    "InsufficientAllowance(uint256)",  # Permit2
    "AllowanceExpired(uint256)",  # Permit2
    "SignatureExpired(uint256)",  # Permit2
)
CONTRACTS = ("UniversalRouter", "SwapRouter", "UniswapV2Router02", "NonfungiblePositionManager", "UniswapV3Pool")


@dataclass(frozen=True)
class Revert:
    """A decoded revert: `reason` as a person reads it; `name` the error (Error, Panic or the custom error's)."""

    reason: str
    name: str = ""
    args: tuple[Any, ...] = ()


@dataclass(frozen=True)
class Replay:
    revert: Revert | None  # None: the replay did not revert (or the node would not replay it)
    out_of_gas: bool
    message: str  # the node's words


def read_revert(output: bytes) -> Revert:
    """The reason in revert data; an empty reason for empty or unknown data."""
    if output[:4] == ERROR_STRING:
        return Revert(error_text(output) or "", "Error")
    code = panic_code(output)
    if code is not None:
        return Revert(f"Panic(0x{code:02x}): {panic_phrase(code)}", "Panic", (code,))
    known = _errors().get(output[:4])
    if known is not None:
        name, types = known
        try:
            args = tuple(decode(types, output[4:]))
        except (DecodingError, OverflowError):
            args = ()
        shown = ", ".join(str(a) for a in args)
        return Revert(f"{name}({shown})", name, args)
    return Revert("" if not output else f"custom error 0x{output[:4].hex()}", "")


async def replay(w3: AsyncWeb3[Any], mined: Mined) -> Replay:
    """The transaction's call again, on the state before its block, with its own gas."""
    call = {
        "from": mined.sender, "to": mined.to, "data": "0x" + mined.input.hex(), "value": hex(mined.value),
        "gas": hex(mined.gas),
    }  # fmt: skip
    answer: Any = await w3.provider.make_request(RPCEndpoint("eth_call"), [call, hex(mined.block - 1)])
    error = answer.get("error") if isinstance(answer, dict) else None
    if not isinstance(error, dict):
        return Replay(None, False, "")
    message = str(error.get("message", ""))[:300]
    raw = error.get("data")
    if isinstance(raw, dict):  # some nodes nest it
        raw = raw.get("data")
    output = bytes.fromhex(raw[2:]) if isinstance(raw, str) and raw.startswith("0x") and len(raw) % 2 == 0 else b""
    out_of_gas = "out of gas" in message.lower() or "outofgas" in message.lower().replace(" ", "")
    if out_of_gas:
        return Replay(None, True, message)
    if not output and "revert" not in message.lower():
        return Replay(None, False, message)  # not a revert: the node refused the replay (no past state...)
    revert = read_revert(output)
    if not revert.reason and ":" in message:  # a node that gives the text only
        revert = Revert(message.split(":", 1)[1].strip(), "Error")
    return Replay(revert, False, message)


@cache
def _errors() -> dict[bytes, tuple[str, list[str]]]:
    found: dict[bytes, tuple[str, list[str]]] = {}
    abis = [vendored(n).abi for n in CONTRACTS] + [artifact("AggregationRouter").abi]
    for abi in abis:
        for entry in abi:
            if entry.get("type") == "error":
                types = [i["type"] for i in entry["inputs"]]
                signature = f"{entry['name']}({','.join(types)})"
                found.setdefault(function_signature_to_4byte_selector(signature), (entry["name"], types))
    for signature in WELL_KNOWN_ERRORS:
        name, _, rest = signature.partition("(")
        types = [t for t in rest.rstrip(")").split(",") if t]
        found.setdefault(function_signature_to_4byte_selector(signature), (name, types))
    return found
