"""A one-line label that, when narrower than its words, ends them with "…" instead of cutting them mid-letter.

For a line whose room is what is left beside others (the status bar's notice beside the engine's state): the
whole words stay in its tooltip and accessible description, and come back as soon as there is room.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QWidget


class ElidedLabel(QLabel):
    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._whole = ""
        self.setText(text)

    def setText(self, text: str) -> None:
        self._whole = text
        self.setToolTip(text)
        self.setAccessibleDescription(text)
        self._fit()

    def text(self) -> str:
        """The whole words, not what fits."""
        return self._whole

    def shown(self) -> str:
        """What is drawn: the words, or as many as fit and "…"."""
        return super().text()

    def minimumSizeHint(self) -> QSize:
        return QSize(self.fontMetrics().horizontalAdvance("…") * 4, super().minimumSizeHint().height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        room = self.contentsRect().width()
        fits = self.fontMetrics().elidedText(self._whole, Qt.TextElideMode.ElideRight, room) if room > 0 else ""
        super().setText(fits if room > 0 else self._whole)
