"""Swapping on TRON from the window, as on EVM chains: account, quote, approval, swap, History.

Addresses are shown and typed in base58 there; transaction ids are TRON's (64 hex digits, no 0x), looked
up by History's detection (and, on a real network, linked to tronscan's `#/transaction/<id>`).
"""

from __future__ import annotations

from swapdesk.address import to_tron
from swapdesk.api import TronQuote
from swapdesk.devnet.accounts import demo_address
from swapdesk.gui import formatting
from swapdesk.gui.window import MainWindow
from swapdesk.trade.results import SwapResult

from .conftest import Typer, Until


def _tron(address: str) -> str:
    return to_tron(bytes.fromhex(address[2:]))


def _on(window: MainWindow, until: Until, chain: str) -> None:
    tab = window.quote_tab
    index = tab.chain_box.findText(chain)
    if tab.chain_box.currentIndex() == index:
        window.start()
    else:
        tab.chain_box.setCurrentIndex(index)
    until(tab.accounts_shown)  # tokens first, then the accounts for that chain


def test_the_quote_tab_swaps_on_tron_with_an_approval(window: MainWindow, until: Until, type_into: Typer) -> None:
    tab = window.quote_tab
    _on(window, until, "TRON")
    demo = demo_address(8)
    tab.choose_account(demo)
    assert tab.recipient.text() == _tron(demo)  # the account, as TRON writes it
    assert _tron(demo)[:6] in tab.account_box.currentText()
    tab.sell.choose("USDT")
    tab.buy.choose("TRX")
    type_into(tab.amount, "1500")
    (quote,) = until(tab.quote_shown)
    assert isinstance(quote, TronQuote) and quote.data.issuer == _tron(demo)
    assert tab.buy_side.text() and tab.buy.token.symbol == "TRX"  # type: ignore[union-attr]
    assert tab.summary.fee.text().endswith("(20 bps)") and " USDT · " in tab.summary.fee.text()
    assert '"fun": "swapFlat(' in tab.route_card.call_data.value.text()
    assert tab.swap_button.isEnabled(), tab.message.text()

    tab.swap_button.click()
    dialog = window.swap_dialog
    assert dialog is not None
    until(dialog.checked)
    assert dialog.approve_button.isEnabled() and "Approve 1,500 USDT" in dialog.approve_button.text()
    if "$" not in dialog.network.text():  # the review is checked; its network fee and its dollars come after
        until(dialog.estimated)
    network = dialog.network.text()
    assert network.startswith("up to ") and " TRX (≈ $" in network and ") of energy, burnt only as used" in network
    assert "gas" not in network and "gas" not in dialog.network.toolTip(), dialog.network.toolTip()
    dialog.approve_button.click()
    until(dialog.checked)  # approved on TRON, then balance and allowance checked again
    assert dialog.swap_button.isEnabled() and not dialog.approve_button.isVisibleTo(dialog)
    dialog.swap_button.click()
    (result,) = until(dialog.swapped)
    assert isinstance(result, SwapResult) and result.amount_out == int(quote.totalAmountOut)
    assert len(result.hash) == 64 and not result.hash.startswith("0x")

    history = window.history_tab
    if not history.sent.rows or history.sent.rows[0].hash != result.hash:
        until(history.sent_listed)
    assert [(r.kind, r.status, r.chain_id) for r in history.sent.rows[:2]] == [
        ("swap", "confirmed", 95500),
        ("approval", "confirmed", 95500),
    ]
    assert history.sent.sent_row(0).hash.text() == result.hash
    assert history.sent.sent_row(0).chain.text() == "TRON (devnet)"  # the demo world, never taken for the real one
    dialog.history_button.click()
    (record,) = until(history.details_shown)
    assert (record.status, record.chain, record.amountOut) == ("Success", "TRON", str(result.amount_out))
    assert history.card._field("receiver").value.text() == _tron(demo)
    assert history.card._field("hash").link.isHidden()  # a devnet id: no tronscan page exists for it
    assert history.card.label("bought").text() == formatting.amount(result.amount_out, 6, "TRX")

    history.sent.itemActivated.emit(history.sent.item(1))  # the TRC-20 approval the app sent, read as an approval
    (info,) = until(history.transaction_shown)
    assert (info.kind, info.chain, info.spenderName, info.amount) == (
        "approval",
        "TRON",
        "swapdesk's router",
        "1500000000",
    )
    assert history.card.label("allowed").text() == "1,500 USDT" and info.spender.startswith("T")
    assert int(info.networkFee) > 0 and history.card.label("fee").text().endswith(" energy)")


def test_history_detects_a_tron_id_and_tron_addresses_are_typed_in_base58(
    window: MainWindow, until: Until, type_into: Typer
) -> None:
    tab = window.quote_tab
    _on(window, until, "TRON")
    tab.choose_account(demo_address(7))
    tab.sell.choose("TRX")
    tab.buy.choose("USDC")
    tab.advanced.setChecked(True)
    tab.recipient.setText(demo_address(5))  # an EVM address does not name a TRON account
    type_into(tab.amount, "25")
    tab.changed()  # judged now, as after the pause
    assert tab.verdict.field == "to" and "TRON" in tab.message.text(), tab.message.text()
    tab.recipient.setText(_tron(demo_address(5)))
    (quote,) = until(tab.quote_shown)
    assert quote.to == _tron(demo_address(5)) and quote.data.options.callValue == str(25 * 10**6)

    tab.swap_button.click()
    dialog = window.swap_dialog
    assert dialog is not None
    until(dialog.checked)
    assert not dialog.approve_button.isVisibleTo(dialog)  # TRX goes with the call
    dialog.swap_button.click()
    (result,) = until(dialog.swapped)

    history = window.history_tab
    history.hash.setText(result.hash)
    history.chain_box.setCurrentIndex(0)  # detect: TRON is tried first for an id without 0x
    history.look_up.click()
    (record,) = until(history.details_shown)
    assert (record.chain, record.sourceHash, record.toAddress) == ("TRON", result.hash, _tron(demo_address(5)))

    _on(window, until, "BNB Smart Chain")  # the same recipient, as EVM chains write it
    assert tab.recipient.text() == demo_address(5)
