"""A chain that starts over (`Devnet.reset`, `swapdesk devnet reset`) takes with it the orders that touch
it: no provider keeps an order whose deposit or payout is on a chain history that is gone, and the
operators go on with the chain as it is now."""

from __future__ import annotations

from pathlib import Path

from swapdesk.contracts import artifact
from swapdesk.devnet.bridges.metapath import order_id

from .bridges_world import BridgeNet, bridge_net, until

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


async def test_orders_touching_a_chain_that_started_over_are_dropped(tmp_path: Path) -> None:
    async with bridge_net([BSC, POLYGON], data=tmp_path) as net:
        store = net.providers.metapath.store
        before = await crossed(net, 1)
        assert await net.devnet.reset(POLYGON)  # the chain's data deleted: it starts over from its world
        await net.devnet.start(POLYGON)

        async def dropped() -> bool | None:
            return True if store.get(before) is None else None

        await until(dropped, "the order paid on the old Polygon is dropped")
        after = await crossed(net, 2)  # and the new Polygon is served
        assert [o.id for o in store.all()] == [after]
        cursor = store.cursor(POLYGON)
        assert cursor is not None
        block = await net.providers.world.client(POLYGON).block(cursor[0])
        assert block is not None and block["hash"] == cursor[1]
