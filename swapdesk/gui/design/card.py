"""A card: a rounded panel on the window's background, as wallet swap screens draw their forms; its heading;
and a card that scrolls when the window is too short for it."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QSizePolicy, QVBoxLayout, QWidget

from swapdesk.gui import theme
from swapdesk.gui.design.tokens import SPACE


class Card(QFrame):
    def __init__(self, title: str = "", width: int | None = None, parent: QWidget | None = None) -> None:
        """`width`: the card's width where there is room (it narrows to its minimum where there is not)."""
        super().__init__(parent)
        theme.mark(self, role="card")
        self.body = QVBoxLayout(self)
        # a step tighter above and below than beside: the longest states fit 1024×640 with no page scroll bar
        self.body.setContentsMargins(SPACE["xl"] - 4, SPACE["md"], SPACE["xl"] - 4, SPACE["md"] + 2)
        self.body.setSpacing(SPACE["sm"])
        self.title_label: QLabel | None = None
        if title:
            self.title_label = heading(title)
            self.body.addWidget(self.title_label)
        self.width_wanted = width
        if width is not None:
            self.setMaximumWidth(width)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        return QSize(self.width_wanted or hint.width(), hint.height())


def heading(text: str, role: str = "heading") -> QLabel:
    """A section's title ('heading'), or a smaller one ('title'), in the palette's own text colour."""
    label = QLabel(text)
    theme.mark(label, role=role)
    label.setWordWrap(True)
    return label


def caption(text: str = "", tone: str | None = "muted") -> QLabel:
    """A small line of words under or beside what it describes."""
    label = QLabel(text)
    theme.mark(label, role="caption")
    label.setWordWrap(True)
    if tone:
        theme.tint(label, tone)
    return label


def page() -> QWidget:
    """A tab's page: the window's background, behind its cards. In a scroll area it is never squeezed below the
    height its cards ask (a field or a wrapped line would be cut): a window too short for it scrolls instead."""
    widget = QWidget()
    theme.mark(widget, role="page")
    widget.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
    return widget


class CardScroll(QScrollArea):
    """A card that scrolls only when the window is too short for it: as tall as the card where there is room,
    shown and hidden with it. A card's own height never grows the window (a long timeline would)."""

    MIN_HEIGHT = 160

    def __init__(self, card: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # hidden on purpose only: a widget never shown yet says isHidden() too (a timeline stayed hidden for good)
        hidden = card.isHidden() and card.testAttribute(Qt.WidgetAttribute.WA_WState_ExplicitShowHide)
        self.setWidget(card)  # which shows it: a card hidden until it has something stays hidden
        card.setHidden(hidden)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVisible(not hidden)
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
        bar = self.verticalScrollBar().sizeHint().width()  # room for it: else a scrolling card's right edge is cut
        return QSize(hint.width() + bar, min(hint.height(), self.MIN_HEIGHT))


class _Within(QObject):
    """Keeps its widget no taller than a page's visible height, as the window is resized (`keep_within`)."""

    def __init__(self, widget: QWidget, area: QScrollArea, margins: int, least: int) -> None:
        super().__init__(widget)
        self.widget, self.area, self.margins, self.least = widget, area, margins, least
        area.viewport().installEventFilter(self)
        self.fit()

    def fit(self) -> None:
        self.widget.setMaximumHeight(max(self.least, self.area.viewport().height() - self.margins))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.area.viewport() and event.type() == QEvent.Type.Resize:
            self.fit()
        return False


def keep_within(widget: QWidget, area: QScrollArea, margins: int, least: int) -> None:
    """`widget` never taller than `area`'s visible height less `margins` (the page's above and below, together),
    nor shorter than `least`: what it holds scrolls inside it, and the page never grows a scroll bar for it."""
    _Within(widget, area, margins, least)


class ColumnScroll(CardScroll):
    """Cards in a column beside a form, scrolling inside themselves once taller than the page's visible height:
    the form beside them stays whole and the page never grows a scroll bar for them (issue 22, item 10)."""

    def fit_within(self, area: QScrollArea, margins: int) -> None:
        """`area`: the tab's page; `margins`: the page's above and below, together."""
        keep_within(self, area, margins, self.MIN_HEIGHT)
