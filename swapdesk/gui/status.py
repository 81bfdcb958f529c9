"""One status vocabulary for every place the window shows where a transaction stands; no Qt.

The API says Success, Failure or Receiving (`status`), a cross-chain record also LI.FI's PENDING / DONE /
FAILED with a substatus, and the local store says signed, sent, confirmed, failed or dropped. A person
reads five words, each with one colour and one meaning, and the legend says which word each of those
becomes:

    Success   done as asked                       API Success, DONE; local confirmed
    Pending   sent, not final yet                 API Receiving, PENDING; local signed, sent
    Failed    reverted or refused                 API Failure, FAILED; local failed
    Refunded  paid back on the source chain       API Failure after a refund, DONE/REFUNDED
    Dropped   never mined: replaced by another    local dropped

Each badge is white text on its own fill, the same in light and dark (contrast checked in a test).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Badge:
    word: str
    meaning: str
    sources: str  # what becomes this word, for the legend
    fill: str  # background of the badge; its text is white


SUCCESS = Badge("Success", "done as asked", "API: Success, DONE · sent from here: confirmed", "#15803d")
PENDING = Badge("Pending", "sent, not final yet", "API: Receiving, PENDING · sent from here: signed, sent", "#b45309")
FAILED = Badge("Failed", "reverted or refused", "API: Failure, FAILED · sent from here: failed", "#b91c1c")
REFUNDED = Badge("Refunded", "paid back on the source chain", "API: Failure after a refund, DONE/REFUNDED", "#6d28d9")
DROPPED = Badge("Dropped", "replaced, never mined", "sent from here: dropped (its nonce went to another)", "#4b5563")
BADGES = (SUCCESS, PENDING, FAILED, REFUNDED, DROPPED)

_STORE = {"signed": PENDING, "sent": PENDING, "confirmed": SUCCESS, "failed": FAILED, "dropped": DROPPED}
STORE_NOTES = {"signed": "signed, not sent yet: it is sent on the next start", "sent": "waiting for its block"}


def from_spec(status: str, notes: str = "") -> Badge:
    """The API's Success / Failure / Receiving; a Failure whose bridge completed a refund is Refunded."""
    if status == "Success":
        return SUCCESS
    if status == "Receiving":
        return PENDING
    return REFUNDED if notes.lower() in ("refund_complete", "refunded") else FAILED


def from_transfer(status: str, substatus: str = "") -> Badge:
    """LI.FI's normalised status of a cross-chain transfer (the details record's `normalizedStatus`)."""
    if status == "PENDING":
        return PENDING
    if status == "DONE":
        return REFUNDED if substatus == "REFUNDED" else SUCCESS
    return FAILED


def from_store(status: str) -> Badge:
    """The local store's status of a transaction sent from this app."""
    return _STORE[status]


# the bridges' own stage names (statusNotes, cBridge's transfer states) in plain words, from the spec's tables
STAGE_WORDS = {
    # METAPATH (SWFT Bridgers)
    "wait_deposit_send": "Waiting for the deposit",
    "wait_deposit_send_error": "The deposit failed",
    "wait_exchange_push": "Deposit received, exchange starting",
    "wait_exchange_return": "Exchanging",
    "wait_exchange_return_success": "Exchanged, payout being prepared",
    "wait_exchange_return_error": "The exchange cannot pay out: refund coming",
    "wait_receive_send": "Sending to the recipient",
    "wait_receive_confirm": "Payout sent, confirming",
    "wait_receive_confirm_error": "The payout failed: refund coming",
    "receive_complete": "Received",
    "wait_refund_send": "Refund starting",
    "wait_refund_confirm": "Refund sent, confirming",
    "wait_refund_confirm_error": "The refund failed: support is needed",
    "refund_complete": "Refunded",
    "timeout": "Timed out: the deposit never came",
    "ERROR": "Failed: the order is wrong",
    "error_hacker": "Failed: the order is wrong",
    # ANYSWAP (Multichain)
    "Confirming": "Deposit confirming",
    "Swapping": "Payout in progress",
    "Success": "Received",
    "Failure": "Failed",
    "ExceedLimit(LessThenMinAmount)": "Below the bridge's minimum: not paid",
    "ExceedLimit(GreaterThenMaxAmount)": "Above the bridge's maximum: not paid",
    "BigAmount(Wait24hours)": "Large amount: held for a while, then paid",
    # CBRIDGE (Celer cBridge)
    "SUBMITTING": "Deposit confirming",
    "WAITING_FOR_SGN_CONFIRMATION": "Validators checking and signing",
    "WAITING_FOR_FUND_RELEASE": "Payout sent, confirming",
    "COMPLETED": "Received",
    "DELAYED": "Large amount: delayed, then released",
    "TO_BE_REFUNDED": "Cannot be paid: your refund is waiting for you",
    "REQUESTING_REFUND": "Refund asked: validators signing it",
    "REFUND_TO_BE_CONFIRMED": "Refund signed: withdraw it on the source chain",
    "CONFIRMING_YOUR_REFUND": "Withdrawal sent, confirming",
    "REFUNDED": "Refunded",
    "FAILED": "Failed",
}
SUBSTATUS_WORDS = {
    "WAIT_SOURCE_CONFIRMATIONS": "waiting for the source chain to confirm the deposit",
    "WAIT_DESTINATION_TRANSACTION": "waiting for the payout on the destination chain",
    "REFUND_IN_PROGRESS": "a refund is under way",
    "COMPLETED": "completed",
    "PARTIAL": "completed, paid in another token",
    "REFUNDED": "refunded on the source chain",
    "EXPIRED": "expired",
    "UNKNOWN_FAILED_ERROR": "failed",
}
# each bridge's stages when all goes well, and once a refund starts: what is still to come
PATHS = {
    "METAPATH": (
        ("wait_deposit_send", "wait_exchange_push", "wait_exchange_return", "wait_exchange_return_success",
         "wait_receive_send", "wait_receive_confirm", "receive_complete"),
        ("wait_refund_send", "wait_refund_confirm", "refund_complete"),
    ),
    "ANYSWAP": (("Confirming", "Swapping", "Success"), ()),
    "CBRIDGE": (
        ("SUBMITTING", "WAITING_FOR_SGN_CONFIRMATION", "WAITING_FOR_FUND_RELEASE", "COMPLETED"),
        ("TO_BE_REFUNDED", "REQUESTING_REFUND", "REFUND_TO_BE_CONFIRMED", "CONFIRMING_YOUR_REFUND", "REFUNDED"),
    ),
}  # fmt: skip


def stage_words(notes: str) -> str:
    """A bridge's stage name as a person reads it."""
    return STAGE_WORDS.get(notes) or notes.replace("_", " ").strip().capitalize()


def substatus_words(substatus: str) -> str:
    return SUBSTATUS_WORDS.get(substatus) or substatus.replace("_", " ").lower()


def upcoming(bridge: str, reached: list[str], refunding: bool) -> list[str]:
    """The stages still to come after `reached` (the bridge's own names), on the way the order is going now."""
    happy, refund = PATHS.get(bridge, ((), ()))
    path = refund if refunding else happy
    seen = [path.index(notes) for notes in reached if notes in path]
    return list(path[max(seen) + 1 if seen else 0 :])
