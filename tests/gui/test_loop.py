"""A task stepped in qasync's last Qt pass of run_until_complete still has its running loop."""

from __future__ import annotations

import asyncio

import qasync
from PySide6.QtWidgets import QApplication

from swapdesk.gui.loop import EventLoop


def _last_pass_sees(loop_type: type[qasync.QEventLoop], qapp: QApplication) -> list[object]:
    seen: list[object] = []

    async def probe() -> None:
        try:
            seen.append(asyncio.get_running_loop())
        except RuntimeError as error:
            seen.append(error)

    async def main() -> None:
        pass

    loop = loop_type(qapp, already_running=False)
    asyncio.set_event_loop(loop)
    try:
        done = asyncio.ensure_future(main(), loop=loop)
        probes: list[asyncio.Task[None]] = []
        # started as main finishes, just before run_until_complete stops the loop: first stepped in the last pass
        done.add_done_callback(lambda _: probes.append(asyncio.ensure_future(probe(), loop=loop)))
        loop.run_until_complete(done)
        loop.run_until_complete(asyncio.sleep(0))  # whatever the last pass left
    finally:
        loop.close()
        asyncio.set_event_loop(None)
    return seen


def test_a_task_in_the_last_pass_finds_its_loop(qapp: QApplication) -> None:
    seen = _last_pass_sees(EventLoop, qapp)
    assert len(seen) == 1 and isinstance(seen[0], EventLoop)


def test_qasync_alone_loses_it(qapp: QApplication) -> None:
    """Why EventLoop exists: if this starts failing, qasync fixed it and EventLoop can go."""
    seen = _last_pass_sees(qasync.QEventLoop, qapp)
    assert len(seen) == 1 and isinstance(seen[0], RuntimeError)
