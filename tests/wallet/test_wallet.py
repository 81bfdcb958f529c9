"""Accounts and keys: keyring, keystore files, watch-only and demo accounts."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest
from keyring.backend import KeyringBackend
from keyring.backends import fail, null
from tronpy import keys as tronpy_keys
from tronpy.tron import Transaction

from swapdesk.devnet.accounts import ACCOUNT_0, demo_key
from swapdesk.wallet import BadKey, Password, PrivateKey, Wallet, WalletError, WrongPassword
from swapdesk.wallet.keyring_vault import SERVICE
from tests.wallet.memory_keyring import MemoryKeyring

KEY = "0x" + "4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318"
KEY_ADDRESS = "0x2c7536E3605D9C16a7a3D7b1898e529396a65c23"
FAST_SCRYPT = 2**10  # the real work factor costs a second per test


@pytest.fixture
def memory() -> MemoryKeyring:
    return MemoryKeyring()


@pytest.fixture
def wallet(tmp_path: Path, memory: MemoryKeyring) -> Wallet:
    return Wallet(tmp_path, memory, scrypt_n=FAST_SCRYPT)


def test_an_imported_key_lives_in_the_keyring_and_signs(wallet: Wallet, memory: MemoryKeyring, tmp_path: Path) -> None:
    assert wallet.keyring_problem is None
    account = wallet.import_key(PrivateKey.parse(f"  {KEY}\n"), "Main")
    assert (account.address, account.label, account.kind) == (KEY_ADDRESS, "Main", "keyring")
    assert list(memory.entries) == [(SERVICE, KEY_ADDRESS)]
    assert wallet.key(KEY_ADDRESS, devnet=False).address == KEY_ADDRESS
    # a new session (a new Wallet) finds the account and its key again
    again = Wallet(tmp_path, memory, scrypt_n=FAST_SCRYPT)
    assert [a.address for a in again.accounts(devnet=False)] == [KEY_ADDRESS]
    assert again.key(KEY_ADDRESS, devnet=False).address == KEY_ADDRESS


def test_created_keys_are_new_and_kept(wallet: Wallet) -> None:
    first, second = wallet.create("A"), wallet.create("B")
    assert first.address != second.address
    assert wallet.key(second.address, devnet=False).address == second.address


def test_removing_an_account_deletes_its_key(wallet: Wallet, memory: MemoryKeyring) -> None:
    wallet.import_key(PrivateKey.parse(KEY), "Main")
    wallet.remove(KEY_ADDRESS)
    assert memory.entries == {} and wallet.accounts(devnet=False) == []
    with pytest.raises(WalletError, match="not one of your accounts"):
        wallet.key(KEY_ADDRESS, devnet=False)


@pytest.mark.parametrize("text", ["", "0x1234", "zz" * 32, "0x" + "00" * 32, "0x" + "ff" * 32, KEY + "00"])
def test_bad_keys_are_refused_without_repeating_them(wallet: Wallet, text: str) -> None:
    with pytest.raises(BadKey) as info:
        wallet.import_key(PrivateKey.parse(text), "x")
    assert text.removeprefix("0x") not in str(info.value) or not text
    assert wallet.accounts(devnet=False) == []


def test_the_same_account_twice_is_refused(wallet: Wallet) -> None:
    wallet.import_key(PrivateKey.parse(KEY), "Main")
    with pytest.raises(WalletError, match="already"):
        wallet.import_key(PrivateKey.parse(KEY), "Again")
    with pytest.raises(WalletError, match="already"):
        wallet.watch(KEY_ADDRESS, "Again")


def test_watch_only_quotes_but_never_signs(wallet: Wallet) -> None:
    account = wallet.watch(KEY_ADDRESS.lower(), "Cold")
    assert (account.address, account.kind, account.can_sign) == (KEY_ADDRESS, "watch", False)
    with pytest.raises(WalletError, match="watch-only"):
        wallet.key(KEY_ADDRESS, devnet=True)
    with pytest.raises(WalletError, match="address"):
        wallet.watch("0x2c7536E3605D9C16a7a3D7b1898e529396a65C23", "bad checksum")


class UnreachableKeyring(KeyringBackend):
    """A keyring whose service is down: asking its priority fails, as SecretService's does without D-Bus."""

    @property
    def priority(self) -> float:
        raise RuntimeError("org.freedesktop.DBus.Error.ServiceUnknown (keyring.backends.SecretService.Keyring)")

    def get_password(self, service: str, username: str) -> str | None:
        raise AssertionError("a keyring that cannot be reached is never asked for a key")

    def set_password(self, service: str, username: str, password: str) -> None:
        raise AssertionError("a keyring that cannot be reached is never given a key")


@pytest.mark.parametrize(
    ("backend", "words"),
    [(fail.Keyring(), "has no keyring service"), (null.Keyring(), "switched off"),
     (UnreachableKeyring(), "not running or cannot be reached")],  # type: ignore[no-untyped-call]  # keyring's KeyringBackend.__init__, inherited, is unannotated
    ids=["fail", "null", "unreachable"],
)  # fmt: skip
def test_an_unsafe_keyring_is_said_and_never_used_silently(tmp_path: Path, backend: KeyringBackend, words: str) -> None:
    wallet = Wallet(tmp_path, backend, scrypt_n=FAST_SCRYPT)
    assert wallet.keyring_problem is not None and words in wallet.keyring_problem
    assert not re.search(r"\w+\.\w+\.\w+|DBus", wallet.keyring_problem)  # no class name, no backend's error
    with pytest.raises(WalletError, match="choose a password") as refused:
        wallet.import_key(PrivateKey.parse(KEY), "Main")
    assert "keyring.backends" not in str(refused.value)
    assert wallet.accounts(devnet=False) == []
    # the offered way: an encrypted keystore file (v3, scrypt)
    account = wallet.import_key(PrivateKey.parse(KEY), "Main", password=Password("correct horse"))
    assert account.kind == "keystore"
    sealed = json.loads((tmp_path / "keystores" / f"{KEY_ADDRESS}.json").read_text())
    assert sealed["version"] == 3 and sealed["crypto"]["kdf"] == "scrypt"
    assert (tmp_path / "keystores" / f"{KEY_ADDRESS}.json").stat().st_mode & 0o077 == 0


def test_a_keystore_account_is_unlocked_once_per_session(tmp_path: Path, memory: MemoryKeyring) -> None:
    Wallet(tmp_path, memory, scrypt_n=FAST_SCRYPT).import_key(PrivateKey.parse(KEY), "Main", password=Password("pw"))
    session = Wallet(tmp_path, memory, scrypt_n=FAST_SCRYPT)
    (account,) = session.accounts(devnet=False)
    assert session.is_locked(account)
    with pytest.raises(WalletError, match="locked"):
        session.key(KEY_ADDRESS, devnet=False)
    with pytest.raises(WrongPassword):
        session.unlock(KEY_ADDRESS, Password("not it"))
    session.unlock(KEY_ADDRESS, Password("pw"))
    assert session.key(KEY_ADDRESS, devnet=False).address == KEY_ADDRESS
    assert memory.entries == {}  # the keyring was never involved


def test_demo_accounts_only_on_the_devnet(wallet: Wallet) -> None:
    demo = wallet.accounts(devnet=True)
    assert demo[0].address == ACCOUNT_0 and all(a.devnet_only and "devnet only" in a.title() for a in demo)
    assert len(demo) == 9 and wallet.accounts(devnet=False) == []
    assert wallet.key(ACCOUNT_0, devnet=True).reveal() == demo_key(0)
    with pytest.raises(WalletError, match="refused on a real network"):
        wallet.key(ACCOUNT_0, devnet=False)


def test_secrets_never_show_themselves() -> None:
    key = PrivateKey.parse(KEY)
    for shown in (repr(key), str(key), f"{key}", f"{key!r}", repr([key]), repr({"k": key})):
        assert KEY[2:] not in shown.lower() and KEY_ADDRESS in shown
    password = Password("hunter2")
    assert "hunter2" not in repr(password) + str(password) + repr((password,))
    with pytest.raises(TypeError):
        import pickle

        pickle.dumps(key)


KEY_TRON = "TE2H9hWjzYdwzDFRJfx9BFhr4MmjH1CHaz"  # KEY_ADDRESS's 20 bytes, as TRON writes them


def test_the_same_key_is_an_account_on_tron(wallet: Wallet) -> None:
    account = wallet.import_key(PrivateKey.parse(KEY), "Main")
    key = wallet.key(KEY_ADDRESS, devnet=False)
    assert key.tron_address == account.tron_address == KEY_TRON
    assert tronpy_keys.PrivateKey(bytes.fromhex(KEY[2:])).public_key.to_base58check_address() == KEY_TRON
    assert KEY_TRON[:6] in account.title(tron=True) and KEY_ADDRESS[:6] in account.title()
    assert account.address_on(tron=False) == KEY_ADDRESS


def test_a_tron_address_can_be_watched_and_is_the_same_account(wallet: Wallet) -> None:
    account = wallet.watch(f" {KEY_TRON} ", "Cold")
    assert (account.address, account.tron_address) == (KEY_ADDRESS, KEY_TRON)
    with pytest.raises(WalletError, match="already"):
        wallet.watch(KEY_ADDRESS, "Again")
    with pytest.raises(WalletError, match="base58check"):
        wallet.watch(KEY_TRON[:-1] + "X", "Bad checksum")


def test_tron_transactions_are_signed_with_tronpy_by_the_keyring_key(wallet: Wallet, memory: MemoryKeyring) -> None:
    wallet.import_key(PrivateKey.parse(KEY), "Main")
    txid = hashlib.sha256(b"a TRON transaction's raw data").hexdigest()
    transaction = Transaction({"expiration": 2**62}, txid=txid, permission=None)
    wallet.key(KEY_ADDRESS, devnet=False).sign_tron(transaction)
    (signature,) = transaction.to_json()["signature"]
    signer = tronpy_keys.Signature(bytes.fromhex(signature)).recover_public_key_from_msg_hash(bytes.fromhex(txid))
    assert signer.to_base58check_address() == KEY_TRON
    assert list(memory.entries) == [(SERVICE, KEY_ADDRESS)]  # one key, kept once, for every chain


def test_demo_accounts_sign_on_tron_too(wallet: Wallet) -> None:
    demo = wallet.accounts(devnet=True)[0]
    assert demo.tron_address == "TYBNgWfhGuNzdLtjKtxXTfskAhTbMcqbaG"  # account 0 of the test mnemonic on TRON
    assert wallet.key(demo.address, devnet=True).tron_address == demo.tron_address
