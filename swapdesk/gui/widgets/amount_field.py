"""One side of a swap: its title, a large amount, the token picker beside it, and the balance with Max.

The amount is read exactly (`formatting.parse_amount`: Decimal to smallest units, thousands separators
allowed, never float). The receiving side is read-only and shows the quote; it can be dimmed while a
newer quote is on its way, so an old figure never looks current.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

from swapdesk.gui import formatting, theme
from swapdesk.gui.widgets.token_picker import TokenPicker


def side_style(palette: QPalette) -> str:
    fill, line, focus = (palette.color(r).name() for r in (Role.AlternateBase, Role.Midlight, Role.Highlight))
    return (
        f"QFrame#side {{ background: {fill}; border: 1px solid {line}; border-radius: 12px; }}"
        " QFrame#side QLineEdit { background: transparent; border: 1px solid transparent; border-radius: 6px; }"
        f" QFrame#side QLineEdit:focus {{ border-color: {focus}; }}"
    )


Role = QPalette.ColorRole
AMOUNT_SCALE = 1.9  # the amount is what the screen is about: large, as wallets draw it


class AmountField(QFrame):
    edited = Signal()  # the amount was typed (not set by the program)
    max_clicked = Signal()

    def __init__(self, title: str, picker: TokenPicker, editable: bool = True, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("side")
        theme.styled(self, side_style)
        self.picker = picker
        self.title = QLabel(title)
        theme.tint(self.title, "muted")
        self.edit = QLineEdit(placeholderText="0")
        self.edit.setAccessibleName(title)
        self.edit.setReadOnly(not editable)
        if not editable:
            self.edit.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # nothing to type: Tab goes on to what is
        font = self.edit.font()
        font.setPointSizeF(font.pointSizeF() * AMOUNT_SCALE)
        self.edit.setFont(font)
        self.edit.setMinimumHeight(44)
        self.balance = QLabel()
        theme.tint(self.balance, "muted")
        self.max_button = QPushButton("Max")
        self.max_button.setToolTip("Sell the whole balance (when it is known)")
        self.max_button.setVisible(editable)
        self.max_button.setFlat(True)
        theme.tint(self.max_button, "accent")
        self.notes = QVBoxLayout()  # error labels and notes about this side, under it
        self.notes.setContentsMargins(0, 0, 0, 0)
        self.notes.setSpacing(2)
        grid = QGridLayout(self)
        grid.setContentsMargins(12, 8, 12, 8)
        grid.setVerticalSpacing(2)
        grid.addWidget(self.title, 0, 0)
        grid.addWidget(self.edit, 1, 0)
        grid.addWidget(picker, 1, 1, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        grid.addWidget(self.balance, 2, 0)
        grid.addWidget(self.max_button, 2, 1, Qt.AlignmentFlag.AlignRight)
        grid.addLayout(self.notes, 3, 0, 1, 2)
        grid.setColumnStretch(0, 1)
        self.edit.textEdited.connect(lambda _: self.edited.emit())
        self.max_button.clicked.connect(self.max_clicked)

    def text(self) -> str:
        return self.edit.text().strip()

    def set_text(self, text: str) -> None:
        self.edit.setText(text)
        self.edit.setCursorPosition(0)

    def value(self, decimals: int) -> int:
        """The amount typed, in smallest units; BadAmount says what is wrong with it."""
        return formatting.parse_amount(self.edit.text(), decimals)

    def set_balance(self, text: str, enough: bool = True) -> None:
        """'Balance: 100,000 USDT'; not `enough` draws it as the warning it is."""
        self.balance.setText(text)
        theme.tint(self.balance, "muted" if enough else "danger")

    def set_stale(self, stale: bool) -> None:
        """Dim the figure shown (a newer one is on its way) or draw it at full strength."""
        theme.tint(self.edit, "muted" if stale else None)
