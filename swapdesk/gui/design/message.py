"""A form's one message, in a slot of its own height: a busy bar with what runs, muted words, or a notice with
its action, and nothing at all when there is nothing to say. The slot keeps its height whichever it shows (the
tallest of them at two lines), so the button under it never moves while a person types."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QStackedLayout, QWidget

from swapdesk.gui import theme
from swapdesk.gui.design.notice import Notice
from swapdesk.gui.design.progress import busy_bar
from swapdesk.gui.design.tokens import SPACE
from swapdesk.gui.form_state import Message
from swapdesk.gui.i18n import tr


class FormMessage(QWidget):
    acted = Signal(str)  # the message's `act`: its action was pressed

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.message: Message | None = None
        self.stack = QStackedLayout(self)
        self.blank = QWidget()
        self.busy = QWidget()
        line = QHBoxLayout(self.busy)
        line.setContentsMargins(SPACE["xs"], 0, 0, 0)
        self.bar = busy_bar(60)
        self.busy_words = QLabel()
        self.busy_words.setWordWrap(True)
        theme.tint(self.busy_words, "muted")
        line.addWidget(self.bar, 0, Qt.AlignmentFlag.AlignVCenter)
        line.addWidget(self.busy_words, 1)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setAlignment(Qt.AlignmentFlag.AlignCenter)
        theme.tint(self.note, "muted")
        self.notice = Notice()
        self.notice.acted.connect(lambda: self.acted.emit(self.message.act if self.message else ""))
        for page in (self.blank, self.busy, self.note, self.notice):
            self.stack.addWidget(page)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.setAccessibleName(tr("Form status"))
        self.show_message(None)

    def reserved(self) -> int:
        """Two lines of words in a notice's padding: the slot's height, whatever it shows."""
        lines = 2 * self.fontMetrics().lineSpacing()
        return lines + 2 * SPACE["sm"] + 4

    def show_message(self, message: Message | None) -> None:
        self.message = message
        self.setFixedHeight(max(self.reserved(), self._needed(message)))
        if message is None:
            self.stack.setCurrentWidget(self.blank)
            self.setAccessibleDescription("")
            return
        self.setAccessibleDescription(message.text)
        if message.kind == "progress":
            self.busy_words.setText(message.text)
            self.stack.setCurrentWidget(self.busy)
        elif message.kind == "note":
            self.note.setText(message.text)
            self.stack.setCurrentWidget(self.note)
        else:
            self.notice.set(message.text, message.kind, message.action)
            self.stack.setCurrentWidget(self.notice)

    def _needed(self, message: Message | None) -> int:
        """A message longer than two lines still shows whole (rare: the slot then grows for it)."""
        if message is None or message.kind in ("progress", "note") or self.width() <= 0:
            return 0
        self.notice.set(message.text, message.kind, message.action)
        width = max(100, self.width())
        return self.notice.heightForWidth(width) if self.notice.hasHeightForWidth() else 0

    def text(self) -> str:
        return self.message.text if self.message else ""
