"""Demo accounts of the devnet: the well-known test mnemonic.

DEVNET ONLY. These keys are public knowledge (the same as anvil's and
hardhat's defaults); anything they hold on a real network is stolen at once.
"""

from __future__ import annotations

from functools import cache

MNEMONIC = "test test test test test test test test test test test junk"
# account 0's address, known by heart: deriving it (PBKDF2) costs half a second,
# too much for the window's start-up; tests check the derivation gives it
ACCOUNT_0 = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
DEMO_ACCOUNTS = 9  # indexes 0..8 are prefunded for people to play with
DEPLOYER_INDEX = 9  # builds the world; same index exists prefunded on anvil
FEE_COLLECTOR_INDEX = 10  # receives the router's fees; holds nothing else
DISCOUNT_HOLDERS = 5  # accounts 0..4 hold the fee-discount token, 5..8 do not


@cache
def _seed() -> bytes:
    # imported here: the window needs ACCOUNT_0 at start-up, not eth_account
    from eth_account.hdaccount import seed_from_mnemonic

    return seed_from_mnemonic(MNEMONIC, passphrase="")  # PBKDF2: once


@cache
def demo_key(index: int) -> bytes:
    """Private key of account `index` of the test mnemonic (m/44'/60'/0'/0/i)."""
    from eth_account.hdaccount import key_from_seed

    return key_from_seed(_seed(), f"m/44'/60'/0'/0/{index}")


@cache
def demo_address(index: int) -> str:
    from eth_account import Account

    return str(Account.from_key(demo_key(index)).address)
