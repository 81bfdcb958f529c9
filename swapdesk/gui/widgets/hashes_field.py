"""The text field of "Many hashes": what a person pastes, or the file they opened, as text.

A text too long to show is kept aside whole instead of laid out: Qt lays out every line of a document on the
window's thread, and 16 MiB of short lines froze the window for more than a minute before anything could read
them. The field then says what it holds in its placeholder (empty, read-only to the eye: typing or pasting
replaces what was kept), and `text_to_read` gives it whole to whoever reads the hashes off the window's thread.
"""

from __future__ import annotations

from PySide6.QtCore import QMimeData
from PySide6.QtWidgets import QPlainTextEdit, QWidget

from swapdesk.gui.i18n import tr

SHOWN_LINES = 20_000  # a list of hashes is at most 5,000 lines; a CSV export of them a few more
SHOWN_CHARS = 2 * 1024 * 1024


def too_long_to_show(text: str) -> bool:
    return len(text) > SHOWN_CHARS or text.count("\n") > SHOWN_LINES


class HashesField(QPlainTextEdit):
    def __init__(self, placeholder: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.kept: str | None = None  # a text too long to show, kept aside whole
        self._placeholder = placeholder
        self.setPlaceholderText(placeholder)
        self.textChanged.connect(self._typed)

    def text_to_read(self) -> str:
        """What the field holds: the text kept aside, or what it shows."""
        return self.kept if self.kept is not None else self.toPlainText()

    def show_text(self, text: str, source: str) -> None:
        """`text` shown as if pasted, or kept aside and said (`source`: where it came from, in words)."""
        if too_long_to_show(text):
            self._keep(text, source)
        else:
            self.setPlainText(text)

    def insertFromMimeData(self, source: QMimeData) -> None:
        text = source.text() if source.hasText() else ""
        if too_long_to_show(text):
            self._keep(text, tr("Pasted text"))
        else:
            super().insertFromMimeData(source)

    def _keep(self, text: str, source: str) -> None:
        self.kept = None
        self.clear()
        self.kept = text
        said = tr(
            "{source}: {lines} lines, too long to show here. Look up all reads all of it; type or paste to replace it."
        ).format(source=source, lines=f"{text.count(chr(10)) + 1:,}")
        self.setPlaceholderText(said)
        self.setAccessibleDescription(said)

    def _typed(self) -> None:
        if self.kept is not None and self.document().characterCount() > 1:  # something typed: it replaces the kept
            self.kept = None
            self.setPlaceholderText(self._placeholder)
            self.setAccessibleDescription("")
