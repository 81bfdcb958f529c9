"""Nothing stale looks current, every wait shows, and Swap… says why it is off: the Quote tab's states."""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication

from swapdesk.api import AggQuote
from swapdesk.devnet.accounts import demo_address
from swapdesk.gui import formatting, theme
from swapdesk.gui.window import MainWindow

from .conftest import Typer, Until, screenshot


def _on(window: MainWindow, until: Until, name: str) -> None:
    tab = window.quote_tab
    index = tab.chain_box.findText(name)
    if tab.chain_box.currentIndex() == index:
        window.start()
    else:
        tab.chain_box.setCurrentIndex(index)
    until(tab.accounts_shown)


def _quoted(window: MainWindow, until: Until, type_into: Typer, sell: str, buy: str, amount: str) -> AggQuote:
    tab = window.quote_tab
    tab.sell.choose(sell)
    tab.buy.choose(buy)
    tab.amount.clear()
    type_into(tab.amount, amount)
    (quote,) = until(tab.quote_shown)
    return quote


def _muted(widget: object) -> bool:
    """Drawn in the theme's muted tone (the theme's: a widget inside a style sheet may have a clear background)."""
    colour = widget.palette().color(QPalette.ColorRole.WindowText).name()  # type: ignore[attr-defined]
    return colour == theme.tone("muted", QApplication.palette())


def test_typing_dims_the_quote_and_says_quoting_at_once(window: MainWindow, until: Until, type_into: Typer) -> None:
    tab = window.quote_tab
    _on(window, until, "BNB Smart Chain")
    _quoted(window, until, type_into, "USDT", "BNB", "2500")
    assert not tab.summary.progress.busy and not _muted(tab.buy_side.edit)
    assert window.engine_state.text().startswith("Ready")

    type_into(tab.amount, "0")  # 25000: the quote on screen answers 2500 now
    assert tab.summary.progress.busy and tab.summary.progress.words.text() == "Quoting…"
    assert _muted(tab.buy_side.edit) and _muted(tab.summary.rate)
    assert not tab.route_card.diagram.isEnabled()
    assert not tab.swap_button.isEnabled() and "Waiting for the quote" in tab.swap_note.text()
    assert not window.engine_state.text().startswith("Ready")  # the status bar says the work instead
    assert window.activity.words == "Quoting…"
    screenshot(window, "quote-quoting.png")

    (quote,) = until(tab.quote_shown)
    assert quote.amountIn == str(25_000 * 10**18)
    assert not tab.summary.progress.busy and not _muted(tab.buy_side.edit) and tab.route_card.diagram.isEnabled()
    assert window.engine_state.text().startswith("Ready")


def test_a_chain_switch_clears_the_last_chain_s_quote_at_once(
    window: MainWindow, until: Until, type_into: Typer
) -> None:
    tab = window.quote_tab
    _on(window, until, "BNB Smart Chain")
    quote = _quoted(window, until, type_into, "USDT", "BNB", "1000")
    assert tab.route_card.router.value.text() == quote.aggregator

    tab.chain_box.setCurrentIndex(tab.chain_box.findText("Polygon"))
    assert tab.route_card.router.value.text() == "" and tab.route_card.call_data.value.text() == ""
    assert not tab.route_card.diagram.lines and tab.route_card.sources.rowCount() == 0
    assert tab.buy_side.text() == "" and tab.summary.rate.text() == "" and tab.quote is None
    assert tab.loading.busy and "Loading the tokens of Polygon" in tab.loading.words.text()
    assert not window.engine_state.text().startswith("Ready")
    assert "Loading the tokens of Polygon" in window.activity.words
    screenshot(window, "quote-loading.png")
    until(tab.tokens_loaded)
    assert not tab.loading.busy


def test_an_invalid_field_clears_the_last_quote(window: MainWindow, until: Until, type_into: Typer) -> None:
    tab = window.quote_tab
    _on(window, until, "Ethereum")
    _quoted(window, until, type_into, "USDT", "WETH", "100")
    tab.advanced.setChecked(True)
    tab.recipient.setText("0xnot-an-address")
    assert tab.quote is None and tab.route_card.call_data.value.text() == ""
    assert tab.summary.rate.text() == "" and tab.buy_side.text() == ""
    assert tab.errors["to"].isVisibleTo(tab)
    assert "mistake" in tab.route_card.placeholder.text()
    screenshot(window, "quote-error.png")


def test_swap_is_off_with_its_reason_in_place(window: MainWindow, until: Until, type_into: Typer) -> None:
    tab = window.quote_tab
    _on(window, until, "BNB Smart Chain")
    tab.choose_account(demo_address(0))
    _quoted(window, until, type_into, "USDT", "BNB", "250000")  # demo accounts hold 100,000 USDT
    assert not tab.swap_button.isEnabled()
    assert tab.swap_note.text() == "Not enough USDT: you have 100,000 USDT."
    assert tab.sell_side.balance.text() == "Balance: 100,000 USDT — not enough"
    colour = tab.sell_side.balance.palette().color(QPalette.ColorRole.WindowText).name()
    assert colour == theme.tone("danger", QApplication.palette())
    screenshot(window, "quote-not-enough.png")

    tab.amount.setText("2500")
    until(tab.quote_shown)
    assert tab.swap_button.isEnabled() and tab.swap_note.isHidden()

    tab.set_accounts([])
    assert not tab.swap_button.isEnabled() and tab.swap_note.text() == "Add an account (Accounts…) to swap."


def test_flip_sells_what_was_to_be_bought(window: MainWindow, until: Until, type_into: Typer) -> None:
    tab = window.quote_tab
    _on(window, until, "BNB Smart Chain")
    quote = _quoted(window, until, type_into, "USDT", "BNB", "5000")
    tab.flip_button.click()
    assert (tab.sell.token.symbol, tab.buy.token.symbol) == ("BNB", "USDT")  # type: ignore[union-attr]
    out = Decimal(int(quote.totalAmountOut)).scaleb(-18)
    assert tab.amount.text() == formatting.number(out, grouped=False)
    (flipped,) = until(tab.quote_shown)
    assert int(flipped.amountIn) <= int(quote.totalAmountOut)


def test_the_window_fits_1366_by_768_with_advanced_open(window: MainWindow, until: Until, type_into: Typer) -> None:
    tab = window.quote_tab
    window.resize(1366, 768)
    _on(window, until, "BNB Smart Chain")
    _quoted(window, until, type_into, "USDT", "BNB", "250000")
    tab.advanced.setChecked(True)
    tab.route_card.transaction.setChecked(True)
    until(tab.quote_shown)  # the next refresh, laid out with everything open
    assert window.width() <= 1366 and window.height() <= 768, window.size()
    assert tab.scroller.verticalScrollBar().maximum() == 0, "the card does not fit without scrolling"
    assert tab.scroller.horizontalScrollBar().maximum() == 0
    screenshot(window, "quote-advanced-1366x768.png")
