"""Orders judged again after a chain went back: a repair kept the blocks before its damage, or a reset started it
over from its world (`devnet.rewinds`: the record either leaves, from its first lost block), or an operator found
the block it last scanned gone or changed. Every order touching the chain is read against the chains as they are
now, by the transactions it stands on:

- **its deposit gone** (the chain held it): if its payout stands, the payout stays, never made again, and the
  order says that the world lost its deposit (`depositLost`); if nothing was paid, the order never was, as the
  chains stand: it is dropped, and found again if the same deposit lands again;
- **its deposit there**: an outcome its state stands on (a payout, a release, a refund) that is gone from its
  chain sends the order back to the state that makes it, by the same rules as the first time, and the order says
  why (`rejudged`); one that stands stays, and a source that lost its record of the payout (`settle`) records it
  again (`Operator.resettle`).

What was signed on the chain for an order and is not there now is forgotten first: the chain went back past it
and will not take it (its nonce may be used again), so the operator signs anew, and the contracts' one outcome per
order (a vault's `settled`, cBridge's `transfers`, the router's `completedSwapin`) keeps a payout from being made
twice. Judging reads only the chains, so judging an order again (after a crash mid-way) changes nothing more.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from swapdesk.chains import by_id
from swapdesk.devnet.bridges.store import LOST_DEPOSIT, Order
from swapdesk.off_loop import off_loop

if TYPE_CHECKING:
    from swapdesk.devnet.bridges.operator_loop import Operator

log = logging.getLogger(__name__)
REJUDGED = "rejudged"  # in an order's data: why it went back, in words
MAX_JUDGED = 100  # orders judged again in one poll of the chain
DESTINATION, SOURCE, NOWHERE = "destination", "source", "nowhere"


@dataclass(frozen=True)
class Outcome:
    """A transaction an order's state stands on: the data field holding its hash (`key`), its chain (the
    destination's or the source's), what it is in words, the states that stand on it, the state that makes it
    again (`back`), the fields that go with it, and the chain the order then waits on."""

    key: str
    on_destination: bool
    what: str
    states: frozenset[str]
    back: str
    forget: tuple[str, ...]
    waits: str = DESTINATION

    def chain(self, order: Order) -> int | None:
        return order.dst_chain if self.on_destination else order.src_chain


def rejudged_note(data: dict[str, object]) -> str:
    """What judging an order again found, in words, for its provider's API ("": nothing)."""
    return str(data.get(LOST_DEPOSIT) or data.get(REJUDGED) or "")


def ways_back(outcomes: tuple[Outcome, ...]) -> dict[str, tuple[str, ...]]:
    """The life cycle's ways back (`Machine.back`): from each state an outcome stands under, to its `back`."""
    found: dict[str, tuple[str, ...]] = {}
    for outcome in outcomes:
        for state in sorted(outcome.states):
            if outcome.back not in found.get(state, ()):
                found[state] = (*found.get(state, ()), outcome.back)
    return found


async def judge_chain(operator: Operator, chain_id: int, first_lost: int, judged_to: str) -> bool:
    """The next orders touching a chain that went back, judged again; whether all of them are (the rewind is
    then done). An order that cannot be judged now stops the batch, and is judged first at the next poll."""
    batch = await off_loop(operator.store.touching, chain_id, judged_to, MAX_JUDGED)
    for order in batch:
        said = await judge(operator, order, chain_id, first_lost)
        if said != "stands":
            log.warning("%s: order %s judged again (chain %s went back): %s", operator.name, order.id, chain_id, said)
        await off_loop(operator.store.judged, chain_id, order.id)
    if len(batch) == MAX_JUDGED:
        return False
    await off_loop(operator.store.judged, chain_id, None)
    return True


async def judge(operator: Operator, order: Order, chain_id: int, first_lost: int) -> str:
    """One order judged against the chains as they are now, `chain_id` having gone back; what was done, in words."""
    if order.log_index is None:
        return "stands"  # registered, its deposit not seen: it waits for it as it did
    client = operator.world.client(chain_id)
    for sent in await off_loop(operator.store.sends_on, order.id, chain_id):
        if await client.receipt(sent.hash) is None:
            await off_loop(operator.store.forget_send, sent.hash)
    went = _went_back(chain_id, first_lost)
    if order.src_chain == chain_id and await client.receipt(order.src_tx) is None:
        return await _deposit_lost(operator, order, went)
    for outcome in operator.outcomes:
        tx = order.data.get(outcome.key)
        if not tx or outcome.chain(order) != chain_id or order.state not in outcome.states:
            continue
        if await client.receipt(tx) is not None:
            continue
        again = "paid again" if outcome.on_destination else "made again"
        why = f"its {outcome.what} {tx} went with {went}: it is {again}, as the first time"
        waits = {DESTINATION: order.dst_chain, SOURCE: order.src_chain, NOWHERE: None}[outcome.waits]
        back = partial(operator.store.judge, data={REJUDGED: why}, forget=outcome.forget, wait_on=waits)
        await off_loop(back, order, outcome.back, {tx})
        return why
    if order.src_chain == chain_id:
        await operator.resettle(order)
    return "stands"


async def _deposit_lost(operator: Operator, order: Order, went: str) -> str:
    """The order's deposit is gone: its payout, if one stands, stays (never made again); else the order goes."""
    payout = next(o for o in operator.outcomes if o.on_destination)
    tx, dst = order.data.get(payout.key), order.dst_chain
    if tx and dst is not None and order.state in payout.states:
        await operator.need(dst)
        landed = await operator.world.client(dst).receipt(tx)
        if landed is not None and landed.ok:
            why = (f"its deposit {order.src_tx} went with {went}; its {payout.what} {tx} stands on"
                   f" {by_id(dst).name}: it is not made again")  # fmt: skip
            judged = await off_loop(partial(operator.store.judge, data={LOST_DEPOSIT: why}), order, order.state,
                                    {order.src_tx})  # fmt: skip
            await operator.resettle(judged)  # recorded paid at the source: its deposit landing again is not refunded
            return why
    await off_loop(operator.store.drop, order.id)
    return f"its deposit {order.src_tx} went with {went}, and nothing was paid: the order is dropped"


def _went_back(chain_id: int, first_lost: int) -> str:
    name = by_id(chain_id).name
    if first_lost <= 0:
        return f"{name}'s blocks that are no longer there (the chain started over)"
    return f"{name}'s blocks from #{first_lost:,} (a chain repair or reset)"
