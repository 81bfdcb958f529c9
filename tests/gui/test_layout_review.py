"""The window as a person sees it, in the design system's themes, at 1366×768 and 1024×640: nothing hides behind
a horizontal scroll bar, the review cuts nothing (the approval's contract row whole), History's empty state says
what to do, and a form with no bridge for its amount offers the amount every bridge takes (issue 22, items 1, 3,
6 and 10). Each state is saved as a PNG for a person to look at."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QApplication, QLabel, QScrollArea, QWidget

from swapdesk.gui import theme
from swapdesk.gui.window import MainWindow

from .conftest import Act, Typer, Until, screenshot

SIZES = ((1366, 768), (1024, 640))


@pytest.fixture
def themed(qapp: QApplication) -> Iterator[QApplication]:
    yield qapp
    theme.apply(qapp, "light")


def _no_sideways_scroll(window: MainWindow) -> None:
    for area in window.findChildren(QScrollArea):
        if area.isVisibleTo(window):
            assert area.horizontalScrollBar().maximum() == 0, (window.size(), area.widget())


def _cut_labels(root: QWidget) -> list[str]:
    """Labels on one line narrower than their text: cut."""
    cut = []
    for label in root.findChildren(QLabel):
        if not label.isVisibleTo(root) or label.wordWrap() or not label.text() or "<" in label.text():
            continue
        needed = label.fontMetrics().horizontalAdvance(label.text())
        if needed > label.contentsRect().width() + 1:
            cut.append(f"{label.text()!r} needs {needed}px, has {label.contentsRect().width()}px")
    return cut


def _shoot(window: QWidget, qapp: QApplication, name: str, act: Act) -> None:
    for mode in ("light", "dark"):
        theme.apply(qapp, mode)
        QApplication.sendPostedEvents()
        act(lambda m=mode: screenshot(window, f"{name}-{m}.png"))
    theme.apply(qapp, "light")


def test_quote_and_history_at_both_sizes(
    window: MainWindow, until: Until, type_into: Typer, act: Act, themed: QApplication
) -> None:
    theme.apply(themed, "light")
    tab = window.quote_tab
    tab.chain_box.setCurrentIndex(tab.chain_box.findText("BNB Smart Chain"))
    until(tab.accounts_shown, doing=window.start)
    tab.sell.choose("USDT")
    tab.buy.choose("BNB")
    type_into(tab.amount, "2500")
    until(tab.quote_shown)
    for width, height in SIZES:
        window.resize(width, height)
        QApplication.sendPostedEvents()
        act(lambda: None)  # laid out inside the loop
        _no_sideways_scroll(window)
        _shoot(window, themed, f"review-quote-{width}x{height}", act)

    window.tabs.setCurrentWidget(window.history_tab)
    empty = window.history_tab.nothing_sent
    if window.history_tab.store is not None:
        window.history_tab.refresh_sent()
        until(window.history_tab.sent_listed)
    assert empty.isVisibleTo(window) and not window.history_tab.card.isVisibleTo(window)  # no empty boxes
    assert "Nothing sent" in empty.title.text() and empty.action.text() == "Make a swap"
    empty.action.click()
    assert window.tabs.currentWidget() is window.quote_tab and tab.amount.hasFocus()
    window.tabs.setCurrentWidget(window.history_tab)
    for width, height in SIZES:
        window.resize(width, height)
        _shoot(window, themed, f"review-history-empty-{width}x{height}", act)


def test_cross_chain_states_and_the_review(
    cross_window: MainWindow, until: Until, type_into: Typer, act: Act, themed: QApplication
) -> None:
    theme.apply(themed, "light")
    window, tab = cross_window, cross_window.cross_tab
    tab.amount.clear()
    type_into(tab.amount, "1")  # below every bridge's minimum
    until(tab.routes_shown)
    said = tab.message.message
    assert said is not None and said.kind == "warning" and said.action.startswith("Use "), tab.message.text()
    assert "needs at least" in said.text and not any(len(word) > 12 and word.isdigit() for word in said.text.split())
    for width, height in SIZES:
        window.resize(width, height)
        act(lambda: None)
        _no_sideways_scroll(window)
        _shoot(window, themed, f"review-cross-no-bridge-{width}x{height}", act)
    act(tab.message.notice.action.click)  # sets the amount every bridge takes
    (found,) = until(tab.routes_shown)
    assert len(found.routes) >= 2 and not found.unavailable, found.unavailable
    assert tab.send_button.isEnabled(), tab.message.text()

    act(tab.routes_card.rows[-1].radio.click)
    until(tab.send_requested, doing=tab.send_button.click)
    dialog = window.cross_dialog
    assert dialog is not None
    if dialog.funds is None:
        until(dialog.checked)
    for width, height in SIZES:
        window.resize(width, height)
        act(lambda: None)
        _no_sideways_scroll(window)
        _shoot(window, themed, f"review-cross-picked-{width}x{height}", act)
    assert _cut_labels(dialog) == []  # nothing in the review is cut, the contract row least of all
    contract = dialog.contract
    assert contract.isVisibleTo(dialog) and contract.text()
    _shoot(dialog, themed, "review-cross-send-dialog", act)
    dialog.close()
