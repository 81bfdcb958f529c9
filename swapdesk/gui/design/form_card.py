"""A form's card: its top row, its fields, and under them the form's one message and its primary action.

Where the window is too short for all of it (a section opened, a small screen, a large system font), the fields
scroll inside the card while the top row, the message and the action stay in view: no page scroll bar ever hides
the action (issue 31, item 5). Where there is room, nothing scrolls and nothing shows that it could.
"""

from __future__ import annotations

from PySide6.QtWidgets import QFrame, QLayout, QScrollArea, QVBoxLayout, QWidget

from swapdesk.gui import theme
from swapdesk.gui.design.card import Card, CardScroll, keep_within
from swapdesk.gui.design.tokens import SPACE

LEAST_FIELDS = 120  # the fields' height at the least: a field and a half, whatever the window


class FieldsScroll(CardScroll):
    """The fields, scrolling only when the card has no room for them (see `CardScroll`)."""

    MIN_HEIGHT = LEAST_FIELDS


class FormCard(Card):
    def __init__(self, width: int, parent: QWidget | None = None) -> None:
        super().__init__("", width, parent)
        holder = QWidget()
        theme.mark(holder, role="fields")  # the card's fill shows through (the sheet: transparent)
        self.fields = QVBoxLayout(holder)
        self.fields.setContentsMargins(0, 0, 0, 0)
        self.fields.setSpacing(self.body.spacing())
        self.fields_view = FieldsScroll(holder)
        self.fields_view.setFrameShape(QFrame.Shape.NoFrame)
        theme.mark(self.fields_view, role="fields")
        self.fields_view.viewport().setAutoFillBackground(False)
        self.body.addWidget(self.fields_view, 1)

    def add_top(self, row: QLayout) -> None:
        """A row above the fields, always in view (the card's title and what it is for)."""
        self.body.insertLayout(self.body.indexOf(self.fields_view), row)

    def add_pinned(self, widget: QWidget) -> None:
        """A row under the fields, always in view (the form's message, its action)."""
        self.body.addWidget(widget)

    def show_field(self, widget: QWidget) -> None:
        """Scroll the fields so that `widget` is in view (a section just opened, a field at fault)."""
        self.fields_view.ensureWidgetVisible(widget, 0, SPACE["sm"])

    def fit_within(self, area: QScrollArea, margins: int) -> None:
        """Never taller than the page `area` shows (less its `margins`): the fields scroll instead."""
        keep_within(self, area, margins, 0)
