"""A Bridgers order record (`getTransDataById`, and each of `getTransData`'s list), read as the real API
and the devnet's model both write it, and its statusNotes in LI.FI's words.

Where they differ (docs-bridgers-en.bridgers.xyz, "Query transaction details"):
- `orderId` is an opaque text on the real API ("kydjhyt5_rec8_..."); the devnet derives it from the
  deposit (keccak256(chainId, txHash, 0)), so only there can a client compute it.
- Amounts (`fromTokenAmount`, `toTokenAmount`) are whole tokens on the real API ("5", "3.99"); smallest
  units on the devnet (a documented departure). A decimal point means whole tokens anywhere; whole numbers
  are read as the API that wrote them means them.
- `refundReason` is a code on the real API ("1" insufficient liquidity ... "8" risky address), text on
  the devnet; either is shown in words.
- `timeline` is the devnet's extension; the real record has `createTime` only.
"""

from __future__ import annotations

import calendar
import time
from decimal import ROUND_FLOOR
from typing import Any

import swapdesk.engine.bridges.model as m
from swapdesk.address import ZERO, parse_address
from swapdesk.api.rules import CHANNELS
from swapdesk.chains import Chain

MAX_STEPS = 64  # timeline entries read from an order
REFUND_REASONS = {
    "1": "insufficient liquidity",
    "2": "exceeding threshold error",
    "3": "the source coin is under maintenance",
    "4": "blacklisted",
    "5": "the target coin is under maintenance",
    "6": "the amount is not within the range",
    "7": "deposit timeout",
    "8": "interaction with a risky address",
}  # Bridgers' refundReason codes, as its API documentation lists them

_PENDING = {"wait_deposit_send": m.WAIT_SOURCE} | dict.fromkeys(
    ("wait_exchange_push", "wait_exchange_return", "wait_exchange_return_success", "wait_receive_send"),
    m.WAIT_DESTINATION,
)
_PENDING |= {"wait_receive_confirm": m.WAIT_DESTINATION} | dict.fromkeys(
    ("wait_exchange_return_error", "wait_receive_confirm_error", "wait_refund_send", "wait_refund_confirm"),
    m.REFUNDING,
)
_PENDING |= {"wait_refund_confirm_error": m.REFUNDING}
_FINAL = {
    "receive_complete": (m.DONE, m.COMPLETED),
    "refund_complete": (m.DONE, m.REFUNDED),
    "timeout": (m.FAILED, m.EXPIRED),
    "wait_deposit_send_error": (m.FAILED, m.UNKNOWN_FAILURE),
    "ERROR": (m.FAILED, m.UNKNOWN_FAILURE),
    "error_hacker": (m.FAILED, m.UNKNOWN_FAILURE),
}
_MESSAGES = {
    "timeout": "the registered deposit never came; nothing moved",
    "wait_deposit_send_error": "the registered transaction deposited nothing into Bridgers",
    "ERROR": "the refund could not be made: the deposit stays in the vault for support",
}


def normalized(notes: str, reason: str = "") -> m.Normalized:
    """METAPATH's statusNotes in LI.FI's words; a refund says why (`refundReason`)."""
    if notes in _FINAL:
        status, substatus = _FINAL[notes]
        return m.Normalized(status, substatus, reason or _MESSAGES.get(notes, ""))
    substatus = _PENDING.get(notes, m.WAIT_DESTINATION)
    return m.Normalized(m.PENDING, substatus, reason if substatus == m.REFUNDING else "")


def refund_reason(value: Any) -> str:
    text = str(value or "").strip()
    return REFUND_REASONS.get(text, text)[:300]


def progress(record: dict[str, Any], deposit: m.Deposit, devnet: bool) -> m.Progress:
    """Where the order is; KeyError, TypeError or ValueError for a record of the wrong shape."""
    notes = str(record["status"])
    reason = refund_reason(record.get("refundReason"))
    timeline = [(str(s["status"]), int(s["time"]), hash_of(s["hash"])) for s in (record.get("timeline") or [])]
    steps = [
        m.Step(state, normalized(state, reason), at, stage_chain(state, tx, deposit), tx)
        for state, at, tx in timeline[:MAX_STEPS]
    ] or [m.Step(notes, normalized(notes, reason), deposit.timestamp * 1000, deposit.src.chain, deposit.tx)]
    channel = str(record.get("source") or "")
    paid = amount(record.get("toTokenAmount"), deposit.dst.decimals, devnet) if notes == "receive_complete" else 0
    return m.Progress(
        notes=notes,
        normalized=m.noted(normalized(notes, reason), record.get("note")),
        dst_tx=hash_of(record.get("toHash")),
        paid=paid,
        channel=channel if channel in CHANNELS else "default",
        steps=tuple(steps),
    )


def registered_deposit(
    record: dict[str, Any], src: Chain, c0: m.Token | None, c1: m.Token | None, dst: Chain, devnet: bool
) -> m.Deposit:
    """What a registration says, for a hash that deposited nothing on chain (it times out, or errs)."""
    sender = str(record.get("fromAddress") or "")
    c0 = c0 or unknown(src, ZERO, "?")
    return m.Deposit(
        bridge="METAPATH",
        key=str(record["orderId"]),
        tx=hash_of(record["hash"]),
        src=c0,
        dst=c1 or unknown(dst, ZERO, "?"),
        sender=parse_address(sender, src.tron) if sender else ZERO,
        receiver=str(record.get("toAddress") or ""),
        amount=amount(record.get("fromTokenAmount"), c0.decimals, devnet),
        min_out=amount(record.get("amountOutMin"), c1.decimals if c1 else 0, devnet=True),
        min_on_chain=True,
        timestamp=calendar.timegm(time.strptime(str(record["createTime"]), "%Y-%m-%d %H:%M:%S")),
    )


def amount(value: Any, decimals: int, devnet: bool) -> int:
    """An order's amount in smallest units: the devnet writes them so; the real API writes whole tokens
    ("3.99"), floored to the token's decimals. Empty is 0."""
    if value is None or value == "":
        return 0
    text = str(value).strip()
    if devnet and "." not in text:
        return whole(value)
    return m.units_of(text, decimals, ROUND_FLOOR, "amount")


def whole(value: Any) -> int:
    """An amount the API gives as digits (a string, or a whole JSON number)."""
    text = str(value)
    if isinstance(value, bool) or not text.isascii() or not text.isdigit() or len(text) > 78:
        raise ValueError(f"not an amount: {text[:40]!r}")
    return int(text)


def unknown(chain: Chain, address: bytes, label: str) -> m.Token:
    """A token the desk does not list (a deposit it will refund): named as the deposit names it."""
    return m.Token(chain, address, label, label, 0)


def hash_of(value: Any) -> str:
    return "0x" + str(value).removeprefix("0x").lower() if value else ""


def same_hash(a: Any, b: Any) -> bool:
    return bool(a) and hash_of(a) == hash_of(b)


def stage_chain(state: str, tx: str, deposit: m.Deposit) -> Chain | None:
    """The chain of a stage's transaction, from the stage itself: the payout's stages are on the destination,
    every other (the deposit, a refund) on the source. Not from the record's `toHash`, which the desk fills in
    only when the order ends: a stage once shown keeps its chain."""
    if not tx:
        return None  # a stage without a transaction is on no chain
    return deposit.dst.chain if state.startswith(("wait_receive_", "receive_")) else deposit.src.chain
