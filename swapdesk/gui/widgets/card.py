"""A card: a rounded panel in the base colour, as wallet swap screens draw their forms; centring; and a card
that scrolls when the window is too short for it.

Its colours come from the theme's palette, and follow a theme switch (`theme.styled`).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QScrollArea, QSizePolicy, QVBoxLayout, QWidget

from swapdesk.gui import theme


def card_style(palette: QPalette) -> str:
    base, mid = palette.color(QPalette.ColorRole.Base).name(), palette.color(QPalette.ColorRole.Mid).name()
    return f"QFrame#card {{ background: {base}; border: 1px solid {mid}; border-radius: 14px; }}"


class Card(QFrame):
    def __init__(self, title: str = "", width: int | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("card")
        theme.styled(self, card_style)
        self.body = QVBoxLayout(self)
        self.body.setContentsMargins(18, 14, 18, 16)
        self.body.setSpacing(8)
        if title:
            self.body.addWidget(heading(title))
        if width is not None:
            self.setFixedWidth(width)
        self.setSizePolicy(self.sizePolicy().horizontalPolicy(), QSizePolicy.Policy.Maximum)


def heading(text: str, scale: float = 1.15) -> QLabel:
    """A section's title: bold and a little larger, in the palette's own text colour."""
    label = QLabel(text)
    font = label.font()
    font.setBold(True)
    font.setPointSizeF(font.pointSizeF() * scale)
    label.setFont(font)
    return label


def centred(*widgets: QWidget, spacing: int = 16) -> QHBoxLayout:
    """A row holding the widgets side by side in the middle of the space, stretch either side."""
    row = QHBoxLayout()
    row.setSpacing(spacing)
    row.addStretch(1)
    for widget in widgets:
        row.addWidget(widget, 0, Qt.AlignmentFlag.AlignTop)
    row.addStretch(1)
    return row


class CardScroll(QScrollArea):
    """A card that scrolls only when the window is too short for it: as tall as the card where there is room,
    shown and hidden with it. A card's own height never grows the window (a long timeline in History would)."""

    MIN_HEIGHT = 160

    def __init__(self, card: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidget(card)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVisible(not card.isHidden())
        card.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.widget():
            kind = event.type()
            if kind in (QEvent.Type.ShowToParent, QEvent.Type.HideToParent):
                self.setVisible(kind == QEvent.Type.ShowToParent)
            if kind in (QEvent.Type.ShowToParent, QEvent.Type.LayoutRequest):
                self.updateGeometry()  # the card's height changed: the tab's layout asks again
        return super().eventFilter(watched, event)

    def sizeHint(self) -> QSize:
        card = self.widget()
        return card.sizeHint() if card is not None else super().sizeHint()  # not QScrollArea's 24 lines at most

    def minimumSizeHint(self) -> QSize:
        card = self.widget()
        hint = card.minimumSizeHint() if card is not None else QSize(0, 0)
        return QSize(hint.width(), min(hint.height(), self.MIN_HEIGHT))
