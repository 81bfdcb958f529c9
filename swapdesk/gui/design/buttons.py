"""Buttons, by what they do: the screen's one primary action, a secondary one, a quiet (ghost) one beside what it
acts on, a compact one in a row of values, and the round flip between two amount fields. Each has its words as
its accessible name, and shows when it has the keyboard's focus (the style sheet's ring)."""

from __future__ import annotations

from PySide6.QtWidgets import QPushButton, QToolButton, QWidget

from swapdesk.gui import theme


def _button(text: str, variant: str, tip: str, parent: QWidget | None) -> QPushButton:
    button = QPushButton(text, parent)
    if variant:
        theme.mark(button, variant=variant)
    if tip:
        button.setToolTip(tip)
    button.setAccessibleName(text.replace("&", "").rstrip("…").strip())
    return button


def primary(text: str, tip: str = "", parent: QWidget | None = None) -> QPushButton:
    """The one action the screen is for (Swap…, Send…): the accent's fill, full strength."""
    return _button(text, "primary", tip, parent)


def secondary(text: str, tip: str = "", parent: QWidget | None = None) -> QPushButton:
    return _button(text, "", tip, parent)


def ghost(text: str, tip: str = "", parent: QWidget | None = None) -> QPushButton:
    """A quiet action in the accent's words, with no box until hovered or focused (Max, Use 30 USDT)."""
    return _button(text, "ghost", tip, parent)


def compact(text: str, tip: str = "", parent: QWidget | None = None) -> QPushButton:
    """A small action in a row of values (Copy, Look up)."""
    return _button(text, "compact", tip, parent)


def flip(tip: str, name: str) -> QToolButton:
    """The round ⇅ between the two amount fields."""
    button = QToolButton()
    button.setText("⇅")
    button.setToolTip(tip)
    button.setAccessibleName(name)
    button.setFixedSize(34, 34)
    theme.mark(button, variant="flip")
    return button
