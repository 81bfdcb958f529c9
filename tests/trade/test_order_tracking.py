"""The order tracker backs off an order it cannot follow and says so once, not a traceback per round."""

from __future__ import annotations

import logging
import time
from pathlib import Path

import pytest

from swapdesk.engine import Engine
from swapdesk.remote import RemoteService
from swapdesk.store import StoredTx, TxStore
from swapdesk.trade.orders import MAX_BACKOFF, OrderTracker, backoff

INTERVAL = 0.02  # seconds: the usual pace, fast for the test
WATCH = 1.5  # seconds of rounds watched: 75 looks at the usual pace, 6 with the backoff
SENDER = "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955"
DOWN = "http://127.0.0.1:9"  # nothing listens there: every details lookup is SERVER_UNREACHABLE


def _order(store: TxStore, n: int, summary: dict[str, object], order_id: str = "") -> str:
    """A bridge deposit the app sent, confirmed: an order open for the tracker."""
    tx_hash = "0x" + f"{n:064x}"
    store.record(StoredTx(tx_hash, 56, "bridge", SENDER, n, "0x00", "signed", summary))
    store.mark(tx_hash, "confirmed", block=1)
    if order_id:
        store.update_order(tx_hash, order_id=order_id)
    return tx_hash


async def _rounds(tracker: OrderTracker, seconds: float) -> int:
    """Rounds back to back (as `run` does, without its pause) for `seconds`; how many."""
    rounds, until = 0, time.monotonic() + seconds
    while time.monotonic() < until:
        await tracker.round()
        rounds += 1
    return rounds


def _said(caplog: pytest.LogCaptureFixture, order: str) -> list[logging.LogRecord]:
    return [r for r in caplog.records if order in r.getMessage() and r.levelno >= logging.INFO]


async def test_an_order_whose_server_is_down_is_asked_less_often_and_said_once(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, engine: Engine
) -> None:
    store = TxStore(tmp_path / "history.sqlite")
    down = RemoteService(DOWN, timeout=5)
    try:
        order = _order(store, 1, {"bridge": "METAPATH", "toChainId": 137}, order_id="0xabc")
        tracker = OrderTracker(down, store, interval=INTERVAL)
        caplog.set_level(logging.DEBUG, logger="swapdesk.trade.orders")
        rounds = await _rounds(tracker, WATCH)
        looks = tracker.failing[order].count
        assert rounds > 20 and looks <= 8, (rounds, looks)  # 0.04 s, 0.08 s, ... doubled at each failure
        said = _said(caplog, order)
        assert len(said) == 1 and said[0].levelno == logging.WARNING and said[0].exc_info is None
        assert "cannot reach http://127.0.0.1:9" in said[0].getMessage()
        tracker.service = engine  # the server is back: the order is followed again (not mined there: unchanged)
        deadline = time.monotonic() + MAX_BACKOFF + 5
        while order in tracker.failing and time.monotonic() < deadline:
            await tracker.round()
        assert order not in tracker.failing
        assert "is followed again, after" in _said(caplog, order)[-1].getMessage()
    finally:
        await down.aclose()
        store.close()


async def test_a_bug_in_one_order_is_one_traceback_and_the_others_go_on(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, engine: Engine
) -> None:
    store = TxStore(tmp_path / "history.sqlite")
    try:
        broken = _order(store, 2, {"bridge": "CBRIDGE", "toChainId": 137})  # no callback made, and no tokens to make it
        fine = _order(store, 3, {"bridge": "METAPATH", "toChainId": 137}, order_id="0xdef")
        tracker = OrderTracker(engine, store, interval=INTERVAL)
        caplog.set_level(logging.INFO, logger="swapdesk.trade.orders")
        rounds = await _rounds(tracker, WATCH)
        said = _said(caplog, broken)
        assert len(said) == 1 and said[0].exc_info is not None  # the traceback, once
        assert tracker.failing[broken].count <= 8 < rounds
        assert fine not in tracker.failing and not _said(caplog, fine)  # asked every round, quietly
    finally:
        store.close()


def test_the_backoff_doubles_up_to_its_bound() -> None:
    assert [backoff(2.0, n) for n in range(1, 7)] == [4.0, 8.0, 16.0, 32.0, MAX_BACKOFF, MAX_BACKOFF]
    assert backoff(2.0, 10_000) == MAX_BACKOFF
