"""CBRIDGE through the engine, as a client uses it: quote, exact approval, `send` through JSON-RPC, order
callback, details to the end. A transfer the validators cannot pay waits for its sender's refund: the sender
asks the gateway (signing the request), then withdraws on the source chain, and gets every unit back. A large
transfer is delayed, then released; its release is a target hash like any other."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from typing import Any

import pytest
from eth_account import Account
from eth_account.messages import encode_defunct

from swapdesk.contracts import artifact
from swapdesk.devnet.accounts import demo_key
from swapdesk.devnet.bridges.cbridge import MACHINE
from swapdesk.engine.bridges.cbridge import CBridge
from swapdesk.engine.bridges.cbridge_refund import Refund, refund_digest, withdraw_request
from tests.devnet.bridges_world import is_path

from .cross_world import RECEIVER, CrossWorld, address, cross_world

CB = artifact("CBridge")
ETH, BSC, POLYGON, HECO = 1, 56, 137, 128
NATIVE = "0x0000000000000000000000000000000000000000"


@pytest.fixture(scope="module")
async def world() -> AsyncIterator[CrossWorld]:
    async with cross_world([ETH, BSC, POLYGON, HECO]) as running:
        yield running


async def send(world: CrossWorld, sender: int, quote: dict[str, Any], data: str | None = None) -> str:
    src, amount = int(quote["chainID"]), int(quote["amountIn"])
    if quote["token0"] != NATIVE:
        await world.approve(sender, src, quote["token0"], quote["router"], amount)
    sent = await world.send(sender, src, quote["router"], data or quote["data"], int(quote["value"]))
    assert sent.ok
    return sent.tx


@pytest.mark.parametrize(("src", "dst", "symbol", "whole"), [(BSC, POLYGON, "USDT", 500), (ETH, BSC, "ETH", 1)])
async def test_a_transfer_completes(world: CrossWorld, src: int, dst: int, symbol: str, whole: int) -> None:
    token0 = next(t for t in (await world.ok("/v3/cross/common/list"))["tokens"]["CBRIDGE"]
                  if t["chainId"] == src and t["symbol"] == symbol)  # fmt: skip
    receiver = address(RECEIVER, dst)
    amount = whole * 10 ** token0["decimals"]
    quote = await world.quote("CBRIDGE", src, dst, token0["address"], amount, receiver)
    assert quote["crossPool"] == quote["router"] and quote["feeRate"] == "5"
    before = await world.balance(dst, quote["token1"], receiver)
    tx = await send(world, 1, quote)
    order = await world.order(quote, tx)
    assert order.startswith("0x") and order != tx  # the transfer id of its Send event
    done = await world.final(tx, src)
    assert (done["status"], done["statusNotes"], done["orderId"]) == ("Success", "COMPLETED", order)
    assert int(done["amountOut"]) >= int(quote["amountOut"])
    assert await world.balance(dst, quote["token1"], receiver) - before == int(done["amountOut"])
    is_path(MACHINE, [s["statusNotes"] for s in done["timeline"]])
    assert (await world.details(done["targetHash"], dst))["orderId"] == order


async def test_a_short_destination_pool_is_refused_by_the_quote(world: CrossWorld) -> None:
    usdt = await world.token("CBRIDGE", BSC, "USDT")
    refused = await world.refused("/v3/cross/swap", fromChainID=BSC, toChainID=HECO, token0=usdt["address"],
                                  bridge="CBRIDGE", amountIn=55_000 * 10**18, to=address(RECEIVER, HECO))  # fmt: skip
    assert refused["status"] == 422 and refused["data"] == {"code": "INSUFFICIENT_LIQUIDITY", "parameter": "amountIn"}


async def test_a_slippage_refund_needs_the_sender_and_returns_every_unit(world: CrossWorld) -> None:
    usdt = await world.token("CBRIDGE", BSC, "USDT")
    sender = Account.from_key(demo_key(2))
    quote = await world.quote("CBRIDGE", BSC, POLYGON, usdt["address"], 20 * 10**18, address(RECEIVER, POLYGON))
    fields = list(CB.decode_input("send", bytes.fromhex(quote["data"][2:])))
    fields[5] = 501  # maxSlippage: the $0.31 of fees are 1.6 % of 20 USDT
    held = await world.balance(BSC, usdt["address"], sender.address)
    tx = await send(world, 2, quote, "0x" + CB.encode("send", *fields).hex())
    order = await world.order(quote, tx)

    waiting = await _until(world, tx, "TO_BE_REFUNDED")
    assert (waiting["status"], waiting["normalizedStatus"]["substatus"]) == ("Receiving", "REFUND_IN_PROGRESS")
    assert "the sender must ask for the refund" in waiting["normalizedStatus"]["substatusMessage"]
    client = world.engine.cross.clients["CBRIDGE"]
    assert isinstance(client, CBridge)
    refund = Refund(client)
    request = withdraw_request(bytes.fromhex(order[2:]), 7)
    signature = sender.sign_message(encode_defunct(primitive=refund_digest(request))).signature
    assert await refund.ask(order, request, signature) == 7
    assert await refund.ask(order, request, signature) == 7  # refunded once
    await _until(world, tx, "REFUND_TO_BE_CONFIRMED")
    withdrawal = await refund.withdrawal(order)
    assert withdrawal is not None and withdrawal.chain.id == BSC
    # anyone may send it (here demo account 6): the funds go to the sender
    assert (await world.send(6, BSC, "0x" + withdrawal.bridge.hex(), withdrawal.data)).ok

    done = await world.final(tx, BSC)
    assert (done["status"], done["statusNotes"], done["normalizedStatus"]["substatus"]) == (
        "Failure",
        "REFUNDED",
        "REFUNDED",
    )
    assert await world.balance(BSC, usdt["address"], sender.address) == held
    withdrawn = next(s for s in done["timeline"] if s["statusNotes"] == "CONFIRMING_YOUR_REFUND")
    assert withdrawn["chain"] == "BSC" and (await world.details(withdrawn["hash"], BSC))["orderId"] == order


async def test_a_large_transfer_is_delayed_then_released(world: CrossWorld) -> None:
    usdt = await world.token("CBRIDGE", BSC, "USDT")
    receiver = address(RECEIVER, POLYGON)
    quote = await world.quote("CBRIDGE", BSC, POLYGON, usdt["address"], 60_000 * 10**18, receiver)
    before = await world.balance(POLYGON, quote["token1"], receiver)
    tx = await send(world, 3, quote)
    done = await world.final(tx, BSC, seconds=120)
    assert "DELAYED" in [s["statusNotes"] for s in done["timeline"]] and done["status"] == "Success"
    assert await world.balance(POLYGON, quote["token1"], receiver) - before == int(done["amountOut"])
    released = await world.details(done["targetHash"], POLYGON)  # the release names the relay: found back
    assert released["sourceHash"] == tx


async def _until(world: CrossWorld, tx: str, notes: str, seconds: float = 60.0) -> dict[str, Any]:
    """The details once the transfer reaches `notes` (within `seconds`)."""
    deadline = time.monotonic() + seconds
    while (found := await world.details(tx, BSC))["statusNotes"] != notes:
        assert time.monotonic() < deadline, f"not {notes} within {seconds:g} s: {found['statusNotes']}"
        await asyncio.sleep(0.05)
    return found
