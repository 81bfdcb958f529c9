"""Dollar values in the Quote tab, priced on the chain itself (issue 22, item 9): the amount sold and received,
the fee and the balances, each beside the figure it prices and never beside another one, with the line saying
where they come from (swapdesk's own quote into the chain's stablecoin, at the quote's block)."""

from __future__ import annotations

import re
from decimal import Decimal

from PySide6.QtWidgets import QApplication

from swapdesk.api import AggQuote
from swapdesk.devnet.accounts import demo_address
from swapdesk.gui import theme
from swapdesk.gui.window import MainWindow

from .conftest import Act, Typer, Until, between_text_and_muted, darkest


def _dollars(text: str) -> Decimal:
    found = re.search(r"\$([\d,]+\.\d\d)", text)
    assert found, text
    return Decimal(found.group(1).replace(",", ""))


def test_dollar_values_answer_the_figures_beside_them(
    window: MainWindow, until: Until, type_into: Typer, act: Act, qapp: QApplication
) -> None:
    theme.apply(qapp, "light")  # the design system's sheet draws the dimmed figure
    tab = window.quote_tab
    tab.chain_box.setCurrentIndex(tab.chain_box.findText("BNB Smart Chain"))
    until(tab.accounts_shown, doing=window.start)
    tab.choose_account(demo_address(8))
    tab.sell.choose("USDT")
    tab.buy.choose("BNB")
    priced: list[None] = []  # at a block already priced, the values land in the same turn as the quote
    tab.priced.connect(lambda: priced.append(None))
    type_into(tab.amount, "2500")
    until(tab.quote_shown)
    if not priced:
        until(tab.priced)
    assert tab.sell_side.usd.text() == "≈ $2,500.00"  # USDT is the chain's stablecoin: one dollar each
    received = tab.buy_side.usd.text()
    # against what is sold: a change the swap's fee allows (never a gain), or said to be priced on other pools
    assert re.fullmatch(r"≈ \$[\d,]+\.\d\d \((−[\d.]+%|priced on other pools than this swap)\)", received), received
    assert Decimal(2375) < _dollars(received) < Decimal(2625)  # within 5 %: priced on the same pools
    assert "5 USDT (≈ $5.00)" in tab.summary.fee.text()
    source = tab.summary.priced.text()
    assert "priced in USDT on BNB Smart Chain's own pools, at block " in source, source
    assert re.search(r"Balance: [\d,]+ USDT · ≈ \$[\d,]+\.\d\d$", tab.sell_side.balance.text())
    assert re.search(r"Balance: [\d,.]+ BNB · ≈ \$[\d,]+\.\d\d$", tab.buy_side.balance.text())

    seen: list[tuple[str, str, str]] = []  # the dollar lines at the moment the next quote lands
    tab.quote_shown.connect(
        lambda _quote: seen.append((tab.sell_side.usd.text(), tab.buy_side.usd.text(), tab.summary.priced.text()))
    )
    priced.clear()
    tab.amount.end(False)
    type_into(tab.amount, "0")  # 25000: dimmed at the key, judged after the pause
    assert tab.sell_side.usd.text() == "≈ $25,000.00"  # what is typed, at once: $2,500 never beside 25,000
    assert darkest(tab.buy_side.edit) > between_text_and_muted()  # the figure it no longer answers, dimmed
    until(tab.quote_shown, doing=tab.changed)
    assert darkest(tab.buy_side.edit) < between_text_and_muted()  # the new figure, at full strength
    assert seen[-1] == ("≈ $25,000.00", "", ""), seen  # 4.17 BNB's dollars never stand beside 41.6 BNB
    if not priced:
        until(tab.priced)
    assert tab.sell_side.usd.text() == "≈ $25,000.00"
    assert Decimal(23_750) < _dollars(tab.buy_side.usd.text()) < Decimal(26_250)
    at = re.search(r"at block ([\d,]+)\.$", tab.summary.priced.text())
    quote = tab.quote
    assert at and isinstance(quote, AggQuote) and quote.blockNumber is not None
    assert int(at.group(1).replace(",", "")) >= quote.blockNumber  # this quote's block (or the next, if it moved)
