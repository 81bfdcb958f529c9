"""One embedded EVM chain: py-evm with a real chain id, mined on demand.

A `DevChain` is synchronous and not thread-safe: exactly one thread owns it
(see `swapdesk.devnet.Devnet`). Every accepted transaction is mined into its
own block at once, stamped with the wall clock (measured: batching several
into one block is no faster in py-evm, which rebuilds the block's tries on
each transaction). Its whole state lives in a key-value store that `dump()` serialises, which is
what a snapshot is.
"""

from __future__ import annotations

import struct
import time
import zlib
from dataclasses import dataclass
from functools import cache
from typing import Any, cast

from eth._utils.address import generate_contract_address
from eth.abc import BlockAPI, BlockHeaderAPI, ReceiptAPI, SignedTransactionAPI
from eth.chains.base import MiningChain
from eth.consensus import ConsensusApplier, NoProofConsensus
from eth.db.atomic import AtomicDB
from eth.db.backends.memory import MemoryDB
from eth.exceptions import HeaderNotFound, TransactionNotFound
from eth.vm.forks import CancunVM
from eth.vm.spoof import SpoofTransaction
from eth_typing import Address, BlockNumber, Hash32
from eth_utils import keccak

GAS_LIMIT = 30_000_000
CALL_GAS = 50_000_000


class ChainError(Exception):
    """A request the chain refuses (bad nonce, unknown block...)."""


class ExecutionReverted(ChainError):
    def __init__(self, data: bytes) -> None:
        self.data = data
        super().__init__(f"execution reverted{_reason_suffix(data)}")


def _reason_suffix(data: bytes) -> str:
    # Error(string) selector 0x08c379a0
    if data[:4] == bytes.fromhex("08c379a0") and len(data) >= 68:
        size = int.from_bytes(data[36:68], "big")
        return ": " + data[68 : 68 + size].decode("utf-8", "replace")
    return ""


@cache
def _chain_class(chain_id: int) -> type[MiningChain]:
    vm_configuration = ConsensusApplier(NoProofConsensus).amend_vm_configuration(((0, CancunVM),))
    return MiningChain.configure(
        __name__=f"DevChain{chain_id}",
        vm_configuration=vm_configuration,
        chain_id=chain_id,
    )


@dataclass(frozen=True)
class Call:
    """A message to execute without a transaction (eth_call, eth_estimateGas)."""

    sender: bytes
    to: bytes | None
    data: bytes = b""
    value: int = 0
    gas: int = CALL_GAS


class DevChain:
    def __init__(self, chain_id: int, db: AtomicDB, chain: MiningChain) -> None:
        self.chain_id = chain_id
        self._db = db
        self._chain = chain

    # -- life cycle ---------------------------------------------------------

    @classmethod
    def from_genesis(cls, chain_id: int, balances: dict[bytes, int], base_fee: int, timestamp: int) -> DevChain:
        db = AtomicDB()
        genesis_params: dict[str, Any] = {
            "difficulty": 0,
            "gas_limit": GAS_LIMIT,
            "timestamp": timestamp,
            "extra_data": b"swapdesk devnet",
            "nonce": b"\0" * 8,
            "mix_hash": b"\0" * 32,
            "coinbase": b"\0" * 20,
            "base_fee_per_gas": base_fee,
        }
        state: dict[Any, Any] = {
            address: {"balance": balance, "nonce": 0, "code": b"", "storage": {}}
            for address, balance in balances.items()
        }
        chain = _chain_class(chain_id).from_genesis(db, genesis_params, state)
        return cls(chain_id, db, cast(MiningChain, chain))

    @classmethod
    def restore(cls, chain_id: int, snapshot: bytes) -> DevChain:
        db = AtomicDB(MemoryDB(_decode_store(snapshot)))
        return cls(chain_id, db, _chain_class(chain_id)(db))

    def dump(self) -> bytes:
        store = self._db.wrapped_db
        assert isinstance(store, MemoryDB)
        return _encode_store(store.kv_store)

    # -- writing ------------------------------------------------------------

    def send_raw_transaction(self, raw: bytes) -> bytes:
        vm = self._chain.get_vm()
        try:
            tx = vm.get_transaction_builder().decode(raw)
            tx.validate()
        except Exception as exc:  # py-evm raises several types for bad encodings
            raise ChainError(f"invalid transaction: {exc}") from exc
        if tx.chain_id is not None and tx.chain_id != self.chain_id:
            raise ChainError(f"invalid chain id {tx.chain_id}, this chain is {self.chain_id}")
        self._refresh_pending_time()
        try:
            self._chain.apply_transaction(tx)
        except Exception as exc:  # nonce, balance, fee cap: the tx is not included
            raise ChainError(str(exc) or type(exc).__name__) from exc
        self._mine()
        return tx.hash

    def _mine(self) -> BlockAPI:
        number = self._chain.header.block_number
        return self._chain.mine_block(mix_hash=keccak(number.to_bytes(32, "big")))

    def _refresh_pending_time(self) -> None:
        # The pending header was stamped when the previous block was mined;
        # re-stamp it so block.timestamp is "now" for deadlines and details.
        parent = self._chain.get_canonical_head()
        now = max(int(time.time()), parent.timestamp + 1)
        if self._chain.header.timestamp != now:
            self._chain.header = self._chain.header.copy(timestamp=now)

    # -- reading ------------------------------------------------------------

    @property
    def head(self) -> BlockHeaderAPI:
        return self._chain.get_canonical_head()

    @property
    def pending_base_fee(self) -> int:
        return int(self._chain.header.base_fee_per_gas or 0)

    def header(self, number: int | None = None) -> BlockHeaderAPI:
        if number is None:
            return self.head
        try:
            return self._chain.get_canonical_block_header_by_number(BlockNumber(number))
        except HeaderNotFound as exc:
            raise ChainError(f"unknown block {number}") from exc

    def header_by_hash(self, block_hash: bytes) -> BlockHeaderAPI | None:
        try:
            header = self._chain.get_block_header_by_hash(Hash32(block_hash))
        except HeaderNotFound:
            return None
        return header if self.header(header.block_number) == header else None

    def block(self, header: BlockHeaderAPI) -> BlockAPI:
        return self._chain.get_block_by_header(header)

    def receipts(self, header: BlockHeaderAPI) -> tuple[ReceiptAPI, ...]:
        vm_class = self._chain.get_vm_class(header)
        return self._chain.chaindb.get_receipts(header, vm_class.get_receipt_builder())

    def transaction(self, tx_hash: bytes) -> tuple[SignedTransactionAPI, BlockHeaderAPI, int] | None:
        """The mined transaction, its block header and its index, or None."""
        try:
            number, index = self._chain.get_canonical_transaction_index(Hash32(tx_hash))
        except TransactionNotFound:
            return None
        header = self.header(number)
        tx = self.block(header).transactions[index]
        return (tx, header, index) if tx.hash == tx_hash else None

    def balance(self, address: bytes, header: BlockHeaderAPI | None = None) -> int:
        return self._state(header).get_balance(address)

    def nonce(self, address: bytes, header: BlockHeaderAPI | None = None) -> int:
        return self._state(header).get_nonce(address)

    def code(self, address: bytes, header: BlockHeaderAPI | None = None) -> bytes:
        return self._state(header).get_code(address)

    def storage(self, address: bytes, slot: int, header: BlockHeaderAPI | None = None) -> int:
        return self._state(header).get_storage(address, slot)

    def _state(self, header: BlockHeaderAPI | None) -> Any:
        return self._chain.get_vm(header or self.head).state

    # -- executing without a transaction ---------------------------------------

    def call(self, msg: Call, header: BlockHeaderAPI | None = None) -> bytes:
        at = self._call_header(header)
        with self._chain.get_vm(at).in_costless_state() as state:
            computation = state.costless_execute_transaction(self._spoof(msg, state))
        if computation.is_error:
            raise ExecutionReverted(bytes(computation.output))
        return bytes(computation.output)

    def estimate_gas(self, msg: Call, header: BlockHeaderAPI | None = None) -> int:
        at = self._call_header(header)
        # probe once so that a revert is reported with its reason
        self.call(msg, header)
        return int(self._chain.estimate_gas(self._spoof(msg, self._chain.get_vm(at).state), at))

    def _call_header(self, header: BlockHeaderAPI | None) -> BlockHeaderAPI:
        if header is not None:
            # execute on top of that block, as its successor would
            return self._chain.create_header_from_parent(header)
        self._refresh_pending_time()
        return self._chain.header

    def _spoof(self, msg: Call, state: Any) -> SignedTransactionAPI:
        vm = self._chain.get_vm()
        unsigned = vm.create_unsigned_transaction(
            nonce=state.get_nonce(msg.sender),
            gas_price=0,
            gas=msg.gas,
            to=Address(msg.to or b""),
            value=msg.value,
            data=msg.data,
        )
        # a spoofed sender quacks like a signed transaction, as py-evm intends
        return cast(SignedTransactionAPI, SpoofTransaction(unsigned, from_=Address(msg.sender)))


def contract_address(tx: SignedTransactionAPI) -> bytes | None:
    return generate_contract_address(tx.sender, tx.nonce) if not tx.to else None


# -- snapshot encoding: zlib over length-prefixed key/value records -----------


def _encode_store(store: dict[bytes, bytes]) -> bytes:
    parts = []
    for key, value in store.items():
        parts.append(struct.pack(">II", len(key), len(value)))
        parts.append(key)
        parts.append(value)
    return zlib.compress(b"".join(parts), 6)


def _decode_store(blob: bytes) -> dict[bytes, bytes]:
    raw = zlib.decompress(blob)
    store: dict[bytes, bytes] = {}
    offset = 0
    while offset < len(raw):
        key_len, value_len = struct.unpack_from(">II", raw, offset)
        offset += 8
        key = raw[offset : offset + key_len]
        offset += key_len
        store[key] = raw[offset : offset + value_len]
        offset += value_len
    return store
