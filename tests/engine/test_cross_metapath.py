"""METAPATH through the engine, as a client uses it: the quote over HTTP, the exact approval and the deposit
signed by a demo account and sent through JSON-RPC, the order callback, then the details until the end.
Every failure path the desk has ends in its documented state, with the funds where they belong."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from typing import Any

import pytest
from eth_account import Account
from eth_utils import keccak

from swapdesk.contracts import artifact
from swapdesk.devnet.accounts import demo_key
from swapdesk.devnet.bridges.metapath import MACHINE
from swapdesk.devnet.sender import signed_transaction
from tests.devnet.bridges_world import is_path

from .cross_world import ERC20, RECEIVER, CrossWorld, address, cross_world

BRIDGERS = artifact("Bridgers")
BSC, POLYGON, HECO = 56, 137, 128
NATIVE = "0x0000000000000000000000000000000000000000"


@pytest.fixture(scope="module")
async def world() -> AsyncIterator[CrossWorld]:
    async with cross_world([BSC, POLYGON, HECO]) as running:
        yield running


async def deposit(world: CrossWorld, sender: int, quote: dict[str, Any], data: str | None = None) -> str:
    """The exact approval (a token), then the quote's call data to its router."""
    amount, src = int(quote["amountIn"]), int(quote["chainID"])
    if quote["token0"] != NATIVE:
        await world.approve(sender, src, quote["token0"], quote["router"], amount)
    sent = await world.send(sender, src, quote["router"], data or quote["data"], int(quote["value"]))
    assert sent.ok
    return sent.tx


@pytest.mark.parametrize(("sell", "buy", "whole"), [("USDT", "USDT", 500), ("BNB", "USDC", 2)])
async def test_a_swap_completes_with_at_least_the_quoted_amount(
    world: CrossWorld, sell: str, buy: str, whole: int
) -> None:
    token0, token1 = await world.token("METAPATH", BSC, sell), await world.token("METAPATH", POLYGON, buy)
    receiver = address(RECEIVER, POLYGON)
    amount = whole * 10 ** token0["decimals"]
    quote = await world.quote("METAPATH", BSC, POLYGON, token0["address"], amount, receiver, token1=token1["address"],
                              issuer=address(1, BSC))  # fmt: skip
    assert quote["exchange"] == "METAPATH" and quote["token1"] == token1["address"] and quote["to"] == receiver
    assert isinstance(quote["price"], float) and int(quote["amountOut"]) > 0 and int(quote["relayerFee"]) > 0
    assert quote["feeRate"] == "30" and int(quote["fee"]) == amount * 3 // 1000
    assert quote["value"] == (str(amount) if sell == "BNB" else "0")
    before = await world.balance(POLYGON, token1["address"], receiver)

    tx = await deposit(world, 1, quote)
    order = await world.order(quote, tx)
    assert await world.order(quote, tx) == order  # the same hash, the same order

    done = await world.final(tx, BSC)
    assert (done["status"], done["statusNotes"], done["orderId"]) == ("Success", "receive_complete", order)
    assert done["normalizedStatus"] == {"status": "DONE", "substatus": "COMPLETED", "substatusMessage": ""}
    assert int(done["amountOut"]) >= int(quote["amountOut"])
    assert await world.balance(POLYGON, token1["address"], receiver) - before == int(done["amountOut"])
    assert (done["fromChain"], done["toChain"], done["channel"]) == ("BSC", "MATIC", "web")
    assert (done["fromToken"], done["toToken"], done["toAddress"]) == (token0["address"], token1["address"], receiver)
    assert done["dexs"] == [{"dex": "METAPATH", "icon": "/static/icons/sources/metapath.svg"}]
    stages = [s["statusNotes"] for s in done["timeline"]]
    is_path(MACHINE, stages)
    assert stages[-1] == "receive_complete" and done["timeline"][0] == {
        **done["timeline"][0],
        "hash": tx,
        "chain": "BSC",
    }
    by_target = await world.details(done["targetHash"], POLYGON)
    assert by_target | {"chain": "BSC"} == done | {"chain": "BSC"} and by_target["chain"] == "MATIC"


async def _refunded(world: CrossWorld, sender: int, quote: dict[str, Any], data: str, why: str) -> None:
    """The deposit is refunded whole: the sender's token0 is back to the unit, the receiver got nothing."""
    token0, token1, receiver, dst = quote["token0"], quote["token1"], quote["to"], int(quote["destChainID"])
    me = address(sender, BSC)
    held, receiving = await world.balance(BSC, token0, me), await world.balance(dst, token1, receiver)
    tx = await deposit(world, sender, quote, data)
    assert await world.balance(BSC, token0, me) == held - int(quote["amountIn"])
    await world.order(quote, tx, amountOutMin=BRIDGERS.decode_input("swap", bytes.fromhex(data[2:]))[4])
    done = await world.final(tx, BSC)
    assert (done["status"], done["statusNotes"], done["amountOut"]) == ("Failure", "refund_complete", "0")
    assert done["normalizedStatus"]["status"] == "DONE" and done["normalizedStatus"]["substatus"] == "REFUNDED"
    assert why in done["normalizedStatus"]["substatusMessage"]
    assert await world.balance(BSC, token0, me) == held
    assert await world.balance(dst, token1, receiver) == receiving
    refund = next(s for s in done["timeline"] if s["statusNotes"] == "wait_refund_confirm")
    assert refund["chain"] == "BSC" and (await world.details(refund["hash"], BSC))["sourceHash"] == tx


async def test_minimum_return_not_met_is_refunded(world: CrossWorld) -> None:
    usdt = await world.token("METAPATH", BSC, "USDT")
    quote = await world.quote("METAPATH", BSC, POLYGON, usdt["address"], 100 * 10**18, address(RECEIVER, POLYGON))
    fields = list(BRIDGERS.decode_input("swap", bytes.fromhex(quote["data"][2:])))
    fields[4] += 1  # one unit more than the desk pays
    await _refunded(world, 2, quote, "0x" + BRIDGERS.encode("swap", *fields).hex(), "minimum return not met")


async def test_short_destination_liquidity_is_refunded(world: CrossWorld) -> None:
    usdt, there = await world.token("METAPATH", BSC, "USDT"), await world.token("METAPATH", HECO, "USDT")
    quote = await world.quote("METAPATH", BSC, HECO, usdt["address"], 60_000 * 10**18, address(RECEIVER, HECO),
                              token1=there["address"])  # fmt: skip
    await _refunded(world, 3, quote, quote["data"], "insufficient liquidity")


async def test_below_the_minimum_is_refused_by_the_quote_and_refunded_by_the_desk(world: CrossWorld) -> None:
    usdt = await world.token("METAPATH", BSC, "USDT")
    refused = await world.refused("/v3/cross/swap", fromChainID=BSC, toChainID=POLYGON, token0=usdt["address"],
                                  bridge="METAPATH", amountIn=10 * 10**18, to=address(RECEIVER, POLYGON))  # fmt: skip
    assert refused["status"] == 422 and refused["data"] == {"code": "OUTSIDE_LIMITS", "parameter": "amountIn"}
    assert "30 USDT" in refused["message"] and "80000 USDT" in refused["message"]
    # a client that sends it anyway: built from the contract's ABI
    quote = await world.quote("METAPATH", BSC, POLYGON, usdt["address"], 100 * 10**18, address(RECEIVER, POLYGON))
    fields = list(BRIDGERS.decode_input("swap", bytes.fromhex(quote["data"][2:])))
    fields[3] = 10 * 10**18
    small = quote | {"amountIn": str(10 * 10**18)}
    await _refunded(world, 4, small, "0x" + BRIDGERS.encode("swap", *fields).hex(), "below the minimum deposit")


@pytest.mark.parametrize(
    ("sent", "notes", "substatus"),
    [(False, "timeout", "EXPIRED"), (True, "wait_deposit_send_error", "UNKNOWN_FAILED_ERROR")],
)
async def test_a_registered_hash_that_deposits_nothing_fails(
    world: CrossWorld, sent: bool, notes: str, substatus: str
) -> None:
    """Registered with the provider's API (the engine's own callback refuses such hashes), a transaction never
    sent times out, and one that deposits nothing (an approval) errs; the details find either by its
    registration, and nothing moved."""
    usdt = await world.token("METAPATH", BSC, "USDT")
    me = Account.from_key(demo_key(5))
    held = await world.balance(BSC, usdt["address"], me.address)
    if sent:
        tx = (await world.send(5, BSC, usdt["address"], ERC20.encode("approve", me.address, 1))).tx
    else:  # signed, never sent
        tx = "0x" + keccak(signed_transaction(me, BSC, 10_000, 10**9, usdt["address"], b"", 0, 100_000)).hex()
    refused = await world.refused("/v3/cross/order", bridge="METAPATH", fromChainID=BSC, toChainID=POLYGON,
                                  token0=usdt["address"], token1=usdt["address"], to=me.address, amountIn=10**20,
                                  channel="web", hash=tx, amountOutMin=1)  # fmt: skip
    assert refused["data"] == {"code": "NOT_A_DEPOSIT" if sent else "TRANSACTION_NOT_FOUND", "parameter": "hash"}
    body = {"hash": tx, "fromTokenChain": "BSC", "toTokenChain": "POLYGON", "fromTokenAddress": usdt["address"],
            "toTokenAddress": usdt["address"], "fromAddress": me.address, "toAddress": me.address,
            "fromTokenAmount": str(10**20), "amountOutMin": "1"}  # fmt: skip
    assert (await world.net.post("metapath", "/api/exchangeRecord/updateDataAndStatus", body))["resCode"] == 100
    done = await world.final(tx, BSC)
    assert (done["status"], done["statusNotes"], done["amountOut"]) == ("Failure", notes, "0")
    assert done["normalizedStatus"]["status"] == "FAILED" and done["normalizedStatus"]["substatus"] == substatus
    assert await world.balance(BSC, usdt["address"], me.address) == held


async def test_a_deposit_landing_after_its_registration_timed_out_is_refunded(world: CrossWorld) -> None:
    """Anyone may register a hash with the provider before it is mined: the order times out, then the deposit
    lands after all. It is refunded whole, never stranded; the order callback answers its order, the details
    follow it to the refund."""
    usdt = await world.token("METAPATH", BSC, "USDT")
    quote = await world.quote("METAPATH", BSC, POLYGON, usdt["address"], 100 * 10**18, address(6, BSC))
    me = Account.from_key(demo_key(6))
    await world.approve(6, BSC, usdt["address"], quote["router"], 100 * 10**18)
    held = await world.balance(BSC, usdt["address"], me.address)
    nonce = int(await world.rpc(BSC, "eth_getTransactionCount", me.address, "pending"), 16)
    base_fee = int((await world.rpc(BSC, "eth_getBlockByNumber", "latest", False))["baseFeePerGas"], 16)
    raw = signed_transaction(me, BSC, nonce, base_fee, quote["router"], bytes.fromhex(quote["data"][2:]), 0, 400_000)
    tx = "0x" + keccak(raw).hex()  # signed, not sent yet
    body = {"hash": tx, "fromTokenChain": "BSC", "toTokenChain": "POLYGON", "fromTokenAddress": usdt["address"],
            "toTokenAddress": usdt["address"], "fromAddress": me.address, "toAddress": me.address,
            "fromTokenAmount": str(10**20), "amountOutMin": "1"}  # fmt: skip
    assert (await world.net.post("metapath", "/api/exchangeRecord/updateDataAndStatus", body))["resCode"] == 100
    timed_out = await world.final(tx, BSC)
    assert (timed_out["status"], timed_out["statusNotes"]) == ("Failure", "timeout")

    receipt = await world.rpc(BSC, "eth_sendRawTransactionSync", "0x" + raw.hex())  # the deposit lands after all
    assert receipt["status"] == "0x1" and await world.balance(BSC, usdt["address"], me.address) == held - 10**20
    order = await world.order(quote, tx)
    assert order == timed_out["orderId"] and await world.order(quote, tx) == order  # the same order, every time
    deadline = time.monotonic() + 60
    while (found := await world.details(tx, BSC))["statusNotes"] != "refund_complete":
        assert time.monotonic() < deadline, f"not refunded within 60 s: {found['statusNotes']}"
        await asyncio.sleep(0.05)
    assert (found["status"], found["orderId"], found["amountOut"]) == ("Failure", order, "0")
    assert found["normalizedStatus"]["substatus"] == "REFUNDED"
    assert "deposit timeout" in found["normalizedStatus"]["substatusMessage"]
    assert await world.balance(BSC, usdt["address"], me.address) == held  # the whole deposit is back
    is_path(MACHINE, [s["statusNotes"] for s in found["timeline"]])
