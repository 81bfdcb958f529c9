"""Small parts both swap forms (Quote, Cross-chain) are built from: the account picker and the flip button."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QPushButton, QToolButton


def account_picker(placeholder: str) -> tuple[QComboBox, QPushButton]:
    """The account box (`placeholder` while there is no account) and the Accounts… button beside it."""
    box = QComboBox()
    box.setAccessibleName("Account")
    box.addItem(placeholder, None)
    button = QPushButton("Accounts…")
    button.setToolTip("Import, create or watch accounts")
    return box, button


def flip_button(tip: str, name: str) -> QToolButton:
    """The round ⇅ between the two amount fields."""
    button = QToolButton()
    button.setText("⇅")
    button.setToolTip(tip)
    button.setAccessibleName(name)
    button.setFixedSize(34, 34)
    return button
