"""Deposits into each bridge's real entry point, read: by the bridge's event alone (an engine with no bridge
provider still says which bridge, what went in, where to), and with the providers, the payout found through them
(the transaction extension carries the very cross-chain record the details endpoint answers)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from swapdesk.api import ApiError, DetailsRequest
from swapdesk.api.requests import TransactionRequest
from swapdesk.chains import by_id
from swapdesk.devnet.backend import DevnetBackend
from swapdesk.engine import Engine

from .cross_world import RECEIVER, CrossWorld, address, cross_world

BSC, POLYGON = 56, 137
NATIVE = "0x0000000000000000000000000000000000000000"
EVENTS = {"ANYSWAP": "LogAnySwapOut", "CBRIDGE": "Send", "METAPATH": "Swap"}


class LentDevnet(DevnetBackend):
    """The world's devnet, lent to a second engine: closing that engine leaves it running."""

    async def aclose(self) -> None:
        pass


@pytest.fixture(scope="module")
async def world() -> AsyncIterator[CrossWorld]:
    async with cross_world([BSC, POLYGON]) as running:
        yield running


async def deposit(world: CrossWorld, bridge: str, sender: int) -> tuple[dict[str, Any], str]:
    usdt = await world.token(bridge, BSC, "USDT")
    extra = {"token1": (await world.token(bridge, POLYGON, "USDT"))["address"]} if bridge == "METAPATH" else {}
    quote = await world.quote(bridge, BSC, POLYGON, usdt["address"], 300 * 10**18, address(RECEIVER, POLYGON), **extra)
    await world.approve(sender, BSC, quote["token0"], quote["router"], int(quote["amountIn"]))
    sent = await world.send(sender, BSC, quote["router"], quote["data"], int(quote["value"]))
    assert sent.ok
    return quote, sent.tx


@pytest.mark.parametrize("bridge", ["ANYSWAP", "CBRIDGE", "METAPATH"])
async def test_a_deposit_is_read_by_its_event_and_its_payout_found(world: CrossWorld, bridge: str) -> None:
    quote, tx = await deposit(world, bridge, {"ANYSWAP": 2, "CBRIDGE": 3, "METAPATH": 4}[bridge])
    bsc = by_id(BSC)

    alone = Engine(LentDevnet(world.net.devnet))  # no bridge provider: the event alone
    try:
        info = await alone.transaction(TransactionRequest(tx, bsc))
        with pytest.raises(ApiError) as refused:
            await alone.details(DetailsRequest(tx, bsc))
    finally:
        await alone.aclose()
    assert (info.kind, info.details, info.status) == ("bridge", None, "Success")
    assert info.bridge is not None and (info.bridge.bridge, info.bridge.event) == (bridge, EVENTS[bridge])
    assert (info.bridge.amount == quote["amountIn"] and info.bridge.contract == quote["router"]) or bridge == "ANYSWAP"
    if bridge != "METAPATH":
        assert info.bridge.toChainId == POLYGON and info.bridge.receiver == address(RECEIVER, POLYGON)
    else:
        assert info.bridge.receiver == address(RECEIVER, POLYGON) and info.bridge.toToken
    assert refused.value.code.value == "NOT_A_SWAP" and "bridge deposit" in refused.value.message

    await world.order(quote, tx)
    done = await world.final(tx, BSC)
    assert done["status"] == "Success" and done["targetHash"]
    info = await world.engine.transaction(TransactionRequest(tx, bsc))
    details = await world.engine.details(DetailsRequest(tx, bsc))
    assert info.kind == "bridge" and info.details == details and details.targetHash == done["targetHash"]
    assert info.bridge is not None and info.bridge.bridge == bridge and details.dexs[0].dex == bridge
    payout = await world.engine.transaction(TransactionRequest(done["targetHash"], by_id(POLYGON)))
    assert payout.kind == "bridge" and payout.details is not None and payout.details.sourceHash == tx
