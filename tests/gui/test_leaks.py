"""Nothing outlives its window: the checks every GUI test runs after its teardown (`conftest`) see a task or a
thread left running, and the app's own shutdown finds nothing left once the window and the engine closed."""

from __future__ import annotations

import asyncio
import threading

import qasync

from swapdesk.gui.app import stop_leftovers

from .conftest import _joined, _unfinished


def test_a_task_left_running_is_seen(qloop: qasync.QEventLoop) -> None:
    async def forever() -> None:
        await asyncio.Event().wait()

    left = qloop.create_task(forever())
    assert _unfinished(qloop, set(), seconds=0.05) == [left]
    assert stop_leftovers(qloop) == [left]  # the app's last step: said, cancelled, waited for
    assert left.cancelled()
    assert _unfinished(qloop, set(), seconds=0.05) == []


def test_a_thread_left_running_is_seen() -> None:
    release = threading.Event()
    thread = threading.Thread(target=release.wait, name="left-running")
    thread.start()
    assert not _joined(thread, seconds=0.05)
    release.set()
    assert _joined(thread)
