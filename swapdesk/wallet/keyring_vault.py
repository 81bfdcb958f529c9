"""Keys in the OS keyring (python `keyring`, service "swapdesk").

The keyring is only as safe as its backend: the fail and null backends keep
nothing, and plaintext ones (keyrings.alt) write the key to a file as it is.
`problem()` says so in plain words, and the wallet then offers an encrypted
keystore file instead; it never falls back silently.
"""

from __future__ import annotations

import logging

import keyring
from keyring.backend import KeyringBackend
from keyring.backends import fail, null
from keyring.backends.chainer import ChainerBackend
from keyring.errors import KeyringError

from swapdesk.wallet.secret import PrivateKey
from swapdesk.words import QT_TR_NOOP

SERVICE = "swapdesk"
NO_SERVICE = QT_TR_NOOP("this machine has no keyring service (such as GNOME Keyring, KWallet or the macOS Keychain)")
log = logging.getLogger(__name__)


class VaultError(RuntimeError):
    pass


def problem(backend: KeyringBackend) -> str | None:
    """Why `backend` cannot keep keys safely, in words a person reads (never a backend's class name), or None.

    The backend's own name and error go to the log, for whoever debugs the machine's keyring."""
    name = f"{type(backend).__module__}.{type(backend).__name__}"
    if (isinstance(backend, ChainerBackend) and not backend.backends) or isinstance(backend, fail.Keyring):
        return NO_SERVICE
    try:
        priority = backend.priority  # a backend whose service is down raises here
    except Exception as exc:
        log.warning("keyring backend %s is not available: %s", name, exc)
        return QT_TR_NOOP("this machine's keyring service is not running or cannot be reached")
    if isinstance(backend, null.Keyring):
        return QT_TR_NOOP("this machine's keyring is switched off (it keeps nothing)")
    if "plaintext" in name.lower():
        return QT_TR_NOOP("this machine's keyring writes secrets to a file as they are, unencrypted")
    if priority < 1:
        log.warning("keyring backend %s has priority %s: not trusted with keys", name, priority)
        return QT_TR_NOOP("this machine's keyring does not keep secrets safely")
    return None


class KeyringVault:
    def __init__(self, backend: KeyringBackend | None = None) -> None:
        self.backend = backend or keyring.get_keyring()

    def put(self, key: PrivateKey) -> None:
        try:
            self.backend.set_password(SERVICE, key.address, "0x" + key.reveal().hex())
        except KeyringError as exc:
            raise VaultError(f"the keyring refused to store the key: {type(exc).__name__}") from None

    def get(self, address: str) -> PrivateKey | None:
        try:
            stored = self.backend.get_password(SERVICE, address)
        except KeyringError as exc:
            raise VaultError(f"the keyring could not be read: {type(exc).__name__}") from None
        return None if stored is None else PrivateKey.parse(stored)

    def delete(self, address: str) -> None:
        try:
            self.backend.delete_password(SERVICE, address)
        except keyring.errors.PasswordDeleteError:
            pass  # already gone: what the caller wanted
        except KeyringError as exc:
            raise VaultError(f"the keyring could not delete the key: {type(exc).__name__}") from None
