"""Exclusive async work for widgets: a newer request cancels the older one.

A fast typist starts a quote per keystroke (after the debounce); only the
newest may land, so an old quote can never overwrite a newer one.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import Any

log = logging.getLogger(__name__)


class Latest:
    def __init__(self, on_error: Callable[[BaseException], None] | None = None) -> None:
        """`on_error` hears of an exception the work did not handle (a bug): it is
        told to the user in plain words and logged, never lost with the task."""
        self._task: asyncio.Task[Any] | None = None
        self._closed = False
        self._on_error = on_error

    def run(self, work: Coroutine[Any, Any, Any]) -> asyncio.Task[Any] | None:
        """Start `work`, cancelling the previous one; nothing once closed."""
        self.cancel()
        if self._closed:
            # a widget being torn down still emits signals (a field losing focus):
            # work started now would outlive the widgets it touches
            work.close()
            return None
        self._task = asyncio.ensure_future(work)
        self._task.add_done_callback(self._finished)
        return self._task

    def _finished(self, task: asyncio.Task[Any]) -> None:
        if task.cancelled() or task.exception() is None:
            return
        error = task.exception()
        assert error is not None
        if self._closed:  # cancelled with its widget, it ended touching what was torn down: nobody to tell
            log.debug("a window task ended after its widget closed", exc_info=error)
            return
        log.error("unexpected error in a window task", exc_info=error)
        if self._on_error is not None:
            self._on_error(error)

    @property
    def busy(self) -> bool:
        return self._task is not None and not self._task.done()

    def close(self) -> None:
        self._closed = True
        self.cancel()

    def cancel(self) -> None:
        if self._task is not None and not self._task.done():
            self._task.cancel()
        self._task = None
