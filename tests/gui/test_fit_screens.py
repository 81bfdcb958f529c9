"""The window fits the screens it claims, a title bar above it (issue 31, item 5 and item 13): on a 1366×768 and a
1024×640 screen it opens inside the free area with its frame, its minimum too; in the window it opens there,
every page fits (no page scroll bar, nothing below the fold) in both themes and both languages: the Quote form
with Advanced and the transaction open keeps Swap… whole in view, the Cross-chain form and an order under way
(its timeline whole, every stage and time shown), and History gives a transaction looked up more room than the
list beside it. Each state is saved as a PNG at both sizes, light and dark."""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QMargins, QRect, QSize
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QScrollArea, QWidget

from swapdesk.devnet.accounts import demo_address
from swapdesk.gui import theme
from swapdesk.gui.screen_fit import FRAME, SCREENS, fitted, window_size
from swapdesk.gui.window import MainWindow

from .conftest import Act, Typer, Until, screenshot
from .fit import SIZES, overflow
from .test_cross_flow import compare

ROOT = Path(__file__).resolve().parents[2]


def test_the_size_and_the_minimum_come_from_the_screen() -> None:
    """The window's inside plus a title bar and borders lies inside the screen's free area, its minimum too; on a
    large screen it takes the preferred size, centred; on a small one, all the room there is."""
    for screen in (*SCREENS, QSize(800, 600), QSize(2560, 1440)):
        free = QRect(0, 0, screen.width(), screen.height())
        chosen = fitted(free)
        assert free.contains(chosen.geometry.marginsAdded(FRAME)), (screen, chosen.geometry)
        assert chosen.minimum.width() + FRAME.left() + FRAME.right() <= screen.width(), (screen, chosen.minimum)
        assert chosen.minimum.height() + FRAME.top() + FRAME.bottom() <= screen.height(), (screen, chosen.minimum)
        assert chosen.minimum.boundedTo(chosen.geometry.size()) == chosen.minimum
    assert [(s.width(), s.height()) for s in map(window_size, SCREENS)] == [(1280, 724), (1016, 596)]
    big = fitted(QRect(0, 0, 2560, 1440))
    assert big.geometry.size() == QSize(1280, 800) and big.geometry.center().x() in (1279, 1280)
    panel = fitted(QRect(0, 32, 1024, 608))  # a panel along the top: the free area starts under it
    assert panel.geometry.top() >= 32 + FRAME.top() and panel.geometry.bottom() < 640 - FRAME.bottom()
    taller = fitted(QRect(0, 0, 1024, 640), QMargins(0, 48, 0, 0))  # the frame the window manager drew
    assert taller.geometry.height() == 640 - 48


@pytest.mark.parametrize("width,height", [(s.width(), s.height()) for s in SCREENS])
def test_the_window_opens_inside_the_screen(width: int, height: int, tmp_path: Path) -> None:
    """The window as it opens, in its own process on a screen of that size (Qt's offscreen platform told it):
    inside the free area with a title bar above it, at the size the pages are laid out for."""
    config = tmp_path / "screen.json"
    config.write_text(json.dumps({"screens": [{"name": "laptop", "x": 0, "y": 0, "width": width, "height": height,
                                               "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}))  # fmt: skip
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={config}",
           "SWAPDESK_CONFIG_DIR": str(tmp_path / "config"), "SWAPDESK_DATA_DIR": str(tmp_path / "data")}  # fmt: skip
    done = subprocess.run([sys.executable, "-m", "tests.gui.screen_window"], env=env, cwd=ROOT, capture_output=True,
                          text=True, timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr[-4000:]
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    free, inside = QRect(*seen["available"]), QRect(*seen["window"])
    assert free == QRect(0, 0, width, height)
    assert free.contains(inside.marginsAdded(FRAME)), seen  # its title bar's buttons and its status bar on screen
    assert free.contains(QRect(*seen["frame"])), seen
    minimum = QSize(*seen["minimum"])
    assert minimum.width() + FRAME.left() + FRAME.right() <= width, seen
    assert minimum.height() + FRAME.top() + FRAME.bottom() <= height, seen
    assert (inside.width(), inside.height()) in SIZES, seen  # the size every page is checked at


def send(window: MainWindow, until: Until, act: Act, bridge: str) -> Any:
    """Choose `bridge`, approve when asked, send, follow the order: in any language (test_cross_flow's own `send`
    reads the review's English words)."""
    tab = window.cross_tab
    act(lambda: tab.routes_card.choose(bridge))
    until(tab.send_requested, doing=tab.send_button.click)
    dialog = window.cross_dialog
    assert dialog is not None
    if dialog.funds is None:
        until(dialog.checked)
    if dialog.approve_button.isVisibleTo(dialog):
        until(dialog.checked, doing=dialog.approve_button.click)
    (result,) = until(dialog.sent_order, doing=dialog.send_button.click)
    act(dialog.follow_button.click)
    if tab.order_card.order is None or tab.order_card.order.hash != result.hash:
        until(tab.order_shown)
    return result


def test_the_dialogs_open_inside_a_1024x640_screen(tmp_path: Path) -> None:
    """The Settings dialog and the Accounts dialog showing the recovery phrase (its tallest step) open inside a
    1024×640 screen's free area with a title bar above them: their content scrolls inside where it is taller."""
    config = tmp_path / "screen.json"
    config.write_text(json.dumps({"screens": [{"name": "laptop", "x": 0, "y": 0, "width": 1024, "height": 640,
                                               "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}))  # fmt: skip
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={config}",
           "SWAPDESK_CONFIG_DIR": str(tmp_path / "config"), "SWAPDESK_DATA_DIR": str(tmp_path / "data")}  # fmt: skip
    done = subprocess.run([sys.executable, "-m", "tests.gui.screen_window", "--dialogs"], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr[-4000:]
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    room = QRect(*seen["available"]).marginsRemoved(FRAME).size()
    for name in ("settings", "accounts"):
        inside = QRect(*seen[name])
        assert inside.height() <= room.height() and inside.width() <= room.width(), (name, inside, room)


def _whole_in_view(widget: QWidget) -> bool:
    """Drawn whole: nothing of it clipped by a scroll area or the window's edge."""
    return widget.isVisible() and widget.visibleRegion().boundingRect() == widget.rect()


def _clipped_labels(root: QWidget) -> list[str]:
    """One-line labels narrower than their words (a time cut at the card's edge)."""
    cut = []
    for label in root.findChildren(QLabel):
        text = label.text()
        shown = label.isVisibleTo(root) and text and not label.wordWrap() and "<" not in text
        if shown and label.fontMetrics().horizontalAdvance(text) > label.contentsRect().width() + 1:
            cut.append(text)
    return cut


def _at_both_sizes(
    window: MainWindow, tab: QWidget | None, act: Act, name: str, check: Callable[[], list[str]] | None = None
) -> list[str]:
    """At each size, light and dark: what sticks out of `tab`'s page (None: not asked), and `check`'s complaints;
    shot as PNGs."""
    problems: list[str] = []
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    for width, height in SIZES:
        for mode in ("light", "dark"):
            theme.apply(app, mode)
            window.resize(width, height)
            QApplication.sendPostedEvents()
            act(lambda: None)  # laid out inside the loop
            if tab is not None:
                problems += [f"{width}x{height} {mode}: {p}" for p in overflow(window, tab)]
            if check is not None:
                problems += [f"{width}x{height} {mode}: {p}" for p in check()]
            shot = f"fit-{name}-{width}x{height}-{mode}.png"
            act(functools.partial(screenshot, window, shot))
    theme.apply(app, "light")
    return problems


def test_the_quote_form_with_everything_open_keeps_swap_in_view(
    language: str, window: MainWindow, until: Until, type_into: Typer, act: Act
) -> None:
    tab = window.quote_tab
    tab.chain_box.setCurrentIndex(tab.chain_box.findText("BNB Smart Chain"))
    until(tab.accounts_shown, doing=window.start)
    assert window.tabs.tabText(0) == ("Quote" if language == "en" else "报价")
    tab.choose_account(demo_address(8))
    tab.sell.choose("USDT")
    tab.buy.choose("BNB")
    type_into(tab.amount, "2500")
    until(tab.quote_shown)
    until(tab.priced)
    act(lambda: tab.advanced.setChecked(True))
    act(lambda: tab.route_card.transaction.setChecked(True))

    def swap_in_view() -> list[str]:
        said = [] if _whole_in_view(tab.swap_button) else [f"Swap… cut: {tab.swap_button.visibleRegion()}"]
        said += [] if _whole_in_view(tab.message) else ["the form's message cut"]
        return said

    problems = _at_both_sizes(window, tab, act, f"quote-advanced-{language}", swap_in_view)
    assert not problems, problems[:8]
    window.resize(*SIZES[-1])
    act(lambda: None)
    fields = tab.card.fields_view
    act(lambda: tab.card.show_field(tab.recipient))  # where the card is short, its fields scroll to the one asked
    assert _whole_in_view(tab.recipient) and _whole_in_view(tab.swap_button), fields.verticalScrollBar().value()


def test_the_bridge_form_and_an_order_under_way_fit(
    language: str, cross_window: MainWindow, until: Until, type_into: Typer, act: Act
) -> None:
    window, tab = cross_window, cross_window.cross_tab
    compare(window, until, type_into, act, "BNB Smart Chain", "Polygon", "250")
    if not tab.routes_card.priced.text():
        until(tab.priced)

    def send_in_view() -> list[str]:
        return [] if _whole_in_view(tab.send_button) else ["Send… cut"]

    problems = _at_both_sizes(window, tab, act, f"cross-compared-{language}", send_in_view)
    assert not problems, problems[:8]

    send(window, until, act, "METAPATH")
    card = tab.order_card
    assert [s.state for s in card.timeline.stages][-1] == "waiting"  # stages still to come, the last "Received"

    def timeline_whole() -> list[str]:
        said = [f"a time or stage cut: {text!r}" for text in _clipped_labels(card.timeline)]
        hidden = [label.text() for label in card.timeline.findChildren(QLabel) if not _whole_in_view(label)]
        said += [f"not wholly in view: {text!r}" for text in hidden]  # "Received" below the fold, a time cut
        boxed = [a for a in card.findChildren(QScrollArea) if a.isAncestorOf(card.timeline)]
        said += ["the timeline in a box of its own"] if boxed else []
        return said

    problems = _at_both_sizes(window, tab, act, f"cross-order-{language}", timeline_whole)
    assert not problems, problems[:8]


def test_history_gives_the_transaction_looked_up_the_room(
    language: str, cross_window: MainWindow, until: Until, type_into: Typer, act: Act
) -> None:
    """A cross-chain order read in History at both sizes: its card has more of the tab than the list under it,
    which keeps two rows in view; the timeline, beside the figures, is drawn whole: no stage below the fold."""
    window, tab = cross_window, cross_window.cross_tab
    compare(window, until, type_into, act, "BNB Smart Chain", "Polygon", "250")
    result = send(window, until, act, "METAPATH")
    history = window.history_tab
    window.tabs.setCurrentWidget(history)
    until(history.details_shown, doing=lambda: history.look_up_hash(result.hash, tab.src.id))  # type: ignore[union-attr]
    history.refresh_sent()
    until(history.sent_listed)

    def room() -> list[str]:
        card, listed = history.card_view.height(), history.sent_view.height()
        said = [] if card > listed else [f"the transaction has {card}px, the list {listed}px"]
        rows = history.sent
        if rows.count() >= 2 and rows.visualItemRect(rows.item(1)).bottom() > rows.viewport().height():
            said.append("the list shows fewer than two rows")
        said += [f"cut: {text!r}" for text in _clipped_labels(history.card.timeline)]
        hidden = [label.text() for label in history.card.timeline.findChildren(QLabel) if not _whole_in_view(label)]
        said += [f"not wholly in view: {text!r}" for text in hidden]  # "Received" below the fold
        outside = [b.text() for b in history.findChildren(QAbstractButton) if b.isVisible() and not b.visibleRegion()]
        return said + [f"{text!r} off the tab" for text in outside if text]

    problems = _at_both_sizes(window, None, act, f"history-{language}", room)
    assert not problems, problems[:8]
