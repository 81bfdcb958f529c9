"""Secrets held in memory, which never show themselves.

A private key's or a password's repr and str, and every error raised while
parsing one, say nothing of it: a secret handed to a worker thread (whose
executor may log its arguments) or caught in a traceback stays hidden.
"""

from __future__ import annotations

import re
import secrets
from typing import Any

from eth_account import Account
from eth_account.signers.local import LocalAccount
from eth_typing import ChecksumAddress

from swapdesk.address import to_tron

_HEX_KEY = re.compile(r"(0x)?[0-9a-fA-F]{64}")
# secp256k1's group order: a key must be in 1..N-1
_N = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141


class BadKey(ValueError):
    """The text is not a private key (the message never repeats the text)."""


class PrivateKey:
    __slots__ = ("_account",)

    def __init__(self, raw: bytes) -> None:
        if len(raw) != 32 or not 0 < int.from_bytes(raw, "big") < _N:
            raise BadKey("a private key is 32 bytes, between 1 and the curve order")
        self._account: LocalAccount = Account.from_key(raw)

    @classmethod
    def parse(cls, text: str) -> PrivateKey:
        """From 64 hex digits, with or without 0x (surrounding spaces allowed: pasted text)."""
        text = text.strip()
        if not _HEX_KEY.fullmatch(text):
            raise BadKey("a private key is 64 hexadecimal digits, optionally after 0x")
        return cls(bytes.fromhex(text.removeprefix("0x")))

    @classmethod
    def create(cls) -> PrivateKey:
        while True:
            raw = secrets.token_bytes(32)
            if 0 < int.from_bytes(raw, "big") < _N:
                return cls(raw)

    @property
    def address(self) -> ChecksumAddress:
        """EIP-55, as web3 takes an account's address."""
        return self._account.address

    @property
    def tron_address(self) -> str:
        """The same key's address on TRON (base58check of the same 20 bytes)."""
        return to_tron(bytes.fromhex(self.address[2:]))

    def sign(self, tx: dict[str, Any]) -> bytes:
        """The signed, raw transaction."""
        return bytes(self._account.sign_transaction(tx).raw_transaction)

    def sign_message(self, digest: bytes) -> bytes:
        """EIP-191 `personal_sign` of `digest` (what cBridge's gateway asks of a refund's sender)."""
        from eth_account.messages import encode_defunct

        return bytes(self._account.sign_message(encode_defunct(primitive=digest)).signature)

    def sign_tron(self, transaction: Any) -> None:
        """Sign a tronpy transaction (its id, as TRON signs) with tronpy, which appends the signature.

        tronpy's key object prints its secret, so it lives only for this call."""
        from tronpy.keys import PrivateKey as TronKey  # tronpy loads when TRON is first signed for

        transaction.sign(TronKey(bytes(self._account.key)))

    def reveal(self) -> bytes:
        """The key's bytes, for the vault that keeps it, and for its owner's own export after the password (the
        Accounts dialog's Back up); nothing else calls this."""
        return bytes(self._account.key)

    def __repr__(self) -> str:
        return f"PrivateKey(for {self.address})"

    __str__ = __repr__

    def __reduce__(self) -> Any:
        raise TypeError("a private key is not pickled")


class Password:
    """A keystore password; `reveal()` is for the key derivation, nothing else."""

    __slots__ = ("_text",)

    def __init__(self, text: str) -> None:
        self._text = text

    def reveal(self) -> str:
        return self._text

    def __bool__(self) -> bool:
        return bool(self._text)

    def __repr__(self) -> str:
        return "Password(hidden)"

    __str__ = __repr__

    def __reduce__(self) -> Any:
        raise TypeError("a password is not pickled")
