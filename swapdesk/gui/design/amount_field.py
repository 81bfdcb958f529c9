"""One side of a swap or a transfer: its title and the balance with Max, a large amount, the token button beside
it, and the amount's value in dollars under it.

Both sides are drawn alike (a box on the card's quieter fill, the amount large, unboxed inside it); the box
draws the focus ring when its amount has the keyboard. The amount field refuses what cannot be part of an
amount as it is typed (`AmountValidator`: digits, one point, commas between thousands); what could still
become one ("2," on the way to "2,500") is judged by the form after the pause, never while typing. It is read
exactly (`formatting.parse_amount`: Decimal to smallest units, never float). A key or a paste it does not take
("e" in "1e5", which leaves 15) is said on the dollar value's line until the amount is cleared or set anew. The
receiving side is read-only and shows the quote; it can be dimmed while a newer one is on its way, and shows a
skeleton while the first is.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QValidator
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QStackedLayout,
    QVBoxLayout,
    QWidget,
)

from swapdesk.gui import formatting, theme
from swapdesk.gui.design.buttons import ghost
from swapdesk.gui.design.skeleton import Skeleton
from swapdesk.gui.design.tokens import FIELD_HEIGHT, SPACE
from swapdesk.gui.i18n import tr

_TYPABLE = re.compile(r"[0-9,]*(\.[0-9]*)?")


class AmountValidator(QValidator):
    """Only what can be, or become, an amount: digits, commas, and one point after them. Letters, signs, a second
    point or an exponent are refused as they are typed (and the field says so); a pasted amount with spaces around
    it is trimmed."""

    def validate(self, text: str, position: int) -> tuple[QValidator.State, str, int]:
        stripped = text.strip()
        if not _TYPABLE.fullmatch(stripped):
            return QValidator.State.Invalid, text, position
        if stripped != text:
            return QValidator.State.Intermediate, text, position
        return QValidator.State.Acceptable, text, position

    def fixup(self, text: str) -> str:
        return text.strip()


class AmountField(QFrame):
    edited = Signal()  # the amount was typed (not set by the program)
    refused = Signal()  # a key or a paste was not taken: said on the dollar value's line until the next edit
    max_clicked = Signal()

    def __init__(self, title: str, picker: QWidget, editable: bool = True, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        theme.mark(self, role="field", focused="false")
        self.picker = picker
        self.title = QLabel(title)
        theme.mark(self.title, role="caption")
        theme.tint(self.title, "muted")
        self.edit = QLineEdit(placeholderText="0")
        theme.mark(self.edit, role="amount")
        self.edit.setAccessibleName(title)
        self.edit.setReadOnly(not editable)
        self.edit.setMinimumHeight(FIELD_HEIGHT)
        self.edit.setMinimumWidth(120)
        if editable:
            self.edit.setValidator(AmountValidator(self.edit))
        else:
            self.edit.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # nothing to type: Tab goes on to what is
        self.skeleton = Skeleton(150, 26)
        amount = QWidget()
        self.amount_stack = QStackedLayout(amount)
        self.amount_stack.addWidget(self.edit)
        holder = QWidget()
        line = QHBoxLayout(holder)
        line.setContentsMargins(2, 0, 0, 0)
        line.addWidget(self.skeleton, 0, Qt.AlignmentFlag.AlignVCenter)
        line.addStretch(1)
        self.amount_stack.addWidget(holder)
        self.balance = QLabel()
        theme.mark(self.balance, role="caption")
        theme.tint(self.balance, "muted")
        self.max_button = ghost(tr("Max"), tr("Use the whole balance (less a little for the network fee)"))
        self.max_button.setAccessibleName(tr("Use the whole balance"))
        self.max_button.setVisible(editable)
        self.usd = QLabel()  # the amount in dollars, priced on the chain
        theme.mark(self.usd, role="caption")
        theme.tint(self.usd, "muted")
        self.usd.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        top = QHBoxLayout()
        top.setSpacing(SPACE["xs"])
        top.addWidget(self.title, 1)
        top.addWidget(self.balance)
        top.addWidget(self.max_button)
        grid = QGridLayout(self)
        grid.setContentsMargins(SPACE["lg"], SPACE["sm"] + 2, SPACE["md"], SPACE["sm"] + 2)  # a form fits 1024×640
        grid.setHorizontalSpacing(SPACE["sm"])
        grid.setVerticalSpacing(SPACE["xxs"])
        grid.addLayout(top, 0, 0, 1, 2)
        grid.addWidget(amount, 1, 0)
        grid.addWidget(picker, 1, 1, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        grid.addWidget(self.usd, 2, 0, 1, 2)
        grid.setColumnStretch(0, 1)
        self.usd.setText("≈ $2,500.00 (−0.24%)")  # its line is kept, empty or not, as tall as with a value (its
        self.usd.setFixedHeight(self.usd.sizeHint().height())  # signs may come from a taller fallback font)
        self.usd.setText("")
        self._usd_text = ""  # the dollar value, kept while the line says a key was not taken
        self.rejected = False  # a key or a paste was not taken since the amount was last cleared or set
        self.edit.textEdited.connect(lambda _: self.edited.emit())
        self.edit.textChanged.connect(lambda text: None if text.strip() else self._taken())
        self.edit.inputRejected.connect(self._rejected)
        self.max_button.clicked.connect(self.max_clicked)
        self.edit.installEventFilter(self)
        self.setAccessibleName(title)

    def _rejected(self) -> None:
        """A key or a paste the field did not take ("e" in "1e5", a sign, a letter): said, never silently dropped;
        the words stay while what was typed around it stays."""
        self.rejected = True
        self.usd.setText(tr("A key was not taken: an amount is digits and one point, like 2500 or 0.25 (no letters,"
                            " signs or exponents)."))  # fmt: skip
        theme.tint(self.usd, "warning")
        self.refused.emit()

    def _taken(self) -> None:
        """The amount cleared or set anew: what was refused is past, the dollar value back."""
        if self.rejected:
            self.rejected = False
            self.usd.setText(self._usd_text)
            theme.tint(self.usd, "muted")

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.edit and event.type() in (QEvent.Type.FocusIn, QEvent.Type.FocusOut):
            theme.mark(self, focused="true" if event.type() == QEvent.Type.FocusIn else "false")
        return super().eventFilter(watched, event)

    def text(self) -> str:
        return self.edit.text().strip()

    def set_text(self, text: str) -> None:
        self._taken()
        self.edit.setText(text)
        self.edit.setCursorPosition(0)
        self.set_loading(False)

    def value(self, decimals: int) -> int:
        """The amount typed, in smallest units; BadAmount says what is wrong with it."""
        return formatting.parse_amount(self.edit.text(), decimals)

    def set_balance(self, text: str, enough: bool = True) -> None:
        """'Balance: 100,000 USDT'; not `enough` draws it as the warning it is."""
        self.balance.setText(text)
        theme.tint(self.balance, "muted" if enough else "danger")

    def set_usd(self, text: str) -> None:
        """'≈ $2,500.00': the amount's worth, or nothing (the line stays, so nothing moves)."""
        self._usd_text = text
        if not self.rejected:
            self.usd.setText(text)

    def set_stale(self, stale: bool) -> None:
        """Dim the figure shown (a newer one is on its way) or draw it at full strength."""
        theme.mark(self.edit, stale="true" if stale else "false")  # the sheet's colour: a palette tint loses to it
        theme.tint(self.usd, "muted")

    def set_loading(self, loading: bool) -> None:
        """A skeleton where the figure will be (the first quote of a form is on its way)."""
        self.amount_stack.setCurrentIndex(1 if loading else 0)


class Sides(QWidget):
    """Two sides of a swap, one above the other, and `flip` over the gap between them, in the middle."""

    def __init__(self, first: AmountField, second: AmountField, flip: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.first, self.flip = first, flip
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(SPACE["xs"])
        layout.addWidget(first)
        layout.addWidget(second)
        flip.setParent(self)
        flip.show()
        first.installEventFilter(self)  # the first side's height moves the gap

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.first and event.type() in (QEvent.Type.Resize, QEvent.Type.Move):
            self._place_flip()
        return super().eventFilter(watched, event)

    def _place_flip(self) -> None:
        gap = self.first.geometry().bottom() + 1 + SPACE["xs"] // 2  # the middle of the gap between the sides
        self.flip.move((self.width() - self.flip.width()) // 2, gap - self.flip.height() // 2)
        self.flip.raise_()
