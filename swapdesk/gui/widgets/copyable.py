"""A read-only value with a copy button (and an optional explorer link)."""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QPushButton, QWidget


class CopyableField(QWidget):
    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.value = QLineEdit(readOnly=True)
        self.value.setAccessibleName(name)
        self.copy = QPushButton("Copy")
        self.copy.setToolTip(f"Copy the {name.lower()}")
        self.copy.clicked.connect(lambda: QGuiApplication.clipboard().setText(self.value.text()))
        self.link = QLabel()
        self.link.setOpenExternalLinks(True)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.value, 1)
        layout.addWidget(self.copy)
        layout.addWidget(self.link)

    def set(self, text: str, link: str | None = None) -> None:
        self.value.setText(text)
        self.value.setCursorPosition(0)
        self.link.setText(f'<a href="{link}">explorer</a>' if link else "")
        self.link.setVisible(bool(link))
