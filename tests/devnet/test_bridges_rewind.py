"""A chain that starts over (`Devnet.reset`) never makes a bridge operator pay an order twice: with paid,
refunded and pending orders on it, and their very deposits landing again on the new chain (an app
re-broadcasting what it left open), each order has one outcome across the chains; a payout that went with the
destination is made again, once (docs/providers.md, "When a chain goes back")."""

from __future__ import annotations

from pathlib import Path

import pytest

from swapdesk.chain.bridge_events import BRIDGERS_PAYOUT, BRIDGERS_REFUND
from swapdesk.contracts import artifact
from swapdesk.devnet.accounts import demo_address
from swapdesk.devnet.bridges.client import CallReverted
from swapdesk.devnet.bridges.metapath import order_id
from swapdesk.devnet.bridges.operators import DESK_INDEX
from swapdesk.devnet.bridges.store import LOST_DEPOSIT

from .bridges_world import BridgeNet, bridge_net, until
from .rewind_world import Signed, outcomes

BRIDGERS, ERC20 = artifact("Bridgers"), artifact("ERC20")
BSC, POLYGON = 56, 137
UNREACHABLE = 10**30  # a minimum return no deposit meets: the desk refunds it
ENDS = {"receive_complete", "refund_complete", "ERROR"}


async def status(net: BridgeNet, order: str, wanted: str | None = None) -> str:
    """Once the order is `wanted` (None: has ended), its status."""

    async def there() -> str | None:
        answer = await net.post("metapath", "/api/exchangeRecord/getTransDataById", {"orderId": order})
        found = answer["data"]["status"] if answer["resCode"] == 100 else None
        return found if found in ({wanted} if wanted else ENDS) else None

    return await until(there, f"order {order} is {wanted or 'done'}")


async def started_over(net: BridgeNet, chain_id: int, paid: str) -> None:
    """Once the desk judged the orders of the chain again: `paid`, an order whose deposit was on it and whose
    payout stands elsewhere, says its deposit is lost."""

    async def judged() -> bool | None:
        order = net.providers.metapath.store.get(paid)
        return True if order is not None and LOST_DEPOSIT in order.data else None

    await until(judged, f"the desk judges the orders of chain {chain_id} again")


async def swap(net: BridgeNet, who: Signed, least: int) -> str:
    deployment = await net.deployment(BSC)
    vault = deployment.metapath.contract
    usdt = next(t.address for t in deployment.metapath.tokens if t.symbol == "USDT")
    await who.send(usdt, ERC20.encode("approve", vault, 100 * 10**18))
    tx = await who.send(vault, BRIDGERS.encode("swap", usdt, "USDT(POLYGON)", who.wallet.address, 100 * 10**18, least))
    return order_id(BSC, tx)


async def paid_and_refunded(net: BridgeNet, order: str) -> tuple[int, int]:
    """The order's payouts on Polygon and refunds on BSC, as the chains hold them now."""
    src, dst = await net.deployment(BSC), await net.deployment(POLYGON)
    payouts = await outcomes(net, POLYGON, dst.metapath.contract, BRIDGERS_PAYOUT, "orderId", order)
    refunds = await outcomes(net, BSC, src.metapath.contract, BRIDGERS_REFUND, "orderId", order)
    return payouts, refunds


async def test_metapath_pays_each_order_once_when_its_source_chain_starts_over(tmp_path: Path) -> None:
    async with bridge_net([BSC, POLYGON], data=tmp_path) as net:
        paid, refunded, pending = (Signed(net.wallet(BSC, index)) for index in (3, 4, 5))
        p, r = await swap(net, paid, 0), await swap(net, refunded, UNREACHABLE)
        await status(net, p, "receive_complete")
        await status(net, r, "refund_complete")
        q = await swap(net, pending, 0)
        assert await net.devnet.reset(BSC)
        await net.devnet.start(BSC)
        await started_over(net, BSC, p)
        for who in (paid, refunded, pending):
            await who.replay()  # the same deposits, the same order ids
        ends = {order: await status(net, order) for order in (p, r, q)}
        counts = {order: await paid_and_refunded(net, order) for order in (p, r, q)}
        assert counts == {p: (1, 0), r: (0, 1), q: (1, 0)}, counts  # (payouts, refunds) of each
        assert ends == {p: "receive_complete", r: "refund_complete", q: "receive_complete"}
        # the source vault holds the paid order's outcome: a refund of it fails on chain
        vault = (await net.deployment(BSC)).metapath.contract
        client = net.providers.world.client(BSC)
        assert (
            BRIDGERS.decode("settled", await client.call(vault, BRIDGERS.encode("settled", bytes.fromhex(p[2:]))))[0]
            == 1
        )
        usdt = next(t.address for t in (await net.deployment(BSC)).metapath.tokens if t.symbol == "USDT")
        refund = BRIDGERS.encode("refund", bytes.fromhex(p[2:]), usdt, paid.wallet.address, 100 * 10**18)
        with pytest.raises(CallReverted, match="already settled"):
            await client.call(vault, refund, demo_address(DESK_INDEX))


async def test_metapath_settles_each_order_once_when_its_destination_chain_starts_over(tmp_path: Path) -> None:
    async with bridge_net([BSC, POLYGON], data=tmp_path) as net:
        paid, refunded, pending = (Signed(net.wallet(BSC, index)) for index in (3, 4, 5))
        p, r = await swap(net, paid, 0), await swap(net, refunded, UNREACHABLE)
        await status(net, p, "receive_complete")
        await status(net, r, "refund_complete")
        q = await swap(net, pending, 0)
        before = (await paid_and_refunded(net, q))[0]  # on the old Polygon (not yet, most likely)
        assert await net.devnet.reset(POLYGON)
        await net.devnet.start(POLYGON)
        store = net.providers.metapath.store

        async def rescanned() -> bool | None:
            cursor = store.cursor(POLYGON)
            block = await net.providers.world.client(POLYGON).block(cursor[0]) if cursor else None
            return True if cursor is not None and block is not None and block["hash"] == cursor[1] else None

        await until(rescanned, "the desk scans the new Polygon")

        async def paid_again() -> bool | None:
            return True if (await paid_and_refunded(net, p))[0] else None

        await until(paid_again, "the desk pays the order whose payout went with the old Polygon again")
        ends = {order: await status(net, order) for order in (p, r, q)}
        assert ends == {p: "receive_complete", r: "refund_complete", q: "receive_complete"}
        after = {order: await paid_and_refunded(net, order) for order in (p, r, q)}
        assert after[p] == (1, 0)  # its payout went with the old Polygon, and is made again, once
        assert after[r] == (0, 1)
        assert after[q] == (1, 0) and before <= 1  # paid once on the new Polygon (and on the old one, perhaps)
        vault, client = (await net.deployment(BSC)).metapath.contract, net.providers.world.client(BSC)
        sources = {}
        for order in (p, r, q):
            raw = await client.call(vault, BRIDGERS.encode("settled", bytes.fromhex(order[2:])))
            sources[order] = BRIDGERS.decode("settled", raw)[0]
        assert sources == {p: 1, r: 2, q: 1}  # the source records each one outcome: paid, refunded, paid
