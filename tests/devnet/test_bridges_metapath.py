"""METAPATH on the devnet: demo accounts deposit straight into the Bridgers vaults (exact approval, then
`swap` or `swapEth`, signed and sent through JSON-RPC, or as TRON transactions on TRON), register the
order through the desk's API (the spec's order callback), and follow it through the API to its end: the
quoted amount paid on the destination, or the whole deposit back on the source."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from eth_utils import keccak

from swapdesk.address import to_tron
from swapdesk.contracts import artifact
from swapdesk.devnet.bridges.metapath import MACHINE, order_id
from swapdesk.devnet.bridges.metapath_api import EVM_NATIVE, TRON_NATIVE

from .bridges_world import ERC20, TRON, BridgeNet, Wallet, bridge_net, forward_only, is_path, until

BRIDGERS = artifact("Bridgers")
BSC, POLYGON, HECO = 56, 137, 128
CODES = {BSC: "BSC", POLYGON: "POLYGON", HECO: "HECO", TRON: "TRX"}
TERMINAL = {"receive_complete", "refund_complete", "timeout", "ERROR", "wait_deposit_send_error"}


@pytest.fixture(scope="module")
async def net() -> AsyncIterator[BridgeNet]:
    async with bridge_net([BSC, POLYGON, HECO, TRON]) as running:
        yield running


async def token(net: BridgeNet, chain_id: int, symbol: str) -> str:
    return next(t.address for t in (await net.deployment(chain_id)).metapath.tokens if t.symbol == symbol)


def shown(chain_id: int, address: str) -> str:
    return to_tron(bytes.fromhex(address[2:])) if chain_id == TRON else address


async def quote(net: BridgeNet, src: int, token0: str, dst: int, token1: str, amount: int) -> dict[str, Any]:
    body = {
        "fromTokenChain": CODES[src],
        "toTokenChain": CODES[dst],
        "fromTokenAddress": token0,
        "toTokenAddress": token1,
        "fromTokenAmount": str(amount),
        "equipmentNo": "swapdesk-tests",
        "sourceFlag": "swapdesk",
    }
    answer = await net.post("metapath", "/api/sswap/quote", body)
    assert answer["resCode"] == 100, answer
    return dict(answer["data"]["txData"]) | {"request": body}


async def deposit(net: BridgeNet, me: Wallet, token0: str | None, code: str, to: str, amount: int, least: int) -> str:
    """Straight to the source vault: the exact approval, then swap (or swapEth for the native coin)."""
    vault = (await net.deployment(me.client.chain_id)).metapath.contract
    if token0 is None:
        sent = await me.send(vault, BRIDGERS.encode("swapEth", code, to, least), value=amount)
    else:
        await me.approve(token0, vault, amount)
        sent = await me.send(vault, BRIDGERS.encode("swap", token0, code, to, amount, least))
    assert sent.ok
    return sent.tx


async def register(net: BridgeNet, q: dict[str, Any], tx: str, sender: str, to: str, least: int) -> dict[str, Any]:
    body = q["request"] | {"hash": tx, "fromAddress": sender, "toAddress": to, "amountOutMin": str(least)}
    return dict(await net.post("metapath", "/api/exchangeRecord/updateDataAndStatus", body))


async def follow(net: BridgeNet, order: str) -> tuple[dict[str, Any], list[str]]:
    """Poll the order's details until it ends; the details, and every status seen on the way."""
    seen: list[str] = []

    async def ended() -> dict[str, Any] | None:
        answer = await net.post("metapath", "/api/exchangeRecord/getTransDataById", {"orderId": order})
        if answer["resCode"] != 100:
            return None
        record = answer["data"]
        if not seen or seen[-1] != record["status"]:
            seen.append(record["status"])
        return dict(record) if record["status"] in TERMINAL else None

    record = await until(ended, f"order {order} ends")
    forward_only(MACHINE, seen)
    is_path(MACHINE, [step["status"] for step in record["timeline"]])
    return record, seen


async def test_usdt_on_bsc_becomes_usdc_on_polygon_for_exactly_the_quoted_amount(net: BridgeNet) -> None:
    me, receiver = net.wallet(BSC, 1), net.wallet(POLYGON, 7)
    usdt, usdc = await token(net, BSC, "USDT"), await token(net, POLYGON, "USDC")
    amount = 1_000 * 10**18
    q = await quote(net, BSC, usdt, POLYGON, usdc, amount)
    least = int(q["amountOutMin"])
    assert least == (amount - amount * 3 // 1000) // 10**12 - 100_000  # 0.3 % fee, $0.10 relayer fee, 6 decimals
    before, held = await receiver.balance(usdc), await me.balance(usdt)
    tx = await deposit(net, me, usdt, q["toCoinCode"], receiver.address, amount, least)
    registered = await register(net, q, tx, me.address, receiver.address, least)
    assert registered == {"resCode": 100, "resMsg": "success", "data": {"orderId": order_id(BSC, tx)}}
    again = await register(net, q, tx, me.address, receiver.address, least)
    assert again["resCode"] == 414 and again["data"]["orderId"] == order_id(BSC, tx)  # the same order

    record, seen = await follow(net, order_id(BSC, tx))
    assert record["status"] == "receive_complete" and seen[-1] == "receive_complete"
    assert [s["status"] for s in record["timeline"]] == [
        "wait_deposit_send", "wait_exchange_push", "wait_exchange_return", "wait_exchange_return_success",
        "wait_receive_send", "wait_receive_confirm", "receive_complete",
    ]  # fmt: skip
    assert int(record["toTokenAmount"]) == least
    assert await receiver.balance(usdc) - before == int(record["toTokenAmount"])
    assert held - await me.balance(usdt) == amount
    payout = await net.providers.world.client(POLYGON).receipt(record["toHash"])
    assert payout is not None and payout.ok


async def test_the_swap_endpoint_builds_the_same_deposit(net: BridgeNet) -> None:
    me = net.wallet(BSC, 2)
    usdt = await token(net, BSC, "USDT")
    q = await quote(net, BSC, usdt, POLYGON, await token(net, POLYGON, "USDT"), 50 * 10**18)
    body = q["request"] | {"fromAddress": me.address, "toAddress": me.address, "amountOutMin": q["amountOutMin"]}
    answer = await net.post("metapath", "/api/sswap/swap", body)
    call = BRIDGERS.encode("swap", usdt, "USDT(POLYGON)", me.address, 50 * 10**18, int(q["amountOutMin"]))
    vault = (await net.deployment(BSC)).metapath.contract
    assert answer["data"]["txData"] == {"data": "0x" + call.hex(), "to": vault, "value": "0x0"}


async def test_the_native_coin_crosses_without_a_registration_found_by_the_desks_scanner(net: BridgeNet) -> None:
    me, receiver = net.wallet(BSC, 3), net.wallet(POLYGON, 7)
    usdt = await token(net, POLYGON, "USDT")
    amount = 10**18  # 1 BNB, $600
    q = await quote(net, BSC, EVM_NATIVE, POLYGON, usdt, amount)
    before = await receiver.balance(usdt)
    tx = await deposit(net, me, None, "USDT(POLYGON)", receiver.address, amount, int(q["amountOutMin"]))
    record, _ = await follow(net, order_id(BSC, tx))  # the scanner makes the order, later than a callback would
    assert record["status"] == "receive_complete" and record["fromTokenAddress"] == EVM_NATIVE
    assert await receiver.balance(usdt) - before == int(record["toTokenAmount"]) == int(q["amountOutMin"])
    late = await register(net, q, tx, me.address, receiver.address, int(q["amountOutMin"]))
    assert late["resCode"] == 414 and late["data"]["orderId"] == order_id(BSC, tx)


async def test_tron_is_a_source_and_a_destination(net: BridgeNet) -> None:
    # USDT from TRON (TRON transactions) to BSC, then BNB's USDT back to TRX paid in the native coin
    tron_me, bsc_me = net.wallet(TRON, 4), net.wallet(BSC, 4)
    usdt_tron, usdt_bsc = await token(net, TRON, "USDT"), await token(net, BSC, "USDT")
    q = await quote(net, TRON, shown(TRON, usdt_tron), BSC, usdt_bsc, 200 * 10**6)
    before = await bsc_me.balance(usdt_bsc)
    tx = await deposit(net, tron_me, usdt_tron, "USDT(BSC)", bsc_me.address, 200 * 10**6, int(q["amountOutMin"]))
    await register(net, q, tx, shown(TRON, tron_me.address), bsc_me.address, int(q["amountOutMin"]))
    record, _ = await follow(net, order_id(TRON, tx))
    assert record["status"] == "receive_complete" and record["fromChain"] == "TRX"
    assert record["fromAddress"] == shown(TRON, tron_me.address)
    assert await bsc_me.balance(usdt_bsc) - before == int(record["toTokenAmount"])

    q = await quote(net, BSC, usdt_bsc, TRON, TRON_NATIVE, 100 * 10**18)
    destination = shown(TRON, tron_me.address)
    trx_before = await tron_me.balance(None)
    tx = await deposit(net, bsc_me, usdt_bsc, "TRX(TRX)", destination, 100 * 10**18, int(q["amountOutMin"]))
    await register(net, q, tx, bsc_me.address, destination, int(q["amountOutMin"]))
    record, _ = await follow(net, order_id(BSC, tx))
    assert record["status"] == "receive_complete" and record["toAddress"] == destination
    assert await tron_me.balance(None) - trx_before == int(record["toTokenAmount"]) == int(q["amountOutMin"])


@pytest.mark.parametrize(
    ("case", "dst", "dollars", "extra", "reason"),
    [
        ("below the minimum", POLYGON, 10, 0, "below the minimum deposit"),
        ("above the maximum", POLYGON, 85_000, 0, "above the maximum deposit"),
        ("minimum return not met", POLYGON, 500, 1, "minimum return not met"),
        ("destination vault too short", HECO, 60_000, 0, "insufficient liquidity"),  # HECO's vault: $50k
    ],
)
async def test_what_the_desk_cannot_pay_is_refunded_whole(
    net: BridgeNet, case: str, dst: int, dollars: int, extra: int, reason: str
) -> None:
    me, receiver = net.wallet(BSC, 5), net.wallet(dst, 7)
    usdt, usdt1 = await token(net, BSC, "USDT"), await token(net, dst, "USDT")
    amount = dollars * 10**18
    q = await quote(net, BSC, usdt, dst, usdt1, amount)
    least = int(q["amountOutMin"]) + extra
    held, before = await me.balance(usdt), await receiver.balance(usdt1)
    tx = await deposit(net, me, usdt, f"USDT({CODES[dst]})", receiver.address, amount, least)
    await register(net, q, tx, me.address, receiver.address, least)
    record, seen = await follow(net, order_id(BSC, tx))
    assert record["status"] == "refund_complete", case
    assert reason in record["refundReason"]
    assert "wait_refund_send" in [s["status"] for s in record["timeline"]] and "receive_complete" not in seen
    assert int(record["refundCoinAmt"]) == amount
    assert await me.balance(usdt) == held  # the whole deposit is back
    assert await receiver.balance(usdt1) == before  # and nothing was paid out


async def test_a_registered_deposit_that_comes_after_its_timeout_is_refunded(net: BridgeNet) -> None:
    me = net.wallet(BSC, 6)
    usdt = await token(net, BSC, "USDT")
    q = await quote(net, BSC, usdt, POLYGON, await token(net, POLYGON, "USDT"), 100 * 10**18)
    held = await me.balance(usdt)
    await me.approve(usdt, (await net.deployment(BSC)).metapath.contract, 100 * 10**18)
    vault = (await net.deployment(BSC)).metapath.contract
    call = BRIDGERS.encode("swap", usdt, "USDT(POLYGON)", me.address, 100 * 10**18, 0)
    raw = await me.sign(vault, call)  # signed, never sent
    tx = "0x" + keccak(raw).hex()
    assert (await register(net, q, tx, me.address, me.address, 0))["resCode"] == 100
    record, _ = await follow(net, order_id(BSC, tx))
    assert record["status"] == "timeout" and record["toHash"] == "" and record["refundHash"] == ""
    assert await me.balance(usdt) == held
    # the deposit lands after all: it is paid or refunded (here: refunded, "deposit timeout"), never stranded
    assert (await me.client_send(raw)).ok and await me.balance(usdt) == held - 100 * 10**18
    again = await register(net, q, tx, me.address, me.address, 0)
    assert again["resCode"] == 414 and again["data"]["orderId"] == order_id(BSC, tx)  # the same order

    async def settled() -> dict[str, Any] | None:
        answer = await net.post("metapath", "/api/exchangeRecord/getTransDataById", {"orderId": order_id(BSC, tx)})
        return dict(answer["data"]) if answer["data"]["status"] in TERMINAL - {"timeout"} else None

    record = await until(settled, "the late deposit is refunded")
    assert record["status"] == "refund_complete" and record["refundReason"].startswith("deposit timeout")
    is_path(MACHINE, [step["status"] for step in record["timeline"]])
    assert await me.balance(usdt) == held  # the whole deposit is back
    assert record["refundCoinAmt"] == str(100 * 10**18)


async def test_a_registered_transaction_that_deposits_nothing_is_a_deposit_error(net: BridgeNet) -> None:
    me = net.wallet(BSC, 6)
    usdt = await token(net, BSC, "USDT")
    q = await quote(net, BSC, usdt, POLYGON, await token(net, POLYGON, "USDT"), 100 * 10**18)
    transfer = await me.send(usdt, ERC20.encode("transfer", me.address, 1))
    await register(net, q, transfer.tx, me.address, me.address, 0)
    record, _ = await follow(net, order_id(BSC, transfer.tx))
    assert record["status"] == "wait_deposit_send_error"
    assert record["refundReason"] == "the transaction deposited nothing into Bridgers"
