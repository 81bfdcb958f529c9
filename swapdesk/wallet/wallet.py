"""The user's accounts and their keys, behind one object.

Keys go to the OS keyring when it is safe; when it is not, the wallet says
why (`keyring_problem`) and a key can only be kept in an encrypted keystore
file, with a password the user chooses. Watch-only addresses quote but never
sign. The devnet's demo accounts (public keys of the test mnemonic) are
offered only on the devnet and refused anywhere else. One key is one account
on every chain, TRON included: the same 20 bytes, written in base58 there. All of this is
blocking (keyring over D-Bus, scrypt): the window calls it off its thread.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from keyring.backend import KeyringBackend

import swapdesk.wallet.phrase as phrases
from swapdesk.address import InvalidAddress, parse_address, to_checksum
from swapdesk.files import write_atomically
from swapdesk.public_keys import PLAYABLE, public_key
from swapdesk.wallet.book import Account, AccountBook
from swapdesk.wallet.keyring_vault import KeyringVault, problem
from swapdesk.wallet.keystore import SCRYPT_N, KeystoreVault, WrongPassword
from swapdesk.wallet.phrase import Phrase
from swapdesk.wallet.secret import Password, PrivateKey
from swapdesk.words import QT_TR_NOOP, Term, Worded


@cache
def _demo_accounts() -> tuple[Account, ...]:
    """Derived once (the mnemonic's seed is PBKDF2)."""
    return tuple(Account(PrivateKey(public_key(i)).address, f"Demo {i}", "demo") for i in range(PLAYABLE))


class WalletError(Worded, RuntimeError):
    """Said to the user as it is: plain words, never a key (an English template and its words, see swapdesk.words)."""


class Wallet:
    def __init__(self, directory: Path, keyring: KeyringBackend | None = None, scrypt_n: int = SCRYPT_N) -> None:
        self.keyring = KeyringVault(keyring)
        self.keystores = KeystoreVault(directory / "keystores", scrypt_n)
        self.book = AccountBook(directory / "accounts.json")
        self.phrases = directory / "phrases"  # recovery phrases, each sealed under its owner's password
        self.keyring_problem = problem(self.keyring.backend)
        self._unlocked: dict[str, PrivateKey] = {}  # keystore keys, for this session only

    def accounts(self, devnet: bool) -> list[Account]:
        """The user's accounts, and on the devnet the demo accounts after them."""
        return self.book.load() + (self.demo_accounts() if devnet else [])

    @staticmethod
    def demo_accounts() -> list[Account]:
        return list(_demo_accounts())

    def _add(self, account: Account) -> Account:
        accounts = self.book.load()
        if any(a.address == account.address for a in accounts):
            raise WalletError(QT_TR_NOOP("{address} is already in your accounts"), address=account.address)
        self.book.save([*accounts, account])
        return account

    def import_key(self, key: PrivateKey, label: str, password: Password | None = None) -> Account:
        """Keep a key (`PrivateKey.parse` of what was pasted): in the keyring, or
        (with a password) in a keystore file."""
        return self._keep(key, label, password)

    def create(self, label: str, password: Password | None = None) -> Account:
        return self._keep(PrivateKey.create(), label, password)

    def _keep(self, key: PrivateKey, label: str, password: Password | None) -> Account:
        label = label.strip() or "Account"
        if any(a.address == key.address for a in self.book.load()):
            raise WalletError(QT_TR_NOOP("{address} is already in your accounts"), address=key.address)
        if password is not None:
            self.keystores.put(key, password)
            self._unlocked[key.address] = key
            return self._add(Account(key.address, label, "keystore"))
        if self.keyring_problem:
            raise WalletError(
                QT_TR_NOOP("{problem}; choose a password to keep the key in an encrypted file instead"),
                problem=Term(self.keyring_problem),
            )
        self.keyring.put(key)
        return self._add(Account(key.address, label, "keyring"))

    def create_from_phrase(self, phrase: Phrase, label: str, password: Password, keystore: bool = False) -> Account:
        """A new account from the recovery phrase its owner wrote down: the key kept as any other (in the keyring,
        or, with `keystore` or an unsafe keyring, in a keystore file under `password`), and the phrase sealed under
        `password`, so that the key and the phrase can be shown again to whoever knows it."""
        if not password:
            raise WalletError(
                QT_TR_NOOP("choose a password: it protects the recovery phrase, and the key when exported")
            )
        key = phrase.key()
        account = self._keep(key, label, password if keystore or self.keyring_problem else None)
        sealed = phrases.seal(phrase, password, self.keystores.scrypt_n)
        write_atomically(self.phrases / f"{key.address}.json", sealed, private=True)
        return account

    def has_phrase(self, address: str) -> bool:
        return (self.phrases / f"{address}.json").exists()

    def can_export(self, account: Account) -> bool:
        """A key swapdesk can show again: one under a password (a keystore file, or a sealed phrase)."""
        return account.kind == "keystore" or (account.kind == "keyring" and self.has_phrase(account.address))

    def export_phrase(self, address: str, password: Password) -> Phrase:
        """The account's recovery phrase, with the password it was sealed under."""
        sealed = self.phrases / f"{address}.json"
        if not sealed.exists():
            raise WalletError(QT_TR_NOOP("this account was not created here: swapdesk has no recovery phrase for it"))
        try:
            return phrases.unseal(sealed.read_text(), password)
        except phrases.WrongPassword:
            raise WrongPassword("wrong password for this account") from None

    def export_key(self, address: str, password: Password) -> PrivateKey:
        """The account's private key, with its password (the keystore's, or the one its phrase is sealed under)."""
        account = next((a for a in self.book.load() if a.address == address), None)
        if account is None or not self.can_export(account):
            raise WalletError(QT_TR_NOOP("swapdesk keeps no copy of this key under a password, so it cannot show it"))
        if account.kind == "keystore":
            return self.keystores.unlock(address, password)
        self.export_phrase(address, password)  # the password is checked against the sealed phrase
        key = self.keyring.get(address)
        if key is None:
            raise WalletError(QT_TR_NOOP("the keyring no longer holds the key of {account}"), account=account.label)
        return key

    def watch(self, address: str, label: str) -> Account:
        """Watch an address, written for EVM chains (0x…) or for TRON (T…): the same account on both."""
        text = address.strip()
        try:
            checksummed = to_checksum(parse_address(text, tron=text.startswith("T")))
        except InvalidAddress as exc:
            raise WalletError(QT_TR_NOOP("address: {reason}"), reason=exc) from None
        return self._add(Account(checksummed, label.strip() or "Watched", "watch"))

    def remove(self, address: str) -> None:
        """Forget an account and delete its key (keyring entry or keystore file)."""
        accounts = self.book.load()
        for account in accounts:
            if account.address == address:
                if account.kind == "keyring":
                    self.keyring.delete(address)
                elif account.kind == "keystore":
                    self.keystores.delete(address)
                self._unlocked.pop(address, None)
                (self.phrases / f"{address}.json").unlink(missing_ok=True)
                self.book.save([a for a in accounts if a.address != address])
                return
        raise WalletError(QT_TR_NOOP("{address} is not one of your accounts"), address=address)

    def is_locked(self, account: Account) -> bool:
        """A keystore account whose password has not been given this session."""
        return account.kind == "keystore" and account.address not in self._unlocked

    def unlock(self, address: str, password: Password) -> None:
        self._unlocked[address] = self.keystores.unlock(address, password)

    def key(self, address: str, devnet: bool) -> PrivateKey:
        """The key that signs for `address`, or WalletError saying why there is none."""
        for index, demo in enumerate(self.demo_accounts()):
            if demo.address == address:
                if not devnet:
                    raise WalletError(
                        QT_TR_NOOP(
                            "{account} is a devnet demo account: its key is public, so it is refused on a real network"
                        ),
                        account=demo.label,
                    )
                return PrivateKey(public_key(index))
        account = next((a for a in self.book.load() if a.address == address), None)
        if account is None:
            raise WalletError(QT_TR_NOOP("{address} is not one of your accounts"), address=address)
        if account.kind == "watch":
            raise WalletError(
                QT_TR_NOOP("{account} is watch-only: swapdesk has no key to sign for it"), account=account.label
            )
        if account.kind == "keystore":
            if address not in self._unlocked:
                raise WalletError(QT_TR_NOOP("{account} is locked: enter its keystore password"), account=account.label)
            return self._unlocked[address]
        key = self.keyring.get(address)
        if key is None:
            raise WalletError(QT_TR_NOOP("the keyring no longer holds the key of {account}"), account=account.label)
        return key
