"""Blocking work (SQLite, the keyring, scrypt) run off the event loop's thread.

Not `asyncio.to_thread`: that asks for the *running* loop, and under qasync
a task's step can run from a Qt event while no loop counts as running (Qt
processing events on its own, as pytest-qt does). The loop that is set is
always the one to use.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


async def off_loop(work: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    loop = asyncio.get_event_loop()
    return await loop.run_in_executor(None, functools.partial(work, *args, **kwargs))
