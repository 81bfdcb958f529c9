"""TRON in cross-chain, as a TRON developer meets it: the quote's `data` for a TRON source is what tronpy
sends to `router` (the router's method by the data's selector, with the data's arguments, which tronpy
encodes back to the very same bytes), the exact approval and the deposit are TRON transactions built, signed
and broadcast with tronpy through the devnet's TRON node, and TRON ids are written as TRON writes them."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator

import pytest

from .cross_world import RECEIVER, TRON, CrossWorld, address, cross_world

BSC = 56
TRON_ID = re.compile(r"[0-9a-f]{64}")


@pytest.fixture(scope="module")
async def world() -> AsyncIterator[CrossWorld]:
    async with cross_world([BSC, TRON]) as running:
        yield running


@pytest.mark.parametrize("bridge", ["METAPATH", "ANYSWAP", "CBRIDGE"])
async def test_tron_to_bsc(world: CrossWorld, bridge: str) -> None:
    """The spec's own cross-chain example (TRON -> BSC through METAPATH), and every bridge that serves TRON."""
    usdt, there = await world.token(bridge, TRON, "USDT"), await world.token(bridge, BSC, "USDT")
    assert usdt["address"].startswith("T") and there["address"].startswith("0x")
    sender, receiver = address(2, TRON), address(RECEIVER, BSC)
    amount = 250 * 10 ** usdt["decimals"]
    quote = await world.quote(bridge, TRON, BSC, usdt["address"], amount, receiver, issuer=sender)
    assert quote["router"].startswith("T") and quote["crossPool"].startswith("T") and quote["data"].startswith("0x")
    held, before = (
        await world.balance(TRON, usdt["address"], sender),
        await world.balance(BSC, there["address"], receiver),
    )

    await world.approve(2, TRON, usdt["address"], quote["router"], amount)
    sent = await world.send(2, TRON, quote["router"], quote["data"])  # tronpy: asserts it sends `data` unchanged
    assert sent.ok and TRON_ID.fullmatch(sent.tx)
    assert await world.balance(TRON, usdt["address"], sender) == held - amount
    order = await world.order(quote, sent.tx)
    assert order == await world.order(quote, "0x" + sent.tx)  # a TRON id, with or without 0x

    done = await world.final(sent.tx, TRON)
    assert (done["status"], done["sourceHash"], done["fromChain"], done["toChain"]) == (
        "Success",
        sent.tx,
        "TRON",
        "BSC",
    )
    assert done["statusNotes"] == {"METAPATH": "receive_complete", "ANYSWAP": "Success", "CBRIDGE": "COMPLETED"}[bridge]
    assert done["fromAddress"] == sender and done["fromToken"] == usdt["address"]
    assert int(done["amountOut"]) >= int(quote["amountOut"])
    assert await world.balance(BSC, there["address"], receiver) - before == int(done["amountOut"])
    assert done["timeline"][0]["hash"] == sent.tx and done["timeline"][0]["chain"] == "TRON"
    assert (await world.details(done["targetHash"], BSC))["sourceHash"] == sent.tx


async def test_bsc_to_tron_through_metapath(world: CrossWorld) -> None:
    """TRON as the destination: the receiver in base58, paid by a TRON transaction."""
    usdt, there = await world.token("METAPATH", BSC, "USDT"), await world.token("METAPATH", TRON, "USDT")
    receiver = address(RECEIVER, TRON)
    quote = await world.quote("METAPATH", BSC, TRON, usdt["address"], 300 * 10**18, receiver, token1=there["address"])
    assert quote["to"] == receiver and quote["token1"] == there["address"]
    before = await world.balance(TRON, there["address"], receiver)
    await world.approve(3, BSC, usdt["address"], quote["router"], 300 * 10**18)
    sent = await world.send(3, BSC, quote["router"], quote["data"])
    await world.order(quote, sent.tx)
    done = await world.final(sent.tx, BSC)
    assert (done["status"], done["statusNotes"], done["toAddress"]) == ("Success", "receive_complete", receiver)
    assert TRON_ID.fullmatch(done["targetHash"])
    assert await world.balance(TRON, there["address"], receiver) - before == int(done["amountOut"])
    assert (await world.details(done["targetHash"], TRON))["sourceHash"] == sent.tx
