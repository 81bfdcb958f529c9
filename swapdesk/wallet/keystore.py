"""Keys in encrypted keystore files (Ethereum keystore v3, scrypt), for
machines whose keyring cannot keep secrets. A file is unlocked with its
password once per session; the password itself is never stored."""

from __future__ import annotations

import json
from pathlib import Path

from eth_account import Account

from swapdesk.files import write_atomically
from swapdesk.wallet.secret import Password, PrivateKey

SCRYPT_N = 2**18  # geth's "standard" work factor: about a second and 256 MiB per unlock


class WrongPassword(ValueError):
    pass


class KeystoreVault:
    def __init__(self, directory: Path, scrypt_n: int = SCRYPT_N) -> None:
        self.directory = directory
        self.scrypt_n = scrypt_n

    def _file(self, address: str) -> Path:
        return self.directory / f"{address}.json"

    def put(self, key: PrivateKey, password: Password) -> None:
        if not password:
            raise WrongPassword("a keystore file needs a password")
        sealed = Account.encrypt(key.reveal(), password.reveal(), kdf="scrypt", iterations=self.scrypt_n)
        write_atomically(self._file(key.address), json.dumps(sealed), private=True)

    def has(self, address: str) -> bool:
        return self._file(address).exists()

    def unlock(self, address: str, password: Password) -> PrivateKey:
        sealed = json.loads(self._file(address).read_text())
        try:
            return PrivateKey(bytes(Account.decrypt(sealed, password.reveal())))
        except ValueError:
            raise WrongPassword("wrong password for this account's keystore file") from None

    def delete(self, address: str) -> None:
        self._file(address).unlink(missing_ok=True)
