"""The engine's work in progress (a quote) and its deadline, for a node in the process that serves it first.

A quote reads its chain several times in a row, computing in between. A node shared with other clients that
serves the engine's reads ahead of theirs (the devnet: `devnet.lanes`) would still start another client's call in
each gap, so a quote would wait behind one of those per read. `working(seconds)` says which reads belong together
and until when: such a node keeps the chain for them from their first read until the work ends or its deadline
passes. A node over the network never hears of it. The tasks a task starts share its work (a context variable).
"""

from __future__ import annotations

import asyncio
import contextvars
import itertools
from collections.abc import Callable, Iterator
from contextlib import contextmanager

_numbers = itertools.count(1)


class Work:
    """One piece of the engine's work: its number (to tell its reads apart) and its deadline (the loop's time)."""

    def __init__(self, deadline: float) -> None:
        self.number = next(_numbers)
        self.deadline = deadline
        self.ended = False
        self._on_end: list[Callable[[], None]] = []

    def on_end(self, callback: Callable[[], None]) -> None:
        """Call `callback` when the work ends (at once if it has)."""
        if self.ended:
            callback()
        else:
            self._on_end.append(callback)

    def end(self) -> None:
        if not self.ended:
            self.ended = True
            callbacks, self._on_end = self._on_end, []
            for callback in callbacks:
                callback()


_current: contextvars.ContextVar[Work | None] = contextvars.ContextVar("engine_work", default=None)


def current() -> Work | None:
    """The work the running task's reads belong to, if it has not ended."""
    work = _current.get()
    return None if work is None or work.ended else work


@contextmanager
def working(seconds: float) -> Iterator[Work]:
    """The reads made within (by this task and the tasks it starts) are one piece of work, due in `seconds`."""
    work = Work(asyncio.get_running_loop().time() + seconds)
    token = _current.set(work)
    try:
        yield work
    finally:
        _current.reset(token)
        work.end()
