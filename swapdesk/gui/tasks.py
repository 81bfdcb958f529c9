"""Exclusive async work for widgets: a newer request cancels the older one.

A fast typist starts a quote per keystroke (after the debounce); only the
newest may land, so an old quote can never overwrite a newer one.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any


class Latest:
    def __init__(self) -> None:
        self._task: asyncio.Task[Any] | None = None

    def run(self, work: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        self.cancel()
        self._task = asyncio.ensure_future(work)
        return self._task

    def cancel(self) -> None:
        if self._task is not None and not self._task.done():
            self._task.cancel()
        self._task = None

    @property
    def busy(self) -> bool:
        return self._task is not None and not self._task.done()
