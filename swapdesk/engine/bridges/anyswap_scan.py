"""Multichain's scan API (`GET /v3/tx/{hash}`), read as the real service wrote it and as the devnet's
model writes it, and its status codes in the spec's statusNotes and LI.FI's words.

Where they differ (docs.multichain.org, "Scan API (Tx Status/Account History)"):
- `statusmsg` is the state's name on the real API ("MatchTxStable"), the spec's statusNotes on the devnet
  ("Success"): the notes come from the code, the devnet's text kept where it says more (ExceedLimit's
  LessThen/GreaterThen).
- The real answer has no `swapvalue` in smallest units: what was paid is `formatswapvalue`, whole tokens
  ("4995.892293"), at the destination token's decimals.
- `timeline` is the devnet's extension. `time` is a duration text ("261.87") on the real API, not read.
"""

from __future__ import annotations

from decimal import ROUND_FLOOR
from typing import Any

import swapdesk.engine.bridges.model as m

# Multichain's scan API: its status codes by state name (the devnet's timeline names states), and the
# spec's statusNotes for each
CODES = {"TxNotStable": 0, "TxWithWrongValue": 3, "MatchTxEmpty": 8, "MatchTxNotStable": 9, "MatchTxStable": 10}
CODES |= {"TxWithBigValue": 12, "MatchTxFailed": 14}
NOTES = {0: "Confirming", 3: "ExceedLimit(LessThenMinAmount)", 8: "Confirming", 9: "Swapping", 10: "Success"}
NOTES |= {12: "BigAmount(Wait24hours)", 14: "Failure"}
MAX_STEPS = 64
UNKNOWN = "Unknown"
STOPPED = (
    "Multichain's bridge stopped in July 2023 and its scan API no longer answers: whether this deposit was "
    "paid cannot be told here; its payout, if any, is a LogAnySwapIn on the destination chain"
)


def normalized(code: int, partial: bool = False) -> m.Normalized:
    if code == 10:
        return (
            m.Normalized(m.DONE, m.PARTIAL, "paid in anyToken: the destination pool was short")
            if partial
            else (m.Normalized(m.DONE, m.COMPLETED))
        )
    if code == 3:
        return m.Normalized(
            m.FAILED,
            m.UNKNOWN_FAILURE,
            "outside the swap limits: not paid; the deposit stays in the source pool, as Multichain left it",
        )
    if code == 14:
        return m.Normalized(
            m.FAILED,
            m.UNKNOWN_FAILURE,
            "no route, or the destination refused the payout; the deposit stays in the source pool",
        )
    if code == 12:
        return m.Normalized(m.PENDING, m.WAIT_DESTINATION, "above the big-value threshold: the MPC waits, then pays")
    return m.Normalized(m.PENDING, m.WAIT_SOURCE if code == 0 else m.WAIT_DESTINATION)


def notes_of(code: int, statusmsg: Any) -> str:
    """The spec's statusNotes: from the code; the scan's own text where it is already one (ExceedLimit's)."""
    text = str(statusmsg or "")
    return text if code == 3 and text.startswith("ExceedLimit") else NOTES.get(code, text or str(code))


def paid(info: dict[str, Any], code: int, decimals: int) -> int:
    """What the receiver got, smallest units: the devnet's `swapvalue`, else the real `formatswapvalue`
    (whole tokens) at the destination's decimals; 0 before Success."""
    if code != 10:
        return 0
    if info.get("swapvalue"):
        return m.number_of(info["swapvalue"], "swapvalue", m.UINT256 - 1)
    return m.units_of(info.get("formatswapvalue") or "0", decimals, ROUND_FLOOR, "formatswapvalue")


def steps(info: dict[str, Any], code: int, deposit: m.Deposit, partial: bool) -> tuple[m.Step, ...]:
    found = []
    for s in (info.get("timeline") or [])[:MAX_STEPS]:
        step_code = CODES.get(str(s["status"]), code)
        tx = hash_of(s["hash"])
        chain = deposit.src.chain if tx == deposit.tx else deposit.dst.chain if tx else None
        notes = notes_of(step_code, info.get("statusmsg")) if step_code == 3 else NOTES.get(step_code, str(s["status"]))
        found.append(m.Step(notes, normalized(step_code, partial), int(s["time"]), chain, tx))
    if found:
        return tuple(found)
    first = m.Step(
        notes_of(code, info.get("statusmsg")),
        normalized(code, partial),
        deposit.timestamp * 1000,
        deposit.src.chain,
        deposit.tx,
    )
    return (first,)


def unseen(deposit: m.Deposit) -> m.Progress:
    """A deposit the MPC has not seen yet (the scan's 404 on the devnet)."""
    first = m.Step(NOTES[0], normalized(0), deposit.timestamp * 1000, deposit.src.chain, deposit.tx)
    return m.Progress(first.notes, first.normalized, steps=(first,))


def from_chain(deposit: m.Deposit, found: m.Found) -> m.Progress:
    """Where a transfer is by the chains alone, the scan API gone: a payout's own log says it was paid;
    of a deposit, whether it was paid is not known."""
    if found.role == "payout" and found.dst_tx:
        state = normalized(10)
        step = m.Step(NOTES[10], state, deposit.timestamp * 1000, deposit.src.chain, deposit.tx)
        return m.Progress(NOTES[10], state, dst_tx=found.dst_tx, paid=found.paid, steps=(step,))
    state = m.Normalized(m.PENDING, m.WAIT_DESTINATION, STOPPED)
    step = m.Step(UNKNOWN, state, deposit.timestamp * 1000, deposit.src.chain, deposit.tx)
    return m.Progress(UNKNOWN, state, steps=(step,))


def hash_of(value: Any) -> str:
    return "0x" + str(value).removeprefix("0x").lower() if value else ""
