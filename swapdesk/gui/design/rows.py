"""Caption and value rows (a review, a summary, a done view), nothing ever cut: each value wraps, and a long
run without spaces (an address, a hash) may wrap anywhere, while what is copied stays the text itself."""

from __future__ import annotations

import re
from typing import TypeVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGridLayout, QLabel, QWidget

from swapdesk.gui import theme
from swapdesk.gui.design.tokens import SPACE

_LONG = re.compile(r"\S{24,}")
ZERO_WIDTH_SPACE = "\u200b"
W = TypeVar("W", bound=QWidget)


def breakable(text: str) -> str:
    """`text` with a zero-width space every 8 characters inside its long runs, where a line may then break."""

    def cut(match: re.Match[str]) -> str:
        run = match.group(0)
        return ZERO_WIDTH_SPACE.join(run[i : i + 8] for i in range(0, len(run), 8))

    return _LONG.sub(cut, text)


def plain(text: str) -> str:
    return text.replace(ZERO_WIDTH_SPACE, "")


class Rows(QWidget):
    """Rows of a caption (muted, on the left) and a value (which wraps)."""

    def __init__(self, parent: QWidget | None = None, spacing: int = SPACE["sm"] - 2) -> None:
        super().__init__(parent)
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setHorizontalSpacing(SPACE["lg"])
        self.grid.setVerticalSpacing(spacing)
        self.grid.setColumnStretch(1, 1)
        self.captions: dict[str, QLabel] = {}
        self.values: dict[str, QWidget] = {}

    def add(self, key: str, caption: str) -> QLabel:
        """A row whose value is a wrapping, selectable label; its caption and value, by `key`."""
        value = QLabel()
        value.setWordWrap(True)
        value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        value.setAccessibleName(caption)
        return self.add_widget(key, caption, value)

    def add_widget(self, key: str, caption: str, value: W) -> W:
        """A row whose value is `value` (a field with Copy, a badge)."""
        row = self.grid.rowCount()
        label = QLabel(caption)
        theme.tint(label, "muted")
        label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.grid.addWidget(label, row, 0, Qt.AlignmentFlag.AlignTop)
        self.grid.addWidget(value, row, 1)
        label.setBuddy(value)
        self.captions[key], self.values[key] = label, value
        return value

    def label(self, key: str) -> QLabel:
        value = self.values[key]
        assert isinstance(value, QLabel)
        return value

    def set(self, key: str, text: str) -> None:
        self.label(key).setText(breakable(text))

    def show_row(self, key: str, shown: bool) -> None:
        self.captions[key].setVisible(shown)
        self.values[key].setVisible(shown)
