"""A cross-chain transfer from the app's trade layer on the devnet, its bridge providers and operators running:
exact approval to the catalogue's contract, checks, dry run, the deposit recorded with its order before it is
sent, the order callback, tracking to the end; TRON as a source; a cBridge refund withdrawn for the sender;
quotes bent on their way refused before anything is signed."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from swapdesk.address import format_address, parse_address
from swapdesk.api import CrossQuote
from swapdesk.devnet.accounts import demo_key
from swapdesk.trade.bridge import Bridger
from swapdesk.trade.bridge_catalog import BridgeRouters
from swapdesk.trade.bridge_checks import CBRIDGE, CrossShown, verify_cross
from swapdesk.trade.bridge_refund import RefundWithdraw
from swapdesk.trade.errors import CheckFailed
from swapdesk.trade.orders import OrderTracker, refundable
from swapdesk.wallet import PrivateKey

from .bridged import BSC, HECO, POLYGON, RECEIVER, TRON, Bridged, address, bridged_engine, bridger, ended, reaches
from .bridged import shown_route as route


@pytest.fixture(scope="module")
async def world() -> AsyncIterator[Bridged]:
    async with bridged_engine([BSC, POLYGON, HECO, TRON]) as running:
        yield running


@pytest.fixture
def app(world: Bridged, tmp_path: Path) -> Bridger:
    return bridger(world, tmp_path / "history.sqlite")


async def balance(app: Bridger, chain_id: int, token: str, owner: str) -> int:
    from swapdesk.chains import by_id

    chain = by_id(chain_id)
    return await app.calls.balance(chain, parse_address(owner, chain.tron), parse_address(token, chain.tron))


@pytest.mark.parametrize(
    ("bridge", "src", "dst", "sender"), [("METAPATH", BSC, POLYGON, 1), ("CBRIDGE", BSC, POLYGON, 2),
                                         ("ANYSWAP", BSC, POLYGON, 3), ("METAPATH", TRON, BSC, 4)],
)  # fmt: skip
async def test_a_transfer_from_the_app_is_recorded_registered_and_followed_to_the_end(
    world: Bridged, app: Bridger, bridge: str, src: int, dst: int, sender: int
) -> None:
    key = PrivateKey(demo_key(sender))
    shown = await route(world.engine, bridge, src, dst, "USDT", "250", sender)
    store = app.trader.outbox.store
    contract = await app.contract(shown)
    routers = await app.catalog.routers(shown.src)
    assert format_address(contract, False) == routers.routers[bridge]  # the catalogue's, from the deployment

    funds = await app.funds(key.address, shown)
    if funds.approval_needed(shown.amount):
        approval = await app.approve(key, shown)
        assert (await app.funds(key.address, shown)).allowance == shown.amount  # exactly the amount sent
        approved = store.get(approval.hash)
        assert approved is not None and approved.summary["spender"] == format_address(contract, shown.src.tron)
    receiver, token1 = address(RECEIVER, dst), shown.quote.token1
    before = await balance(app, dst, token1, receiver)
    steps: list[str] = []
    result = await app.send(key, shown, lambda words: steps.append(str(words)))  # the English of each step
    assert steps[0] == "Getting the final quote…" and steps[-1] == f"Registering the order with {bridge}…"
    assert result.order_id and (src != TRON or not result.hash.startswith("0x"))
    order = store.order(result.hash)
    assert order is not None and (order.deposit, order.order_id, order.bridge) == ("confirmed", result.order_id, bridge)
    deposit = store.get(result.hash)
    assert deposit is not None and deposit.kind == "bridge"

    updates: list[tuple[str, bool]] = []
    tracker = OrderTracker(world.engine, store, lambda o, end: updates.append((o.notes, end)), interval=0.05)
    done = await ended(tracker, store, result.hash)
    assert (done.status, done.substatus) == ("DONE", "COMPLETED")
    assert done.amount_out >= shown.min_out and done.target_hash
    assert await balance(app, dst, token1, receiver) - before == done.amount_out
    assert [end for _, end in updates] == [False] * (len(updates) - 1) + [True]  # "ended" is said once
    assert done.timeline[0]["hash"] == result.hash and done.timeline[-1]["status"] == "DONE"
    assert store.open_orders() == []


async def test_an_order_whose_callback_was_never_made_is_registered_by_the_tracker(
    world: Bridged, app: Bridger
) -> None:
    """A crash between the deposit and the callback: the next tracking round makes the callback."""
    key = PrivateKey(demo_key(5))
    shown = await route(world.engine, "METAPATH", BSC, POLYGON, "USDT", "120", 5)
    await app.approve(key, shown)
    final = await app._final_quote(shown, key)
    call = verify_cross(final, shown, await app.catalog.routers(shown.src))
    summary = {"bridge": "METAPATH", "chain": "BSC", "toChain": "MATIC", "toChainId": POLYGON, "tokenIn": final.token0,
               "tokenOut": final.token1, "symbolIn": "USDT", "symbolOut": "USDT", "decimalsIn": 18, "decimalsOut": 6,
               "amountIn": str(call.amount), "quotedOut": final.amountOut, "minOut": final.amountOut,
               "receiver": final.to, "sender": key.address, "channel": "default"}  # fmt: skip
    contract = await app.contract(shown)
    data = bytes.fromhex(final.data[2:])
    sent = await app.calls.send(key, shown.src, "bridge", contract, data, 0, summary, CBRIDGE.abi)
    store = app.trader.outbox.store
    unregistered = store.order(sent.hash)
    assert unregistered is not None and unregistered.order_id == ""
    tracker = OrderTracker(world.engine, store, interval=0.05)
    done = await ended(tracker, store, sent.hash)
    assert done.order_id.startswith("0x") and done.status == "DONE"


async def test_a_cbridge_refund_is_withdrawn_for_the_sender_and_returns_every_unit(
    world: Bridged, app: Bridger
) -> None:
    """cBridge's slippage path (docs/providers.md): a send whose maxSlippage (501) cannot cover the fees."""
    key = PrivateKey(demo_key(6))
    shown = await route(world.engine, "CBRIDGE", BSC, POLYGON, "USDT", "20", 6)
    await app.approve(key, shown)
    final = await app._final_quote(shown, key)
    fields = list(CBRIDGE.decode_input("send", bytes.fromhex(final.data[2:])))
    fields[5] = 501
    tight = final.model_copy(update={"data": "0x" + CBRIDGE.encode("send", *fields).hex()})
    verify_cross(tight, shown, await app.catalog.routers(shown.src))  # a tighter bound than shown passes the checks
    held = await balance(app, BSC, shown.quote.token0, key.address)
    summary = {"bridge": "CBRIDGE", "chain": "BSC", "toChain": "MATIC", "toChainId": POLYGON, "tokenIn": final.token0,
               "tokenOut": final.token1, "symbolIn": "USDT", "symbolOut": "USDT", "decimalsIn": 18, "decimalsOut": 6,
               "amountIn": final.amountIn, "quotedOut": final.amountOut, "minOut": str(shown.min_out),
               "receiver": final.to, "sender": key.address, "channel": "default"}  # fmt: skip
    contract = await app.contract(shown)
    sent = await app.calls.send(key, shown.src, "bridge", contract, bytes.fromhex(tight.data[2:]), 0, summary,
                                CBRIDGE.abi)  # fmt: skip
    store = app.trader.outbox.store
    tracker = OrderTracker(world.engine, store, interval=0.05)
    await reaches(tracker, store, sent.hash, "TO_BE_REFUNDED")
    order = store.order(sent.hash)
    assert order is not None and refundable(order) and order.status == "PENDING"
    assert order.substatus == "REFUND_IN_PROGRESS" and "sender" in order.message

    other = PrivateKey(demo_key(1))
    with pytest.raises(CheckFailed, match="only the account that sent the transfer"):
        await RefundWithdraw(app).withdraw(other, order)
    steps: list[str] = []
    withdrawn = await RefundWithdraw(app).withdraw(key, order, lambda words: steps.append(str(words)))
    refund, refunded = store.get(withdrawn.hash), store.order(sent.hash)
    assert "Asking cBridge's validators" in steps[0] and refund is not None and refund.kind == "refund"
    assert refunded is not None and not refundable(refunded)
    done = await ended(tracker, store, sent.hash)
    assert (done.status, done.substatus, done.notes, done.refund_hash) == ("DONE", "REFUNDED", "REFUNDED",
                                                                           withdrawn.hash)  # fmt: skip
    assert await balance(app, BSC, shown.quote.token0, key.address) == held  # every unit back


async def test_an_amount_above_what_was_shown_is_refused_before_signing(world: Bridged, app: Bridger) -> None:
    """The person was shown more than the bridge gives: the final quote's call guarantees less, nothing is sent."""
    key = PrivateKey(demo_key(8))
    shown = await route(world.engine, "METAPATH", BSC, POLYGON, "USDT", "100", 8)
    await app.approve(key, shown)
    promised = shown.route.model_copy(update={"amountOut": str(shown.amount_out + 1)})
    inflated = CrossShown(shown.request, promised, shown.symbols, shown.decimals)
    before = app.trader.outbox.store.all()
    with pytest.raises(CheckFailed, match="below the"):
        await app.send(key, inflated)
    assert app.trader.outbox.store.all() == before  # nothing signed, nothing recorded


@pytest.mark.parametrize("bridge", ["METAPATH", "CBRIDGE", "ANYSWAP"])
async def test_a_quote_bent_on_its_way_is_refused(world: Bridged, app: Bridger, bridge: str) -> None:
    """A remote server's quote is decoded and held against the screen: each field bent is named."""
    shown = await route(world.engine, bridge, BSC, POLYGON, "USDT", "300", 2)
    quote = shown.quote
    routers = await app.catalog.routers(shown.src)
    assert verify_cross(quote, shown, routers).amount == shown.amount
    other_router = routers.routers["METAPATH" if bridge != "METAPATH" else "CBRIDGE"]
    assert "not " + bridge in _refusal(quote.model_copy(update={"router": other_router}), shown, routers)
    stranger = address(1, POLYGON)
    bent = {
        "receiver": shown.quote.data.replace(_word(shown.receiver, POLYGON), _word(stranger, POLYGON)),
        "amount": shown.quote.data.replace(f"{shown.amount:064x}", f"{shown.amount + 1:064x}"),
        "chain": shown.quote.data.replace(f"{POLYGON:064x}", f"{HECO:064x}"),
    }
    if bridge == "METAPATH":  # the receiver is text, the chain is in the coin code
        bent["receiver"] = _metapath(shown, stranger, "USDT(POLYGON)")
        bent["chain"] = _metapath(shown, shown.receiver, "USDT(HECO)")
    for what, data in bent.items():
        assert data != shown.quote.data, what
        message = _refusal(quote.model_copy(update={"data": data}), shown, routers)
        assert {"receiver": "pays", "amount": "sends", "chain": "HECO (chain 128)"}[what] in message
    sent_coin = _refusal(quote.model_copy(update={"value": "1"}), shown, routers)
    assert "BNB with it" in sent_coin


def _refusal(quote: CrossQuote, shown: CrossShown, routers: BridgeRouters) -> str:
    with pytest.raises(CheckFailed) as refused:
        verify_cross(quote, shown, routers)
    return str(refused.value)


def _word(address_text: str, chain_id: int) -> str:
    return parse_address(address_text, chain_id == TRON).hex().rjust(64, "0")


def _metapath(shown: CrossShown, receiver: str, code: str) -> str:
    from swapdesk.trade.bridge_checks import METAPATH

    args = list(METAPATH.decode_input("swap", bytes.fromhex(shown.quote.data[2:])))
    args[1], args[2] = code, receiver
    return "0x" + METAPATH.encode("swap", *args).hex()
