"""The qasync event loop, with the running loop set for its last Qt pass.

qasync's `run_until_complete` stops its loop, clears asyncio's running loop,
then processes pending Qt events "one last time". A task stepped there finds
no running loop (`asyncio.get_running_loop()` raises) and dies with a
RuntimeError: a quote in flight at quit, or any task between two waits in a
test. This loop stays the running loop until that last pass is done.
"""

from __future__ import annotations

import asyncio
from typing import Any

import qasync


class EventLoop(qasync.QEventLoop):
    def run_forever(self) -> Any:
        try:
            return super().run_forever()
        finally:
            asyncio.events._set_running_loop(self)  # for run_until_complete's last pass

    def run_until_complete(self, future: Any) -> Any:
        try:
            return super().run_until_complete(future)
        finally:
            asyncio.events._set_running_loop(None)
