"""The local store of sent transactions."""

from __future__ import annotations

import csv
import io
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from swapdesk.store import StoredTx, TxStore
from swapdesk.store.transactions import VERSION

from ..hostile import HOSTILE, formula_like


def tx(n: int, kind: str = "swap") -> StoredTx:
    return StoredTx(f"0x{n:064x}", 56, kind, "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", n, "0x02", "signed",
                    {"amountIn": str(10**30 + n)})  # fmt: skip


def test_recorded_then_moved_on_newest_first(tmp_path: Path) -> None:
    store = TxStore(tmp_path / "h.sqlite")
    store.record(tx(1, "approval"))
    store.record(tx(2))
    store.mark(tx(1).hash, "sent")
    store.mark(tx(1).hash, "confirmed", block=7)
    store.mark(tx(2).hash, "sent")
    store.mark(tx(2).hash, "failed", block=8, error="reverted: Router: expired", amountOut="0")
    assert [(t.hash, t.status, t.block) for t in store.all()] == [
        (tx(2).hash, "failed", 8),
        (tx(1).hash, "confirmed", 7),
    ]
    failed = store.get(tx(2).hash)
    assert failed is not None and failed.summary == {"amountIn": str(10**30 + 2), "amountOut": "0"}
    assert store.pending() == []
    assert store.integrity() == "ok"
    assert store._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_bad_records_are_refused_and_change_nothing(tmp_path: Path) -> None:
    store = TxStore(tmp_path / "h.sqlite")
    store.record(tx(1))
    store.record(tx(1))  # the same transaction signed again (a chain started over, an approval repeated): kept once
    with pytest.raises(sqlite3.IntegrityError):
        store.record(replace(tx(1), raw="0x03"))  # the same hash for other bytes
    with pytest.raises(sqlite3.IntegrityError):
        store.record(StoredTx("0x12", 56, "swap", "0x", 0, "0x", "signed"))
    with pytest.raises(KeyError):
        store.mark(tx(9).hash, "sent")
    assert [t.hash for t in store.all()] == [tx(1).hash] and store.all()[0].status == "signed"


def test_csv_export(tmp_path: Path) -> None:
    store = TxStore(tmp_path / "h.sqlite")
    store.record(tx(1))
    store.record(tx(2, "approval"))
    rows = list(csv.DictReader(io.StringIO(store.export_csv())))
    assert [r["hash"] for r in rows] == [tx(2).hash, tx(1).hash]
    assert rows[1]["kind"] == "swap" and str(10**30 + 1) in rows[1]["summary"]  # amounts stay exact integers


@pytest.mark.parametrize("reason", HOSTILE)
def test_a_hostile_revert_reason_is_exported_as_text(tmp_path: Path, reason: str) -> None:
    """A contract's revert reason is kept as the error as it said it: exported, no spreadsheet evaluates it."""
    store = TxStore(tmp_path / "h.sqlite")
    store.record(replace(tx(1), summary={"symbolIn": reason, "amountIn": "-5"}))
    store.mark(tx(1).hash, "failed", block=8, error=reason)
    (row,) = csv.DictReader(io.StringIO(store.export_csv()))
    assert row["error"] == "'" + reason and row["status"] == "failed"
    assert not any(formula_like(value) for value in row.values())


# the schema as swapdesk wrote it before TRON (user_version 0): Ethereum hashes only, a nonce always
SCHEMA_0 = """
CREATE TABLE IF NOT EXISTS transactions (
    hash TEXT PRIMARY KEY CHECK (hash GLOB '0x*' AND length(hash) = 66),
    chain_id INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('approval', 'swap')),
    sender TEXT NOT NULL,
    nonce INTEGER NOT NULL CHECK (nonce >= 0),
    raw TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('signed', 'sent', 'confirmed', 'failed', 'dropped')),
    summary TEXT NOT NULL,
    created_ms INTEGER NOT NULL,
    updated_ms INTEGER NOT NULL,
    block INTEGER,
    error TEXT
);
CREATE INDEX IF NOT EXISTS by_time ON transactions (created_ms DESC);
"""
TRON_ID = "5e" * 32


def tron_tx(txid: str = TRON_ID) -> StoredTx:
    return StoredTx(txid, 95500, "swap", "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", None, '{"txID": "5e"}', "signed")


def test_a_database_of_the_first_schema_is_migrated_without_losing_a_row(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite"
    old = sqlite3.connect(path)
    old.executescript(SCHEMA_0)
    rows = [
        (f"0x{n:064x}", 56, "swap" if n % 2 else "approval", "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", n,
         "0x02", status, f'{{"amountIn": "{10**30 + n}"}}', 1_000 + n, 2_000 + n, n if n % 3 else None,
         "reverted: Router: expired" if status == "failed" else None)
        for n, status in enumerate(("signed", "sent", "confirmed", "failed", "dropped", "confirmed"))
    ]  # fmt: skip
    old.executemany("INSERT INTO transactions VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
    old.commit()
    with pytest.raises(sqlite3.IntegrityError):  # what the first schema refuses: a TRON transaction id
        old.execute("INSERT INTO transactions VALUES (?, 95500, 'swap', 's', 0, 'r', 'signed', '{}', 1, 1, NULL, NULL)",
                    (TRON_ID,))  # fmt: skip
    old.close()

    store = TxStore(path)
    kept = store._db.execute("SELECT * FROM transactions ORDER BY created_ms").fetchall()
    assert kept == [(*row, "unknown", row[1]) for row in rows] and store.integrity() == "ok"
    assert store._db.execute("PRAGMA user_version").fetchone()[0] == VERSION
    assert [t.hash for t in store.pending()] == [rows[0][0], rows[1][0]]  # still settled on the next start
    store.record(tron_tx())
    store.mark(TRON_ID, "sent")
    sent = store.get(TRON_ID)
    assert sent is not None and (sent.nonce, sent.status) == (None, "sent")
    store.close()
    again = TxStore(path)  # opening a migrated database changes nothing
    reopened = again.get(TRON_ID)
    assert len(again.all()) == len(rows) + 1 and reopened is not None and reopened.status == "sent"
    indexes = again._db.execute("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL").fetchall()
    assert sorted(indexes) == [("by_time",), ("orders_open",)]
    again.close()


@pytest.mark.parametrize(
    "bad",
    [
        tron_tx("5E" * 32),  # TRON writes ids in lower case
        tron_tx("5e" * 31),  # short
        replace(tron_tx(), nonce=3),  # a TRON transaction has no nonce
        StoredTx("0x" + "5e" * 32, 56, "swap", "0x", None, "0x02", "signed"),  # an Ethereum one has one
    ],
    ids=["upper-case", "short", "tron-with-nonce", "ethereum-without-nonce"],
)
def test_tron_ids_are_64_lower_case_hex_digits_without_a_nonce(tmp_path: Path, bad: StoredTx) -> None:
    store = TxStore(tmp_path / "h.sqlite")
    store.record(tron_tx())
    with pytest.raises(sqlite3.IntegrityError):
        store.record(bad)
    kept = store.get(TRON_ID)
    assert [t.hash for t in store.all()] == [TRON_ID] and kept is not None and kept.nonce is None
