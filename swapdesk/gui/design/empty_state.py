"""An empty state: where a list or a card has nothing yet, say what it will hold and what to do, with the one
action that starts it, instead of empty boxes."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QLabel, QPushButton, QVBoxLayout, QWidget

from swapdesk.gui import theme
from swapdesk.gui.design.card import heading
from swapdesk.gui.design.tokens import SPACE


class EmptyState(QFrame):
    acted = Signal()

    def __init__(self, mark: str, title: str, text: str, action: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        theme.mark(self, role="empty")
        self.mark = QLabel(mark)
        theme.mark(self.mark, role="display")
        theme.tint(self.mark, "muted")
        self.title = heading(title, "title")
        self.text = QLabel(text)
        self.text.setWordWrap(True)
        theme.tint(self.text, "muted")
        self.action = QPushButton(action)
        theme.primary(self.action)  # the one thing to do here
        self.action.setAccessibleName(action)
        self.action.setVisible(bool(action))
        self.action.clicked.connect(self.acted)
        column = QVBoxLayout(self)
        column.setContentsMargins(SPACE["xl"], SPACE["xl"], SPACE["xl"], SPACE["xl"])
        column.setSpacing(SPACE["sm"])
        column.addStretch(1)  # the words and the action together in the middle, not spread over the frame
        for widget in (self.mark, self.title, self.text):
            widget.setAlignment(Qt.AlignmentFlag.AlignCenter)
            column.addWidget(widget)
        column.addWidget(self.action, 0, Qt.AlignmentFlag.AlignCenter)
        column.addStretch(1)
        self.setAccessibleName(title)
        self.setAccessibleDescription(text)

    def set_text(self, title: str, text: str) -> None:
        self.title.setText(title)
        self.text.setText(text)
        self.setAccessibleName(title)
        self.setAccessibleDescription(text)
