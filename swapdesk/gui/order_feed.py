"""The window's side of order tracking: `trade.orders.OrderTracker` running on the window's loop, its updates
as Qt signals (the Electrum way: the engine knows nothing of Qt, a small adapter speaks for it).

It starts with the engine (tracking resumes from the store after a restart), looks at once when an order is
sent (`wake`), and says when an order ends, once: the store remembers who was told, so a restart neither
repeats an old notification nor loses one that ended while the app was closed.
"""

from __future__ import annotations

import asyncio

from PySide6.QtCore import QObject, Signal

from swapdesk.api import SwapService
from swapdesk.gui.tasks import Latest
from swapdesk.off_loop import off_loop
from swapdesk.store import StoredOrder, TxStore
from swapdesk.trade.orders import POLL_SECONDS, OrderTracker


class OrderFeed(QObject):
    updated = Signal(object)  # StoredOrder: what the bridge says now
    ended = Signal(object)  # StoredOrder: it just ended, and nobody was told yet
    remembered = Signal(str)  # the deposit's hash: the store knows the person was told it ended

    def __init__(self, store: TxStore, interval: float = POLL_SECONDS, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.interval = interval
        self.tracker: OrderTracker | None = None
        self._running = Latest()
        self._telling: set[asyncio.Future[None]] = set()

    def start(self, service: SwapService) -> None:
        """Follow every open order through `service` (a new engine replaces the last one's tracking)."""
        self.tracker = OrderTracker(service, self.store, self._heard, self.interval)
        self._running.run(self._run(self.tracker))

    async def _run(self, tracker: OrderTracker) -> None:
        for order in await off_loop(self.store.orders):  # ended while no window was open to say it
            if order.ended and not order.notified:
                self.ended.emit(order)
        await tracker.run()

    def _heard(self, order: StoredOrder, ended_now: bool) -> None:
        self.updated.emit(order)
        if ended_now and not order.notified:
            self.ended.emit(order)

    def told(self, order: StoredOrder) -> None:
        """The person was told `order` ended: kept in the store (off the loop's thread: SQLite waits for the
        disk), then `remembered`."""

        async def remember() -> None:
            await off_loop(self.store.mark_notified, order.hash)
            self.remembered.emit(order.hash)

        task = asyncio.ensure_future(remember())
        self._telling.add(task)
        task.add_done_callback(self._telling.discard)

    def wake(self) -> None:
        if self.tracker is not None:
            self.tracker.wake()

    @property
    def running(self) -> bool:
        return self._running.busy

    def stop(self) -> None:
        self._running.close()
