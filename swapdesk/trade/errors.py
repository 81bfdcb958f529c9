"""Why a swap or an approval did not happen, in words for the user."""

from __future__ import annotations


class TradeError(RuntimeError):
    """Told to the user as it is. `tx_hash` is set when a transaction was (or may have been) sent."""

    def __init__(self, message: str, tx_hash: str | None = None) -> None:
        super().__init__(message)
        self.tx_hash = tx_hash


class CheckFailed(TradeError):
    """A check before signing did not hold: nothing was signed or sent."""


class SendFailed(TradeError):
    """Signed, and then the chain said no, or could not be reached."""
