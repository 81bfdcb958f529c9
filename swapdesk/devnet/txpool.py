"""The transaction pool of a devnet chain: what geth's pool checks, and its queue of future nonces.

A devnet block takes a transaction the moment it is sent, so the pool never holds an executable one: a
transaction whose nonce is the sender's next is checked (in geth's words, before py-evm would refuse it
in its own) and mined at once. One whose nonce lies further ahead is *queued*, as geth queues it:
accepted, answered with its hash, shown by `eth_getTransactionByHash` without a block and by
`txpool_status`/`txpool_content` as queued, not counted by `eth_getTransactionCount(.., "pending")`, and
mined as soon as the nonces before it are, whoever sends them (`promote` runs before every JSON-RPC
request, for at most `PROMOTE_TIME`: the rest wait for the next request). When its turn comes it is
checked again; one the sender can no longer pay for is dropped, as geth drops it.

Bounds, and whose they are (geth's defaults):
  ACCOUNT_QUEUE  64 transactions queued per sender            "account limit exceeded"
  GLOBAL_QUEUE   1,024 slots of 32 KiB queued on a chain       "txpool is full"
  MAX_SIZE       128 KiB a queued transaction may take         "oversized data"
  LIFETIME       3 hours a transaction may wait in the queue   then dropped
  PRICE_BUMP     10 % more a queued transaction's replacement must pay (same sender and nonce)

The queue lives in memory: it is gone when the chain stops, as a geth node's remote transactions are.
"""

from __future__ import annotations

import logging
import threading
import time
import weakref
from dataclasses import dataclass, field
from typing import Any

import rlp
from eth.abc import SignedTransactionAPI
from eth.exceptions import UnrecognizedTransactionType
from eth.vm.forks import CancunVM

from swapdesk.devnet.evm import CALL_TIME_CAP, ChainError, DevChain
from swapdesk.devnet.rpc_shapes import checksum, transaction_json

log = logging.getLogger(__name__)
Json = dict[str, Any]

ACCOUNT_QUEUE = 64
GLOBAL_QUEUE = 1024  # slots
SLOT_SIZE = 32 * 1024
MAX_SIZE = 4 * SLOT_SIZE
LIFETIME = 3 * 3600.0  # seconds
PRICE_BUMP = 10  # percent
PROMOTE_TIME = CALL_TIME_CAP  # seconds of queued transactions one request mines at most (each is capped too)
SET_CODE_TYPE = 4  # EIP-7702's transaction type: Prague's
TYPE_NOT_SUPPORTED = "transaction type not supported"  # geth's ErrTxTypeNotSupported
_TRANSACTIONS = CancunVM.get_transaction_builder()


@dataclass(frozen=True)
class Queued:
    tx: SignedTransactionAPI
    raw: bytes
    since: float  # monotonic seconds

    @property
    def slots(self) -> int:
        return -(-len(self.raw) // SLOT_SIZE)


@dataclass
class Queue:
    """One chain's queued transactions, by sender and nonce (touched only on the chain's thread)."""

    by_sender: dict[bytes, dict[int, Queued]] = field(default_factory=dict)
    by_hash: dict[bytes, Queued] = field(default_factory=dict)
    slots: int = 0

    def add(self, entry: Queued) -> None:
        self.by_sender.setdefault(bytes(entry.tx.sender), {})[entry.tx.nonce] = entry
        self.by_hash[bytes(entry.tx.hash)] = entry
        self.slots += entry.slots

    def remove(self, entry: Queued) -> None:
        sender = bytes(entry.tx.sender)
        nonces = self.by_sender[sender]
        del nonces[entry.tx.nonce], self.by_hash[bytes(entry.tx.hash)]
        if not nonces:
            del self.by_sender[sender]
        self.slots -= entry.slots


_QUEUES: weakref.WeakKeyDictionary[DevChain, Queue] = weakref.WeakKeyDictionary()
_QUEUES_LOCK = threading.Lock()  # chains run on their own threads; each reaches only its own queue


def queue_of(chain: DevChain) -> Queue:
    with _QUEUES_LOCK:
        return _QUEUES.setdefault(chain, Queue())


# -- sending -------------------------------------------------------------------------------------


def submit(chain: DevChain, raw: bytes) -> bytes:
    """Mine the raw transaction now, or queue it when its nonce is ahead; its hash. ChainError when refused."""
    try:
        tx = _TRANSACTIONS.decode(raw)
    except UnrecognizedTransactionType:
        raise ChainError(_unsupported(raw)) from None
    except Exception:  # py-evm raises several types for bad encodings
        raise ChainError("invalid transaction: not an RLP or EIP-2718 signed transaction") from None
    problem = refusal(chain, tx)
    if problem:
        raise ChainError(problem)
    nonce = chain.nonce(tx.sender)
    if tx.nonce < nonce:
        raise ChainError(f"nonce too low: address {checksum(tx.sender)}, tx: {tx.nonce} state: {nonce}")
    if tx.nonce > nonce:
        _enqueue(chain, tx, raw)
        return bytes(tx.hash)
    tx_hash = chain.send_raw_transaction(raw)
    promote(chain)  # the gap it filled, if any
    return tx_hash


def _unsupported(raw: bytes) -> str:
    """A typed transaction of a kind the devnet's Cancun rules do not know, in geth's words: its decoder
    reads a set-code transaction (EIP-7702, type 4) and its pool turns it away before Prague; any other
    type it cannot decode at all."""
    if raw[0] == SET_CODE_TYPE:
        try:
            fields = rlp.decode(raw[1:])
        except rlp.exceptions.DecodingError:
            fields = None
        if isinstance(fields, list):
            return f"{TYPE_NOT_SUPPORTED}: type {SET_CODE_TYPE} rejected, pool not yet in Prague"
        return "invalid transaction: not an RLP or EIP-2718 signed transaction"
    return TYPE_NOT_SUPPORTED


def refusal(chain: DevChain, tx: SignedTransactionAPI) -> str | None:
    """Why geth's pool would refuse the transaction whatever its nonce, in its words, before py-evm would
    refuse it in its own."""
    if tx.chain_id is None:
        return "only replay-protected (EIP-155) transactions allowed over RPC"
    if tx.chain_id != chain.chain_id:
        return f"invalid chain id for signer: have {tx.chain_id} want {chain.chain_id}"
    base_fee, gas_limit = chain.pending_base_fee, chain.head.gas_limit
    max_fee = _max_fee(tx)
    if tx.gas < tx.intrinsic_gas:
        return f"intrinsic gas too low: have {tx.gas}, want {tx.intrinsic_gas}"
    if tx.gas > gas_limit:
        return f"exceeds block gas limit: have {tx.gas}, want at most {gas_limit}"
    if max_fee < base_fee:
        return f"max fee per gas less than block base fee: maxFeePerGas: {max_fee}, baseFee: {base_fee}"
    try:
        tx.validate()
    except Exception:  # py-evm's field and signature checks raise several types
        return "invalid transaction: a field out of range, or a bad signature"
    cost, balance = tx.gas * max_fee + tx.value, chain.balance(tx.sender)
    if cost > balance:
        shortfall = f"balance {balance}, tx cost {cost}, overshot {cost - balance}"
        return f"insufficient funds for gas * price + value: {shortfall}"
    return None


def _enqueue(chain: DevChain, tx: SignedTransactionAPI, raw: bytes) -> None:
    queue = queue_of(chain)
    _expire(queue, time.monotonic())
    if bytes(tx.hash) in queue.by_hash:
        raise ChainError("already known")
    if len(raw) > MAX_SIZE:
        raise ChainError(f"oversized data: transaction size {len(raw)}, limit {MAX_SIZE}")
    entry = Queued(tx, raw, time.monotonic())
    pooled = queue.by_sender.get(bytes(tx.sender), {})
    replaced = pooled.get(tx.nonce)
    if replaced is not None and not _bumped(replaced.tx, tx):
        raise ChainError("replacement transaction underpriced")
    if replaced is None and len(pooled) >= ACCOUNT_QUEUE:
        raise ChainError(f"account limit exceeded: pooled {len(pooled)} txs")
    if queue.slots - (replaced.slots if replaced else 0) + entry.slots > GLOBAL_QUEUE:
        raise ChainError("txpool is full")
    if replaced is not None:
        queue.remove(replaced)
    queue.add(entry)


def _bumped(old: SignedTransactionAPI, new: SignedTransactionAPI) -> bool:
    """Whether `new` pays enough more than `old` to replace it: both its fee cap and its tip (geth)."""

    def enough(before: int, after: int) -> bool:
        return after * 100 >= before * (100 + PRICE_BUMP)

    return enough(_max_fee(old), _max_fee(new)) and enough(_tip(old), _tip(new))


def _max_fee(tx: SignedTransactionAPI) -> int:
    return int(tx.gas_price if tx.type_id in (None, 1) else tx.max_fee_per_gas)


def _tip(tx: SignedTransactionAPI) -> int:
    return int(tx.gas_price if tx.type_id in (None, 1) else tx.max_priority_fee_per_gas)


# -- the queue's turn ----------------------------------------------------------------------------


def promote(chain: DevChain) -> int:
    """Mine every queued transaction whose turn has come, dropping those that can no longer be mined; how
    many were mined. Never raises: a transaction that fails now is dropped, as geth drops it."""
    queue = queue_of(chain)
    if not queue.by_hash:
        return 0
    started = time.monotonic()
    _expire(queue, started)
    mined = 0
    for sender in list(queue.by_sender):
        nonce = chain.nonce(sender)
        for stale in [e for n, e in queue.by_sender[sender].items() if n < nonce]:
            queue.remove(stale)  # its nonce was used meanwhile (a replacement sent directly)
        while (entry := queue.by_sender.get(sender, {}).get(nonce)) is not None:
            if time.monotonic() - started > PROMOTE_TIME:
                return mined  # the rest on the next request: none holds the chain much longer than one call
            queue.remove(entry)
            problem = refusal(chain, entry.tx)
            if problem:
                log.info("chain %d dropped queued 0x%s: %s", chain.chain_id, entry.tx.hash.hex(), problem)
                break
            try:
                chain.send_raw_transaction(entry.raw)
            except ChainError as exc:  # refused by the chain, or over the execution time cap
                log.info("chain %d dropped queued 0x%s: %s", chain.chain_id, entry.tx.hash.hex(), exc)
                break
            mined += 1
            nonce += 1
    return mined


def _expire(queue: Queue, now: float) -> None:
    for entry in [e for e in queue.by_hash.values() if now - e.since > LIFETIME]:
        queue.remove(entry)


# -- what is queued ------------------------------------------------------------------------------


def queued_transaction(chain: DevChain, tx_hash: bytes) -> Json | None:
    entry = queue_of(chain).by_hash.get(bytes(tx_hash))
    return None if entry is None else transaction_json(entry.tx, None, None)


def status(chain: DevChain) -> Json:
    """`txpool_status`: nothing ever waits pending on the devnet; the queue's size."""
    return {"pending": "0x0", "queued": hex(len(queue_of(chain).by_hash))}


def content(chain: DevChain) -> Json:
    """`txpool_content`, as geth answers it: by sender, then by nonce (in decimal)."""
    queued = {
        checksum(sender): {str(n): transaction_json(e.tx, None, None) for n, e in sorted(nonces.items())}
        for sender, nonces in queue_of(chain).by_sender.items()
    }
    return {"pending": {}, "queued": queued}
