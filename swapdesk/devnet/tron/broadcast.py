"""Admitting a signed TRON transaction into a block of the devnet's chain, or refusing it.

The checks run in java-tron's order (`Wallet.broadcastTransaction`, then `Manager.pushTransaction`):
signature sizes, a known id (a replay), no contract, expiry, the signatures against the owner's
permission, the reference block, size, expiry against the head, one contract only. Then the transaction
runs on the state of a new block (`DevChain.commit`), which keeps the transaction and its
TransactionInfo in its records: refused, nothing changes and no block is made.
"""

from __future__ import annotations

from eth.abc import StateAPI

from swapdesk.chain.tron.messages import CONTRACT_RESULT
from swapdesk.chain.tron.protobuf import Msg
from swapdesk.chain.tron.transactions import SIGNATURE_SIZE, size
from swapdesk.devnet.evm import DevChain, ExecutionTimeout
from swapdesk.devnet.tron import blocks, execution, permissions, records
from swapdesk.devnet.tron.errors import (
    bad_signature,
    duplicate,
    execution_failed,
    expired,
    invalid,
    other,
    too_big,
)
from swapdesk.devnet.tron.parameters import MAX_EXPIRATION_MS, MAX_TRANSACTION_SIZE

_SUCCESS = CONTRACT_RESULT.numbers["SUCCESS"]


def admit(chain: DevChain, tx: Msg, txid: bytes) -> None:
    """Put signed transaction `tx` (whose id is `txid`) in a new block, or raise `Refused`."""
    raw, signatures = tx["raw_data"], tx["signature"]
    for signature in signatures:
        if len(signature) != SIGNATURE_SIZE:
            raise bad_signature(f"Signature size is {len(signature)}")
    if records.known(chain, txid):
        raise duplicate()
    if not raw["contract"]:
        raise invalid("No contract!")
    expiration = raw.get("expiration", 0)
    if expiration < chain.clock.now() * 1000:  # it would expire before the next block
        raise expired()
    permissions.check(raw["contract"][0], signatures, txid)
    blocks.check_reference(chain, raw.get("ref_block_bytes", b""), raw.get("ref_block_hash", b""))
    if size(tx) > MAX_TRANSACTION_SIZE:
        raise too_big(size(tx))
    head = chain.head.timestamp * 1000
    if not head < expiration <= head + MAX_EXPIRATION_MS:
        raise expired()
    if len(raw["contract"]) != 1:
        raise other("act size should be exactly 1, this is extend feature")

    def effect(state: StateAPI) -> None:
        info = execution.execute(state, tx, txid)
        result = info.get("receipt", {}).get("result") or _SUCCESS  # a transfer's receipt has none
        records.save(chain, state.block_number, {**tx, "ret": [{"contractRet": result}]}, info)

    try:
        chain.commit(effect)
    except ExecutionTimeout as exc:
        raise execution_failed(str(exc)) from None
