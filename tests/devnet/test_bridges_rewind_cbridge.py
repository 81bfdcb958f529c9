"""CBRIDGE under a source chain that starts over: paid, refunded and pending transfers, their very sends landing
again on the new chain, each relayed or refunded once; a refund of a relayed transfer fails on chain."""

from __future__ import annotations

import base64
from pathlib import Path
from typing import Any

import pytest
from eth_utils import to_checksum_address

from swapdesk.chain.bridge_events import CB_RELAY, CB_WITHDRAW_DONE
from swapdesk.contracts import artifact
from swapdesk.devnet.bridges import celer
from swapdesk.devnet.bridges.cbridge import VALIDATOR_KEYS
from swapdesk.devnet.bridges.client import CallReverted
from swapdesk.devnet.bridges.store import LOST_DEPOSIT

from .bridges_world import BridgeNet, Wallet, bridge_net, until
from .rewind_world import Signed, outcomes
from .test_bridges_cbridge import withdraw_request

CB, ERC20 = artifact("CBridge"), artifact("ERC20")
BSC, POLYGON = 56, 137
COMPLETED, TO_BE_REFUNDED, REFUND_TO_BE_CONFIRMED, REFUNDED = 5, 6, 8, 10


async def send(net: BridgeNet, who: Signed, dollars: int, nonce: int, max_slippage: int) -> str:
    deployment = await net.deployment(BSC)
    bridge = deployment.cbridge.bridge
    usdt = next(t.address for t in deployment.cbridge.tokens if t.asset == "USDT")
    me, amount = who.wallet.address, dollars * 10**18
    await who.send(usdt, ERC20.encode("approve", bridge, amount))
    await who.send(bridge, CB.encode("send", me, usdt, amount, POLYGON, nonce, max_slippage))
    return "0x" + celer.send_transfer_id(me, me, usdt, amount, POLYGON, nonce, BSC).hex()


async def status(net: BridgeNet, transfer: str, codes: set[int]) -> dict[str, Any]:
    async def reached() -> dict[str, Any] | None:
        answer = await net.post("cbridge", "/v2/getTransferStatus", {"transfer_id": transfer})
        return dict(answer) if answer["err"] is None and answer["status"] in codes else None

    return await until(reached, f"transfer {transfer} reaches {codes}")


async def refund(net: BridgeNet, me: Wallet, transfer: str, seqnum: int) -> None:
    """The sender asks for the refund and sends the validators' withdrawal (not kept: it is not replayed)."""
    asked = await net.post("cbridge", "/v1/withdrawLiquidity", withdraw_request(me, transfer, seqnum))
    assert asked["err"] is None, asked
    signed = await status(net, transfer, {REFUND_TO_BE_CONFIRMED})
    sigs = [base64.b64decode(s) for s in signed["sorted_sigs"]]
    signers = [to_checksum_address(base64.b64decode(s)) for s in signed["signers"]]
    powers = [int.from_bytes(base64.b64decode(s), "big") for s in signed["powers"]]
    wdmsg = base64.b64decode(str(signed["wd_onchain"]))
    bridge = (await net.deployment(BSC)).cbridge.bridge
    assert (await me.send(bridge, CB.encode("withdraw", wdmsg, sigs, signers, powers))).ok
    await status(net, transfer, {REFUNDED})


async def counts(net: BridgeNet, transfer: str) -> tuple[int, int]:
    """The transfer's relays on Polygon and refunds on BSC, as the chains hold them now."""
    src, dst = await net.deployment(BSC), await net.deployment(POLYGON)
    relays = await outcomes(net, POLYGON, dst.cbridge.bridge, CB_RELAY, "srcTransferId", transfer)
    refunds = await outcomes(net, BSC, src.cbridge.bridge, CB_WITHDRAW_DONE, "refid", transfer)
    return relays, refunds


async def test_cbridge_relays_or_refunds_each_transfer_once_when_its_source_chain_starts_over(tmp_path: Path) -> None:
    async with bridge_net([BSC, POLYGON], data=tmp_path) as net:
        paid, refunded, pending = (Signed(net.wallet(BSC, index)) for index in (6, 7, 8))
        p = await send(net, paid, 100, 1, 10_000)
        r = await send(net, refunded, 20, 2, 501)  # $20 less $0.31 of fees is 1.6 %: more than 0.05 % allowed
        await status(net, p, {COMPLETED})
        await status(net, r, {TO_BE_REFUNDED})
        await refund(net, refunded.wallet, r, 7)
        q = await send(net, pending, 100, 3, 10_000)
        assert await net.devnet.reset(BSC)
        await net.devnet.start(BSC)

        async def judged() -> bool | None:  # the paid one's deposit went with BSC: its payout stands, said
            order = net.providers.cbridge.store.get(p)
            return True if order is not None and LOST_DEPOSIT in order.data else None

        await until(judged, "the validators see BSC start over")
        for who in (paid, refunded, pending):
            await who.replay()
        ends = {t: (await status(net, t, {COMPLETED, TO_BE_REFUNDED}))["status"] for t in (p, r, q)}
        for transfer, end in ends.items():  # what the validators send to refund, the sender takes back
            if end == TO_BE_REFUNDED:
                await refund(net, (paid, refunded, pending)[(p, r, q).index(transfer)].wallet, transfer, 8)
        found = {t: await counts(net, t) for t in (p, r, q)}
        assert found == {p: (1, 0), r: (0, 1), q: (1, 0)}, found  # (relays, refunds) of each
        assert ends == {p: COMPLETED, r: TO_BE_REFUNDED, q: COMPLETED}
        # the source bridge holds the relay: a refund of it, signed by every validator, fails on chain
        bsc = await net.deployment(BSC)
        usdt = next(t.address for t in bsc.cbridge.tokens if t.asset == "USDT")
        message = celer.WithdrawMsg(BSC, 9, paid.wallet.address, usdt, 100 * 10**18, bytes.fromhex(p[2:]))
        sigs = celer.sign(list(VALIDATOR_KEYS), BSC, bsc.cbridge.bridge, celer.WITHDRAW, message.encode())
        call = CB.encode("withdraw", message.encode(), sigs, bsc.cbridge.signers, bsc.cbridge.powers)
        with pytest.raises(CallReverted, match="transfer already relayed"):
            await net.providers.world.client(BSC).call(bsc.cbridge.bridge, call, paid.wallet.address)
