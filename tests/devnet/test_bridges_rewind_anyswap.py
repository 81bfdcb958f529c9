"""ANYSWAP under a source chain that starts over: paid, unpaid (below the minimum) and pending swaps, their very
transactions landing again on the new chain, each paid at most once, and a paid one shown as Success with its
amount and payout, never as a Failure paying 0."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from swapdesk.chain.bridge_events import ANY_SWAP_IN
from swapdesk.contracts import artifact
from swapdesk.devnet.bridges.store import LOST_DEPOSIT

from .bridges_world import BridgeNet, bridge_net, until
from .rewind_world import Signed, outcomes

ROUTER, ERC20 = artifact("AnyswapV6Router"), artifact("ERC20")
BSC, POLYGON = 56, 137
FINAL = {"Success", "Failure", "ExceedLimit(LessThenMinAmount)"}


async def swap_out(net: BridgeNet, who: Signed, dollars: int) -> str:
    deployment = await net.deployment(BSC)
    router = deployment.anyswap.router
    token = next(t for t in deployment.anyswap.tokens if t.underlying.asset == "USDT")
    amount = dollars * 10**18
    await who.send(token.underlying.address, ERC20.encode("approve", router, amount))
    call = ROUTER.encode("anySwapOutUnderlying", token.address, who.wallet.address, amount, POLYGON)
    return await who.send(router, call)


async def details(net: BridgeNet, tx: str) -> dict[str, Any]:
    async def ended() -> dict[str, Any] | None:
        answer = await net.get("anyswap", f"/v3/tx/{tx}")
        return dict(answer["info"]) if answer["msg"] == "Success" and answer["info"]["statusmsg"] in FINAL else None

    return await until(ended, f"swap {tx} ends")


async def test_anyswap_pays_each_swap_once_when_its_source_chain_starts_over(tmp_path: Path) -> None:
    async with bridge_net([BSC, POLYGON], data=tmp_path) as net:
        paid, small, pending = (Signed(net.wallet(BSC, index)) for index in (0, 1, 2))
        p, s = await swap_out(net, paid, 100), await swap_out(net, small, 5)  # the minimum swap is $12
        first = await details(net, p)
        assert first["statusmsg"] == "Success"
        assert (await details(net, s))["statusmsg"] == "ExceedLimit(LessThenMinAmount)"
        q = await swap_out(net, pending, 100)
        assert await net.devnet.reset(BSC)
        await net.devnet.start(BSC)

        async def judged() -> bool | None:  # the paid one's deposit went with BSC: its payout stands, said
            order = net.providers.anyswap.store.get(p)
            return True if order is not None and LOST_DEPOSIT in order.data else None

        await until(judged, "the MPC sees BSC start over")
        for who in (paid, small, pending):
            await who.replay()
        ends = {tx: await details(net, tx) for tx in (p, s, q)}
        router = (await net.deployment(POLYGON)).anyswap.router
        payouts = {tx: await outcomes(net, POLYGON, router, ANY_SWAP_IN, "txhash", tx) for tx in (p, s, q)}
        assert payouts == {p: 1, s: 0, q: 1}, payouts
        notes = {tx: info["statusmsg"] for tx, info in ends.items()}
        assert notes == {p: "Success", s: "ExceedLimit(LessThenMinAmount)", q: "Success"}, notes
        again = ends[p]  # the payout made before the chain started over, as it was
        assert (again["swaptx"], again["swapvalue"]) == (first["swaptx"], first["swapvalue"])
        assert int(again["swapvalue"]) > 0
