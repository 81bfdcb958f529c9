"""One embedded EVM chain: py-evm with a real chain id, its own clock, and a journal.

A `DevChain` is synchronous and not thread-safe: exactly one thread owns it
(see `swapdesk.devnet.Devnet`). Every accepted transaction is mined into its
own block at once (measured: batching several into one block is no faster in
py-evm, which rebuilds the block's tries on each transaction), and empty
blocks fall due at the chain's block time (`catch_up`, see `clock`). Every
block is journaled and fsynced before anyone hears of it (`journal`), so a
chain keeps what it told its clients across restarts and crashes. Its whole
state lives in a key-value store that `dump()` serialises: a snapshot.

No execution holds the chain's thread longer than `CALL_TIME_CAP` seconds
(geth's EVM timeout): a call or a transaction that runs longer is aborted and
leaves nothing behind (`ExecutionTimeout`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any, Protocol, TypeVar, cast

from eth._utils.address import generate_contract_address
from eth.abc import (
    BlockAPI,
    BlockHeaderAPI,
    ComputationAPI,
    ReceiptAPI,
    SignedTransactionAPI,
    StateAPI,
    VirtualMachineAPI,
)
from eth.chains.base import MiningChain
from eth.db.atomic import AtomicDB
from eth.exceptions import HeaderNotFound, Revert, TransactionNotFound
from eth_typing import Address, BlockNumber, Hash32
from eth_utils import ValidationError, keccak

from swapdesk.chains import UnknownChain, by_id
from swapdesk.devnet.calls import CALL_GAS, Call, spoofed
from swapdesk.devnet.clock import Ticker, WallClock
from swapdesk.devnet.journal import JournalUnwritable
from swapdesk.devnet.kvstore import Durable, JournaledDB, decode_store, encode_store
from swapdesk.devnet.vm import (
    CALL_TIME_CAP,
    GAS_LIMIT,
    ChainError,
    ChainUnwritable,
    DevVM,
    ExecutionReverted,
    ExecutionTimeout,
    chain_class,
    time_cap,
    vm_failure,
)

__all__ = [
    "CALL_GAS",
    "CALL_TIME_CAP",
    "Call",
    "ChainError",
    "ChainUnwritable",
    "DevChain",
    "ExecutionReverted",
    "ExecutionTimeout",
]

log = logging.getLogger(__name__)

STIPEND = 2_300  # gas a value transfer hands its receiver: geth adds it to the optimistic estimate
RECORD_PREFIX = b"swapdesk:"  # the devnet's own records in a chain's database, beside py-evm's keys
T = TypeVar("T")


class Clock(Protocol):
    def now(self) -> float: ...
    def stamp(self, parent: int) -> int:
        """The timestamp of a new block whose parent has `parent`."""
        ...


class DevChain:
    def __init__(self, chain_id: int, store: JournaledDB, chain: MiningChain, clock: Clock | None = None) -> None:
        self.chain_id = chain_id
        self._store = store
        self._db = AtomicDB(store)
        self._chain = chain
        self.clock: Clock = clock or WallClock()
        self.ticker = Ticker.for_chain(chain_id)
        self._last_block_at = float(self.head.timestamp)

    # -- life cycle ---------------------------------------------------------

    @classmethod
    def from_genesis(
        cls, chain_id: int, balances: dict[bytes, int], base_fee: int, timestamp: int, clock: Clock | None = None
    ) -> DevChain:
        store = JournaledDB({})
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
        chain = chain_class(chain_id).from_genesis(AtomicDB(store), genesis_params, state)
        return cls(chain_id, store, cast(MiningChain, chain), clock)

    @classmethod
    def restore(cls, chain_id: int, snapshot: bytes) -> DevChain:
        """The chain of `snapshot`, in memory only."""
        return cls.over(chain_id, decode_store(snapshot))

    @classmethod
    def over(cls, chain_id: int, kv: dict[bytes, bytes], durable: Durable | None = None) -> DevChain:
        """The chain whose store is `kv`; every future block made durable in `durable` (None: kept in memory)."""
        store = JournaledDB(kv, durable)
        return cls(chain_id, store, chain_class(chain_id)(AtomicDB(store)))

    def dump(self) -> bytes:
        return encode_store(self._store.kv_store)

    def close(self) -> None:
        try:
            self._store.flush()
        except JournalUnwritable as exc:  # empty blocks nobody heard of: they fall due again at the next start
            log.warning("chain %d: its last empty blocks were not kept: %s", self.chain_id, exc)
        if self._store.journal is not None:
            self._store.journal.close()

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

        def include() -> None:
            try:
                self._chain.apply_transaction(tx)
            except ExecutionTimeout:
                raise
            except Exception as exc:  # the JSON-RPC layer checks nonce, balance and fees first, in geth's words
                log.warning("chain %d refused a transaction: %r", self.chain_id, exc)
                raise ChainError("the chain refused the transaction") from exc

        self._new_block(include)
        return bytes(tx.hash)

    def commit(self, effect: Callable[[StateAPI], T]) -> tuple[T, BlockHeaderAPI]:
        """Run `effect` on the pending block's state, then mine its changes into a new block.

        For what lands on this chain without being an Ethereum transaction (TRON's
        transactions): the block carries the new state but no transaction. Records put
        by the effect land with the block; if anything fails, nothing of it stays."""

        def apply() -> T:
            vm = self._chain.get_vm(self._chain.header)
            result = effect(vm.state)
            vm.state.persist()
            self._chain.header = self._chain.header.copy(state_root=vm.state.state_root)
            return result

        return self._new_block(apply)

    def simulate(self, effect: Callable[[StateAPI], T], header: BlockHeaderAPI | None = None) -> T:
        """Run `effect` on a throwaway copy of the state the next block would start from (or `header`'s)."""
        with self._costless_state(self._call_header(header)) as state, time_cap():
            return effect(state)

    def replay(self, header: BlockHeaderAPI, effect: Callable[[StateAPI], T]) -> T:
        """Run `effect` on the state mined block `header` started from, in that block's own context (number,
        time, base fee), on a throwaway copy: nothing it does is kept."""
        parent = self.header(header.block_number - 1)
        vm = self._chain.get_vm(header.copy(state_root=parent.state_root))
        with time_cap():
            return effect(vm.state)

    @property
    def vm_class(self) -> type[VirtualMachineAPI]:
        """The rules of this chain's blocks (py-evm's Cancun with the devnet's time cap and clock)."""
        return DevVM

    def _new_block(self, fill: Callable[[], T]) -> tuple[T, BlockHeaderAPI]:
        """A block stamped now, filled by `fill`, mined and journaled; on any failure, no block and no trace."""
        pending = self._chain.header
        at = self._stamp_pending(self.clock.stamp(self.head.timestamp))
        try:
            with self._store.all_or_nothing():
                with time_cap():
                    result = fill()
                block = self._mine(at)
        except BaseException:
            self._chain.header = pending
            raise
        return result, block.header

    def put_record(self, key: bytes, value: bytes) -> None:
        """A record of the devnet's own in this chain's database, journaled with the next block."""
        self._db[RECORD_PREFIX + key] = value

    def record(self, key: bytes) -> bytes | None:
        try:
            return bytes(self._db[RECORD_PREFIX + key])
        except KeyError:
            return None

    def catch_up(self) -> int:
        """Mine the empty blocks that fell due at this chain's block time; how many."""
        due = self.ticker.due(self._last_block_at, self.clock.now())
        for at in due:
            self._stamp_pending(max(int(at), self.head.timestamp))
            self._mine(at, durable=False)
        self._flush()  # one record for them all: nobody has heard of any of them yet
        return len(due)

    def _flush(self) -> None:
        """Make every write so far durable; ChainUnwritable (the writes kept pending) when the disk refuses."""
        try:
            self._store.flush()
        except JournalUnwritable as exc:
            raise ChainUnwritable(_name(self.chain_id), exc.why, str(exc.where), exc.full) from exc

    def _stamp_pending(self, timestamp: int) -> float:
        """Stamp the pending block (stamped when its parent was mined: stale by now); when it is."""
        if self._chain.header.timestamp != timestamp:
            self._chain.header = self._chain.header.copy(timestamp=timestamp)
        return max(float(timestamp), self.clock.now())

    def _mine(self, at: float, durable: bool = True) -> BlockAPI:
        number = self._chain.header.block_number
        try:
            block = self._chain.mine_block(mix_hash=keccak(number.to_bytes(32, "big")))
        except ValidationError as exc:
            raise ChainError(f"the block could not be mined: {exc}") from exc
        if durable:
            self._flush()  # durable before anyone hears of the block (else the block is undone: `_new_block`)
        self._last_block_at = at  # the next empty block falls due one block time later
        return block

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

    @property
    def database(self) -> AtomicDB:
        """Where the chain keeps everything, its state tries' nodes by their hashes included."""
        return self._db

    def balance(self, address: bytes, header: BlockHeaderAPI | None = None) -> int:
        return self._state(header).get_balance(Address(address))

    def nonce(self, address: bytes, header: BlockHeaderAPI | None = None) -> int:
        return self._state(header).get_nonce(Address(address))

    def code(self, address: bytes, header: BlockHeaderAPI | None = None) -> bytes:
        return self._state(header).get_code(Address(address))

    def storage(self, address: bytes, slot: int, header: BlockHeaderAPI | None = None) -> int:
        return self._state(header).get_storage(Address(address), slot)

    def _state(self, header: BlockHeaderAPI | None) -> StateAPI:
        return self._chain.get_vm(header or self.head).state

    # -- executing without a transaction ---------------------------------------

    def call(self, msg: Call, header: BlockHeaderAPI | None = None) -> bytes:
        return self.measure(msg, header)[0]

    def measure(self, msg: Call, header: BlockHeaderAPI | None = None) -> tuple[bytes, int]:
        """The call's output and the gas a transaction doing it would use (refunds deducted), from one run;
        ExecutionReverted or ChainError when it fails."""
        at = self._call_header(header)
        with time_cap():
            tx, computation = self._execute(msg, at)
        _raise_failure(computation)
        return bytes(computation.output), int(DevVM.finalize_gas_used(tx, computation))

    def estimate_gas(self, msg: Call, header: BlockHeaderAPI | None = None) -> int:
        """The least gas (within 1.5 %) with which the call succeeds, as geth finds it: one run at the cap,
        one at what that run consumed (often enough, exact), one at that plus what nested calls keep back
        (all but 1/64th is forwarded), then a short search in between. A failure at the cap is raised."""
        at = self._call_header(header)
        cap = min(msg.gas, at.gas_limit)
        with time_cap():  # one cap for every run of the search
            tx, computation = self._execute(replace(msg, gas=cap), at)
            _raise_failure(computation)
            consumed = tx.gas - computation.get_gas_remaining()  # before refunds: what must be there up front
            if consumed == cap or self._succeeds(replace(msg, gas=consumed), at):
                return consumed  # exact: a transfer is 21000, as geth says
            low, high = consumed, cap
            optimistic = min(high, (consumed + STIPEND) * 64 // 63)
            if self._succeeds(replace(msg, gas=optimistic), at):
                high = optimistic
            else:
                low = optimistic
            while high - low > 1 and (high - low) * 1000 > high * 15:
                middle = min((low + high) // 2, 2 * low)  # geth: most calls need little more than they used
                if self._succeeds(replace(msg, gas=middle), at):
                    high = middle
                else:
                    low = middle
        return high

    def _succeeds(self, msg: Call, at: BlockHeaderAPI) -> bool:
        return not self._execute(msg, at)[1].is_error

    def _execute(self, msg: Call, at: BlockHeaderAPI) -> tuple[SignedTransactionAPI, ComputationAPI]:
        with self._costless_state(at) as state:
            tx = self._spoof(msg, state)
            return tx, state.costless_execute_transaction(tx)

    def _call_header(self, header: BlockHeaderAPI | None) -> BlockHeaderAPI:
        """The block a call runs in: a past block as it was (as geth does), or else the next block, now."""
        if header is not None:
            return header
        self._stamp_pending(max(int(self.clock.now()), self.head.timestamp))
        return self._chain.header

    @contextmanager
    def _costless_state(self, at: BlockHeaderAPI) -> Iterator[StateAPI]:
        """`at`'s state and block context with no base fee, every change undone afterwards.
        (py-evm's own `in_costless_state` runs one block later, an hour ahead on a built-in-the-past chain.)"""
        vm: Any = self._chain.get_vm(at)
        prev_hashes = vm.get_prev_hashes(at.parent_hash, vm.chaindb) or ()
        state = vm.build_state(vm.chaindb.db, at.copy(base_fee_per_gas=0), vm.chain_context, prev_hashes)
        snapshot = state.snapshot()
        try:
            yield state
        finally:
            state.revert(snapshot)

    def _spoof(self, msg: Call, state: Any) -> SignedTransactionAPI:
        return spoofed(msg, state.get_nonce(msg.sender))


def _raise_failure(computation: ComputationAPI) -> None:
    if computation.is_error:
        if isinstance(computation.error, Revert):
            raise ExecutionReverted(bytes(computation.output))
        raise ChainError(vm_failure(computation.error))


def _name(chain_id: int) -> str:
    try:
        return by_id(chain_id).name
    except UnknownChain:
        return f"chain {chain_id}"


def contract_address(tx: SignedTransactionAPI) -> bytes | None:
    return generate_contract_address(tx.sender, tx.nonce) if not tx.to else None
