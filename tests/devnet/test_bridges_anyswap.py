"""ANYSWAP on the devnet: demo accounts swap out through the routers (exact approval, then
anySwapOutUnderlying or anySwapOutNative, signed and sent through JSON-RPC, or as TRON transactions on
TRON), and follow each swap through Multichain's scan API to its end: the MPC's anySwapInAuto on the
destination for exactly the `swapvalue` the scan API reports, or the deposit left in the source pool."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from swapdesk.contracts import artifact
from swapdesk.devnet.bridges.anyswap import MACHINE
from swapdesk.devnet.bridges.context import ZERO
from swapdesk.devnet.bridges.deployment import AnyToken

from .bridges_world import TRON, BridgeNet, Wallet, bridge_net, forward_only, is_path, until

ROUTER = artifact("AnyswapV6Router")
ETHEREUM, BSC, POLYGON = 1, 56, 137
FINAL = {"Success", "Failure", "ExceedLimit(LessThenMinAmount)"}


@pytest.fixture(scope="module")
async def net() -> AsyncIterator[BridgeNet]:
    async with bridge_net([ETHEREUM, BSC, POLYGON, TRON]) as running:
        yield running


async def any_token(net: BridgeNet, chain_id: int, asset: str) -> AnyToken:
    return next(t for t in (await net.deployment(chain_id)).anyswap.tokens if t.underlying.asset == asset)


async def swap_out(net: BridgeNet, me: Wallet, asset: str, to: str, amount: int, dst: int) -> str:
    """Straight to the router: the exact approval of the underlying, then anySwapOutUnderlying."""
    src = me.client.chain_id
    router, token = (await net.deployment(src)).anyswap.router, await any_token(net, src, asset)
    await me.approve(token.underlying.address, router, amount)
    sent = await me.send(router, ROUTER.encode("anySwapOutUnderlying", token.address, to, amount, dst))
    assert sent.ok
    return sent.tx


async def follow(net: BridgeNet, tx: str, until_note: set[str] = FINAL) -> tuple[dict[str, Any], list[str]]:
    seen: list[str] = []

    async def ended() -> dict[str, Any] | None:
        answer = await net.get("anyswap", f"/v3/tx/{tx}")
        if answer["msg"] != "Success":
            return None
        info = answer["info"]
        if not seen or seen[-1] != info["statusmsg"]:
            seen.append(info["statusmsg"])
        return dict(info) if info["statusmsg"] in until_note else None

    info = await until(ended, f"swap {tx} ends")
    is_path(MACHINE, [step["status"] for step in info["timeline"]])
    forward_only(MACHINE, [step["status"] for step in info["timeline"]])
    return info, seen


async def test_usdt_crosses_for_exactly_the_swapvalue_the_scan_api_reports(net: BridgeNet) -> None:
    me, receiver = net.wallet(BSC, 1), net.wallet(POLYGON, 7)
    target = await any_token(net, POLYGON, "USDT")
    amount = 1_000 * 10**18
    before = await receiver.balance(target.underlying.address)
    tx = await swap_out(net, me, "USDT", receiver.address, amount, POLYGON)
    info, seen = await follow(net, tx)
    assert info["status"] == 10 and info["statusmsg"] == "Success" and seen[0] == "Confirming"
    steps = [s["status"] for s in info["timeline"]]
    assert steps == ["TxNotStable", "MatchTxEmpty", "MatchTxNotStable", "MatchTxStable"]
    fee = int(info["fee"])
    assert fee == 10**18  # 0.1 % of $1000, between the $0.9 and $1000 fees
    assert int(info["swapvalue"]) == (amount - fee) // 10**12  # 18 decimals on BSC, 6 on Polygon
    assert await receiver.balance(target.underlying.address) - before == int(info["swapvalue"])
    payout = await net.providers.world.client(POLYGON).receipt(info["swaptx"])
    assert payout is not None and payout.ok
    assert (info["fromChainID"], info["toChainID"], info["bind"]) == ("56", "137", receiver.address)


async def test_the_native_coin_goes_out_with_anyswapoutnative(net: BridgeNet) -> None:
    me, receiver = net.wallet(ETHEREUM, 2), net.wallet(BSC, 7)
    token, target = await any_token(net, ETHEREUM, "ETH"), await any_token(net, BSC, "ETH")
    assert token.underlying.native
    router = (await net.deployment(ETHEREUM)).anyswap.router
    before = await receiver.balance(target.underlying.address)
    sent = await me.send(router, ROUTER.encode("anySwapOutNative", token.address, receiver.address, BSC), value=10**18)
    info, _ = await follow(net, sent.tx)
    assert info["statusmsg"] == "Success"
    assert await receiver.balance(target.underlying.address) - before == int(info["swapvalue"])


async def test_below_the_minimum_is_not_paid_and_stays_in_the_source_pool(net: BridgeNet) -> None:
    me, receiver = net.wallet(BSC, 3), net.wallet(POLYGON, 7)
    token, target = await any_token(net, BSC, "USDT"), await any_token(net, POLYGON, "USDT")
    amount = 5 * 10**18  # the minimum swap is $12
    pool, held, before = (
        await me.balance(token.underlying.address, token.address),
        await me.balance(token.underlying.address),
        await receiver.balance(target.underlying.address),
    )
    tx = await swap_out(net, me, "USDT", receiver.address, amount, POLYGON)
    info, _ = await follow(net, tx)
    assert (info["status"], info["statusmsg"], info["swaptx"]) == (3, "ExceedLimit(LessThenMinAmount)", "")
    assert await me.balance(token.underlying.address, token.address) - pool == amount
    assert held - await me.balance(token.underlying.address) == amount
    assert await receiver.balance(target.underlying.address) == before


async def test_a_big_amount_waits_then_is_paid(net: BridgeNet) -> None:
    me, receiver = net.wallet(BSC, 4), net.wallet(POLYGON, 7)
    target = await any_token(net, POLYGON, "USDT")
    amount = 60_000 * 10**18  # the big-value threshold is $50k
    before = await receiver.balance(target.underlying.address)
    tx = await swap_out(net, me, "USDT", receiver.address, amount, POLYGON)
    waiting, _ = await follow(net, tx, {"BigAmount(Wait24hours)", "Success"})
    assert waiting["status"] == 12  # seen waiting: the wait stands for Multichain's 24 hours
    info, _ = await follow(net, tx)
    assert info["statusmsg"] == "Success"
    steps = [s["status"] for s in info["timeline"]]
    assert steps == ["TxNotStable", "TxWithBigValue", "MatchTxEmpty", "MatchTxNotStable", "MatchTxStable"]
    assert int(info["fee"]) == 60 * 10**18
    assert await receiver.balance(target.underlying.address) - before == int(info["swapvalue"])


async def test_a_payout_the_destination_refuses_is_a_failure(net: BridgeNet) -> None:
    me = net.wallet(BSC, 5)
    token = await any_token(net, BSC, "USDT")
    pool = await me.balance(token.underlying.address, token.address)
    tx = await swap_out(net, me, "USDT", ZERO, 100 * 10**18, POLYGON)  # nobody can be paid at the zero address
    info, _ = await follow(net, tx)
    assert (info["status"], info["statusmsg"], info["swaptx"]) == (14, "Failure", "")
    assert await me.balance(token.underlying.address, token.address) - pool == 100 * 10**18


async def test_tron_is_a_source_and_a_destination(net: BridgeNet) -> None:
    tron_me, bsc_me = net.wallet(TRON, 6), net.wallet(BSC, 6)
    usdt_bsc, usdt_tron = await any_token(net, BSC, "USDT"), await any_token(net, TRON, "USDT")
    before = await bsc_me.balance(usdt_bsc.underlying.address)
    tx = await swap_out(net, tron_me, "USDT", bsc_me.address, 300 * 10**6, BSC)
    info, _ = await follow(net, tx)
    assert info["statusmsg"] == "Success" and info["fromChainID"] == "95500"
    assert info["from"].startswith("T")  # TRON addresses as TRON shows them
    assert await bsc_me.balance(usdt_bsc.underlying.address) - before == int(info["swapvalue"])

    before = await tron_me.balance(usdt_tron.underlying.address)
    tx = await swap_out(net, bsc_me, "USDT", tron_me.address, 300 * 10**18, TRON)
    info, _ = await follow(net, tx)
    assert info["statusmsg"] == "Success" and info["bind"].startswith("T")
    assert await tron_me.balance(usdt_tron.underlying.address) - before == int(info["swapvalue"])


async def test_the_token_list_names_routers_anytokens_and_limits(net: BridgeNet) -> None:
    listed = await net.get("anyswap", "/v4/tokenlistv4/56")
    token = await any_token(net, BSC, "USDT")
    entry = listed["evm" + token.underlying.address.lower()]
    route = entry["destChains"]["137"]["routerusdt"]
    assert route["fromanytoken"]["address"] == token.address
    assert route["router"] == (await net.deployment(BSC)).anyswap.router
    assert route["routerABI"] == "anySwapOutUnderlying(fromanytoken,toAddress,amount,toChainID)"
    assert (route["MinimumSwap"], route["BigValueThreshold"], route["SwapFeeRatePerMillion"]) == ("12", "50000", "0.1")
    assert entry["destChains"]["1"]["routerusdt"]["MinimumSwap"] == "80"  # Ethereum's gas raises the floor
    native = (await net.get("anyswap", "/v4/tokenlistv4/1"))["evm" + ZERO]
    assert native["tokenType"] == "NATIVE" and native["destChains"]["56"]["routereth"]["routerABI"].startswith(
        "anySwapOutNative"
    )
