"""Keys in the OS keyring (python `keyring`, service "swapdesk").

The keyring is only as safe as its backend: the fail and null backends keep
nothing, and plaintext ones (keyrings.alt) write the key to a file as it is.
`problem()` says so in plain words, and the wallet then offers an encrypted
keystore file instead; it never falls back silently.
"""

from __future__ import annotations

import keyring
from keyring.backend import KeyringBackend
from keyring.backends.chainer import ChainerBackend
from keyring.errors import KeyringError

from swapdesk.wallet.secret import PrivateKey

SERVICE = "swapdesk"


class VaultError(RuntimeError):
    pass


def problem(backend: KeyringBackend) -> str | None:
    """Why `backend` cannot keep keys safely, or None when it can."""
    name = f"{type(backend).__module__}.{type(backend).__name__}"
    if isinstance(backend, ChainerBackend) and not backend.backends:
        return "this machine has no keyring service (such as GNOME Keyring, KWallet, macOS Keychain)"
    try:
        priority = backend.priority  # a backend whose service is down raises here
    except Exception as exc:
        return f"this machine's keyring ({name}) is not available: {exc}"
    if "plaintext" in name.lower() or "null" in name.lower() or priority < 1:
        return f"this machine's keyring ({name}) does not keep secrets safely"
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
