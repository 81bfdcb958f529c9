"""Exclusive widget work: stale work is cancelled, bugs are told, not lost."""

from __future__ import annotations

import asyncio

import qasync

from swapdesk.gui.tasks import Latest


def test_newer_work_cancels_older_and_errors_are_reported(qloop: qasync.QEventLoop) -> None:
    heard: list[BaseException] = []
    latest = Latest(heard.append)
    gate = asyncio.Event()

    async def slow() -> str:
        await gate.wait()
        return "slow"

    async def broken() -> None:
        raise ZeroDivisionError("a bug")

    first = latest.run(slow())
    second = latest.run(broken())
    assert first is not None and second is not None
    qloop.run_until_complete(asyncio.wait([first, second]))
    assert first.cancelled()
    assert [type(e) for e in heard] == [ZeroDivisionError]

    latest.close()
    assert latest.run(slow()) is None  # nothing starts once the widget is gone
