"""Old figures dimmed while a new quote is asked (issue 31, item 6): typing 2500 over 250, the rate, the minimum,
the fee and the impact on screen answer 250 and are drawn fainter than their own captions at once, in light and
in dark, until the new quote draws them at full strength."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QApplication, QLabel

from swapdesk.devnet.accounts import demo_address
from swapdesk.gui import theme
from swapdesk.gui.window import MainWindow

from .conftest import Typer, Until, screenshot


def _strength(label: QLabel) -> int:
    """How far the label's text is drawn from the window's fill: the lightness of its strongest pixel, against
    the background (its darkest pixel in light, its brightest in dark)."""
    top = label.window()
    image = top.grab(QRect(label.mapTo(top, QPoint(0, 0)), label.size())).toImage()
    lightness = [image.pixelColor(x, y).lightness() for x in range(image.width()) for y in range(image.height())]
    dark = theme.is_dark(QApplication.palette())
    return max(lightness) if dark else 255 - min(lightness)


@pytest.mark.parametrize("mode", ["light", "dark"])
def test_the_old_figures_dim_while_the_new_quote_is_asked(
    mode: str, window: MainWindow, until: Until, type_into: Typer, qapp: QApplication
) -> None:
    theme.apply(qapp, mode)
    tab = window.quote_tab
    tab.chain_box.setCurrentIndex(tab.chain_box.findText("BNB Smart Chain"))
    until(tab.accounts_shown, doing=window.start)
    tab.choose_account(demo_address(8))
    tab.sell.choose("USDT")
    tab.buy.choose("BNB")
    tab.amount.clear()
    type_into(tab.amount, "250")
    until(tab.quote_shown)
    rows = tab.summary.rows
    keys = [key for key in ("rate", "minimum", "fee", "impact") if rows.label(key).isVisible()]
    assert {"rate", "minimum", "fee"} <= set(keys), keys
    plain = [key for key in keys if key != "impact"]  # the impact has a tone of its own
    assert not [k for k in plain if _strength(rows.label(k)) <= _strength(rows.captions[k])]  # stronger than titles

    tab.amount.selectAll()
    type_into(tab.amount, "2500")  # typed over: what is on screen answers 250 now
    screenshot(window, f"quote-dimmed-{mode}.png")
    faint = {k: (_strength(rows.label(k)), _strength(rows.captions[k])) for k in keys}
    assert not [k for k, (value, title) in faint.items() if value >= title], faint  # fainter than their captions
    until(tab.quote_shown)
    assert not [k for k in plain if _strength(rows.label(k)) <= _strength(rows.captions[k])]
    theme.apply(qapp, "light")
