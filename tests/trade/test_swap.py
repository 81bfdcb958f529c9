"""A swap from a demo account, approval included, checked before it is signed."""

from __future__ import annotations

from typing import Any

import pytest

from swapdesk.api import AggQuote, AggSwapRequest, SwapService
from swapdesk.devnet.accounts import demo_key
from swapdesk.devnet.backend import DevnetBackend
from swapdesk.engine import Engine
from swapdesk.engine.in_process import InProcess
from swapdesk.store import TxStore
from swapdesk.trade.checks import ROUTER
from swapdesk.trade.errors import CheckFailed, TradeError
from swapdesk.trade.outbox import Outbox
from swapdesk.trade.swap import Trader
from swapdesk.wallet import PrivateKey
from tests.trade.conftest import shown_quote

KEY = PrivateKey(demo_key(6))  # no discount token; used by no other test module on this devnet


async def test_approve_then_swap_receives_the_quote(trader: Trader, engine: Engine, store: TxStore) -> None:
    shown = await shown_quote(engine, to=KEY.address, issuer=KEY.address)
    funds = await trader.funds(KEY.address, shown)
    assert funds.balance >= shown.request.amountIn and funds.approval_needed(shown.request.amountIn)
    with pytest.raises(TradeError, match="approve USDT first"):
        await trader.swap(KEY, shown)
    approval = await trader.approve(KEY, shown)
    assert (await trader.funds(KEY.address, shown)).allowance == shown.request.amountIn  # exact, not unlimited
    result = await trader.swap(KEY, shown)
    assert result.amount_out == result.quoted_out == result.simulated_out == int(shown.quote.totalAmountOut)
    assert result.fee == int(shown.quote.fee)
    history = store.all()
    assert [(t.kind, t.status, t.hash) for t in history] == [
        ("swap", "confirmed", result.hash),
        ("approval", "confirmed", approval.hash),
    ]
    assert history[0].summary["amountOut"] == str(result.amount_out)
    assert (await trader.funds(KEY.address, shown)).allowance == 0  # the router took exactly what was approved


async def test_selling_the_native_coin_needs_no_approval(trader: Trader, engine: Engine) -> None:
    shown = await shown_quote(engine, token0="BNB", token1="USDC", amountIn="3", to=KEY.address, issuer=KEY.address)
    funds = await trader.funds(KEY.address, shown)
    assert funds.allowance is None and not funds.approval_needed(shown.request.amountIn)
    result = await trader.swap(KEY, shown)
    assert result.amount_out == int(shown.quote.totalAmountOut)


async def test_insufficient_balance_is_said_and_nothing_is_sent(trader: Trader, engine: Engine, store: TxStore) -> None:
    empty = PrivateKey.create()
    shown = await shown_quote(engine, token0="USDC", token1="BNB", amountIn="12", to=empty.address)
    with pytest.raises(TradeError, match="insufficient balance: you have 0 USDC, the swap needs 12 USDC"):
        await trader.swap(empty, shown)
    assert store.all() == []


class Tampering:
    """A server that hands back call data other than what it quoted: a boundary swapdesk does not own."""

    def __init__(self, engine: Engine, change: str) -> None:
        self.engine, self.change = engine, change

    def __getattr__(self, name: str) -> Any:  # the engine's, whatever it is
        return getattr(self.engine, name)

    async def agg_swap(self, request: AggSwapRequest) -> AggQuote:
        quote = await self.engine.agg_swap(request)
        (params,) = ROUTER.decode_input("swap", bytes.fromhex(quote.data[2:]))
        src, dst, amount, minimum, receiver, channel, deadline, routes = params
        if self.change == "receiver":
            receiver = "0x000000000000000000000000000000000000dEaD"
        elif self.change == "minimum":
            minimum = minimum // 2
        elif self.change == "router":
            return quote.model_copy(update={"aggregator": "0x000000000000000000000000000000000000dEaD"})
        elif self.change == "deadline":
            deadline = 1
        data = ROUTER.encode("swap", (src, dst, amount, minimum, receiver, channel, deadline, routes))
        return quote.model_copy(update={"data": "0x" + data.hex()})


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ("receiver", "receiver is 0x000000000000000000000000000000000000dEaD"),
        ("minimum", "minimum received is"),
        ("router", "not swapdesk's router"),
        ("deadline", "deadline has already passed"),
    ],
)
async def test_a_tampered_quote_is_refused_before_signing(
    engine: Engine, backend: DevnetBackend, store: TxStore, change: str, said: str
) -> None:
    honest = Trader(engine, InProcess(engine), Outbox(store))
    shown = await shown_quote(engine, token0="BNB", token1="USDT", amountIn="1", to=KEY.address, issuer=KEY.address)
    w3 = await backend.web3(shown.request.chain)
    nonce = await w3.eth.get_transaction_count(KEY.address)
    tampered: SwapService = Tampering(engine, change)
    with pytest.raises(CheckFailed, match=said):
        await Trader(tampered, InProcess(engine), Outbox(store)).swap(KEY, shown)
    assert store.all() == [] and await w3.eth.get_transaction_count(KEY.address) == nonce
    await honest.swap(KEY, shown)  # the same quote, honestly served, goes through
