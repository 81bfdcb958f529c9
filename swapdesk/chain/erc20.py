"""ERC-20 facts read from the chain itself, in one batched call.

Any address can be asked about, so answers are taken as hostile: each token's
reads run isolated (a contract that burns the call's gas spoils only its own
answers), text is cut to printable characters of a bounded length, and
decimals beyond what the API can scale by (255) make a contract no usable token.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any

from eth_abi import decode
from eth_abi.exceptions import DecodingError
from web3 import AsyncWeb3

from swapdesk.address import ZERO, parse_address, to_checksum
from swapdesk.chain.multicall import Block, Read, aggregate3, aggregate3_isolated
from swapdesk.contracts import artifact, vendored

MAX_DECIMALS = 255  # the API's decimal0/decimal1 rule
MAX_SYMBOL, MAX_NAME = 32, 64  # characters shown; longer text is cut with an ellipsis


@dataclass(frozen=True)
class TokenMetadata:
    address: str
    symbol: str
    name: str
    decimals: int


def _printable(text: str, limit: int) -> str:
    # control and format characters (newlines, bidi overrides, zero widths) would let a token disguise its name
    shown = "".join(ch for ch in text if unicodedata.category(ch)[0] != "C").strip()
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


def _text(raw: bytes | None, limit: int) -> str | None:
    if raw is None:
        return None
    try:
        (value,) = decode(["bytes"], raw)  # a string's encoding, read without trusting it to be UTF-8
    except (DecodingError, OverflowError):
        # a few old tokens (MKR, SAI) return bytes32 instead of string
        if len(raw) != 32:
            return None
        value = raw.rstrip(b"\0")
    return _printable(bytes(value).decode("utf-8", "replace"), limit)


def _uint(raw: bytes | None) -> int | None:
    return int.from_bytes(raw, "big") if raw is not None and len(raw) == 32 else None


async def metadata(w3: AsyncWeb3[Any], multicall: str, tokens: list[str]) -> list[TokenMetadata | None]:
    """symbol, name and decimals of each token; None for an address that is no usable token."""
    erc20 = artifact("ERC20")
    groups = [[Read(t, erc20.encode(fn)) for fn in ("symbol", "name", "decimals")] for t in tokens]
    found: list[TokenMetadata | None] = []
    for token, (raw_symbol, raw_name, raw_decimals) in zip(
        tokens, await aggregate3_isolated(w3, multicall, groups), strict=True
    ):
        symbol, name, decimals = _text(raw_symbol, MAX_SYMBOL), _text(raw_name, MAX_NAME), _uint(raw_decimals)
        if symbol is None or decimals is None or decimals > MAX_DECIMALS:
            found.append(None)
            continue
        found.append(TokenMetadata(token, symbol, name or symbol, decimals))
    return found


async def decimals_of(
    w3: AsyncWeb3[Any], multicall: str, tokens: list[str], block: Block = "latest"
) -> dict[str, int | None]:
    """Each token's decimals() as it answers at `block` (None: no answer of one word: not an ERC-20)."""
    groups = [[Read(t, artifact("ERC20").encode("decimals"))] for t in tokens]
    answers = await aggregate3_isolated(w3, multicall, groups, block)
    return {token: _uint(raw) for token, (raw,) in zip(tokens, answers, strict=True)}


async def balances_of(w3: AsyncWeb3[Any], multicall: str, holder: str, tokens: list[Any], tron: bool) -> list[int]:
    """`holder`'s balance of each token (the all-zero address: the native coin), one call."""
    erc20, mc = artifact("ERC20"), vendored("Multicall3")
    reads = []
    for token in tokens:
        raw = parse_address(token.address, tron)
        if raw == ZERO:
            reads.append(Read(multicall, mc.encode("getEthBalance", holder)))
        else:
            reads.append(Read(to_checksum(raw), erc20.encode("balanceOf", holder)))
    return [int.from_bytes(out[:32], "big") if out else 0 for out in await aggregate3(w3, multicall, reads)]
