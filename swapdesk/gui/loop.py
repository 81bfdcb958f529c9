"""The qasync event loop, with the running loop set for its last Qt pass.

qasync's `run_until_complete` stops its loop, clears asyncio's running loop,
then processes pending Qt events "one last time". A task stepped there finds
no running loop (`asyncio.get_running_loop()` raises) and dies with a
RuntimeError: a quote in flight at quit, or any task between two waits in a
test. This loop stays the running loop until that last pass is done.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any, TypeVar

import qasync

T = TypeVar("T")


class EventLoop(qasync.QEventLoop):  # type: ignore[misc]  # qasync ships no types: its loop is Any to mypy
    def run_forever(self) -> Any:
        try:
            return super().run_forever()
        finally:
            asyncio.events._set_running_loop(self)  # for run_until_complete's last pass

    def run_until_complete(self, future: Awaitable[T]) -> T:
        try:
            done: T = super().run_until_complete(future)  # qasync's, untyped: what the awaitable gives
            return done
        finally:
            asyncio.events._set_running_loop(None)
