"""Why a swap or an approval did not happen, in words for the user (an English template and its words: see
swapdesk.words, which the window uses to say them in its language)."""

from __future__ import annotations

from swapdesk.words import QT_TR_NOOP, Worded


class TradeError(Worded, RuntimeError):
    """Told to the user as it is. `tx_hash` is set when a transaction was (or may have been) sent."""

    def __init__(self, template: str, tx_hash: str | None = None, **words: object) -> None:
        super().__init__(template, **words)
        self.tx_hash = tx_hash


class CheckFailed(TradeError):
    """A check before signing did not hold: nothing was signed or sent."""


class SendFailed(TradeError):
    """Signed, and then the chain said no, or could not be reached."""


def failed_on_chain(reason: str, tx_hash: str) -> SendFailed:
    """A mined transaction that failed, by the chain's verdict as the History keeps it: "reverted", "reverted: why",
    or TRON's result (OUT_OF_ENERGY...); said as a sentence each, so a translation needs no English fragment."""
    if reason == "reverted":
        return SendFailed(QT_TR_NOOP("the transaction reverted"), tx_hash)
    if reason.startswith("reverted: "):
        return SendFailed(QT_TR_NOOP("the transaction reverted: {reason}"), tx_hash, reason=reason[len("reverted: ") :])
    if reason == "failed":
        return SendFailed(QT_TR_NOOP("the transaction failed"), tx_hash)
    return SendFailed(QT_TR_NOOP("the transaction failed: {reason}"), tx_hash, reason=reason)
