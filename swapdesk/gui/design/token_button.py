"""A token (or a chain) as a pill: its logo, its symbol and a chevron; with nothing chosen yet, "Select a token"
on the accent's fill, as the call to act it is."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QPushButton, QSizePolicy, QWidget

from swapdesk.gui import theme
from swapdesk.gui.design.tokens import FIELD_HEIGHT
from swapdesk.gui.i18n import tr

LOGO = QSize(24, 24)


class TokenButton(QPushButton):
    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        """`name`: what it picks, as a screen reader says it ("Token to sell")."""
        super().__init__(parent)
        self.name = name
        theme.mark(self, variant="pill")
        self.setIconSize(LOGO)
        self.setMinimumHeight(FIELD_HEIGHT)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setAccessibleName(name)

    def show_choice(self, logo: QIcon | None, text: str) -> None:
        """A token chosen (its logo and symbol), or none (`logo` None): "Select a token"."""
        empty = logo is None
        theme.mark(self, empty="true" if empty else "false")
        self.setIcon(logo or QIcon())
        self.setText(f" {text}  ▾" if text else tr("Select a token") + "  ▾")
        self.setAccessibleDescription(text or tr("nothing chosen"))
        self.adjustSize()
        self.updateGeometry()
