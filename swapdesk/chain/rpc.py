"""Plain JSON-RPC requests through a web3 provider, for the reads on the quote's path.

web3's `eth` module formats every parameter and every answer (checksums each
address it meets, wraps results in attribute dictionaries): a few hundred
microseconds a call, more than the node takes to answer `eth_blockNumber`.
These requests go to the provider as they are and return the node's `result`
as JSON, so the engine pays only for the transport; the provider is the same
(the devnet's in process, or HTTP to any node), and so are its limits.
"""

from __future__ import annotations

from typing import Any

from web3 import AsyncWeb3
from web3.types import RPCEndpoint


class NodeError(Exception):
    """The node answered with a JSON-RPC error."""

    def __init__(self, method: str, code: int, message: str) -> None:
        super().__init__(f"{method}: {message} ({code})")
        self.code = code


async def request(w3: AsyncWeb3[Any], method: str, params: list[Any]) -> Any:
    """The `result` of one request; NodeError for an error answer."""
    answer: Any = await w3.provider.make_request(RPCEndpoint(method), params)
    error = answer.get("error")
    if error is not None:
        code = error.get("code", 0) if isinstance(error, dict) else 0
        message = error.get("message", "") if isinstance(error, dict) else str(error)
        raise NodeError(method, int(code) if isinstance(code, int) else 0, str(message)[:500])
    return answer.get("result")


def quantity(text: Any) -> int:
    """A JSON-RPC quantity ("0x1b4") as an int."""
    if not isinstance(text, str) or not text.startswith("0x"):
        raise ValueError(f"not a quantity: {str(text)[:80]!r}")
    return int(text, 16)


def data(text: Any) -> bytes:
    """JSON-RPC data ("0x..") as bytes."""
    if not isinstance(text, str) or not text.startswith("0x"):
        raise ValueError(f"not data: {str(text)[:80]!r}")
    return bytes.fromhex(text[2:])
