"""TRON's history kept in the chain's own database, so that it lasts as long as the chain's blocks.

Per transaction, its `Transaction` and its `TransactionInfo`, protobuf-encoded as java-tron stores them,
keyed by id; per block, the ids of the TRON transactions it holds, in order. Records written while a
block is being made (`DevChain.commit`) are journaled with that block: a block and its TRON transactions
survive a restart together or not at all.
"""

from __future__ import annotations

from swapdesk.chain.tron.messages import TRANSACTION, TRANSACTION_INFO
from swapdesk.chain.tron.protobuf import Msg, decode, encode
from swapdesk.devnet.evm import DevChain

_TRANSACTION = b"tron/tx/"
_INFO = b"tron/info/"
_BLOCK = b"tron/block/"
ID_SIZE = 32


def save(chain: DevChain, number: int, tx: Msg, info: Msg) -> None:
    """Keep transaction `tx` and what became of it (`info`, whose `id` names it) as part of block `number`."""
    txid = info["id"]
    chain.put_record(_TRANSACTION + txid, encode(TRANSACTION, tx))
    chain.put_record(_INFO + txid, encode(TRANSACTION_INFO, info))
    key = _BLOCK + number.to_bytes(8, "big")
    chain.put_record(key, (chain.record(key) or b"") + txid)


def transaction(chain: DevChain, txid: bytes) -> Msg | None:
    found = chain.record(_TRANSACTION + txid)
    return None if found is None else decode(TRANSACTION, found)


def info(chain: DevChain, txid: bytes) -> Msg | None:
    found = chain.record(_INFO + txid)
    return None if found is None else decode(TRANSACTION_INFO, found)


def known(chain: DevChain, txid: bytes) -> bool:
    return chain.record(_INFO + txid) is not None


def block_transactions(chain: DevChain, number: int) -> list[bytes]:
    """Ids of the TRON transactions of block `number`, in order."""
    ids = chain.record(_BLOCK + number.to_bytes(8, "big")) or b""
    return [ids[i : i + ID_SIZE] for i in range(0, len(ids), ID_SIZE)]
