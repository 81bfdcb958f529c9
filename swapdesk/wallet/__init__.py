"""Accounts and keys: the OS keyring, encrypted keystore files, watch-only
addresses and the devnet's demo accounts. Knows nothing of Qt."""

from swapdesk.wallet.book import Account
from swapdesk.wallet.keystore import WrongPassword
from swapdesk.wallet.phrase import BadPhrase, Phrase
from swapdesk.wallet.secret import BadKey, Password, PrivateKey
from swapdesk.wallet.wallet import Wallet, WalletError

__all__ = [
    "Account",
    "BadKey",
    "BadPhrase",
    "Password",
    "Phrase",
    "PrivateKey",
    "Wallet",
    "WalletError",
    "WrongPassword",
]
