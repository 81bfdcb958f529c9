"""The cross-chain orders the store keeps: written with their deposit, moved on by tracking, ended by a failed
deposit; a database of the TRON schema (user_version 1) migrated without losing a row."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from swapdesk.store import StoredTx, TxStore
from swapdesk.store.transactions import VERSION

SENDER = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
TIMELINE = [{"statusNotes": "wait_deposit_send", "status": "PENDING", "substatus": "WAIT_SOURCE_CONFIRMATIONS",
             "chain": "BSC", "hash": "0x" + "01" * 32, "timeMs": 1_700_000_000_000}]  # fmt: skip


def deposit(n: int, bridge: str = "METAPATH", chain_id: int = 56) -> StoredTx:
    summary = {"bridge": bridge, "toChainId": 137, "amountIn": str(10**30 + n), "tokenIn": "0x" + "11" * 20}
    tx_hash = f"0x{n:064x}" if chain_id != 95500 else f"{n:064x}"
    nonce = n if chain_id != 95500 else None
    return StoredTx(tx_hash, chain_id, "bridge", SENDER, nonce, "0x02", "signed", summary)


def test_a_deposit_is_recorded_with_its_order_and_tracking_moves_it_on(tmp_path: Path) -> None:
    store = TxStore(tmp_path / "h.sqlite")
    store.record(deposit(1))
    store.record(deposit(2, "CBRIDGE", 95500))
    first, tron = deposit(1).hash, deposit(2, chain_id=95500).hash
    assert [(o.hash, o.bridge, o.status, o.deposit) for o in store.orders()] == [
        (tron, "CBRIDGE", "PENDING", "signed"),
        (first, "METAPATH", "PENDING", "signed"),
    ]
    store.mark(first, "sent")
    store.mark(first, "confirmed", block=9)
    store.update_order(first, order_id="0xabc", notes="wait_deposit_send", timeline=TIMELINE)
    order = store.order(first)
    assert order is not None and (order.deposit, order.order_id, order.timeline, order.ended) == (
        "confirmed", "0xabc", TIMELINE, False)  # fmt: skip
    assert order.summary["amountIn"] == str(10**30 + 1) and order.chain_id == 56 and order.to_chain_id == 137
    store.update_order(first, status="DONE", substatus="COMPLETED", amount_out=10**30, target_hash="0x" + "02" * 32)
    done = store.order(first)
    assert done is not None and done.ended and done.ended_ms is not None and done.amount_out == 10**30
    store.update_order(first, refund_hash="")  # a later change keeps when it ended
    later = store.order(first)
    assert later is not None and later.ended_ms == done.ended_ms
    assert not done.notified
    store.mark_notified(first)
    told = store.order(first)
    assert told is not None and told.notified
    assert [o.hash for o in store.open_orders()] == [tron]
    with pytest.raises(ValueError, match="not a field"):
        store.update_order(first, summary={})
    with pytest.raises(KeyError):
        store.update_order("0x" + "09" * 32, notes="x")


def test_a_deposit_that_fails_ends_its_order_and_a_bad_one_is_never_half_written(tmp_path: Path) -> None:
    store = TxStore(tmp_path / "h.sqlite")
    store.record(deposit(1))
    store.mark(deposit(1).hash, "failed", error="reverted: amount too small")
    order = store.order(deposit(1).hash)
    assert order is not None and (order.status, order.substatus) == ("FAILED", "UNKNOWN_FAILED_ERROR")
    assert order.message == "the deposit failed: reverted: amount too small" and order.ended_ms is not None
    nameless = StoredTx("0x" + "07" * 32, 56, "bridge", SENDER, 7, "0x02", "signed", {"toChainId": 137})
    with pytest.raises(ValueError, match="names its bridge"):
        store.record(nameless)
    assert store.get(nameless.hash) is None  # the transaction is not kept without its order


# the schema as swapdesk wrote it with TRON (user_version 1): swaps and approvals only, no orders
SCHEMA_1 = """
CREATE TABLE transactions (
    hash TEXT PRIMARY KEY CHECK (
        (hash GLOB '0x*' AND length(hash) = 66 AND nonce IS NOT NULL AND nonce >= 0)
        OR (length(hash) = 64 AND hash NOT GLOB '*[^0-9a-f]*' AND nonce IS NULL)
    ),
    chain_id INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('approval', 'swap')),
    sender TEXT NOT NULL,
    nonce INTEGER,
    raw TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('signed', 'sent', 'confirmed', 'failed', 'dropped')),
    summary TEXT NOT NULL,
    created_ms INTEGER NOT NULL,
    updated_ms INTEGER NOT NULL,
    block INTEGER,
    error TEXT
);
CREATE INDEX IF NOT EXISTS by_time ON transactions (created_ms DESC);
PRAGMA user_version = 1;
"""


def test_a_database_of_the_tron_schema_is_migrated_without_losing_a_row(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite"
    old = sqlite3.connect(path)
    old.executescript(SCHEMA_1)
    rows = [
        (f"0x{n:064x}", 56, "approval", SENDER, n, "0x02", "confirmed", "{}", 1_000 + n, 2_000 + n, n, None)
        for n in range(3)
    ] + [("5e" * 32, 95500, "swap", SENDER, None, '{"txID": "5e"}', "sent", '{"amountIn": "7"}', 1_010, 2_010, None,
          None)]  # fmt: skip
    old.executemany("INSERT INTO transactions VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
    old.commit()
    with pytest.raises(sqlite3.IntegrityError):  # what the TRON schema refuses: a bridge deposit
        old.execute("INSERT INTO transactions VALUES (?, 56, 'bridge', 's', 9, 'r', 'signed', '{}', 1, 1, NULL, NULL)",
                    ("0x" + "09" * 32,))  # fmt: skip
    old.close()

    store = TxStore(path)
    kept = [(*row, "unknown", row[1]) for row in rows]  # nothing said whether they were real, devnet or practice
    assert store._db.execute("SELECT * FROM transactions ORDER BY created_ms").fetchall() == kept
    assert store._db.execute("PRAGMA user_version").fetchone()[0] == VERSION and store.integrity() == "ok"
    assert [t.hash for t in store.pending()] == ["5e" * 32] and store.orders() == []
    store.record(deposit(9))
    assert store.order(deposit(9).hash) is not None
    store.close()
    again = TxStore(path)
    assert len(again.all()) == len(rows) + 1 and len(again.orders()) == 1
    again.close()
