"""A field for a whole number (the split's parts): a line edit, drawn as every field, that keeps what is typed.

A spin box without its buttons drew its editor one pixel wide under the sheet (its value never showed), and it
set a number out of its range back to its bound without a word (issue 31, item 4). This field shows its value,
takes digits only, and keeps 0 or 1000 as typed: the form says the rule where it is broken (`value` is None for
a blank field). The arrow keys step it, as a spin box's do.
"""

from __future__ import annotations

from PySide6.QtCore import QRegularExpression, Qt, Signal
from PySide6.QtGui import QKeyEvent, QRegularExpressionValidator
from PySide6.QtWidgets import QLineEdit, QWidget

DIGITS = 4  # enough to type a number out of any range the form has, never a number that means nothing


class CountField(QLineEdit):
    valueChanged = Signal(object)  # int | None, as `value`

    def __init__(self, value: int, parent: QWidget | None = None) -> None:
        super().__init__(str(value), parent)
        self.setValidator(QRegularExpressionValidator(QRegularExpression(rf"\d{{0,{DIGITS}}}"), self))
        self.setInputMethodHints(Qt.InputMethodHint.ImhDigitsOnly)
        self.textChanged.connect(lambda _: self.valueChanged.emit(self.value()))

    def value(self) -> int | None:
        text = self.text().strip()
        return int(text) if text.isdigit() else None

    def setValue(self, value: int) -> None:
        self.setText(str(value))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        step = {Qt.Key.Key_Up: 1, Qt.Key.Key_Down: -1}.get(Qt.Key(event.key()))
        if step is None:
            super().keyPressEvent(event)
            return
        self.setValue(min(10**DIGITS - 1, max(0, (self.value() or 0) + step)))
