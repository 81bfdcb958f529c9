"""The cross-chain orders the app follows: one row per bridge deposit it sent, kept with the transactions.

An order is written in the same SQLite transaction as its deposit, when the deposit is recorded (signed,
before it is sent), so no deposit that may reach a chain is ever without its order: tracking resumes after
a crash or a restart from what is here. The row then keeps what the bridge last said: the normalised status
(PENDING / DONE / FAILED with a substatus), the bridge's own status, the timeline of stages, the payout's
hash and amount, the order id the order callback gave, and whether the person was told it ended. A deposit
that fails or is dropped ends its order at once (FAILED): the bridge never saw it.

The SQL lives here; `TxStore` runs it on its one connection, under its lock.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from typing import Any

from swapdesk.api.rules import BRIDGES

TABLE = """
CREATE TABLE IF NOT EXISTS orders (
    hash TEXT PRIMARY KEY,  -- the deposit's, in transactions
    bridge TEXT NOT NULL CHECK (bridge IN ('ANYSWAP', 'METAPATH', 'CBRIDGE')),
    to_chain_id INTEGER NOT NULL,
    order_id TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'DONE', 'FAILED')),
    substatus TEXT NOT NULL DEFAULT '',
    notes TEXT NOT NULL DEFAULT '',
    message TEXT NOT NULL DEFAULT '',
    target_hash TEXT NOT NULL DEFAULT '',
    amount_out TEXT NOT NULL DEFAULT '0' CHECK (amount_out NOT GLOB '*[^0-9]*'),
    timeline TEXT NOT NULL DEFAULT '[]',
    refund_hash TEXT NOT NULL DEFAULT '',
    updated_ms INTEGER NOT NULL,
    ended_ms INTEGER,
    notified INTEGER NOT NULL DEFAULT 0 CHECK (notified IN (0, 1))
)
"""
COLUMNS = (
    "o.hash, t.chain_id, o.to_chain_id, o.bridge, o.order_id, o.status, o.substatus, o.notes, o.message,"
    " o.target_hash, o.amount_out, o.timeline, o.refund_hash, t.summary, t.status, t.created_ms, o.updated_ms,"
    " o.ended_ms, o.notified"
)
SELECT = f"SELECT {COLUMNS} FROM orders o JOIN transactions t ON t.hash = o.hash"
CHANGEABLE = ("order_id", "status", "substatus", "notes", "message", "target_hash", "amount_out", "timeline",
              "refund_hash")  # fmt: skip


@dataclass(frozen=True)
class StoredOrder:
    hash: str  # the deposit, as its chain writes it
    chain_id: int  # the source chain
    to_chain_id: int
    bridge: str
    order_id: str = ""
    status: str = "PENDING"
    substatus: str = ""
    notes: str = ""  # the bridge's own status
    message: str = ""  # why, where there is a why (a refund's reason, the step the sender must take)
    target_hash: str = ""
    amount_out: int = 0
    timeline: list[dict[str, Any]] = field(default_factory=list)  # the details record's stages, as they came
    refund_hash: str = ""  # cBridge: the withdrawal this app sent for the sender
    summary: dict[str, Any] = field(default_factory=dict)  # the deposit's: what the person was shown
    deposit: str = "signed"  # the deposit transaction's status in the store
    created_ms: int = 0
    updated_ms: int = 0
    ended_ms: int | None = None
    notified: bool = False

    @property
    def ended(self) -> bool:
        return self.status != "PENDING"


def create(db: sqlite3.Connection) -> None:
    db.execute(TABLE)
    db.execute("CREATE INDEX IF NOT EXISTS orders_open ON orders (status)")


def insert(db: sqlite3.Connection, tx_hash: str, summary: dict[str, Any], now: int) -> None:
    """The order of a deposit being recorded (inside the caller's transaction)."""
    bridge, to_chain = summary.get("bridge"), summary.get("toChainId")
    if bridge not in BRIDGES or not isinstance(to_chain, int):
        raise ValueError("a bridge deposit's summary names its bridge and toChainId")
    db.execute("INSERT INTO orders (hash, bridge, to_chain_id, updated_ms) VALUES (?, ?, ?, ?)",
               (tx_hash, bridge, to_chain, now))  # fmt: skip


def deposit_failed(db: sqlite3.Connection, tx_hash: str, status: str, error: str | None, now: int) -> None:
    """A deposit that failed or was dropped ends its order: nothing reached the bridge."""
    why = f"the deposit {'was dropped' if status == 'dropped' else 'failed'}" + (f": {error}" if error else "")
    db.execute(
        "UPDATE orders SET status = 'FAILED', substatus = 'UNKNOWN_FAILED_ERROR', message = ?, updated_ms = ?,"
        " ended_ms = coalesce(ended_ms, ?) WHERE hash = ? AND status = 'PENDING'",
        (why, now, now, tx_hash),
    )


def update(db: sqlite3.Connection, tx_hash: str, changes: dict[str, Any], now: int) -> None:
    unknown = set(changes) - set(CHANGEABLE)
    if unknown:
        raise ValueError(f"not a field an order changes: {', '.join(sorted(unknown))}")
    values = {k: json.dumps(v) if k == "timeline" else str(v) if k == "amount_out" else v for k, v in changes.items()}
    ends = changes.get("status") in ("DONE", "FAILED")
    sets = ", ".join(f"{name} = ?" for name in values)
    found = db.execute(
        f"UPDATE orders SET {sets}, updated_ms = ?, ended_ms = CASE WHEN ? THEN coalesce(ended_ms, ?) ELSE ended_ms END"
        " WHERE hash = ?",
        (*values.values(), now, ends, now, tx_hash),
    )
    if found.rowcount == 0:
        raise KeyError(tx_hash)


def mark_notified(db: sqlite3.Connection, tx_hash: str) -> None:
    db.execute("UPDATE orders SET notified = 1 WHERE hash = ?", (tx_hash,))


def select(db: sqlite3.Connection, tail: str, args: tuple[Any, ...]) -> list[StoredOrder]:
    found = []
    for row in db.execute(f"{SELECT} {tail}", args).fetchall():
        (tx_hash, chain_id, to_chain_id, bridge, order_id, status, substatus, notes, message, target_hash, amount_out,
         timeline, refund_hash, summary, deposit, created_ms, updated_ms, ended_ms, notified) = row  # fmt: skip
        found.append(
            StoredOrder(
                tx_hash, chain_id, to_chain_id, bridge, order_id, status, substatus, notes, message, target_hash,
                int(amount_out), json.loads(timeline), refund_hash, json.loads(summary), deposit, created_ms,
                updated_ms, ended_ms, bool(notified),
            )
        )  # fmt: skip
    return found
