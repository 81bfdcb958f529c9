"""A notice: a line of words in a tone on a quiet fill of that tone, with a mark in front and, where something
can be done about it, one action. Kinds: info, success, warning, danger."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

from swapdesk.gui import theme
from swapdesk.gui.design.tokens import SPACE

MARKS = {"info": "ⓘ", "success": "✓", "warning": "⚠", "danger": "⚠"}
TONES = {"info": None, "success": "success", "warning": "warning", "danger": "danger"}


class Notice(QFrame):
    acted = Signal()

    def __init__(self, kind: str = "info", text: str = "", action: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.mark = QLabel()
        self.mark.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.words = QLabel()
        self.words.setWordWrap(True)
        self.words.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.words.setOpenExternalLinks(True)
        self.action = QPushButton()
        theme.mark(self.action, variant="ghost")
        self.action.clicked.connect(self.acted)
        row = QHBoxLayout(self)
        row.setContentsMargins(SPACE["md"], SPACE["sm"], SPACE["sm"], SPACE["sm"])
        row.setSpacing(SPACE["sm"])
        row.addWidget(self.mark, 0, Qt.AlignmentFlag.AlignTop)
        row.addWidget(self.words, 1)
        row.addWidget(self.action, 0, Qt.AlignmentFlag.AlignVCenter)
        self.set(text, kind, action)

    def set(self, text: str, kind: str | None = None, action: str = "") -> None:
        kind = kind or str(self.property("kind") or "info")
        theme.mark(self, role="notice", kind=kind)
        self.mark.setText(MARKS.get(kind, ""))
        for label in (self.mark, self.words):
            theme.tint(label, TONES.get(kind))
        self.words.setText(text)
        self.action.setText(action)
        self.action.setAccessibleName(action)
        self.action.setVisible(bool(action))
        self.setAccessibleName(text)

    def text(self) -> str:
        """Its words, as a label's."""
        return self.words.text()


def keep_place(notice: QWidget) -> None:
    """A dialog's message that comes and goes without moving anything around it: its place, a line's notice, kept
    while it is hidden (an error appearing under a form shifted every field under the pointer, issue 31)."""
    policy = notice.sizePolicy()
    policy.setRetainSizeWhenHidden(True)
    notice.setSizePolicy(policy)
