"""How the node says no, in TRON's words.

    Refused                 a transaction turned away before any block holds it: broadcast answers
                            `{"code": <response_code>, "message": ..., "txid": ...}` (GrpcAPI.Return),
                            worded as java-tron's `Wallet.broadcastTransaction` words it
    BadRequest              a request the node cannot read: java-tron's `{"Error": "..."}`

A transaction that runs and fails (REVERT, OUT_OF_ENERGY) is not refused: it is in a block, its fee burnt,
and its TransactionInfo says FAILED.
"""

from __future__ import annotations

from swapdesk.chain.tron.transactions import BadRequest  # a request the node cannot read: TRON's wire format says

__all__ = ["BadRequest", "Refused"]


class Refused(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


def bad_signature(reason: str) -> Refused:
    return Refused("SIGERROR", f"Validate signature error: {reason}")


def invalid(reason: str) -> Refused:
    return Refused("CONTRACT_VALIDATE_ERROR", f"Contract validate error : {reason}")


def execution_failed(reason: str) -> Refused:
    return Refused("CONTRACT_EXE_ERROR", f"Contract execute error : {reason}")


def expired() -> Refused:
    return Refused("TRANSACTION_EXPIRATION_ERROR", "Transaction expired")


def tapos() -> Refused:
    return Refused("TAPOS_ERROR", "Tapos check error.")


def duplicate() -> Refused:
    return Refused("DUP_TRANSACTION_ERROR", "Dup transaction.")


def no_bandwidth() -> Refused:
    return Refused("BANDWITH_ERROR", "Account resource insufficient error.")


def too_big(size: int) -> Refused:
    return Refused("TOO_BIG_TRANSACTION_ERROR", f"Too big transaction, the size is {size} bytes")


def other(reason: str) -> Refused:
    return Refused("OTHER_ERROR", f"Error: {reason}")
