"""ERC-20 metadata read from the chain itself, in one batched call."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from eth_abi import decode
from web3 import AsyncWeb3

from swapdesk.address import ZERO, parse_address, to_checksum
from swapdesk.chain.multicall import Read, aggregate3
from swapdesk.contracts import artifact


@dataclass(frozen=True)
class TokenMetadata:
    address: str
    symbol: str
    name: str
    decimals: int


def _text(raw: bytes | None) -> str | None:
    if raw is None:
        return None
    try:
        (value,) = decode(["string"], raw)
        return str(value)
    except Exception:
        # a few old tokens (MKR, SAI) return bytes32 instead of string
        return raw[:32].rstrip(b"\0").decode("utf-8", "replace") if len(raw) == 32 else None


async def metadata(w3: AsyncWeb3, multicall: str, tokens: list[str]) -> list[TokenMetadata | None]:
    """symbol, name and decimals of each token; None for a non-token address."""
    erc20 = artifact("ERC20")
    reads = [Read(t, erc20.encode(fn)) for t in tokens for fn in ("symbol", "name", "decimals")]
    out = await aggregate3(w3, multicall, reads)
    found: list[TokenMetadata | None] = []
    for i, token in enumerate(tokens):
        symbol, name, decimals = _text(out[3 * i]), _text(out[3 * i + 1]), out[3 * i + 2]
        if symbol is None or decimals is None or len(decimals) != 32:
            found.append(None)
            continue
        found.append(TokenMetadata(token, symbol, name or symbol, int.from_bytes(decimals, "big")))
    return found


async def balances_of(w3: AsyncWeb3, multicall: str, holder: str, tokens: list[Any], tron: bool) -> list[int]:
    """`holder`'s balance of each token (the all-zero address: the native coin), one call."""
    erc20, mc = artifact("ERC20"), artifact("Multicall3")
    reads = []
    for token in tokens:
        raw = parse_address(token.address, tron)
        if raw == ZERO:
            reads.append(Read(multicall, mc.encode("getEthBalance", holder)))
        else:
            reads.append(Read(to_checksum(raw), erc20.encode("balanceOf", holder)))
    return [int.from_bytes(out[:32], "big") if out else 0 for out in await aggregate3(w3, multicall, reads)]
