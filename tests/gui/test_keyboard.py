"""Keyboard and screen size: every input is reached with Tab, in reading order, and the window fits 1280x800."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from swapdesk.gui.window import MainWindow


def _tab_order(start: QWidget, stop_after: int = 400) -> list[QWidget]:
    seen, widget = [start], start.nextInFocusChain()
    while widget is not start and len(seen) < stop_after:
        assert widget is not None, "a focus chain is a ring"
        seen.append(widget)
        widget = widget.nextInFocusChain()
    return seen


def test_tab_walks_the_quote_form_in_reading_order(window: MainWindow) -> None:
    tab = window.quote_tab
    order = _tab_order(tab.chain_box)
    fields = [tab.chain_box, tab.account_box, tab.accounts_button, tab.amount, tab.sell, tab.max_button,
              tab.flip_button, tab.buy, tab.slippage.auto, tab.advanced.button, tab.swap_button]  # fmt: skip
    positions = [order.index(f) if f in order else -1 for f in fields]
    assert -1 not in positions, [type(f).__name__ for f, p in zip(fields, positions, strict=True) if p < 0]
    assert positions == sorted(positions)
    assert all(f.focusPolicy() & Qt.FocusPolicy.TabFocus for f in fields)


def test_tab_walks_the_history_lookup(window: MainWindow) -> None:
    tab = window.history_tab
    order = _tab_order(tab.hash)
    fields = [tab.hash, tab.chain_box, tab.look_up, tab.export_button]
    positions = [order.index(f) for f in fields]
    assert positions == sorted(positions)


def test_the_window_fits_1280_by_800(window: MainWindow) -> None:
    hint = window.minimumSizeHint()
    assert hint.width() <= 1280 and hint.height() <= 800, hint
