"""Sending across chains from the window on the devnet, the bridges' providers and operators running: a METAPATH
and a CBRIDGE order end to end (review, exact approval, send, the timeline to the end, the notification, History),
a TRON deposit, a METAPATH refund the desk makes by itself, a cBridge refund withdrawn with the button, and an
order followed to its end by the next window when the one that sent it was closed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QScrollArea, QWidget

from swapdesk.gui.cross_dialog import CrossSendDialog
from swapdesk.gui.window import MainWindow
from swapdesk.store import StoredOrder, TxStore
from swapdesk.trade.bridge import BridgeResult
from swapdesk.wallet import Wallet
from tests.trade.bridged import BSC, POLYGON, RECEIVER, Bridged, address

from .conftest import SENDER, Act, Typer, Until, open_window, screenshot
from .fit import fits_at_both_sizes


def _texts(widget: QWidget) -> str:
    return " | ".join(label.text() for label in widget.findChildren(QLabel))


def compare(window: MainWindow, until: Until, type_into: Typer, act: Act, src: str, dst: str, amount: str) -> None:
    tab = window.cross_tab
    if tab.src.name != src:  # type: ignore[union-attr]  # another source: its balances are read
        until(tab.balances_shown, doing=lambda: tab.choose_chains(src, dst))
    elif tab.dst.name != dst:  # type: ignore[union-attr]
        act(lambda: tab.choose_chains(src, dst))
    act(lambda: tab.recipient.setText(address(RECEIVER, tab.dst.id)))  # type: ignore[union-attr]
    tab.amount.clear()
    type_into(tab.amount, amount)
    until(tab.routes_shown)


def open_review(window: MainWindow, until: Until, act: Act, bridge: str) -> CrossSendDialog:
    """Choose `bridge` among the routes compared and open its review, its funds checked."""
    tab = window.cross_tab
    act(lambda: tab.routes_card.choose(bridge))
    assert tab.routes_card.route is not None and tab.routes_card.route.bridge == bridge
    until(tab.send_requested, doing=tab.send_button.click)
    dialog = window.cross_dialog
    assert dialog is not None and dialog.shown.bridge == bridge
    if dialog.funds is None:
        until(dialog.checked)
    return dialog


def send(window: MainWindow, until: Until, act: Act, bridge: str, shots: str = "", close: bool = False) -> BridgeResult:
    """Choose `bridge`, review, approve when asked, send; the result. `shots`: screenshot names' prefix. `close`:
    the window closes the moment the deposit is sent (before its tracking can hear any news of it)."""
    tab = window.cross_tab
    dialog = open_review(window, until, act, bridge)
    review = _texts(dialog.review)
    for figure in ("At least", "Fees", "Network fee", "Time", "Receiver", "from swapdesk's own catalogue"):
        assert figure in review, figure
    assert "not this account" in review  # the recipient is another account: said plainly
    if dialog.approve_button.isVisibleTo(dialog):
        assert dialog.approve_button.text().startswith("Approve ") and not dialog.send_button.isEnabled()
        assert dialog.approve_button.isDefault() and not dialog.send_button.isDefault()  # the next action: Enter
        assert not dialog.close_button.autoDefault() and dialog.focusWidget() is not dialog.close_button
        assert dialog.steps.state(0) == "now" and dialog.steps.state(1) == "todo"
        if shots:
            act(lambda: screenshot(dialog, f"{shots}-review-approve.png"))
        act(dialog.approve_button.click)
        assert dialog.progress.busy and "Approving" in dialog.progress.words.text()
        if shots:
            act(lambda: screenshot(dialog, f"{shots}-approving.png"))
        until(dialog.checked)
    assert dialog.send_button.isEnabled() and not dialog.approve_button.isVisibleTo(dialog)
    assert dialog.send_button.isDefault() and not dialog.close_button.isDefault()
    if dialog.steps.isVisibleTo(dialog):  # approved here: the step stays, ticked, never just vanishes
        assert dialog.steps.state(0) == "done" and dialog.steps.labels[0].text().startswith("✓ Approved ")
    if shots:
        act(lambda: screenshot(dialog, f"{shots}-review.png"))
    if close:
        dialog.sent_order.connect(lambda _result: window.close())
    act(dialog.send_button.click)
    assert dialog.progress.busy
    if shots:
        act(lambda: screenshot(dialog, f"{shots}-sending.png"))
    (result,) = until(dialog.sent_order)
    assert isinstance(result, BridgeResult)
    if close:
        return result
    assert dialog.deposit.value.text() == result.hash and dialog.done_badge.text() == "Pending"
    assert dialog.deposit.link.isHidden()  # a devnet hash: no public explorer
    if shots:
        act(lambda: screenshot(dialog, f"{shots}-sent.png"))
    act(dialog.follow_button.click)
    if tab.order_card.order is None or tab.order_card.order.hash != result.hash:
        until(tab.order_shown)  # the tab follows the order just sent
    return result


def ended(window: MainWindow, until: Until, tx_hash: str) -> tuple[str, str, str]:
    """The notification that the order of `tx_hash` ended, once the store remembers it was given."""
    title, message, how = until(window.notifier.notified)
    order = window.store.order(tx_hash)
    if order is None or not order.notified:
        until(window.cross_tab.feed.remembered)
    return title, message, how


def test_a_metapath_order_from_review_to_arrival(
    cross_window: MainWindow, bridged: Bridged, until: Until, type_into: Typer, act: Act, qloop: Any
) -> None:
    tab = cross_window.cross_tab
    compare(cross_window, until, type_into, act, "BNB Smart Chain", "Polygon", "250")
    receiver, token1 = address(RECEIVER, POLYGON), tab.receive_picker.token.address  # type: ignore[union-attr]
    before = qloop.run_until_complete(bridged.net.wallet(POLYGON, 0).balance(token1, receiver))
    result = send(cross_window, until, act, "METAPATH", "cross")
    assert tab.side.currentWidget() is tab.order_card and cross_window.tabs.currentWidget() is tab
    card = tab.order_card
    assert card.order is not None and card.order.hash == result.hash and card.badge.text() == "Pending"
    assert tab.amount.text() == "" and not tab.send_button.isEnabled()  # no invitation to send it twice
    assert cross_window.activity.words == "A transfer is on its way…"  # and the status bar never says Ready
    assert not cross_window.engine_state.text().startswith("Ready")
    waiting = [s for s in card.timeline.stages if s.state == "waiting"]
    assert waiting and waiting[-1].title == "Received"  # what is still to come, muted
    fits_at_both_sizes(cross_window, tab, act)  # the order under way beside the form: no page scroll
    act(lambda: screenshot(cross_window, "cross-timeline.png"))

    title, message, how = ended(cross_window, until, result.hash)
    assert (title, how) == ("Transfer arrived", "window") and "received on Polygon" in message
    assert cross_window.notifier.said.text().startswith("Transfer arrived: 250 USDT")
    order = cross_window.store.order(result.hash)
    assert order is not None and (order.status, order.substatus, order.notes) == (
        "DONE",
        "COMPLETED",
        "receive_complete",
    )
    assert order.notified and order.order_id == result.order_id and order.amount_out >= result.quoted_out
    after = qloop.run_until_complete(bridged.net.wallet(POLYGON, 0).balance(token1, receiver))
    assert after - before == order.amount_out  # exactly what the order says arrived
    if card.badge.text() != "Success":
        until(tab.order_shown)
    assert card.badge.text() == "Success" and card.payout.value.text() == order.target_hash
    titles = [s.title for s in card.timeline.stages]
    assert titles[0] == "Deposit sent" and titles[-1] == "Received"  # behind it: what happened, not a wait
    assert not any(title.startswith("Waiting") for title in titles)
    assert all(s.state == "done" for s in card.timeline.stages) and card.timeline.stages[0].hash == result.hash
    assert all(s.time_ms for s in card.timeline.stages)
    act(lambda: screenshot(cross_window, "cross-done.png"))

    history = cross_window.history_tab
    sent = history.sent
    if not sent.rows or sent.rows[0].hash != result.hash or sent.sent_row(0).badge.text() != "Success":
        until(history.sent_listed)
    assert sent.sent_row(0).what.text() == "Bridge 250 USDT, BNB Smart Chain → Polygon, through Bridgers (METAPATH)"
    assert sent.sent_row(0).badge.text() == "Success" and sent.sent_row(1).what.text() == "Approve 250 USDT"
    (record,) = until(history.details_shown, doing=lambda: card.deposit.look_up_button.click())
    assert cross_window.tabs.currentWidget() is history and record.orderId == order.order_id
    assert history.card.badge.text() == "Success" and history.card.timeline.stages[-1].title == "Received"
    assert history.card.title.text() == "Cross-chain, BNB Smart Chain → Polygon"  # names, as on every other screen
    bridge_caption = history.card.form.labelForField(history.card.values["sources"])
    assert isinstance(bridge_caption, QLabel) and bridge_caption.text() == "Bridge"
    said = [history.card.form.labelForField(history.card.values[key]) for key in ("sold", "bought")]
    assert [c.text() if isinstance(c, QLabel) else "" for c in said] == ["Sent", "Received"]  # a transfer, not a sale
    act(lambda: screenshot(cross_window, "history-cross.png"))


@pytest.mark.parametrize(
    ("src", "dst", "bridge"), [("BNB Smart Chain", "Polygon", "CBRIDGE"), ("TRON", "BNB Smart Chain", "METAPATH")]
)
def test_a_cbridge_order_and_a_tron_deposit_arrive(
    cross_window: MainWindow, until: Until, type_into: Typer, act: Act, src: str, dst: str, bridge: str
) -> None:
    compare(cross_window, until, type_into, act, src, dst, "120")
    result = send(cross_window, until, act, bridge)
    assert result.hash.startswith("0x") != (src == "TRON")  # a TRON transaction id has no 0x
    title, _message, _how = ended(cross_window, until, result.hash)
    order = cross_window.store.order(result.hash)
    assert title == "Transfer arrived" and order is not None and order.substatus == "COMPLETED"
    assert cross_window.store.get(result.hash).kind == "bridge"  # type: ignore[union-attr]


def test_a_metapath_refund_reads_as_a_refund(
    cross_window: MainWindow, until: Until, type_into: Typer, act: Act
) -> None:
    """HECO's METAPATH vault holds $50,000: the desk refunds a 60,000 USDT transfer by itself."""
    tab = cross_window.cross_tab
    compare(cross_window, until, type_into, act, "BNB Smart Chain", "HECO", "60000")
    result = send(cross_window, until, act, "METAPATH")
    title, message, _how = ended(cross_window, until, result.hash)
    assert title == "Transfer refunded" and "back with the sender" in message
    order = cross_window.store.order(result.hash)
    assert order is not None and (order.status, order.substatus, order.notes) == ("DONE", "REFUNDED", "refund_complete")
    if tab.order_card.badge.text() != "Refunded":
        until(tab.order_shown)
    card = tab.order_card
    assert card.badge.text() == "Refunded" and "insufficient liquidity" in card.standing.text()
    assert "went back to the sender" in card.received.text() and card.withdraw_button.isHidden()
    states = {s.title: s.state for s in card.timeline.stages}
    assert states["Refund started"] == "refund" and states["Refunded"] == "refund"
    assert "cannot pay 59," in card.standing.text() and " USDT" in card.standing.text()  # an amount, never wei
    cross_window.resize(1366, 768)
    act(lambda: None)
    stages = [label for label in card.timeline.findChildren(QLabel) if label.isVisibleTo(card.timeline)]
    assert stages and all(s.visibleRegion().boundingRect() == s.rect() for s in stages)  # every stage whole in view
    page = next(
        a
        for a in tab.findChildren(QScrollArea)
        if (inside := a.widget()) is not None and card in inside.findChildren(type(card))
    )
    assert page.verticalScrollBar().maximum() == 0  # the long timeline scrolls with its column, not the tab
    fits_at_both_sizes(cross_window, tab, act)  # and at 1024×640 too
    act(lambda: screenshot(cross_window, "cross-refunded.png"))


def test_a_cbridge_refund_is_withdrawn_with_the_button(
    cross_window: MainWindow, bridged: Bridged, until: Until, type_into: Typer, act: Act, qloop: Any
) -> None:
    """cBridge's slippage path: a deposit whose maxSlippage cannot cover the fees (made through the app's own
    trade layer, as a send with that bound would be); its refund waits for the sender, who withdraws it here."""
    from swapdesk.devnet.accounts import demo_key
    from swapdesk.trade.bridge_checks import CBRIDGE
    from swapdesk.wallet import PrivateKey
    from tests.trade.bridged import shown_route

    tab, bridger = cross_window.cross_tab, cross_window.session.bridger
    assert bridger is not None
    key = PrivateKey(demo_key(SENDER))
    shown = qloop.run_until_complete(shown_route(bridged.engine, "CBRIDGE", BSC, POLYGON, "USDT", "20", SENDER))
    held = qloop.run_until_complete(bridger.funds(key.address, shown)).balance

    async def tight_deposit() -> str:
        await bridger.approve(key, shown)
        final = await bridger._final_quote(shown, key)
        fields = list(CBRIDGE.decode_input("send", bytes.fromhex(final.data[2:])))
        fields[5] = 501  # the fees are 1.6 % of 20 USDT; this leaves 0.0501 %
        summary = {"bridge": "CBRIDGE", "chain": "BSC", "toChain": "MATIC", "toChainId": POLYGON,
                   "tokenIn": final.token0, "tokenOut": final.token1, "symbolIn": "USDT", "symbolOut": "USDT",
                   "decimalsIn": 18, "decimalsOut": 6, "amountIn": final.amountIn, "quotedOut": final.amountOut,
                   "minOut": str(shown.min_out), "receiver": final.to, "sender": key.address}  # fmt: skip
        sent = await bridger.calls.send(key, shown.src, "bridge", await bridger.contract(shown),
                                        CBRIDGE.encode("send", *fields), 0, summary, CBRIDGE.abi)  # fmt: skip
        return sent.hash

    tx = qloop.run_until_complete(tight_deposit())
    act(lambda: tab.feed.wake())
    until(tab.order_shown, doing=lambda: tab.show_order(tx))
    for _ in range(200):  # each time the order moves, the card says so: until its refund waits for the sender
        if tab.order_card.withdraw_button.isVisibleTo(tab):
            break
        until(tab.order_shown)
    card = tab.order_card
    assert card.withdraw_button.isVisibleTo(tab) and card.badge.text() == "Pending"
    assert "refund is waiting for you" in card.standing.text()
    fits_at_both_sizes(cross_window, tab, act)  # the refund's notice and button with the timeline: no page scroll
    act(lambda: screenshot(cross_window, "cross-refund-waiting.png"))
    (withdrawal,) = until(cross_window.refund_withdrawn, doing=card.withdraw_button.click)
    title, _message, _how = ended(cross_window, until, tx)
    order: StoredOrder | None = cross_window.store.order(tx)
    assert title == "Transfer refunded" and order is not None and order.refund_hash == withdrawal
    assert (order.status, order.substatus, order.notes) == ("DONE", "REFUNDED", "REFUNDED")
    assert qloop.run_until_complete(bridger.funds(key.address, shown)).balance == held  # every unit back
    assert cross_window.store.get(withdrawal).kind == "refund"  # type: ignore[union-attr]
    if card.refund.value.text() != withdrawal:
        until(tab.order_shown)
    assert card.refund.value.text() == withdrawal and card.withdraw_button.isHidden()


def test_an_order_is_followed_to_its_end_by_the_next_window(
    bridged: Bridged, wallet: Wallet, tmp_path: Path, qtbot: Any, until: Until, type_into: Typer, act: Act
) -> None:
    """The window closes the moment the deposit is sent; the bridge works on; the next window on the same
    history resumes following the order from the store, shows it arriving, and says so (once: the first never did)."""
    path = tmp_path / "transactions.sqlite"
    first_store = TxStore(path)
    first = open_window(bridged, wallet, first_store, qtbot, until)
    told_first: list[tuple[str, ...]] = []
    first.notifier.notified.connect(lambda *said: told_first.append(said))
    compare(first, until, type_into, act, "BNB Smart Chain", "Polygon", "75")
    result = send(first, until, act, "METAPATH", close=True)
    assert first.closed.done() and not first.cross_tab.feed.running
    sent = first_store.order(result.hash)
    assert sent is not None and sent.status == "PENDING" and not sent.notified and told_first == []

    second = open_window(bridged, wallet, TxStore(path), qtbot, until)  # as the app opens its history again
    tab = second.cross_tab
    assert [order.hash for order in tab.order_list.orders] == [result.hash]
    if not second.notifier.said.text().startswith("Transfer arrived"):
        ended(second, until, result.hash)
    assert second.notifier.said.text().startswith("Transfer arrived: 75 USDT") and told_first == []
    order = second.store.order(result.hash)
    assert order is not None and (order.status, order.substatus) == ("DONE", "COMPLETED") and order.notified
    assert order.notes == "receive_complete" and order.target_hash and order.order_id == result.order_id
    spoken = tab.order_list.list.item(0).data(Qt.ItemDataRole.AccessibleTextRole)
    assert spoken.endswith(" · Success") and tab.order_list.list.item(0).text() == ""  # moved; drawn by its row
    second.store.close()
    first_store.close()
