"""One status vocabulary for every place the window shows where a transaction stands; no widgets.

The API says Success, Failure or Receiving (`status`), a cross-chain record also LI.FI's PENDING / DONE /
FAILED with a substatus, and the local store says signed, sent, confirmed, failed or dropped. A person
reads five words, each with one colour and one meaning, and the legend says which word each of those
becomes:

    Success   done as asked                       API Success, DONE; local confirmed
    Pending   sent, not final yet                 API Receiving, PENDING; local signed, sent
    Failed    reverted or refused                 API Failure, FAILED; local failed
    Refunded  paid back on the source chain       API Failure after a refund, DONE/REFUNDED
    Dropped   never mined: replaced by another    local dropped

Each badge is white text on its own fill, the same in light and dark (contrast checked in a test). The words
are marked for translation (`i18n.noop`) and translated where they are shown. A stage a bridge reached reads
in two tenses: while it is where the order stands ("Sending to the recipient"), and once it is behind it
("Payout sent"), so a finished stage never says it is waiting.
"""

from __future__ import annotations

from dataclasses import dataclass

from swapdesk.gui.i18n import QT_TR_NOOP


@dataclass(frozen=True)
class Badge:
    word: str
    meaning: str
    sources: str  # what becomes this word, for the legend
    fill: str  # background of the badge; its text is white


SUCCESS = Badge(
    QT_TR_NOOP("Success"),
    QT_TR_NOOP("done as asked"),
    QT_TR_NOOP("API: Success, DONE · sent from here: confirmed"),
    "#15803d",
)
PENDING = Badge(
    QT_TR_NOOP("Pending"),
    QT_TR_NOOP("sent, not final yet"),
    QT_TR_NOOP("API: Receiving, PENDING · sent from here: signed, sent"),
    "#b45309",
)
FAILED = Badge(
    QT_TR_NOOP("Failed"),
    QT_TR_NOOP("reverted or refused"),
    QT_TR_NOOP("API: Failure, FAILED · sent from here: failed"),
    "#b91c1c",
)
REFUNDED = Badge(
    QT_TR_NOOP("Refunded"),
    QT_TR_NOOP("paid back on the source chain"),
    QT_TR_NOOP("API: Failure after a refund, DONE/REFUNDED"),
    "#6d28d9",
)
DROPPED = Badge(
    QT_TR_NOOP("Dropped"),
    QT_TR_NOOP("replaced, never mined"),
    QT_TR_NOOP("sent from here: dropped (its nonce went to another)"),
    "#4b5563",
)
BADGES = (SUCCESS, PENDING, FAILED, REFUNDED, DROPPED)

_STORE = {"signed": PENDING, "sent": PENDING, "confirmed": SUCCESS, "failed": FAILED, "dropped": DROPPED}
STORE_NOTES = {
    "signed": QT_TR_NOOP("signed, not sent yet: it is sent on the next start"),
    "sent": QT_TR_NOOP("waiting for its block"),
}


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
    "wait_deposit_send": QT_TR_NOOP("Waiting for the deposit"),
    "wait_deposit_send_error": QT_TR_NOOP("The deposit failed"),
    "wait_exchange_push": QT_TR_NOOP("Deposit received, exchange starting"),
    "wait_exchange_return": QT_TR_NOOP("Exchanging"),
    "wait_exchange_return_success": QT_TR_NOOP("Exchanged, payout being prepared"),
    "wait_exchange_return_error": QT_TR_NOOP("The exchange cannot pay out: refund coming"),
    "wait_receive_send": QT_TR_NOOP("Sending to the recipient"),
    "wait_receive_confirm": QT_TR_NOOP("Payout sent, confirming"),
    "wait_receive_confirm_error": QT_TR_NOOP("The payout failed: refund coming"),
    "receive_complete": QT_TR_NOOP("Received"),
    "wait_refund_send": QT_TR_NOOP("Refund starting"),
    "wait_refund_confirm": QT_TR_NOOP("Refund sent, confirming"),
    "wait_refund_confirm_error": QT_TR_NOOP("The refund failed: support is needed"),
    "refund_complete": QT_TR_NOOP("Refunded"),
    "timeout": QT_TR_NOOP("Timed out: the deposit never came"),
    "ERROR": QT_TR_NOOP("Failed: the order is wrong"),
    "error_hacker": QT_TR_NOOP("Failed: the order is wrong"),
    # ANYSWAP (Multichain)
    "Confirming": QT_TR_NOOP("Deposit confirming"),
    "Swapping": QT_TR_NOOP("Payout in progress"),
    "Success": QT_TR_NOOP("Received"),
    "Failure": QT_TR_NOOP("Failed"),
    "ExceedLimit(LessThenMinAmount)": QT_TR_NOOP("Below the bridge's minimum: not paid"),
    "ExceedLimit(GreaterThenMaxAmount)": QT_TR_NOOP("Above the bridge's maximum: not paid"),
    "BigAmount(Wait24hours)": QT_TR_NOOP("Large amount: held for a while, then paid"),
    # CBRIDGE (Celer cBridge)
    "SUBMITTING": QT_TR_NOOP("Deposit confirming"),
    "WAITING_FOR_SGN_CONFIRMATION": QT_TR_NOOP("Validators checking and signing"),
    "WAITING_FOR_FUND_RELEASE": QT_TR_NOOP("Payout sent, confirming"),
    "COMPLETED": QT_TR_NOOP("Received"),
    "DELAYED": QT_TR_NOOP("Large amount: delayed, then released"),
    "TO_BE_REFUNDED": QT_TR_NOOP("Cannot be paid: your refund is waiting for you"),
    "REQUESTING_REFUND": QT_TR_NOOP("Refund asked: validators signing it"),
    "REFUND_TO_BE_CONFIRMED": QT_TR_NOOP("Refund signed: withdraw it on the source chain"),
    "CONFIRMING_YOUR_REFUND": QT_TR_NOOP("Withdrawal sent, confirming"),
    "REFUNDED": QT_TR_NOOP("Refunded"),
    "FAILED": QT_TR_NOOP("Failed"),
}
# a stage once it is behind the order: what happened, never what is awaited
DONE_WORDS = {
    "wait_deposit_send": QT_TR_NOOP("Deposit sent"),
    "wait_exchange_push": QT_TR_NOOP("Deposit received"),
    "wait_exchange_return": QT_TR_NOOP("Exchanged"),
    "wait_exchange_return_success": QT_TR_NOOP("Payout prepared"),
    "wait_receive_send": QT_TR_NOOP("Payout sent"),
    "wait_receive_confirm": QT_TR_NOOP("Payout confirmed"),
    "receive_complete": QT_TR_NOOP("Received"),
    "wait_refund_send": QT_TR_NOOP("Refund started"),
    "wait_refund_confirm": QT_TR_NOOP("Refund confirmed"),
    "refund_complete": QT_TR_NOOP("Refunded"),
    "Confirming": QT_TR_NOOP("Deposit confirmed"),
    "Swapping": QT_TR_NOOP("Paid out"),
    "Success": QT_TR_NOOP("Received"),
    "SUBMITTING": QT_TR_NOOP("Deposit confirmed"),
    "WAITING_FOR_SGN_CONFIRMATION": QT_TR_NOOP("Validators signed"),
    "WAITING_FOR_FUND_RELEASE": QT_TR_NOOP("Payout released"),
    "COMPLETED": QT_TR_NOOP("Received"),
    "DELAYED": QT_TR_NOOP("Released after a delay"),
    "TO_BE_REFUNDED": QT_TR_NOOP("Refund offered"),
    "REQUESTING_REFUND": QT_TR_NOOP("Refund signed by the validators"),
    "REFUND_TO_BE_CONFIRMED": QT_TR_NOOP("Refund ready to withdraw"),
    "CONFIRMING_YOUR_REFUND": QT_TR_NOOP("Withdrawal confirmed"),
    "REFUNDED": QT_TR_NOOP("Refunded"),
}
SUBSTATUS_WORDS = {
    "WAIT_SOURCE_CONFIRMATIONS": QT_TR_NOOP("waiting for the source chain to confirm the deposit"),
    "WAIT_DESTINATION_TRANSACTION": QT_TR_NOOP("waiting for the payout on the destination chain"),
    "REFUND_IN_PROGRESS": QT_TR_NOOP("a refund is under way"),
    "COMPLETED": QT_TR_NOOP("completed"),
    "PARTIAL": QT_TR_NOOP("completed, paid in another token"),
    "REFUNDED": QT_TR_NOOP("refunded on the source chain"),
    "EXPIRED": QT_TR_NOOP("expired"),
    "UNKNOWN_FAILED_ERROR": QT_TR_NOOP("failed"),
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
    """A bridge's stage name as a person reads it, while the order stands there (still to be translated: `tr`)."""
    return STAGE_WORDS.get(notes) or notes.replace("_", " ").strip().capitalize()


def done_words(notes: str) -> str:
    """The same stage once the order is past it: what happened."""
    return DONE_WORDS.get(notes) or stage_words(notes)


def substatus_words(substatus: str) -> str:
    return SUBSTATUS_WORDS.get(substatus) or substatus.replace("_", " ").lower()


def upcoming(bridge: str, reached: list[str], refunding: bool) -> list[str]:
    """The stages still to come after `reached` (the bridge's own names), on the way the order is going now."""
    happy, refund = PATHS.get(bridge, ((), ()))
    path = refund if refunding else happy
    seen = [path.index(notes) for notes in reached if notes in path]
    return list(path[max(seen) + 1 if seen else 0 :])
