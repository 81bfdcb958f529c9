"""TRON transactions: raw data from and to JSON, ids, signers.

A transaction's id is the SHA-256 of its raw data's protobuf encoding, and each signature is a recoverable
secp256k1 signature (r, s, v) of that id. The JSON is java-tron's: `Util.packTransaction` reads a contract's
`parameter.value` as the message its `type` names and packs it into an `Any` whose type URL it sets itself;
`Util.printTransactionToJSON` prints it back with `txID` and `raw_data_hex`. The node executes two contract
types, TRX transfers and smart-contract triggers; any other is refused by name.
"""

from __future__ import annotations

import hashlib
from typing import Any

from eth_keys import keys
from eth_keys.exceptions import BadSignature
from eth_utils import ValidationError

from swapdesk.chain.tron.messages import (
    CONTRACT,
    CONTRACT_TYPE,
    RAW,
    TRANSACTION,
    TRANSFER_CONTRACT,
    TRIGGER_SMART_CONTRACT,
)
from swapdesk.chain.tron.protobuf import Message, Msg, ProtoError, decode, encode, from_json, parse_hex, to_json

TYPE_URL = "type.googleapis.com/"
SIGNATURE_SIZE = 65
TRANSFER = "TransferContract"
TRIGGER = "TriggerSmartContract"
EXECUTED: dict[str, Message] = {TRANSFER: TRANSFER_CONTRACT, TRIGGER: TRIGGER_SMART_CONTRACT}


class BadRequest(ValueError):
    """Data that is not a TRON transaction (bad JSON, a missing field, a malformed address): a node answers it
    with java-tron's `{"Error": "..."}`."""


class Unsupported(BadRequest):
    """A contract type TRON has and this node does not execute."""


class SignatureError(ValueError):
    """A signature no public key can be recovered from."""


# -- raw data ---------------------------------------------------------------------------


def raw_from_json(obj: Any, visible: bool) -> Msg:
    if not isinstance(obj, dict):
        raise BadRequest("raw_data: expected a JSON object")
    contracts = obj.get("contract") or []
    if not isinstance(contracts, list):
        raise BadRequest("raw_data.contract: expected a JSON array")
    raw = from_json(RAW, {k: v for k, v in obj.items() if k != "contract"}, visible)
    raw["contract"] = [_contract_from_json(c, visible) for c in contracts]
    return raw


def _contract_from_json(obj: Any, visible: bool) -> Msg:
    if not isinstance(obj, dict) or not isinstance(obj.get("parameter"), dict):
        raise BadRequest("raw_data.contract: each contract needs a type and a parameter object")
    kind = obj.get("type")
    if kind not in CONTRACT_TYPE.numbers:
        raise BadRequest(f"raw_data.contract: unknown contract type {kind!r}")
    schema = _schema(kind)
    value = from_json(schema, obj["parameter"].get("value"), visible)
    fields = from_json(CONTRACT, {k: v for k, v in obj.items() if k != "parameter"}, visible)
    return {**fields, **pack_contract(kind, value)}  # provider, ContractName, Permission_id kept: the id covers them


def pack_contract(kind: str, value: Msg, permission_id: int = 0) -> Msg:
    """A contract of type `kind` whose parameter is `value`, packed as java-tron's `Any.pack` packs it."""
    schema = _schema(kind)
    contract: Msg = {"type": CONTRACT_TYPE.numbers[kind]}
    contract["parameter"] = {"type_url": TYPE_URL + schema.name, "value": encode(schema, value)}
    if permission_id:
        contract["Permission_id"] = permission_id
    return contract


def _schema(kind: str) -> Message:
    schema = EXECUTED.get(kind)
    if schema is None:
        raise Unsupported(f"{kind} is not supported on the swapdesk devnet (only {' and '.join(EXECUTED)})")
    return schema


def raw_to_json(raw: Msg, visible: bool) -> Msg:
    out = to_json(RAW, {k: v for k, v in raw.items() if k != "contract"}, visible)
    out["contract"] = [_contract_to_json(c, visible) for c in raw.get("contract", [])]
    return out


def _contract_to_json(contract: Msg, visible: bool) -> Msg:
    kind, value = contract_value(contract)
    schema = EXECUTED[kind]
    out: Msg = {
        "parameter": {"value": to_json(schema, value, visible), "type_url": TYPE_URL + schema.name},
        "type": kind,
    }
    if contract.get("Permission_id"):
        out["Permission_id"] = contract["Permission_id"]
    return out


def contract_value(contract: Msg) -> tuple[str, Msg]:
    """The contract's type name and its parameter, unpacked."""
    kind = CONTRACT_TYPE.names.get(contract.get("type", 0), str(contract.get("type")))
    schema = _schema(kind)
    try:
        return kind, decode(schema, contract.get("parameter", {}).get("value", b""))
    except ProtoError as exc:
        raise BadRequest(f"{kind}: {exc}") from None


def transaction_id(raw: Msg) -> bytes:
    return hashlib.sha256(encode(RAW, raw)).digest()


# -- whole transactions -------------------------------------------------------------------


def transaction_from_json(obj: Any, visible: bool) -> Msg:
    """A signed (or unsigned) transaction as a client posts it: `raw_data` and `signature` (hex)."""
    if not isinstance(obj, dict) or "raw_data" not in obj:
        raise BadRequest("the transaction has no raw_data")
    signatures = obj.get("signature") or []
    if not isinstance(signatures, list) or not all(isinstance(s, str) for s in signatures):
        raise BadRequest("signature: expected an array of hex strings")
    try:
        return {
            "raw_data": raw_from_json(obj["raw_data"], visible),
            "signature": [parse_hex(s, "signature") for s in signatures],
        }
    except ProtoError as exc:
        raise BadRequest(str(exc)) from None


def transaction_from_bytes(data: bytes) -> Msg:
    try:
        tx = decode(TRANSACTION, data)
    except ProtoError as exc:
        raise BadRequest(f"the transaction is not a protocol.Transaction: {exc}") from None
    tx.setdefault("raw_data", {})
    return tx


def transaction_json(tx: Msg, visible: bool) -> Msg:
    """A transaction as java-tron prints it (`Util.printTransactionToJSON`)."""
    raw = tx.get("raw_data", {})
    out = to_json(TRANSACTION, {k: v for k, v in tx.items() if k != "raw_data"}, visible)
    out["txID"] = transaction_id(raw).hex()
    out["raw_data"] = raw_to_json(raw, visible)
    out["raw_data_hex"] = encode(RAW, raw).hex()
    return out


def size(tx: Msg) -> int:
    """Bytes of the transaction as broadcast (raw data and signatures)."""
    return len(encode(TRANSACTION, {k: v for k, v in tx.items() if k != "ret"}))


# -- signatures ---------------------------------------------------------------------------


def signer(txid: bytes, signature: bytes) -> bytes:
    """The TRON address (0x41 + 20 bytes) whose key made `signature` over `txid`.

    v may be 0/1 (tronpy) or 27/28 (TronWeb), as java-tron's `SignUtils.signatureToAddress` reads it."""
    header = signature[64] if signature[64] >= 27 else signature[64] + 27
    if not 27 <= header <= 34:
        raise SignatureError(f"Header byte out of range: {header}")
    recovery = (header - 27) & 3
    if recovery > 1:
        raise SignatureError("Could not recover public key from signature")
    try:
        key = keys.Signature(signature[:64] + bytes([recovery])).recover_public_key_from_msg_hash(txid)
    except (BadSignature, ValidationError) as exc:
        raise SignatureError(str(exc) or "Could not recover public key from signature") from None
    return b"\x41" + key.to_canonical_address()
