"""Risk said before signing (issue 31, item 3): a slippage outside the sane band said where it is set and on the
review, a new recipient, an unlimited approval, a router that is not the catalogue's; the severe ones keep Sign off
until a box is ticked. Screenshots of the review with its warnings, light and dark, English and Chinese."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from functools import partial

import pytest
from PySide6.QtWidgets import QApplication, QLabel

from swapdesk.address import parse_tron, to_checksum
from swapdesk.devnet.accounts import demo_address
from swapdesk.gui import i18n, risks, theme
from swapdesk.gui.signing_dialog import SigningDialog
from swapdesk.gui.swap_dialog import SwapDialog
from swapdesk.gui.window import MainWindow
from swapdesk.trade.checks import Shown

from .conftest import Act, Typer, Until, screenshot

STRANGER = to_checksum(bytes.fromhex("5a" * 20))  # none of the user's accounts, never sent to


@pytest.fixture
def restored(qapp: QApplication) -> Iterator[QApplication]:
    yield qapp
    theme.apply(qapp, "light")
    i18n.install(qapp, "en")


def _quoted(window: MainWindow, until: Until, type_into: Typer, amount: str, slippage: str = "auto") -> None:
    tab = window.quote_tab
    if tab.chain.name != "BNB Smart Chain" or not tab.accounts:
        tab.chain_box.setCurrentIndex(tab.chain_box.findText("BNB Smart Chain"))
        until(tab.accounts_shown, doing=window.start)
    tab.choose_account(demo_address(8))
    tab.sell.choose("USDT")
    tab.buy.choose("WBNB")
    tab.slippage.choose(slippage)
    tab.amount.clear()
    type_into(tab.amount, amount)
    until(tab.quote_shown)


def _review(window: MainWindow, until: Until) -> SwapDialog:
    tab = window.quote_tab
    until(tab.swap_requested, doing=tab.swap_button.click)
    dialog = window.swap_dialog
    assert dialog is not None
    if dialog.funds is None:
        until(dialog.checked)
    return dialog


def test_the_bounds_of_each_risk() -> None:
    """The sane band and the bounds the review warns and asks to confirm at (`gui.risks`)."""
    assert [risks.slippage_tone(bps) for bps in (0, 4, 5, 50, 500, 501, 2000, 2001)] == [
        "warning", "warning", None, None, None, "warning", "warning", "danger"]  # fmt: skip
    assert risks.slippage(50, "1 WBNB") is None
    assert [(r.key, r.severe) for r in (risks.slippage(4, "x"), risks.slippage(2001, "x")) if r] == [
        ("slippage", False), ("slippage", True)]  # fmt: skip
    assert risks.impact(Decimal("0.0299")) is None
    assert [(r.key, r.severe) for r in (risks.impact(Decimal("0.03")), risks.impact(Decimal("0.10"))) if r] == [
        ("impact", False), ("impact", True)]  # fmt: skip
    assert risks.network_fee(Decimal("0.49"), Decimal(10)) is None and risks.network_fee(None, Decimal(10)) is None
    tron_fee = risks.network_fee(Decimal("7.14"), Decimal("2.50"), bound=True)  # the 28.5 TRX on $2.50
    assert tron_fee is not None and tron_fee.words.startswith("The network fee, up to $7.14, is up to 285.60% of")
    mine = "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8"  # the same 20 bytes written in TRON's base58 and in hex:
    assert risks.recipient(to_checksum(parse_tron(mine)).lower(), [mine], None) is None  # not new
    new = risks.recipient(STRANGER, [mine], Decimal(999))
    assert new is not None and not new.severe and "It receives" not in new.words
    assert risks.recipient(STRANGER, None, None) is None  # not judged before the accounts are read
    large = risks.recipient(STRANGER, [], None)
    assert large is not None and large.severe and large.words.endswith("What it receives has no dollar price here.")
    assert risks.contract(STRANGER.lower(), STRANGER, "the router") is None
    other = risks.contract(STRANGER, to_checksum(bytes(20)), "the router")
    assert other is not None and other.severe
    assert risks.unlimited(False, 2**256 - 1, "the router", "USDT") is not None
    assert risks.unlimited(False, 10**30, "the router", "USDT") is None


def _keys(dialog: SigningDialog) -> dict[str, bool]:
    return {risk.key: risk.severe for risk in dialog.risks.risks}


def test_a_slippage_of_30_percent_is_said_where_it_is_set_and_confirmed_on_the_review(
    window: MainWindow, until: Until, type_into: Typer, act: Act, restored: QApplication
) -> None:
    tab = window.quote_tab
    _quoted(window, until, type_into, "1500", "30")
    said = tab.message.message
    assert said is not None and said.kind == "danger", tab.message.text()
    assert said.text == "Slippage 30.00%: you may receive up to 30.00% less than quoted."
    assert tab.slippage.caption.text() == "Slippage ⚠" and tab.slippage.custom.toolTip() == said.text
    assert tab.summary.minimum_tone == "danger"  # the minimum drawn in the risk's tone
    assert tab.swap_button.isEnabled()  # said, not refused: the review asks to confirm it
    act(lambda: screenshot(window, "risks-slippage-tab-en-light.png"))

    dialog = _review(window, until)
    assert _keys(dialog).get("slippage") is True, dialog.risks.words()
    slippage = next(r for r in dialog.risks.risks if r.key == "slippage")
    assert slippage.words.startswith("Slippage 30.00% is high: you accept as little as ")
    assert dialog.risks.confirm.isVisibleTo(dialog) and not dialog.approve_button.isEnabled()  # not before the tick
    for mode in ("light", "dark"):
        theme.apply(restored, mode)
        act(partial(screenshot, dialog, f"risks-slippage-en-{mode}.png"))
    act(lambda: dialog.risks.confirm.setChecked(True))
    assert dialog.approve_button.isEnabled()
    dialog.close()


def test_no_slippage_may_fail_and_is_said(window: MainWindow, until: Until, type_into: Typer) -> None:
    tab = window.quote_tab
    _quoted(window, until, type_into, "10", "0")
    said = tab.message.message
    assert said is not None and said.kind == "warning"
    assert said.text == "Slippage 0.00%: the swap may fail at the least move of the price."
    dialog = _review(window, until)
    assert _keys(dialog).get("slippage") is False  # said, not to confirm
    assert not dialog.risks.confirm.isVisibleTo(dialog) and dialog.approve_button.isEnabled()
    dialog.close()


def test_a_new_recipient_of_a_large_amount_and_an_unlimited_approval_are_said(
    window: MainWindow, until: Until, type_into: Typer, act: Act, restored: QApplication
) -> None:
    tab = window.quote_tab
    _quoted(window, until, type_into, "1500")
    act(lambda: tab.recipient.setText(STRANGER))
    until(tab.quote_shown)
    dialog = _review(window, until)
    if not dialog.risks.risks:
        until(dialog.risks.changed)
    assert _keys(dialog) == {"recipient": True}, dialog.risks.words()
    (words,) = dialog.risks.words()
    assert words.startswith(f"New recipient: {STRANGER} is not one of your accounts") and "It receives $" in words
    assert not dialog.approve_button.isEnabled()
    act(lambda: dialog.unlimited.setChecked(True))
    assert _keys(dialog) == {"recipient": True, "unlimited": False}
    assert dialog.risks.notices[0].property("kind") == "danger"  # the severe first, in red
    assert dialog.risks.notices[1].property("kind") == "warning"
    squeezed = [
        label.text()
        for label in dialog.review.findChildren(QLabel)
        if label.isVisible() and label.height() < max(label.heightForWidth(label.width()), label.fontMetrics().height())
    ]
    assert not squeezed, squeezed  # the dialog grew with its risks (past Qt's two thirds of the screen)
    for mode in ("light", "dark"):
        theme.apply(restored, mode)
        act(partial(screenshot, dialog, f"risks-recipient-en-{mode}.png"))
    i18n.install(restored, "zh_CN")
    theme.apply(restored, "light")
    dialog.judge()  # the words again, in the window's language now
    act(lambda: screenshot(dialog, "risks-recipient-zh-light.png"))
    theme.apply(restored, "dark")
    act(lambda: screenshot(dialog, "risks-recipient-zh-dark.png"))
    assert "新收款地址" in dialog.risks.words()[0], dialog.risks.words()
    i18n.install(restored, "en")
    act(lambda: dialog.risks.confirm.setChecked(True))
    assert dialog.approve_button.isEnabled()
    dialog.close()


def test_a_router_that_is_not_the_catalogues_is_severe(window: MainWindow, until: Until, type_into: Typer) -> None:
    tab = window.quote_tab
    _quoted(window, until, type_into, "10")
    shown, account = until(tab.swap_requested, doing=tab.swap_button.click)
    assert window.swap_dialog is not None
    window.swap_dialog.close()
    elsewhere = Shown(shown.request, shown.quote.model_copy(update={"aggregator": STRANGER}), shown.symbols)
    dialog = window.open_swap(elsewhere, account)
    assert dialog is not None
    until(dialog.checked)
    if "contract" not in _keys(dialog):
        until(dialog.estimated)
    assert _keys(dialog)["contract"] is True
    words = next(r.words for r in dialog.risks.risks if r.key == "contract")
    assert words.startswith(f"The quote sends to {STRANGER}, not the router that swapdesk's catalogue names")
    assert not dialog.approve_button.isEnabled() and not dialog.swap_button.isEnabled()
    dialog.close()


def test_a_cross_chain_review_says_a_new_recipient(
    cross_window: MainWindow, until: Until, type_into: Typer, act: Act, restored: QApplication
) -> None:
    """The cross-chain review judges its own risks: 250 USDT to an address never seen on Polygon is said (a warning:
    priced under $1,000 on Polygon's pools), the accounts' own address is not."""
    from tests.gui.test_cross_flow import compare, open_review

    tab = cross_window.cross_tab
    compare(cross_window, until, type_into, act, "BNB Smart Chain", "Polygon", "250")
    act(lambda: tab.recipient.setText(STRANGER))
    until(tab.routes_shown)
    dialog = open_review(cross_window, until, act, "METAPATH")
    while not (dialog.priced and dialog.known is not None):
        until(dialog.risks.changed)
    assert _keys(dialog) == {"recipient": False}, dialog.risks.words()
    (words,) = dialog.risks.words()
    assert words.startswith(f"New recipient: {STRANGER} is not one of your accounts") and "It receives" not in words
    assert not dialog.risks.confirm.isVisibleTo(dialog)
    assert dialog.approve_button.isEnabled() or dialog.send_button.isEnabled()  # said, nothing more to tick
    for mode in ("light", "dark"):
        theme.apply(restored, mode)
        act(partial(screenshot, dialog, f"risks-cross-en-{mode}.png"))
    dialog.close()


def test_a_tron_network_fee_large_against_a_small_trade_is_said_in_dollars(
    window: MainWindow, until: Until, type_into: Typer, act: Act, restored: QApplication
) -> None:
    """The issue's case: a fee limit of tens of TRX on a trade of a few dollars. The fee is said in TRX and in
    dollars (TRX priced on TRON's own pools), and its share of the trade is a warning on the review."""
    tab = window.quote_tab
    index = tab.chain_box.findText("TRON")
    until(tab.accounts_shown, doing=lambda: tab.chain_box.setCurrentIndex(index))
    tab.choose_account(demo_address(8))
    tab.sell.choose("USDT")
    tab.buy.choose("TRX")
    tab.amount.clear()
    type_into(tab.amount, "2.5")
    until(tab.quote_shown)
    dialog = _review(window, until)
    while "fee" not in _keys(dialog):
        until(dialog.estimated)
    network = dialog.network.text()
    assert network.startswith("up to ") and " TRX (≈ $" in network and "gas" not in network, network
    fee = next(r for r in dialog.risks.risks if r.key == "fee")
    assert not fee.severe and fee.words.startswith("The network fee, up to $"), fee.words
    assert "of what you trade ($2.50)" in fee.words, fee.words
    for mode in ("light", "dark"):
        theme.apply(restored, mode)
        act(partial(screenshot, dialog, f"risks-tron-fee-en-{mode}.png"))
    assert dialog.network.height() >= dialog.network.heightForWidth(dialog.network.width())  # its two lines shown
    dialog.close()
