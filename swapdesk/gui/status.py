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


# the bridges' own stage names (statusNotes) in plain words; others are shown as the bridge writes them
STAGE_WORDS = {
    "wait_deposit_send": "Waiting for the deposit",
    "wait_exchange_push": "Deposit received, exchange starting",
    "wait_exchange_return": "Exchanging",
    "wait_receive_send": "Sending to the recipient",
    "wait_receive_confirm": "Payout sent, confirming",
    "receive_complete": "Received",
    "wait_refund_send": "Refund starting",
    "wait_refund_confirm": "Refund sent, confirming",
    "refund_complete": "Refunded",
    "Confirming": "Deposit confirming",
    "Swapping": "Bridging",
    "Success": "Received",
    "Failure": "Failed",
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


def stage_words(notes: str) -> str:
    """A bridge's stage name as a person reads it."""
    return STAGE_WORDS.get(notes) or notes.replace("_", " ").strip().capitalize()


def substatus_words(substatus: str) -> str:
    return SUBSTATUS_WORDS.get(substatus) or substatus.replace("_", " ").lower()
