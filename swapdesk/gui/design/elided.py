"""A one-line label, and a choice box, that, when narrower than their words, end them with "…" instead of cutting
them mid-letter.

For a line whose room is what is left beside others (the status bar's notice beside the engine's state): the
whole words stay in its tooltip and accessible description, and come back as soon as there is room. A choice box
shares a row with another (the bridge's two chains): its list shows every choice whole.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QPaintEvent, QResizeEvent
from PySide6.QtWidgets import QComboBox, QLabel, QStyle, QStyleOptionComboBox, QStylePainter, QWidget


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


class ElidedBox(QComboBox):
    """A choice box whose chosen words end in "…" where the box is narrower than them (Qt cuts them)."""

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QStylePainter(self)
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        painter.drawComplexControl(QStyle.ComplexControl.CC_ComboBox, option)
        field = self.style().subControlRect(
            QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, self
        )
        room = field.width() - (option.iconSize.width() + 4 if not option.currentIcon.isNull() else 0)
        option.currentText = self.fontMetrics().elidedText(option.currentText, Qt.TextElideMode.ElideRight, room)
        painter.drawControl(QStyle.ControlElement.CE_ComboBoxLabel, option)
