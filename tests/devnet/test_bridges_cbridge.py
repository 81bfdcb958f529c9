"""CBRIDGE on the devnet: demo accounts `send` straight to the bridges (exact approval, signed and sent
through JSON-RPC, or as TRON transactions on TRON) with the maxSlippage the gateway's estimateAmt gives,
and follow each transfer through getTransferStatus: relayed by the validators for exactly the amount the
status reports, delayed and released when large, or refunded through the sender's own withdrawal."""

from __future__ import annotations

import base64
import time
from collections.abc import AsyncIterator
from typing import Any

import pytest
from eth_account import Account
from eth_account.messages import encode_defunct
from eth_utils import keccak, to_checksum_address

from swapdesk.chain.tron.protobuf import encode
from swapdesk.contracts import artifact
from swapdesk.devnet.bridges.cbridge import MACHINE, STATUS
from swapdesk.devnet.bridges.cbridge_api import WITHDRAW_REQ
from swapdesk.devnet.bridges.celer import send_transfer_id

from .bridges_world import TRON, BridgeNet, Wallet, bridge_net, forward_only, is_path, until

CB = artifact("CBridge")
BSC, POLYGON, HECO = 56, 137, 128
COMPLETED, TO_BE_REFUNDED, REFUND_TO_BE_CONFIRMED, REFUNDED, DELAYED = 5, 6, 8, 10, 11
BAD_LIQUIDITY, BAD_SLIPPAGE = 3, 4
STATE_CODES = {code: name for name, code in STATUS.items()}


@pytest.fixture(scope="module")
async def net() -> AsyncIterator[BridgeNet]:
    async with bridge_net([BSC, POLYGON, HECO, TRON]) as running:
        yield running


async def token(net: BridgeNet, chain_id: int, asset: str) -> str:
    return next(t.address for t in (await net.deployment(chain_id)).cbridge.tokens if t.asset == asset)


async def estimate(net: BridgeNet, src: int, dst: int, asset: str, amount: int, me: Wallet) -> dict[str, Any]:
    answer = await net.get(
        "cbridge", "/v2/estimateAmt", src_chain_id=src, dst_chain_id=dst, token_symbol=asset, amt=str(amount),
        usr_addr=me.address if src != TRON else None, slippage_tolerance=3000,
    )  # fmt: skip
    assert answer["err"] is None, answer
    return dict(answer)


async def send(net: BridgeNet, me: Wallet, asset: str, to: str, amount: int, dst: int, max_slippage: int) -> str:
    """Straight to the bridge: the exact approval, then send; the transfer id, as cBridge computes it."""
    src = me.client.chain_id
    bridge, address = (await net.deployment(src)).cbridge.bridge, await token(net, src, asset)
    await me.approve(address, bridge, amount)
    nonce = time.time_ns()
    assert (await me.send(bridge, CB.encode("send", to, address, amount, dst, nonce, max_slippage))).ok
    return "0x" + send_transfer_id(me.address, to, address, amount, dst, nonce, src).hex()


async def follow(net: BridgeNet, transfer: str, codes: set[int]) -> tuple[dict[str, Any], list[int]]:
    seen: list[int] = []

    async def reached() -> dict[str, Any] | None:
        answer = await net.post("cbridge", "/v2/getTransferStatus", {"transfer_id": transfer})
        assert answer["err"] is None
        if answer["status"] and (not seen or seen[-1] != answer["status"]):
            seen.append(answer["status"])
        return dict(answer) if answer["status"] in codes else None

    status = await until(reached, f"transfer {transfer} reaches {codes}")
    forward_only(MACHINE, [STATE_CODES[code] for code in seen])
    is_path(MACHINE, [step["status"] for step in status["timeline"]])
    return status, seen


def withdraw_request(me: Wallet, transfer: str, req_id: int, signer: Wallet | None = None) -> dict[str, Any]:
    """A refund request as cBridge's front end makes one: a WithdrawReq, signed by the sender."""
    request = encode(WITHDRAW_REQ, {"xfer_id": bytes.fromhex(transfer[2:]), "req_id": req_id, "withdraw_type": 1})
    signature = Account.sign_message(encode_defunct(primitive=keccak(request)), (signer or me).key).signature
    return {"withdraw_req": base64.b64encode(request).decode(), "sig": base64.b64encode(signature).decode(),
            "estimated_received_amt": "0", "method_type": 2}  # fmt: skip


async def refund(net: BridgeNet, me: Wallet, transfer: str) -> dict[str, Any]:
    """Ask the gateway for the refund, then send the validators' withdrawal from the sender's account."""
    asked = await net.post("cbridge", "/v1/withdrawLiquidity", withdraw_request(me, transfer, 7))
    assert asked == {"err": None, "seq_num": 7}
    again = await net.post("cbridge", "/v1/withdrawLiquidity", withdraw_request(me, transfer, 8))
    assert again == {"err": None, "seq_num": 7}  # the same withdrawal: never a second one
    signed, _ = await follow(net, transfer, {REFUND_TO_BE_CONFIRMED})
    wdmsg = base64.b64decode(signed["wd_onchain"])
    sigs = [base64.b64decode(s) for s in signed["sorted_sigs"]]
    signers = [to_checksum_address(base64.b64decode(s)) for s in signed["signers"]]
    powers = [int.from_bytes(base64.b64decode(s), "big") for s in signed["powers"]]
    bridge = (await net.deployment(me.client.chain_id)).cbridge.bridge
    assert (await me.send(bridge, CB.encode("withdraw", wdmsg, sigs, signers, powers))).ok
    done, _ = await follow(net, transfer, {REFUNDED})
    return done


async def test_usdt_is_relayed_for_exactly_the_estimated_amount(net: BridgeNet) -> None:
    me, receiver = net.wallet(BSC, 1), net.wallet(POLYGON, 7)
    usdt = await token(net, POLYGON, "USDT")
    amount = 1_000 * 10**18
    quote = await estimate(net, BSC, POLYGON, "USDT", amount, me)
    assert int(quote["estimated_receive_amt"]) == 10**9 - 500_000 - 300_000  # 0.05 % and a $0.30 base fee
    before = await receiver.balance(usdt)
    transfer = await send(net, me, "USDT", receiver.address, amount, POLYGON, quote["max_slippage"])
    status, seen = await follow(net, transfer, {COMPLETED})
    assert seen[-1] == COMPLETED and status["refund_reason"] == 0
    assert [s["status"] for s in status["timeline"]] == [
        "SUBMITTING", "WAITING_FOR_SGN_CONFIRMATION", "WAITING_FOR_FUND_RELEASE", "COMPLETED"
    ]  # fmt: skip
    received = int(status["dst_received_info"]["amount"])
    assert received == int(quote["estimated_receive_amt"])
    assert await receiver.balance(usdt) - before == received
    relay = await net.providers.world.client(POLYGON).receipt(status["dst_tx_hash"])
    assert relay is not None and relay.ok


async def test_a_large_transfer_is_delayed_then_released(net: BridgeNet) -> None:
    me, receiver = net.wallet(BSC, 2), net.wallet(POLYGON, 7)
    usdt = await token(net, POLYGON, "USDT")
    amount = 60_000 * 10**18  # the delay threshold is $50k
    quote = await estimate(net, BSC, POLYGON, "USDT", amount, me)
    before = await receiver.balance(usdt)
    transfer = await send(net, me, "USDT", receiver.address, amount, POLYGON, quote["max_slippage"])
    await follow(net, transfer, {DELAYED, COMPLETED})
    status, seen = await follow(net, transfer, {COMPLETED})
    assert DELAYED in seen and [s["status"] for s in status["timeline"]][-2:] == ["DELAYED", "COMPLETED"]
    assert await receiver.balance(usdt) - before == int(status["dst_received_info"]["amount"])


@pytest.mark.parametrize(
    ("case", "dst", "dollars", "max_slippage", "reason"),
    [
        ("slippage too small", POLYGON, 20, 501, BAD_SLIPPAGE),  # $20 less $0.31 of fees is 1.6 %
        ("destination pool too short", HECO, 55_000, 10_000, BAD_LIQUIDITY),  # HECO's pool: $50k
    ],
)
async def test_what_cannot_be_relayed_is_refunded_by_the_senders_withdrawal(
    net: BridgeNet, case: str, dst: int, dollars: int, max_slippage: int, reason: int
) -> None:
    me, receiver = net.wallet(BSC, 3), net.wallet(dst, 7)
    usdt, usdt1 = await token(net, BSC, "USDT"), await token(net, dst, "USDT")
    held, before = await me.balance(usdt), await receiver.balance(usdt1)
    transfer = await send(net, me, "USDT", receiver.address, dollars * 10**18, dst, max_slippage)
    status, _ = await follow(net, transfer, {TO_BE_REFUNDED})
    assert status["refund_reason"] == reason, case
    assert status["wd_onchain"] is None  # nothing signed until the sender asks
    done = await refund(net, me, transfer)
    steps = [s["status"] for s in done["timeline"]]
    assert steps[-5:] == ["TO_BE_REFUNDED", "REQUESTING_REFUND", "REFUND_TO_BE_CONFIRMED", "CONFIRMING_YOUR_REFUND",
                          "REFUNDED"]  # fmt: skip
    assert await me.balance(usdt) == held  # the whole amount is back
    assert await receiver.balance(usdt1) == before


async def test_only_the_sender_may_ask_for_a_refund_and_only_of_a_failed_transfer(net: BridgeNet) -> None:
    me, stranger = net.wallet(BSC, 4), net.wallet(BSC, 5)
    transfer = await send(net, me, "USDT", me.address, 20 * 10**18, POLYGON, 501)
    await follow(net, transfer, {TO_BE_REFUNDED})
    answer = await net.post("cbridge", "/v1/withdrawLiquidity", withdraw_request(me, transfer, 1, signer=stranger))
    assert answer["err"]["code"] == 500 and answer["err"]["msg"].startswith("sig:")
    ok = await estimate(net, BSC, POLYGON, "USDT", 100 * 10**18, me)
    fine = await send(net, me, "USDT", me.address, 100 * 10**18, POLYGON, ok["max_slippage"])
    await follow(net, fine, {COMPLETED})
    answer = await net.post("cbridge", "/v1/withdrawLiquidity", withdraw_request(me, fine, 1))
    assert answer["err"]["code"] == 1003 and "COMPLETED" in answer["err"]["msg"]


async def test_tron_is_a_source_and_a_destination(net: BridgeNet) -> None:
    tron_me, bsc_me = net.wallet(TRON, 6), net.wallet(BSC, 6)
    usdt_tron, usdt_bsc = await token(net, TRON, "USDT"), await token(net, BSC, "USDT")
    quote = await estimate(net, TRON, BSC, "USDT", 300 * 10**6, tron_me)
    before = await bsc_me.balance(usdt_bsc)
    transfer = await send(net, tron_me, "USDT", bsc_me.address, 300 * 10**6, BSC, quote["max_slippage"])
    status, _ = await follow(net, transfer, {COMPLETED})
    assert await bsc_me.balance(usdt_bsc) - before == int(status["dst_received_info"]["amount"])

    quote = await estimate(net, BSC, TRON, "USDT", 300 * 10**18, bsc_me)
    before = await tron_me.balance(usdt_tron)
    transfer = await send(net, bsc_me, "USDT", tron_me.address, 300 * 10**18, TRON, quote["max_slippage"])
    status, _ = await follow(net, transfer, {COMPLETED})
    assert await tron_me.balance(usdt_tron) - before == int(status["dst_received_info"]["amount"])
    assert status["dst_received_info"]["token"]["address"].startswith("T")


async def test_the_configs_list_each_chains_bridge_and_tokens(net: BridgeNet) -> None:
    configs = await net.get("cbridge", "/v2/getTransferConfigsForAll")
    bsc = next(c for c in configs["chains"] if c["id"] == BSC)
    assert bsc["contract_addr"] == (await net.deployment(BSC)).cbridge.bridge and bsc["block_delay"] >= 2
    symbols = [t["token"]["symbol"] for t in configs["chain_token"][str(BSC)]["token"]]
    assert symbols == ["USDT", "USDC", "ETH"]
    tron = next(c for c in configs["chains"] if c["id"] == TRON)
    assert tron["contract_addr"].startswith("T")
