"""The local store of every transaction the app sends: SQLite in WAL mode.

A transaction is recorded, signed, *before* it is sent, and updated as it
progresses (signed -> sent -> confirmed | failed | dropped). Each change is
one committed statement with `synchronous=FULL`, so a crash at any moment
leaves the store whole and every transaction that may have reached the
network listed; `pending()` is what to pick up again on the next start. The
raw signed transaction is kept to re-send it: it is public once sent and
holds no key.

A hash is the chain's own: 0x and 64 hex digits for an Ethereum transaction, with its nonce; 64 hex
digits without 0x for a TRON transaction id, which has no nonce (its expiration plays that part: `raw`
holds the signed transaction's JSON). The schema's version is SQLite's `user_version`; `migrate` brings
a database made by an older swapdesk up to date, every row kept, in one transaction.

Every transaction names the network it was signed for: its kind (`network`: the real network, the embedded
devnet, or a practice fork) and the chain id its signature is bound to (`network_id`, EIP-155): the chain's
own, or a practice fork's (`swapdesk --fork` runs one under a chain id of its own, so that what is signed
there is worthless anywhere else). The outbox sends a transaction again only to that network; practice is
shown apart. Rows written before the store knew (`unknown`) are never sent again, only looked for.

A bridge deposit (kind `bridge`) is recorded with its cross-chain order, in the same transaction
(`store.orders`): the orders the app follows live here too, and tracking resumes from them. A `refund` is
a transaction the app sent for the sender to get a bridge's refund (cBridge's withdraw).

SQLite calls block: async code calls them through `off_loop.off_loop`.
One connection, shared by threads under a lock.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import swapdesk.store.orders as orders
from swapdesk.csv_cells import csv_text
from swapdesk.store.orders import StoredOrder

STATUSES = ("signed", "sent", "confirmed", "failed", "dropped")
KINDS = ("approval", "swap", "bridge", "refund", "router")
NETWORKS = ("real", "devnet", "practice", "unknown")
OPEN = ("signed", "sent")  # may still land

# 0: Ethereum hashes only; 1: TRON transaction ids too, which have no nonce; 2: bridge deposits and refunds,
# and the orders they start; 3: the transactions that deploy and set up swapdesk's router (kind `router`);
# 4: the network each was signed for (`network`, `network_id`: a practice fork's own chain id, or the chain's)
VERSION = 4
TABLE = """
CREATE TABLE {name} (
    hash TEXT PRIMARY KEY CHECK (
        (hash GLOB '0x*' AND length(hash) = 66 AND nonce IS NOT NULL AND nonce >= 0)
        OR (length(hash) = 64 AND hash NOT GLOB '*[^0-9a-f]*' AND nonce IS NULL)
    ),
    chain_id INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('approval', 'swap', 'bridge', 'refund', 'router')),
    sender TEXT NOT NULL,
    nonce INTEGER,
    raw TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('signed', 'sent', 'confirmed', 'failed', 'dropped')),
    summary TEXT NOT NULL,
    created_ms INTEGER NOT NULL,
    updated_ms INTEGER NOT NULL,
    block INTEGER,
    error TEXT,
    network TEXT NOT NULL CHECK (network IN ('real', 'devnet', 'practice', 'unknown')),
    network_id INTEGER NOT NULL
)
"""
INDEX = "CREATE INDEX IF NOT EXISTS by_time ON transactions (created_ms DESC)"
COLUMNS = (
    "hash, chain_id, kind, sender, nonce, raw, status, summary, created_ms, updated_ms, block, error,"
    " network, network_id"
)
_NAMES = [name.strip() for name in COLUMNS.split(",")]  # each a field of StoredTx
# before version 4 nothing said whether a row was real, the devnet or a fork, all signed for the chain's own id
OLD_COLUMNS = COLUMNS.replace("network, network_id", "'unknown', chain_id")


@dataclass(frozen=True)
class StoredTx:
    hash: str
    chain_id: int
    kind: str
    sender: str
    nonce: int | None  # None for a TRON transaction
    raw: str
    status: str
    summary: dict[str, Any] = field(default_factory=dict)  # what the user saw: tokens, amounts (integer strings)
    created_ms: int = 0
    updated_ms: int = 0
    block: int | None = None
    error: str | None = None
    network: str = "real"  # one of NETWORKS (see the module)
    network_id: int | None = None  # the chain id it is signed for; None: the chain's own

    @property
    def signed_for(self) -> int:
        return self.chain_id if self.network_id is None else self.network_id

    @property
    def practice(self) -> bool:
        """Signed on a practice fork: worthless on the real network, and never sent to it."""
        return self.network == "practice"


def _now_ms() -> int:
    return time.time_ns() // 1_000_000


class TxStore:
    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")  # a commit survives power loss, not only a crash
        self._migrate()

    def _migrate(self) -> None:
        """Create the table, or bring one made by an older schema up to VERSION without losing a row.

        SQLite cannot change a CHECK in place: the rows move to a table of the new schema, which then
        takes the old one's name, all in one transaction (a crash leaves the old table as it was)."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                version = self._db.execute("PRAGMA user_version").fetchone()[0]
                exists = self._db.execute("SELECT 1 FROM sqlite_master WHERE name = 'transactions'").fetchone()
                if not exists:
                    self._db.execute(TABLE.format(name="transactions"))
                elif version < VERSION:
                    self._db.execute(TABLE.format(name="transactions_new"))
                    self._db.execute(
                        f"INSERT INTO transactions_new ({COLUMNS}) SELECT {OLD_COLUMNS if version < 4 else COLUMNS}"
                        " FROM transactions ORDER BY rowid"
                    )
                    self._db.execute("DROP TABLE transactions")
                    self._db.execute("ALTER TABLE transactions_new RENAME TO transactions")
                elif version > VERSION:
                    raise RuntimeError(f"{self.path} was written by a newer swapdesk (schema {version})")
                self._db.execute(INDEX)
                orders.create(self._db)
                self._db.execute(f"PRAGMA user_version = {VERSION}")
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise

    def record(self, tx: StoredTx) -> None:
        """Keep a signed transaction before it is sent; a bridge deposit with its order, in one transaction.
        The same signed bytes recorded again (a practice run repeated at the same block signs the same bytes)
        are the transaction already kept: nothing changes."""
        now = _now_ms()
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                values = (tx.hash, tx.chain_id, tx.kind, tx.sender, tx.nonce, tx.raw, "signed", json.dumps(tx.summary),
                          now, now, None, None, tx.network, tx.signed_for)  # fmt: skip
                same = "chain_id, kind, sender, nonce, raw, network, network_id"
                kept = self._db.execute(f"SELECT {same} FROM transactions WHERE hash = ?", (tx.hash,)).fetchone()
                if kept == (*values[1:6], *values[-2:]):  # the very transaction, signed again: kept once
                    self._db.execute("COMMIT")
                    return
                slots = ", ".join("?" * len(values))
                self._db.execute(f"INSERT INTO transactions ({COLUMNS}) VALUES ({slots})", values)
                if tx.kind == "bridge":
                    orders.insert(self._db, tx.hash, tx.summary, now)
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise

    def mark(
        self, tx_hash: str, status: str, block: int | None = None, error: str | None = None, **summary: Any
    ) -> None:
        """Move a transaction on; `summary` entries (e.g. amountOut) are added to what is kept."""
        assert status in STATUSES
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                row = self._db.execute("SELECT summary FROM transactions WHERE hash = ?", (tx_hash,)).fetchone()
                if row is None:
                    raise KeyError(tx_hash)
                merged = {**json.loads(row[0]), **summary}
                self._db.execute(
                    "UPDATE transactions SET status = ?, block = coalesce(?, block), error = ?, summary = ?,"
                    " updated_ms = ? WHERE hash = ?",
                    (status, block, error, json.dumps(merged), _now_ms(), tx_hash),
                )
                if status in ("failed", "dropped"):
                    orders.deposit_failed(self._db, tx_hash, status, error, _now_ms())
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise

    def get(self, tx_hash: str) -> StoredTx | None:
        found = self._select("WHERE hash = ?", (tx_hash,))
        return found[0] if found else None

    def all(self) -> list[StoredTx]:
        """Newest first."""
        return self._select("ORDER BY created_ms DESC, rowid DESC", ())

    def pending(self) -> list[StoredTx]:
        """Sent or about to be, with no outcome yet: oldest first, as their nonces go."""
        return self._select("WHERE status IN ('signed', 'sent') ORDER BY created_ms, rowid", ())

    def _select(self, tail: str, args: tuple[Any, ...]) -> list[StoredTx]:
        with self._lock:
            rows = self._db.execute(
                f"SELECT {COLUMNS} FROM transactions {tail}",
                args,
            ).fetchall()
        return [_stored(row) for row in rows]

    # -- cross-chain orders (store.orders) ------------------------------------------------------

    def orders(self) -> list[StoredOrder]:
        """Every order, newest first."""
        with self._lock:
            return orders.select(self._db, "ORDER BY t.created_ms DESC, t.rowid DESC", ())

    def open_orders(self) -> list[StoredOrder]:
        """Orders not ended yet, oldest first: what tracking follows."""
        with self._lock:
            return orders.select(self._db, "WHERE o.status = 'PENDING' ORDER BY t.created_ms, t.rowid", ())

    def order(self, tx_hash: str) -> StoredOrder | None:
        with self._lock:
            found = orders.select(self._db, "WHERE o.hash = ?", (tx_hash,))
        return found[0] if found else None

    def update_order(self, tx_hash: str, **changes: Any) -> None:
        """Keep what the bridge says now (status, substatus, notes, timeline, target hash, amount out, ...)."""
        with self._lock:
            orders.update(self._db, tx_hash, changes, _now_ms())

    def mark_notified(self, tx_hash: str) -> None:
        """The person was told the order ended: never again, not after a restart."""
        with self._lock:
            orders.mark_notified(self._db, tx_hash)

    def integrity(self) -> str:
        with self._lock:
            return str(self._db.execute("PRAGMA integrity_check").fetchone()[0])

    def export_csv(self) -> str:
        """Every transaction, newest first, as CSV text (amounts in smallest units; no cell a spreadsheet would
        evaluate, `csv_cells`: an error is often a contract's revert reason, a stranger's text)."""
        columns = ["time_utc", "chain_id", "network", "network_id", "kind", "status", "hash", "sender", "nonce",
                   "block", "error", "summary"]  # fmt: skip
        rows = [
            [time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(tx.created_ms / 1000)), tx.chain_id, tx.network,
             tx.signed_for, tx.kind, tx.status, tx.hash, tx.sender, tx.nonce, tx.block, tx.error,
             json.dumps(tx.summary, sort_keys=True)]
            for tx in self.all()
        ]  # fmt: skip
        return csv_text(columns, rows)

    def close(self) -> None:
        with self._lock:
            self._db.close()


def _stored(row: tuple[Any, ...]) -> StoredTx:
    """A row of COLUMNS, the record it keeps (its summary kept as JSON)."""
    values = dict(zip(_NAMES, row, strict=True))
    return StoredTx(**values | {"summary": json.loads(values["summary"])})
