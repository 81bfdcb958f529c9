"""The addresses known by heart are the test mnemonic's, derived."""

from __future__ import annotations

from eth_account import Account

from swapdesk.address import parse_address
from swapdesk.public_keys import ADDRESSES, is_public, public_key


def test_the_known_addresses_are_the_mnemonics() -> None:
    assert [Account.from_key(public_key(i)).address for i in range(len(ADDRESSES))] == list(ADDRESSES)


def test_public_in_any_spelling_and_on_tron() -> None:
    assert is_public(parse_address(ADDRESSES[0].lower(), False))
    assert is_public(parse_address("TYBNgWfhGuNzdLtjKtxXTfskAhTbMcqbaG", True))  # account 0 on TRON
    assert not is_public(parse_address("0x" + "11" * 20, False))
