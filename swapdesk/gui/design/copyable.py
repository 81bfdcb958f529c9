"""A read-only value with Copy, and where it can be looked at: in the app (Look up), or an explorer."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QWidget

from swapdesk.gui.design.buttons import compact
from swapdesk.gui.i18n import tr


class CopyableField(QWidget):
    look_up = Signal(str)  # the value: the user asked to look it up in the app

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.value = QLineEdit(readOnly=True)
        self.value.setAccessibleName(name)
        self.copy = compact(tr("Copy"), tr("Copy the {what}").format(what=name[:1].lower() + name[1:]))
        self.copy.setAccessibleName(tr("Copy the {what}").format(what=name[:1].lower() + name[1:]))
        self.copy.clicked.connect(lambda: QGuiApplication.clipboard().setText(self.value.text()))
        self.look_up_button = compact(tr("Look up"), tr("Show it in the History tab"))
        self.look_up_button.clicked.connect(lambda: self.look_up.emit(self.value.text()))
        self.link = QLabel()
        self.link.setOpenExternalLinks(True)
        self.link.setAccessibleName(tr("Open in the explorer"))
        self.caption = QLabel()  # what the value is, when it helps (a token's symbol, "swapdesk's router")
        font = self.caption.font()
        font.setBold(True)
        self.caption.setFont(font)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.caption)
        layout.addWidget(self.value, 1)
        layout.addWidget(self.copy)
        layout.addWidget(self.look_up_button)
        layout.addWidget(self.link)
        self.set("")

    def set(self, text: str, link: str | None = None, lookup: bool = False, caption: str = "") -> None:
        """The value; an explorer `link` (real networks only), a Look up button when `lookup`, a `caption`."""
        self.caption.setText(caption)
        self.caption.setVisible(bool(caption))
        self.value.setText(text)
        self.value.setCursorPosition(0)
        self.link.setText(f'<a href="{link}">{tr("explorer")}</a>' if link else "")
        self.link.setToolTip(link or "")
        self.link.setVisible(bool(link))
        self.look_up_button.setVisible(lookup and bool(text))
