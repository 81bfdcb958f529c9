"""Why a call reverted, read from its revert data as geth reads it (`abi.UnpackRevert`): `Error(string)`'s text,
or what a `Panic(uint256)` code means, in geth's words. One reader for every chain and every teller: the devnet's
nodes answer `eth_call` with these words and the outboxes say them of a failed EVM or TRON transaction; the
details, which say a panic in a sentence, take the same code's phrase beside them.
"""

from __future__ import annotations

ERROR_STRING, PANIC = bytes.fromhex("08c379a0"), bytes.fromhex("4e487b71")  # Error(string), Panic(uint256)
PANICS = {  # what Solidity's panic codes mean: geth's words, and the phrase a sentence takes
    0x00: ("generic panic", "a generic compiler panic"),
    0x01: ("assert(false)", "an assertion failed"),
    0x11: ("arithmetic underflow or overflow", "an arithmetic overflow or underflow"),
    0x12: ("division or modulo by zero", "a division or modulo by zero"),
    0x21: ("enum overflow", "a value out of an enum's range"),
    0x22: ("invalid encoded storage byte array accessed", "a storage byte array incorrectly encoded"),
    0x31: ("out-of-bounds array access; popping on an empty array", "pop() on an empty array"),
    0x32: ("out-of-bounds access of an array or bytesN", "an array index out of bounds"),
    0x41: ("out of memory", "too much memory allocated"),
    0x51: ("uninitialized function", "a call to an uninitialised function"),
}


def panic_code(data: bytes) -> int | None:
    """The code of a `Panic(uint256)`; None for other data."""
    return int.from_bytes(data[4:36], "big") if data[:4] == PANIC and len(data) >= 36 else None


def panic_words(code: int) -> str:
    """What the code means, in geth's words."""
    known = PANICS.get(code)
    return known[0] if known else f"unknown panic code: {code:#x}"


def panic_phrase(code: int) -> str:
    """What the code means, as a phrase ("the contract stopped on ...")."""
    known = PANICS.get(code)
    return known[1] if known else "an unknown panic"


def error_text(data: bytes) -> str | None:
    """The text of an `Error(string)` (bytes that are not UTF-8 replaced, as geth's Go string keeps them); None for
    other data, or data that does not hold a string where its offset says."""
    body = data[4:]
    if data[:4] != ERROR_STRING or len(body) < 64:
        return None
    offset = int.from_bytes(body[:32], "big")
    if offset > len(body) - 32:
        return None
    size = int.from_bytes(body[offset : offset + 32], "big")
    if size > len(body) - offset - 32:
        return None
    return body[offset + 32 : offset + 32 + size].decode("utf-8", "replace")


def revert_reason(data: bytes) -> str | None:
    """The reason revert data gives: Error(string)'s text, or what a Panic code means; None for anything else
    (a custom error, no data, data that does not decode)."""
    code = panic_code(data)
    return panic_words(code) if code is not None else error_text(data)
