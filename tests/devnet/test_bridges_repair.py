"""Cross-chain orders after a chain is repaired back (issue 29): a real repair (`repair --keep-prefix` of a journal
damaged after a mark) of the destination loses an order's payout while its deposit stays, and of the source loses
its deposit while its payout stays. Every order touching the chain is judged again from the chains as they now
are, for each bridge: a payout that went is paid again, once; a deposit that went leaves its payout standing, said
in the provider's record, never paid twice (even when the same deposit lands again); an order whose transactions
are all in the blocks kept is left exactly as it was; no step shown stands on a transaction its chain lacks."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from swapdesk.devnet.bridges.operator_loop import Operator
from tests.engine.cross_world import CrossWorld, cross_world

from .bridges_world import BridgeNet, until
from .repair_world import BRIDGES, BSC, FINAL, POLYGON, Seen, deposit, mark, paid_and_refunded, repair_from, seen
from .rewind_world import Signed


@pytest.fixture
async def world() -> AsyncIterator[CrossWorld]:
    async with cross_world([BSC, POLYGON]) as running:
        yield running


async def final(net: BridgeNet, bridge: str, key: str) -> Seen:
    async def done() -> Seen | None:
        found = await seen(net, bridge, key)
        return found if found is not None and found.state == FINAL[bridge] else None

    return await until(done, f"{bridge} order {key} completes")


async def on_chain(net: BridgeNet, tx: str) -> bool:
    """Whether either chain has the transaction now."""
    for chain_id in (BSC, POLYGON):
        if await net.providers.world.client(chain_id).receipt(tx) is not None:
            return True
    return False


async def every_step_stands(net: BridgeNet, shown: Seen) -> None:
    for step in shown.timeline:
        assert not step["hash"] or await on_chain(net, step["hash"]), (step, shown.timeline)


def operator(net: BridgeNet, bridge: str) -> Operator:
    return {"metapath": net.providers.metapath, "cbridge": net.providers.cbridge, "anyswap": net.providers.anyswap}[
        bridge
    ]


@pytest.mark.parametrize("bridge", BRIDGES)
async def test_a_payout_lost_with_its_destination_is_paid_again_once(world: CrossWorld, bridge: str) -> None:
    net = world.net
    kept_by, lost_by = Signed(net.wallet(BSC, 3)), Signed(net.wallet(BSC, 4))
    kept = await deposit(net, bridge, kept_by, 1)
    before = await final(net, bridge, kept)
    since = mark(net, POLYGON)
    lost = await deposit(net, bridge, lost_by, 2)
    first = await final(net, bridge, lost)
    await repair_from(net, POLYGON, since)
    assert not await on_chain(net, first.payout)  # the repair took the payout; the deposit stays on BSC
    assert await on_chain(net, lost_by.hashes[-1])

    async def paid_again() -> Seen | None:  # (the same transaction, signed again at the same nonce, may land again)
        found = await seen(net, bridge, lost)
        done = found is not None and found.state == FINAL[bridge] and found.payout != ""
        return found if done and found is not None and await on_chain(net, found.payout) else None

    again = await until(paid_again, f"{bridge} pays order {lost} again", 90)
    assert "paid again" in again.note, again.note
    assert await paid_and_refunded(net, bridge, lost) == (1, 0)  # once, as the chains now stand
    assert await paid_and_refunded(net, bridge, kept) == (1, 0)
    assert await seen(net, bridge, kept) == before  # all of it in the blocks kept: left as it was
    await every_step_stands(net, again)
    details = await world.details(lost_by.hashes[-1], BSC)
    assert details["status"] == "Success" and details["targetHash"] == again.payout, details
    for stage in details["timeline"]:
        assert not stage["hash"] or await on_chain(net, stage["hash"]), details["timeline"]


@pytest.mark.parametrize("bridge", BRIDGES)
async def test_a_deposit_lost_with_its_source_leaves_its_payout_and_is_never_paid_twice(
    world: CrossWorld, bridge: str
) -> None:
    net = world.net
    kept_by, lost_by = Signed(net.wallet(BSC, 5)), Signed(net.wallet(BSC, 6))
    kept = await deposit(net, bridge, kept_by, 3)
    before = await final(net, bridge, kept)
    since = mark(net, BSC)
    lost = await deposit(net, bridge, lost_by, 4)
    first = await final(net, bridge, lost)
    await repair_from(net, BSC, since)
    assert not await on_chain(net, lost_by.hashes[-1])  # the repair took the deposit; the payout stays on Polygon
    assert await on_chain(net, first.payout)

    async def judged() -> Seen | None:
        found = await seen(net, bridge, lost)
        return found if found is not None and "deposit" in found.note and "went with" in found.note else None

    said = await until(judged, f"{bridge} says order {lost} lost its deposit", 90)
    assert (said.state, said.payout) == (FINAL[bridge], first.payout) and "not made again" in said.note
    assert await paid_and_refunded(net, bridge, lost) == (1, 0)
    assert await seen(net, bridge, kept) == before  # its deposit in the blocks kept: never dropped, left as it was
    await every_step_stands(net, said)

    await lost_by.replay()  # the same deposit lands again (the wallet re-broadcasts it): the same order

    async def found_again() -> Seen | None:
        found = await seen(net, bridge, lost)
        return found if found is not None and found.note == "" else None

    again = await until(found_again, f"{bridge} finds order {lost}'s deposit again", 90)
    polls = operator(net, bridge).polls

    async def rounds() -> bool | None:  # the operator's own rounds, each a chance to pay it twice
        return True if operator(net, bridge).polls >= polls + 20 else None

    await until(rounds, f"{bridge}'s operator polls 20 times more")
    assert await paid_and_refunded(net, bridge, lost) == (1, 0)  # never paid twice, never refunded
    assert (again.state, again.payout) == (FINAL[bridge], first.payout)
    assert await seen(net, bridge, lost) == again
    await every_step_stands(net, again)


async def test_details_never_call_paid_an_order_whose_payout_its_chain_lost(world: CrossWorld) -> None:
    """The operators stopped (nothing judges the orders again), the destination repaired back past the payouts:
    the providers still say paid, the details say what the chains hold."""
    net = world.net
    since = mark(net, POLYGON)
    senders = {bridge: Signed(net.wallet(BSC, 7)) for bridge in BRIDGES}
    keys = {bridge: await deposit(net, bridge, who, 6) for bridge, who in senders.items()}
    for bridge, key in keys.items():
        await final(net, bridge, key)
    for running in net.providers.operators:
        running.stop()
    await asyncio.gather(*net.providers._tasks)
    await repair_from(net, POLYGON, since)
    for bridge, key in keys.items():
        now = await seen(net, bridge, key)
        assert now is not None and now.state == FINAL[bridge]
        deposited = senders[bridge].hashes[-1]
        details = await world.details(deposited, BSC)
        assert details["status"] == "Receiving" and details["targetHash"] == "" and details["amountOut"] == "0"
        assert "is not on Polygon now" in details["normalizedStatus"]["substatusMessage"], details
        for stage in details["timeline"]:
            assert not stage["hash"] or await on_chain(net, stage["hash"]), details["timeline"]
