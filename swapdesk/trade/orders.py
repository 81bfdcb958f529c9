"""Following cross-chain orders to their end, from the local store, across restarts.

Every order the app started is in the store (`store.orders`), written with its deposit. `OrderTracker` asks
the engine for each open order's details (`/v3/core/details` by the deposit's hash: the normalised status,
the bridge's own, the timeline, the payout) and keeps what changed; `on_update` hears of every change and
whether the order just ended. An order whose deposit is not confirmed yet is left to the outbox, which
settles it first; one whose order callback was never made (a crash, a provider that was down) gets it now.
Nothing here knows Qt: the window turns the updates into signals.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

from swapdesk.api import ApiError, CrossOrderRequest, DetailsRequest, ErrorCode, SwapService, TxDetails, parse
from swapdesk.blocking import off_loop
from swapdesk.chains import by_id
from swapdesk.store import StoredOrder, TxStore

log = logging.getLogger(__name__)
POLL_SECONDS = 2.0  # the fastest devnet stage is a block (~3 s at speed 1); a person reads a second or two late
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

    def wake(self) -> None:
        """Look now (an order was just sent, or the window wants news)."""
        self._wake.set()

    async def run(self) -> None:
        """Follow every open order until cancelled; one round, then a pause or a wake-up. Nothing stops it but
        cancelling: a round that fails (a bug, a store that cannot be read) is logged and tried again."""
        while True:
            try:
                await self.round()
            except Exception:
                log.exception("a round of order tracking failed; trying again")
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self.interval):
                    await self._wake.wait()

    async def round(self) -> list[StoredOrder]:
        """Every open order looked at once (one at a time: 20 orders must not stall the window); the changed."""
        changed = []
        for order in await off_loop(self.store.open_orders):
            if order.deposit != "confirmed":
                continue  # the outbox settles the deposit first
            try:
                updated = await self.poll(order)
            except ApiError as exc:  # a provider or chain that is down: try again next round
                log.info("order %s not followed this round: %s", order.hash, exc.message)
                continue
            except Exception:  # one order that cannot be read must not stop the others
                log.exception("order %s could not be followed this round", order.hash)
                continue
            if updated is not None:
                changed.append(updated)
        return changed

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
