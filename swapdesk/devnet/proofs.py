"""`eth_getProof` (EIP-1186): an account and some of its storage slots at a block, with the Merkle proofs
that tie them to the block's `stateRoot`, read from py-evm's own tries (every node is kept in the chain's
database by its hash, so any past block's state can be proven).

As geth answers: each proof is the RLP of the nodes on the path from the root to the key (keccak of the
address, or of the 32-byte slot), those embedded in their parent (under 32 bytes) left out; a key that is
absent gets the path to where it would be, which proves it absent. An account that does not exist has zero
code hash and storage hash; its slots answer zero with an empty proof.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import rlp
from eth.abc import BlockHeaderAPI
from eth.constants import BLANK_ROOT_HASH
from eth.rlp.accounts import Account
from eth_utils import keccak
from trie import HexaryTrie

from swapdesk.devnet.evm import DevChain
from swapdesk.devnet.rpc_shapes import checksum, hex_data, hex_quantity

Json = dict[str, Any]


@dataclass(frozen=True)
class StorageKey:
    slot: int
    said: str  # the key as the answer echoes it: 32 bytes as given, else a quantity (geth's rule)


def get_proof(chain: DevChain, address: bytes, keys: list[StorageKey], header: BlockHeaderAPI) -> Json:
    accounts = HexaryTrie(chain.database, header.state_root)
    account_proof, encoded = _prove(accounts, keccak(address))
    account = rlp.decode(encoded, sedes=Account) if encoded else None
    storage_root = account.storage_root if account else b"\0" * 32
    storage = HexaryTrie(chain.database, storage_root) if account and storage_root != BLANK_ROOT_HASH else None
    slots = []
    for key in keys:
        proof, found = _prove(storage, keccak(key.slot.to_bytes(32, "big"))) if storage else ([], b"")
        value = int.from_bytes(rlp.decode(found), "big") if found else 0
        slots.append({"key": key.said, "value": hex_quantity(value), "proof": proof})
    return {
        "address": checksum(address),
        "accountProof": account_proof,
        "balance": hex_quantity(account.balance if account else 0),
        "codeHash": hex_data(account.code_hash if account else b"\0" * 32),
        "nonce": hex_quantity(account.nonce if account else 0),
        "storageHash": hex_data(storage_root),
        "storageProof": slots,
    }


def _prove(trie: HexaryTrie, key: bytes) -> tuple[list[str], bytes]:
    """The proof of `key` in `trie` (its hashed nodes' RLP, in hex, root first) and the value found (b"" when
    absent)."""
    nodes = trie.get_proof(key)
    encoded = [rlp.encode(node) for node in nodes]
    proof = ["0x" + node.hex() for i, node in enumerate(encoded) if i == 0 or len(node) >= 32]
    return proof, bytes(trie.get(key))
