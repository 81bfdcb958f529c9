"""Cards side by side where the window is wide enough, one above the other where it is not.

A tab lays its cards out in a `Responsive`: side by side, centred, each between its minimum and the width it
wants; when the tab is narrower than their minimums together, they stack, centred, each as wide as it wants up
to the tab's width. It never asks for more width than its widest card (its minimum), so a tab never shows a
horizontal scroll bar, whatever the window's size.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QBoxLayout, QLayout, QWidget

from swapdesk.gui.design.tokens import SPACE

Direction = QBoxLayout.Direction


class Responsive(QWidget):
    def __init__(self, *widgets: QWidget, spacing: int = SPACE["lg"], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.widgets = list(widgets)
        self.box = QBoxLayout(Direction.LeftToRight, self)
        self.box.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)  # its minimum is ours: see below
        self.box.setContentsMargins(0, 0, 0, 0)
        self.box.setSpacing(spacing)
        self.box.addStretch(1)
        for widget in widgets:
            self.box.addWidget(widget, 0, Qt.AlignmentFlag.AlignTop)
        self.box.addStretch(1)

    @property
    def stacked(self) -> bool:
        return self.box.direction() == Direction.TopToBottom

    def _shown(self) -> list[QWidget]:
        return [w for w in self.widgets if not w.isHidden()]

    def needed(self) -> int:
        """The width the cards need side by side."""
        shown = self._shown()
        widths = [max(w.minimumSizeHint().width(), w.minimumWidth()) for w in shown]
        return sum(widths) + self.box.spacing() * max(0, len(shown) - 1)

    def arrange(self, width: int) -> None:
        stacked = width < self.needed()
        if stacked == self.stacked:
            return
        self.box.setDirection(Direction.TopToBottom if stacked else Direction.LeftToRight)
        self.box.setStretch(0, 0 if stacked else 1)
        for widget in self.widgets:
            self.box.setAlignment(widget, Qt.AlignmentFlag.AlignHCenter if stacked else Qt.AlignmentFlag.AlignTop)
        self.updateGeometry()

    def resizeEvent(self, event: QResizeEvent) -> None:
        self.arrange(event.size().width())
        super().resizeEvent(event)

    def minimumSizeHint(self) -> QSize:
        """As narrow as the widest card alone (stacked), as tall as the cards in the arrangement now."""
        width = max((max(w.minimumSizeHint().width(), w.minimumWidth()) for w in self._shown()), default=0)
        return QSize(width, self.box.minimumSize().height())

    def sizeHint(self) -> QSize:
        return QSize(self.box.sizeHint().width(), self.box.sizeHint().height())

    def hasHeightForWidth(self) -> bool:
        return False
