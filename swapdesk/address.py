"""Addresses as the API shows them: EIP-55 hex on EVM chains, base58check on TRON.

Both name the same 20 bytes: TRON prefixes them with 0x41 and base58check-
encodes the 21 bytes. Imports nothing of the project.
"""

from __future__ import annotations

import hashlib
import re

from eth_typing import ChecksumAddress, HexAddress, HexStr
from eth_utils import keccak

from swapdesk.words import QT_TR_NOOP, Worded

ZERO = b"\0" * 20
TRON_PREFIX = 0x41

_HEX = re.compile(r"0x[0-9a-fA-F]{40}")
_B58_ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
_B58_INDEX = {c: i for i, c in enumerate(_B58_ALPHABET)}


class InvalidAddress(Worded, ValueError):
    """`rule` says what the text broke, for error messages (marked: the window says it in its language)."""

    def __init__(self, rule: str, checksum: bool = False) -> None:
        super().__init__(rule)
        self.rule = rule
        self.checksum = checksum


def to_checksum(raw: bytes) -> ChecksumAddress:
    """EIP-55 mixed-case hex of 20 bytes."""
    digits = raw.hex()
    hashed = keccak(text=digits).hex()
    mixed = "".join(c.upper() if c.isalpha() and int(hashed[i], 16) >= 8 else c for i, c in enumerate(digits))
    return ChecksumAddress(HexAddress(HexStr("0x" + mixed)))


def parse_evm(text: str) -> bytes:
    """20 bytes from 0x-hex; mixed case must be a valid EIP-55 checksum."""
    if not _HEX.fullmatch(text):
        raise InvalidAddress(QT_TR_NOOP("must be 0x followed by 40 hexadecimal digits"))
    digits = text[2:]
    if digits != digits.lower() and digits != digits.upper() and to_checksum(bytes.fromhex(digits)) != text:
        raise InvalidAddress(QT_TR_NOOP("mixed-case address fails its EIP-55 checksum"), checksum=True)
    return bytes.fromhex(digits)


def _sha256d(data: bytes) -> bytes:
    return hashlib.sha256(hashlib.sha256(data).digest()).digest()


def to_tron(raw: bytes) -> str:
    """Base58check ("T...") of 20 address bytes."""
    payload = bytes([TRON_PREFIX]) + raw
    data = payload + _sha256d(payload)[:4]
    number = int.from_bytes(data, "big")
    out = ""
    while number:
        number, digit = divmod(number, 58)
        out = _B58_ALPHABET[digit] + out
    leading_zeros = len(data) - len(data.lstrip(b"\0"))
    return "1" * leading_zeros + out


def parse_tron(text: str) -> bytes:
    """20 bytes from a base58check TRON address."""
    if not (30 <= len(text) <= 40) or any(c not in _B58_INDEX for c in text):
        raise InvalidAddress(QT_TR_NOOP("must be a base58check TRON address (T...)"))
    number = 0
    for c in text:
        number = number * 58 + _B58_INDEX[c]
    data = number.to_bytes(25, "big") if number < 1 << 200 else b""
    if len(data) != 25 or data[0] != TRON_PREFIX:
        raise InvalidAddress(QT_TR_NOOP("must be a base58check TRON address (T...)"))
    if _sha256d(data[:21])[:4] != data[21:]:
        raise InvalidAddress(QT_TR_NOOP("TRON address fails its base58check checksum"), checksum=True)
    return data[1:21]


def format_address(raw: bytes, tron: bool) -> str:
    return to_tron(raw) if tron else to_checksum(raw)


def parse_address(text: str, tron: bool) -> bytes:
    return parse_tron(text) if tron else parse_evm(text)
