"""A message beside what caused it, in the theme's danger colour, hidden until there is something to say."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel

from swapdesk.gui import theme


def error_label() -> QLabel:
    label = QLabel()
    theme.tint(label, "danger")
    label.setWordWrap(True)
    label.hide()
    return label


def note_label(tone: str = "muted") -> QLabel:
    """A quieter line of words (a reason, a hint), in a tone that reads in both themes."""
    label = QLabel()
    theme.tint(label, tone)
    label.setWordWrap(True)
    return label
