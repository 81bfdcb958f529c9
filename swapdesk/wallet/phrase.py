"""A recovery phrase (BIP-39, twelve words): made for a new key, shown to its owner once, and kept only sealed.

The words derive the key on the standard path (m/44'/60'/0'/0/0, eth-account's HD wallet): anyone with them has
the account, so they never show themselves (`Phrase`'s repr and str say nothing, it cannot be pickled) and are
never written plainly: `seal` encrypts them under the password the owner chose (scrypt, then AES-128-CTR with a
Keccak MAC, as a keystore v3 file encrypts a key), and only `unseal` with that password gives them back. Nothing
here logs, and nothing knows of Qt.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from typing import Any

from Crypto.Cipher import AES
from Crypto.Util import Counter
from eth_account import Account as EthAccount
from eth_hash.auto import keccak

from swapdesk.wallet.secret import Password, PrivateKey

WORDS = 12
DERIVATION = "m/44'/60'/0'/0/0"
SCRYPT_R, SCRYPT_P = 8, 1

EthAccount.enable_unaudited_hdwallet_features()


class BadPhrase(ValueError):
    """The words are not a recovery phrase (the message never repeats them)."""


class WrongPassword(ValueError):
    pass


class Phrase:
    __slots__ = ("_words",)

    def __init__(self, words: str) -> None:
        normalised = " ".join(words.split()).lower()
        try:
            EthAccount.from_mnemonic(normalised, account_path=DERIVATION)
        except Exception:  # eth-account raises several kinds; none may echo the words
            raise BadPhrase("these words are not a valid recovery phrase") from None
        self._words = normalised

    @classmethod
    def create(cls) -> Phrase:
        _, words = EthAccount.create_with_mnemonic(num_words=WORDS, account_path=DERIVATION)
        return cls(words)

    def words(self) -> list[str]:
        """The words, for the one time they are shown, and for the confirmation."""
        return self._words.split()

    def key(self) -> PrivateKey:
        return PrivateKey(bytes(EthAccount.from_mnemonic(self._words, account_path=DERIVATION).key))

    def __repr__(self) -> str:
        return "Phrase(hidden)"

    __str__ = __repr__

    def __reduce__(self) -> Any:
        raise TypeError("a recovery phrase is not pickled")


def _derive(password: Password, salt: bytes, n: int) -> bytes:
    return hashlib.scrypt(password.reveal().encode(), salt=salt, n=n, r=SCRYPT_R, p=SCRYPT_P, dklen=32, maxmem=2**30)


def seal(phrase: Phrase, password: Password, n: int) -> str:
    """The phrase encrypted under `password`, as JSON (salt, iv, ciphertext, MAC): safe to keep on disk."""
    if not password:
        raise WrongPassword("a recovery phrase is kept only under a password")
    salt, iv = secrets.token_bytes(32), secrets.token_bytes(16)
    key = _derive(password, salt, n)
    cipher = AES.new(key[:16], AES.MODE_CTR, counter=Counter.new(128, initial_value=int.from_bytes(iv, "big")))
    text = cipher.encrypt(" ".join(phrase.words()).encode())
    mac = keccak(key[16:] + text)
    record = {"version": 1, "kdf": "scrypt", "n": n, "r": SCRYPT_R, "p": SCRYPT_P, "salt": salt.hex(), "iv": iv.hex(),
              "cipher": "aes-128-ctr", "ciphertext": text.hex(), "mac": mac.hex()}  # fmt: skip
    return json.dumps(record)


def unseal(sealed: str, password: Password) -> Phrase:
    """The phrase back, with the password it was sealed under; WrongPassword otherwise."""
    record = json.loads(sealed)
    key = _derive(password, bytes.fromhex(record["salt"]), int(record["n"]))
    text = bytes.fromhex(record["ciphertext"])
    if not hmac.compare_digest(keccak(key[16:] + text), bytes.fromhex(record["mac"])):
        raise WrongPassword("wrong password for this account")
    iv = int.from_bytes(bytes.fromhex(record["iv"]), "big")
    cipher = AES.new(key[:16], AES.MODE_CTR, counter=Counter.new(128, initial_value=iv))
    return Phrase(cipher.decrypt(text).decode())


def confirm_positions(count: int = 3, words: int = WORDS) -> list[int]:
    """Which words (0-based, in order) the owner types back to show the phrase is written down."""
    return sorted(secrets.SystemRandom().sample(range(words), count))
