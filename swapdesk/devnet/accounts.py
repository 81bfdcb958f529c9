"""Demo accounts of the devnet: the well-known test mnemonic (`swapdesk.public_keys`).

DEVNET ONLY. These keys are public knowledge (the same as anvil's and
hardhat's defaults); anything they hold on a real network is stolen at once.
"""

from __future__ import annotations

from functools import cache

from swapdesk.public_keys import ADDRESSES, MNEMONIC, PLAYABLE, public_key

__all__ = ["ACCOUNT_0", "MNEMONIC", "demo_address", "demo_key"]

ACCOUNT_0 = ADDRESSES[0]
DEMO_ACCOUNTS = PLAYABLE  # indexes 0..8 are prefunded for people to play with
DEPLOYER_INDEX = 9  # builds the world; same index exists prefunded on anvil
FEE_COLLECTOR_INDEX = 10  # receives the router's fees; holds nothing else
DISCOUNT_HOLDERS = 5  # accounts 0..4 hold the fee-discount token, 5..8 do not


def demo_key(index: int) -> bytes:
    """Private key of account `index` of the test mnemonic (m/44'/60'/0'/0/i)."""
    return public_key(index)


@cache
def demo_address(index: int) -> str:
    from eth_account import Account

    return str(Account.from_key(demo_key(index)).address)
