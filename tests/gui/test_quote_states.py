"""Nothing stale looks current, every wait shows, and Swap… says why it is off: the Quote tab's states."""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from swapdesk.api import AggQuote
from swapdesk.devnet.accounts import demo_address
from swapdesk.gui import formatting, theme
from swapdesk.gui.window import MainWindow

from .conftest import Typer, Until, between_text_and_muted, darkest, screenshot


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
    assert isinstance(quote, AggQuote)
    return quote


def _muted(widget: QWidget) -> bool:
    """Drawn dimmed, as the pixels on screen say (the figure's colour comes from the style sheet, whatever its
    palette says)."""
    return darkest(widget) > between_text_and_muted()


def test_typing_dims_the_quote_and_says_quoting_at_once(window: MainWindow, until: Until, type_into: Typer) -> None:
    tab = window.quote_tab
    _on(window, until, "BNB Smart Chain")
    _quoted(window, until, type_into, "USDT", "BNB", "2500")
    assert tab.message.message is None and not _muted(tab.buy_side.edit)
    assert window.engine_state.text().startswith("Ready")

    type_into(tab.amount, "0")  # 25000: the quote on screen answers 2500 now
    assert tab.message.message is not None and tab.message.message.kind == "progress"
    assert tab.message.text() == "Quoting…"  # the one message: nothing else on the card says otherwise
    assert _muted(tab.buy_side.edit)
    assert not tab.swap_button.isEnabled() and tab.swap_button.text() == "Swap…"
    assert not window.engine_state.text().startswith("Ready")  # the status bar says the work instead
    assert window.activity.words == "Quoting…"
    screenshot(window, "quote-quoting.png")

    (quote,) = until(tab.quote_shown)
    assert quote.amountIn == str(25_000 * 10**18)
    assert tab.message.message is None and not _muted(tab.buy_side.edit) and tab.swap_button.isEnabled()
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
    assert tab.message.message is not None and tab.message.message.kind == "progress"  # busy, never red
    assert "Loading the tokens of Polygon" in tab.message.text() and tab.swap_button.text() == "Loading…"
    assert not window.engine_state.text().startswith("Ready")
    assert "Loading the tokens of Polygon" in window.activity.words
    screenshot(window, "quote-loading.png")
    until(tab.tokens_loaded)
    assert tab.message.message is None or "Loading" not in tab.message.text()


def test_an_invalid_field_clears_the_last_quote(window: MainWindow, until: Until, type_into: Typer) -> None:
    tab = window.quote_tab
    _on(window, until, "Ethereum")
    _quoted(window, until, type_into, "USDT", "WETH", "100")
    tab.advanced.setChecked(True)
    tab.recipient.setText("0xnot-an-address")
    tab.changed()  # judged now, not after the pause
    assert tab.quote is None and tab.route_card.call_data.value.text() == ""
    assert tab.summary.rate.text() == "" and tab.buy_side.text() == ""
    assert tab.verdict.field == "to" and tab.message.message is not None and tab.message.message.kind == "danger"
    assert tab.swap_button.text() == "Check the recipient" and not tab.swap_button.isEnabled()
    assert "mistake" not in tab.route_card.placeholder.text() and "Waiting" not in tab.message.text()
    screenshot(window, "quote-error.png")


def test_swap_is_off_with_its_reason_in_place(window: MainWindow, until: Until, type_into: Typer) -> None:
    tab = window.quote_tab
    _on(window, until, "BNB Smart Chain")
    tab.choose_account(demo_address(0))
    _quoted(window, until, type_into, "USDT", "BNB", "250000")  # demo accounts hold 100,000 USDT
    assert not tab.swap_button.isEnabled()
    assert tab.swap_button.text() == "Not enough USDT" and tab.message.text() == "You have 100,000 USDT."
    assert tab.message.message is not None and tab.message.message.action == "Use the whole balance"
    assert tab.sell_side.balance.text() == "Balance: 100,000 USDT"  # drawn in the danger tone, said once below
    colour = tab.sell_side.balance.palette().color(QPalette.ColorRole.WindowText).name()
    assert colour == theme.tone("danger", QApplication.palette())
    screenshot(window, "quote-not-enough.png")

    tab.amount.setText("2500")
    until(tab.quote_shown)
    assert tab.swap_button.isEnabled() and tab.message.message is None

    tab.set_accounts([])  # the button says what to do, and does it
    assert tab.swap_button.isEnabled() and tab.swap_button.text() == "Add an account to swap…"
    assert tab.verdict.acts == "accounts"


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


def test_the_window_fits_1366_by_768_and_scrolls_rather_than_cut(
    window: MainWindow, until: Until, type_into: Typer, qapp: QApplication
) -> None:
    tab = window.quote_tab
    theme.apply(qapp, "light")  # as the app draws it: the design system's measures
    window.resize(1366, 768)
    _on(window, until, "BNB Smart Chain")
    _quoted(window, until, type_into, "USDT", "BNB", "250000")
    assert window.width() <= 1366 and window.height() <= 768, window.size()
    assert tab.scroller.verticalScrollBar().maximum() == 0, "the card does not fit without scrolling"
    tab.advanced.setChecked(True)
    tab.route_card.transaction.setChecked(True)
    until(tab.quote_shown)  # the next refresh, laid out with everything open
    screenshot(window, "quote-advanced-1366x768.png")
    shown = [w for w in (tab.recipient, tab.part, tab.channel, tab.swap_button, *tab.summary.findChildren(QLabel))
             if w.isVisibleTo(tab)]  # fmt: skip
    squeezed = [type(w).__name__ for w in shown if w.height() < w.minimumSizeHint().height()]
    assert squeezed == []  # too tall for the window: it scrolls, nothing is cut
    assert tab.scroller.horizontalScrollBar().maximum() == 0
    theme.apply(qapp, "light")
