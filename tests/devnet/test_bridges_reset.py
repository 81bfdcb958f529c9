"""A chain that starts over (`Devnet.reset`, `swapdesk devnet reset`) is a rewind like a repair: an order paid
out on it whose deposit is elsewhere is judged again, and its payout, gone with the chain's history, is made
again, once (docs/providers.md, "When a chain goes back"); the operators go on with the chain as it is now."""

from __future__ import annotations

from pathlib import Path

from swapdesk.chain.bridge_events import BRIDGERS_PAYOUT
from swapdesk.contracts import artifact
from swapdesk.devnet.bridges.metapath import order_id

from .bridges_world import BridgeNet, bridge_net, until
from .rewind_world import outcomes

BRIDGERS = artifact("Bridgers")
BSC, POLYGON = 56, 137


async def crossed(net: BridgeNet, index: int) -> str:
    """USDT from BSC to Polygon through METAPATH, left to the desk's scanner; the order id once complete."""
    me = net.wallet(BSC, index)
    deployment = await net.deployment(BSC)
    usdt = next(t.address for t in deployment.metapath.tokens if t.symbol == "USDT")
    await me.approve(usdt, deployment.metapath.contract, 100 * 10**18)
    call = BRIDGERS.encode("swap", usdt, "USDT(POLYGON)", me.address, 100 * 10**18, 0)
    sent = await me.send(deployment.metapath.contract, call)
    order = order_id(BSC, sent.tx)

    async def complete() -> bool | None:
        answer = await net.post("metapath", "/api/exchangeRecord/getTransDataById", {"orderId": order})
        return True if answer["resCode"] == 100 and answer["data"]["status"] == "receive_complete" else None

    await until(complete, f"order {order} completes")
    return order


async def test_an_order_paid_on_a_chain_that_started_over_is_paid_again_once(tmp_path: Path) -> None:
    async with bridge_net([BSC, POLYGON], data=tmp_path) as net:
        store = net.providers.metapath.store
        before = await crossed(net, 1)
        assert await net.devnet.reset(POLYGON)  # the chain's data deleted: it starts over from its world
        await net.devnet.start(POLYGON)

        async def rescanned() -> bool | None:
            cursor = store.cursor(POLYGON)
            block = await net.providers.world.client(POLYGON).block(cursor[0]) if cursor else None
            return True if block is not None and cursor is not None and block["hash"] == cursor[1] else None

        after = await crossed(net, 2)  # the new Polygon is served
        await until(rescanned, "the desk scans the new Polygon")

        bsc, polygon = await net.deployment(BSC), await net.deployment(POLYGON)
        key = BRIDGERS.encode("settled", bytes.fromhex(before[2:]))

        async def paid_again() -> bool | None:  # its deposit is still on BSC: paid again on the new Polygon
            kept = store.get(before)
            there = await net.providers.world.client(POLYGON).call(polygon.metapath.contract, key)
            done = kept is not None and kept.state == "receive_complete" and BRIDGERS.decode("settled", there)[0]
            return True if done else None

        await until(paid_again, "the desk pays the order whose payout went with the old Polygon again")
        assert {o.id for o in store.all()} == {before, after}
        settled = await net.providers.world.client(BSC).call(bsc.metapath.contract, key)
        assert BRIDGERS.decode("settled", settled)[0] == 1  # the source holds it paid: it cannot be refunded
        paid_there = await net.providers.world.client(POLYGON).call(polygon.metapath.contract, key)
        assert BRIDGERS.decode("settled", paid_there)[0] == 1  # and the new Polygon paid it
        assert await outcomes(net, POLYGON, polygon.metapath.contract, BRIDGERS_PAYOUT, "orderId", before) == 1
