"""How a tab is put together from its parts: what the window and the tests read or set on the tab is held by one
part and forwarded to it (`Forwarded`), and the tab's page lays the form's card beside a column of what it shows
(`page_of`).
"""

from __future__ import annotations

import functools
from typing import Any, Generic, TypeVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QScrollArea, QVBoxLayout, QWidget

from swapdesk.gui.design.card import ColumnScroll, page
from swapdesk.gui.design.form_card import FormCard
from swapdesk.gui.design.responsive import Responsive
from swapdesk.gui.design.tokens import SPACE

T = TypeVar("T")


class Forwarded(Generic[T]):
    """A tab's attribute that one of its parts holds: `kept: Forwarded[KeptList | None] = Forwarded("choices")`
    reads and writes `tab.choices.kept` (`Forwarded("form.offered")`: `tab.form.offered.kept`)."""

    def __init__(self, part: str) -> None:
        self.part, self.name = part, ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, tab: Any, owner: type | None = None) -> T:
        value: T = getattr(self._holder(tab), self.name)
        return value

    def __set__(self, tab: Any, value: T) -> None:
        setattr(self._holder(tab), self.name, value)

    def _holder(self, tab: Any) -> Any:
        """The part (a dotted path: a part's part)."""
        return functools.reduce(getattr, self.part.split("."), tab)


def page_of(tab: QWidget, card: QWidget, column: QWidget) -> QScrollArea:
    """The form's `card` beside `column` (under it, in a narrow window), in a page that scrolls; `column` scrolls
    inside itself where the window is too short for it, never the page (issue 22, item 10), and so do a form
    card's fields (issue 31, item 5). The page's scroll area (not `scroll`: QWidget.scroll() is a method)."""
    content = page()
    rows = QVBoxLayout(content)
    rows.setContentsMargins(*[SPACE["sm"]] * 4)  # the scale's step, not the style's 9 to 11 px
    side = ColumnScroll(column)
    rows.addWidget(Responsive(card, side))
    rows.addStretch(1)
    scroller = QScrollArea()
    scroller.setWidgetResizable(True)
    scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    scroller.setWidget(content)
    side.fit_within(scroller, 2 * SPACE["sm"])
    if isinstance(card, FormCard):  # its fields scroll inside it, its action stays in view (issue 31, item 5)
        card.fit_within(scroller, 2 * SPACE["sm"])
    layout = QVBoxLayout(tab)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addWidget(scroller)
    return scroller
