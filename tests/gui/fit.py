"""Does a tab's state fit the window with no page scroll bar (issue 22, item 10)? A card that must scroll
scrolls inside itself: what a nested scroll area holds is its own business, everything else on the page must
lie inside the page's visible viewport."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QApplication, QScrollArea, QWidget

from swapdesk.gui.screen_fit import SCREENS, window_size

# the window the app opens on a 1366×768 and a 1024×640 screen, a title bar above it (`screen_fit`)
SIZES = tuple((size.width(), size.height()) for size in map(window_size, SCREENS))


def page_of(tab: QWidget) -> QScrollArea:
    """The tab's own scroll area: the one whose page holds every other."""
    areas = [a for a in tab.findChildren(QScrollArea) if a.widget() is not None]
    return next(a for a in areas if not any(b is not a and b.isAncestorOf(a) for b in areas))


def _inside_a_card_scroll(widget: QWidget, page: QWidget) -> bool:
    parent = widget.parentWidget()
    while parent is not None and parent is not page:
        if isinstance(parent, QScrollArea):
            return True
        parent = parent.parentWidget()
    return False


def overflow(window: QWidget, tab: QWidget) -> list[str]:
    """What sticks out: a page scroll bar, and every widget not inside the page's viewport."""
    area = page_of(tab)
    page = area.widget()
    assert page is not None
    problems = []
    bar = area.verticalScrollBar()
    if bar.maximum() > 0:
        problems.append(f"page scrolls {bar.maximum()}px at {window.width()}x{window.height()}")
    seen = area.viewport().rect()
    for widget in page.findChildren(QWidget):
        if not widget.isVisibleTo(page) or _inside_a_card_scroll(widget, page):
            continue
        top_left = widget.mapTo(area.viewport(), QPoint(0, 0))
        if not seen.contains(QRect(top_left, widget.size())):
            name = widget.accessibleName() or type(widget).__name__
            problems.append(f"{name} at y {top_left.y()}..{top_left.y() + widget.height()} of {seen.height()}")
    return problems


def fits_at_both_sizes(window: QWidget, tab: QWidget, act: Callable[[Callable[[], Any]], Any]) -> None:
    """On 1366×768 and 1024×640 screens, in the window the app opens there: no page scroll bar, nothing cut off
    below (or beside) the viewport."""
    problems = []
    for width, height in SIZES:
        window.resize(width, height)
        QApplication.sendPostedEvents()
        act(lambda: None)  # laid out inside the loop
        problems += overflow(window, tab)
    assert not problems, problems[:8]
