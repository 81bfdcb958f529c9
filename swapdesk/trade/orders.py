"""Following cross-chain orders to their end, from the local store, across restarts.

Every order the app started is in the store (`store.orders`), written with its deposit. `OrderTracker` asks
the engine for each open order's details (`/v3/core/details` by the deposit's hash: the normalised status,
the bridge's own, the timeline, the payout) and keeps what changed; `on_update` hears of every change and
whether the order just ended. An order whose deposit is not confirmed yet is left to the outbox, which
settles it first; one whose order callback was never made (a crash, a provider that was down) gets it now.
Nothing here knows Qt: the window turns the updates into signals.

An order that cannot be followed (its chain or provider down, a record that does not parse) is asked again
later and later: after `interval` doubled at each failure, up to `MAX_BACKOFF` seconds; the others go on at
the usual pace. Its failure is logged once, when it begins (with the traceback, if it is a bug), and once
more when the order is followed again: not once per round. A round that fails as a whole (the store cannot
be read) backs off the same way.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from swapdesk.api import ApiError, CrossOrderRequest, DetailsRequest, ErrorCode, SwapService, TxDetails, parse
from swapdesk.chains import by_id
from swapdesk.off_loop import off_loop
from swapdesk.store import StoredOrder, TxStore

log = logging.getLogger(__name__)
POLL_SECONDS = 2.0  # the fastest devnet stage is a block (~3 s at speed 1); a person reads a second or two late
MAX_BACKOFF = 60.0  # seconds at most between two looks at an order that keeps failing
# cBridge's states in which the refund waits for its sender's withdraw (docs/cross-chain.md)
WITHDRAWS = ("TO_BE_REFUNDED", "REQUESTING_REFUND", "REFUND_TO_BE_CONFIRMED")


def refundable(order: StoredOrder) -> bool:
    """The order waits for its sender to withdraw it (cBridge), and the app has not sent the withdrawal."""
    return order.bridge == "CBRIDGE" and order.notes in WITHDRAWS and not order.refund_hash


async def register(service: SwapService, store: TxStore, order: StoredOrder) -> str:
    """The spec's order callback for `order` (idempotent: the same hash gives the same id), kept in the store."""
    s = order.summary
    query = [
        ("bridge", order.bridge), ("fromChainID", str(order.chain_id)), ("toChainID", str(order.to_chain_id)),
        ("token0", s["tokenIn"]), ("token1", s["tokenOut"]), ("to", s["receiver"]), ("amountIn", s["amountIn"]),
        ("channel", s.get("channel") or "default"), ("hash", order.hash), ("amountOutMin", s["quotedOut"]),
    ]  # fmt: skip
    order_id = await service.cross_order(parse(CrossOrderRequest, query))
    await off_loop(store.update_order, order.hash, order_id=order_id)
    return order_id


def changes(order: StoredOrder, record: TxDetails) -> dict[str, Any]:
    """What the details record says that the store does not know yet."""
    normalized = record.normalizedStatus
    now: dict[str, Any] = {
        "notes": record.statusNotes,
        "target_hash": record.targetHash,
        "amount_out": int(record.amountOut),
        "timeline": [stage.model_dump() for stage in record.timeline or []],
    }
    if normalized is not None:
        now |= {"status": normalized.status, "substatus": normalized.substatus, "message": normalized.substatusMessage}
    if record.orderId and not order.order_id:
        now["order_id"] = record.orderId
    known = {
        "notes": order.notes, "target_hash": order.target_hash, "amount_out": order.amount_out,
        "timeline": order.timeline, "status": order.status, "substatus": order.substatus, "message": order.message,
        "order_id": order.order_id,
    }  # fmt: skip
    return {name: value for name, value in now.items() if known[name] != value}


@dataclass
class _Failing:
    """An order (or the round itself) that failed `count` times in a row; not asked again before `retry_at`."""

    count: int
    retry_at: float


def backoff(interval: float, failures: int) -> float:
    """Seconds to wait after `failures` failures in a row: `interval` doubled each time, at most MAX_BACKOFF."""
    doubling: int = 2 ** min(failures, 16)
    return min(MAX_BACKOFF, interval * doubling)


class OrderTracker:
    def __init__(
        self,
        service: SwapService,
        store: TxStore,
        on_update: Callable[[StoredOrder, bool], None] = lambda _order, _ended: None,
        interval: float = POLL_SECONDS,
    ) -> None:
        """`on_update(order, ended_now)` hears of each change, on the event loop's thread."""
        self.service, self.store, self.on_update, self.interval = service, store, on_update, interval
        self._wake = asyncio.Event()
        self.failing: dict[str, _Failing] = {}  # deposit hash -> its failures in a row
        self._round_failures = 0

    def wake(self) -> None:
        """Look now (an order was just sent, or the window wants news)."""
        self._wake.set()

    async def run(self) -> None:
        """Follow every open order until cancelled; one round, then a pause or a wake-up. Nothing stops it but
        cancelling: a round that fails (a bug, a store that cannot be read) is said once and tried again, later
        and later while it keeps failing."""
        while True:
            pause = self.interval
            try:
                await self.round()
                if self._round_failures:
                    log.info("order tracking works again after %d failed rounds", self._round_failures)
                self._round_failures = 0
            except Exception:
                self._round_failures += 1
                if self._round_failures == 1:
                    log.exception("a round of order tracking failed; trying again, less often while it fails")
                pause = backoff(self.interval, self._round_failures)
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(pause):
                    await self._wake.wait()

    async def round(self) -> list[StoredOrder]:
        """Every open order looked at once (one at a time: 20 orders must not stall the window), but those
        backing off; the changed."""
        changed = []
        for order in await off_loop(self.store.open_orders):
            if order.deposit != "confirmed":
                continue  # the outbox settles the deposit first
            failing = self.failing.get(order.hash)
            if failing is not None and time.monotonic() < failing.retry_at:
                continue
            try:
                updated = await self.poll(order)
            except Exception as exc:  # one order that cannot be read must not stop the others
                self._failed(order, exc)
                continue
            if failing is not None:
                del self.failing[order.hash]
                log.info("order %s is followed again, after %d failed attempts", order.hash, failing.count)
            if updated is not None:
                changed.append(updated)
        return changed

    def _failed(self, order: StoredOrder, exc: Exception) -> None:
        failing = self.failing.get(order.hash) or _Failing(0, 0.0)
        failing.count += 1
        wait = backoff(self.interval, failing.count)
        failing.retry_at = time.monotonic() + wait
        self.failing[order.hash] = failing
        if failing.count > 1:
            log.debug("order %s still not followed (%d failures): %s", order.hash, failing.count, exc)
            return
        if isinstance(exc, ApiError):  # a provider or chain that is down: said in its words
            log.warning(
                "order %s cannot be followed now: %s; asked again later and later (up to every %.0f s)",
                order.hash, exc.message, MAX_BACKOFF,
            )  # fmt: skip
        else:  # a bug: its traceback, once
            log.exception("order %s could not be followed; asked again later and later", order.hash)

    async def poll(self, order: StoredOrder) -> StoredOrder | None:
        """The order as the bridge says it is now; None when nothing changed."""
        if not order.order_id:
            with contextlib.suppress(ApiError):  # not told yet: the details still find the deposit
                order = await self._registered(order)
        try:
            record = await self.service.details(DetailsRequest(order.hash, by_id(order.chain_id)))
        except ApiError as exc:
            if exc.code is ErrorCode.TRANSACTION_NOT_FOUND:
                return None  # not seen by the engine's node yet
            raise
        found = changes(order, record)
        if not found:
            return None
        await off_loop(lambda: self.store.update_order(order.hash, **found))
        updated = await off_loop(self.store.order, order.hash)
        assert updated is not None
        self.on_update(updated, updated.ended and not order.ended)
        return updated

    async def _registered(self, order: StoredOrder) -> StoredOrder:
        await register(self.service, self.store, order)
        again = await off_loop(self.store.order, order.hash)
        assert again is not None
        return again
