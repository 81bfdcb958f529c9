"""Validation rules for request parameters, shared by every entry point.

A rule turns the raw text of one parameter into a typed value or raises
`InvalidParameter` naming the parameter and the rule. Texts are taken as
they are: no trimming, no sign, no exponent, no thousands separators, ASCII
digits only, so that what a client meant is never guessed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from swapdesk import address as addresses
from swapdesk.api.errors import ErrorCode, InvalidParameter
from swapdesk.chains import Chain, UnknownChain, all_flags, by_id, resolve

Rule = Callable[[str, str], Any]  # (parameter name, raw text) -> value

MAX_UINT256 = 2**256 - 1
CHANNELS = ("default", "web", "android", "ios", "extension")
BRIDGES = ("ANYSWAP", "METAPATH", "CBRIDGE")

_INTEGER = re.compile(r"-?[0-9]{1,20}")
_AMOUNT = re.compile(r"[0-9]{1,78}")
_HASH = re.compile(r"(0x)?[0-9a-fA-F]{64}")


def shown(raw: str) -> str:
    """The offending text, quoted and cut short, for messages."""
    return repr(raw if len(raw) <= 42 else raw[:40] + "…")


def integer(low: int, high: int) -> Rule:
    def rule(name: str, raw: str) -> int:
        if not _INTEGER.fullmatch(raw):
            raise InvalidParameter(name, ErrorCode.NOT_AN_INTEGER, f"must be a decimal integer (got {shown(raw)})")
        value = int(raw)
        if not low <= value <= high:
            raise InvalidParameter(name, ErrorCode.OUT_OF_RANGE, f"must be an integer from {low} to {high} (got {raw})")
        return value

    return rule


def amount(positive: bool) -> Rule:
    def rule(name: str, raw: str) -> int:
        if not _AMOUNT.fullmatch(raw):
            raise InvalidParameter(
                name,
                ErrorCode.NOT_AN_AMOUNT,
                f"must be a whole number of the token's smallest unit, digits only (got {shown(raw)})",
            )
        value = int(raw)
        if value > MAX_UINT256:
            raise InvalidParameter(name, ErrorCode.OUT_OF_RANGE, "must be below 2^256")
        if positive and value == 0:
            raise InvalidParameter(name, ErrorCode.OUT_OF_RANGE, "must be greater than 0")
        return value

    return rule


def chain(allowed: Callable[[Chain], bool] = lambda c: True, why: str = "") -> Rule:
    """A chain flag, alias or numeric id from the spec's chain-flag table."""

    def rule(name: str, raw: str) -> Chain:
        try:
            found = resolve(raw)
        except UnknownChain:
            raise InvalidParameter(
                name,
                ErrorCode.UNKNOWN_CHAIN,
                f"unknown chain {shown(raw)}; use a chain id or one of {', '.join(all_flags())}",
            ) from None
        if not allowed(found):
            raise InvalidParameter(name, ErrorCode.UNSUPPORTED_CHAIN, f"{found.flag} is not supported here: {why}")
        return found

    return rule


def cross_chain_id(name: str, raw: str) -> Chain:
    """A numeric chain id from the spec's cross-chain table."""
    ids = [c.id for c in _cross_chains()]
    listed = ", ".join(map(str, ids))
    if not _INTEGER.fullmatch(raw):
        raise InvalidParameter(
            name, ErrorCode.NOT_AN_INTEGER, f"must be a numeric chain id, one of {listed} (got {shown(raw)})"
        )
    try:
        found = by_id(int(raw))
    except UnknownChain:
        raise InvalidParameter(name, ErrorCode.UNKNOWN_CHAIN, f"unknown chain id {raw}; use one of {listed}") from None
    if not found.cross_chain:
        raise InvalidParameter(
            name, ErrorCode.UNSUPPORTED_CHAIN, f"{found.flag} has no cross-chain bridge; use one of {listed}"
        )
    return found


def _cross_chains() -> list[Chain]:
    from swapdesk.chains import CHAINS

    return [c for c in CHAINS if c.cross_chain]


def choice(values: tuple[str, ...], code: ErrorCode, fold: Callable[[str], str]) -> Rule:
    def rule(name: str, raw: str) -> str:
        value = fold(raw)
        if value not in values:
            raise InvalidParameter(name, code, f"must be one of {', '.join(values)} (got {shown(raw)})")
        return value

    return rule


channel = choice(CHANNELS, ErrorCode.UNKNOWN_CHANNEL, str.lower)
bridge = choice(BRIDGES, ErrorCode.UNKNOWN_BRIDGE, str.upper)


def text(name: str, raw: str) -> str:
    """Kept as given; checked later against the chain it belongs to."""
    return raw


def tx_hash(name: str, raw: str) -> str:
    if not _HASH.fullmatch(raw):
        raise InvalidParameter(
            name, ErrorCode.INVALID_HASH, f"must be a transaction hash of 64 hexadecimal digits (got {shown(raw)})"
        )
    return "0x" + raw.removeprefix("0x").lower()


def address_on(name: str, raw: str, on: Chain) -> str:
    """The address in its canonical form for `on` (EIP-55 hex, or base58 on TRON)."""
    try:
        raw_bytes = addresses.parse_address(raw, on.tron)
    except addresses.InvalidAddress as exc:
        code = ErrorCode.BAD_CHECKSUM if exc.checksum else ErrorCode.INVALID_ADDRESS
        raise InvalidParameter(name, code, f"{exc.rule} on {on.flag} (got {shown(raw)})") from None
    return addresses.format_address(raw_bytes, on.tron)
