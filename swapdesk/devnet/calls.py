"""A message to execute without a transaction (eth_call, eth_estimateGas, debug_traceCall), and the
transaction it runs as: a legacy one, or an EIP-2930 one when it carries an access list, so that the list
is charged (2,400 gas an address, 1,900 a storage key) and warms what it names, as geth runs it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from eth.abc import SignedTransactionAPI, UnsignedTransactionAPI
from eth.vm.forks import CancunVM
from eth.vm.spoof import SpoofTransaction
from eth_typing import Address

CALL_GAS = 50_000_000  # eth_call's gas when the caller names none (geth's RPC gas cap)
AccessList = tuple[tuple[bytes, tuple[int, ...]], ...]  # (address, its storage keys), as EIP-2930 lists them
_TRANSACTIONS: Any = CancunVM.get_transaction_builder()  # Berlin's and later: typed transactions too


@dataclass(frozen=True)
class Call:
    """A message to execute without a transaction."""

    sender: bytes
    to: bytes | None
    data: bytes = b""
    value: int = 0
    gas: int = CALL_GAS
    access_list: AccessList = ()


def unsigned(msg: Call, nonce: int = 0) -> UnsignedTransactionAPI:
    """The transaction doing `msg` at no gas price (its intrinsic gas counts the access list)."""
    fields = dict(nonce=nonce, gas_price=0, gas=msg.gas, to=Address(msg.to or b""), value=msg.value, data=msg.data)
    if not msg.access_list:
        return cast(UnsignedTransactionAPI, _TRANSACTIONS.create_unsigned_transaction(**fields))
    listed = [(Address(account), slots) for account, slots in msg.access_list]
    # a spoofed transaction is never checked against the chain's id
    built = _TRANSACTIONS.new_unsigned_access_list_transaction(chain_id=0, access_list=listed, **fields)
    return cast(UnsignedTransactionAPI, built)


def spoofed(msg: Call, nonce: int) -> SignedTransactionAPI:
    """`msg` as a transaction from its sender, unsigned: a spoofed sender quacks like a signed transaction, as
    py-evm intends."""
    return cast(SignedTransactionAPI, SpoofTransaction(unsigned(msg, nonce), from_=Address(msg.sender)))
