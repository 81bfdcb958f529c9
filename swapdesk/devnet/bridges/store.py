"""A provider's orders, kept durably: SQLite in WAL mode, `synchronous=FULL`, one file per provider.

An order is one deposit on a source chain, unique on (chain, transaction, log index), named by an id the
provider derives from the deposit (so that a lost store could not make a second payout id either). Its
`state` is the provider's own status; the database itself refuses a move its `Machine` does not allow
(a trigger checks every change against the table of allowed moves), so statuses only move forward, and
every move is kept as a step of the order's timeline with its time and transaction. A METAPATH order
registered before its deposit is seen has no log index yet.

Beside the orders: each chain's scan cursor (block and hash: a chain that went back is noticed), every
transaction the operator signed, kept *before* it is sent, so that after a crash it is re-sent or found on
chain instead of signed twice, and the chains that went back whose orders are still to be judged again
(`rejudge`: the only way an order's status goes back, by its life cycle's `back` moves).

Calls block (a commit waits for the disk): async code runs them through `off_loop.off_loop`. One
connection, shared by threads under a lock; a change is one transaction.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from swapdesk.devnet.bridges.machine import Machine

__all__ = ["Machine", "Order", "OrderStore", "Sent", "StaleOrder", "Step"]

SCHEMA = """
CREATE TABLE IF NOT EXISTS orders (
    id TEXT PRIMARY KEY,
    src_chain INTEGER NOT NULL,
    src_tx TEXT NOT NULL CHECK (src_tx GLOB '0x*' AND length(src_tx) = 66),
    log_index INTEGER CHECK (log_index >= 0),
    dst_chain INTEGER,
    state TEXT NOT NULL,
    data TEXT NOT NULL,
    wait_on INTEGER,
    due REAL NOT NULL DEFAULT 0,
    created_ms INTEGER NOT NULL,
    updated_ms INTEGER NOT NULL,
    UNIQUE (src_chain, src_tx, log_index)
);
CREATE INDEX IF NOT EXISTS orders_by_tx ON orders (src_tx);
CREATE INDEX IF NOT EXISTS orders_waiting ON orders (wait_on) WHERE wait_on IS NOT NULL;
CREATE TABLE IF NOT EXISTS steps (
    order_id TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    state TEXT NOT NULL,
    at_ms INTEGER NOT NULL,
    tx TEXT,
    PRIMARY KEY (order_id, seq)
);
CREATE TABLE IF NOT EXISTS sends (
    hash TEXT PRIMARY KEY,
    order_id TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    chain_id INTEGER NOT NULL,
    raw TEXT NOT NULL,
    nonce INTEGER,
    expires_ms INTEGER,
    created_ms INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS sends_by_order ON sends (order_id, kind);
CREATE TABLE IF NOT EXISTS cursors (chain_id INTEGER PRIMARY KEY, block INTEGER NOT NULL, hash TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS moves (src TEXT NOT NULL, dst TEXT NOT NULL, PRIMARY KEY (src, dst));
CREATE TABLE IF NOT EXISTS rewinds (
    chain_id INTEGER PRIMARY KEY,
    first_lost INTEGER NOT NULL,
    judged_to TEXT NOT NULL DEFAULT ''
);
CREATE TRIGGER IF NOT EXISTS first_state BEFORE INSERT ON orders
WHEN NOT EXISTS (SELECT 1 FROM moves WHERE src = '' AND dst = NEW.state)
BEGIN SELECT RAISE(ABORT, 'not a first state'); END;
CREATE TRIGGER IF NOT EXISTS forward_only BEFORE UPDATE OF state ON orders
WHEN NEW.state != OLD.state AND NOT EXISTS (SELECT 1 FROM moves WHERE src = OLD.state AND dst = NEW.state)
BEGIN SELECT RAISE(ABORT, 'not a forward move'); END;
"""
_ORDER_COLUMNS = "id, src_chain, src_tx, log_index, dst_chain, state, data, wait_on, due, created_ms, updated_ms"


@dataclass(frozen=True)
class Order:
    id: str
    src_chain: int
    src_tx: str  # 0x-hex, lower case (a TRON transaction's id too)
    log_index: int | None  # None: registered, deposit not seen yet
    dst_chain: int | None
    state: str
    data: dict[str, Any] = field(default_factory=dict)  # the provider's fields; amounts as integer strings
    wait_on: int | None = None  # the chain whose operator loop moves it on next (None: nothing to do)
    due: float = 0.0  # wall-clock time before which it waits (0: now)
    created_ms: int = 0
    updated_ms: int = 0

    def amount(self, name: str) -> int:
        return int(self.data[name])


@dataclass(frozen=True)
class Step:
    state: str
    at_ms: int
    tx: str | None


@dataclass(frozen=True)
class Sent:
    """A transaction the operator signed for an order: an EVM raw transaction, or a TRON one as JSON."""

    hash: str
    order_id: str
    kind: str  # payout, refund, release...
    chain_id: int
    raw: str
    nonce: int | None = None  # EVM
    expires_ms: int | None = None  # TRON
    created_ms: int = 0


class StaleOrder(RuntimeError):
    """The order is no longer in the state the change expected (someone moved it first)."""


LOST_DEPOSIT = "depositLost"  # in an order's data: its deposit is gone from its chain, and why (see `rejudge`)


def now_ms() -> int:
    return time.time_ns() // 1_000_000


class OrderStore:
    def __init__(self, path: Path | None, machine: Machine) -> None:
        """`path`: the SQLite file (None: in memory, for a devnet that keeps nothing)."""
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self.machine = machine
        self._lock = threading.Lock()
        self._db = sqlite3.connect(":memory:" if path is None else path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")  # a commit survives power loss, not only a crash
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)
        with self._transaction() as db:  # the machine of this code, not of the one that made the file
            db.execute("DELETE FROM moves")
            db.executemany("INSERT INTO moves VALUES (?, ?)", machine.pairs())

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise

    # -- writing --------------------------------------------------------------------------------

    def scanned(self, chain_id: int, block: int, block_hash: str, found: list[Order]) -> list[Order]:
        """Keep the orders a scan found and the chain's cursor, together; the new orders (a deposit already
        kept is not added twice; a registered order of the same id takes the deposit's log index)."""
        added = []
        with self._transaction() as db:
            for order in found:
                row = db.execute("SELECT log_index, data FROM orders WHERE id = ?", (order.id,)).fetchone()
                if row is None:
                    self._insert(db, order)
                    added.append(order)
                elif LOST_DEPOSIT in json.loads(row[1]) and order.log_index is not None:  # its deposit is back
                    data = {k: v for k, v in {**json.loads(row[1]), **order.data}.items() if k != LOST_DEPOSIT}
                    db.execute("UPDATE orders SET log_index = ?, data = ?, updated_ms = ? WHERE id = ?",
                               (order.log_index, json.dumps(data), now_ms(), order.id))  # fmt: skip
                    db.execute("UPDATE steps SET tx = ? WHERE order_id = ? AND seq = 0", (order.src_tx, order.id))
                elif row[0] is None and order.log_index is not None:  # the deposit of a registered order:
                    data = {**json.loads(row[1]), **order.data}  # one that waits no more (timed out) wakes
                    db.execute(
                        "UPDATE orders SET log_index = ?, data = ?, wait_on = coalesce(wait_on, ?), updated_ms = ?"
                        " WHERE id = ?",
                        (order.log_index, json.dumps(data), order.wait_on, now_ms(), order.id),
                    )
            db.execute("INSERT OR REPLACE INTO cursors VALUES (?, ?, ?)", (chain_id, block, block_hash))
        return added

    def register(self, order: Order) -> tuple[Order, bool]:
        """Keep an order the provider was told of; the one already kept under its id, and whether it is new."""
        with self._transaction() as db:
            row = db.execute(f"SELECT {_ORDER_COLUMNS} FROM orders WHERE id = ?", (order.id,)).fetchone()
            if row is not None:
                return _order(row), False
            self._insert(db, order)
            row = db.execute(f"SELECT {_ORDER_COLUMNS} FROM orders WHERE id = ?", (order.id,)).fetchone()
        return _order(row), True

    def _insert(self, db: sqlite3.Connection, order: Order) -> None:
        at = order.created_ms or now_ms()
        db.execute(
            f"INSERT INTO orders ({_ORDER_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (order.id, order.src_chain, order.src_tx, order.log_index, order.dst_chain, order.state,
             json.dumps(order.data), order.wait_on, order.due, at, at),
        )  # fmt: skip
        db.execute("INSERT INTO steps VALUES (?, 0, ?, ?, ?)", (order.id, order.state, at, order.src_tx))

    def move(
        self,
        order: Order,
        state: str,
        *,
        data: dict[str, Any] | None = None,
        wait_on: int | None = -1,
        due: float = 0.0,
        tx: str | None = None,
        log_index: int | None = None,
    ) -> Order:
        """Move `order` (as last read) to `state`, merging `data`; `wait_on` -1 keeps the chain it waits on;
        `log_index` names the deposit of a registered order. The same state updates the order without a
        step. StaleOrder if it moved meanwhile."""
        merged = {**order.data, **(data or {})}
        waits = order.wait_on if wait_on == -1 else wait_on
        if self.machine.terminal(state):
            waits = None
        index = order.log_index if log_index is None else log_index
        at = now_ms()
        with self._transaction() as db:
            updated = db.execute(
                "UPDATE orders SET state = ?, data = ?, wait_on = ?, due = ?, log_index = ?, updated_ms = ?"
                " WHERE id = ? AND state = ?",
                (state, json.dumps(merged), waits, due, index, at, order.id, order.state),
            )
            if updated.rowcount != 1:
                raise StaleOrder(f"order {order.id} is no longer {order.state}")
            if state != order.state:
                seq = db.execute("SELECT count(*) FROM steps WHERE order_id = ?", (order.id,)).fetchone()[0]
                db.execute("INSERT INTO steps VALUES (?, ?, ?, ?, ?)", (order.id, seq, state, at, tx))
        return Order(order.id, order.src_chain, order.src_tx, index, order.dst_chain, state, merged,
                     waits, due, order.created_ms, at)  # fmt: skip

    def record_send(self, sent: Sent) -> None:
        """Keep a signed transaction before it is sent."""
        with self._transaction() as db:
            db.execute(
                "INSERT OR IGNORE INTO sends VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (sent.hash, sent.order_id, sent.kind, sent.chain_id, sent.raw, sent.nonce, sent.expires_ms, now_ms()),
            )

    # -- a chain that went back (`rejudge`) --------------------------------------------------------

    def rewound(self, chain_id: int, first_lost: int) -> tuple[int, str] | None:
        """A chain went back from block `first_lost` (0: not known, any block): kept until the orders touching it
        are judged again (a second rewind first keeps the lower block, and judges from the first order again);
        the scan cursor is dropped unless it lies before the lost blocks. The cursor now."""
        with self._transaction() as db:
            row = db.execute("SELECT first_lost FROM rewinds WHERE chain_id = ?", (chain_id,)).fetchone()
            lowest = first_lost if row is None else min(first_lost, int(row[0]))
            db.execute("INSERT OR REPLACE INTO rewinds VALUES (?, ?, '')", (chain_id, lowest))
            db.execute("DELETE FROM cursors WHERE chain_id = ? AND block >= ?", (chain_id, lowest))
            kept = db.execute("SELECT block, hash FROM cursors WHERE chain_id = ?", (chain_id,)).fetchone()
        return None if kept is None else (int(kept[0]), str(kept[1]))

    def rewinds(self) -> dict[int, tuple[int, str]]:
        """The chains whose orders wait to be judged again: their first lost block, and the last order judged."""
        with self._lock:
            rows = self._db.execute("SELECT chain_id, first_lost, judged_to FROM rewinds").fetchall()
        return {int(row[0]): (int(row[1]), str(row[2])) for row in rows}

    def touching(self, chain_id: int, after: str, limit: int) -> list[Order]:
        """Orders with their deposit or their payout on `chain_id`, by id after `after`, at most `limit`."""
        return self._orders("WHERE (src_chain = ? OR dst_chain = ?) AND id > ? ORDER BY id LIMIT ?",
                            (chain_id, chain_id, after, limit))  # fmt: skip

    def judged(self, chain_id: int, last: str | None) -> None:
        """The orders touching a rewound chain judged again up to `last` (by id); None: all of them."""
        with self._transaction() as db:
            if last is None:
                db.execute("DELETE FROM rewinds WHERE chain_id = ?", (chain_id,))
            else:
                db.execute("UPDATE rewinds SET judged_to = ? WHERE chain_id = ?", (last, chain_id))

    def judge(
        self, order: Order, state: str, lost: set[str], *, data: dict[str, Any], forget: tuple[str, ...] = (),
        wait_on: int | None = -1,
    ) -> Order:  # fmt: skip
        """An order judged again after a chain went back: to `state` (a way back of its life cycle, or the state
        it is in), `data` merged and `forget` removed. The steps that stood on a transaction in `lost` are no
        longer shown: going back, from the first of them on (the step back then ends the timeline); staying,
        their transaction only. StaleOrder if it moved meanwhile."""
        if state != order.state and not self.machine.goes_back(order.state, state):
            raise ValueError(f"{order.state} has no way back to {state}")
        merged = {k: v for k, v in {**order.data, **data}.items() if k not in forget}
        waits = order.wait_on if wait_on == -1 else wait_on
        at, marks = now_ms(), ",".join("?" * len(lost))
        with self._transaction() as db:
            updated = db.execute(
                "UPDATE orders SET state = ?, data = ?, wait_on = ?, due = 0, updated_ms = ?"
                " WHERE id = ? AND state = ?",
                (state, json.dumps(merged), waits, at, order.id, order.state),
            )
            if updated.rowcount != 1:
                raise StaleOrder(f"order {order.id} is no longer {order.state}")
            if state == order.state:
                db.execute(f"UPDATE steps SET tx = NULL WHERE order_id = ? AND tx IN ({marks})", (order.id, *lost))
            else:
                first = db.execute(f"SELECT min(seq) FROM steps WHERE order_id = ? AND tx IN ({marks})",
                                   (order.id, *lost)).fetchone()[0]  # fmt: skip
                if first is not None:
                    db.execute("DELETE FROM steps WHERE order_id = ? AND seq >= ?", (order.id, first))
                last = db.execute("SELECT state FROM steps WHERE order_id = ? ORDER BY seq DESC LIMIT 1",
                                  (order.id,)).fetchone()  # fmt: skip
                if last is None or last[0] != state:
                    seq = db.execute("SELECT count(*) FROM steps WHERE order_id = ?", (order.id,)).fetchone()[0]
                    db.execute("INSERT INTO steps VALUES (?, ?, ?, ?, NULL)", (order.id, seq, state, at))
        return Order(order.id, order.src_chain, order.src_tx, order.log_index, order.dst_chain, state, merged,
                     waits, 0.0, order.created_ms, at)  # fmt: skip

    def drop(self, order_id: str) -> None:
        """An order that never was, as the chains now stand (its deposit went, nothing was paid): forgotten with
        its steps and what was signed for it. If the same deposit lands again, it is found again."""
        with self._transaction() as db:
            db.execute("DELETE FROM orders WHERE id = ?", (order_id,))

    def sends_on(self, order_id: str, chain_id: int) -> list[Sent]:
        """What was signed for an order on one chain."""
        with self._lock:
            rows = self._db.execute(
                "SELECT hash, order_id, kind, chain_id, raw, nonce, expires_ms, created_ms FROM sends"
                " WHERE order_id = ? AND chain_id = ?",
                (order_id, chain_id),
            ).fetchall()
        return [Sent(*row) for row in rows]

    def lost_deposits(self, order_ids: list[str]) -> list[Order]:
        """Those of the orders (at most a scan's few hundred) whose deposit went with its chain (`LOST_DEPOSIT`)."""
        found = self._orders(f"WHERE id IN ({','.join('?' * len(order_ids))})", tuple(order_ids))
        return [o for o in found if LOST_DEPOSIT in o.data]

    def forget_send(self, tx_hash: str) -> None:
        """A signed transaction its chain no longer has and never will (the chain went back past it)."""
        with self._transaction() as db:
            db.execute("DELETE FROM sends WHERE hash = ?", (tx_hash,))

    # -- reading --------------------------------------------------------------------------------

    def get(self, order_id: str) -> Order | None:
        found = self._orders("WHERE id = ?", (order_id,))
        return found[0] if found else None

    def by_tx(self, src_tx: str) -> list[Order]:
        """Orders of a source transaction, in log order (a registered one last)."""
        return self._orders("WHERE src_tx = ? ORDER BY log_index IS NULL, log_index", (src_tx.lower(),))

    def waiting(self, chain_id: int, limit: int) -> list[Order]:
        """Open orders the loop of `chain_id` moves on next, oldest first, at most `limit`."""
        return self._orders("WHERE wait_on = ? ORDER BY created_ms, id LIMIT ?", (chain_id, limit))

    def awaited_chains(self) -> set[int]:
        with self._lock:
            rows = self._db.execute("SELECT DISTINCT wait_on FROM orders WHERE wait_on IS NOT NULL").fetchall()
        return {int(row[0]) for row in rows}

    def all(self) -> list[Order]:
        return self._orders("ORDER BY created_ms, id", ())

    def _orders(self, tail: str, args: tuple[Any, ...]) -> list[Order]:
        with self._lock:
            rows = self._db.execute(f"SELECT {_ORDER_COLUMNS} FROM orders {tail}", args).fetchall()
        return [_order(row) for row in rows]

    def steps(self, order_id: str) -> list[Step]:
        found = self.with_steps(order_id)
        return found[1] if found is not None else []

    def with_steps(self, order_id: str) -> tuple[Order, list[Step]] | None:
        """An order and its steps as one moment saw them: read apart, an operator moving the order between the
        two reads gave an answer whose timeline was ahead of its state (a Success step under "Swapping")."""
        with self._lock:
            row = self._db.execute(f"SELECT {_ORDER_COLUMNS} FROM orders WHERE id = ?", (order_id,)).fetchone()
            rows = self._db.execute(
                "SELECT state, at_ms, tx FROM steps WHERE order_id = ? ORDER BY seq", (order_id,)
            ).fetchall()
        return (_order(row), [Step(*r) for r in rows]) if row is not None else None

    def sends(self, order_id: str, kind: str) -> list[Sent]:
        """What was signed for an order's `kind` of transaction, oldest first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT hash, order_id, kind, chain_id, raw, nonce, expires_ms, created_ms FROM sends"
                " WHERE order_id = ? AND kind = ? ORDER BY created_ms, rowid",
                (order_id, kind),
            ).fetchall()
        return [Sent(*row) for row in rows]

    def cursor(self, chain_id: int) -> tuple[int, str] | None:
        with self._lock:
            row = self._db.execute("SELECT block, hash FROM cursors WHERE chain_id = ?", (chain_id,)).fetchone()
        return None if row is None else (int(row[0]), str(row[1]))

    def integrity(self) -> str:
        with self._lock:
            return str(self._db.execute("PRAGMA integrity_check").fetchone()[0])

    def close(self) -> None:
        with self._lock:
            self._db.close()


def _order(row: tuple[Any, ...]) -> Order:
    return Order(row[0], row[1], row[2], row[3], row[4], row[5], json.loads(row[6]), row[7], row[8], row[9], row[10])
