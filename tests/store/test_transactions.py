"""The local store of sent transactions."""

from __future__ import annotations

import csv
import io
import sqlite3
from pathlib import Path

import pytest

from swapdesk.store import StoredTx, TxStore


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
    assert store.get(tx(2).hash).summary == {"amountIn": str(10**30 + 2), "amountOut": "0"}  # type: ignore[union-attr]
    assert store.pending() == []
    assert store.integrity() == "ok"
    assert store._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_bad_records_are_refused_and_change_nothing(tmp_path: Path) -> None:
    store = TxStore(tmp_path / "h.sqlite")
    store.record(tx(1))
    with pytest.raises(sqlite3.IntegrityError):
        store.record(tx(1))  # the same hash twice
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
