"""A message in red beside what caused it, hidden until there is something to say."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel

ERROR_COLOUR = "#dc2626"


def error_label() -> QLabel:
    label = QLabel()
    label.setStyleSheet(f"color: {ERROR_COLOUR}")
    label.setWordWrap(True)
    label.hide()
    return label
