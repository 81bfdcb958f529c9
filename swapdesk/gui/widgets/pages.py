"""One of several widgets at a time, as tall as the one it shows.

A QStackedWidget is as tall as its tallest page, whatever it shows (its height-for-width asks every page):
a short card beside a long one would be stretched to the long one's height. Here the pages not shown are
hidden, and a hidden widget takes no room.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QVBoxLayout, QWidget


class Pages(QWidget):
    """The few of QStackedWidget's calls the tabs use, under the same names."""

    currentChanged = Signal(int)  # the index of the page now shown

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.pages: list[QWidget] = []
        self._column = QVBoxLayout(self)
        self._column.setContentsMargins(0, 0, 0, 0)

    def addWidget(self, page: QWidget) -> None:
        self.pages.append(page)
        self._column.addWidget(page)
        page.setVisible(len(self.pages) == 1)  # the first page is shown

    def currentWidget(self) -> QWidget | None:
        return next((page for page in self.pages if not page.isHidden()), None)

    def setCurrentWidget(self, shown: QWidget) -> None:
        if shown is self.currentWidget() or shown not in self.pages:
            return
        for page in self.pages:
            page.setVisible(page is shown)
        self.currentChanged.emit(self.pages.index(shown))
