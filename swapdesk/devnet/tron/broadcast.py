"""Admitting a signed TRON transaction into a block of the devnet's chain, or refusing it: `wallet/broadcasttransaction`
(the transaction as JSON) and `wallet/broadcasthex` (as protobuf bytes in hex, as tronpy's and wallets' offline
signers hand it over).

The checks run in java-tron's order (`Wallet.broadcastTransaction`, then `Manager.pushTransaction`):
signature sizes, a known id (a replay), no contract, expiry, the signatures against the owner's
permission, the reference block, size, expiry against the head, one contract only. Then the transaction
runs on the state of a new block (`DevChain.commit`), which keeps the transaction and its
TransactionInfo in its records: refused, nothing changes and no block is made.
"""

from __future__ import annotations

import json

from eth.abc import StateAPI

from swapdesk.chain.tron.messages import CONTRACT_RESULT, RESPONSE_CODE, RETURN
from swapdesk.chain.tron.protobuf import Msg, parse_hex, to_json
from swapdesk.chain.tron.transactions import (
    SIGNATURE_SIZE,
    Unsupported,
    size,
    transaction_from_bytes,
    transaction_from_json,
    transaction_id,
    transaction_json,
)
from swapdesk.devnet.evm import DevChain, ExecutionTimeout
from swapdesk.devnet.tron import blocks, execution, permissions, records
from swapdesk.devnet.tron.errors import (
    BadRequest,
    Refused,
    bad_signature,
    duplicate,
    execution_failed,
    expired,
    invalid,
    other,
    too_big,
)
from swapdesk.devnet.tron.parameters import MAX_EXPIRATION_MS, MAX_TRANSACTION_SIZE
from swapdesk.devnet.tron.request import Request

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


def broadcast_transaction(chain: DevChain, request: Request) -> Msg:
    try:
        tx = transaction_from_json(request.params, request.visible)
    except Unsupported as exc:
        return _refusal(invalid(str(exc)), None, request.visible)
    txid = transaction_id(tx["raw_data"])
    try:
        admit(chain, tx, txid)
    except Refused as refusal:
        return _refusal(refusal, txid, request.visible)
    return {"result": True, "txid": txid.hex()}


def broadcast_hex(chain: DevChain, request: Request) -> Msg:
    """`transaction`: a signed `protocol.Transaction` in hex. Answered as java-tron's BroadcastHexServlet answers:
    the broadcast's `result`, `code` and `message`, the transaction printed as JSON (in a string, addresses
    visible) and its `txid`, whether it was admitted or not."""
    text = request.params.get("transaction")
    if not isinstance(text, str):
        raise BadRequest("transaction: expected a signed transaction's protobuf bytes in hex")
    tx = transaction_from_bytes(parse_hex(text, "transaction"))
    txid = transaction_id(tx["raw_data"])
    try:
        admit(chain, tx, txid)
        result, code, message = True, "SUCCESS", ""
    except Refused as refusal:
        result, code, message = False, refusal.code, refusal.message
    printed = {k: v for k, v in transaction_json(tx, True).items() if k not in ("txID", "raw_data_hex")}
    return {"result": result, "code": code, "message": message, "transaction": json.dumps(printed), "txid": txid.hex()}


def _refusal(refusal: Refused, txid: bytes | None, visible: bool) -> Msg:
    code = RESPONSE_CODE.numbers[refusal.code]
    out = to_json(RETURN, {"code": code, "message": refusal.message.encode()}, visible)
    if txid is not None:
        out["txid"] = txid.hex()
    return out
