"""Demo accounts of the devnet: the well-known test mnemonic.

DEVNET ONLY. These keys are public knowledge (the same as anvil's and
hardhat's defaults); anything they hold on a real network is stolen at once.
"""

from __future__ import annotations

from functools import cache

from eth_account import Account
from eth_account.hdaccount import key_from_seed, seed_from_mnemonic

MNEMONIC = "test test test test test test test test test test test junk"
DEMO_ACCOUNTS = 9  # indexes 0..8 are prefunded for people to play with
DEPLOYER_INDEX = 9  # builds the world; same index exists prefunded on anvil
FEE_COLLECTOR_INDEX = 10  # receives the router's fees; holds nothing else
DISCOUNT_HOLDERS = 5  # accounts 0..4 hold the fee-discount token, 5..8 do not


@cache
def demo_key(index: int) -> bytes:
    """Private key of account `index` of the test mnemonic (m/44'/60'/0'/0/i)."""
    seed = seed_from_mnemonic(MNEMONIC, passphrase="")
    return key_from_seed(seed, f"m/44'/60'/0'/0/{index}")


@cache
def demo_address(index: int) -> str:
    return str(Account.from_key(demo_key(index)).address)


def demo_addresses() -> list[str]:
    return [demo_address(i) for i in range(DEMO_ACCOUNTS)]
