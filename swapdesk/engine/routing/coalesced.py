"""A call coalesced: each caller gets the answer of a call that began after it asked, shared with the others.

A quote must see every block mined before it was asked for, so each one
needs a look at the chain's head that starts after its request arrived. Under
load, requests that arrive while a look is under way wait for the next one
and share it: at most one call runs and one waits, however many callers, so
the node sees a steady trickle instead of one request per quote, and no
caller ever gets an answer older than its own request. A round's call runs in the
context of the caller that asked for it first (its piece of work, `chain.work`).
"""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Callable, Coroutine
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class Coalesced(Generic[T]):
    def __init__(self, call: Callable[[], Coroutine[Any, Any, T]]) -> None:
        self._call = call
        self._next: asyncio.Future[T] | None = None  # the answer of the call that starts once the running ends
        self._context = contextvars.Context()  # the next call's: its first caller's
        self._runner: asyncio.Task[None] | None = None

    async def __call__(self) -> T:
        if self._next is None:
            self._next = asyncio.get_running_loop().create_future()
            self._next.add_done_callback(_retrieved)
            self._context = contextvars.copy_context()
            if self._runner is None:
                self._runner = asyncio.ensure_future(self._run())
        return await asyncio.shield(self._next)  # a caller that gives up leaves the others their answer

    async def _run(self) -> None:
        try:
            while self._next is not None:
                answer, self._next = self._next, None
                try:
                    answer.set_result(await asyncio.create_task(self._call(), context=self._context))
                except asyncio.CancelledError:
                    answer.cancel()
                    raise
                except Exception as exc:  # every caller of this round hears it
                    answer.set_exception(exc)
        finally:
            self._runner = None
            if self._next is not None:  # cancelled with callers waiting for the next round
                self._next.cancel()
                self._next = None

    async def aclose(self) -> None:
        """Stop the look under way (its callers hear CancelledError): nothing outlives its owner."""
        runner = self._runner
        if runner is not None:
            runner.cancel()
            await asyncio.gather(runner, return_exceptions=True)


def _retrieved(future: asyncio.Future[T]) -> None:
    """Mark an error as seen: when every caller has given up, nobody else will look at it."""
    if not future.cancelled():
        future.exception()
