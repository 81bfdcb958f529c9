"""TRON blocks over the EVM chain's blocks: ids, the reference-block (TaPoS) check, JSON.

A TRON block is one block of the devnet's chain 95500. Its id is, as in java-tron's `BlockCapsule.BlockId`,
its number in 8 bytes followed by the last 24 bytes of its hash (here, the EVM block's hash), so a
transaction's `ref_block_bytes` (bytes 6..8 of the id) and `ref_block_hash` (bytes 8..16) name a real
block. Like java-tron's `RecentBlockStore`, the check finds the block by the two low bytes of its number
among the last 65,536 blocks, then compares the hash bytes.
"""

from __future__ import annotations

import hashlib

from eth.abc import BlockHeaderAPI

from swapdesk.chain.tron.messages import BLOCK_HEADER, TRANSACTION
from swapdesk.chain.tron.protobuf import Msg, encode, to_json
from swapdesk.chain.tron.transactions import transaction_json
from swapdesk.devnet.evm import ChainError, DevChain
from swapdesk.devnet.tron import records
from swapdesk.devnet.tron.errors import tapos

BLOCK_VERSION = 32  # java-tron 4.8.0's block version
RECENT_BLOCKS = 1 << 16  # reference blocks are found by the low two bytes of their number
ID_SIZE = 32


def block_id(header: BlockHeaderAPI) -> bytes:
    return header.block_number.to_bytes(8, "big") + bytes(header.hash)[8:]


def label(header: BlockHeaderAPI) -> str:
    """How `wallet/getnodeinfo` names a block."""
    return f"Num:{header.block_number},ID:{block_id(header).hex()}"


def by_id(chain: DevChain, ident: bytes) -> BlockHeaderAPI | None:
    if len(ident) != ID_SIZE:
        return None
    number = int.from_bytes(ident[:8], "big")
    if number > chain.head.block_number:
        return None
    header = chain.header(number)
    return header if block_id(header) == ident else None


def by_number(chain: DevChain, number: int) -> BlockHeaderAPI | None:
    if not 0 <= number <= chain.head.block_number:
        return None
    try:
        return chain.header(number)
    except ChainError:
        return None


def check_reference(chain: DevChain, ref_block_bytes: bytes, ref_block_hash: bytes) -> None:
    """Refuse (TAPOS_ERROR) unless the transaction references one of the last 65,536 blocks."""
    head = chain.head.block_number
    if len(ref_block_bytes) != 2:
        raise tapos()
    number = head - (head - int.from_bytes(ref_block_bytes, "big")) % RECENT_BLOCKS
    if number < 0 or block_id(chain.header(number))[8:16] != ref_block_hash:
        raise tapos()


def block_json(chain: DevChain, header: BlockHeaderAPI, visible: bool, detail: bool = True) -> Msg:
    """A block as java-tron prints it (`Util.printBlockToJSON`), with its TRON transactions unless not `detail`
    (`wallet/getblock`: the header alone, which still commits to them)."""
    transactions = [records.transaction(chain, txid) for txid in records.block_transactions(chain, header.block_number)]
    held = [tx for tx in transactions if tx is not None]
    parent = chain.header(header.block_number - 1) if header.block_number else None
    raw = {
        "timestamp": header.timestamp * 1000,
        "txTrieRoot": merkle_root([hashlib.sha256(encode(TRANSACTION, tx)).digest() for tx in held]),
        "parentHash": block_id(parent) if parent is not None else bytes(header.parent_hash),
        "number": header.block_number,
        "witness_address": b"\x41" + bytes(header.coinbase),
        "version": BLOCK_VERSION,
    }
    out: Msg = {"blockID": block_id(header).hex(), "block_header": to_json(BLOCK_HEADER, {"raw_data": raw}, visible)}
    if held and detail:
        out["transactions"] = [transaction_json(tx, visible) for tx in held]
    return out


def merkle_root(leaves: list[bytes]) -> bytes:
    """java-tron's transaction Merkle root: SHA-256 of pairs, an odd one out carried up; zeros when empty."""
    if not leaves:
        return bytes(32)
    level = leaves
    while len(level) > 1:
        paired = [hashlib.sha256(level[i] + level[i + 1]).digest() for i in range(0, len(level) - 1, 2)]
        level = paired + level[len(paired) * 2 :]
    return level[0]
