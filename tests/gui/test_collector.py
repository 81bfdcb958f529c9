"""Cyclic garbage (Qt wrappers live in cycles) is collected on the GUI thread only."""

from __future__ import annotations

import gc
import threading
from typing import Any, ClassVar

from swapdesk.gui.collector import MainThreadCollector


class Cycle:
    """Records the thread that finally frees it."""

    freed_on: ClassVar[list[str]] = []

    def __init__(self) -> None:
        self.me = self

    def __del__(self) -> None:
        Cycle.freed_on.append(threading.current_thread().name)


def churn(kept: list[list[int]]) -> None:
    """Allocate (and keep) enough container objects to cross the collection thresholds."""
    kept.extend([i] for i in range(200_000))


def test_garbage_made_here_is_never_collected_on_a_worker_thread(qtbot: Any) -> None:
    was_enabled = gc.isenabled()  # off here: the window's tests collect on this thread only (conftest)
    collector = MainThreadCollector()
    collector.start()
    try:
        Cycle.freed_on.clear()
        Cycle()  # unreachable at once, alive only through its cycle
        kept: list[list[int]] = []
        worker = threading.Thread(target=churn, args=(kept,), name="evm-worker")
        worker.start()
        worker.join()
        assert Cycle.freed_on == []  # the worker's allocations did not collect it
        qtbot.waitUntil(lambda: Cycle.freed_on != [], timeout=10_000)  # the timer on this thread did
        assert Cycle.freed_on == [threading.current_thread().name]
    finally:
        collector.stop()
    assert gc.isenabled() is was_enabled  # handed back as it found it, to Python or to a collector around it
