"""Who may sign for an account: its permissions, and the weight of a transaction's signatures.

Every devnet account has java-tron's default permissions and no other: `owner` (id 0) and `active`
(id 2), each the account's own key with weight 1 and threshold 1 (no multi-signature). The checks and
their messages are java-tron's `TransactionCapsule.validateSignature` and `checkWeight`.
"""

from __future__ import annotations

from swapdesk.address import to_tron
from swapdesk.chain.tron.messages import CONTRACT_TYPE, PERMISSION_TYPE
from swapdesk.chain.tron.protobuf import Msg
from swapdesk.chain.tron.transactions import (
    EXECUTED,
    SIGNATURE_SIZE,
    SignatureError,
    contract_value,
    signer,
)
from swapdesk.devnet.tron.errors import bad_signature
from swapdesk.devnet.tron.parameters import MAX_SIGNATURES

OWNER_ID, ACTIVE_ID = 0, 2


def _operations() -> bytes:
    """The active permission's bitmap of contract types: those this node executes."""
    bits = bytearray(32)
    for kind in EXECUTED:
        number = CONTRACT_TYPE.numbers[kind]
        bits[number // 8] |= 1 << (number % 8)
    return bytes(bits)


OPERATIONS = _operations()


class NotPermitted(Exception):
    """Signatures that do not carry a permission: the sign-weight code (`TransactionSignWeight.Result`)
    and message java-tron gives."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def owner_of(contract: Msg) -> bytes:
    return bytes(contract_value(contract)[1].get("owner_address", b""))


def permission(owner: bytes, permission_id: int) -> Msg:
    """Permission `permission_id` of account `owner` (0x41 + 20 bytes)."""
    keys = [{"address": owner, "weight": 1}]
    if permission_id == OWNER_ID:
        return {"permission_name": "owner", "threshold": 1, "keys": keys}
    if permission_id == ACTIVE_ID:
        active = PERMISSION_TYPE.numbers["Active"]
        return {
            "type": active,
            "id": ACTIVE_ID,
            "permission_name": "active",
            "threshold": 1,
            "operations": OPERATIONS,
            "keys": keys,
        }
    raise NotPermitted("PERMISSION_ERROR", "Permission for this, does not exist!")


def weigh(granted: Msg, signatures: list[bytes], txid: bytes) -> tuple[list[bytes], int]:
    """The signers and their total weight under permission `granted` (java-tron's `checkWeight`)."""
    keys = granted.get("keys", [])
    if len(signatures) > len(keys):
        raise NotPermitted(
            "PERMISSION_ERROR",
            f"Signature count is {len(signatures)} more than key counts of permission : {len(keys)}",
        )
    weights = {bytes(k["address"]): k["weight"] for k in keys}
    approved: list[bytes] = []
    for signature in signatures:
        if len(signature) < SIGNATURE_SIZE:
            raise NotPermitted("SIGNATURE_FORMAT_ERROR", f"Signature size is {len(signature)}")
        try:
            address = signer(txid, signature)
        except SignatureError as exc:
            raise NotPermitted("COMPUTE_ADDRESS_ERROR", str(exc)) from None
        if address not in weights:
            raise NotPermitted(
                "PERMISSION_ERROR",
                f"{txid.hex()} is signed by {to_tron(address[1:])} but it is not contained of permission.",
            )
        if address in approved:
            raise NotPermitted("PERMISSION_ERROR", f"{to_tron(address[1:])} has signed twice!")
        approved.append(address)
    return approved, sum(weights[a] for a in approved)


def check(contract: Msg, signatures: list[bytes], txid: bytes) -> None:
    """Refuse (SIGERROR) unless the signatures carry the contract's permission (`validateSignature`)."""
    if not signatures:
        raise bad_signature("miss sig or contract")
    if len(signatures) > MAX_SIGNATURES:
        raise bad_signature("too many signatures")
    try:
        weigh(permission(owner_of(contract), contract.get("Permission_id", OWNER_ID)), signatures, txid)
    except NotPermitted as exc:  # every key weighs 1 against a threshold of 1: one valid signature is enough
        raise bad_signature(exc.message) from None
