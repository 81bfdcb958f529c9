"""ANYSWAP through the engine, as a client uses it: quote, exact approval, deposit through JSON-RPC, order
callback, details to the end. Multichain's failure paths end in its states: below the minimum and a refused
payout are not paid (the deposit stays in the source pool), a big amount waits then pays, a short pool pays
in anyToken (DONE / PARTIAL)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from swapdesk.contracts import artifact

from .cross_world import RECEIVER, CrossWorld, address, cross_world

ROUTER = artifact("AnyswapV6Router")
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
async def test_a_swap_completes(world: CrossWorld, src: int, dst: int, symbol: str, whole: int) -> None:
    token0 = await world.token("ANYSWAP", src, symbol)
    receiver = address(RECEIVER, dst)
    amount = whole * 10 ** token0["decimals"]
    quote = await world.quote("ANYSWAP", src, dst, token0["address"], amount, receiver)
    assert quote["feeRate"] == "10" and "relayerFee" not in quote
    assert int(quote["amountOut"]) > 0 and quote["crossPool"] != quote["router"]  # the anyToken holds the pool
    before = await world.balance(dst, quote["token1"], receiver)
    tx = await send(world, 1, quote)
    assert await world.order(quote, tx) == tx  # Multichain names a swap by its source transaction
    done = await world.final(tx, src)
    assert (done["status"], done["statusNotes"]) == ("Success", "Success")
    assert done["normalizedStatus"]["substatus"] == "COMPLETED" and done["toToken"] == quote["token1"]
    assert int(done["amountOut"]) >= int(quote["amountOut"])
    assert await world.balance(dst, quote["token1"], receiver) - before == int(done["amountOut"])
    assert [s["statusNotes"] for s in done["timeline"]][-1] == "Success"
    assert (await world.details(done["targetHash"], dst))["sourceHash"] == tx


async def test_below_the_minimum_stays_in_the_source_pool(world: CrossWorld) -> None:
    usdt = await world.token("ANYSWAP", BSC, "USDT")
    receiver = address(RECEIVER, POLYGON)
    refused = await world.refused("/v3/cross/swap", fromChainID=BSC, toChainID=POLYGON, token0=usdt["address"],
                                  bridge="ANYSWAP", amountIn=5 * 10**18, to=receiver)  # fmt: skip
    assert refused["status"] == 422 and refused["data"] == {"code": "OUTSIDE_LIMITS", "parameter": "amountIn"}
    quote = await world.quote("ANYSWAP", BSC, POLYGON, usdt["address"], 100 * 10**18, receiver)
    pool = await world.balance(BSC, usdt["address"], quote["crossPool"])
    fields = list(ROUTER.decode_input("anySwapOutUnderlying", bytes.fromhex(quote["data"][2:])))
    fields[2] = 5 * 10**18  # a client that sends it anyway
    small = quote | {"amountIn": str(5 * 10**18)}
    received = await world.balance(POLYGON, quote["token1"], receiver)
    tx = await send(world, 2, small, "0x" + ROUTER.encode("anySwapOutUnderlying", *fields).hex())
    await world.order(small, tx)
    done = await world.final(tx, BSC)
    assert (done["status"], done["statusNotes"], done["amountOut"]) == (
        "Failure",
        "ExceedLimit(LessThenMinAmount)",
        "0",
    )
    assert (
        done["normalizedStatus"]["status"] == "FAILED" and "source pool" in done["normalizedStatus"]["substatusMessage"]
    )
    assert await world.balance(BSC, usdt["address"], quote["crossPool"]) == pool + 5 * 10**18
    assert await world.balance(POLYGON, quote["token1"], receiver) == received


async def test_a_refused_payout_fails_and_stays_in_the_source_pool(world: CrossWorld) -> None:
    usdt = await world.token("ANYSWAP", BSC, "USDT")
    refused = await world.refused("/v3/cross/swap", fromChainID=BSC, toChainID=POLYGON, token0=usdt["address"],
                                  bridge="ANYSWAP", amountIn=100 * 10**18, to=NATIVE)  # fmt: skip
    assert refused["data"] == {"code": "INVALID_RECIPIENT", "parameter": "to"}
    quote = await world.quote("ANYSWAP", BSC, POLYGON, usdt["address"], 100 * 10**18, address(RECEIVER, POLYGON))
    fields = list(ROUTER.decode_input("anySwapOutUnderlying", bytes.fromhex(quote["data"][2:])))
    fields[1] = NATIVE  # to the zero address: the destination refuses the payout
    pool = await world.balance(BSC, usdt["address"], quote["crossPool"])
    tx = await send(world, 3, quote, "0x" + ROUTER.encode("anySwapOutUnderlying", *fields).hex())
    done = await world.final(tx, BSC)
    assert (done["status"], done["statusNotes"], done["normalizedStatus"]["status"]) == ("Failure", "Failure", "FAILED")
    assert await world.balance(BSC, usdt["address"], quote["crossPool"]) == pool + 100 * 10**18


async def test_a_big_amount_waits_then_pays(world: CrossWorld) -> None:
    usdt = await world.token("ANYSWAP", BSC, "USDT")
    receiver = address(RECEIVER, POLYGON)
    quote = await world.quote("ANYSWAP", BSC, POLYGON, usdt["address"], 60_000 * 10**18, receiver)
    before = await world.balance(POLYGON, quote["token1"], receiver)
    tx = await send(world, 4, quote)
    done = await world.final(tx, BSC)
    notes = [s["statusNotes"] for s in done["timeline"]]
    assert "BigAmount(Wait24hours)" in notes and done["status"] == "Success"
    assert await world.balance(POLYGON, quote["token1"], receiver) - before == int(done["amountOut"])


async def test_a_short_pool_pays_in_any_token(world: CrossWorld) -> None:
    """HECO's pool holds $50k: 55,000 USDT are paid in anyUSDT, which the receiver redeems later."""
    usdt = await world.token("ANYSWAP", BSC, "USDT")
    receiver = address(RECEIVER, HECO)
    quote = await world.quote("ANYSWAP", BSC, HECO, usdt["address"], 55_000 * 10**18, receiver)
    underlying = await world.balance(HECO, quote["token1"], receiver)
    tx = await send(world, 5, quote)
    done = await world.final(tx, BSC)
    assert (done["status"], done["normalizedStatus"]["status"], done["normalizedStatus"]["substatus"]) == (
        "Success", "DONE", "PARTIAL",
    )  # fmt: skip
    assert done["toToken"] != quote["token1"]  # the anyToken the receiver holds
    assert await world.balance(HECO, done["toToken"], receiver) == int(done["amountOut"]) == int(quote["amountOut"])
    assert await world.balance(HECO, quote["token1"], receiver) == underlying
