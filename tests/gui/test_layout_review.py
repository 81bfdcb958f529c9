"""The window as a person sees it, in the design system's themes, at 1366×768 and 1024×640: nothing hides behind
a horizontal scroll bar, the review cuts nothing (the approval's contract row whole), History's empty state says
what to do, and a form with no bridge for its amount offers the amount every bridge takes (issue 22, items 1, 3,
6 and 10). Each state is saved as a PNG for a person to look at."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from functools import partial

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication, QComboBox, QLabel, QScrollArea, QWidget

from swapdesk.devnet.accounts import demo_address
from swapdesk.gui import formatting, theme
from swapdesk.gui.design.responsive import Responsive
from swapdesk.gui.design.rows import plain
from swapdesk.gui.settings_dialog import SettingsDialog
from swapdesk.gui.window import MainWindow
from swapdesk.settings import Settings

from .conftest import Act, Typer, Until, between_text_and_muted, darkest, screenshot
from .fit import SIZES, fits_at_both_sizes


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
        act(partial(screenshot, window, f"{name}-{mode}.png"))
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
    until(tab.priced)  # the longest state: the dollar lines, the route card and its sources
    fits_at_both_sizes(window, tab, act)  # no page scroll bar at either size, nothing below the viewport
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

    if not tab.routes_card.priced.text():
        until(tab.priced)
    typed = tab.amount.text()
    tab.amount.end(False)
    type_into(tab.amount, "0")  # ten times the amount: its dollars at once, the old figures dimmed
    asked = tab.amount_in()
    assert asked is not None  # USDT on BNB Smart Chain: a dollar each
    assert tab.send_side.usd.text() == formatting.approx_usd(Decimal(asked[1]).scaleb(-asked[0].decimals))
    assert darkest(tab.receive_side.edit) > between_text_and_muted()
    tab.amount.setText(typed)
    until(tab.routes_shown, doing=tab.changed)
    until(tab.priced)
    assert darkest(tab.receive_side.edit) < between_text_and_muted()
    priced = tab.routes_card.priced.text()  # where the dollars come from: USDT to USDT is a dollar on each side,
    assert priced == "≈ $: USDT counted as one dollar on BNB Smart Chain and Polygon.", priced  # said once
    fits_at_both_sizes(window, tab, act)  # three bridges compared and the list of transfers: no page scroll
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
    assert plain(dialog.review.label("priced").text()) == priced  # the review says it too
    contract = dialog.contract
    assert contract.isVisibleTo(dialog) and contract.text()
    _shoot(dialog, themed, "review-cross-send-dialog", act)
    dialog.close()


def _top(widget: QWidget, window: QWidget) -> int:
    return widget.mapTo(window, QPoint(0, 0)).y()


def test_the_swap_button_stays_put_and_the_legend_fits(
    window: MainWindow, until: Until, type_into: Typer, act: Act, themed: QApplication
) -> None:
    """Empty, quoting, quoted, not enough and a refused amount: the form's one message sits in a slot of its own
    height, so the Swap button never moves (issue 22, item 10); History's legend is whole at the smallest size."""
    theme.apply(themed, "light")  # the design system's measures, as the app draws them
    tab = window.quote_tab
    window.resize(1024, 640)
    tab.chain_box.setCurrentIndex(tab.chain_box.findText("BNB Smart Chain"))
    until(tab.accounts_shown, doing=window.start)
    tab.choose_account(demo_address(8))
    tab.sell.choose("USDT")
    tab.buy.choose("BNB")
    act(lambda: None)
    tops = {"empty": _top(tab.swap_button, window)}
    priced: list[None] = []
    tab.priced.connect(lambda: priced.append(None))
    type_into(tab.amount, "2500")
    tab.changed()  # judged now, not after the pause: the quote is on its way
    act(lambda: None)
    assert tab.message.message is not None and tab.message.message.kind == "progress", tab.message.text()
    tops["quoting"] = _top(tab.swap_button, window)
    until(tab.quote_shown)
    act(lambda: None)
    tops["quoted"] = _top(tab.swap_button, window)
    if not priced:
        until(tab.priced)
    act(lambda: None)
    assert tab.sell_side.usd.text() and tab.buy_side.usd.text()  # the dollar lines filled: they kept their height
    tops["priced"] = _top(tab.swap_button, window)
    tab.amount.setText("250000")  # more than the account holds: a warning with its action
    until(tab.quote_shown, doing=tab.changed)
    act(lambda: None)
    assert tab.message.message is not None and tab.message.message.kind == "warning", tab.message.text()
    fits_at_both_sizes(window, tab, act)  # the warning with its action, and six routes drawn: no page scroll
    window.resize(1024, 640)
    act(lambda: None)
    tops["not enough"] = _top(tab.swap_button, window)
    tab.amount.setText("1.0000000000000000001")  # more decimals than USDT has: refused in words
    act(tab.changed)
    assert tab.message.message is not None and tab.message.message.kind == "danger", tab.message.text()
    tops["refused"] = _top(tab.swap_button, window)
    assert len(set(tops.values())) == 1, tops
    _no_sideways_scroll(window)
    custom = tab.slippage.custom  # at the narrowest, the slippage field still says "Custom" whole
    assert custom.width() >= custom.fontMetrics().horizontalAdvance(custom.placeholderText()) + 16, custom.width()

    window.tabs.setCurrentWidget(window.history_tab)
    for width, height in SIZES:
        window.resize(width, height)
        act(lambda: None)
        legend = window.history_tab.legend
        assert _cut_labels(legend) == []
        for label in legend.findChildren(QLabel):
            if label.isVisibleTo(legend):  # every word inside the legend's own width: none off its right edge
                assert label.mapTo(legend, QPoint(label.width(), 0)).x() <= legend.width(), label.text()
        _no_sideways_scroll(window)


def test_settings_speak_to_a_person_and_nothing_overlaps(qapp: QApplication) -> None:
    """No file paths or placeholders in Settings (issue 22, item 11); its notes sit under their fields, whole."""
    dialog = SettingsDialog(Settings())
    dialog.show()
    QApplication.sendPostedEvents()
    words = " ".join(label.text() + label.toolTip() for label in dialog.findChildren(QLabel))
    for developer in ("<config>", ".json", "catalogs/", "<chain id>"):
        assert developer not in words
    assert isinstance(dialog.speed, QComboBox) and dialog.speed.currentText() == "1 ×"  # a pace chosen, no arrows
    fields = [w for w in dialog.findChildren(QWidget) if w.isVisibleTo(dialog) and w.accessibleName()]
    notes = [label for label in dialog.findChildren(QLabel) if label.wordWrap() and label.text()]
    for note in notes:
        for field in fields:
            if field is not note and not field.isAncestorOf(note) and not note.isAncestorOf(field):
                assert not note.geometry().intersects(field.geometry()) or note.parent() is not field.parent(), (
                    note.text(),
                    field.accessibleName(),
                )
        assert note.height() >= note.heightForWidth(note.width()), note.text()  # every line of it shown
    assert _cut_labels(dialog) == []
    dialog.close()


def test_cards_stack_where_the_window_is_too_narrow_for_both(qapp: QApplication) -> None:
    """Side by side where both fit, one above the other where they do not, never a sideways scroll (item 10)."""
    left, right = QWidget(), QWidget()
    for card in (left, right):
        card.setMinimumSize(400, 200)
    holder = Responsive(left, right)
    holder.resize(1000, 500)
    holder.show()
    QApplication.sendPostedEvents()
    assert not holder.stacked and right.x() >= left.x() + left.width() and right.y() == left.y()
    holder.resize(700, 500)
    QApplication.sendPostedEvents()
    assert holder.stacked and right.y() >= left.y() + left.height()
    assert holder.minimumSizeHint().width() <= 700 and right.x() + right.width() <= 700  # nothing off to the side
    holder.close()
